"""Which models run: load on demand, swap by memory (room_maker.py), idle unload (the
proxy's requests and every Load go through it; the model list is app.runtime.views')."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from app.core.contracts import Backend
from app.core.models.registry import Registry
from app.core.problems.problems import ProblemError, problem
from app.core.settings.settings import Settings
from app.core.states import ALIVE, FAILED, ProcessState
from app.runtime.control.planning import LaunchPlan, Planner
from app.runtime.control.planning.values import shown_command
from app.runtime.control.room_maker import RoomMaker, Usage
from app.supervisor import ProcessInfo, Supervisor
from app.supervisor.diagnosis import is_memory_failure

log = logging.getLogger(__name__)

# A child of these is (or soon is) the model's: a new start would join it, not replace it.
STARTED = frozenset({ProcessState.STARTING, ProcessState.RUNNING})


class Controller:
    """Which models run: load on demand, swap by memory, idle unload.

    Everything here runs on the runtime thread's loop. One lock serialises *decisions*
    (which models to stop, which to start) so that two first requests for different models
    cannot both decide that the same free memory is theirs; the (long) wait for readiness
    happens outside the lock, and the supervisor shares one start between concurrent callers.
    """

    def __init__(
        self,
        supervisor: Supervisor,
        planner: Planner,
        registry: Registry,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._supervisor = supervisor
        self._planner = planner
        self._registry = registry
        self._settings = settings
        self._clock = clock
        self._usage: dict[str, Usage] = {}
        self._decide = asyncio.Lock()
        # The plan of each model's child, made once when the start was decided: what it
        # runs and holds on each device. Every child is started by `_start`, which records
        # its plan first, so a decision never plans (nor reads a model's files) again.
        self._plans: dict[str, LaunchPlan] = {}
        self._room = RoomMaker(supervisor, planner, clock, self._usage, self._plans)
        self._idle_task: asyncio.Task[None] | None = None
        # Cleared while the machine goes to sleep: a child started then would be caught by
        # the suspend mid-load. Loads (requests included) wait on it, like any load.
        self._loads_allowed = asyncio.Event()
        self._loads_allowed.set()

    # -- ModelController (what the endpoint lists is app.runtime.views.Views') ----------
    @asynccontextmanager
    async def use(self, model_id: str) -> AsyncIterator[Backend]:
        backend = await self.load(model_id)
        # No await between the load's return and begin(): a swap cannot slip in between.
        # While the model was loading it was protected by its reservation (see load()).
        usage = self._usage.setdefault(backend.model_id, Usage())
        usage.in_flight += 1
        usage.last_used = self._clock()
        usage.idle.clear()
        try:
            yield backend
        finally:
            usage.in_flight -= 1
            usage.last_used = self._clock()
            if usage.in_flight == 0:
                usage.idle.set()

    async def load(
        self, model_id: str, *, extra_args: Sequence[str] = (), retry_failed: bool = False
    ) -> Backend:
        """The model running and ready, loading it (and making room) when it is not.

        `extra_args` apply to this start only (the tune's temporary `--max-num-seqs`); they
        are not stored, and a model that already runs is returned as it runs. With
        `retry_failed` (a user's explicit Load) a model that failed or was given up on is
        cleared first, so it starts at once; a request alone never retries a given-up one.
        """
        entry = self._registry.get(model_id)
        await self._loads_allowed.wait()
        info = self._supervisor.info(entry.id)
        if retry_failed and info is not None and info.state in FAILED:
            await self._supervisor.reset(entry.id)
            info = self._supervisor.info(entry.id)
        if (
            info is not None
            and info.state is ProcessState.RUNNING
            and entry.id not in self._room.evicting
        ):
            self._touch(entry.id)
            return self._backend(entry.id, info)
        plan = self._planner.plan_launch(entry, extra_args=extra_args)
        try:
            info = await self._start(plan)
        except ProblemError as exc:
            idle = self._idle_others(entry.id)
            if not is_memory_failure(exc.problem) or not idle:
                raise
            # The plan said it fits, vLLM found less memory than that: something the plan
            # could not see holds it. Idle models are the one thing the app can free; free
            # them and try once more before reporting.
            log.info("%s failed for memory; unloading idle %s and retrying once", model_id, idle)
            async with self._decide:
                for victim in idle:
                    await self._supervisor.stop(victim)
            await self._supervisor.reset(entry.id)
            info = await self._start(plan)
        self._touch(entry.id)
        return self._backend(entry.id, info)

    async def _start(self, plan: LaunchPlan) -> ProcessInfo:
        """Decide (make room, reserve) under the lock, then start and wait outside it."""
        model_id = plan.spec.model_id
        seen = self._supervisor.occupancy(plan.spec)
        if seen.refusal is not None:
            # Given up on, and nothing changed since: answer at once, and do not unload
            # healthy models for a start the supervisor would refuse anyway. A changed spec
            # (options, engine, settings) is a fresh try, which the supervisor allows.
            raise ProblemError(seen.refusal)
        # A free lock is taken without a pause, so the snapshot is still the present; after
        # waiting for another decision it is not.
        waited = self._decide.locked()
        async with self._decide:
            if waited:
                seen = self._supervisor.occupancy(plan.spec)
            info = seen.infos.get(model_id)
            # STOPPING counts as needing a start: the child that is going away frees its
            # memory, and the new one must hold a reservation like any other start, or a
            # decision made meanwhile could choose it as a victim mid-start.
            reserve = info is None or info.state not in STARTED
            if reserve:
                await self._room.make(plan, seen)
                # Held until the child exists and counts as ALIVE: a second decision made
                # meanwhile must see this memory as taken.
                self._room.reserved[model_id] = dict(plan.device_bytes)
                # A start joining one in progress keeps that child, hence its plan.
                self._plans[model_id] = plan
        try:
            return await self._supervisor.start(plan.spec)
        finally:
            if reserve:
                self._room.reserved.pop(model_id, None)
                self._room.start_settled.set()

    def _idle_others(self, model_id: str) -> list[str]:
        """Running models other than `model_id` with no request in flight."""
        return [
            info.model_id
            for info in self._supervisor.infos()
            if info.model_id != model_id
            and info.state in (ProcessState.RUNNING, ProcessState.SLEEPING)
            and not self._usage.get(info.model_id, Usage()).in_flight
        ]

    async def unload(self, model_id: str) -> None:
        entry = self._registry.get(model_id)
        await self._supervisor.stop(entry.id)

    def hold_loads(self) -> None:
        """From now on every load waits (for a system suspend) until `release_loads()`."""
        self._loads_allowed.clear()

    def release_loads(self) -> None:
        self._loads_allowed.set()

    def backends(self) -> Sequence[Backend]:
        return [
            self._backend(info.model_id, info)
            for info in self._supervisor.infos()
            if info.state in ALIVE
        ]

    def usage(self) -> Mapping[str, Mapping[str, Any]]:
        """Requests in flight and idle time per model, for the endpoint's stats."""
        now = self._clock()
        return {
            model_id: {"in_flight": u.in_flight, "idle_s": now - u.last_used}
            for model_id, u in self._usage.items()
        }

    async def sleep_model(self, model_id: str) -> bool:
        """Put a loaded model to sleep where sleeping frees its memory, else stop it (for a
        system suspend). True when it sleeps; a load or a request wakes it."""
        async with self._decide:
            if not self._supervisor.may_sleep(model_id):
                await self._supervisor.stop(model_id)
                return False
            planned = self._room.planned_total(model_id)
            return (await self._supervisor.sleep(model_id, planned)).asleep

    def held_by_device(self) -> dict[str, int]:
        """What the app's children hold on each device as planned (RoomMaker.held_by_device)."""
        return self._room.held_by_device()

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
        ttl_min = int(self._settings.get("models.idle_ttl_min"))
        if ttl_min <= 0:
            return []
        now = self._clock()
        unloaded = []
        for info in self._supervisor.infos():
            usage = self._usage.get(info.model_id)
            # A sleeping model unused this long gives back what it still holds too.
            asleep_or_running = info.state in (ProcessState.RUNNING, ProcessState.SLEEPING)
            if not asleep_or_running or usage is None or usage.in_flight:
                continue
            if now - usage.last_used >= ttl_min * 60:
                await self._supervisor.stop(info.model_id)
                unloaded.append(info.model_id)
        return unloaded

    # -- helpers -------------------------------------------------------------------------
    def _ctx_size(self, model_id: str) -> int:
        """The context size the model's child was started with (a warm request reads it
        from the plan, never from the settings); a model not started here: as planned."""
        plan = self._plans.get(model_id)
        return plan.spec.ctx_size if plan is not None else self._planner.ctx_size(model_id)

    def running_command(self, model_id: str) -> tuple[str, ...] | None:
        """The command line the model's child runs with (as a preview shows one), None when
        no child of it was started here and runs."""
        info = self._supervisor.info(model_id)
        plan = self._plans.get(model_id)
        if info is None or plan is None or info.state not in ALIVE:
            return None
        return shown_command(plan.spec)

    def _touch(self, model_id: str) -> None:
        self._usage.setdefault(model_id, Usage()).last_used = self._clock()

    def _backend(self, model_id: str, info: ProcessInfo | None = None) -> Backend:
        """The model's running child as the endpoint relays to it (`info`: just read)."""
        info = info or self._supervisor.info(model_id)
        if info is None:
            raise ProblemError(problem("load.not_running", model=model_id))
        usage = self._usage.get(model_id, Usage())
        return Backend(
            model_id=model_id,
            served_name=model_id,
            base_url=info.base_url or "",
            pid=info.pid,
            command=tuple(info.argv),
            ctx_size=self._ctx_size(model_id),
            state=info.state,
            in_flight=usage.in_flight,
            last_used=usage.last_used,
            api_key=info.api_key,  # the relay sends it; None unless child_api_keys is on
        )
