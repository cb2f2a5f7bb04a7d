"""Relaying a child's streamed answer as the bytes it sent, once its head has been checked.

Why by hand: aiohttp's client parses every chunk of a streamed answer into a StreamReader and
wakes the relay's task for it, and the server side frames it again: about 30 µs of Python per
relayed token here (docs/proxy.md, "A relay that costs next to nothing"), for bytes that go
out as they came in. No library relays an HTTP body without that per-chunk work, so the relay
keeps aiohttp for everything it does well (connecting, pooling, sending the request, parsing
the head, every non-streamed answer) and takes over only the body of a chunked 2xx answer:
`RelayResponseHandler` holds the bytes after a head until the relay decides, and then either
gives them to aiohttp's parser as usual or passes them on itself, looking only at the chunk
framing (`ChunkedBody`) to find the end, which it then gives to aiohttp's parser so the
connection goes back to the pool as after any other answer.
"""

from __future__ import annotations

import asyncio
import enum
import functools
import re
from collections.abc import Callable
from typing import Any, Protocol

import aiohttp
from aiohttp.client_proto import ResponseHandler

# A head longer than this is not looked for: it goes to aiohttp's parser, which refuses it.
MAX_HEAD_BYTES = 64 * 1024
# Bytes held after a head while the relay decides; past it the socket is not read.
MAX_HELD_BYTES = 64 * 1024
# A chunk-size line or the trailers after the last chunk; aiohttp allows 8190 per line.
MAX_CARRY_BYTES = 16 * 1024
_HEX = re.compile(rb"[0-9A-Fa-f]{1,15}")
# What ends a chunked body when it had no trailers: handed to aiohttp's parser at the end.
LAST_CHUNK = b"0\r\n\r\n"


class BadFraming(ValueError):
    """The child's chunked framing is broken."""


# Size lines seen lately: a stream's chunks are mostly a few sizes (one token each).
_SIZES: dict[bytes, int] = {}


def _chunk_size(line: bytes) -> int:
    known = _SIZES.get(line)
    if known is not None:
        return known
    size = line.rstrip(b"\r").split(b";", 1)[0].strip(b" \t")
    if not _HEX.fullmatch(size):
        raise BadFraming("a chunk size is not a hexadecimal number")
    if len(_SIZES) >= 4096:
        _SIZES.clear()
    value = _SIZES[line] = int(size, 16)
    return value


class ChunkedBody:
    """Follows the framing of a chunked body as it arrives (RFC 9112 §7.1).

    `feed()` returns the bytes that may go on now and, once the last chunk was seen, what
    followed it. The last chunk and the trailers are never passed on (the relay's own writer
    ends the answer), nor is a size line before it is whole; so the client has only ever
    received whole chunk headers, and `between_chunks` says whether it has whole chunks.
    """

    def __init__(self) -> None:
        # Public for PassOn's look at the usual piece; nothing else changes them.
        self.need = 0  # bytes left of the current chunk's data and its CRLF
        self.carry = b""  # a line begun in an earlier piece, not passed on yet

    @property
    def between_chunks(self) -> bool:
        return self.need == 0

    def feed(self, data: bytes) -> tuple[bytes, bytes | None]:
        if self.carry:
            data, self.carry = self.carry + data, b""
        elif not self.need:
            # The usual piece: exactly one whole chunk (a token), looked at once.
            nl = data.find(b"\n")
            if nl > 0:
                line = data[:nl]
                size = _SIZES.get(line)  # inlined: this runs per token
                if size is None:
                    size = _chunk_size(line)
                if size and nl + size + 3 == len(data) and data.endswith(b"\r\n"):
                    return data, None
        return self._scan(data)

    def _scan(self, data: bytes) -> tuple[bytes, bytes | None]:
        pos, n = 0, len(data)
        last_at = -1
        while pos < n:
            if self.need:
                take = min(self.need, n - pos)
                pos += take
                self.need -= take
                if not self.need and take >= 2 and data[pos - 2 : pos] != b"\r\n":
                    raise BadFraming("a chunk does not end where its size says")
                continue
            nl = data.find(b"\n", pos)
            if nl < 0:
                break
            if last_at >= 0:  # a trailer line, or the empty line that ends the body
                if nl == pos or (nl == pos + 1 and data[pos] == 0x0D):
                    return data[:last_at], data[nl + 1 :]
                pos = nl + 1
                continue
            size = _chunk_size(data[pos:nl])
            if size == 0:
                last_at = pos
            else:
                self.need = size + 2
            pos = nl + 1
        keep = last_at if last_at >= 0 else pos
        if n - keep > MAX_CARRY_BYTES:
            raise BadFraming("a chunk size line or the trailers are too long")
        self.carry = data[keep:]
        return (data if keep == n else data[:keep]), None


class BodySink(Protocol):
    """Where a taken-over body goes, from the protocol's data_received (no task switch)."""

    def feed(self, data: bytes) -> None: ...

    def lost(self, exc: BaseException | None) -> None: ...


class RawBody(Protocol):
    """A connection holding a chunked answer's body after its head, as the relay sees it:
    implemented on aiohttp's client protocol (RelayResponseHandler) for remote servers and
    by the app's own client for children (child_http.py)."""

    @property
    def transport(self) -> asyncio.Transport | None: ...

    def take(self, sink: BodySink) -> None:
        """From now on the answer's body goes to `sink`, starting with what is held."""

    def give_back(self) -> None:
        """The body is the client's to decode and read (`Opened.chunks`), as if nothing had
        been held."""

    def finish(self, extra: bytes) -> None:
        """The sink found the body's end (`extra`: bytes after it, which cannot be valid):
        the connection may serve the next request, unless `extra`."""

    def detach(self) -> None:
        """The sink wants nothing more (the relay gave up on the answer)."""


class RelayResponseHandler(ResponseHandler):
    """aiohttp's client protocol, which holds the bytes after each answer's head until
    `take()` passes them to a sink or `give_back()` to aiohttp's parser."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self._head: bytes = b""
        self._waiting_head = False  # reading a head: bytes are collected, not parsed
        self._held: list[bytes] | None = None  # after a head, until the relay decides
        self._held_size = 0
        self._sink: BodySink | None = None

    @property
    def holding(self) -> bool:
        return self._held is not None

    def set_response_params(self, **kwargs: Any) -> None:
        # Every request on this connection: its answer's head is looked for first. Set
        # before aiohttp's own setup, which may feed bytes that arrived early.
        self._waiting_head, self._head, self._held, self._sink = True, b"", None, None
        super().set_response_params(**kwargs)

    def data_received(self, data: bytes) -> None:
        sink = self._sink
        if sink is not None:
            sink.feed(data)
        elif self._held is not None:
            self._hold(data)
        elif self._waiting_head:
            self._find_head(data)
        else:
            super().data_received(data)

    def _find_head(self, data: bytes) -> None:
        head = self._head + data if self._head else data
        end = head.find(b"\r\n\r\n")
        if end < 0:
            if len(head) > MAX_HEAD_BYTES:
                self._waiting_head, self._head = False, b""
                super().data_received(head)
            else:
                self._head = head
            return
        self._waiting_head, self._head = False, b""
        if head.startswith(b"HTTP/1.1 1") or head.startswith(b"HTTP/1.0 1"):
            super().data_received(head)  # an interim answer: no holding, aiohttp's way
            return
        self._held, self._held_size = [], 0
        rest = head[end + 4 :]
        super().data_received(head[: end + 4])  # the head alone: the response starts
        if rest:
            self._hold(rest)

    def _hold(self, data: bytes) -> None:
        assert self._held is not None
        self._held.append(data)
        self._held_size += len(data)
        if self._held_size > MAX_HELD_BYTES and self.transport is not None:
            self.transport.pause_reading()

    def _release_held(self) -> list[bytes]:
        held, self._held = self._held or [], None
        if self._held_size > MAX_HELD_BYTES and self.transport is not None:
            self.transport.resume_reading()
        self._held_size = 0
        return held

    def take(self, sink: BodySink) -> None:
        """From now on the answer's body goes to `sink`, starting with what is held."""
        self._sink = sink
        for data in self._release_held():
            if self._sink is not sink:
                # The body ended (or the sink gave up) before all that was held: what
                # follows a body's end cannot be valid, so the connection is not reused.
                if self.transport is not None:
                    self.transport.close()
                return
            sink.feed(data)

    def give_back(self) -> None:
        """The answer is aiohttp's to read, as if nothing had been held."""
        for data in self._release_held():
            super().data_received(data)

    def finish(self, extra: bytes) -> None:
        """The sink found the body's end: aiohttp's parser sees it end too, which returns the
        connection to the pool. Bytes after it cannot be valid (the client sent nothing
        more), so the connection is closed then instead."""
        self._sink = None
        super().data_received(LAST_CHUNK)
        if extra and self.transport is not None:
            self.transport.close()

    def detach(self) -> None:
        """The sink wants nothing more (the relay gave up on the answer)."""
        self._sink = None

    def connection_lost(self, exc: BaseException | None) -> None:
        sink, self._sink = self._sink, None
        if sink is not None:
            sink.lost(exc)
        super().connection_lost(exc)


class RelayConnector(aiohttp.TCPConnector):
    """A TCPConnector whose connections use RelayResponseHandler."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # aiohttp builds each connection's protocol with this factory (connector.py). If a
        # later aiohttp renames it, `handler_of` finds a plain ResponseHandler and the relay
        # goes on the per-chunk way (tests/unit/proxy/test_passthrough.py notices).
        # partial is invariant in its result type, though a subclass is what it builds.
        self._factory = functools.partial(RelayResponseHandler, loop=self._loop)  # type: ignore[assignment]


def handler_of(response: aiohttp.ClientResponse) -> RelayResponseHandler | None:
    """The protocol holding `response`'s body, if it is the relay's (else None)."""
    connection = response.connection
    protocol = connection.protocol if connection is not None else None
    if isinstance(protocol, RelayResponseHandler) and protocol.holding:
        return protocol
    return None


class Outcome(enum.Enum):
    """How a passed-on body ended, or what it needs from the relay's task."""

    DRAIN = "drain"  # the client reads slowly: wait until its buffer drains, then resume()
    END = "end"  # the child's body ended properly
    BROKEN = "broken"  # the child's connection failed or its framing was broken
    GONE = "gone"  # the client went away


# Bytes waiting to go to a slow client before the child's socket is no longer read
# (asyncio's own high-water mark for a transport's write buffer).
CLIENT_HIGH_WATER = 64 * 1024


class Pulse(Protocol):
    """What the relay's watchdog takes from a passed-on body: `beat()` at the first piece,
    then `last = clock()` at each (an attribute set, not a call into it: it runs per token)."""

    last: float

    def clock(self) -> float: ...

    def beat(self) -> None: ...


class PassOn:
    """Implements BodySink: a child's chunked body onto the client's connection, whose
    answer (chunked too) the relay has begun. Everything runs in the protocol's callback:
    per piece one framing scan, one write, no task switch, and the watchdog told."""

    def __init__(
        self,
        handler: RawBody,
        client: asyncio.Transport,
        pulse: Pulse,
        first: Callable[[], None] | None = None,
    ) -> None:
        self._handler = handler
        self._client = client
        self._pulse = pulse
        self._clock = pulse.clock
        self._started = False
        self._first = first  # called before the first piece is written (comment lines stop)
        self._body = ChunkedBody()
        self._outcome: Outcome | None = None
        self._drain = False
        self.reason = ""
        self._waiter: asyncio.Future[None] | None = None

    @property
    def between_chunks(self) -> bool:
        """Whether the client has received whole chunks only (an error event may follow)."""
        return self._body.between_chunks

    def feed(self, data: bytes) -> None:
        if self._started:
            self._pulse.last = self._clock()
        else:
            self._start()
        body = self._body
        if (
            not body.need
            and not body.carry
            and (nl := data.find(b"\n")) > 0
            and (size := _SIZES.get(data[:nl]))
            and nl + size + 3 == len(data)
            and data.endswith(b"\r\n")
        ):
            # The usual piece: one whole chunk (a token) of a size seen before, looked at
            # here rather than in a call to ChunkedBody (this runs per token).
            out, after = data, None
        else:
            try:
                out, after = body.feed(data)
            except BadFraming as exc:
                self._end(Outcome.BROKEN, str(exc))
                return
        client = self._client
        if out:
            if client.is_closing():
                self._end(Outcome.GONE)
                return
            client.write(out)
            if client.get_write_buffer_size() > CLIENT_HIGH_WATER and not self._drain:
                self._drain = True
                self._pause_child()
                self._signal()
        if after is not None:
            self._handler.finish(after)
            self._end(Outcome.END)

    def _start(self) -> None:
        self._started = True
        if self._first is not None:
            first, self._first = self._first, None
            first()
        self._pulse.beat()

    def lost(self, exc: BaseException | None) -> None:
        if self._outcome is None:
            self._outcome = Outcome.BROKEN
            self.reason = "it closed the connection" if exc is None else "the connection failed"
            self._signal()

    def resume(self) -> None:
        """After the client drained: read the child's socket again."""
        self._drain = False
        transport = self._handler.transport
        if transport is not None and self._outcome is None:
            transport.resume_reading()

    async def next(self) -> Outcome:
        """The next thing the relay's task must do something about."""
        while True:
            if self._drain:
                return Outcome.DRAIN
            if self._outcome is not None:
                return self._outcome
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None

    def stop(self) -> None:
        """The relay gives up on this body (a timeout): nothing more is passed on."""
        if self._outcome is None:
            self._outcome = Outcome.GONE
        self._handler.detach()

    def _pause_child(self) -> None:
        transport = self._handler.transport
        if transport is not None:
            transport.pause_reading()

    def _end(self, outcome: Outcome, reason: str = "") -> None:
        if self._outcome is None:
            self._outcome, self.reason = outcome, reason
        self._handler.detach()
        self._signal()

    def _signal(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
