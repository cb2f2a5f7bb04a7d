"""The settings by key, and the rules that validate a value for one: alone, as typed, together.

The declarations themselves are app.core.settings.setting_table's.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping

from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.redact import redact_text
from app.core.settings.setting_spec import INTERFACE_LANGUAGES, SettingSpec, SettingValue
from app.core.settings.setting_table import SPECS

# SettingValue is declared in setting_spec; app/gui imports it from here too.
__all__ = [
    "SPEC_BY_KEY",
    "SettingValue",
    "bad_ctx_size",
    "check_ctx_size",
    "check_together",
    "coerce",
    "ctx_size_problem",
    "parse_setting_text",
    "shown_setting",
    "unknown_setting",
]

SPEC_BY_KEY: Mapping[str, SettingSpec] = {s.key: s for s in SPECS}


# Settings that hold a command line: shown (config get/set) with secret values hidden.
COMMAND_LINE_SETTINGS = frozenset({"models.vllm_args", "engine.custom_command"})


def shown_setting(key: str, value: SettingValue) -> SettingValue:
    """`value` of `key` as a terminal or a log may show it (app.core.redact)."""
    if key in COMMAND_LINE_SETTINGS and isinstance(value, str):
        return redact_text(value)
    return value


def bad_ctx_size(value: object) -> Problem:
    """The one sentence for a model's ctx_size outside the bounds of the global one."""
    low, high = _bounds(SPEC_BY_KEY["models.ctx_size"])
    return problem("options.bad_ctx_size", value=value, low=low, high=high)


def ctx_size_problem(value: int | None) -> Problem | None:
    """A model's own ctx_size follows the rule of the global `ctx_size` setting (the same
    bounds the settings dialog's field checks): the CLI, the model dialog, the registry and
    the Lemonade import all refuse with this. None is "follow the default"."""
    spec = SPEC_BY_KEY["models.ctx_size"]
    return bad_ctx_size(value) if value is not None and _outside(spec, value) else None


def check_ctx_size(value: int | None) -> None:
    """Raise `ctx_size_problem(value)`, if there is one."""
    found = ctx_size_problem(value)
    if found is not None:
        raise ProblemError(found)


def unknown_setting(key: str) -> ProblemError:
    return ProblemError(problem("settings.unknown_key", key=key, known=", ".join(SPEC_BY_KEY)))


def check_together(values: Mapping[str, SettingValue]) -> None:
    """The rules between settings, on a whole set of values that are each valid alone (what
    would be stored after a change). Raises ProblemError whose `key` names the setting the
    sentence is about; the GUI checks as the user types with it, the engine before it stores.
    """
    budget, largest = int(values["proxy.body_budget_mb"]), int(values["proxy.max_body_mb"])
    if budget < largest:
        raise ProblemError(
            problem(
                "settings.body_budget_below_max_body",
                key="proxy.body_budget_mb",
                budget=budget,
                largest=largest,
            )
        )


# What a person may type: ASCII digits, an optional sign, for floats one point and an
# exponent. Python's int()/float() also take "1_000", other scripts' digits, "inf" and "nan";
# none of those is a value anyone means here, and a grouping mark ("8,192", "8 192") may be a
# decimal comma in another language, so nothing is guessed: such text is refused.
_INT_TEXT = re.compile(r"[+-]?[0-9]+")
_FLOAT_TEXT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
_TRUE_TEXT = frozenset({"1", "true", "yes", "on"})
_FALSE_TEXT = frozenset({"0", "false", "no", "off"})


def _spec(key: str) -> SettingSpec:
    spec = SPEC_BY_KEY.get(key)
    if spec is None:
        raise unknown_setting(key)
    return spec


def parse_setting_text(key: str, text: str, *, decimal_point: str = ".") -> SettingValue:
    """The value of the text a person typed for `key` (GUI field, `config set KEY=TEXT`).

    `decimal_point` is the one the person's locale writes (the window passes "," in German):
    a decimal takes it or a point, never a grouping mark, and a refusal then does not ask
    for a point. Raises ProblemError with one sentence that names no internal key (`settings.empty`,
    `settings.bad_type`, `settings.out_of_range`, `settings.bad_choice`, or
    `settings.unknown_key`); its params carry `key`. Nothing is clamped, rounded or guessed.
    """
    spec = _spec(key)
    typed = text.strip()
    out: SettingValue
    if spec.type is str:
        out = typed
    elif spec.type is bool:
        if typed.lower() in _TRUE_TEXT:
            out = True
        elif typed.lower() in _FALSE_TEXT:
            out = False
        else:
            raise _bad_type(spec, text, typed)
    elif not typed:
        raise _empty(spec)
    else:
        out = _number(spec, text, typed, decimal_point)
    return _checked(spec, out, typed)


def _number(spec: SettingSpec, text: str, typed: str, decimal_point: str) -> int | float:
    """The int or float setting's value of `typed` (stripped `text`)."""
    if spec.type is int:
        if not _INT_TEXT.fullmatch(typed):
            raise _bad_type(spec, text, typed, decimal_point)
        try:
            return int(typed)
        except ValueError:  # more digits than int() takes: no setting goes that high
            raise _bad_type(spec, text, typed, decimal_point) from None
    # One decimal mark, the locale's or a point: "0,9" and "0.9" both mean 0.9 in German.
    number = typed.replace(decimal_point, ".") if decimal_point != "." else typed
    if not _FLOAT_TEXT.fullmatch(number):
        raise _bad_type(spec, text, typed, decimal_point)
    value = float(number)
    if not math.isfinite(value):  # "1e400"
        raise _bad_type(spec, text, typed, decimal_point)
    return value


def coerce(key: str, value: object) -> SettingValue:
    """Validate `value` for `key`: text as `parse_setting_text` reads it, or a JSON value."""
    if isinstance(value, str):
        return parse_setting_text(key, value)
    spec = _spec(key)
    typed = _as_text(value)
    out: SettingValue | None = None
    if isinstance(value, bool):  # before int: bool is an int, but no int setting takes true
        out = value if spec.type is bool else None
    elif isinstance(value, int):
        out = value if spec.type is int else float(value) if spec.type is float else None
    elif isinstance(value, float) and spec.type is float and math.isfinite(value):
        out = value
    if out is None:
        raise _bad_type(spec, value, typed)
    return _checked(spec, out, typed)


def _checked(spec: SettingSpec, out: SettingValue, typed: str) -> SettingValue:
    if isinstance(out, int | float) and not isinstance(out, bool) and _outside(spec, out):
        raise ProblemError(
            problem(
                "settings.out_of_range",
                key=spec.key,
                minimum=spec.minimum,
                maximum=spec.maximum,
                value=out,
                typed=typed,
                low=_bounds(spec)[0],
                high=_bounds(spec)[1],
            )
        )
    if spec.key == "gui.language" and out not in ("", "auto", *INTERFACE_LANGUAGES):
        raise ProblemError(
            problem(
                "settings.bad_language",
                key=spec.key,
                languages=", ".join(INTERFACE_LANGUAGES),
                value=out,
                typed=typed,
            )
        )
    if spec.choices and out not in spec.choices:
        raise ProblemError(
            problem(
                "settings.bad_choice",
                key=spec.key,
                choices=", ".join(spec.choices),
                value=out,
                typed=typed,
            )
        )
    return out


def _bounds(spec: SettingSpec) -> tuple[str, str]:
    def shown(bound: float | None) -> str:
        if bound is None:
            return ""
        if spec.type is int:
            return str(int(bound))
        return f"{bound:.{spec.decimals}f}" if spec.decimals else f"{bound:g}"

    return shown(spec.minimum), shown(spec.maximum)


def _empty(spec: SettingSpec) -> ProblemError:
    bounded = spec.minimum is not None and spec.maximum is not None
    if spec.type is int and bounded:
        template = tr_noop("Must be a whole number between {low} and {high}; nothing was typed.")
    elif bounded:
        template = tr_noop("Must be a number between {low} and {high}; nothing was typed.")
    else:
        template = tr_noop("Must be a number; nothing was typed.")
    low, high = _bounds(spec)
    return ProblemError(
        worded_problem("settings.empty", template, key=spec.key, low=low, high=high)
    )


def _bad_type(
    spec: SettingSpec, value: object, typed: str, decimal_point: str = "."
) -> ProblemError:
    bounded = spec.minimum is not None and spec.maximum is not None
    if spec.type is float and decimal_point != ".":
        # Where a comma is the decimal mark, both are taken: the sentence asks for neither.
        template = (
            tr_noop("Must be a number between {low} and {high}; you typed “{typed}”.")
            if bounded
            else tr_noop("Must be a number; you typed “{typed}”.")
        )
    elif spec.type is bool:
        template = tr_noop("Must be on or off; you typed “{typed}”.")
    elif spec.type is int and bounded:
        template = tr_noop(
            "Must be a whole number between {low} and {high}, in digits only; you typed “{typed}”."
        )
    elif spec.type is int:
        template = tr_noop("Must be a whole number, in digits only; you typed “{typed}”.")
    elif spec.type is float and bounded:
        template = tr_noop(
            "Must be a number between {low} and {high}, with a point for decimals; you "
            "typed “{typed}”."
        )
    elif spec.type is float:
        template = tr_noop("Must be a number, with a point for decimals; you typed “{typed}”.")
    else:
        template = tr_noop("Must be text; you typed {typed}.")
    low, high = _bounds(spec)
    return ProblemError(
        worded_problem(
            "settings.bad_type",
            template,
            key=spec.key,
            kind=_kind_name(spec),
            value=value,
            typed=typed,
            low=low,
            high=high,
        )
    )


def _as_text(value: object) -> str:
    """A JSON value as it reads in the file (true, 1.5, "x")."""
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return repr(value)


def _outside(spec: SettingSpec, value: float) -> bool:
    too_low = spec.minimum is not None and value < spec.minimum
    too_high = spec.maximum is not None and value > spec.maximum
    return too_low or too_high


def _kind_name(spec: SettingSpec) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number"}.get(spec.type, "text")
