"""The engine contract: what an installed vLLM build offers the supervisor (a command prefix)."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Protocol, runtime_checkable

import filelock

from app.core.engines.engine_values import EngineStatus, InstallProgress
from app.core.jsonstore import atomic_write_json
from app.core.problems.problems import Fix, FixKind, Problem, ProblemError, problem, tr_noop
from app.core.states import EngineKind
from app.core.untrusted import parse_json

VERSION_FILE_NAME = "vllm-tray-engine.json"
PHASE_WAITING = "waiting"
_LOCK_POLL_SECONDS = 1.0


@dataclass(frozen=True)
class EngineCommand:
    """How to start the engine: the app appends vLLM server flags after `prefix + default_args`.

    `env` holds only the variables the engine itself needs; the caller merges it over its own
    environment and decides the rest (e.g. `HF_HUB_OFFLINE`, `PYTHONNOUSERSITE`).
    """

    prefix: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    default_args: tuple[str, ...] = ()


ProgressCallback = Callable[[InstallProgress], None]


@runtime_checkable
class Engine(Protocol):
    """A vLLM build the supervisor can launch."""

    @property
    def kind(self) -> EngineKind: ...

    def status(self) -> EngineStatus:
        """Report whether the engine is usable; never raises for a missing install."""
        ...

    def command(self) -> EngineCommand:
        """The command to start it; raises ProblemError `engine.missing` when not installed."""
        ...

    async def install(
        self, progress: ProgressCallback, cancel: asyncio.Event | None = None
    ) -> EngineStatus:
        """Install (idempotent); engines that cannot be installed raise ProblemError."""
        ...


@dataclass(frozen=True)
class VersionInfo:
    """The content of `<engine dir>/vllm-tray-engine.json`, written last by a finished install."""

    kind: EngineKind
    version: str
    installed_at: datetime


def read_version_file(engine_dir: Path) -> VersionInfo | None:
    """Read the version file of an engine folder; None when it is missing or unreadable."""
    try:
        data = parse_json((engine_dir / VERSION_FILE_NAME).read_text(encoding="utf-8"))
        return VersionInfo(
            kind=EngineKind(data["kind"]),
            version=str(data["version"]),
            installed_at=datetime.fromisoformat(data["installed_at"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        # A half-written or foreign file means "not installed by us": reinstall is the remedy.
        return None


def write_version_file(engine_dir: Path, kind: EngineKind, version: str) -> VersionInfo:
    """Write the version file; call it only once the install is complete and verified."""
    info = VersionInfo(kind=kind, version=version, installed_at=datetime.now(UTC))
    payload = {
        "kind": info.kind.value,
        "version": info.version,
        "installed_at": info.installed_at.isoformat(),
    }
    atomic_write_json(engine_dir / VERSION_FILE_NAME, payload)
    return info


def engine_missing(kind: EngineKind) -> Problem:
    """The `engine.missing` problem, telling the user the command that installs the engine."""
    return problem(
        "engine.missing",
        # The window offers it as a button: the first Load on a fresh machine installs the
        # engine and loads, instead of only failing.
        fix=Fix(
            FixKind.INSTALL_ENGINE,
            kind.value,
            kind.value,
            label_template=tr_noop("Install the {value} engine and load"),
        ),
        kind=kind.value,
    )


def install_cancelled(kind: EngineKind) -> ProblemError:
    """The `engine.install_cancelled` error for an install the caller's cancel event stopped."""
    return ProblemError(problem("engine.install_cancelled", kind=kind.value))


@contextlib.asynccontextmanager
async def install_lock(
    root: Path, kind: EngineKind, progress: ProgressCallback, cancel: asyncio.Event | None
) -> AsyncIterator[None]:
    """Hold an exclusive lock on `<root>.lock` so two processes never install at once.

    Reports one `waiting` step while another holder keeps it; raises `install_cancelled` when
    `cancel` is set during the wait. The parent of `root` must exist.
    """
    lock = filelock.FileLock(str(root.with_name(root.name + ".lock")))
    told = False
    while True:
        try:
            # One try, then wait on the loop: a blocking acquire would stall it for the whole
            # install of the other holder, and could not be cancelled.
            lock.acquire(timeout=0)
            break
        except filelock.Timeout:
            if not told:
                progress(InstallProgress(PHASE_WAITING, 0, None, "Another install is running"))
                told = True
            if cancel is not None and cancel.is_set():
                raise install_cancelled(kind) from None
            await asyncio.sleep(_LOCK_POLL_SECONDS)
    try:
        yield
    finally:
        lock.release()


def swap_into_place(new: Path, dest: Path) -> None:
    """Rename the folder `new` to `dest`, replacing what is there; blocking.

    A directory cannot be renamed over a non-empty one: the old one is moved aside, the new
    one renamed in, and only then the old one deleted (put back if the rename fails). The
    version file travels with the folder, so a status never sees a half install.
    """
    old = dest.with_name(dest.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if dest.exists():
        dest.rename(old)
    try:
        new.rename(dest)
    except OSError:
        if old.exists() and not dest.exists():
            old.rename(dest)  # put the working engine back
        raise
    shutil.rmtree(old, ignore_errors=True)


def recover_interrupted_swap(dest: Path) -> None:
    """Put the old folder back if a previous run stopped between `swap_into_place`'s renames."""
    old = dest.with_name(dest.name + ".old")
    if old.is_dir() and not dest.exists():
        old.rename(dest)
