"""Atomic JSON files: write via temp + fsync + rename; corrupt files are moved aside."""

from __future__ import annotations

import json
import os
import shutil
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
    aside = aside_path(path, "corrupted")
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


def aside_path(path: Path, tag: str) -> Path:
    """`<name>.<tag>-<timestamp>` beside `path`, numbered when that exists already."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    return aside


# -- files other processes change -----------------------------------------------------------
FileStamp = tuple[int, int, int]

# Problems that describe the file as it is now, so a readable version clears them.
EDIT_PROBLEM_CODES = ("config.edit_unreadable", "config.edit_replaced")


def file_stamp(path: Path) -> FileStamp | None:
    """(mtime_ns, size, inode), None for a missing file: enough to tell a change cheaply.

    Atomic writes (ours, the CLI's, most editors') create a new inode, so even two writes in
    one clock tick differ; an in-place edit changes mtime and usually the size.
    """
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


class WatchedFile(Generic[T]):
    """A config file that other processes may change while the app runs.

    It remembers the stamp of the version this process last read or wrote, so `reread()`
    costs one stat() while nothing changed. Not thread-safe: the owner holds its lock.
    Unlike at start-up, a file that stops validating is never moved aside while the app
    runs: the user may be in the middle of editing it. The values read before stay in use
    and `reread()` reports the problem once per version.
    """

    def __init__(self, path: Path, parse: Callable[[Any], T], default: Callable[[], T]) -> None:
        self.path = path
        self._parse = parse
        self._default = default
        self._stamp: FileStamp | None = None
        self._unreadable: Problem | None = None  # the version on disk does not validate

    def load(self) -> LoadResult[T]:
        """Start-up: read the file, moving an invalid one aside (see jsonstore)."""
        # Stat before reading: a change landing in between is then seen by the next reread.
        self._stamp = file_stamp(self.path)
        result = load_json_file(self.path, self._parse, self._default)
        if result.moved_to is not None:
            self._stamp = None
        return result

    def reread(self) -> T | None:
        """The new content if the file changed since this object last read or wrote it,
        else None. A changed file that does not validate raises ProblemError
        `config.edit_unreadable` and stays where it is."""
        stamp = file_stamp(self.path)
        if stamp == self._stamp:
            return None
        self._stamp = stamp
        try:
            value = self._parse(_read_json(self.path))
        except FileNotFoundError:
            value = self._default()  # deleted: back to the defaults, as at start-up
        except ProblemError as exc:
            raise self._unreadable_now(exc.problem.english()) from None
        except (OSError, ValueError, TypeError, KeyError, UnicodeDecodeError) as exc:
            raise self._unreadable_now(str(exc) or type(exc).__name__) from None
        self._unreadable = None
        return value

    def _unreadable_now(self, reason: str) -> ProblemError:
        self._unreadable = problem(
            "config.edit_unreadable",
            tr_noop(
                "{file} was changed outside vLLM Tray and cannot be read ({reason}). The "
                "values read before stay in use until it is fixed."
            ),
            file=str(self.path),
            reason=reason,
        )
        return ProblemError(self._unreadable)

    def write(self, data: Any) -> Problem | None:
        """Replace the file atomically. An unreadable version on disk (a half-done edit) is
        copied aside first, and the problem returned says where it went."""
        replaced: Problem | None = None
        if self._unreadable is not None and self.path.exists():
            kept = _keep_copy(self.path)
            replaced = problem(
                "config.edit_replaced",
                tr_noop(
                    "{file} could not be read ({reason}) when vLLM Tray saved a change, so it "
                    "was replaced; your version was kept as {kept_as}."
                ),
                file=str(self.path),
                reason=self._unreadable.params["reason"],
                kept_as=str(kept),
            )
        atomic_write_json(self.path, data)
        self._stamp = file_stamp(self.path)
        self._unreadable = None
        return replaced


def _keep_copy(path: Path) -> Path:
    aside = aside_path(path, "unreadable")
    shutil.copyfile(path, aside)
    return aside
