"""The connection cap: aiohttp's protocol factory making GuardedConnections, making room when full.

Above the cap it closes the connection idle longest, else cuts the slowest request body, else
admits the newcomer only to tell it 503; the cap itself fits the process's descriptor limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import resource
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from aiohttp.http import HttpVersion10, HttpVersion11, RawRequestMessage
from aiohttp.streams import StreamReader
from aiohttp.web_protocol import ERROR, RequestHandler
from aiohttp.web_request import BaseRequest
from aiohttp.web_server import Server

from app.proxy import errors
from app.proxy.connections import CLOSE_AT_ONCE, GuardedConnection, client_log
from app.proxy.limits import ProxyLimits

log = logging.getLogger(__name__)

# Above the cap, a newcomer that finds nothing idle to replace is still accepted so that it
# can be told 503 instead of seeing a reset; past this many such connections more are dropped
# at once, so a flood cannot use up the process's file descriptors.
REFUSAL_SLOTS = 64
# aiohttp hands its error handler a request built from ERROR, an HTTP/1.0 message, so the
# answer would go out as HTTP/1.0; the same message as HTTP/1.1 gets a 1.1 answer.
_ERROR_11 = ERROR._replace(version=HttpVersion11)
# Descriptors the rest of the process needs besides the endpoint's connections: log files,
# pipes to each child, the children's watchdogs, the GUI's, libraries'.
_OTHER_FDS = 256

AppHandler = Callable[[BaseRequest], Awaitable[web.StreamResponse]]
RequestFactory = Callable[
    [RawRequestMessage, StreamReader, RequestHandler, Any, "asyncio.Task[None]"], BaseRequest
]


def fit_to_descriptors(limits: ProxyLimits) -> ProxyLimits:
    """`limits` with a connection cap the process's file-descriptor limit can hold: each
    relayed request takes two (client and child). Raises the soft limit toward the hard one
    first, as Go's runtime does at start; desktop sessions often start with a soft 1024."""
    need = 2 * (limits.max_connections + REFUSAL_SLOTS) + _OTHER_FDS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    if soft == resource.RLIM_INFINITY or soft >= need:
        return limits
    cap = max(16, (soft - _OTHER_FDS) // 2 - REFUSAL_SLOTS)
    log.warning(
        "the process may open only %d files, so the endpoint serves at most %d connections "
        "instead of %d",
        soft,
        cap,
        limits.max_connections,
    )
    return dataclasses.replace(limits, max_connections=cap)


class GuardedServer(Server):
    """aiohttp's protocol factory, making GuardedConnections and holding the connection cap."""

    def __init__(
        self,
        handler: AppHandler,
        *,
        request_factory: RequestFactory,
        limits: ProxyLimits,
        loop: asyncio.AbstractEventLoop,
        handler_cancellation: bool,
        **connection_kwargs: Any,
    ) -> None:
        super().__init__(
            self._handle,
            request_factory=self._make_guarded_request,
            handler_cancellation=handler_cancellation,
            loop=loop,
        )
        self.limits = limits
        self._app_handler = handler
        self._app_request_factory = request_factory
        self._connection_kwargs = connection_kwargs
        # Open connections in the order they came; eviction picks the longest waiting.
        self._open: dict[GuardedConnection, None] = {}
        self._warned_full_at = -1e9

    def __call__(self) -> GuardedConnection:
        return GuardedConnection(
            self, limits=self.limits, loop=self._loop, **self._connection_kwargs
        )

    @property
    def open_connections(self) -> int:
        return len(self._open)

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        if isinstance(handler, GuardedConnection):
            self._admit(handler)

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        super().connection_lost(handler, exc)
        self._open.pop(handler, None)  # type: ignore[call-overload]

    def _admit(self, conn: GuardedConnection) -> None:
        self._open[conn] = None
        cap = self.limits.max_connections
        if len(self._open) <= cap:
            return
        self._say_full()
        victim = min(
            (c for c in self._open if c is not conn and c.waiting_since is not None),
            key=lambda c: c.waiting_since or 0.0,
            default=None,
        )
        if victim is not None:
            # A waiting connection costs its client only a reconnect; a newcomer refused
            # costs it a request.
            del self._open[victim]
            victim.close_waiting()
        elif (slow := self._slowest_body()) is not None and slow.body is not None:
            # A body dribbled in more slowly than any upload needs costs its client a request
            # it was hardly sending; without this, one process holding a dribbled body on
            # every connection keeps everyone else out (issue 31 item 10).
            del self._open[slow]
            client_log.info("cut short a slow request body from %s to make room", slow.peer())
            slow.body.cut()  # its reader answers 408 and the connection closes
        elif len(self._open) <= cap + REFUSAL_SLOTS:
            conn.refused = True
        else:
            del self._open[conn]
            conn.force_close()

    def _slowest_body(self) -> GuardedConnection | None:
        """The slowest of the slow bodies (BodyClock.slow) of the client address that has
        the most of them: the cap bounds what one client holds, not a well-behaved one."""
        now = self._loop.time()
        slow = [c for c in self._open if c.body is not None and c.body.slow(now)]
        if not slow:
            return None
        heaviest = Counter(c.peer() for c in slow).most_common(1)[0][0]
        return min(
            (c for c in slow if c.peer() == heaviest),
            key=lambda c: c.body.rate(now) if c.body is not None else 0.0,
        )

    def _say_full(self) -> None:
        now = time.monotonic()
        if now - self._warned_full_at > 60.0:
            self._warned_full_at = now
            log.warning(
                "the endpoint has reached its limit of %d open connections; idle ones are "
                "closed to make room, and new ones refused while none is idle",
                self.limits.max_connections,
            )

    def _make_guarded_request(
        self,
        message: RawRequestMessage,
        payload: StreamReader,
        protocol: RequestHandler,
        writer: Any,
        task: asyncio.Task[None],
    ) -> BaseRequest:
        if message is ERROR:
            message = _ERROR_11
        if isinstance(protocol, GuardedConnection):
            protocol.request_started()
        return self._app_request_factory(message, payload, protocol, writer, task)

    async def _handle(self, request: BaseRequest) -> web.StreamResponse:
        protocol = request.protocol
        if isinstance(protocol, GuardedConnection) and protocol.refused:
            resp = errors.error_response(errors.too_many_connections(self.limits.max_connections))
            if isinstance(request, web.Request):
                request[CLOSE_AT_ONCE] = True
        elif request.version < HttpVersion10:
            # llhttp accepts a request line without a version (HTTP/0.9), which has no
            # headers, so no Host to check; nothing worth serving speaks it.
            resp = errors.error_response(
                errors.malformed_request("the request has no HTTP version")
            )
        else:
            return await self._app_handler(request)
        resp.force_close()
        return resp


class GuardedAppRunner(web.AppRunner):
    """An AppRunner whose server is a GuardedServer; everything else is aiohttp's."""

    def __init__(
        self,
        app: web.Application,
        limits: ProxyLimits,
        *,
        shutdown_timeout: float,
        handler_cancellation: bool = True,
    ) -> None:
        super().__init__(
            app,
            access_log=None,  # per-request logging costs throughput; the tray shows activity
            handle_signals=False,
            handler_cancellation=handler_cancellation,
            shutdown_timeout=shutdown_timeout,
        )
        self._limits = limits
        self._handler_cancellation = handler_cancellation

    async def _make_server(self) -> Server:
        # The parent starts and freezes the app and builds a plain Server around its handler
        # and request factory; the guarded one takes both over.
        plain = await super()._make_server()
        return GuardedServer(
            plain.request_handler,
            request_factory=plain.request_factory,
            limits=self._limits,
            loop=asyncio.get_running_loop(),
            handler_cancellation=self._handler_cancellation,
            access_log=None,
        )
