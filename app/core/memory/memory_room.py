"""How much memory the app's models may hold on each device now.

Three limits, the smallest wins:
- the budget: the device's memory (VRAM, plus GTT on an APU; RAM for the CPU engine) or
  `memory.budget_gb`;
- what other programs leave: the device's memory minus what others hold there now (what is
  in use, less what the app's own children hold);
- on an APU and in RAM, what the host can give without swapping: RAM available now
  (MemAvailable) plus what the app's children already hold there, minus a reserve kept for
  the desktop and the engines' own processes (`memory.host_reserve_gb`).

An APU's VRAM is a carve-out the BIOS takes from RAM before the kernel counts it: MemTotal
and MemAvailable do not include it, and memory taken there never makes the host swap, so an
APU's host limit is its VRAM plus what RAM can spare. The app's children are assumed to fill
the carve-out first; where they did not, the limit comes out lower, never higher.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from app.core.memory.gpu import GpuInfo, MemorySample
from app.core.memory.meminfo import HostMemory
from app.core.memory.memory import MemoryPlan
from app.core.memory.parallel import RAM_DEVICE, gpu_index
from app.core.problems.problems import Problem, problem, tr_noop, worded_problem

RoomBinding = Literal["budget", "others", "host"]
GB = 10**9  # the settings' unit (memory.budget_gb, memory.host_reserve_gb)
UTILIZATION_FLAG = "--gpu-memory-utilization"
MIN_UTILIZATION = 0.10  # below this share vLLM has no room for a model: the sentence says ctx


@dataclass(frozen=True)
class DeviceRoom:
    """One device: the limits on what the app's models together may hold there now (bytes).

    `total` is the device's memory as last read, `others` what other programs hold there
    (None: cannot tell), `host_limit` the most the models may hold there without the host
    dipping into its reserve (None: the host's RAM does not bound this device — a discrete
    card), `host_available` RAM available now and `reserve` the reserve kept for the host.
    """

    device: str
    budget: int
    total: int | None = None
    others: int | None = None
    host_limit: int | None = None
    host_available: int | None = None
    reserve: int = 0

    @property
    def free_of_others(self) -> int | None:
        """The device's memory less what other programs hold (None: unknown)."""
        if self.total is None or self.others is None:
            return None
        return max(0, self.total - self.others)

    @property
    def room(self) -> int:
        """What the app's models together may hold here now."""
        return max(0, min(self._limits().values()))

    @property
    def binding(self) -> RoomBinding:
        """Which limit decides `room` (the budget when they are equal)."""
        limits = self._limits()
        lowest = min(limits.values())
        return next(kind for kind, value in limits.items() if value == lowest)

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "room": self.room,
            "binding": self.binding,
            "budget": self.budget,
            "total": self.total,
            "others": self.others,
            "host_limit": self.host_limit,
            "host_available": self.host_available,
            "reserve": self.reserve,
        }

    def _limits(self) -> dict[RoomBinding, int]:
        limits: dict[RoomBinding, int] = {"budget": self.budget}
        free = self.free_of_others
        if free is not None:
            limits["others"] = free
        if self.host_limit is not None:
            limits["host"] = self.host_limit
        return limits


def host_limit(host: HostMemory, ours: int, reserve: int, carveout: int = 0) -> int:
    """The most the app's models may hold on a device backed by host RAM: `carveout` (an
    APU's VRAM, outside the kernel's count) plus RAM available now, plus what the models
    hold in RAM already (it would be theirs again), minus the reserve."""
    ours_in_ram = max(0, ours - carveout)
    return carveout + max(0, host.available + ours_in_ram - reserve)


def device_rooms(
    budgets: Mapping[str, int],
    gpus: Sequence[GpuInfo],
    *,
    samples: Mapping[int, MemorySample],
    host: HostMemory | None,
    ours: Mapping[str, int],
    reserve: int,
) -> dict[str, DeviceRoom]:
    """The room on each budgeted device (`budgets`: "gpu0"…, "ram"), from fresh readings:
    `samples` by GPU position (a GPU without one counts as unknown), `host` the host's RAM,
    `ours` what the app's children hold on each device now."""
    rooms: dict[str, DeviceRoom] = {}
    for device, budget in budgets.items():
        held = ours.get(device, 0)
        index = gpu_index(device)
        if index is None or index >= len(gpus):
            limit = host_limit(host, held, reserve) if host is not None else None
            rooms[device] = DeviceRoom(
                device,
                budget,
                total=host.total if host is not None else None,
                host_limit=limit if device == RAM_DEVICE else None,
                host_available=host.available if host is not None else None,
                reserve=reserve,
            )
            continue
        gpu, sample = gpus[index], samples.get(index)
        total = sample.budget_total if sample is not None else None
        used = sample.budget_used if sample is not None else None
        limit = None
        if gpu.apu and host is not None:
            vram = (sample.vram_total if sample is not None else None) or gpu.vram_total or 0
            limit = host_limit(host, held, reserve, carveout=vram)
        rooms[device] = DeviceRoom(
            device,
            budget,
            total=total,
            others=max(0, used - held) if used is not None else None,
            host_limit=limit,
            host_available=host.available if host is not None and gpu.apu else None,
            reserve=reserve,
        )
    return rooms


def utilization_that_fits(room: int, total: int) -> float:
    """The largest --gpu-memory-utilization (hundredths, rounded down) whose share of
    `total` stays within `room`; 0.0 when not even 1 % fits."""
    if total <= 0:
        return 0.0
    return math.floor(room * 100 / total) / 100


MAX_UTILIZATION = 0.99  # the setting's own ceiling


@dataclass(frozen=True)
class RamShare:
    """What a CPU engine's --gpu-memory-utilization is a share of: vLLM's CPU build asks for
    that share of the host's RAM (MemTotal) and fails a load when less is free, so the share
    that fits is RAM available less the host's reserve, over the total (bytes)."""

    available: int
    reserve: int
    total: int

    def utilization(self) -> float:
        """The largest share that fits now, within the setting's range."""
        fits = utilization_that_fits(max(0, self.available - self.reserve), self.total)
        return min(max(fits, MIN_UTILIZATION), MAX_UTILIZATION)


def no_room(
    model: str,
    args: Sequence[str],
    needed: Mapping[str, int],
    *,
    used: Mapping[str, int],
    rooms: Mapping[str, DeviceRoom],
    device_label: Callable[[str], str],
) -> Problem:
    """The one sentence for a start that cannot fit even after unloading what may be
    unloaded, about the device short of most room. `needed`: what the start takes on each
    device; `used`: what the app's other models keep there; `args`: the child's argv (a
    --gpu-memory-utilization there reserves a share of the GPU, so the sentence names the
    share that would fit)."""

    def short(device: str) -> int:
        return used.get(device, 0) + needed[device] - rooms[device].room

    device = max(needed, key=lambda d: (short(d), d))
    room = rooms[device]
    by_share = gpu_index(device) is not None and _has_flag(args, UTILIZATION_FLAG)
    found = _room_problem(
        model,
        device_label(device),
        needed[device],
        room,
        utilization_total=room.total if by_share else None,
        held_by_models=used.get(device, 0),
    )
    if found is not None:
        return found
    params: dict[str, Any] = {
        "model": model,
        "device": device_label(device),
        "needed_gb": needed[device] / GB,
        "free_gb": max(room.room - used.get(device, 0), 0) / GB,
        "budget_gb": room.room / GB,
    }
    if sum(1 for d in rooms if gpu_index(d) is not None) > 1:
        return worded_problem(
            "load.no_room",
            tr_noop(
                "{model} needs about {needed_gb:.2f} GB on {device} but only {free_gb:.2f} "
                "of {budget_gb:.2f} GB are free there, and no idle model can be unloaded "
                "to make room. Lower its ctx_size, run it on other GPUs (gpus), or raise "
                "the memory budget (memory.budget_gb)."
            ),
            **params,
        )
    return problem("load.no_room", **params)


def _has_flag(args: Sequence[str], flag: str) -> bool:
    return any(a == flag or a.startswith(flag + "=") for a in args)


def _room_problem(
    model: str,
    device: str,
    needed: int,
    room: DeviceRoom,
    *,
    utilization_total: int | None,
    held_by_models: int,
) -> Problem | None:
    """The sentence when what other programs hold, or the host's reserve, leaves too
    little; None when the plain budget is what binds."""
    binding = room.binding
    if binding == "budget":
        return None
    free = max(0, room.room - held_by_models)
    fits = utilization_that_fits(free, utilization_total) if utilization_total else 0.0
    params: dict[str, Any] = {
        "model": model,
        "device": device,
        "needed_gb": needed / GB,
        "room_gb": free / GB,
        "utilization": f"{fits:.2f}",
    }
    if binding == "host":
        params |= {
            "available_gb": (room.host_available or 0) / GB,
            "reserve_gb": room.reserve / GB,
        }
        if fits >= MIN_UTILIZATION:
            template = tr_noop(
                "{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB "
                "can be taken without pushing this computer into swap ({available_gb:.2f} GB "
                "of RAM available, {reserve_gb:.2f} GB kept for the system): lower "
                "models.gpu_memory_utilization to {utilization}, or close other programs."
            )
        else:
            template = tr_noop(
                "{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB "
                "can be taken without pushing this computer into swap ({available_gb:.2f} GB "
                "of RAM available, {reserve_gb:.2f} GB kept for the system): lower its "
                "ctx_size, or close other programs."
            )
        return worded_problem("load.host_memory", template, **params)
    params |= {"others_gb": (room.others or 0) / GB, "total_gb": (room.total or 0) / GB}
    if fits >= MIN_UTILIZATION:
        template = tr_noop(
            "{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold "
            "{others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for "
            "models: lower models.gpu_memory_utilization to {utilization}, or close those programs."
        )
    else:
        template = tr_noop(
            "{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold "
            "{others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for "
            "models: lower its ctx_size, or close those programs."
        )
    return worded_problem("load.memory_in_use", template, **params)


FitVerdict = Literal["too_long", "not_now", "fits", "does_not_fit"]


def fit_verdict(
    plan: MemoryPlan, ctx: int, planned: Mapping[str, int], rooms: Mapping[str, DeviceRoom]
) -> FitVerdict:
    """Whether a model with context size `ctx` can start: the one verdict the Model settings
    dialog and `vllm-tray options` word (issue 32 item 16). `plan` is its `MemoryPlan`:
    above the model's own limit vLLM refuses the length whatever the memory; a plan that fits
    the budget still does not fit now when a start would reserve more than a device has free.
    """
    if plan.model_max_ctx is not None and ctx > plan.model_max_ctx:
        return "too_long"
    if not plan.fits:
        return "does_not_fit"
    for device, reserve in planned.items():
        room = rooms.get(device)
        if room is not None and reserve > room.room:
            return "not_now"
    return "fits"
