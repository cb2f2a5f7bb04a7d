"""The download manager: starts, reports, cancels and resumes model downloads."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import shutil
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from app.core.contracts import DownloadView
from app.core.events import DownloadFinished, DownloadProgressed, EventBus
from app.core.models.registry import ModelEntry
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.states import DownloadStatus
from app.downloads.cache_layout import CacheLayout, present_bytes
from app.downloads.hub import (
    HubToken,
    RepoPlan,
    failed_problem,
    fetch_plan,
    has_weights,
    hub_problem,
    no_space_problem,
    no_weights_problem,
    transport_reason,
)
from app.downloads.progress import DownloadProgress, ProgressSnapshot
from app.downloads.status import delete_model_files, folder_bytes, validate_local_folder
from app.downloads.transfer import (
    USEFUL_BYTES,
    DigestMismatch,
    NoProgress,
    TransferCancelled,
    fetch_file,
    probe_access,
)

log = logging.getLogger(__name__)

TokenProvider = Callable[[], str | None]
FreeSpace = Callable[[Path], int]


def free_space(path: Path) -> int:
    """Free bytes on the disk that holds `path` (or its nearest existing parent)."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return shutil.disk_usage(candidate).free
    return shutil.disk_usage(Path.cwd()).free


def unknown_download(download_id: str) -> ProblemError:
    return ProblemError(problem("downloads.unknown", download_id=download_id))


@dataclass
class _Download:
    id: str
    entry: ModelEntry
    plan: RepoPlan | None
    progress: DownloadProgress
    token: HubToken
    cancel: threading.Event = field(default_factory=threading.Event)
    status: DownloadStatus = DownloadStatus.RUNNING
    problem: Problem | None = None
    task: asyncio.Task[None] | None = None


class DownloadManager:
    """Downloads models into the Hugging Face cache with progress events, cancel and resume.

    Lives on the runtime loop. Each download runs its blocking transfer in a worker thread
    (`asyncio.to_thread`) and a reporter task that publishes `DownloadProgressed` every
    `progress_interval` seconds, then one `DownloadFinished`. Cancel sets an event the worker
    checks after every 64 KiB chunk (see app.downloads.transfer); `cancel()` returns once the
    worker has stopped, or after `cancel_grace` seconds if the network is stalled (the worker
    then stops at its read timeout and a new start of the same model waits for it).
    """

    def __init__(
        self,
        bus: EventBus,
        hf_cache: Path,
        *,
        token_provider: TokenProvider,
        endpoint: str | None = None,
        free_space: FreeSpace = free_space,
        progress_interval: float = 0.25,
        cancel_grace: float = 3.0,
    ) -> None:
        self._bus = bus
        self._cache = Path(hf_cache)
        self._token_provider = token_provider
        self._endpoint = endpoint.rstrip("/") if endpoint else None
        self._free_space = free_space
        self._interval = progress_interval
        self._cancel_grace = cancel_grace
        self._downloads: dict[str, _Download] = {}
        self._start_locks: dict[str, asyncio.Lock] = {}

    @property
    def hf_cache(self) -> Path:
        return self._cache

    # -- public API -----------------------------------------------------------------------
    async def start(self, entry: ModelEntry) -> str:
        """Check and start downloading `entry`; return the download id.

        The plan (files, sizes, commit) comes from the hub's metadata, one file is probed for
        access, and free disk space is compared with what is still missing.
        Raises ProblemError before anything is written: `downloads.gated`,
        `downloads.not_found`, `downloads.unreachable`, `downloads.offline`,
        `downloads.no_weights`, `downloads.no_space`, `models.local_invalid`.
        Starting a model that is already downloading returns the running download's id.
        """
        # Per model: two quick clicks must not start two transfers of the same files.
        async with self._start_locks.setdefault(entry.id, asyncio.Lock()):
            return await self._start(entry)

    async def _start(self, entry: ModelEntry) -> str:
        for d in self._downloads.values():
            if (
                d.entry.id == entry.id
                and d.status is DownloadStatus.RUNNING
                and not d.cancel.is_set()
            ):
                return d.id
        await self._settle_previous(entry)
        if entry.checkpoint.local_path is not None:
            folder = entry.checkpoint.local_path
            await asyncio.to_thread(validate_local_folder, folder)
            size = await asyncio.to_thread(folder_bytes, folder)
            progress = DownloadProgress({str(folder): size}, {str(folder): size})
            progress.begin_file(str(folder), size)
            return self._launch(_Download(uuid.uuid4().hex[:12], entry, None, progress, False))

        repo_id = entry.checkpoint.repo_id
        assert repo_id is not None
        token: HubToken = self._token_provider() or False
        plan = await self._plan(repo_id, entry.checkpoint.revision, token)
        if not has_weights(plan):
            raise ProblemError(no_weights_problem(plan))
        await self._probe(plan, token)
        layout = CacheLayout(self._cache, repo_id)
        present = await asyncio.to_thread(
            lambda: {f.path: present_bytes(layout, plan.commit, f)[0] for f in plan.files}
        )
        needed = plan.total - sum(present.values())
        free = await asyncio.to_thread(self._free_space, self._cache)
        if needed > free:
            raise ProblemError(no_space_problem(needed, free, str(self._cache)))
        progress = DownloadProgress({f.path: f.size for f in plan.files}, present)
        return self._launch(_Download(uuid.uuid4().hex[:12], entry, plan, progress, token))

    async def cancel(self, download_id: str) -> bool:
        """Stop a running download, keeping what is on disk; False if it had already ended."""
        d = self._downloads.get(download_id)
        if d is None:
            raise unknown_download(download_id)
        if d.status is not DownloadStatus.RUNNING:
            return False
        d.cancel.set()
        if d.task is not None:
            await asyncio.wait({d.task}, timeout=self._cancel_grace)
        return True

    def views(self) -> list[DownloadView]:
        # A copy first: the GUI thread reads this while the runtime thread adds downloads.
        return [self._view(d) for d in list(self._downloads.values())]

    def view(self, download_id: str) -> DownloadView:
        d = self._downloads.get(download_id)
        if d is None:
            raise unknown_download(download_id)
        return self._view(d)

    async def wait(self, download_id: str) -> DownloadView:
        """Wait until the download has ended (completed, cancelled or failed)."""
        d = self._downloads.get(download_id)
        if d is None:
            raise unknown_download(download_id)
        if d.task is not None:
            await asyncio.wait({d.task})
        return self._view(d)

    async def delete_files(self, entry: ModelEntry) -> int:
        """Cancel the model's running download, then delete its cached files (bytes freed)."""
        repo = entry.checkpoint.repo_id
        for d in list(self._downloads.values()):
            if (
                d.status is DownloadStatus.RUNNING
                and repo is not None
                and d.entry.checkpoint.repo_id == repo
            ):
                await self.cancel(d.id)
        await self._settle_previous(entry)
        return await asyncio.to_thread(delete_model_files, entry, self._cache)

    async def shutdown(self) -> None:
        """Cancel every running download and wait for the workers (app shutdown)."""
        running = [d for d in self._downloads.values() if d.status is DownloadStatus.RUNNING]
        for d in running:
            d.cancel.set()
        tasks = [d.task for d in running if d.task is not None]
        if tasks:
            await asyncio.wait(tasks)

    # -- internals ------------------------------------------------------------------------
    async def _plan(self, repo_id: str, revision: str | None, token: HubToken) -> RepoPlan:
        try:
            return await asyncio.to_thread(
                fetch_plan, repo_id, revision, token=token, endpoint=self._endpoint
            )
        except Exception as exc:
            raise ProblemError(
                hub_problem(
                    exc,
                    repo=repo_id,
                    revision=revision,
                    endpoint=self._endpoint,
                    token_set=bool(token),
                )
            ) from exc

    async def _probe(self, plan: RepoPlan, token: HubToken) -> None:
        try:
            await asyncio.to_thread(
                probe_access,
                plan.repo_id,
                plan.commit,
                plan.files[0].path,
                token=token,
                endpoint=self._endpoint,
            )
        except Exception as exc:
            raise ProblemError(
                hub_problem(
                    exc,
                    repo=plan.repo_id,
                    revision=plan.revision,
                    endpoint=self._endpoint,
                    token_set=bool(token),
                )
            ) from exc

    async def _settle_previous(self, entry: ModelEntry) -> None:
        """Wait for a cancelled download of the same repository to let go of its files.

        (Two running downloads of one repository are safe: per-blob file locks serialise them.)
        """
        repo = entry.checkpoint.repo_id
        for d in list(self._downloads.values()):
            same = d.entry.id == entry.id or (
                repo is not None and d.entry.checkpoint.repo_id == repo
            )
            if same and d.task is not None and not d.task.done():
                await asyncio.wait({d.task})

    def _launch(self, d: _Download) -> str:
        self._downloads[d.id] = d
        d.task = asyncio.create_task(self._run(d), name=f"download-{d.id}")
        return d.id

    async def _run(self, d: _Download) -> None:
        reporter = asyncio.create_task(self._report(d))
        try:
            if d.plan is not None:
                # Shielded: if this task is cancelled the worker thread cannot be, so it is
                # told to stop and awaited, never abandoned while it writes into the cache.
                worker = asyncio.ensure_future(asyncio.to_thread(self._transfer, d))
                try:
                    await asyncio.shield(worker)
                except asyncio.CancelledError:
                    d.cancel.set()
                    with contextlib.suppress(Exception):
                        await worker
                    raise
            d.status = DownloadStatus.COMPLETED
        except TransferCancelled:
            d.status = DownloadStatus.CANCELLED
        except ProblemError as exc:
            d.status, d.problem = DownloadStatus.FAILED, exc.problem
            log.warning("download of %s failed: %s", d.entry.id, exc.problem.english())
        except asyncio.CancelledError:
            d.status = DownloadStatus.CANCELLED
            raise
        except Exception as exc:
            d.status, d.problem = DownloadStatus.FAILED, self._failure(d, exc, None)
            log.warning("download of %s failed: %s", d.entry.id, d.problem.english())
        finally:
            reporter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reporter
            if d.status is DownloadStatus.COMPLETED:
                self._publish(d, d.progress.final())
            else:
                self._publish(d, d.progress.snapshot())
            self._bus.publish(
                DownloadFinished(
                    download_id=d.id, model_id=d.entry.id, status=d.status, problem=d.problem
                )
            )

    def _failure(self, d: _Download, exc: Exception, file: str | None) -> Problem:
        repo = d.plan.repo_id if d.plan is not None else d.entry.id
        if isinstance(exc, DigestMismatch):
            return problem("downloads.corrupt", repo=repo, file=exc.path)
        if isinstance(exc, NoProgress):
            return problem(
                "downloads.no_progress",
                repo=repo,
                file=exc.path,
                tries=exc.tries,
                useful_mib=USEFUL_BYTES // (1024 * 1024),
                error=transport_reason(exc.cause),
            )
        if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
            remaining = d.progress.total - d.progress.snapshot().done
            return no_space_problem(remaining, self._free_space(self._cache), str(self._cache))
        if d.plan is None:
            return failed_problem(repo, str(exc))
        return hub_problem(
            exc,
            repo=repo,
            revision=d.plan.revision,
            endpoint=self._endpoint,
            token_set=bool(d.token),
            file=file,
        )

    def _transfer(self, d: _Download) -> None:
        """Worker thread: fetch every planned file in order."""
        assert d.plan is not None
        layout = CacheLayout(self._cache, d.plan.repo_id)
        layout.record_revision(d.plan.revision, d.plan.commit)
        layout.record_total(d.plan.commit, d.plan.total)
        for remote in d.plan.files:
            if d.cancel.is_set():
                raise TransferCancelled
            for attempt in (1, 2):
                try:
                    fetch_file(
                        layout,
                        d.plan.commit,
                        remote,
                        token=d.token,
                        endpoint=self._endpoint,
                        cancel=d.cancel,
                        progress=d.progress,
                    )
                    break
                except DigestMismatch as exc:
                    # Bad bytes on disk from an earlier run, or a flaky proxy: one clean retry.
                    if attempt == 2:
                        raise ProblemError(self._failure(d, exc, remote.path)) from exc
                except TransferCancelled:
                    raise
                except Exception as exc:
                    raise ProblemError(self._failure(d, exc, remote.path)) from exc

    async def _report(self, d: _Download) -> None:
        """Publish what changed: bytes, the file, and a stall (no byte for a few seconds)
        the moment it starts or ends, so the speed shown never outlives the bytes."""
        last: ProgressSnapshot | None = None
        while True:
            snap = d.progress.snapshot()
            if last is None or (snap.done, snap.file, snap.file_done, snap.stalled) != (
                last.done,
                last.file,
                last.file_done,
                last.stalled,
            ):
                self._publish(d, snap)
                last = snap
            await asyncio.sleep(self._interval)

    def _publish(self, d: _Download, s: ProgressSnapshot) -> None:
        self._bus.publish(
            DownloadProgressed(
                download_id=d.id,
                model_id=d.entry.id,
                done=s.done,
                total=s.total,
                file=s.file,
                file_done=s.file_done,
                file_total=s.file_total,
                speed_bps=s.speed_bps,
                eta_s=s.eta_s,
                stalled=s.stalled,
            )
        )

    def _view(self, d: _Download) -> DownloadView:
        snap = d.progress.snapshot()
        done = d.progress.total if d.status is DownloadStatus.COMPLETED else snap.done
        return DownloadView(
            download_id=d.id,
            model_id=d.entry.id,
            status=d.status,
            done=done,
            total=d.progress.total,
            problem=d.problem.to_json() if d.problem is not None else None,
        )
