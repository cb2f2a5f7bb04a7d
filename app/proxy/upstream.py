"""The HTTP client interface that carries a request upstream and its answer back, and its
aiohttp implementation, which carries requests to remote servers.

`Upstream` is the interface relay.py drives. The app's is child_http.AppUpstream: children on
this machine through its own HTTP/1.1 client, anything else through AiohttpUpstream here. The
benchmark implements it on httpx too (bench/httpx_upstream.py) and compares them;
docs/proxy.md has the numbers behind the choice.
"""

from __future__ import annotations

import asyncio
import errno
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

import aiohttp
from yarl import URL

from app.core.problems.problems import ProblemError
from app.proxy import relay_errors as errors
from app.proxy.memory import RETRY_WINDOW_S, HeldBody
from app.proxy.passthrough import RawBody, RelayConnector, RelayResponseHandler, handler_of

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_S = 10.0
# Enough sockets for hundreds of concurrent streams; vLLM queues what it cannot batch.
MAX_CONNECTIONS = 1024
# Idle upstream connections are kept this long: a burst of new requests then needs no TCP
# handshakes (measured: +25 ms p50 TTFT for 64 simultaneous requests when every connection had
# to be reopened). vLLM's uvicorn closes idle connections after VLLM_HTTP_TIMEOUT_KEEP_ALIVE
# (5 s by default), so the supervisor should launch children with a longer one; the rare reuse
# of a socket the child is just closing is retried once (AiohttpUpstream.open).
KEEPALIVE_S = 60.0

Headers = list[tuple[str, str]]


class UpstreamBrokeError(Exception):
    """A child's connection failed under the app's own client (child_http.py); `reason`
    says how in a few plain words, as `describe()` does for aiohttp's errors."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ChildUnreachableError(ProblemError):
    """The child's port refused the connection: nothing was sent, so the request may safely
    go to whatever the controller names next (a child just killed is restarted in a moment)."""


class ChildDisconnectedError(ProblemError):
    """The child closed the connection before answering anything. Whether the request may go
    to another child depends on whether this one is gone (the caller asks the controller):
    a live child may have started working on it."""


@dataclass
class Opened:
    """An upstream answer whose headers arrived; the body is still to be read.

    `raw` is set for a chunked 2xx answer whose body the relay may pass on as it came
    (app.proxy.passthrough): the relay then either `take()`s it or `give_back()`s it and
    reads `chunks`, before anything else. It is None for every other answer. `chunks`
    raises one of the Upstream's `broken_errors` when the child breaks off.
    """

    status: int
    headers: Headers
    length: int | None  # Content-Length, None for a stream
    chunks: AsyncIterator[bytes]
    close: Callable[[], Awaitable[None]]
    raw: RawBody | None = None


class Upstream(Protocol):
    name: str
    # Errors that mean the child went away while its answer was being read.
    broken_errors: tuple[type[BaseException], ...]

    async def open(
        self, method: str, url: str, body: HeldBody, headers: Headers, model: str
    ) -> Opened: ...

    async def aclose(self) -> None: ...


class AiohttpUpstream:
    """aiohttp.ClientSession: the same relay on aiohttp's C-accelerated HTTP client."""

    name = "aiohttp"
    broken_errors: tuple[type[BaseException], ...] = (aiohttp.ClientError,)

    def __init__(self) -> None:
        self._session: aiohttp.ClientSession | None = None

    def _get(self) -> aiohttp.ClientSession:
        # Created lazily: a ClientSession belongs to the loop it is created on.
        if self._session is None:
            self._session = aiohttp.ClientSession(
                connector=RelayConnector(
                    limit=MAX_CONNECTIONS, limit_per_host=0, keepalive_timeout=KEEPALIVE_S
                ),
                timeout=aiohttp.ClientTimeout(total=None, sock_connect=CONNECT_TIMEOUT_S),
                auto_decompress=False,
                skip_auto_headers=("User-Agent",),
                # Children's cookies are no business of the proxy, and the jar costs per request.
                cookie_jar=aiohttp.DummyCookieJar(),
            )
        return self._session

    async def open(
        self, method: str, url: str, body: HeldBody, headers: Headers, model: str
    ) -> Opened:
        session = self._get()
        loop = asyncio.get_running_loop()
        target = URL(url, encoded=True)  # the query as the client sent it (upstream_url)
        for attempt in (1, 2):
            sent_at = loop.time()
            try:
                # A redirect is an answer like any other (the relay refuses it): following
                # it would let a remote or a child point the endpoint at any address.
                response = await session.request(
                    method, target, data=body.pieces(), headers=headers, allow_redirects=False
                )
                break
            except aiohttp.ClientConnectorError as exc:
                unreachable = errors.upstream_unreachable(model, describe(exc))
                raise ChildUnreachableError(unreachable.problem) from exc
            except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError) as exc:
                # A pooled connection the child closed just as it was reused (its keep-alive
                # ran out) fails within milliseconds: nothing was answered, so one retry on a
                # fresh socket is safe. aiohttp retries by itself only idempotent methods.
                quick = loop.time() - sent_at < RETRY_WINDOW_S
                if attempt == 1 and quick and body.held:
                    continue
                # Later, the child may have been working on it: the caller decides, from
                # whether this child is gone (killed as hung, crashed), if it may go on.
                gone = errors.upstream_unreachable(model, describe(exc))
                raise ChildDisconnectedError(gone.problem) from exc
            except aiohttp.ClientError as exc:
                raise errors.upstream_unreachable(model, describe(exc)) from exc

        async def close() -> None:
            response.close()

        return Opened(
            status=response.status,
            headers=list(response.headers.items()),
            length=response.content_length,
            chunks=response.content.iter_any(),
            close=close,
            raw=_raw_body(response),
        )

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()


def _raw_body(response: aiohttp.ClientResponse) -> RelayResponseHandler | None:
    """The protocol holding a chunked 2xx answer's body, offered to the relay to pass on;
    any other answer's body goes back to aiohttp at once."""
    handler = handler_of(response)
    if handler is None:
        return None
    headers = response.headers
    if (
        200 <= response.status < 300
        and headers.get("Transfer-Encoding", "").strip().lower() == "chunked"
        and "Content-Length" not in headers
    ):
        return handler
    handler.give_back()
    return None


def describe(exc: BaseException) -> str:
    """A few plain words for why a child's connection failed (no exception class names)."""
    if isinstance(exc, UpstreamBrokeError):
        return exc.reason
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return "it closed the connection"
    if isinstance(exc, aiohttp.ClientPayloadError):
        return "its answer was cut short"
    if isinstance(exc, OSError):  # aiohttp's ClientOSError too
        if exc.errno == errno.ECONNREFUSED:
            return "connection refused"
        if exc.errno in {errno.ECONNRESET, errno.EPIPE}:
            return "the connection was reset"
        return exc.strerror or "cannot connect"
    return "the connection failed"
