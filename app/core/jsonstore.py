"""Config files several processes share: atomic writes, locked read-modify-write, safe reads.

The rules (issue 10 item 5): a process that only reads a file never changes it. A file that
does not validate is reported and left where it is; the reader goes on with the values it read
before, or with the defaults for that file when it never read a good version. Only a process
that is about to write decides a version is broken: it keeps a copy beside the file, says where,
and replaces the file. Every read-modify-write holds a lock file (filelock) so two processes
never undo each other's change.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import filelock

from app.core.problems.problems import Problem, ProblemError, problem
from app.core.untrusted import parse_json

log = logging.getLogger(__name__)

T = TypeVar("T")

# The app's own files are readable by the user alone (docs/proxy.md, "Security decisions").
PRIVATE_FILE_MODE = 0o600


def atomic_write_text(path: Path, text: str, mode: int = PRIVATE_FILE_MODE) -> None:
    """Replace `path` with `text` so that readers see the old or the new file, never half.

    The file gets `mode` whatever the umask (the app's files are the user's alone, issue 18
    item 5). A symbolic link stays a link: the file it points to is replaced (a settings.json
    kept in a dotfiles repository, say), as editors do.
    """
    target = write_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        Path(tmp).replace(target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    # The rename is only durable once the directory entry is flushed too.
    dir_fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def atomic_write_json(path: Path, data: Any, mode: int = PRIVATE_FILE_MODE) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=False) + "\n", mode=mode)


def write_target(path: Path) -> Path:
    """The file a write to `path` replaces: `path`, or the file a symbolic link there points
    to (which need not exist yet). Raises ProblemError `config.bad_link` for a link that
    cannot be followed (a loop): replacing it with a file would silently cut it."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(path))  # a link to a file not written yet: create it
    except OSError as exc:
        raise ProblemError(
            problem("config.bad_link", file=str(path), reason=exc.strerror or str(exc))
        ) from None


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

REPLACED_CODE: Final = "config.edit_replaced"

# How long a writer waits for another process's read-modify-write. Each holds the lock for a
# read, a merge and one fsync'd write (milliseconds), so this is only hit by a hung process.
LOCK_TIMEOUT_S = 10.0


def file_stamp(path: Path) -> FileStamp | None:
    """(mtime_ns, size, inode), None for a missing file: enough to tell a change cheaply.

    Atomic writes (ours, the CLI's, most editors') create a new inode, so even two writes in
    one clock tick differ; an in-place edit changes mtime and usually the size.
    """
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    except OSError:  # a symbolic link that cannot be followed: the link's own stamp
        st = path.lstat()
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _read_json(path: Path) -> Any:
    return parse_json(path.read_text(encoding="utf-8"))


def lock_path(path: Path) -> Path:
    """The lock file guarding read-modify-write of `path` (hidden, beside it)."""
    return path.with_name(f".{path.name}.lock")


class WatchedFile(Generic[T]):
    """A config file that other processes (the CLI, an editor) may change at any time.

    It remembers the stamp of the version this process last read or wrote, so `reread()`
    costs one stat() while nothing changed. `problem` says what is wrong with the version on
    disk now (or, after a write, which broken version the write replaced). Not thread-safe:
    the owner holds its own lock around every call.
    """

    def __init__(self, path: Path, parse: Callable[[Any], T], default: Callable[[], T]) -> None:
        self.path = path
        self._parse = parse
        self._default = default
        self._stamp: FileStamp | None = None
        # Whether the values the owner holds came from a good version (or from no file at
        # all): that decides between "the values read before stay" and "the defaults are used".
        self._have_good = False
        self._unreadable_reason: str | None = None  # the version on disk does not validate
        self.problem: Problem | None = None
        self._lock = filelock.FileLock(str(lock_path(path)), mode=PRIVATE_FILE_MODE)
        self._lock_depth = 0

    def load(self) -> T:
        """Read the file at start-up. A version that does not validate is left untouched: the
        defaults for this file are returned and `problem` says why."""
        # Stat before reading: a change landing in between is then seen by the next reread.
        self._stamp = file_stamp(self.path)
        value = self._read()
        return self._default() if value is None else value

    def reread(self) -> T | None:
        """The new content if the file changed since this object last read or wrote it, else
        None. A changed version that does not validate also gives None: the owner keeps what
        it has, and `problem` says why (once per version: it is not parsed again)."""
        stamp = file_stamp(self.path)
        if stamp == self._stamp:
            return None
        self._stamp = stamp
        return self._read()

    def _read(self) -> T | None:
        try:
            value = self._parse(_read_json(self.path))
        except FileNotFoundError:
            value = self._default()  # no file (or deleted): the defaults, as at start-up
        except ProblemError as exc:
            self._set_unreadable(exc.problem.english())
            return None
        except (OSError, ValueError, TypeError, KeyError, UnicodeDecodeError) as exc:
            self._set_unreadable(str(exc) or type(exc).__name__)
            return None
        self._have_good = True
        self._unreadable_reason = None
        self.problem = None
        return value

    def _set_unreadable(self, reason: str) -> None:
        self._unreadable_reason = reason
        if self._have_good:
            self.problem = problem("config.edit_unreadable", file=str(self.path), reason=reason)
        else:
            self.problem = problem("config.unreadable", file=str(self.path), reason=reason)

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the file's lock for a read-modify-write: `reread()`, merge, then `write()`.

        Raises ProblemError `config.busy` when another process holds it for too long.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._lock.acquire(timeout=LOCK_TIMEOUT_S)
        except filelock.Timeout:
            raise ProblemError(
                problem("config.busy", file=str(self.path), seconds=LOCK_TIMEOUT_S)
            ) from None
        self._lock_depth += 1
        try:
            yield
        finally:
            self._lock_depth -= 1
            self._lock.release()

    def write(self, data: Any) -> None:
        """Replace the file atomically; call inside `locked()` after `reread()`.

        A version on disk that does not validate (a half-done edit) is copied aside first:
        `problem` then says where the copy went, and the warning is logged.
        """
        if self._lock_depth == 0:
            raise RuntimeError("WatchedFile.write() outside locked()")
        replaced: Problem | None = None
        if self._unreadable_reason is not None and self.path.exists():
            kept = _keep_copy(self.path)
            replaced = problem(
                REPLACED_CODE,
                file=str(self.path),
                reason=self._unreadable_reason,
                kept_as=str(kept),
            )
            log.warning("%s", replaced.english())
        atomic_write_json(self.path, data)
        self._stamp = file_stamp(self.path)
        self._have_good = True
        self._unreadable_reason = None
        if replaced is not None or (self.problem and self.problem.code != REPLACED_CODE):
            # A notice of an earlier replacement stays until the file changes outside again.
            self.problem = replaced


def _keep_copy(path: Path) -> Path:
    aside = aside_path(path, "unreadable")
    shutil.copyfile(path, aside)
    return aside
