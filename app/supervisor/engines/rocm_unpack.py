"""A downloaded ROCm release put in place: unpacked off the loop, checked, swapped in whole."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import threading
from pathlib import Path

from app.core.engines.engine_values import InstallProgress
from app.core.problems.problems import ProblemError, problem
from app.core.states import EngineKind
from app.supervisor.engines.archive import extract_tar_gz
from app.supervisor.engines.base import (
    ProgressCallback,
    swap_into_place,
    write_version_file,
)

LAUNCHER = Path("bin") / "vllm-server"
# After rocm_release's checking, downloading, verifying.
PHASE_EXTRACTING = "extracting"
PHASE_FINISHING = "finishing"


async def unpack_release(
    tag: str,
    archives: list[Path],
    *,
    staging: Path,
    dest: Path,
    downloads: Path,
    progress: ProgressCallback,
    cancel: asyncio.Event | None,
) -> None:
    """Unpack `archives` into `staging`, mark the bundle as build `tag`, and swap it into
    `dest`; a damaged or hostile archive also empties `downloads`."""
    await asyncio.to_thread(shutil.rmtree, staging, True)
    loop = asyncio.get_running_loop()
    stop = threading.Event()

    def report(done: int, total: int | None) -> None:
        message = f"Unpacking {tag}"
        loop.call_soon_threadsafe(progress, InstallProgress(PHASE_EXTRACTING, done, total, message))

    def should_stop() -> bool:
        return stop.is_set() or (cancel is not None and cancel.is_set())

    worker = asyncio.ensure_future(
        asyncio.to_thread(extract_tar_gz, archives, staging, report, should_stop)
    )
    try:
        try:
            await asyncio.shield(worker)
        except asyncio.CancelledError:
            # The thread keeps writing until told; wait so the cleanup below is not racing it.
            stop.set()
            with contextlib.suppress(BaseException):
                await worker
            raise
        progress(InstallProgress(PHASE_FINISHING, 0, None, f"Installing {tag}"))
        bundle = _bundle_dir(staging, tag)
        await asyncio.to_thread(write_version_file, bundle, EngineKind.ROCM, tag)
        await asyncio.to_thread(swap_into_place, bundle, dest)
    except ProblemError as exc:
        if exc.problem.code in ("engine.bad_archive", "engine.unsafe_archive"):
            # Downloading the same bytes again is the only remedy for a damaged archive,
            # and a hostile one must not be retried from disk.
            await asyncio.to_thread(shutil.rmtree, downloads, True)
        raise
    finally:
        await asyncio.to_thread(shutil.rmtree, staging, True)


def _bundle_dir(staging: Path, tag: str) -> Path:
    """The unpacked bundle's top folder: the staging folder itself or its only subfolder."""
    if (staging / LAUNCHER).is_file():
        return staging
    entries = list(staging.iterdir())
    if len(entries) == 1 and (entries[0] / LAUNCHER).is_file():
        return entries[0]
    raise ProblemError(problem("engine.bad_bundle", tag=tag, launcher=str(LAUNCHER)))
