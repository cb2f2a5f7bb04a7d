"""Running one batch file through the app's endpoint, appending results as they finish.

Shared by `vllm-tray batch run` and the endpoint's /v1/batches jobs: both send every request
to the endpoint over HTTP (so models load and swap as for any client) and keep results in an
output and an error file under the resume rule of app.core.batch.batch.

Durability (docs/throughput.md, "Batch jobs"): a result is written with one `write()` on an
O_APPEND descriptor as soon as it arrives — a kill -9 cannot lose what was written, because
the kernel already holds it — and the files are fsynced at most once a second and at the end,
so a power cut loses at most the last second of results, which a rerun sends again. A request
counts as in flight until its line is written; a kill -9 loses at most those.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO, Final

import aiohttp

from app.core.batch.batch import (
    BatchRequest,
    InputScan,
    ModelInfo,
    capped_lines,
    encode_result,
    is_success,
    iter_requests,
    result_record,
    scan_input,
)
from app.core.batch.batch_progress import (
    BatchProgress,
    RateMeter,
    max_num_seqs,
)
from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import parse_json
from app.runtime.api.values import Endpoint
from app.runtime.batch.batch_results import ResultFiles, Writer

log = logging.getLogger(__name__)

FSYNC_INTERVAL_S = 1.0
READ_CHUNK = 256  # requests read from the input file per trip to a worker thread
# A request that meets a dropped connection is sent again this many times (with these
# pauses) before the endpoint counts as gone: a keep-alive race or a restarting endpoint
# should not end a long run.
RETRY_PAUSES_S = (0.2, 1.0, 3.0)
CONNECT_TIMEOUT_S = 30.0


ENDPOINT_UNREACHABLE: Final = "batch.endpoint_unreachable"


def endpoint_unreachable(url: str, reason: str) -> ProblemError:
    return ProblemError(problem(ENDPOINT_UNREACHABLE, url=url, reason=reason))


# -- the input file -------------------------------------------------------------------------
def prepare(
    files: ResultFiles,
    input_path: Path,
    *,
    models: Mapping[str, ModelInfo] | None = None,
    endpoint: str | None = None,
    label: str | None = None,
) -> InputScan:
    """Read the result files, then check the whole input file against them (blocking: call
    it in a worker thread). Writes nothing, so a refused input leaves every file as it was."""
    ok_scan, err_scan = files.scan()
    name = label or str(input_path)
    with input_path.open("rb") as fh:
        return scan_input(
            capped_lines(fh, name),
            name,
            models=models,
            endpoint=endpoint,
            done_ok=ok_scan.ids,
            done_failed=err_scan.ids,
        )


class _PendingReader:
    """The requests not yet done, a chunk at a time; each chunk is read in a worker thread.

    A plain generator would do, but a run that is cancelled while a chunk is being read
    must still close the file: `close()` waits for that read (the lock) instead of racing it.
    """

    def __init__(self, path: Path, done: Collection[str], endpoint: str | None) -> None:
        self._fh: BinaryIO = path.open("rb")
        lines = capped_lines(self._fh, str(path))
        self._requests = iter_requests(lines, str(path), endpoint=endpoint)
        self._done = done
        self._lock = threading.Lock()

    def next_chunk(self) -> list[BatchRequest]:
        """Up to READ_CHUNK pending requests; empty at the end of the file."""
        with self._lock:
            chunk: list[BatchRequest] = []
            if self._fh.closed:
                return chunk
            for request in self._requests:
                if request.custom_id not in self._done:
                    chunk.append(request)
                    if len(chunk) >= READ_CHUNK:
                        break
            return chunk

    def close(self) -> None:
        with self._lock:
            self._fh.close()


# -- the run --------------------------------------------------------------------------------------
ProgressCallback = Callable[[BatchProgress], None]


class BatchRun:
    """Sends the pending requests of one input file with `concurrency` in flight at most.

    `scan` comes from `prepare()` on the same files, just before.

    `run()` returns the final progress; it raises ProblemError `batch.endpoint_unreachable`
    when the endpoint goes away (nothing of the requests then in flight is recorded), and
    CancelledError when cancelled (likewise). Either way the files hold every result that
    arrived, and running again resumes.
    """

    def __init__(
        self,
        endpoint: Endpoint,
        input_path: Path,
        files: ResultFiles,
        *,
        scan: InputScan,
        concurrency: int,
        on_progress: ProgressCallback | None = None,
        job_endpoint: str | None = None,
        fsync_interval_s: float = FSYNC_INTERVAL_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._endpoint = endpoint
        self._input = input_path
        self._files = files
        self._total = scan.total
        self._concurrency = max(1, concurrency)
        self._on_progress = on_progress
        self._job_endpoint = job_endpoint
        self._fsync_interval = fsync_interval_s
        self._clock = clock
        self._meter = RateMeter()
        self._succeeded = scan.done_ok
        self._failed = scan.done_failed
        self._in_flight = 0
        self._sent_this_run = 0

    @property
    def progress(self) -> BatchProgress:
        remaining = self._total - self._succeeded - self._failed
        return BatchProgress(
            total=self._total,
            succeeded=self._succeeded,
            failed=self._failed,
            in_flight=self._in_flight,
            rate=self._meter.rate(),
            eta_s=self._meter.eta(remaining),
        )

    async def run(self) -> BatchProgress:
        if self._files.scans is None:
            raise RuntimeError("prepare() the files first: the counts come from that scan")
        ok_scan, err_scan = self._files.scans
        done = ok_scan.ids | err_scan.ids
        writer = Writer(self._files, self._fsync_interval)
        try:
            await writer.opened()
            self._report()
            await self._send_all(writer, done)
        finally:
            self._in_flight = 0
            await writer.aclose()
        progress = self.progress
        self._report()
        return progress

    async def _send_all(self, writer: Writer, done: Collection[str]) -> None:
        queue: asyncio.Queue[BatchRequest | None] = asyncio.Queue(self._concurrency)
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=CONNECT_TIMEOUT_S)
        connector = aiohttp.TCPConnector(limit=self._concurrency)
        async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
            workers = [
                asyncio.create_task(self._worker(session, queue, writer))
                for _ in range(self._concurrency)
            ]
            tasks = [asyncio.create_task(self._feed(queue, done, len(workers))), *workers]
            try:
                finished, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
                for task in finished:
                    if not task.cancelled() and task.exception() is not None:
                        raise task.exception()  # type: ignore[misc]
            finally:
                # Cancelled requests close their connections: the endpoint aborts them.
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

    async def _feed(
        self, queue: asyncio.Queue[BatchRequest | None], done: Collection[str], workers: int
    ) -> None:
        reader = await asyncio.to_thread(_PendingReader, self._input, done, self._job_endpoint)
        try:
            while chunk := await asyncio.to_thread(reader.next_chunk):
                for request in chunk:
                    await queue.put(request)
        finally:
            await asyncio.shield(asyncio.to_thread(reader.close))
        for _ in range(workers):
            await queue.put(None)

    async def _worker(
        self,
        session: aiohttp.ClientSession,
        queue: asyncio.Queue[BatchRequest | None],
        writer: Writer,
    ) -> None:
        while True:
            request = await queue.get()
            if request is None:
                return
            self._in_flight += 1
            try:
                status, body, request_id = await self._send(session, request)
                record = result_record(request.custom_id, status, body, request_id=request_id)
                ok = is_success(status)
                await writer.write(ok, encode_result(record))
            finally:
                self._in_flight -= 1
            if ok:
                self._succeeded += 1
            else:
                self._failed += 1
            self._sent_this_run += 1
            self._meter.add(self._clock(), self._sent_this_run)
            self._report()

    async def _send(
        self, session: aiohttp.ClientSession, request: BatchRequest
    ) -> tuple[int, Any, str | None]:
        url = self._endpoint.url.rstrip("/") + request.url
        data = request.body_bytes()
        for attempt, pause in enumerate((*RETRY_PAUSES_S, None)):
            try:
                async with session.post(url, data=data, headers=self._endpoint.headers()) as resp:
                    raw = await resp.read()
                    return resp.status, _decode(raw), resp.headers.get("x-request-id")
            except (aiohttp.ClientConnectionError, aiohttp.ClientPayloadError) as exc:
                if pause is None:
                    raise endpoint_unreachable(self._endpoint.url, str(exc) or "closed") from exc
                log.info("batch request %s: %s; retry %d", request.custom_id, exc, attempt + 1)
                await asyncio.sleep(pause)
        raise AssertionError("unreachable")  # the loop returns or raises

    def _report(self) -> None:
        if self._on_progress is not None:
            self._on_progress(self.progress)


def _decode(raw: bytes) -> Any:
    """The answer's body as JSON; an answer that is not JSON is kept as text."""
    if not raw:
        return None
    try:
        return parse_json(raw)
    except ValueError:
        return raw.decode("utf-8", errors="replace")


def tuned_concurrency(
    model_ids: Collection[str],
    resolved_args: Callable[[str], Sequence[str]],
    default: int,
) -> int:
    """`--concurrency auto`: the smallest effective --max-num-seqs of the batch's models
    (the tuner writes its answer into the model's vllm_args), else `default`.

    The smallest, because a run sends to several models from one pool of workers: more than
    a model's own limit would only queue inside vLLM.
    """
    values = []
    for model_id in model_ids:
        try:
            value = max_num_seqs(resolved_args(model_id))
        except ProblemError:
            value = None  # options that no longer resolve: the load will say why
        values.append(value or default)
    return min(values) if values else default
