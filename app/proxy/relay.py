"""Relaying one request to a child vLLM server and its answer back: a chunked stream passed on
as it came (app.proxy.passthrough) or chunk by chunk, with a first-byte and an idle timeout,
comment lines while a stream waits for its first token, and the child's own error shapes,
redirects included, as OpenAI envelopes."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractStreamWriter
from aiohttp.http import HttpVersion11
from multidict import CIMultiDict

from app.core.problems.problems import Problem, ProblemError
from app.proxy import errors
from app.proxy import relay_errors as relay_problems
from app.proxy.keepalive import HEADER as KEEPALIVE_HEADER
from app.proxy.keepalive import RESPONSE_STARTED, KeepAlive
from app.proxy.limits import ProxyLimits
from app.proxy.memory import HeldBody
from app.proxy.passthrough import Outcome, PassOn, RawBody
from app.proxy.upstream import Opened, Upstream, describe

log = logging.getLogger(__name__)

# Hop-by-hop headers (RFC 9110 §7.6.1) and those the relay sets itself.
_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
        "content-length",
        "expect",
    }
)
# Not passed to children: the endpoint's own key (a child has its own, which the relay sets),
# what would make a child compress (the loopback hop gains nothing and the bytes are relayed
# as they are), and the endpoint's own request headers.
_DROP_REQUEST = _HOP | {"authorization", "accept-encoding", "cookie", KEEPALIVE_HEADER.lower()}
_DROP_RESPONSE = _HOP | {"date", "server"}


def response_headers(headers: Iterable[tuple[str, str]]) -> CIMultiDict[str]:
    return CIMultiDict((k, v) for k, v in headers if k.lower() not in _DROP_RESPONSE)


class Watchdog:
    """Expires an asyncio.timeout() block when the child stays silent too long: until the first
    piece of its answer (`first_s`), then between two pieces (`idle_s`).

    One timer per relay, set at the earlier of the two limits and re-armed only when it
    fires: a piece just records the time, where a timer per piece would cost a heap operation
    per token (and a second timer per request would cost one per request). Time spent
    writing to a slow client is not the child's silence, so writes pause it.
    """

    def __init__(
        self, timeout: asyncio.Timeout, first_s: float | None, idle_s: float | None
    ) -> None:
        self._timeout = timeout
        self._loop = loop = asyncio.get_running_loop()
        self._idle_s = idle_s
        self.first_s = first_s
        self.first = True
        self.fired = False
        self._paused = False
        # asyncio's loop time is time.monotonic(): called directly, once per relayed piece.
        self.clock = time.monotonic if isinstance(loop, asyncio.BaseEventLoop) else loop.time
        self._start = self.last = self.clock()  # `last`: the latest piece (PassOn sets it)
        self._handle: asyncio.TimerHandle | None = None
        if first_s is not None:
            soonest = first_s if idle_s is None else min(first_s, idle_s)
            self._handle = loop.call_at(self._start + soonest, self._fire)

    @property
    def limit_s(self) -> float:
        return (self.first_s if self.first else self._idle_s) or 0.0

    def beat(self) -> None:
        self.last = self.clock()
        if self.first:
            self.first = False
            if self._handle is None and self._idle_s is not None:
                self._handle = self._loop.call_at(self.last + self._idle_s, self._fire)

    def pause(self) -> None:
        self._paused = True

    def resume(self) -> None:
        self._paused = False
        self.last = self.clock()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _fire(self) -> None:
        self._handle = None
        now = self._loop.time()
        if self.first:
            assert self.first_s is not None  # armed while first only with a first-byte limit
            due = self._start + self.first_s
        elif self._idle_s is None:
            return  # no limit between pieces
        else:
            due = self.last + self._idle_s
        if self._paused:
            later = now + (self._idle_s or self.first_s or 1.0)
            self._handle = self._loop.call_at(max(due, later), self._fire)
            return
        if now < due:
            self._handle = self._loop.call_at(due, self._fire)
            return
        self.fired = True
        self._timeout.reschedule(now)


@dataclass(eq=False)
class Relay:
    """One request relayed: its child answer, the client answer and the watchdog between.

    `keepalive`, for a stream, writes comment lines until the first piece of the answer; the
    relay stops it before it writes anything itself, and writes into its answer if it had
    to begin one (errors then become error events).
    """

    upstream: Upstream
    request: web.Request
    limits: ProxyLimits
    model: str
    path: str
    keepalive: KeepAlive | None = None
    stopping: Callable[[], bool] = lambda: False
    _opened: Opened | None = field(default=None, init=False)
    _out: web.StreamResponse | None = field(default=None, init=False)
    _sse: bool = field(default=False, init=False)
    _pipe: PassOn | None = field(default=None, init=False)

    async def run(self, url: str, body: HeldBody, child_key: str | None) -> web.StreamResponse:
        """Send `body` to `url` and answer the request with what comes back.

        A short answer with a length is read whole (a JSON reply, or an error to rewrite); a
        chunked one is passed on as it comes, never buffered, and any other written on chunk
        by chunk. If the client goes away, aiohttp cancels this handler
        (handler_cancellation) and the child's connection is dropped, which is how vLLM
        learns to abort the generation.
        """
        limits, request = self.limits, self.request
        # What goes to the child: a list, so a header the client repeated stays repeated. The
        # client's Authorization (the endpoint's key) never goes on; the child's own key does,
        # when it has one. The length is set here because the body goes out in pieces.
        headers = [(k, v) for k, v in request.headers.items() if k.lower() not in _DROP_REQUEST]
        headers += [("Accept-Encoding", "identity"), ("Content-Length", str(body.size))]
        if child_key:
            headers.append(("Authorization", f"Bearer {child_key}"))
        dog: Watchdog | None = None
        try:
            async with asyncio.timeout(None) as timeout:
                dog = Watchdog(
                    timeout, limits.upstream_first_byte_timeout_s, limits.upstream_idle_timeout_s
                )
                self._opened = await self.upstream.open(
                    request.method, url, body, headers, self.model
                )
                body.release()  # the child has it: an answer has begun, no retry is left
                return await self._answer(self._opened, dog)
        except TimeoutError:
            if dog is None or not dog.fired:
                raise
            return await self._timed_out(dog)
        except asyncio.CancelledError:
            if self.stopping():  # not a client gone: the endpoint's stop cancelled it
                await self._end_for_stop()
            raise
        finally:
            if dog is not None:
                dog.stop()
            if self._pipe is not None:
                self._pipe.stop()
            if self._opened is not None:
                # Drops the child's connection unless the answer was read to its end, which
                # is how vLLM learns to abort a generation nobody waits for any more.
                await self._opened.close()

    async def _answer(self, opened: Opened, dog: Watchdog) -> web.StreamResponse:
        cap = self.limits.buffered_answer_bytes
        headers = response_headers(opened.headers)
        if opened.status >= 300:
            return await self._refuse(opened, dog, cap)
        if opened.length is not None and opened.length <= cap:
            data = await self._read_all(opened, dog, None)
            begun = await self.keepalive.stop() if self.keepalive is not None else None
            if begun is not None:  # a stream answered in one piece
                return await self._end_in(begun, data)
            return web.Response(status=opened.status, body=data, headers=headers)
        return await self._stream(opened, dog, headers)

    async def _refuse(self, opened: Opened, dog: Watchdog, cap: int) -> web.StreamResponse:
        """A redirect or an error from the child, in the endpoint's envelope."""
        data = await self._read_all(opened, dog, cap)
        if opened.status < 400:
            location = next((v for k, v in opened.headers if k.lower() == "location"), "")
            p = relay_problems.upstream_redirect(
                self.model, opened.status, relay_problems.clip(location)
            )
            log.warning("%s", p.english())
            return await self._error(p, 502, None)
        converted = relay_problems.child_error(self.model, self.path, opened.status, data)
        if converted is None:
            begun = await self.keepalive.stop() if self.keepalive is not None else None
            if begun is not None:  # vLLM's own envelope, as an event
                return await self._end_in(begun, _event(data))
            headers = response_headers(opened.headers)
            return web.Response(status=opened.status, body=data, headers=headers)
        p, status, param = converted
        log.info(
            "the vLLM server of %s answered %d: %s",
            self.model,
            opened.status,
            relay_problems.clip(data.decode("utf-8", "replace"))[:200],
        )
        return await self._error(p, status, param)

    async def _error(self, p: Problem, status: int, param: str | None) -> web.StreamResponse:
        """An error response, or an error event if comment lines already began a stream."""
        begun = await self.keepalive.stop() if self.keepalive is not None else None
        if begun is not None:
            return await self._end_in(begun, errors.sse_error(p, status))
        return errors.error_response(p, status=status, param=param)

    @staticmethod
    async def _end_in(out: web.StreamResponse, data: bytes) -> web.StreamResponse:
        await out.write(data)
        await out.write_eof()
        return out

    async def _read_all(self, opened: Opened, dog: Watchdog, cap: int | None) -> bytes:
        parts: list[bytes] = []
        size = 0
        # Read to the stated length, not on to the end: by then the client has had it all.
        while (cap is None or size < cap) and size != opened.length:
            try:
                chunk = await anext(opened.chunks)
            except StopAsyncIteration:
                break
            except self.upstream.broken_errors as exc:
                p = relay_problems.upstream_broke(self.model, describe(exc))
                raise ProblemError(p) from exc
            dog.beat()
            parts.append(chunk)
            size += len(chunk)
        return b"".join(parts)

    async def _begin(
        self, status: int, headers: Any, length: int | None
    ) -> tuple[web.StreamResponse, AbstractStreamWriter]:
        """The client's answer: the one comment lines began, or a new one like the child's
        (which gets the comment lines from then on, until the first piece)."""
        request = self.request
        keepalive = self.keepalive
        if keepalive is not None:
            begun = await keepalive.settle()
            if begun is not None and keepalive.writer is not None:
                self._out, self._sse = begun, True
                return begun, keepalive.writer
            keepalive.claim()
        out = web.StreamResponse(status=status, headers=headers)
        if length is not None:
            out.content_length = length  # so a cut-short answer is seen as one
        elif request.version >= HttpVersion11:
            out.enable_chunked_encoding()
        self._sse = out.content_type == "text/event-stream"
        writer = await out.prepare(request)
        assert writer is not None
        self._out = out
        request[RESPONSE_STARTED] = True
        if keepalive is not None:
            if length is None:
                keepalive.adopt(out)
            else:  # a body of a stated length has no room for comment lines
                keepalive.halt()
        return out, writer

    async def _stream(self, opened: Opened, dog: Watchdog, headers: Any) -> web.StreamResponse:
        raw = opened.raw
        out, writer = await self._begin(opened.status, headers, opened.length)
        if raw is not None:
            if out.chunked:
                return await self._pass_on(raw, out, writer, dog)
            raw.give_back()
        return await self._chunk_by_chunk(opened, dog, out)

    async def _pass_on(
        self,
        raw: RawBody,
        out: web.StreamResponse,
        writer: AbstractStreamWriter,
        dog: Watchdog,
    ) -> web.StreamResponse:
        """The child's chunks onto the client's connection as they came (passthrough.py);
        this task only waits for the end, or for a slow client to drain."""
        transport = self.request.transport
        if transport is None or transport.is_closing():
            return out  # the client went away; closing upstream tells the child
        first = self.keepalive.halt if self.keepalive is not None else None
        pipe = self._pipe = PassOn(raw, transport, dog, first)
        raw.take(pipe)
        while (outcome := await pipe.next()) is Outcome.DRAIN:
            dog.pause()
            try:
                await writer.drain()
            except ConnectionError:
                return out
            finally:
                dog.resume()
            pipe.resume()
        if outcome is Outcome.END:
            await out.write_eof()
        elif outcome is Outcome.BROKEN:
            log.warning("the vLLM server of %s broke off mid-answer: %s", self.model, pipe.reason)
            p = relay_problems.upstream_broke(self.model, pipe.reason)
            return await self._end_broken(p, 502)
        return out

    async def _chunk_by_chunk(
        self, opened: Opened, dog: Watchdog, out: web.StreamResponse
    ) -> web.StreamResponse:
        while True:
            try:
                chunk = await anext(opened.chunks)
            except StopAsyncIteration:
                break
            except self.upstream.broken_errors as exc:
                reason = describe(exc)
                log.warning("the vLLM server of %s broke off mid-answer: %s", self.model, reason)
                p = relay_problems.upstream_broke(self.model, reason)
                return await self._end_broken(p, 502)
            if dog.first and self.keepalive is not None:
                self.keepalive.halt()
            dog.beat()
            dog.pause()
            try:
                await out.write(chunk)
            except ConnectionError:  # the client went away; closing upstream tells the child
                log.debug("client of %s went away mid-stream", self.model)
                return out
            finally:
                dog.resume()
        await out.write_eof()
        return out

    async def _timed_out(self, dog: Watchdog) -> web.StreamResponse:
        if self._pipe is not None:
            self._pipe.stop()  # nothing more of the child's goes on
        p = relay_problems.upstream_timeout(self.model, dog.limit_s, first=dog.first)
        log.warning("%s", p.english())
        if self._out is None and self.keepalive is not None:
            begun = await self.keepalive.stop()
            if begun is not None:
                self._out, self._sse = begun, True
        if self._out is None:
            raise ProblemError(p)
        return await self._end_broken(p, 504)

    async def _end_for_stop(self) -> None:
        """The endpoint's stop is cutting this answer: a stream that has whole events only
        gets the event that says so (errors.end_for_stop); anything else is cut off."""
        if self._pipe is not None:
            self._pipe.stop()  # nothing more of the child's goes on
        out = self._out if self._sse else None
        if self._out is None and self.keepalive is not None:
            out = await self.keepalive.stop()  # comment lines began the stream
        if self._pipe is not None and not self._pipe.between_chunks:
            out = None
        await errors.end_for_stop(self.request, out)

    async def _end_broken(self, p: Problem, status: int) -> web.StreamResponse:
        """End an answer that already began: an SSE stream gets an error event and a proper
        end; any other body, or a stream cut inside a chunk, is cut off (the connection is
        dropped, so the client sees an incomplete answer rather than a short one that looks
        whole)."""
        out = self._out
        assert out is not None
        if not self._sse or (self._pipe is not None and not self._pipe.between_chunks):
            raise ConnectionResetError(p.english())
        await out.write(errors.sse_error(p, status))
        await out.write_eof()
        return out


def _event(data: bytes) -> bytes:
    """A JSON answer (vLLM's own error envelope) as one SSE event."""
    # JSON holds no raw line break inside a string: those between tokens can go.
    return b"data: " + data.strip().replace(b"\r", b"").replace(b"\n", b"") + b"\n\n"
