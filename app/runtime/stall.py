"""Notices when an asyncio loop stops answering (a blocking call on it) and says where it was.

asyncio's debug mode reports slow callbacks too, but it records a stack for every scheduled
callback (several times slower under load) and cannot say what a callback was doing while it
blocked. Here one watcher thread pings each running loop with `call_soon_threadsafe`; when a
ping waits longer than the threshold, it samples the loop thread's stack at that moment
(`sys._current_frames`), so the report names the blocking call itself.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

PING_INTERVAL_S = 0.02


@dataclass(frozen=True)
class Stall:
    """The loop did not run a ping for `seconds`; `where` is its thread's stack meanwhile."""

    seconds: float
    where: str


class StallWatch:
    """Watches loops registered with `watch()` until `stop()`; calls `on_stall` for each
    stall longer than `threshold_s` (from the watcher thread)."""

    def __init__(self, threshold_s: float, on_stall: Callable[[Stall], None]) -> None:
        self._threshold = threshold_s
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
        # Per loop: when the outstanding ping was sent, the loop's thread, the stack seen.
        pending: dict[int, tuple[float, list[int | None], list[str]]] = {}
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
                sent, thread_id, stack = entry
                if not stack and time.monotonic() - sent > self._threshold and thread_id[0]:
                    frame = sys._current_frames().get(thread_id[0])
                    if frame is not None:
                        stack.append("".join(traceback.format_stack(frame, limit=12)))

    def _ping(
        self,
        loop: asyncio.AbstractEventLoop,
        key: int,
        pending: dict[int, tuple[float, list[int | None], list[str]]],
    ) -> None:
        sent = time.monotonic()
        thread_id: list[int | None] = [getattr(loop, "_thread_id", None)]
        stack: list[str] = []
        pending[key] = (sent, thread_id, stack)

        def answered() -> None:
            waited = time.monotonic() - sent
            pending.pop(key, None)  # dict ops are atomic under the GIL
            if waited > self._threshold:
                self._on_stall(Stall(waited, stack[0] if stack else "(stack not sampled)"))

        try:
            loop.call_soon_threadsafe(answered)
        except RuntimeError:  # closed between the check and the call
            pending.pop(key, None)
