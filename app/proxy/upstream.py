"""Relaying one request to a child vLLM server and its answer back, streamed chunk by chunk.

Two HTTP clients implement the same relay so the benchmark can compare them on one machine;
docs/proxy.md has the numbers behind the default.
"""

from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

import aiohttp
import httpx
from aiohttp import web
from multidict import CIMultiDict

from app.proxy import errors

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
LARGE_BODY_BYTES = 2**20

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
# Not passed to children: the endpoint's own key (children have none) and what would make a
# child compress (the loopback hop gains nothing and the bytes are relayed as they are).
_DROP_REQUEST = _HOP | {"authorization", "accept-encoding", "cookie"}
_DROP_RESPONSE = _HOP | {"date", "server"}

# Set once a streamed answer's headers went out: an error after that cannot become an error
# response any more, only an aborted connection.
RESPONSE_STARTED = web.RequestKey("proxy_response_started", bool)


Headers = list[tuple[str, str]]


def request_headers(headers: Iterable[tuple[str, str]]) -> Headers:
    """What goes to the child: a list, so a header the client repeated stays repeated."""
    out = [(k, v) for k, v in headers if k.lower() not in _DROP_REQUEST]
    out.append(("Accept-Encoding", "identity"))
    return out


def response_headers(headers: Iterable[tuple[str, str]]) -> CIMultiDict[str]:
    return CIMultiDict((k, v) for k, v in headers if k.lower() not in _DROP_RESPONSE)


@dataclass
class Opened:
    """An upstream answer whose headers arrived; the body is still to be read."""

    status: int
    headers: Headers
    length_known: bool
    chunks: AsyncIterator[bytes]
    close: Callable[[], Awaitable[None]]


class Upstream(Protocol):
    name: str
    # Errors that mean the child went away while its answer was being read.
    broken_errors: tuple[type[BaseException], ...]

    async def open(
        self, method: str, url: str, body: bytes, headers: Headers, model: str
    ) -> Opened: ...

    async def aclose(self) -> None: ...


class HttpxUpstream:
    """httpx.AsyncClient: HTTP/1.1 keep-alive pool, no read timeout (generations are long)."""

    name = "httpx"
    broken_errors: tuple[type[BaseException], ...] = (httpx.TransportError,)

    def __init__(self) -> None:
        self._client = httpx.AsyncClient(
            limits=httpx.Limits(
                max_connections=MAX_CONNECTIONS,
                max_keepalive_connections=MAX_CONNECTIONS,
                keepalive_expiry=KEEPALIVE_S,
            ),
            timeout=httpx.Timeout(connect=CONNECT_TIMEOUT_S, read=None, write=None, pool=None),
            trust_env=False,  # an HTTP(S)_PROXY in the environment must not capture loopback
            follow_redirects=False,
        )

    async def open(
        self, method: str, url: str, body: bytes, headers: Headers, model: str
    ) -> Opened:
        request = self._client.build_request(method, url, content=body, headers=headers)
        try:
            response = await self._client.send(request, stream=True)
        except httpx.TransportError as exc:
            raise errors.upstream_unreachable(model, _reason(exc)) from exc
        return Opened(
            status=response.status_code,
            headers=response.headers.multi_items(),
            length_known="content-length" in response.headers,
            chunks=response.aiter_raw(),
            close=response.aclose,
        )

    async def aclose(self) -> None:
        await self._client.aclose()


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
                connector=aiohttp.TCPConnector(
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
        self, method: str, url: str, body: bytes, headers: Headers, model: str
    ) -> Opened:
        session = self._get()
        for attempt in (1, 2):
            # aiohttp writes big bytes bodies in one go and warns that this blocks the loop; a
            # file-like body is written in pieces.
            data = body if len(body) <= LARGE_BODY_BYTES else io.BytesIO(body)
            try:
                response = await session.request(method, url, data=data, headers=headers)
                break
            except aiohttp.ServerDisconnectedError as exc:
                # A pooled connection the child closed just as it was reused (its keep-alive
                # ran out): nothing was answered, so one retry on a fresh socket is safe.
                # aiohttp retries this by itself only for idempotent methods, never for POST.
                if attempt == 2:
                    raise errors.upstream_unreachable(model, _reason(exc)) from exc
            except aiohttp.ClientError as exc:
                raise errors.upstream_unreachable(model, _reason(exc)) from exc

        async def close() -> None:
            response.close()

        return Opened(
            status=response.status,
            headers=list(response.headers.items()),
            length_known="Content-Length" in response.headers,
            chunks=response.content.iter_any(),
            close=close,
        )

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()


def _reason(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def make_upstream(name: str) -> Upstream:
    if name == "httpx":
        return HttpxUpstream()
    if name == "aiohttp":
        return AiohttpUpstream()
    raise ValueError(f"unknown upstream client {name!r}")


async def relay(
    upstream: Upstream,
    request: web.Request,
    url: str,
    body: bytes,
    model: str,
) -> web.StreamResponse:
    """Send `body` to `url` and answer `request` with what comes back.

    An answer with a length is read whole (a JSON reply); one without (an SSE stream) is
    written on as each chunk arrives, never buffered. If the client goes away, aiohttp cancels
    this handler (handler_cancellation) and closing the upstream response drops the child's
    connection, which is how vLLM learns to abort the generation.
    """
    opened = await upstream.open(
        request.method, url, body, request_headers(request.headers.items()), model
    )
    try:
        headers = response_headers(opened.headers)
        if opened.length_known:
            try:
                data = b"".join([chunk async for chunk in opened.chunks])
            except upstream.broken_errors as exc:
                raise errors.upstream_unreachable(model, _reason(exc)) from exc
            return web.Response(status=opened.status, body=data, headers=headers)
        out = web.StreamResponse(status=opened.status, headers=headers)
        await out.prepare(request)
        request[RESPONSE_STARTED] = True
        while True:
            try:
                chunk = await anext(opened.chunks)
            except StopAsyncIteration:
                break
            except upstream.broken_errors as exc:
                log.warning("the server of %s broke off mid-stream: %s", model, _reason(exc))
                if not headers.get("Content-Type", "").startswith("text/event-stream"):
                    raise  # aborts the connection: a truncated body must not look complete
                await out.write(errors.sse_error(errors.upstream_broke(model, _reason(exc)), 502))
                break
            try:
                await out.write(chunk)
            except ConnectionError:  # the client went away; closing upstream tells the child
                log.debug("client of %s went away mid-stream", model)
                return out
        await out.write_eof()
        return out
    finally:
        await opened.close()
