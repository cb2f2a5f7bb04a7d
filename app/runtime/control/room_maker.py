"""Making room for a start: which idle models to put aside, asleep or stopped, so that a
planned start fits on each device (app.core.memory.swap's policy), and what the app's own children
hold meanwhile. The controller decides under its lock and calls `make` there."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from app.core.memory.memory_room import DeviceRoom, no_room
from app.core.memory.parallel import add_device_bytes
from app.core.memory.swap import DeviceCandidate, EvictAction, Eviction, choose_evictions_on_devices
from app.core.problems.problems import Problem, ProblemError
from app.core.states import ALIVE, ProcessState
from app.runtime.control.planning import LaunchPlan, Planner
from app.supervisor import ProcessInfo, Supervisor
from app.supervisor.supervisor import Occupancy

log = logging.getLogger(__name__)

# How long a swap waits for a victim's in-flight requests before giving up on it.
SWAP_DRAIN_TIMEOUT_S = 30.0


@dataclass
class Usage:
    """A model's requests, as the controller counts them (Controller.use)."""

    in_flight: int = 0
    last_used: float = 0.0
    # Set whenever no request is in flight: a swap waits on it instead of polling.
    idle: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(frozen=True)
class _RoomPlan:
    victims: list[Eviction] | None
    used: dict[str, int]  # per device
    busy: list[str]
    starting: list[str]


class RoomMaker:
    """Puts idle models aside for a start, counting memory per device from the plans.

    Shares with the controller what it counts: each model's requests (`usage`) and the plan
    of each child (`plans`); it keeps the starts decided but not yet alive (`reserved`: their
    bytes per device) and the models chosen to make room (`evicting`: no new requests).
    """

    def __init__(
        self,
        supervisor: Supervisor,
        planner: Planner,
        clock: Callable[[], float],
        usage: dict[str, Usage],
        plans: dict[str, LaunchPlan],
    ) -> None:
        self._supervisor = supervisor
        self._planner = planner
        self._clock = clock
        self._usage = usage
        self._plans = plans
        self.reserved: dict[str, dict[str, int]] = {}
        self.evicting: set[str] = set()
        self.start_settled = asyncio.Event()  # set whenever a reserved start ends

    def _decide(self, plan: LaunchPlan, seen: Occupancy) -> _RoomPlan:
        """One decision: which idle models to put aside, asleep or stopped (None: cannot fit
        now), and why not.

        Memory is counted per device: a model fits when each GPU it uses (or RAM) has room,
        and only models holding memory where it lacks are slept or unloaded for it.
        """
        candidates: list[DeviceCandidate] = []
        used: dict[str, int] = {}
        for model_id, held in self.reserved.items():
            if model_id != plan.spec.model_id:
                add_device_bytes(used, held)
        for info in seen.infos.values():
            if info.state not in ALIVE or info.model_id == plan.spec.model_id:
                continue
            if info.model_id in self.reserved:
                continue  # counted above; a start in progress is never a victim
            usage = self._usage.setdefault(info.model_id, Usage())
            candidate = self._swap_candidate(info, usage, info.model_id in seen.sleepable)
            add_device_bytes(used, candidate.holds)
            candidates.append(candidate)
        return _RoomPlan(
            victims=choose_evictions_on_devices(candidates, plan.device_bytes, plan.budgets, used),
            used=used,
            busy=[c.model_id for c in candidates if c.in_flight],
            starting=[m for m in self.reserved if m != plan.spec.model_id],
        )

    async def make(self, plan: LaunchPlan, seen: Occupancy) -> None:
        """Put least-recently-used idle models aside (asleep or stopped) until `spec` fits.

        When it cannot fit now but could later — other models are still starting, or have
        requests in flight — wait for them (bounded by load_timeout_s) and decide again: a
        request for B while A is loading is answered after A's requests, not refused. After
        models were put to sleep it decides again with what their sleeps measured. `seen`:
        the supervisor's snapshot for the first decision; each later one takes its own.
        """
        # The budgets as far as other programs and the host's reserve allow, read now (off
        # the loop: nvidia-smi takes a while); what they hold does not change while the app
        # makes room, so this is read once per decision (issues 20 and 23).
        now = await asyncio.to_thread(self._planner.memory.read)
        rooms = self._planner.memory.rooms(now, self.held_by_device(seen), budgets=plan.budgets)
        plan = dataclasses.replace(plan, budgets={d: r.room for d, r in rooms.items()})
        deadline = self._clock() + plan.spec.load_timeout_s
        drained: set[str] = set()
        done: set[tuple[str, EvictAction]] = set()
        while True:
            room = self._decide(plan, seen)
            left = deadline - self._clock()
            waiting_for = [m for m in room.busy if m not in drained]
            if room.victims is not None:
                todo = [v for v in room.victims if (v.model_id, v.action) not in done]
                if not todo:
                    return  # it fits (or nothing left would change the plan)
                await self._evict(plan.spec.model_id, todo)
                done.update((v.model_id, v.action) for v in todo)
            elif room.starting and left > 0:
                self.start_settled.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.start_settled.wait(), left)
            elif waiting_for and left > 0:
                drained.add(waiting_for[0])
                await self._drain(waiting_for[0])
            else:
                raise ProblemError(self._no_room(plan, room.used, rooms))
            seen = self._supervisor.occupancy(plan.spec)  # the next decision's own

    async def _evict(self, for_model: str, evictions: Sequence[Eviction]) -> None:
        victims = [e.model_id for e in evictions]
        self.evicting.update(victims)
        try:
            for eviction in evictions:
                victim_usage = self._usage.get(eviction.model_id)
                if victim_usage is not None and victim_usage.in_flight:
                    # A request slipped in after the decision: let it finish first.
                    await self._drain(eviction.model_id)
                await self._put_aside(eviction, for_model)
        finally:
            self.evicting.difference_update(victims)

    def _swap_candidate(self, info: ProcessInfo, usage: Usage, sleepable: bool) -> DeviceCandidate:
        """A loaded model as the swap policy sees it: what it holds on each device, whether
        it can sleep (`sleepable`: the supervisor would try)."""
        holds = self._holds(info)
        can_sleep = info.state is ProcessState.RUNNING and sleepable
        return DeviceCandidate(
            info.model_id,
            holds,
            usage.in_flight,
            usage.last_used,
            asleep=dict.fromkeys(holds, 0) if can_sleep else None,
            sleeping=info.state is ProcessState.SLEEPING,
        )

    def _holds(self, info: ProcessInfo) -> dict[str, int]:
        """What a loaded model holds on each device: as planned, or, asleep, what its sleep
        did not free (measured on each of its GPUs, or in RAM). One that may sleep is
        expected to free all it was planned to hold (its measured sleep then tells the
        truth, and `make` decides again with it)."""
        plan = self._plans.get(info.model_id)
        holds = dict(plan.device_bytes) if plan is not None else {}
        if info.state is ProcessState.SLEEPING and info.sleep is not None:
            freed = info.sleep.freed_by_device
            holds = {d: max(0, b - freed.get(d, 0)) for d, b in holds.items()}
        return holds

    async def _put_aside(self, eviction: Eviction, for_model: str) -> None:
        """Sleep or stop one model to make room for `for_model`, as the plan said."""
        model_id = eviction.model_id
        if eviction.action is EvictAction.STOP:
            log.info("unloading %s to make room for %s", model_id, for_model)
            await self._supervisor.stop(model_id, swapped_out=True)
            return
        report = await self._supervisor.sleep(model_id, self.planned_total(model_id))
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

    def planned_total(self, model_id: str) -> int:
        plan = self._plans.get(model_id)
        return sum(plan.device_bytes.values()) if plan is not None else 0

    def _no_room(
        self, plan: LaunchPlan, used: Mapping[str, int], rooms: Mapping[str, DeviceRoom]
    ) -> Problem:
        """The sentence for a model that cannot fit (app.core.memory.memory_room.no_room)."""
        return no_room(
            plan.spec.model_id,
            plan.spec.args,
            plan.device_bytes,
            used=used,
            rooms=rooms,
            device_label=self._planner.device_label,
        )

    def held_by_device(self, seen: Occupancy | None = None) -> dict[str, int]:
        """What the app's children hold on each device as planned (a sleeping one, what its
        sleep did not free), starts decided but not yet alive included: the memory that is
        the app's own in what the machine reports as used (app.core.memory.memory_room). `seen`:
        a decision's snapshot of the supervisor (default: its processes now)."""
        held: dict[str, int] = {}
        for reserved in self.reserved.values():
            add_device_bytes(held, reserved)
        infos = seen.infos.values() if seen is not None else self._supervisor.infos()
        for info in infos:
            if info.state in ALIVE and info.model_id not in self.reserved:
                add_device_bytes(held, self._holds(info))
        return held

    async def _drain(self, model_id: str) -> None:
        usage = self._usage.get(model_id)
        if usage is None or not usage.in_flight:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(usage.idle.wait(), SWAP_DRAIN_TIMEOUT_S)
