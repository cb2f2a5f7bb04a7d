"""The runtime thread: one plain asyncio loop hosting the runtime (no Qt object lives here)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

from app.core.problems.problems import ProblemError
from app.runtime.composition.runtime import Runtime

log = logging.getLogger(__name__)
T = TypeVar("T")


class RuntimeThread:
    """Runs `runtime` on its own loop in a daemon thread; `submit` schedules work there.

    The proxy keeps serving while the GUI thread shows a modal dialog, because nothing
    here waits for the GUI.
    """

    def __init__(self, runtime: Runtime, *, serve: bool = True) -> None:
        self.runtime = runtime
        self._serve = serve
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="vllm-tray-engine", daemon=True)
        self._started = threading.Event()
        self._stopped = threading.Event()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def start(self, timeout: float = 30.0) -> None:
        self._thread.start()
        if not self._started.wait(timeout):
            raise TimeoutError("the runtime thread did not start")

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._startup())
        finally:
            self._started.set()
        try:
            self._loop.run_forever()
        finally:
            # Work the GUI submitted as the loop stopped is ended, not dropped unrun (a
            # coroutine never started warns when it is collected, in a later test or log).
            pending = asyncio.all_tasks(self._loop)
            for task in pending:
                task.cancel()
            self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()
            self._stopped.set()

    async def _startup(self) -> None:
        try:
            await self.runtime.start(serve=False)
        except Exception as exc:  # shown in the GUI's banner; the loop stays usable
            log.warning("start-up: %s", exc, exc_info=True)
            self.runtime.note_startup_failure(exc)
        if self._serve:
            try:
                await self.runtime.services.endpoint.start()
            except ProblemError:
                pass  # published as ServerStateChanged: the GUI shows the endpoint's problem
            except Exception as exc:
                log.warning("starting the endpoint: %s", exc, exc_info=True)
                self.runtime.note_startup_failure(exc)

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        try:
            return asyncio.run_coroutine_threadsafe(coro, self._loop)
        except RuntimeError:  # the loop is closed: the app is quitting
            coro.close()
            stopped: Future[T] = Future()
            stopped.set_exception(RuntimeError("the engine has stopped"))
            return stopped

    def call(self, fn: Any, *args: Any) -> None:
        self._loop.call_soon_threadsafe(fn, *args)

    def stop(self, timeout: float = 60.0) -> None:
        """Stop every child (no restarts) and end the loop; safe to call twice."""
        if not self._thread.is_alive():
            return
        try:
            self.submit(self.runtime.stop()).result(timeout)
        except Exception:
            log.exception("engine shutdown")
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._stopped.wait(timeout)
