"""Reading request bodies and the model they name, with an OpenAI-style error for every flaw."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Mapping
from enum import Enum
from types import TracebackType
from typing import Any, TypeVar

from aiohttp import web
from aiohttp.http_exceptions import BadHttpMessage
from aiohttp.web_protocol import RequestPayloadError

from app.core.engines.shield import shapes_of
from app.core.untrusted import parse_json
from app.proxy import errors
from app.proxy.connections import GuardedConnection
from app.proxy.limits import ProxyLimits
from app.proxy.memory import BodyBudget, HeldBody

T = TypeVar("T")

# Chunked bodies reserve budget in steps of this size as they grow, not byte by byte.
_CHUNKED_STEP = 2**20
# Bodies above this are parsed and re-serialised on a worker thread: a 32 MiB body takes a few
# hundred ms of json work, and on the loop's thread that would stall every other stream's
# tokens for as long. A worker thread only holds the GIL for 5 ms slices at a time.
BIG_BODY_BYTES = 256 * 1024
# One big body is parsed at a time: json holds the GIL, so parsing two at once is not faster,
# and each parse needs two to four times its body in memory while it runs.
BIG_PARSES_AT_ONCE = 1
# The fields of a body the relay looks at; the rest of the parsed tree is dropped at once
# instead of being held while the model loads, once the shapes the shield refuses on an
# affected engine (app.core.engines.shield) are noted.
_KEPT_FIELDS = ("model", "stream", "n", "best_of")
# A body still arriving after this long at less than `body_min_rate_bps` is a slow one: when
# the endpoint is full, the connection cap cuts it short for a newcomer (GuardedServer) rather
# than refusing the newcomer. Long enough that a client's next packet is never mistaken for a
# dribble; short, so that a process holding hundreds of dribbled bodies (a byte a second each)
# cannot keep every other client out for the whole body timeout.
SLOW_BODY_AFTER_S = 2.0


class BodyClock:
    """The body timeout of one request as its bytes arrive (mod_reqtimeout's rule: the body
    timeout plus a second per `body_min_rate_bps` bytes received), armed over each wait for
    the client (`async with clock:`), and the connection cap's view of that body: while it
    waits, the connection knows it (`GuardedConnection.body`) and may `cut()` it short when
    it is slow and a newcomer needs the room (408, and the connection closes)."""

    def __init__(
        self, limits: ProxyLimits, request: web.Request, expected: int | None, received: int = 0
    ) -> None:
        self._limits = limits
        self._loop = asyncio.get_running_loop()
        protocol = request.protocol
        self._connection = protocol if isinstance(protocol, GuardedConnection) else None
        self.started = self._loop.time()
        self.expected = expected
        self.received = received
        self.was_cut = False
        self._timeout: asyncio.Timeout | None = None

    def deadline(self) -> float:
        limits = self._limits
        return self.started + limits.body_timeout_s + self.received / limits.body_min_rate_bps

    def got(self, size: int) -> None:
        self.received += size
        if self._timeout is not None and not self.was_cut:
            self._timeout.reschedule(self.deadline())

    def slow(self, now: float) -> bool:
        """Waiting for the client, past the first seconds, below the minimum rate."""
        elapsed = now - self.started
        return (
            self._timeout is not None
            and elapsed >= SLOW_BODY_AFTER_S
            and self.received < elapsed * self._limits.body_min_rate_bps
        )

    def rate(self, now: float) -> float:
        return self.received / max(now - self.started, 1e-9)

    def cut(self) -> None:
        """End the wait now: the reader answers 408 `proxy.body_too_slow`."""
        self.was_cut = True
        if self._timeout is not None:
            self._timeout.reschedule(self._loop.time())

    async def __aenter__(self) -> BodyClock:
        when = self._loop.time() if self.was_cut else self.deadline()
        self._timeout = asyncio.timeout_at(when)
        await self._timeout.__aenter__()
        if self._connection is not None:
            self._connection.body = self
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        timeout, self._timeout = self._timeout, None
        if self._connection is not None and self._connection.body is self:
            self._connection.body = None
        try:
            if timeout is not None:
                await timeout.__aexit__(exc_type, exc, tb)
        except TimeoutError:
            elapsed = self._loop.time() - self.started
            if self.was_cut:
                raise errors.body_too_slow(self.received, self.expected, elapsed) from None
            raise errors.body_timeout(self.received, self.expected, elapsed) from None


class BodyReader:
    """Reads request bodies within the size limit, the body timeout and the memory budget."""

    def __init__(self, limits: ProxyLimits, budget: BodyBudget) -> None:
        self._limits = limits
        self._budget = budget
        self._big_parses = asyncio.Semaphore(BIG_PARSES_AT_ONCE)

    def clock(self, request: web.Request, expected: int | None, received: int = 0) -> BodyClock:
        """The body timeout of `request`'s body, starting now, `received` bytes into it."""
        return BodyClock(self._limits, request, expected, received)

    async def read(self, request: web.Request) -> HeldBody:
        limits = self._limits
        expected = request.content_length
        if expected is not None and expected > limits.max_body_bytes:
            raise errors.body_too_large(limits.max_body_bytes)
        if expected is None:  # chunked: reserved as it grows
            data, reserved = await self._grow(request)
            return HeldBody(data, self._budget, reserved)
        # Reserved before a byte is read: until then the body waits in the socket, where
        # aiohttp's flow control keeps it (the kernel buffers, not this process).
        held = await self._within_budget(self._budget.hold(expected, limits.body_budget_wait_s))
        try:
            if expected:
                await self._fill(request, held.data, expected)
        except BaseException:
            held.release()
            raise
        return held

    async def read_relayed(
        self, request: web.Request
    ) -> tuple[HeldBody, dict[str, Any], dict[str, str]]:
        """A relayed request's body, parsed once for the fields the relay looks at and the
        shapes the shield refuses on an affected engine (app.core.engines.shield)."""
        held = await self.read(request)
        try:
            return held, *await self.json_work(held.data, _relay_fields)
        except BaseException:
            held.release()
            raise

    async def read_object(self, request: web.Request, *, empty_ok: bool = False) -> dict[str, Any]:
        """A management request's JSON object (load, unload, pull, a batch): read, parsed,
        given back."""
        held = await self.read(request)
        try:
            return parse_object(held.data, empty_ok=empty_ok)
        finally:
            held.release()

    async def json_work(self, raw: bytes | bytearray, work: Callable[[bytes | bytearray], T]) -> T:
        """`work(raw)`: here for the usual body (no await), on a worker thread for a big one."""
        if len(raw) <= BIG_BODY_BYTES:
            return work(raw)
        async with self._big_parses:
            return await asyncio.to_thread(work, raw)

    async def _within_budget(self, waiting: Awaitable[T]) -> T:
        try:
            return await waiting
        except TimeoutError:
            raise errors.busy(self._budget.total) from None

    async def _fill(self, request: web.Request, buf: bytes | bytearray, expected: int) -> None:
        """Read into a buffer of the announced size: no copy, no growing (a body read with
        aiohttp's request.read() passes through a growing buffer and is then copied)."""
        view = memoryview(buf)
        received = _buffered(request, view, expected)  # usually all of it: no timer, no wait
        if received == expected:
            return
        clock = self.clock(request, expected, received)
        while clock.received < expected:
            chunk = await _next(request, clock)
            if not chunk:
                raise errors.malformed_body("the body ended before its Content-Length")
            view[clock.received : clock.received + len(chunk)] = chunk
            clock.got(len(chunk))

    async def _grow(self, request: web.Request) -> tuple[bytearray, int]:
        limits = self._limits
        clock = self.clock(request, None)
        buf = bytearray()
        reserved = 0
        try:
            while True:
                chunk = await _next(request, clock)
                if not chunk:
                    return buf, reserved
                size = len(buf) + len(chunk)
                if size > limits.max_body_bytes:
                    raise errors.body_too_large(limits.max_body_bytes)
                if size > reserved:
                    step = min(max(_CHUNKED_STEP, size - reserved), limits.max_body_bytes)
                    await self._within_budget(self._budget.acquire(step, limits.body_budget_wait_s))
                    reserved += step
                buf += chunk
                clock.got(len(chunk))
        except BaseException:
            if reserved:
                self._budget.release(reserved)
            raise


async def _next(request: web.Request, clock: BodyClock) -> bytes:
    """The next piece of the body, within its clock (a wait for budget is not the client's)."""
    try:
        async with clock:
            return await request.content.readany()
    except (RequestPayloadError, BadHttpMessage) as exc:
        raise errors.malformed_body(payload_detail(exc)) from None


def _buffered(request: web.Request, view: memoryview, expected: int) -> int:
    """Copy into `view` what of the body aiohttp has buffered already; returns how much."""
    try:
        data = request.content.read_nowait(expected)
    except (RequestPayloadError, BadHttpMessage) as exc:
        raise errors.malformed_body(payload_detail(exc)) from None
    view[: len(data)] = data
    return len(data)


def payload_detail(exc: BaseException) -> str:
    text = str(exc).split("\n", 1)[0].strip().rstrip(":.")
    return "".join(c if c.isprintable() else "?" for c in text)[:160] or "malformed body"


def parse_object(raw: bytes | bytearray, *, empty_ok: bool = False) -> dict[str, Any]:
    """A request's JSON object, or the 400 that says why it is none (too deep a nesting and a
    lone UTF-16 surrogate included: core.untrusted.parse_json)."""
    # No body at all, not a blank one: "\r" or a space is no JSON, as on every other route
    # (Schemathesis found the blank one taken for "unload everything").
    if empty_ok and not raw:
        return {}
    try:
        body = parse_json(raw)
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        raise errors.bad_json(str(exc)) from None
    if not isinstance(body, dict):
        raise errors.not_an_object()
    return body


def _relay_fields(raw: bytes | bytearray) -> tuple[dict[str, Any], dict[str, str]]:
    body = parse_object(raw)
    return {name: body[name] for name in _KEPT_FIELDS if name in body}, shapes_of(body)


def jsonable(value: object) -> Any:
    """Controller data (mappings, dataclasses, enums, tuples) as plain JSON values."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def json_response(payload: object, status: int = 200) -> web.Response:
    return web.json_response(jsonable(payload), status=status)
