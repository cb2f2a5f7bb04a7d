"""What the catalogue declares about one problem: its code, sentence, HTTP status and fix kind."""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

TRANSLATION_CONTEXT = "problems"

# What a problem is about, for the front-ends that act on it: "input", what the user typed
# or gave (a command exits with status 2 and writes nothing); "probe", what a server asked on
# the user's behalf answered (the remotes' "Add anyway"); "failure", anything else.
ProblemClass = Literal["input", "probe", "failure"]


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


def placeholders(template: str) -> frozenset[str]:
    """The parameter names a template fills in ("{model}", "{free_gb:.2f}" → model, free_gb)."""
    return frozenset(
        name.split(".", 1)[0].split("[", 1)[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    )


@dataclass(frozen=True)
class ProblemSpec:
    """One problem, declared once: every site builds it by `code` with its parameters only.

    `template` is the English sentence (marked with tr_noop so that it is translated in the
    "problems" context); its placeholders are the parameters every site must pass. `data`
    names the further parameters a site passes for programs rather than for the sentence (a
    settings key the GUI offers to open, raw byte counts beside the rounded ones). `status` is
    the HTTP status the endpoint answers the problem with (503 for the server's own state),
    `fix` the kind of one-action remedy a site may attach, or None when it offers none.
    """

    code: str
    template: str
    status: int = field(kw_only=True)
    fix: FixKind | None = field(kw_only=True)
    data: tuple[str, ...] = field(default=(), kw_only=True)
    # The site picks its sentence at run time (`worded_problem`): `template` is then the
    # general one, and the others say the same with more or less of what is known.
    worded: bool = field(default=False, kw_only=True)
    kind: ProblemClass = field(default="failure", kw_only=True)
    # A start that failed so fails the same way on every retry of the same spec (FATAL at
    # once), or failed for memory others may hold (unloading idle models may let it succeed).
    permanent: bool = field(default=False, kw_only=True)
    memory: bool = field(default=False, kw_only=True)

    @property
    def placeholders(self) -> frozenset[str]:
        return placeholders(self.template)

    @property
    def params(self) -> frozenset[str]:
        """Every parameter a site passes: the sentence's placeholders and the data."""
        return self.placeholders | frozenset(self.data)
