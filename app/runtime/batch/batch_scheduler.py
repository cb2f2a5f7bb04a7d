"""Running batch jobs: one at a time, oldest first, through the app's own endpoint."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable, Collection, Mapping

from app.core.batch.batch import ModelInfo
from app.core.batch.batch_jobs import ACTIVE, JobError, JobRecord, JobStatus, unknown_file
from app.core.events import Event, EventBus, ServerStateChanged
from app.core.problems.problems import Problem, ProblemError, problem
from app.runtime.api.values import Endpoint
from app.runtime.batch.batch_book import BatchBook, now_s
from app.runtime.batch.batch_lock import OutputLock
from app.runtime.batch.batch_run import ENDPOINT_UNREACHABLE, BatchRun, prepare

log = logging.getLogger(__name__)

RETRY_AFTER_S = 2.0  # before trying an endpoint again that stopped answering
ELSEWHERE_POLL_S = 2.0  # how often a job another process runs is looked at again


class BatchScheduler:
    """Sends the requests of one job at a time, with as many in flight as the tuned
    `--max-num-seqs` of its models: two jobs at once would only push a model past the knee
    the tuner found. A cancel is carried out before any other job's work.
    """

    def __init__(
        self,
        book: BatchBook,
        *,
        models: Callable[[], Mapping[str, ModelInfo]],
        concurrency: Callable[[Collection[str]], int],
        endpoint: Callable[[], Endpoint | None],
    ) -> None:
        self._book = book
        self._models = models
        self._concurrency = concurrency
        self._endpoint = endpoint
        self._wake = asyncio.Event()
        self._server_changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._current: tuple[str, asyncio.Task[None]] | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._elsewhere: set[str] = set()  # jobs another process holds (found at the last try)
        self._held: set[str] = set()  # jobs whose lock this process holds

    def start(self, bus: EventBus) -> None:
        if self._task is not None:
            return
        loop = asyncio.get_running_loop()

        def on_event(event: Event) -> None:
            if isinstance(event, ServerStateChanged):
                loop.call_soon_threadsafe(self._server_changed.set)

        self._unsubscribe = bus.subscribe(on_event)
        self._task = loop.create_task(self._schedule(), name="batch-scheduler")

    async def stop(self) -> None:
        """Stop sending; running jobs stay in_progress on disk and resume at the next start."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        scheduler, self._task = self._task, None
        current, self._current = self._current, None
        self._book.running_id = None
        tasks = [t for t in (scheduler, current[1] if current else None) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def wake(self) -> None:
        """A job may have become ready to run (created, resumed, cancelled)."""
        self._wake.set()

    def runs_elsewhere(self, batch_id: str) -> bool:
        """Whether another process holds the job's lock now (it runs the job there)."""
        job = self._book.jobs.get(batch_id)
        if job is None or batch_id in self._held:
            return False
        lock = OutputLock(self._book.store.content_path(job.output_file_id))
        if lock.try_acquire():
            lock.release()
            return False
        return True

    async def interrupt(self, batch_id: str) -> None:
        """Stop sending the requests of `batch_id` now, if it is the job being run."""
        current = self._current
        if current is not None and current[0] == batch_id:
            current[1].cancel()
            await asyncio.gather(current[1], return_exceptions=True)

    # -- the loop --------------------------------------------------------------------------------
    def _waiting(self) -> list[JobRecord]:
        waiting = [
            j
            for j in self._book.jobs.values()
            if j.status in ACTIVE and not j.paused and j.id not in self._elsewhere
        ]
        # A cancel first: it only counts what is there; then the oldest job.
        return sorted(waiting, key=lambda j: (j.status is not JobStatus.CANCELLING, j.created_at))

    async def _claim_next(self) -> tuple[JobRecord, OutputLock] | None:
        """The next job to run here, with the lock on its output held; None if none.

        Another process on the same config dir (a second `serve`, the tray app) loads the
        same jobs: whoever holds a job's lock runs it, the others leave it alone.
        """
        self._wake.clear()  # before the awaits: a wake() during them is kept
        book = self._book
        for candidate in self._waiting():
            lock = OutputLock(book.store.content_path(candidate.output_file_id))
            if not lock.try_acquire():
                self._elsewhere.add(candidate.id)
                await book.reread(candidate.id, problem("batch.running_elsewhere"))
                continue
            self._held.add(candidate.id)
            try:
                # The record as the last holder left it (done, paused, cancelled there?).
                job = await book.reread(candidate.id)
            except BaseException:
                self._release(candidate.id, lock)  # stopped: never keep it held
                raise
            if job.status in ACTIVE and not job.paused:
                return job, lock
            self._release(candidate.id, lock)
        return None

    async def _idle(self) -> None:
        if not self._elsewhere:
            await self._wake.wait()
            return
        # A job another process holds is tried again now and then: its record shows that
        # process's progress, and the job comes here if that process stops or dies (the OS
        # frees a dead holder's lock).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), ELSEWHERE_POLL_S)
        self._elsewhere.clear()

    async def _schedule(self) -> None:
        while True:
            claimed = await self._claim_next()
            if claimed is None:
                await self._idle()
                continue
            job, lock = claimed
            try:
                await self._run_claimed(job)
            finally:
                self._release(job.id, lock)

    def _release(self, batch_id: str, lock: OutputLock) -> None:
        self._held.discard(batch_id)
        lock.release()

    async def _run_claimed(self, job: JobRecord) -> None:
        book = self._book
        task = asyncio.get_running_loop().create_task(self._process(job.id))
        self._current = (job.id, task)
        book.running_id = job.id
        try:
            await asyncio.wait({task})
        finally:
            if self._current is not None and self._current[1] is task:
                self._current = None
                book.running_id = None
            book.live.pop(job.id, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("batch %s stopped", job.id, exc_info=task.exception())
            book.problems[job.id] = _unexpected(task.exception())
            await book.update(dataclasses.replace(book.jobs[job.id], paused=True))

    async def _process(self, batch_id: str) -> None:
        book = self._book
        job = book.jobs[batch_id]
        if job.status is JobStatus.CANCELLING:
            await finish_cancel(book, job)
            return
        while True:
            endpoint = await self._wait_for_endpoint(batch_id)
            files = book.result_files(job)
            source = book.files.get(job.input_file_id)
            validating = job.status is JobStatus.VALIDATING
            try:
                if source is None:
                    raise unknown_file(job.input_file_id)
                scan = await asyncio.to_thread(
                    prepare,
                    files,
                    book.store.content_path(source.id),
                    # Models are checked once, before the first request: a model removed
                    # later shows as errors of its requests, not as a failed half-done job.
                    models=self._models() if validating else None,
                    endpoint=job.endpoint,
                    label=source.filename,
                )
            except ProblemError as exc:
                await _fail(book, job, exc.problem)
                return
            job = book.jobs[batch_id]
            if validating:
                job = job.moved_to(
                    JobStatus.IN_PROGRESS,
                    now_s(),
                    total=scan.total,
                    models=tuple(sorted(scan.models)),
                )
            job = dataclasses.replace(
                job, total=scan.total, completed=scan.done_ok, failed=scan.done_failed
            )
            await book.update(job)
            run = BatchRun(
                endpoint,
                book.store.content_path(source.id),
                files,
                scan=scan,
                concurrency=self._concurrency(scan.models),
                on_progress=lambda p: book.record_progress(batch_id, p),
                job_endpoint=job.endpoint,
            )
            try:
                final = await run.run()
            except ProblemError as exc:
                book.record_progress(batch_id, run.progress)
                if exc.problem.code != ENDPOINT_UNREACHABLE:
                    await _fail(book, book.jobs[batch_id], exc.problem)
                    return
                book.problems[batch_id] = exc.problem
                await book.update(book.jobs[batch_id])
                # The endpoint went away. Stopped by the user: _wait_for_endpoint waits for
                # it to start again. Still meant to run (restarting, overloaded): try again
                # after a pause. Either way the files say where to resume.
                if self._endpoint() is not None:
                    await asyncio.sleep(RETRY_AFTER_S)
                job = book.jobs[batch_id]
                continue
            except asyncio.CancelledError:
                book.record_progress(batch_id, run.progress)
                await asyncio.shield(book.save(book.jobs[batch_id]))
                raise
            book.problems.pop(batch_id, None)
            job = book.jobs[batch_id].moved_to(
                JobStatus.FINALIZING, now_s(), completed=final.succeeded, failed=final.failed
            )
            await book.update(job)
            await book.update(job.moved_to(JobStatus.COMPLETED, now_s()))
            return

    async def _wait_for_endpoint(self, batch_id: str) -> Endpoint:
        book = self._book
        while True:
            self._server_changed.clear()
            endpoint = self._endpoint()
            if endpoint is not None:
                book.problems.pop(batch_id, None)
                return endpoint
            book.problems[batch_id] = problem("batch.endpoint_stopped")
            book.changed(book.jobs[batch_id], force=True)
            await self._server_changed.wait()


async def finish_cancel(book: BatchBook, job: JobRecord) -> JobRecord:
    """Move a cancelling job to cancelled, counting the results its files hold."""
    files = book.result_files(job)
    ok_scan, err_scan = await asyncio.to_thread(files.scan)
    if ok_scan.torn_bytes or err_scan.torn_bytes:
        await asyncio.to_thread(files.open)  # cut a half line off what clients will read
        await asyncio.to_thread(files.close)
    job = job.moved_to(JobStatus.CANCELLED, now_s(), completed=ok_scan.lines, failed=err_scan.lines)
    await book.update(job)
    return job


async def _fail(book: BatchBook, job: JobRecord, why: Problem) -> None:
    line = why.params.get("line")
    error = JobError(
        code=why.code,
        message=why.english(),
        line=int(line) if isinstance(line, int) else None,
        param=str(why.params["param"]) if "param" in why.params else None,
        template=why.template,
        params={k: v for k, v in why.params.items() if _is_json(v)},
    )
    await book.update(job.moved_to(JobStatus.FAILED, now_s(), errors=(error,)))


def _unexpected(exc: BaseException | None) -> Problem:
    return problem("batch.stopped", reason=str(exc) or "an unexpected error")


def _is_json(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)
