"""The ModelController the proxy and the GUI use: load on demand, swap by memory, idle unload."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.core.contracts import Backend, LaunchSpec, ModelView
from app.core.problems import ProblemError, problem, tr_noop
from app.core.states import ALIVE, ProcessState
from app.core.swap import SwapCandidate, choose_victims

if TYPE_CHECKING:
    from app.engine.runtime import Runtime

log = logging.getLogger(__name__)

# How long a swap waits for a victim's in-flight requests before giving up on it.
SWAP_DRAIN_TIMEOUT_S = 30.0


@dataclass
class _Usage:
    in_flight: int = 0
    last_used: float = 0.0
    planned_bytes: int = 0
    # Set whenever no request is in flight: a swap waits on it instead of polling.
    idle: asyncio.Event = field(default_factory=asyncio.Event)

    def begin(self, now: float) -> None:
        self.in_flight += 1
        self.last_used = now
        self.idle.clear()

    def end(self, now: float) -> None:
        self.in_flight -= 1
        self.last_used = now
        if self.in_flight == 0:
            self.idle.set()


class Controller:
    """Implements app.core.contracts.ModelController on top of the runtime's parts.

    Everything here runs on the engine thread's loop. One lock serialises *decisions*
    (which models to stop, which to start) so that two first requests for different models
    cannot both decide that the same free memory is theirs; the (long) wait for readiness
    happens outside the lock, and the supervisor shares one start between concurrent callers.
    """

    def __init__(self, runtime: Runtime, clock: Callable[[], float] = time.monotonic) -> None:
        self._rt = runtime
        self._clock = clock
        self._usage: dict[str, _Usage] = {}
        self._decide = asyncio.Lock()
        self._idle_task: asyncio.Task[None] | None = None

    # -- ModelController -----------------------------------------------------------------
    def list_models(self) -> Sequence[ModelView]:
        rt = self._rt
        out: list[ModelView] = []
        for entry in rt.registry.models():
            files = rt.model_files(entry)
            info = rt.supervisor.info(entry.id)
            out.append(
                ModelView(
                    id=entry.id,
                    state=info.state if info is not None else ProcessState.STOPPED,
                    downloaded=files.state in ("complete", "local"),
                    ctx_size=rt.ctx_size(entry.id),
                    checkpoint=str(entry.checkpoint),
                    size_gb=entry.size_gb,
                    labels=entry.labels,
                )
            )
        return out

    @asynccontextmanager
    async def use(self, model_id: str) -> AsyncIterator[Backend]:
        backend = await self.load(model_id)
        usage = self._usage.setdefault(backend.model_id, _Usage())
        usage.begin(self._clock())
        try:
            yield backend
        finally:
            usage.end(self._clock())

    async def load(self, model_id: str) -> Backend:
        rt = self._rt
        entry = rt.registry.get(model_id)
        info = rt.supervisor.info(entry.id)
        if info is not None and info.state is ProcessState.RUNNING:
            self._touch(entry.id)
            return self._backend(entry.id)
        async with self._decide:
            info = rt.supervisor.info(entry.id)
            if info is None or info.state not in ALIVE:
                spec = rt.launch_spec(entry.id)
                await self._make_room(spec)
        await rt.supervisor.start(rt.launch_spec(entry.id))
        self._touch(entry.id)
        return self._backend(entry.id)

    async def unload(self, model_id: str) -> None:
        entry = self._rt.registry.get(model_id)
        await self._rt.supervisor.stop(entry.id)

    def backends(self) -> Sequence[Backend]:
        return [
            self._backend(info.model_id)
            for info in self._rt.supervisor.infos()
            if info.state in ALIVE
        ]

    def system_info(self) -> Mapping[str, Any]:
        return self._rt.system_info().to_json()

    def stats(self) -> Mapping[str, Any]:
        return {
            "models": {
                model_id: {"in_flight": u.in_flight, "idle_s": self._clock() - u.last_used}
                for model_id, u in self._usage.items()
            },
            "metrics": self._rt.latest_metrics(),
        }

    # -- swapping ------------------------------------------------------------------------
    async def _make_room(self, spec: LaunchSpec) -> None:
        rt = self._rt
        needed = rt.planned_bytes(spec)
        budget = rt.memory_budget()
        candidates: list[SwapCandidate] = []
        used = 0
        for info in rt.supervisor.infos():
            if info.state not in ALIVE or info.model_id == spec.model_id:
                continue
            usage = self._usage.setdefault(info.model_id, _Usage())
            if not usage.planned_bytes:
                usage.planned_bytes = rt.planned_bytes(rt.launch_spec(info.model_id))
            used += usage.planned_bytes
            candidates.append(
                SwapCandidate(
                    model_id=info.model_id,
                    planned_bytes=usage.planned_bytes,
                    in_flight=usage.in_flight,
                    last_used=usage.last_used,
                )
            )
        self._usage.setdefault(spec.model_id, _Usage()).planned_bytes = needed
        victims = choose_victims(candidates, needed, budget, used)
        if victims is None:
            busy = [c for c in candidates if c.in_flight]
            if busy:
                # Requests in flight: wait (bounded) for them to finish, then decide again.
                await self._drain(busy[0].model_id)
                victims = choose_victims(
                    [
                        SwapCandidate(c.model_id, c.planned_bytes, self._in_flight(c), c.last_used)
                        for c in candidates
                    ],
                    needed,
                    budget,
                    used,
                )
        if victims is None:
            raise ProblemError(
                problem(
                    "load.no_room",
                    tr_noop(
                        "{model} needs about {needed_gb:.1f} GB but only {budget_gb:.1f} GB can "
                        "be used, and no idle model can be unloaded to make room."
                    ),
                    model=spec.model_id,
                    needed_gb=needed / 1e9,
                    budget_gb=budget / 1e9,
                )
            )
        for victim in victims:
            log.info("unloading %s to make room for %s", victim, spec.model_id)
            await rt.supervisor.stop(victim)

    def _in_flight(self, candidate: SwapCandidate) -> int:
        return self._usage.get(candidate.model_id, _Usage()).in_flight

    async def _drain(self, model_id: str) -> None:
        usage = self._usage.get(model_id)
        if usage is None or not usage.in_flight:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(usage.idle.wait(), SWAP_DRAIN_TIMEOUT_S)

    # -- idle unload ---------------------------------------------------------------------
    def start_idle_watch(self, interval_s: float = 15.0) -> None:
        if self._idle_task is None:
            self._idle_task = asyncio.get_running_loop().create_task(self._idle_loop(interval_s))

    async def stop_idle_watch(self) -> None:
        if self._idle_task is not None:
            self._idle_task.cancel()
            await asyncio.gather(self._idle_task, return_exceptions=True)
            self._idle_task = None

    async def _idle_loop(self, interval_s: float) -> None:
        while True:
            await asyncio.sleep(interval_s)
            await self.unload_idle()

    async def unload_idle(self) -> list[str]:
        ttl_min = int(self._rt.settings.get("idle_ttl_min"))
        if ttl_min <= 0:
            return []
        now = self._clock()
        unloaded = []
        for info in self._rt.supervisor.infos():
            usage = self._usage.get(info.model_id)
            if info.state is not ProcessState.RUNNING or usage is None or usage.in_flight:
                continue
            if now - usage.last_used >= ttl_min * 60:
                await self._rt.supervisor.stop(info.model_id)
                unloaded.append(info.model_id)
        return unloaded

    # -- helpers -------------------------------------------------------------------------
    def _touch(self, model_id: str) -> None:
        self._usage.setdefault(model_id, _Usage()).last_used = self._clock()

    def _backend(self, model_id: str) -> Backend:
        info = self._rt.supervisor.info(model_id)
        if info is None:
            raise ProblemError(
                problem(
                    "load.not_running",
                    tr_noop("{model} is not running."),
                    model=model_id,
                )
            )
        usage = self._usage.get(model_id, _Usage())
        return Backend(
            model_id=model_id,
            served_name=model_id,
            base_url=info.base_url or "",
            pid=info.pid,
            command=tuple(info.argv),
            ctx_size=self._rt.ctx_size(model_id),
            state=info.state,
            in_flight=usage.in_flight,
            last_used=usage.last_used,
        )
