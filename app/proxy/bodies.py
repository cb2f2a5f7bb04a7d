"""Reading request bodies and the model they name, with an OpenAI-style error for every flaw."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Mapping
from enum import Enum
from types import TracebackType
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import BadHttpMessage
from aiohttp.web_protocol import RequestPayloadError

from app.core.contracts import ModelController, ModelView
from app.core.untrusted import parse_json
from app.proxy import errors
from app.proxy.connections import GuardedConnection
from app.proxy.limits import ProxyLimits
from app.proxy.memory import BodyBudget

# Chunked bodies reserve budget in steps of this size as they grow, not byte by byte.
_CHUNKED_STEP = 2**20
# A body is handed to the child's connection in pieces of this size, so a 32 MiB body does
# not become one 32 MiB write (aiohttp warns that such a write blocks the loop).
SEND_PIECE_BYTES = 256 * 1024
# After the last byte went to the child, the body is kept this long for the one retry on a
# fresh connection (a pooled connection the child closed as it was reused fails within
# milliseconds). A failure later means the child may already be working on the request, and
# sending it again could run it twice.
RETRY_WINDOW_S = 1.0
# Bodies up to this size are kept until the relay ends instead: if the child dies before it
# answers (a hung engine killed by the supervisor), the request can go to its replacement.
# Chat and completion requests are almost always far smaller; the budget still counts them.
KEEP_UNTIL_ANSWERED_BYTES = 2**20
# A body still arriving after this long at less than `body_min_rate_bps` is a slow one: when
# the endpoint is full, the connection cap cuts it short for a newcomer (GuardedServer) rather
# than refusing the newcomer. Long enough that a client's next packet is never mistaken for a
# dribble; short, so that a process holding hundreds of dribbled bodies (a byte a second each)
# cannot keep every other client out for the whole body timeout.
SLOW_BODY_AFTER_S = 2.0


class HeldBody:
    """A request body in memory and its share of the body budget, given back exactly once:
    by `release()`, or on its own shortly after the body was sent to a child."""

    def __init__(self, data: bytearray, budget: BodyBudget | None, reserved: int) -> None:
        self._data: bytes | bytearray | None = data
        self._budget = budget
        self._reserved = reserved
        self._length = len(data)
        self._timer: asyncio.TimerHandle | None = None

    def __len__(self) -> int:
        return self._length

    @property
    def held(self) -> bool:
        return self._data is not None

    @property
    def data(self) -> bytes | bytearray:
        if self._data is None:
            raise RuntimeError("the body was already given back")
        return self._data

    def replace(self, data: bytes | bytearray) -> None:
        """Swap in a re-serialised body (the budget keeps counting what it reserved)."""
        self._data = data
        self._length = len(data)

    async def pieces(self) -> AsyncIterator[bytes]:
        """The body for an HTTP client, in pieces; schedules the release once all went out."""
        # memoryview slices: no copies. Both clients take any bytes-like object; the type
        # says bytes because that is what their annotations accept.
        view = memoryview(self.data)
        for start in range(0, len(view), SEND_PIECE_BYTES):
            yield view[start : start + SEND_PIECE_BYTES]  # type: ignore[misc]
        self.sent()

    def sent(self) -> None:
        """All of it went to a child: a big body is given back after the retry window."""
        if (
            self._timer is None
            and self._data is not None
            and (self._length > KEEP_UNTIL_ANSWERED_BYTES)
        ):
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(RETRY_WINDOW_S, self.release)

    def release(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._budget is not None and self._reserved:
            self._budget.release(self._reserved)
        self._budget, self._reserved, self._data = None, 0, None


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
        reserved = await self._reserve(expected) if expected else 0
        buf = bytearray(expected)
        held = HeldBody(buf, self._budget, reserved)
        try:
            if expected:
                await self._fill(request, buf, expected)
        except BaseException:
            held.release()
            raise
        return held

    async def _reserve(self, n: int) -> int:
        try:
            await self._budget.acquire(n, self._limits.body_budget_wait_s)
        except TimeoutError:
            raise errors.busy(self._budget.total) from None
        return n

    async def _fill(self, request: web.Request, buf: bytearray, expected: int) -> None:
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
                    reserved += await self._reserve(step)
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


async def read_small_body(request: web.Request, reader: BodyReader) -> bytes:
    """A management request's body (load, unload, pull): read, copied out, given back."""
    held = await reader.read(request)
    try:
        return bytes(held.data)
    finally:
        held.release()


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


def resolve_model(
    controller: ModelController, body: Mapping[str, Any], field: str, *, need_download: bool
) -> ModelView:
    """The registered model `body[field]` names, or the 400/404 that explains what is wrong.

    The whole list is only built for an error message: this runs on every request.
    """
    name = body.get(field)
    if name is None:
        raise errors.missing_field(field, (v.id for v in controller.list_models()))
    if not isinstance(name, str):
        raise errors.bad_field(field, "a string")
    view = controller.find_model(name)
    if view is None:
        raise errors.unknown_model(name, (v.id for v in controller.list_models()), field)
    if need_download and not view.downloaded:
        raise errors.not_downloaded(name, field)
    return view


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
