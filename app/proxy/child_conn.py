"""One keep-alive HTTP/1.1 connection to a child vLLM server (the app's own client,
child_http.py): an asyncio Protocol that sends a request in one write, finds the answer's
head and has llhttp (httptools) parse it, then holds a streamed 2xx body for the relay's
pass-through (passthrough.RawBody) or decodes it with llhttp for `anext()`.
"""

from __future__ import annotations

import asyncio
import collections
from typing import Protocol, cast

import httptools

from app.proxy.memory import KEEP_UNTIL_ANSWERED_BYTES, SEND_PIECE_BYTES, HeldBody
from app.proxy.passthrough import MAX_HEAD_BYTES, MAX_HELD_BYTES, BodySink
from app.proxy.upstream import Headers, UpstreamBrokeError, describe

# A body up to this size goes out in the same write as the head: one send.
ONE_WRITE_BYTES = 64 * 1024
assert ONE_WRITE_BYTES <= KEEP_UNTIL_ANSWERED_BYTES  # so such a body is never `sent()` early
# Decoded body bytes waiting for the relay before the child's socket is no longer read.
MAX_QUEUED_BYTES = 64 * 1024

# An answer's status, headers, Content-Length and whether its body is held for pass-through.
Answer = tuple[int, Headers, int | None, bool]
# What a connection is doing (an int: compared on every piece of an answer).
IDLE, _HEAD, _HOLD, _SINK, _PARSE, DONE, _DISCARD = range(7)


class NoAnswerError(UpstreamBrokeError):
    """The connection closed before a byte of the answer came: a pooled socket the child
    closed as it was reused, or a child that died with the request."""


class Pool(Protocol):
    """What a connection tells the pool it came from (child_http.ChildPool)."""

    def dropped(self, conn: ChildConnection) -> None: ...

    def forget(self, conn: ChildConnection) -> None: ...


class ChildConnection(asyncio.Protocol):
    """One keep-alive connection to a child, and llhttp's callbacks for its answers.

    Implements passthrough.RawBody for a chunked 2xx answer: after its head the bytes are
    held until the relay `take()`s the body (passed on as it comes) or `give_back()`s it
    (decoded by llhttp, read with `anext()`).
    """

    def __init__(self, pool: Pool, key: tuple[str, int]) -> None:
        self._pool = pool
        self.key = key
        self.transport: asyncio.Transport | None = None
        # state, keep_alive, closed and released are the pool's to read: it decides whether
        # the connection is used again (child_http.ChildPool), one call at an answer's end.
        self.state = IDLE
        self._sink: BodySink | None = None
        self._head = b""
        self._parser: httptools.HttpResponseParser | None = None
        self._headers: Headers = []
        self._complete = False  # the current answer ended properly
        self.keep_alive = False
        self._answered = False  # a byte of the current answer came
        self._eof_body = False  # the current answer's body ends when the connection does
        self._answer: asyncio.Future[Answer] | None = None
        self._held: list[bytes] = []
        self._held_size = 0
        self._queue: collections.deque[bytes] = collections.deque()
        self._queued = 0
        self._waiter: asyncio.Future[None] | None = None
        self._error: UpstreamBrokeError | None = None
        self._paused_writing = False
        self._drained: asyncio.Future[None] | None = None
        self.closed = False
        self.released = False
        self.idle_since = 0.0

    # -- asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A TCP transport (uvloop's is one without deriving from asyncio.Transport); asyncio
        # and uvloop set TCP_NODELAY on it themselves.
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        sink = self._sink
        if sink is not None:  # a passed-on body: every token takes this way
            sink.feed(data)
            return
        state = self.state
        if state == _PARSE:
            self._parse(data)
        elif state == _HEAD:
            self._answered = True
            self._find_head(data)
        elif state == _HOLD:
            self._hold(data)
        else:  # bytes nobody asked for: what follows cannot be trusted
            self.keep_alive = False
            if state == IDLE and self.transport is not None:
                self.transport.close()

    def connection_lost(self, exc: BaseException | None) -> None:
        self.closed = True
        state = self.state
        if state == IDLE:
            self._pool.forget(self)
        sink, self._sink = self._sink, None
        if sink is not None:
            sink.lost(exc)
        elif state == _PARSE and self._eof_body and exc is None and not self._complete:
            self._complete = True  # an answer without a length ends with its connection
        elif state in (_HEAD, _HOLD, _PARSE) and not self._complete:
            self._fail(self._lost_error(exc))
        self._wake()
        if self._drained is not None and not self._drained.done():
            self._drained.set_result(None)

    def pause_writing(self) -> None:
        self._paused_writing = True

    def resume_writing(self) -> None:
        self._paused_writing = False
        if self._drained is not None and not self._drained.done():
            self._drained.set_result(None)

    def _lost_error(self, exc: BaseException | None) -> UpstreamBrokeError:
        reason = "it closed the connection" if exc is None else describe(exc)
        if not self._answered:
            return NoAnswerError(reason)
        if self.state == _HEAD:
            return UpstreamBrokeError(reason)
        return UpstreamBrokeError("its answer was cut short")

    # -- llhttp's callbacks

    def on_header(self, name: bytes, value: bytes) -> None:
        # Latin-1 never fails and keeps every byte (RFC 9110 §5.5); vLLM sends ASCII.
        self._headers.append((name.decode("latin-1"), value.decode("latin-1")))

    def on_body(self, body: bytes) -> None:
        self._queue.append(body)
        self._queued += len(body)
        if self._queued > MAX_QUEUED_BYTES and self.transport is not None:
            self.transport.pause_reading()
        self._wake()

    def on_message_complete(self) -> None:
        self._complete = True
        self.state = DONE
        self._wake()

    # -- one request and its answer

    async def request(self, head: bytes, body: HeldBody) -> Answer:
        """Send the request and wait for the head of its answer."""
        transport = self.transport
        assert transport is not None and self.state == IDLE
        self.state, self._head, self._headers = _HEAD, b"", []
        self._complete = self._answered = self._eof_body = False
        answer: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._answer = answer
        data = body.data
        if len(data) <= ONE_WRITE_BYTES:
            transport.write(head + data)
        else:
            transport.write(head)
            view = memoryview(data)
            for start in range(0, len(view), SEND_PIECE_BYTES):
                transport.write(view[start : start + SEND_PIECE_BYTES])
                if self._paused_writing and not self.closed:
                    self._drained = asyncio.get_running_loop().create_future()
                    await self._drained
            body.sent()  # one write's worth is kept until answered: never given back early
        return await answer

    def _find_head(self, data: bytes) -> None:
        head = self._head + data if self._head else data
        end = head.find(b"\r\n\r\n")
        if end < 0:
            if len(head) > MAX_HEAD_BYTES:
                self._fail(UpstreamBrokeError("the head of its answer is too long"))
            else:
                self._head = head
            return
        self._head = b""
        parser = self._parser = httptools.HttpResponseParser(self)
        self._headers = []
        try:
            parser.feed_data(head[: end + 4])
        except httptools.HttpParserUpgrade:
            self._fail(UpstreamBrokeError("it switched to another protocol"))
            return
        except httptools.HttpParserError:
            self._fail(UpstreamBrokeError("its answer is not valid HTTP"))
            return
        status = parser.get_status_code()
        rest = head[end + 4 :]
        if status < 200:  # an interim answer (103 Early Hints): the real one follows
            self.state, self._complete = _HEAD, False  # llhttp ended that message
            if rest:
                self._find_head(rest)
            return
        self._begin_body(parser, status, rest)

    def _begin_body(self, parser: httptools.HttpResponseParser, status: int, rest: bytes) -> None:
        self.keep_alive = parser.should_keep_alive()
        length: int | None = None
        chunked = False
        for name, value in self._headers:
            lower = name.lower()
            if lower == "content-length":
                length = int(value)  # llhttp checked it is a number, and only one
            elif lower == "transfer-encoding":
                chunked = value.strip().lower() == "chunked"
        held = 200 <= status < 300 and chunked and length is None
        if self._complete:  # no body (204, 304, a length of 0): llhttp ended it already
            self.state = DONE
            if rest:
                self.keep_alive = False
        elif held:
            self.state, self._held, self._held_size = _HOLD, [], 0
        else:
            self.state = _PARSE
            self._eof_body = length is None and not chunked
        answer = self._answer
        if answer is not None and not answer.done():
            answer.set_result((status, self._headers, length, held))
        if rest and self.state == _HOLD:
            self._hold(rest)
        elif rest and self.state == _PARSE:
            self._parse(rest)

    def _parse(self, data: bytes) -> None:
        assert self._parser is not None
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserError:
            self.keep_alive = False
            self._fail(UpstreamBrokeError("its answer was cut short"))

    def _fail(self, error: UpstreamBrokeError) -> None:
        self.keep_alive = False
        if self._error is None:
            self._error = error
        answer = self._answer
        if answer is not None and not answer.done():
            answer.set_exception(error)
            answer.exception()  # retrieved: whoever awaits it gets it raised
        self._wake()
        if self.transport is not None:
            self.transport.close()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    # -- a decoded body, read with anext() (Opened.chunks)

    def __aiter__(self) -> ChildConnection:
        return self

    async def __anext__(self) -> bytes:
        while True:
            queue = self._queue
            if queue:
                data = queue.popleft()
                self._queued -= len(data)
                if self._queued <= MAX_QUEUED_BYTES and self.transport is not None:
                    self.transport.resume_reading()
                return data
            if self._complete:
                raise StopAsyncIteration
            if self._error is not None:
                raise self._error
            if self.closed:
                raise UpstreamBrokeError("its answer was cut short")
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None

    # -- passthrough.RawBody

    def _hold(self, data: bytes) -> None:
        self._held.append(data)
        self._held_size += len(data)
        if self._held_size > MAX_HELD_BYTES and self.transport is not None:
            self.transport.pause_reading()

    def _release_held(self) -> list[bytes]:
        held, self._held = self._held, []
        if self._held_size > MAX_HELD_BYTES and self.transport is not None:
            self.transport.resume_reading()
        self._held_size = 0
        return held

    def take(self, sink: BodySink) -> None:
        self.state, self._sink = _SINK, sink
        for data in self._release_held():
            if self._sink is not sink:
                # The body ended (or the sink gave up) before all that was held: what
                # follows a body's end cannot be valid, so the connection is not reused.
                self.keep_alive = False
                return
            sink.feed(data)
        if self.transport is not None and not self.closed:
            self.transport.set_protocol(_Straight(self, sink))

    def give_back(self) -> None:
        self.state = _PARSE
        for data in self._release_held():
            self._parse(data)

    def finish(self, extra: bytes) -> None:
        self._sink, self.state, self._complete = None, DONE, True
        self._own_transport()
        if extra:
            self.keep_alive = False

    def detach(self) -> None:
        self._sink = None
        self._own_transport()
        if self.state == _SINK:
            self.state = _DISCARD

    def _own_transport(self) -> None:
        transport = self.transport
        if transport is not None and transport.get_protocol() is not self:
            transport.set_protocol(self)

    # -- after the answer

    def abandon(self) -> None:
        """Closed instead of pooled: the room it took goes back to the pool."""
        self._sink = None
        self.close_idle()
        self._pool.dropped(self)

    def close_idle(self) -> None:
        if self.transport is not None and not self.closed:
            self.transport.close()


class _Straight(asyncio.Protocol):
    """What the child's transport speaks to while a body is passed on (`take()` sets it,
    `finish()` and `detach()` put the connection back): its `data_received` is the sink's
    `feed` itself, one Python call less per token; the rest goes to the connection."""

    def __init__(self, conn: ChildConnection, sink: BodySink) -> None:
        # An instance attribute on purpose: asyncio's transport looks the method up per
        # read, and finds the sink's own.
        self.data_received = sink.feed  # type: ignore[method-assign]
        self._conn = conn

    def connection_lost(self, exc: BaseException | None) -> None:
        self._conn.connection_lost(exc)

    def eof_received(self) -> bool | None:
        return self._conn.eof_received()

    def pause_writing(self) -> None:
        self._conn.pause_writing()

    def resume_writing(self) -> None:
        self._conn.resume_writing()
