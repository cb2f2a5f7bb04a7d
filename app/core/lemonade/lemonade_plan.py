"""What importing a Lemonade setup would add or change here: the plan, its parts, its result.

app.core.lemonade.lemonade_compare computes a plan without writing; every change in it is validated,
so applying a plan cannot fail on bad input, and what cannot be imported is in `skipped`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from app.core.models.registry import (
    ModelEntry,
    ModelOptions,
)
from app.core.problems.problems import Problem
from app.core.redact import redact_text
from app.core.settings.setting_rules import shown_setting
from app.core.settings.settings import SettingValue


class ChangeKind(StrEnum):
    ADD_MODEL = "add_model"  # target: user.NAME
    REPLACE_MODEL = "replace_model"  # target: user.NAME (another checkpoint)
    SET_OPTIONS = "set_options"  # target: a model id
    SET_SETTING = "set_setting"  # target: a settings key
    LINK_FILES = "link_files"  # target: a Hugging Face repository
    USE_ENGINE = "use_engine"  # target: "rocm"


@dataclass(frozen=True)
class Change:
    """One thing the import does. `old` and `new` are short texts for people; `values` holds
    what applying it needs (and what `--json` shows)."""

    kind: ChangeKind
    target: str
    new: str
    old: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)

    @property
    def shown(self) -> dict[str, Any]:
        """`values` as people may see them, in every view of the plan (the window's lines,
        `--json`): paths as text, the secret values of a command line hidden, as `old` and
        `new` already are (app.core.redact); `values` keeps them for the import."""
        shown = {k: str(v) if isinstance(v, Path) else v for k, v in self.values.items()}
        if isinstance(shown.get("vllm_args"), str):  # a model's options
            shown["vllm_args"] = redact_text(shown["vllm_args"])
        if self.kind is ChangeKind.SET_SETTING and "value" in shown:
            shown["value"] = shown_setting(self.target, shown["value"])
        return shown

    def to_json(self) -> dict[str, Any]:
        """What `--json` prints (and scripts log)."""
        return {
            "kind": self.kind.value,
            "target": self.target,
            "old": self.old,
            "new": self.new,
            **self.shown,
        }


@dataclass(frozen=True)
class Skipped:
    """Something of Lemonade's that is not imported, and why."""

    target: str
    problem: Problem

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, **self.problem.to_json()}


@dataclass(frozen=True)
class FileFacts:
    """A repository's files: complete here, or complete (or partial) in Lemonade's cache."""

    complete_here: bool
    lemonade_snapshot: Path | None = None  # <cache>/models--org--name/snapshots/<commit>
    lemonade_partial: bool = False
    size: int = 0


@dataclass(frozen=True)
class EngineFacts:
    """This app's ROCm engine and this machine's GPU family (None: no AMD GPU found)."""

    installed: bool
    version: str | None = None
    uses_bundle: Path | None = None  # the Lemonade bundle an earlier import adopted
    gpu_family: str | None = None


@dataclass(frozen=True)
class HereNow:
    """What this app has now, as the plan needs it."""

    builtins: Mapping[str, ModelEntry]  # bare name → entry
    users: Mapping[str, ModelEntry]  # bare name → entry
    options: Mapping[str, ModelOptions]  # model id → options
    settings: Mapping[str, SettingValue]
    files: Mapping[str, FileFacts]  # repository → facts
    engine: EngineFacts


@dataclass(frozen=True)
class ImportPlan:
    source: Path
    found: bool
    changes: tuple[Change, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    unchanged: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    cache: Path | None = None  # Lemonade's cache dir, when it is not the default one

    @property
    def empty(self) -> bool:
        return not self.changes

    @property
    def holds_code_flags(self) -> bool:
        """Flags that would run code were left out (app.core.models.vllm_flags.CODE_FLAGS)."""
        return any(s.problem.code in CODE_FLAG_CODES for s in self.skipped)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": str(self.source),
            "cache": str(self.cache) if self.cache else None,
            "found": self.found,
            "changes": [c.to_json() for c in self.changes],
            "skipped": [s.to_json() for s in self.skipped],
            "unchanged": list(self.unchanged),
            "problems": [p.to_json() for p in self.problems],
        }


@dataclass(frozen=True)
class ImportResult:
    """What an applied plan did."""

    applied: tuple[Change, ...]
    linked_bytes: int = 0


CODE_FLAG_CODES = frozenset(
    {"lemonade.code_flag_repository", "lemonade.code_flag_module", "lemonade.code_flag_requests"}
)
