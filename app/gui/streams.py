"""A service's stream (an async iterator on the runtime loop) handed item by item to the GUI.

The services stream (a chat reply, search details as they arrive) on the runtime loop; the
GUI submits `relay(stream, sink)` there as one call, and `gui_sink` posts each item to the
GUI thread's loop in order. Cancelling the GUI's await (Stop, a newer query) cancels the
relay's task on the runtime loop, which closes the stream: the service's own way to stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable
from typing import TypeVar

from PySide6.QtCore import QObject

T = TypeVar("T")


class Stopper:
    """Stops a relay from the GUI thread so that the call returns only once its stream is
    closed (a stopped chat reply is then saved): cancelling the GUI's await instead would
    return at once, before the service had written what it kept."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._task: asyncio.Task[object] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.requested = False

    def stop(self) -> None:
        with self._lock:
            if self.requested:
                return  # once: a second cancel would cut the stream's own clean-up short
            self.requested = True
            task, loop = self._task, self._loop
        if task is not None and loop is not None:
            loop.call_soon_threadsafe(task.cancel)

    def _bind(self) -> None:
        task = asyncio.current_task()
        with self._lock:
            self._task, self._loop = task, asyncio.get_running_loop()
            requested = self.requested
        if requested and task is not None:
            task.cancel()


async def relay(
    stream: AsyncIterator[T], sink: Callable[[T], None], stopper: Stopper | None = None
) -> bool:
    """Runs on the runtime loop: every item of `stream` to `sink`; the stream is closed
    however this ends (cancelled included), so its request or fetches end with it.
    True when `stopper` stopped it."""
    if stopper is not None:
        stopper._bind()
    try:
        async for item in stream:
            sink(item)
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if stopper is None or not stopper.requested or task is None:
            raise
        task.uncancel()
        return True
    finally:
        close = getattr(stream, "aclose", None)
        if close is not None:
            with contextlib.suppress(Exception):
                await close()
    return False


def gui_sink(handler: Callable[[T], None], owner: QObject | None = None) -> Callable[[T], None]:
    """A sink callable from any thread that runs `handler(item)` on the current (GUI)
    thread's loop, items in the order they were given; none once `owner` is destroyed (items
    posted before a closed page's stream was cancelled still arrive)."""
    loop = asyncio.get_running_loop()
    alive = [True]
    if owner is not None:
        # Not a reference to the owner: the lambda must not keep it alive.
        owner.destroyed.connect(lambda *_args: alive.clear())

    def deliver(item: T) -> None:
        if alive:
            handler(item)

    def sink(item: T) -> None:
        loop.call_soon_threadsafe(deliver, item)

    return sink
