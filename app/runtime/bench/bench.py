"""The concurrency benchmark use case, and the per-model history of benchmark and tune results.

The blog's method, through the app's own endpoint so that what users get is what is
measured: the model is loaded through the app, then the same N requests are sent one at a
time, then with several in flight at each concurrency asked for.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import aiohttp

from app.core.bench.tuning import BenchPoint, with_engine_tokens
from app.core.events import BenchProgressed, EventBus
from app.core.jsonstore import atomic_write_json
from app.core.models.registry import Registry
from app.core.problems.problems import ProblemError, problem
from app.core.untrusted import parse_json
from app.runtime.api.bench import MAX_CONCURRENCY, MAX_REQUESTS, BenchOptions, BenchRecord, Workload
from app.runtime.api.values import Endpoint
from app.runtime.bench.loadgen import LoadGenerator, Target
from app.runtime.control.planning import Planner
from app.supervisor.engines.custom import engine_python

log = logging.getLogger(__name__)

HISTORY_KEEP = 20  # records per model: enough for a trend, small enough to read at once
HISTORY_DIR = "benchmarks"


def check_options(options: BenchOptions) -> BenchOptions:
    """Refuse numbers no benchmark can use, before anything starts."""
    for name, value, top in (
        ("requests", options.requests, MAX_REQUESTS),
        ("input_len", options.workload.input_len, 1_000_000),
        ("output_len", options.workload.output_len, 1_000_000),
        *(("concurrency", c, MAX_CONCURRENCY) for c in options.concurrency),
    ):
        if not 1 <= value <= top:
            raise ProblemError(problem("bench.bad_number", name=name, top=top, value=value))
    return replace(options, concurrency=tuple(sorted(set(options.concurrency))))


class _Record(Protocol):
    @property
    def model_id(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_Record)


class BenchHistory(Generic[R]):
    """`<config dir>/benchmarks/<model id><suffix>`: the model's last HISTORY_KEEP records,
    each read by `read` (a benchmark's `.json`, a load benchmark's `.load.json`)."""

    def __init__(
        self, config_dir: Path, read: Callable[[Mapping[str, Any]], R], suffix: str = ".json"
    ) -> None:
        self.folder = config_dir / HISTORY_DIR
        self._read = read
        self._suffix = suffix

    def path(self, model_id: str) -> Path:
        return self.folder / f"{model_id}{self._suffix}"

    def load(self, model_id: str) -> list[R]:
        """Oldest first; a file that cannot be read counts as no history (it is kept)."""
        try:
            raw = parse_json(self.path(model_id).read_text(encoding="utf-8"))
            return [self._read(r) for r in raw["records"]]
        except FileNotFoundError:
            return []
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("benchmark history %s unreadable: %s", self.path(model_id), exc)
            return []

    def append(self, record: R) -> None:
        """Blocking (file I/O): call through asyncio.to_thread."""
        records = [*self.load(record.model_id), record][-HISTORY_KEEP:]
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_json(
            self.path(record.model_id),
            {"schema_version": 1, "records": [r.to_json() for r in records]},
        )


class Jobs(dict[str, "asyncio.Task[Any]"]):
    """The job (benchmark, load benchmark or tune) running for each model."""

    def claim(self, model_id: str) -> None:
        """The current task becomes the model's job; bench.busy while another one runs."""
        if model_id in self and not self[model_id].done():
            raise ProblemError(problem("bench.busy", model=model_id))
        task = asyncio.current_task()
        assert task is not None
        self[model_id] = task

    def cancel(self, model_id: str) -> bool:
        """Cancel the model's job; False when none runs."""
        task = self.get(model_id)
        if task is None or task.done():
            return False
        task.cancel()
        return True


class BenchService:
    """Benchmarks a model through an endpoint of the app, and keeps their history.

    `engine_info` says which engine serves the model (kind, version). A run goes through
    this app's own endpoint (`local_endpoint`), loading the model first through `load` (the
    model service's, a user's Load), or through the endpoint of another running vLLM Tray:
    then its first request loads it there.
    """

    def __init__(
        self,
        *,
        bus: EventBus,
        registry: Registry,
        planner: Planner,
        history: BenchHistory[BenchRecord],
        logs_dir: Path,
        engine_info: Callable[[], Mapping[str, Any]],
        local_endpoint: Callable[[], Endpoint | None],
        load: Callable[[str], Awaitable[object]],
        state_dir: Path | None = None,
        engine_tokens: Callable[[str], Awaitable[float | None]] | None = None,
    ) -> None:
        self._bus = bus
        self._local_endpoint = local_endpoint
        self._load = load
        self._engine_tokens = engine_tokens
        self._registry = registry
        self._planner = planner
        self.history = history
        self._logs_dir = logs_dir
        self._state_dir = state_dir  # the generators run in the private work folder below it
        self._engine_info = engine_info
        # One job (benchmark or tune) per model at a time; the tune service registers here too.
        self.jobs = Jobs()

    def target(self, model_id: str, base_url: str, api_key: str | None) -> Target:
        """Where a generator sends a model's requests, and what it runs with."""
        entry = self._registry.get(model_id)
        files = self._planner.model_files(entry)
        command = self._planner.engine().command()
        return Target(
            base_url=base_url,
            model_id=entry.id,
            api_key=api_key,
            tokenizer=str(files.path) if files.path is not None else None,
            engine_python=engine_python(command.prefix),
            engine_env=dict(command.env),
            state_dir=self._state_dir,
        )

    async def measure(
        self, generator: LoadGenerator, model_id: str, concurrency: int, requests: int
    ) -> BenchPoint:
        """One measurement. A stream that carries no token counts (an engine that ignores
        stream_options.include_usage) is counted by the engine's own generation counter
        over the run, read from the model's child (`engine_tokens`); where that cannot be
        read either, the point says it was not measured instead of 0 tok/s (issue 20)."""
        before = await self._engine_tokens(model_id) if self._engine_tokens else None
        point = await generator.measure(concurrency, requests)
        if point.measured or self._engine_tokens is None:
            return point
        after = await self._engine_tokens(model_id)
        grew = after - before if after is not None and before is not None else None
        return with_engine_tokens(point, grew)

    async def open_generator(
        self, target: Target, workload: Workload, prefer: str
    ) -> LoadGenerator:
        log_path = self._logs_dir / f"bench-{target.model_id}.log"
        return await LoadGenerator.open(target, workload, log_path, prefer)

    def local_endpoint(self) -> Endpoint:
        """This app's endpoint, which benchmarks and tunes go through."""
        return running_endpoint(self._local_endpoint())

    async def run(
        self,
        model_id: str,
        options: BenchOptions,
        *,
        endpoint: Endpoint | None = None,
        argv: Sequence[str] = (),
        load_timeout_s: float = 900.0,
    ) -> BenchRecord:
        """Load the model, then measure; the record is kept in the model's history.

        Through `endpoint` (another running vLLM Tray's), else through this app's own."""
        options = check_options(options)
        model_id = self._registry.get(model_id).id
        preload = None if endpoint is not None else self._load
        endpoint = endpoint or self.local_endpoint()
        base_url, api_key = endpoint.url, endpoint.api_key
        self.jobs.claim(model_id)
        points: list[BenchPoint] = []
        try:
            self._bus.publish(BenchProgressed(model_id, "loading"))
            if preload is not None:
                await preload(model_id)
            await warm_up(base_url, model_id, api_key, load_timeout_s)
            target = self.target(model_id, base_url, api_key)
            generator = await self.open_generator(target, options.workload, options.generator)
            try:
                for concurrency in (1, *(c for c in options.levels() if c != 1)):
                    self._bus.publish(
                        BenchProgressed(model_id, "measuring", tuple(points), concurrency)
                    )
                    points.append(
                        await self.measure(generator, model_id, concurrency, options.requests)
                    )
            finally:
                await generator.close()
            record = BenchRecord(
                kind="bench",
                model_id=model_id,
                time=time.time(),
                argv=tuple(argv),
                engine=self._engine_info(),
                generator={"name": generator.name, "version": generator.version},
                settings={
                    "requests": options.requests,
                    "concurrency": list(options.levels()),
                    **options.workload.to_json(),
                    "base_url": base_url,
                },
                points=tuple(points),
            )
            await asyncio.to_thread(self.history.append, record)
        except ProblemError as exc:
            self._bus.publish(BenchProgressed(model_id, "failed", tuple(points), None, exc.problem))
            raise
        except asyncio.CancelledError:
            self._bus.publish(BenchProgressed(model_id, "cancelled", tuple(points)))
            raise
        finally:
            self.jobs.pop(model_id, None)
        self._bus.publish(BenchProgressed(model_id, "done", tuple(points)))
        return record

    def cancel(self, model_id: str) -> bool:
        return self.jobs.cancel(model_id)

    async def load_history(self, model_id: str) -> list[BenchRecord]:
        return await asyncio.to_thread(self.history.load, self._registry.get(model_id).id)


def running_endpoint(endpoint: Endpoint | None) -> Endpoint:
    """This app's endpoint (`EndpointService.local()`), which benchmarks go through; a
    ProblemError saying so while it is stopped."""
    if endpoint is None:
        raise ProblemError(problem("bench.no_endpoint"))
    return endpoint


async def warm_up(base_url: str, model_id: str, api_key: str | None, timeout_s: float) -> None:
    """One small request through the endpoint: it loads the model there if needed, and the
    first request after a start (slower: lazy initialisation) is not measured."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    body = {
        "model": model_id,
        "messages": [{"role": "user", "content": "Hello"}],
        "max_tokens": 2,
        "temperature": 0,
    }
    url = base_url.rstrip("/") + "/v1/chat/completions"
    try:
        # aiohttp, not httpx: an httpx client loads the CA bundle on the loop (~0.3 s).
        async with (
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout_s)) as session,
            session.post(url, json=body, headers=headers) as response,
        ):
            status = response.status
            text = await response.text()
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise ProblemError(
            problem(
                "bench.endpoint_unreachable", url=base_url, reason=str(exc) or type(exc).__name__
            )
        ) from exc
    if status != 200:
        try:
            message = str(parse_json(text)["error"]["message"])
        except (ValueError, KeyError, TypeError):
            message = text[:300]
        raise ProblemError(
            problem("bench.model_failed", model=model_id, status=status, message=message)
        )
