"""The supervisor: one process actor per model, orphan reaping at start-up, metrics on demand.

Lives on the runtime thread's asyncio loop; every method must be called on that loop (the
facade schedules calls there). It never imports the proxy: the engine layer adapts it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from app.core.contracts import LaunchSpec
from app.core.events import EventBus
from app.core.problems.problems import Problem, ProblemError
from app.core.states import ProcessState
from app.supervisor import diagnosis
from app.supervisor.actor import ModelActor
from app.supervisor.loadtimes import LoadTimes
from app.supervisor.metrics import GENERATION_TOKENS, MetricsTracker, parse_prometheus
from app.supervisor.protocol import (
    HEALTH_MISSES,
    HEALTH_TIMEOUT_S,
    RUNNING_HEALTH_INTERVAL_S,
    ActorConfig,
    ProcessInfo,
    TurnObserver,
)
from app.supervisor.reaper import reap_orphans
from app.supervisor.sleep import GpuUsed, SleepReport, SleepVerdicts
from app.supervisor.spare import SparePool

log = logging.getLogger(__name__)

__all__ = ["Occupancy", "ProcessInfo", "Supervisor"]

METRICS_INTERVAL_S = 1.0  # vLLM's own gauges update about once a second


@dataclass(frozen=True)
class Occupancy:
    """What the children are at one moment, as a decision to start one reads it: every
    model's process, which of them a sleep would put aside, and whether a start of the spec
    asked about would be refused at once (a model given up on with that very spec)."""

    infos: Mapping[str, ProcessInfo]  # by model id
    sleepable: frozenset[str]
    refusal: Problem | None


class Supervisor:
    """Starts, watches and stops one vLLM server child per model.

    `start()` returns when the child's /health answered 200 and raises ProblemError with
    the diagnosis otherwise; concurrent starts of one model share one child; a `stop()`
    during a start aborts it. A failed start (BACKOFF) or a crash (EXITED) is retried by the
    next `start()`, never by itself, after a back-off that doubles per failure; after
    `max_failures` failures in a row the model is FATAL until `reset()`, a `stop()` or a
    start with a different spec (docs/process-states.md). `shutdown()` stops everything and
    refuses new starts.

    `sleep()` puts a RUNNING model to sleep (SLEEPING: the child lives, holds little
    memory, serves nothing); a `start()` wakes it.

    A RUNNING child that misses `health_failures` health checks in a row (each
    `running_health_interval` apart, `health_timeout_s` each) is killed and EXITED with
    `run.unresponsive`. With `child_api_keys`, every child gets its own random
    VLLM_API_KEY (ProcessInfo.api_key); its /v1 routes then need it.
    """

    def __init__(
        self,
        bus: EventBus,
        logs_dir: Path,
        state_dir: Path,
        *,
        health_interval: float = 0.1,
        stop_grace_s: float = 10.0,
        max_failures: int = 3,
        backoff_s: float = 2.0,
        backoff_max_s: float = 60.0,
        running_health_interval: float = RUNNING_HEALTH_INTERVAL_S,
        health_failures: int = HEALTH_MISSES,
        health_timeout_s: float = HEALTH_TIMEOUT_S,
        orphan_grace_s: float = 3.0,
        stable_after_s: float = 60.0,
        child_api_keys: bool = False,
        port_retries: int = 3,
        stall_sample_s: float = 1.0,
        sleep_verdicts: SleepVerdicts | None = None,
        gpu_used: GpuUsed | None = None,
        spares: SparePool | None = None,
    ) -> None:
        self._bus = bus
        self.sleep_verdicts = sleep_verdicts or SleepVerdicts(state_dir)
        self._cfg = ActorConfig(
            bus=bus,
            logs_dir=logs_dir,
            state_dir=state_dir,
            health_interval=health_interval,
            running_health_interval=running_health_interval,
            health_failures=health_failures,
            health_timeout_s=health_timeout_s,
            stop_grace_s=stop_grace_s,
            orphan_grace_s=orphan_grace_s,
            max_failures=max_failures,
            backoff_s=backoff_s,
            backoff_max_s=backoff_max_s,
            stable_after_s=stable_after_s,
            ports_in_use=self._ports_in_use,
            child_api_keys=child_api_keys,
            port_retries=port_retries,
            stall_sample_s=stall_sample_s,
            load_times=LoadTimes(state_dir),
            sleep_verdicts=self.sleep_verdicts,
            gpu_used=gpu_used,
            spares=spares,
        )
        state_dir.mkdir(parents=True, exist_ok=True)
        logs_dir.mkdir(parents=True, exist_ok=True)
        self._actors: dict[str, ModelActor] = {}
        self._shut_down = False
        self._watchers = 0
        self._metrics_task: asyncio.Task[None] | None = None

    # ---- lifecycle ---------------------------------------------------------------------------

    async def start(self, spec: LaunchSpec) -> ProcessInfo:
        """Start (or join the start of) `spec.model_id`; returns once it serves requests."""
        if self._shut_down:
            raise ProblemError(diagnosis.shutting_down(spec.model_id))
        return await self._actor(spec.model_id).start(spec)

    async def stop(self, model_id: str, *, swapped_out: bool = False) -> None:
        """A user's stop (or, `swapped_out`, one that makes room for another model: its next
        load is a swap back): SIGTERM to the child's group, SIGKILL after the grace period."""
        actor = self._actors.get(model_id)
        if actor is not None:
            await actor.stop()
        if self._cfg.load_times is not None:
            self._cfg.load_times.swapped_out(model_id, swapped_out)

    async def sleep(self, model_id: str, planned_bytes: int) -> SleepReport:
        """Put a running model aside to make room: asleep (vLLM's sleep mode) when it was
        started with it and sleeping frees memory on its engine and GPU, else stopped.

        A sleep is measured (`planned_bytes` is what the model was planned to hold); one that
        freed too little stops the model instead and is remembered, so later calls for that
        engine and GPU stop at once. Returns once the memory is free; the report's `asleep`
        says which way. A start wakes a sleeping model (docs/sleep-mode.md).
        """
        actor = self._actors.get(model_id)
        if actor is None:
            return SleepReport(model_id, None, None, None, None, planned_bytes, asleep=False)
        report = await actor.sleep(planned_bytes)
        if not report.asleep and self._cfg.load_times is not None:
            self._cfg.load_times.swapped_out(model_id)  # stopped instead: it comes back by a load
        return report

    def may_sleep(self, model_id: str) -> bool:
        """Whether `sleep()` would try to put this model to sleep rather than stop it."""
        actor = self._actors.get(model_id)
        return actor is not None and actor.may_sleep()

    def sleep_known_to_work(self, model_id: str) -> bool:
        """Whether a sleep was measured to free memory on this model's engine and GPU."""
        actor = self._actors.get(model_id)
        return actor is not None and actor.sleep_known_to_work()

    async def reset(self, model_id: str) -> None:
        """Clear a FATAL (or backing-off, or exited) model back to STOPPED: the next start
        begins at once, with a fresh failure count."""
        actor = self._actors.get(model_id)
        if actor is not None:
            await actor.reset()

    async def shutdown(self) -> None:
        """Stop every child, refuse new starts, and end the actors' tasks."""
        self._shut_down = True
        await self._stop_metrics()
        actors = list(self._actors.values())
        await asyncio.gather(*(a.stop(shutdown=True) for a in actors), return_exceptions=True)
        await asyncio.gather(*(a.close() for a in actors), return_exceptions=True)
        if self._cfg.spares is not None:
            await self._cfg.spares.close()
        await self._cfg.http.aclose()

    async def prepare_spare(self, spec: LaunchSpec) -> None:
        """Keep an engine ready for the first load of `spec` (nothing without a pool)."""
        if self._cfg.spares is not None and not self._shut_down:
            await self._cfg.spares.prepare(spec, keyed=self._cfg.child_api_keys)

    async def spare_ready(self, timeout_s: float) -> bool:
        """Whether an engine kept ready has imported vLLM's server within `timeout_s`: a
        measured warm load waits for it, as a user's later load would find it waiting."""
        if self._cfg.spares is None:
            return False
        try:
            async with asyncio.timeout(timeout_s):
                return await self._cfg.spares.wait_imported() is not None
        except TimeoutError:
            return False

    def reap_orphans(self) -> list[int]:
        """Kill what earlier runs of the app left behind (verified by start time and command
        line); call once at start-up, before starting anything. Returns the pids killed."""
        return reap_orphans(self._cfg.state_dir)

    # ---- queries -----------------------------------------------------------------------------

    def info(self, model_id: str) -> ProcessInfo | None:
        actor = self._actors.get(model_id)
        return actor.info() if actor is not None else None

    def occupancy(self, spec: LaunchSpec) -> Occupancy:
        """One snapshot for a decision to start `spec`: every process, which may sleep, and
        the problem `start(spec)` would be refused with at once (a model given up on, FATAL,
        with this very spec; a changed spec — options, engine — gets a fresh try)."""
        actor = self._actors.get(spec.model_id)
        return Occupancy(
            infos={m: actor.info() for m, actor in self._actors.items()},
            sleepable=frozenset(m for m, actor in self._actors.items() if actor.may_sleep()),
            refusal=actor.refusal(spec) if actor is not None else None,
        )

    def infos(self) -> list[ProcessInfo]:
        return [actor.info() for actor in self._actors.values()]

    def log_tail(self, model_id: str, n: int = 40) -> list[str]:
        actor = self._actors.get(model_id)
        return actor.output.recent(n) if actor is not None else []

    def log_path(self, model_id: str) -> Path | None:
        actor = self._actors.get(model_id)
        return actor.output.path if actor is not None else None

    def observe_turns(self, observer: TurnObserver) -> Callable[[], None]:
        """Call `observer` after every message any model's actor handles (from the loop, in
        order), until the returned function is called. Tests wait on this rather than on the
        clock; nothing in the app needs it."""
        self._cfg.turn_observers.append(observer)
        return lambda: self._cfg.turn_observers.remove(observer)

    async def settled(self, model_id: str) -> None:
        """Return once the model's actor has nothing left to do by itself (see
        ModelActor.settled): after it, a test's "nothing more happened" holds for good."""
        actor = self._actors.get(model_id)
        if actor is not None:
            await actor.settled()

    # ---- metrics -----------------------------------------------------------------------------

    def set_metrics_watchers(self, n: int) -> None:
        """How many views watch metrics; scraping runs only while this is above zero."""
        self._watchers = max(0, n)
        if self._watchers and self._metrics_task is None and not self._shut_down:
            loop = asyncio.get_running_loop()
            self._metrics_task = loop.create_task(self._scrape_metrics(), name="metrics")
        elif not self._watchers and self._metrics_task is not None:
            self._metrics_task.cancel()
            self._metrics_task = None

    def watch_metrics(self, watching: bool) -> None:
        """One view starts (True) or stops (False) watching metrics; they are counted."""
        self.set_metrics_watchers(self._watchers + (1 if watching else -1))

    async def _scrape_metrics(self) -> None:
        import httpx  # imported when used: a quick command never loads it

        trackers: dict[tuple[str, int | None], MetricsTracker] = {}
        client = await self._cfg.http.get()
        while True:
            started = time.monotonic()
            for info in self.infos():
                if info.state is not ProcessState.RUNNING or info.base_url is None:
                    continue
                # A new child (new pid) starts new counters, so it gets a new tracker.
                key = (info.model_id, info.pid)
                tracker = trackers.setdefault(key, MetricsTracker(info.model_id))
                try:
                    # /metrics is not guarded by vLLM's key (see docs/architecture.md).
                    response = await client.get(
                        info.base_url + "/metrics", timeout=METRICS_INTERVAL_S
                    )
                except httpx.HTTPError:
                    continue
                if response.status_code == 200:
                    self._bus.publish(tracker.sample(response.text, time.monotonic()))
            await asyncio.sleep(max(0.0, METRICS_INTERVAL_S - (time.monotonic() - started)))

    async def generation_tokens(self, model_id: str) -> float | None:
        """The model's running child's `vllm:generation_tokens_total` now (its /metrics), or
        None: not running, no such counter, no answer. A benchmark whose stream carries no
        token counts takes its tokens from this counter's increase over the run."""
        import httpx  # imported when used: a quick command never loads it

        info = self.info(model_id)
        if info is None or info.state is not ProcessState.RUNNING or info.base_url is None:
            return None
        client = await self._cfg.http.get()
        try:
            response = await client.get(info.base_url + "/metrics", timeout=METRICS_INTERVAL_S)
        except httpx.HTTPError:
            return None
        if response.status_code != 200:
            return None
        return parse_prometheus(response.text, (GENERATION_TOKENS,)).get(GENERATION_TOKENS)

    async def _stop_metrics(self) -> None:
        task, self._metrics_task = self._metrics_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ---- internals ---------------------------------------------------------------------------

    def _actor(self, model_id: str) -> ModelActor:
        actor = self._actors.get(model_id)
        if actor is None:
            actor = self._actors[model_id] = ModelActor(model_id, self._cfg)
        return actor

    def _ports_in_use(self) -> set[int]:
        return {a.port for a in self._actors.values() if a.port is not None}
