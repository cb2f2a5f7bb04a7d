"""The HTTP/1.1 client for the hop to a child vLLM server on this machine: keep-alive
connections on an asyncio Protocol, llhttp (httptools, uvicorn's parser) for the answers.

Why not aiohttp's ClientSession, which carried this hop before and still carries requests to
remote servers (upstream.py): per request it builds a ClientRequest and a ClientResponse,
runs its timeout, tracing and cookie machinery, writes the body from a task of its own and
fills a StreamReader with the answer; callgrind counted that at about a third of the
proxy's instructions per relayed request (docs/proxy.md, "The per-request cost"). The hop
to a child needs none of it: plain HTTP/1.1 to a loopback address, a body already in memory,
an answer whose head the relay checks and whose streamed body it passes on as it came
(passthrough.py). What is left is small: a pool of idle connections per child (here; newest
first, kept KEEPALIVE_S) and one connection's protocol (child_conn.py): the request in one
write, the answer's head parsed by llhttp, its body held for the relay's pass-through or
decoded by llhttp.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import ipaddress

from app.proxy import relay_errors as errors
from app.proxy.child_conn import DONE, IDLE, ChildConnection, NoAnswerError
from app.proxy.memory import RETRY_WINDOW_S, HeldBody
from app.proxy.upstream import (
    CONNECT_TIMEOUT_S,
    KEEPALIVE_S,
    MAX_CONNECTIONS,
    AiohttpUpstream,
    ChildDisconnectedError,
    ChildUnreachableError,
    Headers,
    Opened,
    UpstreamBrokeError,
    describe,
)


class ChildPool:
    """Idle keep-alive connections per child, the newest handed out first (the oldest then
    expire when traffic drops), closed after KEEPALIVE_S idle; at most MAX_CONNECTIONS busy."""

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._idle: dict[tuple[str, int], dict[ChildConnection, None]] = {}
        self._busy = 0
        self._waiting: collections.deque[asyncio.Future[None]] = collections.deque()
        self._sweeper: asyncio.TimerHandle | None = None

    async def acquire(self, host: str, port: int) -> tuple[ChildConnection, bool]:
        """A connection to host:port and whether it was used before."""
        if self._busy >= MAX_CONNECTIONS:
            await self._wait_for_room()
        self._busy += 1
        try:
            idle = self._idle.get((host, port))
            if idle:
                now = self._loop.time()
                while idle:
                    conn, _ = idle.popitem()  # the newest
                    if now - conn.idle_since < KEEPALIVE_S and not conn.closed:
                        conn.released = False
                        return conn, True
                    conn.close_idle()
            return await self._connect(host, port), False
        except BaseException:
            self._room()
            raise

    async def _wait_for_room(self) -> None:
        while self._busy >= MAX_CONNECTIONS:
            waiter = self._loop.create_future()
            self._waiting.append(waiter)
            await waiter

    async def _connect(self, host: str, port: int) -> ChildConnection:
        key = (host, port)
        try:
            async with asyncio.timeout(CONNECT_TIMEOUT_S):
                _, conn = await self._loop.create_connection(
                    lambda: ChildConnection(self, key), host, port
                )
        except TimeoutError:
            raise UpstreamBrokeError(f"no connection within {CONNECT_TIMEOUT_S:g} s") from None
        except OSError as exc:
            raise UpstreamBrokeError(describe(exc)) from exc
        return conn

    async def finish(self, conn: ChildConnection) -> None:
        """Opened.close: the connection waits for the next request if its answer ended
        properly and the child keeps it, else it is closed (which is how a child learns
        nobody waits any more)."""
        if conn.released:
            return
        conn.released = True
        if conn.state != DONE or not conn.keep_alive or conn.closed:
            conn.abandon()
            return
        conn.state = IDLE
        self._room()
        conn.idle_since = self._loop.time()
        self._idle.setdefault(conn.key, {})[conn] = None
        if self._sweeper is None:
            self._sweeper = self._loop.call_later(KEEPALIVE_S, self._sweep)

    def dropped(self, conn: ChildConnection) -> None:
        self._room()

    def forget(self, conn: ChildConnection) -> None:
        """An idle connection the child closed."""
        idle = self._idle.get(conn.key)
        if idle is not None:
            idle.pop(conn, None)

    def _room(self) -> None:
        self._busy -= 1
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                break

    def _sweep(self) -> None:
        self._sweeper = None
        expired = self._loop.time() - KEEPALIVE_S
        left = False
        for idle in self._idle.values():
            for conn in [c for c in idle if c.idle_since <= expired]:
                del idle[conn]
                conn.close_idle()
            left = left or bool(idle)
        if left:
            self._sweeper = self._loop.call_later(KEEPALIVE_S / 2, self._sweep)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        for idle in self._idle.values():
            for conn in list(idle):
                conn.close_idle()
        self._idle.clear()


@functools.lru_cache(maxsize=256)
def _loopback(authority: str) -> tuple[str, int] | None:
    """(host, port) of an authority that names a loopback address, else None."""
    host, sep, port = authority.rpartition(":")
    if not sep or not port.isdigit():
        return None
    host = host.removeprefix("[").removesuffix("]")
    try:
        if not ipaddress.ip_address(host).is_loopback:
            return None
    except ValueError:  # a name: resolving it is aiohttp's job
        return None
    return host, int(port)


def _split(url: str) -> tuple[str, tuple[str, int], str] | None:
    """(authority, (host, port), target) of a plain-HTTP URL on a loopback address."""
    if not url.startswith("http://"):
        return None
    slash = url.find("/", 7)
    if slash < 0:
        return None
    authority = url[7:slash]
    address = _loopback(authority)
    if address is None:
        return None
    return authority, address, url[slash:]


def request_head(method: str, target: str, authority: str, headers: Headers) -> bytes:
    lines = [f"{method} {target} HTTP/1.1\r\nHost: {authority}\r\n"]
    lines += [f"{name}: {value}\r\n" for name, value in headers]
    lines.append("\r\n")
    text = "".join(lines)
    # The request's own line breaks and no others: a name or value holding one would let
    # a header become two (the endpoint's parser refuses them; this holds it here too).
    if text.count("\n") != len(headers) + 3 or text.count("\r") != len(headers) + 3:
        raise ValueError("a header holds a line break")
    return text.encode("utf-8", "surrogateescape")  # a header's bytes as the client sent them


class AppUpstream:
    """The app's Upstream: children (plain HTTP on a loopback address) through this module's
    client, anything else (remote servers: names, TLS) through aiohttp's (upstream.py)."""

    name = "app"
    broken_errors: tuple[type[BaseException], ...] = (
        UpstreamBrokeError,
        *AiohttpUpstream.broken_errors,
    )

    def __init__(self) -> None:
        self._pool: ChildPool | None = None
        self._remote = AiohttpUpstream()

    async def open(
        self, method: str, url: str, body: HeldBody, headers: Headers, model: str
    ) -> Opened:
        split = _split(url)
        if split is None:
            return await self._remote.open(method, url, body, headers, model)
        authority, (host, port), target = split
        if self._pool is None:  # belongs to the loop it is created on
            self._pool = ChildPool()
        head = request_head(method, target, authority, headers)
        return await _open(self._pool, (host, port), head, body, model)

    async def aclose(self) -> None:
        if self._pool is not None:
            self._pool.close()
        await self._remote.aclose()


async def _open(
    pool: ChildPool, address: tuple[str, int], head: bytes, body: HeldBody, model: str
) -> Opened:
    loop = asyncio.get_running_loop()
    for attempt in (1, 2):
        try:
            conn, _ = await pool.acquire(*address)
        except UpstreamBrokeError as exc:
            unreachable = errors.upstream_unreachable(model, exc.reason)
            raise ChildUnreachableError(unreachable.problem) from exc
        sent_at = loop.time()
        try:
            status, headers, length, held = await conn.request(head, body)
        except NoAnswerError as exc:
            conn.abandon()
            # A pooled connection the child closed just as it was reused fails within
            # milliseconds: nothing was answered, so one retry on a fresh socket is safe.
            # Later, the child may have been working on it: the caller decides from whether
            # this child is gone.
            quick = loop.time() - sent_at < RETRY_WINDOW_S
            if attempt == 1 and quick and body.held:
                continue
            gone = errors.upstream_unreachable(model, exc.reason)
            raise ChildDisconnectedError(gone.problem) from exc
        except UpstreamBrokeError as exc:
            conn.abandon()
            raise errors.upstream_unreachable(model, exc.reason) from exc
        except BaseException:
            conn.abandon()  # cancelled: the closed connection tells the child
            raise
        return Opened(
            status=status,
            headers=headers,
            length=length,
            chunks=conn,
            close=functools.partial(pool.finish, conn),
            raw=conn if held else None,
        )
    raise AssertionError("unreachable")
