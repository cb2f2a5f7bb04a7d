"""The load benchmark: Load to first token, cold and warm, through the app; and vLLM's own.

A cold run empties the compile caches of the model's engine build (what `vllm-tray engine
clean-cache` does for one build), loads the model through the app (ModelService.load, as a
click on Load), and sends one streamed request through the app's endpoint; a warm run does
the same with the caches the cold one filled; a swap back stops the loaded model as a swap
does to make room for another (vLLM's CPU build cannot sleep) and loads it again, which the
supervisor then times and learns as a swap back. Each run's steps come from the supervisor
(LoadTimed: the engine's steps from vLLM's log lines) and from the clock around the calls
(app.core.bench.load_bench). `direct` adds vLLM's own `vllm bench startup` where the engine's
Python has it. Records are kept per model in `<config dir>/benchmarks/<model>.load.json`,
each naming the engine build, so the history is per model and engine version.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import aiohttp

from app.core.bench.load_bench import LoadBenchRecord, LoadRun, RunKind, run_steps
from app.core.events import Event, EventBus, LoadBenchPhase, LoadBenchProgressed, LoadTimed
from app.core.models.registry import Registry
from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError, problem
from app.core.states import ALIVE
from app.runtime.api.bench import LoadBenchOptions
from app.runtime.api.values import Endpoint
from app.runtime.bench.bench import BenchHistory, Jobs, running_endpoint
from app.runtime.bench.startup_bench import has_startup_bench, run_startup_bench
from app.runtime.control.planning import Planner
from app.runtime.services.models import ModelService
from app.supervisor import Supervisor
from app.supervisor.childenv import child_environment
from app.supervisor.compile_cache import cache_root, clean
from app.supervisor.engines.custom import engine_python

log = logging.getLogger(__name__)

RELAY_PAIRS = 3  # direct/through-the-app request pairs that price the relay's share
REQUEST_TIMEOUT_S = 600.0  # a first request may compile a new shape on a slow machine


SPARE_WAIT_S = 180.0  # an engine kept ready imports vLLM's server in 6–20 s here


class LoadBenchService:
    """Measures Load to first token through the app; one benchmark per model at a time."""

    def __init__(
        self,
        *,
        bus: EventBus,
        registry: Registry,
        planner: Planner,
        models: ModelService,
        supervisor: Supervisor,
        cache_dir: Path,
        history: BenchHistory[LoadBenchRecord],
        logs_dir: Path,
        state_dir: Path,
        engine_info: Callable[[], Mapping[str, Any]],
        local_endpoint: Callable[[], Endpoint | None],
    ) -> None:
        self._bus = bus
        self._local_endpoint = local_endpoint
        self._registry = registry
        self._planner = planner
        self._models = models
        self._supervisor = supervisor
        self._cache_dir = cache_dir
        self.history = history
        self._logs_dir = logs_dir
        self._state_dir = state_dir  # the private work folder children start in
        self._engine_info = engine_info
        self.jobs = Jobs()

    async def run(
        self,
        model_id: str,
        options: LoadBenchOptions,
        *,
        argv: Sequence[str] = (),
    ) -> LoadBenchRecord:
        """Measure through this app's endpoint; the model ends as it was (loaded or not),
        the record is kept."""
        endpoint = running_endpoint(self._local_endpoint())
        base_url, api_key = endpoint.url, endpoint.api_key
        model_id = self._registry.get(model_id).id
        self.jobs.claim(model_id)
        runs: list[LoadRun] = []
        info = self._supervisor.info(model_id)
        was_loaded = info is not None and info.state in ALIVE
        try:
            spec = self._planner.plan_launch(model_id).spec  # not downloaded etc.: before anything
            # The imports paid before the click, as in an app that has been running a while.
            await self._supervisor.prepare_spare(spec)
            for kind in options.runs:
                runs.append(await self._one_run(model_id, kind, base_url, api_key))
            if not was_loaded:
                self._publish(model_id, "unloading", None, runs)
                await self._models.unload(model_id)
            direct = await self._direct(model_id) if options.direct else None
            engine = self._engine_info()
            record = LoadBenchRecord(
                model_id=model_id,
                time=time.time(),
                engine=dict(engine),
                options={
                    "optimize": self._registry.options(model_id).optimize,
                    "args": list(spec.args),
                },
                runs=tuple(runs),
                argv=tuple(argv),
                direct=direct,
            )
            await asyncio.to_thread(self.history.append, record)
        except ProblemError as exc:
            self._publish(model_id, "failed", None, runs, exc)
            raise
        except asyncio.CancelledError:
            self._publish(model_id, "cancelled", None, runs)
            raise
        finally:
            self.jobs.pop(model_id, None)
        self._publish(model_id, "done", None, runs)
        return record

    def cancel(self, model_id: str) -> bool:
        return self.jobs.cancel(model_id)

    async def load_history(self, model_id: str) -> list[LoadBenchRecord]:
        return await asyncio.to_thread(self.history.load, self._registry.get(model_id).id)

    # -- one run --------------------------------------------------------------------------
    async def _one_run(
        self, model_id: str, kind: RunKind, base_url: str, api_key: str | None
    ) -> LoadRun:
        info = self._supervisor.info(model_id)
        if info is not None and info.state in ALIVE:
            self._publish(model_id, "unloading", kind, ())
            if kind == "swap":
                await self._supervisor.stop(model_id, swapped_out=True)
            else:
                await self._models.unload(model_id)
        elif kind == "swap":
            await self._one_run(model_id, "warm", base_url, api_key)  # something to put aside
            return await self._one_run(model_id, kind, base_url, api_key)
        freed = 0
        if kind == "cold":
            self._publish(model_id, "emptying", kind, ())
            root = cache_root(self._cache_dir, self._planner.engine())
            freed = (await asyncio.to_thread(clean, self._cache_dir, root)).freed_bytes
        timed: list[LoadTimed] = []

        def on_event(event: Event) -> None:
            if isinstance(event, LoadTimed) and event.model_id == model_id:
                timed.append(event)

        # A user's load comes after the app had time to get an engine ready (the setting
        # models.keep_engine_ready): the measured one finds it ready too, when one is kept.
        await self._supervisor.spare_ready(SPARE_WAIT_S)
        self._publish(model_id, "loading", kind, ())
        unsubscribe = self._bus.subscribe(on_event)
        try:
            called = time.time()
            backend = await self._models.load(model_id)
            returned = time.time()
        finally:
            unsubscribe()
        if not timed:
            raise ProblemError(problem("bench.load_not_timed", model=model_id))
        load = timed[-1]
        self._publish(model_id, "first_token", kind, ())
        first = await first_token_s(base_url, model_id, api_key)
        relay = await relay_s(base_url, backend.base_url, model_id, api_key, backend.api_key)
        steps = run_steps(
            called_ts=called,
            started_ts=load.started_ts,
            engine_steps=load.steps,
            load_s=load.total_s,
            returned_ts=returned,
            first_token_s=first,
            relay_s=relay,
        )
        return LoadRun(kind=kind, cold=load.cold, steps=steps, freed_bytes=freed)

    async def _direct(self, model_id: str) -> dict[str, Any]:
        """vLLM's own `vllm bench startup` with the model's engine arguments and the
        environment a child gets (its compile caches included)."""
        self._publish(model_id, "direct", None, ())
        spec = self._planner.plan_launch(model_id).spec
        python = engine_python(spec.prefix)
        env = child_environment(spec.env)
        if python is None or not await has_startup_bench(python, env, self._state_dir):
            return {"available": False}
        figures = await run_startup_bench(
            python,
            model_path=spec.model_path,
            ctx_size=spec.ctx_size,
            args=spec.args,
            env=env,
            log_path=self._logs_dir / f"bench-startup-{model_id}.log",
            state_dir=self._state_dir,
        )
        return {"available": True, **figures}

    def _publish(
        self,
        model_id: str,
        phase: LoadBenchPhase,
        kind: RunKind | None,
        runs: Sequence[LoadRun],
        failure: ProblemError | None = None,
    ) -> None:
        self._bus.publish(
            LoadBenchProgressed(
                model_id,
                phase,
                kind,
                tuple(runs),
                failure.problem if failure is not None else None,
            )
        )


async def first_token_s(
    base_url: str, model: str, api_key: str | None, timeout_s: float = REQUEST_TIMEOUT_S
) -> float:
    """Seconds from sending one streamed completion to its first token arriving."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    body = {"model": model, "prompt": "Hello", "max_tokens": 1, "stream": True, "temperature": 0}
    url = base_url.rstrip("/") + "/v1/completions"
    try:
        # aiohttp, not httpx: an httpx client loads the CA bundle on the loop (~0.3 s).
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout_s)) as s:
            started = time.monotonic()
            async with s.post(url, json=body, headers=headers) as response:
                if response.status != 200:
                    raise _no_token(model, f"{response.status} {await response.text()}"[:300])
                async for raw in response.content:
                    if raw.startswith(b"data:") and b"[DONE]" not in raw:
                        return time.monotonic() - started
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise _no_token(model, str(exc) or type(exc).__name__) from exc
    raise _no_token(model, "the stream ended without a token")


async def relay_s(
    app_url: str, child_url: str, model: str, app_key: str | None, child_key: str | None
) -> float:
    """What the endpoint's relay adds to a first token: the median of requests through it
    less the median of the same requests sent to the child directly, interleaved."""
    through: list[float] = []
    direct: list[float] = []
    for _ in range(RELAY_PAIRS):
        direct.append(await first_token_s(child_url, model, child_key))
        through.append(await first_token_s(app_url, model, app_key))
    return max(0.0, statistics.median(through) - statistics.median(direct))


def _no_token(model: str, reason: str) -> ProblemError:
    return ProblemError(problem("bench.no_first_token", model=model, reason=reason))


class _Parts(Protocol):
    """What the service needs of app.runtime.composition.parts.Parts (not imported: it imports
    us)."""

    @property
    def paths(self) -> AppPaths: ...
    @property
    def bus(self) -> EventBus: ...
    @property
    def registry(self) -> Registry: ...
    @property
    def planner(self) -> Planner: ...
    @property
    def models(self) -> ModelService: ...
    @property
    def supervisor(self) -> Supervisor: ...


def make_load_bench_service(
    rt: _Parts, local_endpoint: Callable[[], Endpoint | None]
) -> LoadBenchService:
    def engine_info() -> dict[str, Any]:
        try:
            engine = rt.planner.engine()
            build = cache_root(rt.paths.cache_dir, engine).name
        except ProblemError:
            return {"kind": None, "version": None, "build": None}
        return {"kind": engine.kind.value, "version": engine.status().version, "build": build}

    return LoadBenchService(
        bus=rt.bus,
        registry=rt.registry,
        planner=rt.planner,
        models=rt.models,
        supervisor=rt.supervisor,
        cache_dir=rt.paths.cache_dir,
        history=BenchHistory(rt.paths.config_dir, LoadBenchRecord.from_json, ".load.json"),
        logs_dir=rt.paths.logs_dir,
        state_dir=rt.paths.state_dir,
        engine_info=engine_info,
        local_endpoint=local_endpoint,
    )
