"""The front-ends' doors to the runtime: the GUI's thread-safe facade and the CLI's session.

Both hand out `Services` (app.runtime.api.services) and the event bus, never the runtime's parts.
No use case lives here: a door only decides where the services' calls run.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Future
from contextlib import asynccontextmanager
from typing import TypeVar

from app.core.events import EventBus
from app.core.paths import AppPaths
from app.runtime.api.services import Services
from app.runtime.composition.runtime import Runtime, RuntimeOptions
from app.runtime.composition.thread import RuntimeThread

# RuntimeOptions: what a command sets of its session (its own endpoint, no GPU sampling…).
__all__ = ["RuntimeOptions", "Session", "ThreadFacade"]

T = TypeVar("T")


class ThreadFacade:
    """Implements app.runtime.api.services.Facade over a RuntimeThread: each call runs one
    function of the services on the runtime loop and returns a future the GUI awaits.

    Reads run there too: the views read caches the loop writes, and a secret may wait on a
    keyring unlock prompt; the GUI thread must do neither.
    """

    def __init__(self, thread: RuntimeThread) -> None:
        self._thread = thread
        self._services = thread.runtime.services
        self._bus = thread.runtime.bus

    @property
    def bus(self) -> EventBus:
        return self._bus

    def submit(self, work: Callable[[Services], Awaitable[T]]) -> Future[T]:
        async def run() -> T:
            return await work(self._services)

        return self._thread.submit(run())

    def call(self, work: Callable[[Services], T]) -> Future[T]:
        async def run() -> T:
            return work(self._services)

        return self._thread.submit(run())

    def post(self, work: Callable[[Services], object]) -> None:
        self._thread.call(work, self._services)

    def shutdown(self) -> None:
        self._thread.stop()


class Session:
    """One CLI command's runtime, on the command's own loop (asyncio.run).

    Built at once and cheaply (no thread, no process, no network until `start`): a command
    that only reads or edits configuration uses `services` without ever starting it.
    """

    def __init__(self, paths: AppPaths, options: RuntimeOptions | None = None) -> None:
        self._runtime = Runtime(paths, options)
        self.services = self._runtime.services
        self.bus = self._runtime.bus

    async def start(self, *, serve: bool = True) -> None:
        await self._runtime.start(serve=serve)

    async def stop(self) -> None:
        """Stop every part (children first); also right for a session never started."""
        await self._runtime.stop()

    @asynccontextmanager
    async def running(self, *, serve: bool = True) -> AsyncIterator[Services]:
        """Started for the block (the endpoint too, with `serve`), stopped after it, even
        when the start itself fails half way."""
        try:
            await self.start(serve=serve)
            yield self.services
        finally:
            await self.stop()
