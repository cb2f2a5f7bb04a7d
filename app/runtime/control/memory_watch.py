"""The machine's memory now: every GPU's counters and the host's RAM, read live, and the room
the app's models have on each device.

`MemoryWatch.read()` reads them (blocking: sysfs, /proc/meminfo, nvidia-smi) and keeps the
reading; `run()` reads once a second in a worker thread and publishes one `GpuSampled` per
GPU (every kind the app detects, every GPU shown) and one `MemoryRoomSampled`. The planner's
fit check and the controller's load ask `rooms()`, so both see what other programs hold
(issue 20) and what the host can give without swapping (issue 23).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from app.core.events import EventBus, GpuSampled, MemoryRoomSampled
from app.core.memory.gpu import GpuInfo, MemorySample, SystemInfo, read_memories
from app.core.memory.meminfo import PROC_MEMINFO, HostMemory, read_meminfo
from app.core.memory.memory_room import GB, DeviceRoom, device_rooms
from app.core.settings.settings import Settings

SAMPLE_INTERVAL_S = 1.0


@dataclass(frozen=True)
class MemoryNow:
    """One reading: GPU counters by position in SystemInfo.gpus, the host's RAM, and the
    GPUs as detected when it was read (so that a decision never asks the planner again)."""

    gpus: Mapping[int, MemorySample] = field(default_factory=dict)
    host: HostMemory | None = None
    devices: tuple[GpuInfo, ...] = ()


class Machine(Protocol):
    """What the watch needs of the planner: the GPUs as detected and the budgets."""

    def system_info(self) -> SystemInfo: ...
    def memory_budgets(self) -> dict[str, int]: ...


class MemoryWatch:
    """Reads the machine's memory; `latest` is the last reading (None before the first).

    `held` says what the app's children hold on each device now (set by the runtime to the
    controller's count): that share of what the machine reports in use is the app's own.
    """

    def __init__(
        self,
        machine: Machine,
        settings: Settings,
        *,
        sysfs_root: Path,
        meminfo_path: Path | None = None,
    ) -> None:
        self._machine = machine
        self._settings = settings
        self._sysfs_root = sysfs_root
        self.meminfo_path = meminfo_path or PROC_MEMINFO
        self._lock = threading.Lock()
        self._latest: MemoryNow | None = None
        self.held: Callable[[], Mapping[str, int]] = dict

    @property
    def latest(self) -> MemoryNow | None:
        with self._lock:
            return self._latest

    def read(self) -> MemoryNow:
        """Read every GPU and the host now (blocking: call it in a worker thread)."""
        gpus = tuple(self._machine.system_info().gpus)
        reading = MemoryNow(
            read_memories(gpus, self._sysfs_root), read_meminfo(self.meminfo_path), gpus
        )
        with self._lock:
            self._latest = reading
        return reading

    def reserve(self) -> int:
        """RAM kept for the host (memory.host_reserve_gb), in bytes."""
        return int(float(self._settings.get("memory.host_reserve_gb")) * GB)

    def rooms(
        self,
        now: MemoryNow | None = None,
        ours: Mapping[str, int] | None = None,
        budgets: Mapping[str, int] | None = None,
    ) -> dict[str, DeviceRoom]:
        """The room the app's models have on each budgeted device (app.core.memory.memory_room):
        the budget, bounded by what other programs hold and, on an APU and in RAM, by what
        the host can give without swapping. `now`: a reading (else the last one; none yet:
        the budgets alone); `ours`: what the app's children hold (else `held()`); `budgets`:
        a plan's (else the planner's now)."""
        now = now if now is not None else self.latest
        return device_rooms(
            self._machine.memory_budgets() if budgets is None else budgets,
            now.devices if now is not None else self._machine.system_info().gpus,
            samples=now.gpus if now is not None else {},
            host=now.host if now is not None else None,
            ours=self.held() if ours is None else ours,
            reserve=self.reserve(),
        )

    async def run(self, bus: EventBus) -> None:
        """Sample once a second and publish what was read on `bus`, until cancelled."""
        while True:
            reading = await asyncio.to_thread(self.read)
            self.publish(bus, reading)
            await asyncio.sleep(SAMPLE_INTERVAL_S)

    def publish(self, bus: EventBus, reading: MemoryNow) -> None:
        for index, sample in sorted(reading.gpus.items()):
            bus.publish(
                GpuSampled(
                    vram_used=sample.vram_used,
                    vram_total=sample.vram_total,
                    gtt_used=sample.gtt_used,
                    gtt_total=sample.gtt_total,
                    ts=sample.timestamp,
                    index=index,
                )
            )
        host = reading.host
        bus.publish(
            MemoryRoomSampled(
                ram_total=host.total if host is not None else None,
                ram_available=host.available if host is not None else None,
                reserve=self.reserve(),
                rooms=tuple(self.rooms(reading).values()),
            )
        )
