"""Notices when an asyncio loop stops answering (a blocking call on it) and says where it was.

asyncio's debug mode reports slow callbacks too, but it records a stack for every scheduled
callback (several times slower under load) and cannot say what a callback was doing while it
blocked. Here one watcher thread pings each running loop with `call_soon_threadsafe`; when a
ping waits longer than the threshold, it samples the loop thread's stack at that moment
(`sys._current_frames`), so the report names the blocking call itself.

On a machine shared with other busy processes a loop can also wait for a CPU: its thread is
ready to run but the kernel runs someone else. Linux counts that wait per thread (the second
field of /proc/self/task/TID/schedstat, "time spent waiting on a runqueue"); each stall says
how much of it was that, so a caller can hold the loop to its own blocking — a blocking call
sleeps or computes, neither of which is waiting on a run queue — and not to the machine's load.
A loop that starts a thread (asyncio's executor does, for `to_thread`) waits until the new
thread has run once, and a loop may wait for another of its process's threads: that wait is
the other thread's on the run queue, not the loop's. So once a ping is late (LATE_S), every
thread's count is noted, and a stall's CPU wait is the most any one thread of the process
waited from then on (a thread born later: all of its wait).

A pass of Python's cyclic garbage collector also stops the loop (it holds the interpreter),
and on a large heap of a busy machine it can take seconds; that is no blocking call of the
loop's code either, so each stall also says how long the collector ran meanwhile (timed with
`gc.callbacks`, which the interpreter calls at the start and end of every collection).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

PING_INTERVAL_S = 0.02
# A ping unanswered this long: note every thread's run-queue count (from then on, another
# thread's wait for a CPU is the machine's, not the loop's). Later missed too much: at 0.25 s
# four tests' stalls came out over the failing limit in a fresh-clone run.
LATE_S = 0.05


@dataclass(frozen=True)
class Stall:
    """The loop did not run a ping for `seconds`; `where` is its thread's stack meanwhile;
    `cpu_wait` of those seconds its thread was ready but waiting for a CPU (0 where the
    kernel does not say)."""

    seconds: float
    where: str
    cpu_wait: float = 0.0
    gc_s: float = 0.0  # of those seconds, the garbage collector ran

    @property
    def own(self) -> float:
        """The part of the stall the loop's own code caused: blocked or computing."""
        return max(0.0, self.seconds - self.cpu_wait - self.gc_s)


class _GcClock:
    """Seconds the garbage collector has run in this process (all threads: it holds the GIL)."""

    def __init__(self) -> None:
        self.total = 0.0
        self._started: float | None = None

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif self._started is not None:
            self.total += time.perf_counter() - self._started
            self._started = None


_gc_clock = _GcClock()
gc.callbacks.append(_gc_clock)


def run_queue_wait(native_id: int | None) -> float | None:
    """Seconds the thread has spent ready to run but waiting for a CPU, or None."""
    if native_id is None:
        return None
    try:
        stat = Path(f"/proc/self/task/{native_id}/schedstat").read_bytes()
        return int(stat.split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def thread_waits() -> dict[int, float]:
    """run_queue_wait of every thread of this process, by its native id."""
    waits = {}
    for thread in threading.enumerate():
        wait = run_queue_wait(thread.native_id)
        if thread.native_id is not None and wait is not None:
            waits[thread.native_id] = wait
    return waits


def _native_id(ident: int | None) -> int | None:
    thread = threading._active.get(ident) if ident is not None else None  # type: ignore[attr-defined]  # the only map from ident to Thread
    return thread.native_id if thread is not None else None


class StallWatch:
    """Watches loops registered with `watch()` until `stop()`; calls `on_stall` for each
    stall longer than `threshold_s` (from the watcher thread)."""

    def __init__(
        self, threshold_s: float, on_stall: Callable[[Stall], None], late_s: float = LATE_S
    ) -> None:
        self._threshold = threshold_s
        self._late = late_s
        self._on_stall = on_stall
        self._loops: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="stall-watch", daemon=True)
        self._thread.start()

    def watch(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            self._loops.add(loop)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)

    def _run(self) -> None:
        # Per loop: when the outstanding ping was sent, the loop's thread, the stack seen, and
        # each thread's run-queue count once the ping was late.
        pending: dict[int, tuple[float, list[int | None], list[str], dict[int, float]]] = {}
        while not self._stop.wait(PING_INTERVAL_S):
            with self._lock:
                loops = list(self._loops)
            for loop in loops:
                key = id(loop)
                if loop.is_closed() or not loop.is_running():
                    pending.pop(key, None)
                    continue
                entry = pending.get(key)
                if entry is None:
                    self._ping(loop, key, pending)
                    continue
                sent, thread_id, stack, counts = entry
                if not counts and time.monotonic() - sent > self._late:
                    counts.update(thread_waits())
                if not stack and time.monotonic() - sent > self._threshold and thread_id[0]:
                    frame = sys._current_frames().get(thread_id[0])
                    if frame is not None:
                        stack.append("".join(traceback.format_stack(frame, limit=12)))

    def _ping(
        self,
        loop: asyncio.AbstractEventLoop,
        key: int,
        pending: dict[int, tuple[float, list[int | None], list[str], dict[int, float]]],
    ) -> None:
        thread_id: list[int | None] = [getattr(loop, "_thread_id", None)]
        native = _native_id(thread_id[0])
        # Reading /proc lets go of the interpreter, and a collection on another thread can run
        # meanwhile: so the run queue first, then the collector's clock and the time together,
        # or a collection between them would count as the loop's own.
        queued = run_queue_wait(native)
        collected = _gc_clock.total
        sent = time.monotonic()
        stack: list[str] = []
        counts: dict[int, float] = {}
        pending[key] = (sent, thread_id, stack, counts)

        def answered() -> None:
            waited = time.monotonic() - sent
            gc_s = min(_gc_clock.total - collected, waited)
            pending.pop(key, None)  # dict ops are atomic under the GIL
            if waited > self._threshold:
                now = run_queue_wait(native)
                cpu_wait = now - queued if now is not None and queued is not None else 0.0
                others = [w - counts.get(n, 0.0) for n, w in thread_waits().items()]
                cpu_wait = max([cpu_wait, *others]) if counts else cpu_wait
                where = stack[0] if stack else "(stack not sampled)"
                self._on_stall(Stall(waited, where, min(cpu_wait, waited), gc_s))

        try:
            loop.call_soon_threadsafe(answered)
        except RuntimeError:  # closed between the check and the call
            pending.pop(key, None)
