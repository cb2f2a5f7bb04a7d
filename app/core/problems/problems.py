"""Problems: stable codes plus translatable sentence templates, raised by the core.

The core never formats user-facing sentences itself in a final language. A `Problem`
carries a stable `code` (for tests, JSON APIs and "apply fix" actions), an English
`template` marked with `QT_TRANSLATE_NOOP` so that `pyside6-lupdate` extracts it, and
the parameters to fill in. Every code is declared once in `app.core.problems.problem_catalogue`
(its sentence, parameters, HTTP status and fix kind); a site builds the problem by code
with its parameters only: `problem("models.unknown", model=m, available=names)`. The CLI
prints `problem.english()`; the GUI translates the template in the "problems" context first
(see `app.gui.i18n.problem_text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from app.core.problems.problem_catalogue import CATALOGUE, ProblemCode
from app.core.problems.problem_spec import (
    QT_TRANSLATE_NOOP,
    TRANSLATION_CONTEXT,
    FixKind,
    ProblemSpec,
    tr_noop,
)
from app.core.untrusted import terminal_text

__all__ = [
    "QT_TRANSLATE_NOOP",
    "TRANSLATION_CONTEXT",
    "Fix",
    "FixKind",
    "Problem",
    "ProblemCode",
    "ProblemError",
    "ProblemSpec",
    "echoed",
    "http_status",
    "problem",
    "spec",
    "tr_noop",
    "worded_problem",
]

# What the endpoint answers for a code from outside the catalogue (one a remote agent sent).
UNKNOWN_CODE_STATUS = 503


@dataclass(frozen=True)
class Fix:
    """A one-action remedy the UI can offer, e.g. set a setting to a safe value."""

    kind: FixKind
    target: str
    value: Any = None
    label_template: str = ""
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def english(self) -> str:
        return self.label_template.format(value=self.value, **_shown(self.params))


@dataclass(frozen=True)
class Problem:
    """A user-facing problem: a stable code, a template and its parameters."""

    code: str
    template: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    fix: Fix | None = None

    def english(self) -> str:
        """The English sentence. A parameter may carry text from outside (a server's answer,
        a file's name, a hub's id): it reaches a terminal or a log without its escape and
        control sequences, whichever command prints it."""
        return self.template.format(**_shown(self.params))

    def with_params(self, **params: Any) -> Problem:
        """The same problem with more parameters (what a diagnosis learns later)."""
        merged = MappingProxyType({**self.params, **params})
        return Problem(self.code, self.template, merged, self.fix)

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


def spec(code: str) -> ProblemSpec:
    """The catalogue's entry for `code` (KeyError for a code nobody declared)."""
    return CATALOGUE[code]


def http_status(code: str) -> int:
    """The HTTP status the endpoint answers a problem with, as the catalogue declares it."""
    found = CATALOGUE.get(code)
    return UNKNOWN_CODE_STATUS if found is None else found.status


def problem(code: ProblemCode, /, *, fix: Fix | None = None, **params: Any) -> Problem:
    """Build the catalogue's problem `code` with its parameters (and the fix it offers)."""
    template = CATALOGUE[code].template
    return Problem(code=code, template=template, params=MappingProxyType(dict(params)), fix=fix)


def worded_problem(
    code: ProblemCode, template: str, /, *, fix: Fix | None = None, **params: Any
) -> Problem:
    """Build problem `code` with a sentence chosen at run time from several that say the same
    thing with what is known (the declared code still gives its status and fix kind);
    `template` is marked with tr_noop where it is written. The catalogue entry says
    `worded=True`; tests/unit/core/test_problem_catalogue.py keeps the list of such codes."""
    if not CATALOGUE[code].worded:
        raise ValueError(f"{code} is not declared worded; build it with problem()")
    return Problem(code=code, template=template, params=MappingProxyType(dict(params)), fix=fix)


def _shown(params: Mapping[str, Any]) -> dict[str, Any]:
    return {k: terminal_text(v) if isinstance(v, str) else v for k, v in params.items()}
