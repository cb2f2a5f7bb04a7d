"""`vllm-tray batch run`'s use case: one JSONL file through an endpoint, resumable.

The file is checked whole against its result files before anything starts or is written,
and the output's lock is taken then (a refused input leaves the folder as it was); the run
checks it again against the models the endpoint serves, then sends what has no result yet.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from pathlib import Path

import aiohttp

from app.core.batch.batch import InputScan, ModelInfo
from app.core.batch.batch_progress import BatchProgress
from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import parse_json, read_bounded
from app.runtime.api.values import Endpoint
from app.runtime.batch.batch_lock import OutputLock
from app.runtime.batch.batch_results import ResultFiles
from app.runtime.batch.batch_run import BatchRun, prepare

MODELS_TIMEOUT_S = 30.0
MAX_MODELS_BYTES = 4 * 2**20  # the app's model list with every remote's models fits many times


class BatchFile:
    """Implements app.runtime.api.protocols.BatchFileApi."""

    def __init__(
        self,
        source: Path,
        output: Path,
        errors: Path,
        concurrency: Callable[[Collection[str]], int],
    ) -> None:
        """Check the paths and every line (blocking), then take the output's lock; a
        ProblemError says why not, and then nothing is held."""
        if not source.is_file():
            raise ProblemError(problem("batch.no_input", file=str(source)))
        if len({p.resolve() for p in (source, output, errors)}) < 3:
            raise ProblemError(problem("batch.same_file"))
        self._source = source
        self._files = ResultFiles(output, errors)
        self._scan = prepare(self._files, source)
        self._concurrency = concurrency
        self._endpoint: Endpoint | None = None
        self._n = 1
        self._run: BatchRun | None = None
        # Taken after the checks and before an endpoint starts; the scan that counts is the
        # one `plan` makes while holding it.
        self._lock = OutputLock(output)
        if not self._lock.try_acquire():
            raise ProblemError(problem("batch.output_busy", file=str(output)))

    @property
    def progress(self) -> BatchProgress:
        if self._run is not None:
            return self._run.progress
        return BatchProgress(self._scan.total, self._scan.done_ok, self._scan.done_failed)

    async def plan(self, endpoint: Endpoint, concurrency: int | None) -> tuple[InputScan, int]:
        """Check the file again against the models `endpoint` serves; the scan and the
        requests in flight (`concurrency`, else the models' tuned --max-num-seqs)."""
        models = await _served_models(endpoint)
        scan = await asyncio.to_thread(prepare, self._files, self._source, models=models)
        self._endpoint, self._scan = endpoint, scan
        self._n = concurrency or self._concurrency(scan.models)
        return scan, self._n

    async def run(self, on_progress: Callable[[BatchProgress], None]) -> BatchProgress:
        """Send what has no result yet (after `plan`); the final progress."""
        assert self._endpoint is not None, "plan() first"
        self._run = BatchRun(
            self._endpoint,
            self._source,
            self._files,
            scan=self._scan,
            concurrency=self._n,
            on_progress=on_progress,
        )
        return await self._run.run()

    def close(self) -> None:
        self._lock.release()


async def _served_models(endpoint: Endpoint) -> dict[str, ModelInfo]:
    timeout = aiohttp.ClientTimeout(total=MODELS_TIMEOUT_S)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.get(endpoint.url + "/v1/models", headers=endpoint.headers()) as resp,
    ):
        if resp.status == 401:
            raise ProblemError(problem("batch.endpoint_key", url=endpoint.url))
        body, cut = await read_bounded(resp.content.iter_chunked(2**16), MAX_MODELS_BYTES)
    try:
        data = None if cut else parse_json(body)
    except ValueError:
        data = None
    cards = data.get("data", []) if isinstance(data, dict) else []
    return {
        str(card["id"]): ModelInfo(bool(card.get("downloaded", True)))
        for card in cards
        if isinstance(card, dict) and "id" in card
    }
