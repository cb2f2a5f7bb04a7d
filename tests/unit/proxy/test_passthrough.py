"""The relay's pass-through of a child's chunked answer (app/proxy/passthrough.py), redirects,
the query string, the choices limit and the comment lines of a waiting stream, in process
against small upstreams on loopback. The assembled app is tested in
tests/integration/test_relay_trust.py."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import aiohttp
import httpx
import pytest
from aiohttp import web

from app.core.events import EventBus
from app.proxy import passthrough
from app.proxy.limits import DEFAULT_LIMITS
from app.proxy.passthrough import BadFraming, ChunkedBody, RelayConnector, RelayResponseHandler
from app.proxy.server import ProxyServer
from tests.unit.proxy.test_server import FakeController

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


# ---- the framing scan --------------------------------------------------------------------


BODY = b"5\r\nhello\r\n1A;name=value\r\n" + b"x" * 26 + b"\r\n3\r\nabc\r\n"
END = b"0\r\nTrailer: yes\r\n\r\n"


def scan(pieces: list[bytes]) -> tuple[bytes, bytes | None, list[bool]]:
    body = ChunkedBody()
    out, after, between = b"", None, []
    for piece in pieces:
        forward, after = body.feed(piece)
        out += forward
        between.append(body.between_chunks)
        if after is not None:
            break
    return out, after, between


@pytest.mark.parametrize("at", range(1, len(BODY + END)))
def test_any_split_passes_the_chunks_on_and_finds_the_end(at: int) -> None:
    whole = BODY + END + b"EXTRA"
    out, after, _ = scan([whole[:at], whole[at:]])
    assert out == BODY  # the last chunk and the trailers are the relay's own to write
    assert after == b"EXTRA"


def test_byte_by_byte_only_whole_size_lines_go_on() -> None:
    whole = BODY + b"0\r\n\r\n"
    body = ChunkedBody()
    out = b""
    for i in range(len(whole)):
        forward, after = body.feed(whole[i : i + 1])
        out += forward
        # A size line is passed on only once it is whole: the client never gets half of one.
        assert not out.endswith((b"1", b"1A", b"1A;name=v"))
        if after is not None:
            break
    assert out == BODY


def test_between_chunks_says_whether_an_event_may_follow() -> None:
    _, _, between = scan([b"5\r\nhel", b"lo\r\n"])
    assert between == [False, True]


@pytest.mark.parametrize(
    "bad",
    [b"zz\r\nhello\r\n", b"5\r\nhelloXX3\r\nabc\r\n", b"-5\r\n", b"5" * 20000, b"0x5\r\nhello\r\n"],
)
def test_broken_framing_is_refused(bad: bytes) -> None:
    with pytest.raises(BadFraming):
        ChunkedBody().feed(bad)


def test_the_connector_builds_the_relays_protocol() -> None:
    """aiohttp builds a connection's protocol with TCPConnector._factory; if a release renames
    it, the relay silently falls back to the per-chunk way. This notices."""

    async def check() -> None:
        connector = RelayConnector()
        try:
            assert isinstance(connector._factory(), RelayResponseHandler)
        finally:
            await connector.close()

    asyncio.run(check())


# ---- through a ProxyServer ------------------------------------------------------------------


@dataclass
class Upstream:
    """One route, answered by `handler`; records the raw target and the peer of each request."""

    handler: Handler
    targets: list[str] = field(default_factory=list)
    peers: list[Any] = field(default_factory=list)
    runner: web.AppRunner | None = None
    url: str = ""

    async def start(self) -> None:
        async def record(request: web.Request) -> web.StreamResponse:
            self.targets.append(request.raw_path)
            assert request.transport is not None
            self.peers.append(request.transport.get_extra_info("peername"))
            await request.read()
            return await self.handler(request)

        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", record)
        self.runner = web.AppRunner(app, access_log=None, handler_cancellation=True)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        self.url = f"http://127.0.0.1:{self.runner.addresses[0][1]}"

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()


@asynccontextmanager
async def proxy_to(
    handler: Handler, **limits: Any
) -> AsyncIterator[tuple[str, Upstream, FakeController]]:
    upstream = Upstream(handler)
    await upstream.start()
    controller = FakeController(upstream.url)
    server = ProxyServer(
        controller, None, EventBus(), port=0, limits=replace(DEFAULT_LIMITS, **limits)
    )
    await server.start()
    try:
        yield server.url, upstream, controller
    finally:
        await server.stop()
        await upstream.stop()


def chat(stream: bool = True, **extra: Any) -> dict[str, Any]:
    return {
        "model": "same",
        "messages": [{"role": "user", "content": "hi"}],
        "stream": stream,
        **extra,
    }


async def sse(request: web.Request, events: list[bytes], first: float = 0.0) -> web.StreamResponse:
    """The events, the first `first` seconds after the head (a prefill)."""
    out = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await out.prepare(request)
    await asyncio.sleep(first)
    for event in events:
        await out.write(event)
    await out.write_eof()
    return out


@pytest.fixture
def fed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pieces went through PassOn.feed: the pass-through was used."""
    counts: list[int] = []
    original = passthrough.PassOn.feed

    def counting(self: passthrough.PassOn, data: bytes) -> None:
        counts.append(len(data))
        original(self, data)

    monkeypatch.setattr(passthrough.PassOn, "feed", counting)
    return counts


async def test_a_stream_is_passed_on_and_its_connection_reused(fed: list[int]) -> None:
    events = [f"data: {json.dumps({'i': i})}\n\n".encode() for i in range(50)] + [
        b"data: [DONE]\n\n"
    ]

    async def handler(request: web.Request) -> web.StreamResponse:
        return await sse(request, events)

    async with proxy_to(handler) as (url, upstream, _), httpx.AsyncClient(base_url=url) as client:
        for _ in range(3):
            r = await client.post("/v1/chat/completions", json=chat())
            assert r.status_code == 200
            assert r.headers["content-type"].startswith("text/event-stream")
            assert r.content == b"".join(events)
        assert fed, "the pass-through was not used"
        # The body's end went to aiohttp's parser: the connection went back to the pool.
        assert len(set(upstream.peers)) == 1


async def test_a_long_chunk_in_many_pieces_and_a_slow_client(fed: list[int]) -> None:
    big = b"data: " + b"y" * (24 * 2**20) + b"\n\n"  # one 24 MiB chunk, more than the buffers
    finished: list[float] = []

    async def handler(request: web.Request) -> web.StreamResponse:
        out = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await out.prepare(request)
        await out.write(big)
        await out.write_eof()
        finished.append(asyncio.get_running_loop().time())
        return out

    async with (
        proxy_to(handler) as (url, _, _),
        aiohttp.ClientSession() as session,
        session.post(url + "/v1/chat/completions", json=chat()) as r,
    ):
        await asyncio.sleep(1.0)  # the client does not read: the child must wait
        started_reading = asyncio.get_running_loop().time()
        data = await r.read()
    assert data == big
    assert finished and finished[0] > started_reading  # held back, not buffered in the proxy
    assert len(fed) > 1


async def test_a_child_cut_inside_a_chunk_cuts_the_client_off() -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        out = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await out.prepare(request)
        await out.write(b"data: 1\n\n")
        assert request.transport is not None
        request.transport.write(b"40\r\ndata: half")  # a chunk that never ends
        await asyncio.sleep(0.1)
        request.transport.abort()
        return out

    async with proxy_to(handler) as (url, _, _), httpx.AsyncClient(base_url=url) as client:
        with pytest.raises(httpx.RemoteProtocolError):
            await client.post("/v1/chat/completions", json=chat())


async def test_a_child_cut_between_chunks_ends_with_an_error_event(fed: list[int]) -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        out = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await out.prepare(request)
        await out.write(b"data: 1\n\n")
        await asyncio.sleep(0.1)
        assert request.transport is not None
        request.transport.abort()
        return out

    async with proxy_to(handler) as (url, _, _), httpx.AsyncClient(base_url=url) as client:
        r = await client.post("/v1/chat/completions", json=chat())
    assert r.status_code == 200
    first, error = r.text.split("\n\n")[:2]
    assert first == "data: 1"
    assert json.loads(error.removeprefix("data: "))["error"]["code"] == "proxy.upstream_broke"


async def test_a_child_that_goes_silent_mid_stream_times_out_with_an_event(fed: list[int]) -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        out = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await out.prepare(request)
        await out.write(b"data: 1\n\n")
        await asyncio.sleep(30)
        return out

    async with (
        proxy_to(handler, upstream_idle_timeout_s=0.5) as (url, _, _),
        httpx.AsyncClient(base_url=url) as client,
    ):
        r = await client.post("/v1/chat/completions", json=chat())
    events = r.text.strip().split("\n\n")
    assert events[0] == "data: 1"
    assert json.loads(events[1].removeprefix("data: "))["error"]["code"] == "proxy.upstream_timeout"


# ---- redirects, the query, choices ------------------------------------------------------------


async def test_a_redirect_is_an_upstream_error_and_never_followed() -> None:
    secret_hits: list[str] = []

    async def secret(request: web.Request) -> web.StreamResponse:
        secret_hits.append(request.path)
        return web.json_response({"secret": "loopback only"})

    secret_server = Upstream(secret)
    await secret_server.start()

    async def redirecting(request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound(secret_server.url + "/v1/chat/completions")

    try:
        async with proxy_to(redirecting) as (url, _, _), httpx.AsyncClient(base_url=url) as c:
            for stream in (False, True):
                r = await c.post("/v1/chat/completions", json=chat(stream))
                assert r.status_code == 502
                error = r.json()["error"]
                assert error["code"] == "proxy.upstream_redirect"
                assert "redirect (302)" in error["message"]
                assert "loopback only" not in r.text
    finally:
        await secret_server.stop()
    assert secret_hits == []


async def test_the_query_goes_on_byte_for_byte() -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        return web.json_response({})

    async with proxy_to(handler) as (url, upstream, _), httpx.AsyncClient(base_url=url) as c:
        raw = "a=1%262&b=%2F%3D&c&d=%C3%A9&e=x+y"
        r = await c.post(f"/v1/completions?{raw}", json={"model": "same", "prompt": "x"})
        assert r.status_code == 200
    assert upstream.targets == [f"/v1/completions?{raw}"]


@pytest.mark.parametrize(("field_", "value"), [("n", 17), ("best_of", 100), ("n", 1e9)])
async def test_too_many_choices_are_refused_before_the_model(field_: str, value: Any) -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        return web.json_response({})

    async with (
        proxy_to(handler) as (url, upstream, controller),
        httpx.AsyncClient(base_url=url) as c,
    ):
        r = await c.post("/v1/completions", json={"model": "same", "prompt": "x", field_: value})
        assert r.status_code == 400
        error = r.json()["error"]
        assert (error["code"], error["param"]) == ("proxy.too_many_choices", field_)
        assert "proxy.max_n" in error["message"] and "16" in error["message"]
        ok = await c.post("/v1/completions", json={"model": "same", "prompt": "x", field_: 16})
        assert ok.status_code == 200
    assert len(upstream.targets) == 1 and controller.loads == ["same"]


# ---- comment lines while a stream waits ------------------------------------------------------


async def test_comment_lines_while_the_model_loads_then_the_tokens(fed: list[int]) -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        return await sse(request, [b"data: 1\n\n", b"data: [DONE]\n\n"])

    async with proxy_to(handler, sse_keepalive_s=0.2) as (url, _, controller):
        controller.load_delay = 1.0
        async with httpx.AsyncClient(base_url=url, timeout=httpx.Timeout(10, read=0.5)) as c:
            r = await c.post("/v1/chat/completions", json=chat())
    assert r.status_code == 200
    comments, rest = r.text.split("data: 1", 1)
    assert comments.count(": keep-alive\n\n") >= 3
    assert rest == "\n\ndata: [DONE]\n\n"
    assert fed  # the child's chunks were still passed on as they came


async def test_comment_lines_while_the_prefill_runs(fed: list[int]) -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        return await sse(request, [b"data: 1\n\n", b"data: [DONE]\n\n"], first=0.8)

    async with (
        proxy_to(handler, sse_keepalive_s=0.2) as (url, _, _),
        httpx.AsyncClient(base_url=url, timeout=httpx.Timeout(10, read=0.5)) as c,
    ):
        r = await c.post("/v1/chat/completions", json=chat())
    comments, rest = r.text.split("data: 1", 1)
    assert comments.count(": keep-alive\n\n") >= 2
    assert ": keep-alive" not in rest  # only before the first token


async def test_a_failed_load_after_comment_lines_is_an_error_event() -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        return web.json_response({})

    async with proxy_to(handler, sse_keepalive_s=0.2) as (url, _, controller):
        original = controller.load

        async def slow_failure(model_id: str) -> Any:
            await asyncio.sleep(0.6)
            return await original(model_id)

        controller.load = slow_failure  # type: ignore[method-assign]
        async with httpx.AsyncClient(base_url=url) as c:
            r = await c.post("/v1/chat/completions", json={**chat(), "model": "broken"})
    assert r.status_code == 200  # the stream had begun
    event = r.text.strip().split("\n\n")[-1]
    assert (
        json.loads(event.removeprefix("data: "))["error"]["code"] == "supervisor.kv_cache_too_small"
    )


async def test_a_client_can_ask_for_no_comment_lines_or_its_own_interval() -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        return await sse(request, [b"data: 1\n\n"], first=0.7)

    async with (
        proxy_to(handler, sse_keepalive_s=0.2) as (url, _, _),
        httpx.AsyncClient(base_url=url) as c,
    ):
        path = "/v1/chat/completions"
        off = await c.post(path, json=chat(), headers={"X-SSE-Keepalive": "off"})
        assert off.text == "data: 1\n\n"
        slower = await c.post(path, json=chat(), headers={"X-SSE-Keepalive": "5"})
        assert slower.text == "data: 1\n\n"
        bad = await c.post(path, json=chat(), headers={"X-SSE-Keepalive": "often"})
        assert bad.status_code == 400
        assert bad.json()["error"]["code"] == "proxy.bad_header"


async def test_no_comment_lines_for_an_answer_that_is_not_a_stream() -> None:
    async def handler(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(0.7)
        return web.json_response({"ok": True})

    async with (
        proxy_to(handler, sse_keepalive_s=0.2) as (url, _, _),
        httpx.AsyncClient(base_url=url) as c,
    ):
        r = await c.post("/v1/chat/completions", json=chat(stream=False))
    assert r.json() == {"ok": True}


async def test_no_comment_lines_inside_an_answer_of_a_stated_length() -> None:
    body = b"data: " + b"z" * (2 * 2**20) + b"\n\n"  # over buffered_answer_bytes: relayed on

    async def handler(request: web.Request) -> web.StreamResponse:
        out = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        out.content_length = len(body)
        await out.prepare(request)
        await asyncio.sleep(0.7)
        await out.write(body)
        await out.write_eof()
        return out

    async with (
        proxy_to(handler, sse_keepalive_s=0.2) as (url, _, _),
        httpx.AsyncClient(base_url=url) as c,
    ):
        r = await c.post("/v1/chat/completions", json=chat())
    assert r.content == body
