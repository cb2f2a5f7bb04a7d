"""Atomic JSON files: write via temp + fsync + rename; corrupt files are moved aside."""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from app.core.problems import Problem, ProblemError, problem, tr_noop

T = TypeVar("T")


def atomic_write_text(path: Path, text: str, mode: int | None = None) -> None:
    """Replace `path` with `text` so that readers see the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        Path(tmp).replace(path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    # The rename is only durable once the directory entry is flushed too.
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def atomic_write_json(path: Path, data: Any, mode: int | None = None) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=False) + "\n", mode=mode)


@dataclass(frozen=True)
class LoadResult(Generic[T]):
    """What loading a config file gave: the value, and a problem if it had to be set aside."""

    value: T
    problem: Problem | None = None
    moved_to: Path | None = None


def load_json_file(
    path: Path,
    parse: Callable[[Any], T],
    default: Callable[[], T],
) -> LoadResult[T]:
    """Load and validate `path`; on failure move it aside and fall back to `default()`.

    `parse` receives the decoded JSON and raises ProblemError (or ValueError/TypeError/
    KeyError) when it does not validate. A missing file is not a problem.
    """
    if not path.exists():
        return LoadResult(default())
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return LoadResult(parse(raw))
    except ProblemError as exc:
        reason = exc.problem.english()
    except (ValueError, TypeError, KeyError, UnicodeDecodeError) as exc:
        reason = str(exc) or type(exc).__name__
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupted-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupted-{stamp}-{n}")
    path.replace(aside)
    return LoadResult(
        default(),
        problem(
            "config.corrupt_file",
            tr_noop(
                "{file} could not be read ({reason}). It was moved to {moved_to} and "
                "defaults are used for it."
            ),
            file=str(path),
            reason=reason,
            moved_to=str(aside),
        ),
        aside,
    )
