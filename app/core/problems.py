"""Problems: stable codes plus translatable sentence templates, raised by the core.

The core never formats user-facing sentences itself in a final language. A `Problem`
carries a stable `code` (for tests, JSON APIs and "apply fix" actions), an English
`template` marked with `QT_TRANSLATE_NOOP` so that `pyside6-lupdate` extracts it, and
the parameters to fill in. The CLI prints `problem.english()`; the GUI translates the
template in the "problems" context first (see `app.gui.i18n.problem_text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

TRANSLATION_CONTEXT = "problems"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark `text` for extraction by lupdate without importing Qt (the core stays pure)."""
    del context
    return text


def tr_noop(text: str) -> str:
    """Shorthand marker for templates in the "problems" context."""
    return QT_TRANSLATE_NOOP("problems", text)


class FixKind(StrEnum):
    """What a Fix does, and what its `target` names."""

    SET_SETTING = "set_setting"  # target: a settings key
    SET_MODEL_OPTION = "set_model_option"  # target: an option field such as "ctx_size"
    INSTALL_ENGINE = "install_engine"  # target: the engine kind
    RESET_MODEL = "reset_model"  # target: the model id


@dataclass(frozen=True)
class Fix:
    """A one-action remedy the UI can offer, e.g. set a setting to a safe value."""

    kind: FixKind
    target: str
    value: Any = None
    label_template: str = ""
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def english(self) -> str:
        return self.label_template.format(value=self.value, **self.params)


@dataclass(frozen=True)
class Problem:
    """A user-facing problem: a stable code, a template and its parameters."""

    code: str
    template: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    fix: Fix | None = None

    def english(self) -> str:
        return self.template.format(**self.params)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "message": self.english(),
            "params": dict(self.params),
        }
        if self.fix is not None:
            out["fix"] = {
                "kind": str(self.fix.kind),
                "target": self.fix.target,
                "value": self.fix.value,
                "label": self.fix.english(),
            }
        return out


class ProblemError(Exception):
    """An exception that carries a `Problem`; its str() is the English sentence."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.english())
        self.problem = problem


# The longest a name the user sent is echoed in a sentence: a 10 kB "model" would otherwise
# come back whole in the error, the log and the terminal.
ECHO_LIMIT = 80


def echoed(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` as a sentence quotes what was asked for: at most `limit` characters, cut with
    "…" (its start is what tells names apart)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def problem(code: str, template: str, fix: Fix | None = None, **params: Any) -> Problem:
    """Build a Problem; `template` must be passed through `tr_noop` at the call site."""
    return Problem(code=code, template=template, params=MappingProxyType(dict(params)), fix=fix)
