"""What is known of an engine build, how its install goes, what a cache clean freed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.core.problems.problems import Problem
from app.core.states import EngineKind


@dataclass(frozen=True)
class EngineStatus:
    """What is known about an engine without starting it."""

    kind: EngineKind
    installed: bool
    version: str | None
    location: Path | None
    problem: Problem | None = None


@dataclass(frozen=True)
class InstallProgress:
    """One step of an install; `total` is None when the amount of work is unknown."""

    phase: str
    done: int
    total: int | None
    message: str


@dataclass(frozen=True)
class Cleaned:
    """What `clean` removed: bytes freed and the engine builds whose caches they were."""

    freed_bytes: int
    builds: tuple[str, ...]
    folder: Path
