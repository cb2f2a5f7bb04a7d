"""The relay's upstream client on httpx, kept only so the benchmark can compare it.

The app relays with aiohttp (app.proxy.upstream.AiohttpUpstream); docs/proxy.md has the
numbers that chose it. This implements the same `Upstream` interface on httpx.AsyncClient so
`bench/bench_proxy.py --clients aiohttp,httpx` keeps showing the difference.
"""

from __future__ import annotations

import httpx

from app.proxy import relay_errors as errors
from app.proxy.memory import HeldBody
from app.proxy.upstream import (
    CONNECT_TIMEOUT_S,
    KEEPALIVE_S,
    MAX_CONNECTIONS,
    ChildUnreachableError,
    Headers,
    Opened,
)


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
        self, method: str, url: str, body: HeldBody, headers: Headers, model: str
    ) -> Opened:
        request = self._client.build_request(method, url, content=body.pieces(), headers=headers)
        try:
            response = await self._client.send(request, stream=True)
        except httpx.ConnectError as exc:
            unreachable = errors.upstream_unreachable(model, describe(exc))
            raise ChildUnreachableError(unreachable.problem) from exc
        except httpx.TransportError as exc:
            raise errors.upstream_unreachable(model, describe(exc)) from exc
        return Opened(
            status=response.status_code,
            headers=response.headers.multi_items(),
            length=_length(response.headers.get("content-length")),
            chunks=response.aiter_raw(),
            close=response.aclose,
        )

    async def aclose(self) -> None:
        await self._client.aclose()


def describe(exc: BaseException) -> str:
    """httpx's errors in the words app.proxy.upstream.describe uses for aiohttp's."""
    if isinstance(exc, httpx.RemoteProtocolError):
        return "it closed the connection"
    if isinstance(exc, httpx.ReadError):
        return "its answer was cut short"
    if isinstance(exc, httpx.ConnectError):
        return "connection refused" if "refused" in str(exc).lower() else "cannot connect"
    return "the connection failed"


def _length(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None
