"""Which models run: load on demand, swap by memory, idle unload (the proxy's requests and
every Load go through it; what the model list shows is app.runtime.views')."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from app.core.contracts import Backend
from app.core.memory_room import DeviceRoom, no_room
from app.core.parallel import add_device_bytes
from app.core.problems import Problem, ProblemError, problem
from app.core.registry import Registry
from app.core.settings import Settings
from app.core.states import ALIVE, FAILED, ProcessState
from app.core.swap import DeviceCandidate, EvictAction, Eviction, choose_evictions_on_devices
from app.runtime.planning import LaunchPlan, Planner
from app.runtime.planning.values import shown_command
from app.supervisor import ProcessInfo, Supervisor
from app.supervisor.diagnosis import is_memory_failure

log = logging.getLogger(__name__)

# A child of these is (or soon is) the model's: a new start would join it, not replace it.
STARTED = frozenset({ProcessState.STARTING, ProcessState.RUNNING})
# How long a swap waits for a victim's in-flight requests before giving up on it.
SWAP_DRAIN_TIMEOUT_S = 30.0


@dataclass
class _Usage:
    in_flight: int = 0
    last_used: float = 0.0
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


@dataclass(frozen=True)
class _RoomPlan:
    victims: list[Eviction] | None
    used: dict[str, int]  # per device
    busy: list[str]
    starting: list[str]


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
        catch_up: Callable[[], None] = lambda: None,
    ) -> None:
        self._supervisor = supervisor
        # Takes in what other processes stored just now (ConfigWatcher.catch_up), before a
        # start is planned.
        self._catch_up = catch_up
        self._planner = planner
        self._registry = registry
        self._settings = settings
        self._clock = clock
        self._usage: dict[str, _Usage] = {}
        self._decide = asyncio.Lock()
        # Starts decided but not yet ALIVE: their bytes on each device.
        self._reserved: dict[str, dict[str, int]] = {}
        self._evicting: set[str] = set()  # chosen to make room: no new requests for them
        self._start_settled = asyncio.Event()  # set whenever a reserved start ends
        # The plan of each model's child, made once when the start was decided: what it
        # runs and holds on each device. Every child is started by `_start`, which records
        # its plan first, so a decision never plans (nor reads a model's files) again.
        self._plans: dict[str, LaunchPlan] = {}
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
        usage = self._usage.setdefault(backend.model_id, _Usage())
        usage.begin(self._clock())
        try:
            yield backend
        finally:
            usage.end(self._clock())

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
            and entry.id not in self._evicting
        ):
            self._touch(entry.id)
            return self._backend(entry.id, info)
        self._catch_up()  # a few stat() calls
        plan = self._planner.plan_launch(entry.id, extra_args=extra_args)
        refused = self._supervisor.refusal(plan.spec)
        if refused is not None:
            # Given up on, and nothing changed since: answer at once, and do not unload
            # healthy models for a start the supervisor would refuse anyway. A changed spec
            # (options, engine, settings) is a fresh try, which the supervisor allows.
            raise ProblemError(refused)
        try:
            await self._start(plan)
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
            await self._start(plan)
        self._touch(entry.id)
        return self._backend(entry.id)

    async def _start(self, plan: LaunchPlan) -> None:
        """Decide (make room, reserve) under the lock, then start and wait outside it."""
        model_id = plan.spec.model_id
        async with self._decide:
            info = self._supervisor.info(model_id)
            # STOPPING counts as needing a start: the child that is going away frees its
            # memory, and the new one must hold a reservation like any other start, or a
            # decision made meanwhile could choose it as a victim mid-start.
            reserve = info is None or info.state not in STARTED
            if reserve:
                await self._make_room(plan)
                # Held until the child exists and counts as ALIVE: a second decision made
                # meanwhile must see this memory as taken.
                self._reserved[model_id] = dict(plan.device_bytes)
                # A start joining one in progress keeps that child, hence its plan.
                self._plans[model_id] = plan
        try:
            await self._supervisor.start(plan.spec)
        finally:
            if reserve:
                self._reserved.pop(model_id, None)
                self._start_settled.set()

    def _idle_others(self, model_id: str) -> list[str]:
        """Running models other than `model_id` with no request in flight."""
        return [
            info.model_id
            for info in self._supervisor.infos()
            if info.model_id != model_id
            and info.state in (ProcessState.RUNNING, ProcessState.SLEEPING)
            and not self._usage.get(info.model_id, _Usage()).in_flight
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

    # -- swapping ------------------------------------------------------------------------
    def _room_plan(self, plan: LaunchPlan) -> _RoomPlan:
        """One decision: which idle models to put aside, asleep or stopped (None: cannot fit
        now), and why not.

        Memory is counted per device: a model fits when each GPU it uses (or RAM) has room,
        and only models holding memory where it lacks are slept or unloaded for it.
        """
        candidates: list[DeviceCandidate] = []
        used: dict[str, int] = {}
        for model_id, held in self._reserved.items():
            if model_id != plan.spec.model_id:
                add_device_bytes(used, held)
        for info in self._supervisor.infos():
            if info.state not in ALIVE or info.model_id == plan.spec.model_id:
                continue
            if info.model_id in self._reserved:
                continue  # counted above; a start in progress is never a victim
            usage = self._usage.setdefault(info.model_id, _Usage())
            candidate = self._swap_candidate(info, usage)
            add_device_bytes(used, candidate.holds)
            candidates.append(candidate)
        return _RoomPlan(
            victims=choose_evictions_on_devices(candidates, plan.device_bytes, plan.budgets, used),
            used=used,
            busy=[c.model_id for c in candidates if c.in_flight],
            starting=[m for m in self._reserved if m != plan.spec.model_id],
        )

    async def _make_room(self, plan: LaunchPlan) -> None:
        """Put least-recently-used idle models aside (asleep or stopped) until `spec` fits.

        When it cannot fit now but could later — other models are still starting, or have
        requests in flight — wait for them (bounded by load_timeout_s) and decide again: a
        request for B while A is loading is answered after A's requests, not refused. After
        models were put to sleep it decides again with what their sleeps measured.
        """
        # The budgets as far as other programs and the host's reserve allow, read now (off
        # the loop: nvidia-smi takes a while); what they hold does not change while the app
        # makes room, so this is read once per decision (issues 20 and 23).
        now = await asyncio.to_thread(self._planner.memory.read)
        rooms = self._planner.memory.rooms(now, self.held_by_device(), budgets=plan.budgets)
        plan = dataclasses.replace(plan, budgets={d: r.room for d, r in rooms.items()})
        deadline = self._clock() + plan.spec.load_timeout_s
        drained: set[str] = set()
        done: set[tuple[str, EvictAction]] = set()
        while True:
            room = self._room_plan(plan)
            if room.victims is not None:
                todo = [v for v in room.victims if (v.model_id, v.action) not in done]
                if not todo:
                    return  # it fits (or nothing left would change the plan)
                await self._evict(plan.spec.model_id, todo)
                done.update((v.model_id, v.action) for v in todo)
                continue
            left = deadline - self._clock()
            if room.starting and left > 0:
                self._start_settled.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._start_settled.wait(), left)
                continue
            waiting_for = [m for m in room.busy if m not in drained]
            if waiting_for and left > 0:
                drained.add(waiting_for[0])
                await self._drain(waiting_for[0])
                continue
            raise ProblemError(self._no_room(plan, room.used, rooms))

    async def _evict(self, for_model: str, evictions: Sequence[Eviction]) -> None:
        victims = [e.model_id for e in evictions]
        self._evicting.update(victims)
        try:
            for eviction in evictions:
                victim_usage = self._usage.get(eviction.model_id)
                if victim_usage is not None and victim_usage.in_flight:
                    # A request slipped in after the decision: let it finish first.
                    await self._drain(eviction.model_id)
                await self._put_aside(eviction, for_model)
        finally:
            self._evicting.difference_update(victims)

    # -- sleep mode (docs/sleep-mode.md) -------------------------------------------------
    def _swap_candidate(self, info: ProcessInfo, usage: _Usage) -> DeviceCandidate:
        """A loaded model as the swap policy sees it: what it holds on each device, whether
        it can sleep.

        A sleeping model holds on each device what its sleep did not free there (measured on
        each of its GPUs, or in RAM); one that may sleep is expected to free all it was
        planned to hold (its measured sleep then tells the truth, and `_make_room` decides
        again with it).
        """
        plan = self._plans.get(info.model_id)
        holds = dict(plan.device_bytes) if plan is not None else {}
        sleeping = info.state is ProcessState.SLEEPING
        if sleeping and info.sleep is not None:
            freed = info.sleep.freed_by_device
            holds = {d: max(0, b - freed.get(d, 0)) for d, b in holds.items()}
        can_sleep = info.state is ProcessState.RUNNING and self._supervisor.may_sleep(info.model_id)
        return DeviceCandidate(
            info.model_id,
            holds,
            usage.in_flight,
            usage.last_used,
            asleep=dict.fromkeys(holds, 0) if can_sleep else None,
            sleeping=sleeping,
        )

    async def sleep_model(self, model_id: str) -> bool:
        """Put a loaded model to sleep where sleeping frees its memory, else stop it (for a
        system suspend). True when it sleeps; a load or a request wakes it."""
        async with self._decide:
            if not self._supervisor.may_sleep(model_id):
                await self._supervisor.stop(model_id)
                return False
            return (await self._supervisor.sleep(model_id, self._planned_total(model_id))).asleep

    async def _put_aside(self, eviction: Eviction, for_model: str) -> None:
        """Sleep or stop one model to make room for `for_model`, as the plan said."""
        model_id = eviction.model_id
        if eviction.action is EvictAction.STOP:
            log.info("unloading %s to make room for %s", model_id, for_model)
            await self._supervisor.stop(model_id, swapped_out=True)
            return
        report = await self._supervisor.sleep(model_id, self._planned_total(model_id))
        if report.asleep:
            log.info(
                "put %s to sleep to make room for %s (freed %.2f GB)",
                model_id,
                for_model,
                report.freed_bytes / 1e9,
            )
        else:
            log.info(
                "unloaded %s to make room for %s (a sleep would not free it)", model_id, for_model
            )

    def _planned_total(self, model_id: str) -> int:
        plan = self._plans.get(model_id)
        return sum(plan.device_bytes.values()) if plan is not None else 0

    def _no_room(
        self, plan: LaunchPlan, used: Mapping[str, int], rooms: Mapping[str, DeviceRoom]
    ) -> Problem:
        """The sentence for a model that cannot fit (app.core.memory_room.no_room)."""
        return no_room(
            plan.spec.model_id,
            plan.spec.args,
            plan.device_bytes,
            used=used,
            rooms=rooms,
            device_label=self._planner.device_label,
        )

    def held_by_device(self) -> dict[str, int]:
        """What the app's children hold on each device as planned (a sleeping one, what its
        sleep did not free), starts decided but not yet alive included: the memory that is
        the app's own in what the machine reports as used (app.core.memory_room)."""
        held: dict[str, int] = {}
        for reserved in self._reserved.values():
            add_device_bytes(held, reserved)
        for info in self._supervisor.infos():
            if info.state in ALIVE and info.model_id not in self._reserved:
                usage = self._usage.get(info.model_id) or _Usage()
                add_device_bytes(held, self._swap_candidate(info, usage).holds)
        return held

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
        self._usage.setdefault(model_id, _Usage()).last_used = self._clock()

    def _backend(self, model_id: str, info: ProcessInfo | None = None) -> Backend:
        """The model's running child as the endpoint relays to it (`info`: just read)."""
        info = info or self._supervisor.info(model_id)
        if info is None:
            raise ProblemError(problem("load.not_running", model=model_id))
        usage = self._usage.get(model_id, _Usage())
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
