"""SSE comment lines while a stream waits for its first token, so clients with a read timeout
shorter than a long prefill (or a model's load) keep the request (docs/proxy.md)."""

from __future__ import annotations

import asyncio

from aiohttp import web
from aiohttp.abc import AbstractStreamWriter
from aiohttp.http import HttpVersion11

from app.proxy.relay_errors import bad_header

# Set once an answer's headers went out: an error after that cannot become an error response
# any more, only an error event (SSE) or an aborted connection.
RESPONSE_STARTED = web.RequestKey("proxy_response_started", bool)

COMMENT = b": keep-alive\n\n"
# The same as one chunk of a chunked answer (RFC 9112 §7.1).
CHUNKED_COMMENT = b"%x\r\n%s\r\n" % (len(COMMENT), COMMENT)
SSE_HEADERS = {"Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache"}
# A client sets this request header to "off" for no comment lines, or to the seconds it
# wants between them.
HEADER = "X-SSE-Keepalive"
HEADER_RANGE_S = (1.0, 3600.0)


def interval_for(request: web.Request, default_s: float | None) -> float | None:
    """Seconds between comment lines for this request; None for none (asked off, or the
    setting is 0). A header that is neither "off" nor a number in range is refused."""
    value = request.headers.get(HEADER)
    if value is None:
        return default_s
    text = value.strip().lower()
    if text in ("off", "0", "false", "no"):
        return None
    low, high = HEADER_RANGE_S
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not low <= seconds <= high:
        raise bad_header(HEADER, value, f'"off" or a number of seconds from {low:g} to {high:g}')
    return seconds


class KeepAlive:
    """Every `interval_s` until halted, a comment line on the client's connection; if no
    answer has begun by the first one, it begins an SSE answer (200) for it.

    The relay halts it at the first piece of the child's answer. Until then the relay either
    writes into `response` (begun here: the child's head no longer matters, and an error
    becomes an error event) or `adopt()`s its own answer, which gets the comment lines from
    then on. A timer per request, no task, unless an answer must be begun: most first tokens
    come long before the first comment line would.
    """

    def __init__(self, request: web.Request, interval_s: float) -> None:
        self._request = request
        self._interval_s = interval_s
        self._loop = asyncio.get_running_loop()
        self.response: web.StreamResponse | None = None
        self.writer: AbstractStreamWriter | None = None
        self._chunked = False
        self._halted = False
        self._claimed = False  # the relay is beginning its own answer
        self._beginning: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = self._loop.call_later(interval_s, self._tick)

    def _tick(self) -> None:
        self._timer = None
        if self._halted:
            return
        if self.response is None:
            if self._claimed:  # the relay's answer is on its way: its headers go first
                self._timer = self._loop.call_later(self._interval_s, self._tick)
            elif self._beginning is None:
                self._beginning = self._loop.create_task(self._begin())
            return
        self._comment()

    async def _begin(self) -> None:
        out = web.StreamResponse(status=200, headers=SSE_HEADERS)
        if self._request.version >= HttpVersion11:
            out.enable_chunked_encoding()  # so the relay can pass a chunked body on as it is
        self.writer = await out.prepare(self._request)
        self._request[RESPONSE_STARTED] = True
        self.response, self._chunked = out, out.chunked
        if not self._halted:
            self._comment()

    def _comment(self) -> None:
        # Written straight to the connection, as the relay passes chunks on: always whole
        # chunks between whole chunks, never inside one (all of it runs on the loop's thread).
        transport = self._request.transport
        if transport is None or transport.is_closing():
            self._halted = True
            return
        transport.write(CHUNKED_COMMENT if self._chunked else COMMENT)
        self._timer = self._loop.call_later(self._interval_s, self._tick)

    @property
    def settled(self) -> bool:
        """Whether no answer is being begun (settle() would not wait)."""
        return self._beginning is None or self._beginning.done()

    async def settle(self) -> web.StreamResponse | None:
        """The answer begun here, waiting for one being begun; None if none was. When None,
        the caller begins its own at once (`claim()`, then `adopt()`)."""
        task = self._beginning
        if task is not None and not task.done():
            try:
                await asyncio.wait([task])
            except asyncio.CancelledError:
                task.cancel()
                raise
        if task is not None and not task.cancelled():
            task.exception()  # retrieved: a client that left mid-way needs no log here
        return self.response

    def claim(self) -> None:
        """The relay begins its own answer now: no answer is begun here any more."""
        self._claimed = True

    def adopt(self, response: web.StreamResponse) -> None:
        """The relay's answer has begun: the comment lines go there until halted."""
        self.response, self._chunked = response, response.chunked

    def halt(self) -> None:
        """No more comment lines (called where no await is possible)."""
        self._halted = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def stop(self) -> web.StreamResponse | None:
        """Halt, and wait for an answer being begun; returns the answer begun here (or
        adopted), into which the caller then writes its last words."""
        self.halt()
        return await self.settle()


def start(request: web.Request, interval_s: float | None) -> KeepAlive | None:
    return KeepAlive(request, interval_s) if interval_s else None
