"""Batch jobs: /v1/files and /v1/batches, run one at a time through the app's own endpoint.

Jobs and files are kept in the config dir (app.runtime.batch.batch_store), so a job that
was running when the app stopped carries on at the next start: its output and error files
say which requests are done (the resume rule of app.core.batch.batch), and only the rest are sent.
This module holds the use cases; batch_book.py the records they share with the scheduler
(batch_scheduler.py) that runs the jobs, and batch_upload.py one upload.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any

from app.core.batch.batch import ModelInfo
from app.core.batch.batch_jobs import (
    ACTIVE,
    ENDED,
    INPUT_PURPOSE,
    OUTPUT_PURPOSE,
    BatchJobView,
    FileRecord,
    JobRecord,
    JobStatus,
    batch_object,
    check_create,
    check_purpose,
    file_object,
    file_too_large,
    list_page,
    new_id,
    page_after,
)
from app.core.contracts import FileUpload
from app.core.events import EventBus
from app.core.problems.problems import ProblemError, problem
from app.core.settings.settings import Settings
from app.runtime.api.values import Endpoint
from app.runtime.batch.batch_book import BatchBook, now_s
from app.runtime.batch.batch_file import BatchFile
from app.runtime.batch.batch_run import tuned_concurrency
from app.runtime.batch.batch_scheduler import BatchScheduler, finish_cancel
from app.runtime.batch.batch_store import BatchStore
from app.runtime.batch.batch_upload import BatchUpload, UploadRoom
from app.runtime.control.planning import Planner

MIB = 2**20
# OpenAI takes batch files up to 200 MB; a local endpoint has room for more (one line is a
# request, so 500,000 classifications take a few hundred MB).
MAX_UPLOAD_BYTES = 1024 * MIB
# The settings batch.disk_quota_gb and batch.file_expiry_days, when nothing says otherwise.
DEFAULT_QUOTA_BYTES = 20 * 10**9
DEFAULT_EXPIRY_S = 30 * 24 * 3600


class BatchService:
    """The batch use cases (app.core.contracts.BatchController and the GUI's); runs on the
    runtime loop. Jobs run one at a time (BatchScheduler); a cancel goes before other work."""

    def __init__(
        self,
        *,
        store: BatchStore,
        bus: EventBus,
        models: Callable[[], Mapping[str, ModelInfo]],
        concurrency: Callable[[Collection[str]], int],
        endpoint: Callable[[], Endpoint | None],
        max_upload_bytes: int = MAX_UPLOAD_BYTES,
        quota_bytes: Callable[[], int] = lambda: DEFAULT_QUOTA_BYTES,
        default_expiry_s: Callable[[], int | None] = lambda: DEFAULT_EXPIRY_S,
        run_jobs: bool = True,
    ) -> None:
        self._bus = bus
        self._book = BatchBook(store, bus)
        self._concurrency = concurrency
        self._scheduler = BatchScheduler(
            self._book, models=models, concurrency=concurrency, endpoint=endpoint
        )
        self.max_upload_bytes = max_upload_bytes  # tests lower it
        self._quota_bytes = quota_bytes  # read at each upload: a changed setting applies
        self._default_expiry_s = default_expiry_s
        self._room = UploadRoom()
        self._run_jobs = run_jobs

    def concurrency(self, model_ids: Collection[str]) -> int:
        """Requests in flight for a batch of these models: the smallest tuned
        --max-num-seqs among them (else the setting)."""
        return self._concurrency(model_ids)

    def open_file(self, source: Path, output: Path, errors: Path) -> BatchFile:
        """`batch run`'s file, checked whole and its output locked (blocking; ProblemError)."""
        return BatchFile(source, output, errors, self._concurrency)

    @property
    def store(self) -> BatchStore:
        return self._book.store

    @property
    def files(self) -> dict[str, FileRecord]:
        return self._book.files

    @property
    def jobs(self) -> dict[str, JobRecord]:
        return self._book.jobs

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        await self._book.load()
        if self._run_jobs:
            self._scheduler.start(self._bus)

    async def stop(self) -> None:
        """Stop sending; running jobs stay in_progress on disk and resume at the next start."""
        await self._scheduler.stop()

    # -- files (BatchController) ---------------------------------------------------------------
    async def begin_upload(self, expected_bytes: int | None, purpose: str | None) -> FileUpload:
        if purpose is not None:
            check_purpose(purpose)
        if expected_bytes is not None and expected_bytes > self.max_upload_bytes:
            raise file_too_large(self.max_upload_bytes)
        await self._book.load()  # expired files go first: their room is free again
        if not self._room.in_progress:
            self._room.on_disk = await asyncio.to_thread(self.store.total_bytes)
        quota = self._quota_bytes()
        self._room.check(expected_bytes or 0, quota)
        return BatchUpload(
            self._book,
            limit=self.max_upload_bytes,
            room=self._room,
            quota=quota,
            default_expiry_s=self._default_expiry_s(),
        )

    async def _file_object(self, record: FileRecord) -> dict[str, Any]:
        if record.purpose == OUTPUT_PURPOSE:
            # Still growing while its job runs: the size is read, not remembered.
            return file_object(record, await asyncio.to_thread(self.store.size, record.id))
        return file_object(record)

    async def list_files(
        self, purpose: str | None, after: str | None, limit: int | None
    ) -> Mapping[str, Any]:
        await self._book.load()
        records = sorted(self.files.values(), key=lambda r: (-r.created_at, r.id))
        if purpose is not None:
            records = [r for r in records if r.purpose == purpose]
        ids, more = page_after([r.id for r in records], after, limit)
        return list_page([await self._file_object(self.files[i]) for i in ids], more)

    async def get_file(self, file_id: str) -> Mapping[str, Any]:
        await self._book.load()
        return await self._file_object(self._book.file(file_id))

    async def file_content(self, file_id: str) -> str:
        await self._book.load()
        record = self._book.file(file_id)
        path = self.store.content_path(record.id)
        if record.purpose == OUTPUT_PURPOSE and not path.exists():
            # A job's output before its first result: empty, not missing.
            await asyncio.to_thread(path.touch)
        return str(path)

    async def delete_file(self, file_id: str) -> Mapping[str, Any]:
        await self._book.load()
        record = self._book.file(file_id)
        for job in self.jobs.values():
            uses = (job.input_file_id, job.output_file_id, job.error_file_id)
            if job.status in ACTIVE and record.id in uses:
                raise ProblemError(problem("batch.file_in_use", file_id=record.id, batch_id=job.id))
        await asyncio.to_thread(self.store.delete_file, record.id)
        self.files.pop(record.id, None)
        return {"id": record.id, "object": "file", "deleted": True}

    # -- batches (BatchController) ---------------------------------------------------------------
    async def create_batch(self, body: Mapping[str, Any]) -> Mapping[str, Any]:
        await self._book.load()
        wanted = check_create(body)
        source = self._book.file(wanted.input_file_id, param="input_file_id")
        if source.purpose != INPUT_PURPOSE:
            raise ProblemError(
                problem("batch.not_input_file", file_id=source.id, param="input_file_id")
            )
        job_id = new_id("batch_")
        now = now_s()
        output = FileRecord(new_id("file-"), f"{job_id}_output.jsonl", OUTPUT_PURPOSE, now)
        errors = FileRecord(new_id("file-"), f"{job_id}_error.jsonl", OUTPUT_PURPOSE, now)
        job = JobRecord(
            id=job_id,
            endpoint=wanted.endpoint,
            input_file_id=source.id,
            completion_window=wanted.completion_window,
            status=JobStatus.VALIDATING,
            created_at=now,
            output_file_id=output.id,
            error_file_id=errors.id,
            metadata=wanted.metadata,
        )
        await asyncio.to_thread(self._save_new, job, output, errors)
        self.files[output.id] = output
        self.files[errors.id] = errors
        self.jobs[job.id] = job
        self._book.changed(job, force=True)
        self._scheduler.wake()
        return _batch_object(job)

    def _save_new(self, job: JobRecord, *outputs: FileRecord) -> None:
        for record in outputs:
            self.store.save_file(record)
        self.store.save_job(job)

    async def get_batch(self, batch_id: str) -> Mapping[str, Any]:
        await self._book.load()
        return _batch_object(self._book.job(batch_id))

    async def list_batches(self, after: str | None, limit: int | None) -> Mapping[str, Any]:
        await self._book.load()
        jobs = sorted(self.jobs.values(), key=lambda j: (-j.created_at, j.id))
        ids, more = page_after([j.id for j in jobs], after, limit)
        return list_page([_batch_object(self.jobs[i]) for i in ids], more)

    async def cancel_batch(self, batch_id: str) -> Mapping[str, Any]:
        return _batch_object(await self._cancel(batch_id))

    # -- what the GUI does ------------------------------------------------------------------------
    def views(self) -> list[BatchJobView]:
        return self._book.views()

    def view(self, batch_id: str) -> BatchJobView:
        return self._book.view(batch_id)

    async def pause(self, batch_id: str) -> BatchJobView:
        """Stop sending (requests in flight are dropped, not recorded); resume() goes on."""
        await self._book.load()
        job = self._book.job(batch_id)
        self._check_here(job)
        if not job.paused and job.status is not JobStatus.CANCELLING:
            await self._book.update(dataclasses.replace(job, paused=True))
            await self._scheduler.interrupt(job.id)
        return self.view(job.id)

    async def resume(self, batch_id: str) -> BatchJobView:
        await self._book.load()
        job = self._book.job(batch_id)
        if job.status in ENDED:
            raise _ended(job)
        if job.paused:
            await self._book.update(dataclasses.replace(job, paused=False))
            self._scheduler.wake()
        return self.view(job.id)

    def _check_here(self, job: JobRecord) -> None:
        """Refuse to change a job that has ended, or that another process runs: its runner
        would not see the change, and would write its own record over it."""
        if job.status in ENDED:
            raise _ended(job)
        if self._scheduler.runs_elsewhere(job.id):
            raise ProblemError(problem("batch.running_elsewhere"))

    async def cancel(self, batch_id: str) -> BatchJobView:
        """Stop for good; the results so far stay in the output file (as OpenAI's do)."""
        return self.view((await self._cancel(batch_id)).id)

    async def _cancel(self, batch_id: str) -> JobRecord:
        await self._book.load()
        job = self._book.job(batch_id)
        self._check_here(job)
        if job.status is not JobStatus.CANCELLING:
            job = job.moved_to(JobStatus.CANCELLING, now_s(), paused=False)
            await self._book.update(job)
            await self._scheduler.interrupt(job.id)
            self._scheduler.wake()
        if not self._run_jobs:
            job = await finish_cancel(self._book, job)
        return self.jobs[job.id]


def _batch_object(job: JobRecord) -> dict[str, Any]:
    return batch_object(job, has_errors=job.failed > 0)


def _ended(job: JobRecord) -> ProblemError:
    return ProblemError(problem("batch.ended", batch_id=job.id, status=job.status.value))


def store_root(config_dir: Path) -> Path:
    return config_dir / "batches"


def make_batch_service(
    *,
    config_dir: Path,
    bus: EventBus,
    settings: Settings,
    planner: Planner,
    models: Callable[[], Mapping[str, ModelInfo]],
    endpoint: Callable[[], Endpoint | None],
    run_jobs: bool = True,
) -> BatchService:
    """The service as the runtime wires it: jobs go to its own endpoint (`endpoint`, with
    its key), as many at once as the tuned --max-num-seqs of their models."""

    def concurrency(model_ids: Collection[str]) -> int:
        return tuned_concurrency(
            model_ids,
            lambda model_id: planner.resolved_args(model_id).args,
            int(settings.get("models.max_num_seqs")),
        )

    def quota_bytes() -> int:
        return int(float(settings.get("batch.disk_quota_gb")) * 1e9)

    def default_expiry_s() -> int | None:
        days = float(settings.get("batch.file_expiry_days"))
        return round(days * 24 * 3600) or None

    return BatchService(
        store=BatchStore(store_root(config_dir)),
        bus=bus,
        models=models,
        concurrency=concurrency,
        endpoint=endpoint,
        quota_bytes=quota_bytes,
        default_expiry_s=default_expiry_s,
        run_jobs=run_jobs,
    )
