"""Batch jobs: /v1/files and /v1/batches, run one at a time through the app's own endpoint.

Jobs and files are kept in the config dir (app.runtime.services.batch_store), so a job that
was running when the app stopped carries on at the next start: its output and error files
say which requests are done (the resume rule of app.core.batch), and only the rest are sent.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import time
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any, Protocol

from app.core.batch import BatchProgress, ModelInfo
from app.core.batch_jobs import (
    ACTIVE,
    ENDED,
    INPUT_PURPOSE,
    OUTPUT_PURPOSE,
    BatchJobChanged,
    BatchJobView,
    FileRecord,
    JobError,
    JobRecord,
    JobStatus,
    batch_object,
    check_create,
    file_object,
    file_too_large,
    list_page,
    new_id,
    page_after,
    unknown_batch,
    unknown_file,
)
from app.core.contracts import FileUpload
from app.core.events import Event, EventBus, ServerStateChanged
from app.core.paths import AppPaths
from app.core.problems import Problem, ProblemError, problem, tr_noop
from app.core.settings import Settings
from app.runtime.controller import Controller
from app.runtime.planner import Planner
from app.runtime.services.batch_run import (
    ENDPOINT_UNREACHABLE,
    BatchRun,
    Endpoint,
    ResultFiles,
    prepare,
    tuned_concurrency,
)
from app.runtime.services.batch_store import FILE_ID, BatchStore
from app.runtime.services.config import Secrets

log = logging.getLogger(__name__)

MIB = 2**20
# OpenAI takes batch files up to 200 MB; a local endpoint has room for more (one line is a
# request, so 500,000 classifications take a few hundred MB).
MAX_UPLOAD_BYTES = 1024 * MIB
EVENT_INTERVAL_S = 0.25  # progress events per job at most this often
SAVE_INTERVAL_S = 5.0  # a running job's counts are written at most this often (the files
# are the truth: a restart counts again from them)
RETRY_AFTER_S = 2.0  # before trying an endpoint again that stopped answering


def _now() -> int:
    return int(time.time())


def bad_purpose(purpose: str) -> ProblemError:
    return ProblemError(
        problem(
            "batch.bad_purpose",
            tr_noop(
                "This endpoint keeps files for batches only: "
                'purpose must be "batch"; got {purpose}.'
            ),
            purpose=purpose,
            param="purpose",
        )
    )


class _Upload:
    """Implements FileUpload: a temp file in the store, renamed into place on commit."""

    def __init__(self, service: BatchService) -> None:
        self._service = service
        self._path = service.store.new_upload()
        self._fh: Any = None
        self._size = 0

    async def write(self, chunk: bytes) -> None:
        self._size += len(chunk)
        limit = self._service.max_upload_bytes
        if self._size > limit:
            await self.abort()
            raise file_too_large(limit)
        if self._fh is None:
            self._fh = await asyncio.to_thread(self._path.open, "wb")
        await asyncio.to_thread(self._fh.write, chunk)

    async def commit(self, filename: str, purpose: str) -> Mapping[str, Any]:
        if purpose != INPUT_PURPOSE:
            await self.abort()
            raise bad_purpose(purpose)
        if self._fh is None:
            self._fh = await asyncio.to_thread(self._path.open, "wb")
        record = FileRecord(
            new_id("file-"), filename or "upload.jsonl", purpose, _now(), self._size
        )
        await asyncio.to_thread(self._finish, record)
        self._service.files[record.id] = record
        return file_object(record)

    def _finish(self, record: FileRecord) -> None:
        fh, self._fh = self._fh, None
        try:
            fh.flush()
            os.fsync(fh.fileno())
        finally:
            fh.close()
        self._service.store.commit_upload(self._path, record)

    async def abort(self) -> None:
        fh, self._fh = self._fh, None
        if fh is not None:
            await asyncio.to_thread(fh.close)
        await asyncio.to_thread(self._path.unlink, True)


class BatchService:
    """The batch use cases; runs on the runtime loop.

    One job runs at a time (oldest first), with as many requests in flight as the tuned
    `--max-num-seqs` of its models: two jobs at once would only push a model past the knee
    the tuner found. A cancel is carried out before any other job's work.
    """

    def __init__(
        self,
        *,
        store: BatchStore,
        bus: EventBus,
        models: Callable[[], Mapping[str, ModelInfo]],
        concurrency: Callable[[Collection[str]], int],
        endpoint: Callable[[], Endpoint | None],
        max_upload_bytes: int = MAX_UPLOAD_BYTES,
        run_jobs: bool = True,
    ) -> None:
        self.store = store
        self._bus = bus
        self._models = models
        self._concurrency = concurrency
        self._endpoint = endpoint
        self.max_upload_bytes = max_upload_bytes  # tests lower it
        self._run_jobs = run_jobs
        self.files: dict[str, FileRecord] = {}
        self.jobs: dict[str, JobRecord] = {}
        self._live: dict[str, BatchProgress] = {}  # the running job's progress (rate, ETA)
        self._problems: dict[str, Problem] = {}
        self._loaded = False
        self._wake = asyncio.Event()
        self._server_changed = asyncio.Event()
        self._scheduler: asyncio.Task[None] | None = None
        self._current: tuple[str, asyncio.Task[None]] | None = None
        self._last_event: dict[str, float] = {}
        self._last_save: dict[str, float] = {}
        self._unsubscribe: Callable[[], None] | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        await self._load()
        if not self._run_jobs or self._scheduler is not None:
            return
        loop = asyncio.get_running_loop()

        def on_event(event: Event) -> None:
            if isinstance(event, ServerStateChanged):
                loop.call_soon_threadsafe(self._server_changed.set)

        self._unsubscribe = self._bus.subscribe(on_event)
        self._scheduler = loop.create_task(self._schedule(), name="batch-scheduler")

    async def stop(self) -> None:
        """Stop sending; running jobs stay in_progress on disk and resume at the next start."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        scheduler, self._scheduler = self._scheduler, None
        current, self._current = self._current, None
        for task in (scheduler, current[1] if current else None):
            if task is not None:
                task.cancel()
        await asyncio.gather(
            *(t for t in (scheduler, current[1] if current else None) if t is not None),
            return_exceptions=True,
        )

    async def _load(self) -> None:
        if self._loaded:
            return
        self.files, self.jobs = await asyncio.to_thread(self.store.load)
        self._loaded = True

    # -- files (BatchController) ---------------------------------------------------------------
    def begin_upload(self) -> FileUpload:
        return _Upload(self)

    def _file(self, file_id: str) -> FileRecord:
        record = self.files.get(file_id) if FILE_ID.match(file_id) else None
        if record is None:
            raise unknown_file(file_id)
        return record

    async def _file_object(self, record: FileRecord) -> dict[str, Any]:
        if record.purpose == OUTPUT_PURPOSE:
            # Still growing while its job runs: the size is read, not remembered.
            return file_object(record, await asyncio.to_thread(self.store.size, record.id))
        return file_object(record)

    async def list_files(
        self, purpose: str | None, after: str | None, limit: int | None
    ) -> Mapping[str, Any]:
        await self._load()
        records = sorted(self.files.values(), key=lambda r: (-r.created_at, r.id))
        if purpose is not None:
            records = [r for r in records if r.purpose == purpose]
        ids, more = page_after([r.id for r in records], after, limit)
        return list_page([await self._file_object(self.files[i]) for i in ids], more)

    async def get_file(self, file_id: str) -> Mapping[str, Any]:
        await self._load()
        return await self._file_object(self._file(file_id))

    async def file_content(self, file_id: str) -> str:
        await self._load()
        record = self._file(file_id)
        path = self.store.content_path(record.id)
        if record.purpose == OUTPUT_PURPOSE and not path.exists():
            # A job's output before its first result: empty, not missing.
            await asyncio.to_thread(path.touch)
        return str(path)

    async def delete_file(self, file_id: str) -> Mapping[str, Any]:
        await self._load()
        record = self._file(file_id)
        for job in self.jobs.values():
            uses = (job.input_file_id, job.output_file_id, job.error_file_id)
            if job.status in ACTIVE and record.id in uses:
                raise ProblemError(
                    problem(
                        "batch.file_in_use",
                        tr_noop(
                            "{file_id} belongs to the batch {batch_id}, which is still running."
                        ),
                        file_id=record.id,
                        batch_id=job.id,
                    )
                )
        await asyncio.to_thread(self.store.delete_file, record.id)
        self.files.pop(record.id, None)
        return {"id": record.id, "object": "file", "deleted": True}

    # -- batches (BatchController) ---------------------------------------------------------------
    async def create_batch(self, body: Mapping[str, Any]) -> Mapping[str, Any]:
        await self._load()
        wanted = check_create(body)
        source = (
            self.files.get(wanted.input_file_id) if FILE_ID.match(wanted.input_file_id) else None
        )
        if source is None:
            raise unknown_file(wanted.input_file_id, param="input_file_id")
        if source.purpose != INPUT_PURPOSE:
            raise ProblemError(
                problem(
                    "batch.not_input_file",
                    tr_noop('{file_id} was not uploaded with purpose "batch".'),
                    file_id=source.id,
                    param="input_file_id",
                )
            )
        job_id = new_id("batch_")
        now = _now()
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
        self._changed(job, force=True)
        self._wake.set()
        return self._batch_object(job)

    def _save_new(self, job: JobRecord, *outputs: FileRecord) -> None:
        for record in outputs:
            self.store.save_file(record)
        self.store.save_job(job)

    def _job(self, batch_id: str) -> JobRecord:
        job = self.jobs.get(batch_id)
        if job is None:
            raise unknown_batch(batch_id)
        return job

    def _batch_object(self, job: JobRecord) -> dict[str, Any]:
        return batch_object(job, has_errors=job.failed > 0)

    async def get_batch(self, batch_id: str) -> Mapping[str, Any]:
        await self._load()
        return self._batch_object(self._job(batch_id))

    async def list_batches(self, after: str | None, limit: int | None) -> Mapping[str, Any]:
        await self._load()
        jobs = sorted(self.jobs.values(), key=lambda j: (-j.created_at, j.id))
        ids, more = page_after([j.id for j in jobs], after, limit)
        return list_page([self._batch_object(self.jobs[i]) for i in ids], more)

    async def cancel_batch(self, batch_id: str) -> Mapping[str, Any]:
        return self._batch_object(await self.cancel(batch_id))

    # -- what the GUI does ------------------------------------------------------------------------
    def views(self) -> list[BatchJobView]:
        jobs = sorted(self.jobs.values(), key=lambda j: (-j.created_at, j.id))
        return [self.view(job.id) for job in jobs]

    def view(self, batch_id: str) -> BatchJobView:
        job = self._job(batch_id)
        live = self._live.get(job.id)
        source = self.files.get(job.input_file_id)
        problem_ = self._problems.get(job.id)
        if problem_ is None and job.errors:
            problem_ = job.errors[0].problem()
        return BatchJobView(
            id=job.id,
            status=job.status,
            paused=job.paused,
            running=self._current is not None and self._current[0] == job.id and live is not None,
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

    async def pause(self, batch_id: str) -> BatchJobView:
        """Stop sending (requests in flight are dropped, not recorded); resume() goes on."""
        await self._load()
        job = self._job(batch_id)
        if job.status in ENDED:
            raise _ended(job)
        if not job.paused and job.status is not JobStatus.CANCELLING:
            await self._update(dataclasses.replace(job, paused=True))
            await self._interrupt(job.id)
        return self.view(job.id)

    async def resume(self, batch_id: str) -> BatchJobView:
        await self._load()
        job = self._job(batch_id)
        if job.status in ENDED:
            raise _ended(job)
        if job.paused:
            await self._update(dataclasses.replace(job, paused=False))
            self._wake.set()
        return self.view(job.id)

    async def cancel(self, batch_id: str) -> JobRecord:
        """Stop for good; the results so far stay in the output file (as OpenAI's do)."""
        await self._load()
        job = self._job(batch_id)
        if job.status in ENDED:
            raise _ended(job)
        if job.status is not JobStatus.CANCELLING:
            job = job.moved_to(JobStatus.CANCELLING, _now(), paused=False)
            await self._update(job)
            await self._interrupt(job.id)
            self._wake.set()
        if not self._run_jobs:
            job = await self._finish_cancel(job)
        return self.jobs[job.id]

    async def _interrupt(self, batch_id: str) -> None:
        current = self._current
        if current is not None and current[0] == batch_id:
            current[1].cancel()
            await asyncio.gather(current[1], return_exceptions=True)

    # -- running -------------------------------------------------------------------------------
    def _next_job(self) -> JobRecord | None:
        waiting = [j for j in self.jobs.values() if j.status in ACTIVE and not j.paused]
        if not waiting:
            return None
        # A cancel first: it only counts what is there; then the oldest job.
        return min(waiting, key=lambda j: (j.status is not JobStatus.CANCELLING, j.created_at))

    async def _schedule(self) -> None:
        while True:
            job = self._next_job()
            if job is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            task = asyncio.get_running_loop().create_task(self._process(job.id))
            self._current = (job.id, task)
            try:
                await asyncio.wait({task})
            finally:
                if self._current is not None and self._current[1] is task:
                    self._current = None
                self._live.pop(job.id, None)
            if not task.cancelled() and task.exception() is not None:
                log.error("batch %s stopped", job.id, exc_info=task.exception())
                self._problems[job.id] = _unexpected(task.exception())
                await self._update(dataclasses.replace(self.jobs[job.id], paused=True))

    async def _process(self, batch_id: str) -> None:
        job = self.jobs[batch_id]
        if job.status is JobStatus.CANCELLING:
            await self._finish_cancel(job)
            return
        while True:
            endpoint = await self._wait_for_endpoint(batch_id)
            files = self._result_files(job)
            source = self.files.get(job.input_file_id)
            validating = job.status is JobStatus.VALIDATING
            try:
                if source is None:
                    raise unknown_file(job.input_file_id)
                scan = await asyncio.to_thread(
                    prepare,
                    files,
                    self.store.content_path(source.id),
                    # Models are checked once, before the first request: a model removed
                    # later shows as errors of its requests, not as a failed half-done job.
                    models=self._models() if validating else None,
                    endpoint=job.endpoint,
                    label=source.filename,
                )
            except ProblemError as exc:
                await self._fail(job, exc.problem)
                return
            job = self.jobs[batch_id]
            if validating:
                job = job.moved_to(
                    JobStatus.IN_PROGRESS,
                    _now(),
                    total=scan.total,
                    models=tuple(sorted(scan.models)),
                )
            job = dataclasses.replace(
                job, total=scan.total, completed=scan.done_ok, failed=scan.done_failed
            )
            await self._update(job)
            run = BatchRun(
                endpoint,
                self.store.content_path(source.id),
                files,
                scan=scan,
                concurrency=self._concurrency(scan.models),
                on_progress=lambda p: self._on_progress(batch_id, p),
                job_endpoint=job.endpoint,
            )
            try:
                final = await run.run()
            except ProblemError as exc:
                self._on_progress(batch_id, run.progress)
                if exc.problem.code != ENDPOINT_UNREACHABLE:
                    await self._fail(self.jobs[batch_id], exc.problem)
                    return
                self._problems[batch_id] = exc.problem
                await self._update(self.jobs[batch_id])
                # The endpoint went away. Stopped by the user: _wait_for_endpoint waits for
                # it to start again. Still meant to run (restarting, overloaded): try again
                # after a pause. Either way the files say where to resume.
                if self._endpoint() is not None:
                    await asyncio.sleep(RETRY_AFTER_S)
                job = self.jobs[batch_id]
                continue
            except asyncio.CancelledError:
                self._on_progress(batch_id, run.progress)
                await asyncio.shield(self._save(self.jobs[batch_id]))
                raise
            self._problems.pop(batch_id, None)
            job = self.jobs[batch_id]
            now = _now()
            job = job.moved_to(
                JobStatus.FINALIZING, now, completed=final.succeeded, failed=final.failed
            )
            await self._update(job)
            await self._update(job.moved_to(JobStatus.COMPLETED, _now()))
            return

    def _result_files(self, job: JobRecord) -> ResultFiles:
        return ResultFiles(
            self.store.content_path(job.output_file_id), self.store.content_path(job.error_file_id)
        )

    async def _wait_for_endpoint(self, batch_id: str) -> Endpoint:
        while True:
            self._server_changed.clear()
            endpoint = self._endpoint()
            if endpoint is not None:
                self._problems.pop(batch_id, None)
                return endpoint
            self._problems[batch_id] = problem(
                "batch.endpoint_stopped",
                tr_noop("Waiting for the endpoint: batch jobs run through it. Start it to go on."),
            )
            self._changed(self.jobs[batch_id], force=True)
            await self._server_changed.wait()

    async def _finish_cancel(self, job: JobRecord) -> JobRecord:
        files = self._result_files(job)
        ok_scan, err_scan = await asyncio.to_thread(files.scan)
        if ok_scan.torn_bytes or err_scan.torn_bytes:
            await asyncio.to_thread(files.open)  # cut a half line off what clients will read
            await asyncio.to_thread(files.close)
        job = job.moved_to(
            JobStatus.CANCELLED, _now(), completed=ok_scan.lines, failed=err_scan.lines
        )
        await self._update(job)
        return job

    async def _fail(self, job: JobRecord, why: Problem) -> None:
        line = why.params.get("line")
        error = JobError(
            code=why.code,
            message=why.english(),
            line=int(line) if isinstance(line, int) else None,
            param=str(why.params["param"]) if "param" in why.params else None,
            template=why.template,
            params={k: v for k, v in why.params.items() if _is_json(v)},
        )
        await self._update(job.moved_to(JobStatus.FAILED, _now(), errors=(error,)))

    def _on_progress(self, batch_id: str, progress: BatchProgress) -> None:
        job = self.jobs.get(batch_id)
        if job is None:
            return
        self._live[batch_id] = progress
        job = dataclasses.replace(job, completed=progress.succeeded, failed=progress.failed)
        self.jobs[batch_id] = job
        now = time.monotonic()
        if now - self._last_save.get(batch_id, 0.0) >= SAVE_INTERVAL_S:
            self._last_save[batch_id] = now
            task = asyncio.get_running_loop().create_task(self._save(job))
            task.add_done_callback(_log_failure)
        self._changed(job)

    async def _update(self, job: JobRecord) -> None:
        self.jobs[job.id] = job
        await self._save(job)
        self._changed(job, force=True)

    async def _save(self, job: JobRecord) -> None:
        await asyncio.to_thread(self.store.save_job, job)

    def _changed(self, job: JobRecord, *, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last_event.get(job.id, 0.0) < EVENT_INTERVAL_S:
            return
        self._last_event[job.id] = now
        self._bus.publish(BatchJobChanged(self.view(job.id)))


def _ended(job: JobRecord) -> ProblemError:
    return ProblemError(
        problem(
            "batch.ended",
            tr_noop("The batch {batch_id} has already ended ({status})."),
            batch_id=job.id,
            status=job.status.value,
        )
    )


def _unexpected(exc: BaseException | None) -> Problem:
    return problem(
        "batch.stopped",
        tr_noop("The batch stopped unexpectedly: {reason}. It is paused; resume it to try again."),
        reason=str(exc) or "an unexpected error",
    )


def _is_json(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("saving a batch job failed: %s", task.exception())


def store_root(config_dir: Path) -> Path:
    return config_dir / "batches"


class RuntimeParts(Protocol):
    """The parts of app.runtime.runtime.Runtime the batch service is built from."""

    paths: AppPaths
    bus: EventBus
    controller: Controller
    planner: Planner
    settings: Settings
    secrets: Secrets

    @property
    def server_url(self) -> str | None: ...


def make_batch_service(rt: RuntimeParts, *, run_jobs: bool = True) -> BatchService:
    """The service wired to the runtime: jobs go to its own endpoint, with its key, as many
    at once as the tuned --max-num-seqs of their models."""

    def models() -> dict[str, ModelInfo]:
        return {view.id: ModelInfo(view.downloaded) for view in rt.controller.list_models()}

    def concurrency(model_ids: Collection[str]) -> int:
        return tuned_concurrency(
            model_ids,
            lambda model_id: rt.planner.resolved_args(model_id).args,
            int(rt.settings.get("max_num_seqs")),
        )

    def endpoint() -> Endpoint | None:
        url = rt.server_url
        return Endpoint(url, rt.secrets.value("api_key")) if url is not None else None

    return BatchService(
        store=BatchStore(store_root(rt.paths.config_dir)),
        bus=rt.bus,
        models=models,
        concurrency=concurrency,
        endpoint=endpoint,
        run_jobs=run_jobs,
    )
