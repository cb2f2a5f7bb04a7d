"""Whether a loading engine still does anything: output, or CPU use by its process tree.

A cold load can compile for many minutes without printing a line, so silence alone is no
stall; a hung one (a deadlock, a stopped process, a wait that never ends) prints nothing and
uses no CPU. `StallClock` keeps the time of the last sign of life; `TreeCpu` measures the CPU
the engine's processes used between two samples (psutil; call it off the event loop).
"""

from __future__ import annotations

import contextlib

import psutil

# CPU use below this share of one core counts as idle: the watchdog's and vLLM's pollers use
# far less, any real work (importing, loading, compiling) far more.
IDLE_CPU_SHARE = 0.02


class TreeCpu:
    """CPU seconds used by a process and its descendants since the previous sample."""

    def __init__(self, root_pid: int) -> None:
        self.root_pid = root_pid
        self._seen: dict[tuple[int, float], float] = {}

    def sample(self) -> float:
        try:
            root = psutil.Process(self.root_pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.Error:
            return 0.0
        used = 0.0
        seen: dict[tuple[int, float], float] = {}
        for proc in procs:
            with contextlib.suppress(psutil.Error):
                # pid plus start time: a reused pid is a new process, counted from zero.
                key = (proc.pid, proc.create_time())
                times = proc.cpu_times()
                total = times.user + times.system
                seen[key] = total
                used += max(0.0, total - self._seen.get(key, 0.0))
        first = not self._seen
        self._seen = seen
        # The first sample has no baseline: it only sets one.
        return 0.0 if first else used


class StallClock:
    """The last sign of life of a load, on the event loop's clock."""

    def __init__(self, now: float, cpu_share: float = IDLE_CPU_SHARE) -> None:
        self.last_alive = now
        self._cpu_share = cpu_share
        self._sampled_at = now

    def saw_output(self, now: float) -> None:
        self.last_alive = max(self.last_alive, now)

    def saw_cpu(self, now: float, cpu_s: float) -> None:
        """`cpu_s` seconds of CPU were used since the previous call."""
        window = now - self._sampled_at
        self._sampled_at = now
        if window > 0 and cpu_s >= self._cpu_share * window:
            self.last_alive = max(self.last_alive, now)

    def idle_for(self, now: float) -> float:
        return now - self.last_alive
