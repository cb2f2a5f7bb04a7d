"""Every setting declared once as data, and the rules that validate a value for it."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from app.core.problems import ProblemError, problem, tr_noop

SettingValue = bool | int | float | str


@dataclass(frozen=True)
class SettingSpec:
    """One option: its key, type, default, bounds, doc, and whether a change needs a restart.

    `label` is the short name people read ("GPU memory utilization"), `doc` the sentence that
    explains it; both are English templates marked for translation ("problems" context).
    `restart` says what must restart for a change to take effect: "" (nothing, live),
    "server" (the proxy endpoint), "models" (running models), or "app". `decimals` is how
    many digits after the point a float's bounds are shown with (0: as short as exact).
    """

    key: str
    type: type
    default: SettingValue
    doc: str
    restart: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    label: str = ""
    decimals: int = 0


SPECS: tuple[SettingSpec, ...] = (
    SettingSpec(
        "gpu_memory_utilization",
        float,
        0.85,
        tr_noop(
            "Fraction of GPU memory each vLLM server may reserve. vLLM's own default of 0.92 "
            "crashes on many shared-memory APUs; the GPU panel shows a safe value."
        ),
        restart="models",
        minimum=0.10,
        maximum=0.99,
        label=tr_noop("GPU memory utilization"),
        decimals=2,
    ),
    SettingSpec(
        "max_num_seqs",
        int,
        16,
        tr_noop("Most requests one model serves at once (vLLM's --max-num-seqs)."),
        restart="models",
        minimum=1,
        maximum=4096,
        label=tr_noop("Requests served at once"),
    ),
    SettingSpec(
        "vllm_args",
        str,
        "",
        tr_noop("Extra vLLM flags for every model, before each model's own vllm_args."),
        restart="models",
        label=tr_noop("Extra vLLM flags"),
    ),
    SettingSpec(
        "ctx_size",
        int,
        8192,
        tr_noop("Default context length (vLLM's --max-model-len) for models without their own."),
        restart="models",
        minimum=64,
        maximum=1_048_576,
        label=tr_noop("Default context size"),
    ),
    SettingSpec(
        "load_timeout_s",
        int,
        3600,
        tr_noop(
            "Longest a load may take in all, in seconds. A load that still makes progress is "
            "never stopped before this: a cold first load compiles kernels for many minutes."
        ),
        minimum=10,
        maximum=86_400,
        label=tr_noop("Load time limit"),
    ),
    SettingSpec(
        "load_stall_timeout_s",
        int,
        120,
        tr_noop(
            "Seconds a load may go without any sign of progress (no new log line and no CPU "
            "use by the engine) before it is stopped as stuck."
        ),
        minimum=10,
        maximum=86_400,
        label=tr_noop("Stuck load timeout"),
    ),
    SettingSpec(
        "proxy.host",
        str,
        "127.0.0.1",
        tr_noop("Address the local OpenAI-compatible endpoint listens on."),
        restart="server",
        label=tr_noop("Endpoint address"),
    ),
    SettingSpec(
        "proxy.port",
        int,
        8321,
        tr_noop("Port of the local OpenAI-compatible endpoint."),
        restart="server",
        minimum=1,
        maximum=65_535,
        label=tr_noop("Endpoint port"),
    ),
    SettingSpec(
        "proxy.allowed_hosts",
        str,
        "",
        tr_noop(
            "Extra Host header names accepted besides loopback, separated by commas "
            "(defence against DNS rebinding)."
        ),
        label=tr_noop("Allowed host names"),
    ),
    SettingSpec(
        "proxy.cors_origins",
        str,
        "",
        tr_noop("Web origins allowed to call the endpoint from a browser, separated by commas."),
        label=tr_noop("Allowed web origins"),
    ),
    SettingSpec(
        "proxy.max_connections",
        int,
        512,
        tr_noop(
            "Most client connections the endpoint keeps open at once; past it the longest idle "
            "one is closed, or a newcomer is told to retry."
        ),
        restart="server",
        minimum=16,
        maximum=65_535,
        label=tr_noop("Most open connections"),
    ),
    SettingSpec(
        "proxy.idle_timeout_s",
        int,
        60,
        tr_noop("Seconds an idle keep-alive connection stays open."),
        restart="server",
        minimum=1,
        maximum=3600,
        label=tr_noop("Idle connection timeout"),
    ),
    SettingSpec(
        "proxy.header_timeout_s",
        int,
        10,
        tr_noop("Seconds a client has to send a request's headers once it started."),
        restart="server",
        minimum=1,
        maximum=600,
        label=tr_noop("Request header timeout"),
    ),
    SettingSpec(
        "proxy.body_timeout_s",
        int,
        30,
        tr_noop(
            "Seconds a client has to send a request's body, plus one second for every 64 KiB "
            "it sent."
        ),
        restart="server",
        minimum=1,
        maximum=3600,
        label=tr_noop("Request body timeout"),
    ),
    SettingSpec(
        "proxy.max_body_mb",
        int,
        32,
        tr_noop("Largest request body the endpoint accepts, in MiB."),
        restart="server",
        minimum=1,
        maximum=4096,
        label=tr_noop("Largest request"),
    ),
    SettingSpec(
        "proxy.body_budget_mb",
        int,
        128,
        tr_noop(
            "Request bodies held in memory at once, all requests together, in MiB; a request "
            "over it waits briefly, then is told to retry. At least the largest request."
        ),
        restart="server",
        minimum=1,
        maximum=65_536,
        label=tr_noop("Memory for request bodies"),
    ),
    SettingSpec(
        "proxy.upstream_first_byte_timeout_s",
        int,
        600,
        tr_noop(
            "Seconds a model may take to start answering a request (a long prompt or a whole "
            "non-streamed answer); 0 waits for ever."
        ),
        restart="server",
        minimum=0,
        maximum=86_400,
        label=tr_noop("Time to first byte"),
    ),
    SettingSpec(
        "proxy.upstream_idle_timeout_s",
        int,
        120,
        tr_noop("Seconds a streamed answer may pause between two pieces; 0 waits for ever."),
        restart="server",
        minimum=0,
        maximum=86_400,
        label=tr_noop("Pause within an answer"),
    ),
    SettingSpec(
        "proxy.autostart",
        bool,
        True,
        tr_noop("Start the local endpoint when the app starts."),
        label=tr_noop("Start the endpoint with the app"),
    ),
    SettingSpec(
        "engine.kind",
        str,
        "auto",
        tr_noop(
            "Which vLLM runs models: auto (ROCm bundle on a supported AMD GPU, otherwise the "
            "CPU build), rocm, cpu, or custom."
        ),
        restart="models",
        choices=("auto", "rocm", "cpu", "custom"),
        label=tr_noop("vLLM engine"),
    ),
    SettingSpec(
        "engine.custom_command",
        str,
        "",
        tr_noop("Command prefix of your own vLLM (for the custom engine), e.g. 'vllm serve'."),
        restart="models",
        label=tr_noop("Your own vLLM command"),
    ),
    SettingSpec(
        "idle_ttl_min",
        int,
        0,
        tr_noop("Unload a model after this many minutes without requests (0 keeps it loaded)."),
        minimum=0,
        maximum=10_080,
        label=tr_noop("Unload idle models after"),
    ),
    SettingSpec(
        "memory.budget_gb",
        float,
        0.0,
        tr_noop(
            "Memory the loaded models may share on each GPU (in RAM for the CPU engine), in GB, "
            "before one is unloaded to make room (0: all of each GPU's memory, or RAM)."
        ),
        minimum=0.0,
        maximum=100_000.0,
        label=tr_noop("Memory for all models"),
    ),
    SettingSpec(
        "gui.start_hidden",
        bool,
        False,
        tr_noop("Start in the tray without opening the window."),
        label=tr_noop("Start hidden in the tray"),
    ),
    SettingSpec(
        "gui.start_at_login",
        bool,
        False,
        tr_noop("Start vLLM Tray when you log in."),
        label=tr_noop("Start at login"),
    ),
    SettingSpec(
        "gui.tray_hint_shown",
        bool,
        False,
        tr_noop("The 'still running in the tray' hint was shown once."),
        label=tr_noop("Tray hint shown"),
    ),
)

SPEC_BY_KEY: Mapping[str, SettingSpec] = {s.key: s for s in SPECS}


def unknown_setting(key: str) -> ProblemError:
    return ProblemError(
        problem(
            "settings.unknown_key",
            tr_noop("There is no setting called {key}. Known settings: {known}."),
            key=key,
            known=", ".join(SPEC_BY_KEY),
        )
    )


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
                tr_noop(
                    "The memory for request bodies ({budget} MiB) must hold at least one "
                    "request of the largest size ({largest} MiB)."
                ),
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


def parse_setting_text(key: str, text: str) -> SettingValue:
    """The value of the text a person typed for `key` (GUI field, `config set KEY=TEXT`).

    Raises ProblemError with one sentence that names no internal key (`settings.empty`,
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
        out = _number(spec, text, typed)
    return _checked(spec, out, typed)


def _number(spec: SettingSpec, text: str, typed: str) -> int | float:
    """The int or float setting's value of `typed` (stripped `text`)."""
    if spec.type is int:
        if not _INT_TEXT.fullmatch(typed):
            raise _bad_type(spec, text, typed)
        try:
            return int(typed)
        except ValueError:  # more digits than int() takes: no setting goes that high
            raise _bad_type(spec, text, typed) from None
    if not _FLOAT_TEXT.fullmatch(typed):
        raise _bad_type(spec, text, typed)
    value = float(typed)
    if not math.isfinite(value):  # "1e400"
        raise _bad_type(spec, text, typed)
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
                tr_noop("Must be between {low} and {high}; you typed {typed}."),
                key=spec.key,
                minimum=spec.minimum,
                maximum=spec.maximum,
                value=out,
                typed=typed,
                low=_bounds(spec)[0],
                high=_bounds(spec)[1],
            )
        )
    if spec.choices and out not in spec.choices:
        raise ProblemError(
            problem(
                "settings.bad_choice",
                tr_noop("Must be one of {choices}; you typed “{typed}”."),
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
    return ProblemError(problem("settings.empty", template, key=spec.key, low=low, high=high))


def _bad_type(spec: SettingSpec, value: object, typed: str) -> ProblemError:
    bounded = spec.minimum is not None and spec.maximum is not None
    if spec.type is bool:
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
        problem(
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
