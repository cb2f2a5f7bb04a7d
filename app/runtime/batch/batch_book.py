"""The batch jobs and files this process knows: kept on disk, shown as views, announced."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time

from app.core.batch.batch_jobs import (
    ACTIVE,
    BatchJobChanged,
    BatchJobView,
    FileRecord,
    JobRecord,
    unknown_batch,
    unknown_file,
)
from app.core.batch.batch_progress import BatchProgress
from app.core.events import EventBus
from app.core.problems.problems import Problem
from app.runtime.batch.batch_results import ResultFiles
from app.runtime.batch.batch_store import FILE_ID, BatchStore

log = logging.getLogger(__name__)

EVENT_INTERVAL_S = 0.25  # progress events per job at most this often
SAVE_INTERVAL_S = 5.0  # a running job's counts are written at most this often (the files
# are the truth: a restart counts again from them)


def now_s() -> int:
    """A job's timestamps: whole seconds since the epoch, as OpenAI's batch objects have."""
    return int(time.time())


class BatchBook:
    """The records of every job and file, changed on the runtime loop only.

    Shared by the use cases (app.runtime.batch.batch) and the scheduler that runs the
    jobs (app.runtime.batch.batch_scheduler): every change goes through `update()`, which
    saves the job and announces it, or `record_progress()`, which does both less often.
    """

    def __init__(self, store: BatchStore, bus: EventBus) -> None:
        self.store = store
        self._bus = bus
        self.files: dict[str, FileRecord] = {}
        self.jobs: dict[str, JobRecord] = {}
        self.live: dict[str, BatchProgress] = {}  # the running job's progress (rate, ETA)
        self.problems: dict[str, Problem] = {}  # why a job waits or stopped, while it does
        self.running_id: str | None = None  # the job the scheduler is sending requests for
        self._loaded = False
        self._last_event: dict[str, float] = {}
        self._last_save: dict[str, float] = {}
        # Held while a job's record goes to or comes from disk: a reread that read the file
        # while an update was still writing it would put the old record back in memory (a
        # resumed job taken for paused again, and left waiting).
        self._io = asyncio.Lock()

    async def load(self) -> None:
        """The records, read once; and expired files deleted, on every call (each use case
        begins with it, so an expired file is gone before anyone can ask for it)."""
        if not self._loaded:
            self.files, self.jobs = await asyncio.to_thread(self.store.load)
            self._loaded = True
        await self._expire()

    async def _expire(self) -> None:
        now = time.time()
        expired = [record for record in self.files.values() if record.expired(now)]
        if not expired:
            return
        # A running batch keeps reading its input: that file goes once the batch has ended.
        in_use = {
            file_id
            for job in self.jobs.values()
            if job.status in ACTIVE
            for file_id in (job.input_file_id, job.output_file_id, job.error_file_id)
        }
        gone = [record.id for record in expired if record.id not in in_use]
        for file_id in gone:
            self.files.pop(file_id, None)
        if gone:
            await asyncio.to_thread(self._delete, gone)

    def _delete(self, file_ids: list[str]) -> None:
        for file_id in file_ids:
            self.store.delete_file(file_id)
            log.info("deleted the expired batch file %s", file_id)

    # -- lookups -----------------------------------------------------------------------------
    def file(self, file_id: str, *, param: str | None = None) -> FileRecord:
        record = self.files.get(file_id) if FILE_ID.match(file_id) else None
        if record is None:
            raise unknown_file(file_id, param=param)
        return record

    def job(self, batch_id: str) -> JobRecord:
        job = self.jobs.get(batch_id)
        if job is None:
            raise unknown_batch(batch_id)
        return job

    def result_files(self, job: JobRecord) -> ResultFiles:
        return ResultFiles(
            self.store.content_path(job.output_file_id), self.store.content_path(job.error_file_id)
        )

    # -- what the GUI shows --------------------------------------------------------------------
    def views(self) -> list[BatchJobView]:
        jobs = sorted(self.jobs.values(), key=lambda j: (-j.created_at, j.id))
        return [self.view(job.id) for job in jobs]

    def view(self, batch_id: str) -> BatchJobView:
        job = self.job(batch_id)
        live = self.live.get(job.id)
        source = self.files.get(job.input_file_id)
        problem_ = self.problems.get(job.id)
        if problem_ is None and job.errors:
            problem_ = job.errors[0].problem()
        return BatchJobView(
            id=job.id,
            status=job.status,
            paused=job.paused,
            running=self.running_id == job.id and live is not None,
            endpoint=job.endpoint,
            models=job.models,
            total=job.total,
            completed=job.completed,
            failed=job.failed,
            created_at=job.created_at,
            input_name=source.filename if source is not None else job.input_file_id,
            output_path=str(self.store.content_path(job.output_file_id)),
            error_path=str(self.store.content_path(job.error_file_id)),
            in_flight=live.in_flight if live else 0,
            rate=live.rate if live else None,
            eta_s=live.eta_s if live else None,
            problem=problem_,
        )

    # -- changes -------------------------------------------------------------------------------
    async def update(self, job: JobRecord) -> None:
        async with self._io:
            self.jobs[job.id] = job
            await asyncio.to_thread(self.store.save_job, job)
        self.changed(job, force=True)

    async def save(self, job: JobRecord) -> None:
        """Write the job's record as it is now in memory (a save queued a while ago never
        writes an older one over a newer)."""
        async with self._io:
            current = self.jobs.get(job.id, job)
            await asyncio.to_thread(self.store.save_job, current)

    async def reread(self, batch_id: str, why: Problem | None = None) -> JobRecord:
        """Take the job's record from disk, where another process on the same config dir
        may have moved it on; `why` is shown as the reason it waits (None: no reason)."""
        async with self._io:
            job = self.job(batch_id)
            fresh = await asyncio.to_thread(self.store.read_job, batch_id)
        before = self.problems.pop(batch_id, None)
        if why is not None:
            self.problems[batch_id] = why
        if fresh is not None and fresh != job:
            job = self.jobs[batch_id] = fresh
        if job is fresh or before != why:
            self.changed(job, force=True)
        return job

    def record_progress(self, batch_id: str, progress: BatchProgress) -> None:
        job = self.jobs.get(batch_id)
        if job is None:
            return
        self.live[batch_id] = progress
        job = dataclasses.replace(job, completed=progress.succeeded, failed=progress.failed)
        self.jobs[batch_id] = job
        now = time.monotonic()
        if now - self._last_save.get(batch_id, 0.0) >= SAVE_INTERVAL_S:
            self._last_save[batch_id] = now
            task = asyncio.get_running_loop().create_task(self.save(job))
            task.add_done_callback(_log_failure)
        self.changed(job)

    def changed(self, job: JobRecord, *, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last_event.get(job.id, 0.0) < EVENT_INTERVAL_S:
            return
        self._last_event[job.id] = now
        self._bus.publish(BatchJobChanged(self.view(job.id)))


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("saving a batch job failed: %s", task.exception())
