"""The connection layer under aiohttp.web: head and idle timeouts, and OpenAI error envelopes
for what aiohttp's HTTP parser refuses before any handler runs (the cap: guarded_server.py).

aiohttp's server has a keep-alive timeout and size limits for the request head, but no
timeout for a head that arrives slowly (a slowloris connection is held until the keep-alive
timeout), no cap on connections, and it answers parser errors in text/plain, HTTP/1.0, with a
traceback in the log. These belong where the connection is: a RequestHandler subclass (the
asyncio protocol aiohttp makes per connection) and the Server that makes them (the protocol
factory, app.proxy.guarded_server). They use the RequestHandler hooks of aiohttp 3.14
(`handle_error`, `finish_response`, `data_received`, `log_exception`, and its idle timer's
`_process_keepalive`);
tests/unit/proxy/test_connections.py fails if a new aiohttp changes them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

from aiohttp import web
from aiohttp.http_exceptions import BadHttpMessage, BadHttpMethod, LineTooLong
from aiohttp.streams import StreamReader
from aiohttp.web_protocol import RequestHandler, RequestPayloadError
from aiohttp.web_request import BaseRequest
from aiohttp.web_server import Server

from app.core.problems.problems import Problem
from app.proxy import errors
from app.proxy.limits import ProxyLimits

log = logging.getLogger(__name__)

_DETAIL_CHARS = 160

# Set on a request whose connection should close as soon as its answer is out, without
# first reading what is left of its body (aiohttp would read it for up to lingering_time):
# a body that timed out or broke its framing is not worth waiting for.
CLOSE_AT_ONCE = web.RequestKey("proxy_close_at_once", bool)


class BodyInProgress(Protocol):
    """A request body its reader is waiting for (app.proxy.bodies.BodyClock)."""

    def slow(self, now: float) -> bool: ...

    def rate(self, now: float) -> float: ...

    def cut(self) -> None: ...


class ThrottledLog:
    """One concise line per client mistake, at most `burst` per `window_s`; a flood of bad
    requests must not become a flood of log lines (the log is a file on the user's disk)."""

    def __init__(self, logger: logging.Logger, burst: int = 20, window_s: float = 60.0) -> None:
        self._log = logger
        self._burst = burst
        self._window_s = window_s
        self._window_start = 0.0
        self._count = 0
        self._suppressed = 0

    def info(self, msg: str, *args: object) -> None:
        now = time.monotonic()
        if now - self._window_start > self._window_s:
            if self._suppressed:
                self._log.info("%d more client errors were not logged", self._suppressed)
            self._window_start, self._count, self._suppressed = now, 0, 0
        if self._count < self._burst:
            self._count += 1
            self._log.info(msg, *args)
        else:
            self._suppressed += 1


client_log = ThrottledLog(log)


def _detail(exc: BaseException) -> str:
    """The first line of a parser message, bounded and printable (it may quote client bytes)."""
    text = getattr(exc, "message", None) or str(exc)
    first = str(text).split("\n", 1)[0].strip().rstrip(":.")
    cleaned = "".join(c if c.isprintable() else "?" for c in first)
    return cleaned[:_DETAIL_CHARS] or "malformed request"


def parser_problem(exc: BaseException | None, limits: ProxyLimits) -> tuple[Problem, int]:
    """What to answer for an exception aiohttp's HTTP parser raised, and its status."""
    if isinstance(exc, BadHttpMethod):
        if "HTTPS" in _detail(exc):  # aiohttp's own wording for a TLS hello on a plain port
            return errors.not_http(), 400
        return errors.unknown_method(), 501
    if isinstance(exc, LineTooLong):
        limit = exc.args[1] if len(exc.args) > 1 else limits.max_header_bytes
        return errors.head_too_large(limit), 431
    if isinstance(exc, BadHttpMessage) and "Too many headers" in _detail(exc):
        return errors.too_many_headers(limits.max_headers), 431
    return errors.malformed_request(_detail(exc) if exc else "malformed request"), 400


class GuardedConnection(RequestHandler):
    """aiohttp's per-connection protocol plus a head timeout, admission and JSON errors."""

    def __init__(
        self,
        manager: Server,
        *,
        limits: ProxyLimits,
        loop: asyncio.AbstractEventLoop,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            manager,
            loop=loop,
            keepalive_timeout=limits.idle_timeout_s,
            max_line_size=limits.max_request_line_bytes,
            max_field_size=limits.max_header_bytes,
            max_headers=limits.max_headers,
            lingering_time=limits.unread_body_drain_s,
            **kwargs,
        )
        self._limits = limits
        # One timer per connection, re-armed only when it fires (a timer set and cancelled
        # per request is a heap push and a cancel on every request): `_head_since` says when
        # the head now arriving began, None while no head is on its way.
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_since: float | None = None
        # The body of the request answered last, while aiohttp may still be reading and
        # dropping what was left of it: those bytes are not the head of a next request.
        self._draining: StreamReader | None = None
        # When the connection last began waiting for a request (None while one is handled):
        # the connection that has waited longest is the first to go when the cap is reached.
        self.waiting_since: float | None = loop.time()
        # Admitted over the cap: its first request is answered 503 and the connection closed.
        self.refused = False
        # The body of the request under way while its reader waits for the client.
        self.body: BodyInProgress | None = None

    def connection_lost(self, exc: BaseException | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        # The first bytes of a request head start the clock; aiohttp's own keep-alive timer
        # would let a head dribble in for the whole idle timeout.
        if data and self.waiting_since is not None and self._head_since is None:
            if self._draining is not None and not self._draining.is_eof():
                pass  # the rest of an unread body; aiohttp's lingering time bounds it
            else:
                self._draining = None
                since = self._head_since = self._loop.time()
                if self._head_timer is None:
                    self._head_timer = self._loop.call_at(
                        since + self._limits.header_timeout_s, self._head_timed_out
                    )
        super().data_received(data)

    def _process_keepalive(self) -> None:
        # aiohttp's idle timer closes, without a word, a connection whose next request is not
        # parsed yet, a head that has begun included: with idle_timeout_s shorter than
        # header_timeout_s a slow head was dropped at the idle timeout instead of getting its
        # 408. A head that has begun is the head timer's; aiohttp arms its idle timer again
        # after the answer (it does so whenever none is pending).
        if self._head_since is not None:
            self._keepalive_handle = None
            return
        super()._process_keepalive()

    def request_started(self) -> None:
        self.waiting_since = None
        self._head_since = None  # the timer, when it fires, finds no head to time

    async def finish_response(
        self, request: BaseRequest, resp: web.StreamResponse, start_time: float | None
    ) -> tuple[web.StreamResponse, bool]:
        try:
            return await super().finish_response(request, resp, start_time)
        finally:
            self.waiting_since = self._loop.time()
            self._draining = request.content
            if isinstance(request, web.Request) and request.get(CLOSE_AT_ONCE):
                self.force_close()  # after the answer: closing flushes what was written

    def close_waiting(self) -> None:
        """Close a connection with no request under way (to make room under the cap)."""
        self.force_close()

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        since = self._head_since
        if since is None or self.waiting_since is None or self.transport is None:
            return
        timeout = self._limits.header_timeout_s
        if self._loop.time() < since + timeout:  # a later head than the one it was set for
            self._head_timer = self._loop.call_at(since + timeout, self._head_timed_out)
            return
        client_log.info(
            "closed a connection from %s: no complete request head in %g s", self.peer(), timeout
        )
        self.transport.write(errors.raw_error(errors.header_timeout(timeout)))
        self.force_close()

    def peer(self) -> str:
        peer = self.peername
        return str(peer[0]) if isinstance(peer, tuple) else "a local client"

    def log_exception(self, *args: Any, **kw: Any) -> None:
        # aiohttp reads and drops what is left of a body its handler did not read, after the
        # answer went out; a body that is broken there (a gzip label on bytes that are not
        # gzip) is the client's mistake, not worth a traceback in the user's log.
        exc = kw.get("exc_info")
        if isinstance(exc, RequestPayloadError):
            client_log.info(
                "dropped the rest of a broken body from %s: %s", self.peer(), _detail(exc)
            )
            return
        super().log_exception(*args, **kw)

    def handle_error(
        self,
        request: BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """aiohttp's answer to a request its parser refused (or, rarely, to an error outside
        any handler): the OpenAI envelope instead of text/plain, one log line, no traceback
        for what is the client's mistake."""
        if request.writer.output_size > 0:
            # An answer that began cannot become an error answer; dropping the connection is
            # what is left. A ConnectionError is the relay cutting off a broken answer on
            # purpose (it logged why); anything else is a bug worth its traceback.
            if not isinstance(exc, ConnectionError):
                log.error("request from %s failed mid-answer", self.peer(), exc_info=exc)
            raise ConnectionError("the answer had already begun; only closing is left")
        if status >= 500 and not isinstance(exc, BadHttpMessage):
            log.error("request from %s failed outside its handler", self.peer(), exc_info=exc)
            p, status = errors.internal(), 500
        else:
            p, status = parser_problem(exc, self._limits)
            client_log.info("refused a request from %s (%d): %s", self.peer(), status, p.english())
        resp = errors.error_response(p, status=status)
        resp.force_close()
        return resp
