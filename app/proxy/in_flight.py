"""The requests the endpoint is relaying, so that its stop can give them a grace and then end
them itself while their connections are still open.

aiohttp's own shutdown waits `shutdown_timeout` for a handler, then cancels it and closes its
connection in the same step, so a cancelled stream has no moment left to say why it ends.
Here the stop first closes the listening sockets and idle connections, waits up to the grace
for the relays to finish, then cancels those still running and waits briefly while each
writes its last event (errors.end_for_stop); aiohttp's shutdown then finds nothing in flight.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from aiohttp import web

from app.core.problems.problems import ProblemError, problem
from app.proxy.keepalive import RESPONSE_STARTED

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# How long cancelled relays get to write their last event and end their answers.
LAST_WORDS_S = 1.0


class InFlight:
    """The relay tasks under way, and whether the endpoint is stopping."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()
        self._idle = asyncio.Event()
        self._idle.set()
        self.stopping = False

    def is_stopping(self) -> bool:
        return self.stopping

    def enter(self) -> asyncio.Task[object] | None:
        """A relay begins, in its handler's task (given back to `leave`)."""
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            self._idle.clear()
        return task

    def leave(self, task: asyncio.Task[object] | None) -> None:
        if task is not None:
            self._tasks.discard(task)
            if not self._tasks:
                self._idle.set()

    def hold(self, handle: Handler) -> Handler:
        """`handle`, waited for by the stop as a relay is: if the stop cancels it before any of
        its answer went out, it answers 503 `proxy.stopping` instead (`answer_the_stop`)."""

        async def held(request: web.Request) -> web.StreamResponse:
            task = self.enter()
            try:
                return await handle(request)
            except asyncio.CancelledError:
                if self.stopping:  # not a client gone: the stop, after its grace
                    answer_the_stop(request)
                raise
            finally:
                self.leave(task)

        return held

    async def drain(self, grace_s: float) -> None:
        """Stopping: wait up to `grace_s` for the relays to end, then cancel the rest (each
        then ends its answer as it can) and wait up to LAST_WORDS_S for them."""
        self.stopping = True
        try:
            await asyncio.wait_for(self._idle.wait(), grace_s)
            return
        except TimeoutError:
            pass
        left = list(self._tasks)
        for task in left:
            task.cancel()
        await asyncio.wait(left, timeout=LAST_WORDS_S)


def answer_the_stop(request: web.Request) -> None:
    """The stop cancelled this request's handler after its grace. If nothing of the answer went
    out, the cancel is undone and a whole answer says why (503 `proxy.stopping`), in place of a
    dropped connection; otherwise the caller goes on with the cancel."""
    if request.get(RESPONSE_STARTED):
        return
    task = asyncio.current_task()
    if task is not None:
        task.uncancel()
    raise ProblemError(problem("proxy.stopping"))
