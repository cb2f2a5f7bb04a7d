"""The proxy in process against an in-process upstream: relaying, streaming, every error."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import httpx
import pytest
from aiohttp import web

from app.core.contracts import Backend, ModelView
from app.core.events import Event, EventBus, ServerStateChanged
from app.core.problems.problems import Problem, ProblemError
from app.core.states import ProcessState
from app.proxy.child_http import AppUpstream
from app.proxy.server import ProxyServer
from app.proxy.upstream import AiohttpUpstream
from bench.httpx_upstream import HttpxUpstream

DIAGNOSIS = Problem(
    "supervisor.kv_cache_too_small",
    "The KV cache does not fit at ctx_size {ctx}; lower it to {fits}.",
    {"ctx": 32768, "fits": 8192},
)


@dataclass
class Seen:
    path: str
    query: str
    headers: Mapping[str, str]
    body: bytes


@dataclass
class FakeUpstream:
    """A child server stand-in: records what arrives, streams `max_tokens` SSE chunks."""

    token_delay: float = 0.0
    seen: list[Seen] = field(default_factory=list)
    running: int = 0
    cancelled: int = 0
    hangups: int = 0  # requests to drop without an answer, as a closing keep-alive socket does
    # Like a vLLM child started with --api-key: /v1 routes want this Bearer key.
    key: str | None = None
    runner: web.AppRunner | None = None
    url: str = ""

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 2**20)
        app.router.add_route("POST", "/{tail:.*}", self.handle)
        self.runner = web.AppRunner(app, access_log=None, handler_cancellation=True)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{self.runner.addresses[0][1]}"

    async def handle(self, request: web.Request) -> web.StreamResponse:  # noqa: C901 — one branch per misbehaviour a test asks for
        raw = await request.read()
        self.seen.append(Seen(request.path, request.query_string, dict(request.headers), raw))
        if self.hangups > 0:
            self.hangups -= 1
            assert request.transport is not None
            request.transport.close()
            return web.Response()
        if (
            self.key is not None
            and request.path.startswith("/v1")
            and request.headers.get("Authorization") != f"Bearer {self.key}"
        ):
            return web.json_response({"error": "Unauthorized"}, status=401)  # vLLM's shape
        body = json.loads(raw)
        if "raw_error" in body:  # an error in one of the child's own shapes
            spec = body["raw_error"]
            return web.Response(
                status=spec["status"], text=spec["text"], content_type=spec["content_type"]
            )
        if body.get("hang"):  # a hung child: takes the request, never answers
            await asyncio.sleep(3600)
        if body.get("big_answer"):  # a long answer with a Content-Length (embeddings, say)
            return web.Response(body=b"x" * int(body["big_answer"]))
        if body.get("upstream_status"):
            error = {"error": {"message": "bad", "type": "BadRequestError", "code": 400}}
            return web.json_response(error, status=body["upstream_status"])
        if body.get("truncate"):  # promises a length, then dies
            out = web.StreamResponse(headers={"Content-Length": "1000"})
            await out.prepare(request)
            await out.write(b'{"partial')
            assert request.transport is not None
            request.transport.abort()
            return out
        if not body.get("stream"):
            return web.json_response({"path": request.path, "model": body.get("model")})
        self.running += 1
        try:
            out = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
            await out.prepare(request)
            for i in range(int(body.get("max_tokens", 3))):
                await asyncio.sleep(self.token_delay)
                if body.get("stall_after") == i:  # hangs mid-answer
                    await asyncio.sleep(3600)
                if body.get("break_after") == i:
                    assert request.transport is not None
                    request.transport.abort()  # the child died mid-answer
                    return out
                await out.write(f"data: {json.dumps({'i': i})}\n\n".encode())
            await out.write(b"data: [DONE]\n\n")
            await out.write_eof()
            return out
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        finally:
            self.running -= 1


@dataclass
class FakeModel:
    served: str
    downloaded: bool = True
    fail: Problem | None = None
    api_key: str | None = None


class FakeController:
    """ModelController over FakeUpstream: `use` loads once and counts requests in flight."""

    def __init__(self, upstream_url: str) -> None:
        self.upstream_url = upstream_url
        self.models = {
            "tiny": FakeModel(served="tiny-served"),
            "same": FakeModel(served="same"),
            "absent": FakeModel(served="absent", downloaded=False),
            "broken": FakeModel(served="broken", fail=DIAGNOSIS),
            "dead": FakeModel(served="dead"),
            "keyed": FakeModel(served="keyed", api_key="child-key"),
        }
        self.running: dict[str, Backend] = {}
        self.in_flight: Counter[str] = Counter()
        self.loads: list[str] = []
        self.unloads: list[str] = []
        self.load_delay = 0.0

    def find_model(self, model_id: str) -> ModelView | None:
        return next((v for v in self.list_models() if v.id == model_id), None)

    def list_models(self) -> list[ModelView]:
        return [
            ModelView(
                id=name,
                state=ProcessState.RUNNING if name in self.running else ProcessState.STOPPED,
                downloaded=m.downloaded,
                ctx_size=4096,
                checkpoint=f"org/{name}",
                size_gb=1.5,
                labels=("chat",),
                created=1700000000,
            )
            for name, m in self.models.items()
        ]

    @asynccontextmanager
    async def use(self, model_id: str) -> AsyncIterator[Backend]:
        backend = await self.load(model_id)
        self.in_flight[model_id] += 1
        try:
            yield backend
        finally:
            self.in_flight[model_id] -= 1

    async def load(self, model_id: str) -> Backend:
        model = self.models.get(model_id)
        if model is None:
            raise ProblemError(Problem("models.unknown", "No {m}.", {"m": model_id}))
        if model.fail is not None:
            raise ProblemError(model.fail)
        if model_id not in self.running:
            self.loads.append(model_id)
            await asyncio.sleep(self.load_delay)
            url = "http://127.0.0.1:9" if model_id == "dead" else self.upstream_url
            self.running[model_id] = Backend(
                model_id=model_id,
                served_name=model.served,
                base_url=url,
                pid=4242,
                command=("vllm", "--model", model_id),
                ctx_size=4096,
                state=ProcessState.RUNNING,
                last_used=time.time(),
                api_key=model.api_key,
            )
        return self.running[model_id]

    async def unload(self, model_id: str) -> None:
        self.unloads.append(model_id)
        self.running.pop(model_id, None)

    def backends(self) -> list[Backend]:
        return [replace(b, in_flight=self.in_flight[k]) for k, b in self.running.items()]

    def remotes(self) -> list[Any]:
        return []  # remote servers are tested in tests/integration/test_remotes.py

    async def engine(self) -> Mapping[str, Any] | None:
        return None  # engine advisories are tested in tests/integration/test_engine_advisories.py

    async def system_info(self) -> Mapping[str, Any]:
        return {"gpu": {"name": "Fake GPU", "gfx": "gfx1151"}, "states": (ProcessState.FATAL,)}

    def stats(self) -> Mapping[str, Any]:
        return {"requests_total": 7}


@dataclass
class Proxy:
    server: ProxyServer
    controller: FakeController
    upstream: FakeUpstream
    client: httpx.AsyncClient
    events: list[Event]

    @property
    def url(self) -> str:
        return self.server.url


@asynccontextmanager
async def running_proxy(**options: Any) -> AsyncIterator[Proxy]:
    make_upstream = options.pop("upstream", AppUpstream)
    bus = options.pop("bus", None) or EventBus()
    downloads = options.pop("downloads", None)
    upstream = FakeUpstream()
    await upstream.start()
    controller = FakeController(upstream.url)
    events: list[Event] = []
    bus.subscribe(events.append)
    server = ProxyServer(
        controller, downloads, bus, host="127.0.0.1", port=0, upstream=make_upstream, **options
    )
    await server.start()
    # Plain HTTP on loopback: no CA certificates to load on the loop.
    client = httpx.AsyncClient(base_url=server.url, timeout=10, trust_env=False, verify=False)
    try:
        yield Proxy(server, controller, upstream, client, events)
    finally:
        await client.aclose()
        await server.stop()
        assert upstream.runner is not None
        await upstream.runner.cleanup()


# The benchmark's httpx client is held to the same behaviour as the app's aiohttp one, so
# that what bench/bench_proxy.py compares is the same relay.
@pytest.fixture(
    params=[HttpxUpstream, AiohttpUpstream, AppUpstream], ids=["httpx", "aiohttp", "app"]
)
async def proxy(request: pytest.FixtureRequest) -> AsyncIterator[Proxy]:
    async with running_proxy(upstream=request.param) as p:
        yield p


def error_of(response: httpx.Response) -> dict[str, Any]:
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"message", "type", "param", "code"}
    assert isinstance(body["error"]["message"], str)
    assert body["error"]["message"]
    return body["error"]  # type: ignore[no-any-return]


# ---- relaying ---------------------------------------------------------------------------


async def test_model_list_has_openai_shape_and_our_fields(proxy: Proxy) -> None:
    r = await proxy.client.get("/v1/models")
    assert r.status_code == 200
    body = r.json()
    assert body["object"] == "list"
    cards = {c["id"]: c for c in body["data"]}
    assert set(cards) == set(proxy.controller.models)
    assert cards["tiny"]["object"] == "model"
    assert cards["tiny"]["state"] == "stopped"
    assert cards["tiny"]["downloaded"] is True
    assert cards["absent"]["downloaded"] is False
    assert cards["tiny"]["ctx_size"] == 4096
    one = await proxy.client.get("/v1/models/tiny")
    assert one.json()["id"] == "tiny"
    missing = await proxy.client.get("/v1/models/nope")
    assert missing.status_code == 404
    assert error_of(missing)["code"] == "models.unknown"


async def test_model_is_mapped_to_the_served_name_and_the_rest_kept(proxy: Proxy) -> None:
    sent = {"model": "tiny", "messages": [{"role": "user", "content": "hé ☃"}], "top_k": 3}
    r = await proxy.client.post("/v1/chat/completions?trace=1", json=sent)
    assert r.status_code == 200
    assert r.json() == {"path": "/v1/chat/completions", "model": "tiny-served"}
    seen = proxy.upstream.seen[-1]
    assert json.loads(seen.body) == {**sent, "model": "tiny-served"}
    assert seen.query == "trace=1"
    assert proxy.controller.loads == ["tiny"]
    assert proxy.controller.in_flight["tiny"] == 0


async def test_body_passes_byte_for_byte_when_the_names_agree(proxy: Proxy) -> None:
    raw = b'{ "prompt" : "caf\\u00e9",\n  "model":"same", "max_tokens": 2 }'
    r = await proxy.client.post("/v1/completions", content=raw)
    assert r.status_code == 200
    assert proxy.upstream.seen[-1].body == raw


async def test_a_big_body_is_rewritten_off_the_loop_thread_and_intact(proxy: Proxy) -> None:
    content = "ünïcode " * 200_000  # 1.8 MB, past the worker-thread threshold
    sent = {"model": "tiny", "messages": [{"role": "user", "content": content}]}
    r = await proxy.client.post("/v1/chat/completions", json=sent)
    assert r.status_code == 200
    assert json.loads(proxy.upstream.seen[-1].body) == {**sent, "model": "tiny-served"}


async def test_headers_are_relayed_but_not_the_key_or_hop_by_hop(proxy: Proxy) -> None:
    headers = {"X-Request-Id": "abc", "Authorization": "Bearer secret", "Connection": "close"}
    await proxy.client.post("/tokenize", json={"model": "tiny", "prompt": "x"}, headers=headers)
    seen = {k.lower(): v for k, v in proxy.upstream.seen[-1].headers.items()}
    assert seen["x-request-id"] == "abc"
    assert "authorization" not in seen
    assert seen.get("connection", "keep-alive").lower() == "keep-alive"
    assert proxy.upstream.seen[-1].path == "/tokenize"


@pytest.mark.parametrize(
    ("path", "upstream_path"),
    [
        ("/v1/completions", "/v1/completions"),
        ("/v1/responses", "/v1/responses"),
        ("/v1/embeddings", "/v1/embeddings"),
        ("/detokenize", "/detokenize"),
        ("/api/v1/chat/completions", "/v1/chat/completions"),
    ],
)
async def test_every_relayed_route_reaches_its_upstream_path(
    proxy: Proxy, path: str, upstream_path: str
) -> None:
    r = await proxy.client.post(path, json={"model": "tiny"})
    assert r.status_code == 200
    assert proxy.upstream.seen[-1].path == upstream_path


async def test_upstream_errors_pass_through_untouched(proxy: Proxy) -> None:
    r = await proxy.client.post(
        "/v1/chat/completions", json={"model": "tiny", "upstream_status": 400}
    )
    assert r.status_code == 400
    assert r.json()["error"]["type"] == "BadRequestError"


async def test_stream_chunks_arrive_before_the_upstream_finishes(proxy: Proxy) -> None:
    proxy.upstream.token_delay = 0.3
    body = {"model": "tiny", "stream": True, "max_tokens": 4}
    async with proxy.client.stream("POST", "/v1/chat/completions", json=body) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        chunks = r.aiter_raw()
        first = await anext(chunks)
        # The upstream (on this loop, so it cannot move on meanwhile) is still on its first
        # token: nothing waited for the whole answer.
        assert b'"i": 0' in first
        assert proxy.upstream.running == 1
        assert proxy.controller.in_flight["tiny"] == 1
        rest = b"".join([c async for c in chunks])
    assert rest.endswith(b"data: [DONE]\n\n")
    assert proxy.controller.in_flight["tiny"] == 0


async def test_client_disconnect_cancels_the_upstream_request(
    proxy: Proxy, caplog: pytest.LogCaptureFixture
) -> None:
    proxy.upstream.token_delay = 0.1
    body = {"model": "tiny", "stream": True, "max_tokens": 100}
    async with proxy.client.stream("POST", "/v1/chat/completions", json=body) as r:
        await anext(r.aiter_raw())
        assert proxy.upstream.running == 1
    # Leaving the block closes the connection mid-stream (10 s of tokens were left).
    for _ in range(100):
        if proxy.upstream.running == 0 and proxy.controller.in_flight["tiny"] == 0:
            break
        await asyncio.sleep(0.02)
    assert proxy.upstream.running == 0
    assert proxy.upstream.cancelled == 1
    assert proxy.controller.in_flight["tiny"] == 0
    # A client leaving is routine, not an error worth a traceback in the log.
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_upstream_dying_mid_stream_ends_with_an_error_event(proxy: Proxy) -> None:
    body = {"model": "tiny", "stream": True, "max_tokens": 5, "break_after": 2}
    r = await proxy.client.post("/v1/chat/completions", json=body)
    events = [line for line in r.text.split("\n\n") if line]
    assert events[:2] == ['data: {"i": 0}', 'data: {"i": 1}']
    last = json.loads(events[-1].removeprefix("data: "))
    assert last["error"]["code"] == "proxy.upstream_broke"
    # Words a user understands, not the HTTP client's exception.
    assert "stopped in the middle of its answer" in last["error"]["message"]
    assert "Error" not in last["error"]["message"]
    assert proxy.controller.in_flight["tiny"] == 0


async def test_child_dying_inside_a_sized_answer_is_a_502(proxy: Proxy) -> None:
    r = await proxy.client.post("/v1/chat/completions", json={"model": "tiny", "truncate": True})
    assert r.status_code == 502
    assert error_of(r)["code"] == "proxy.upstream_broke"


@pytest.mark.parametrize("upstream", [AiohttpUpstream, AppUpstream], ids=["aiohttp", "app"])
async def test_a_socket_the_child_closed_is_retried_once(upstream: type[AppUpstream]) -> None:
    async with running_proxy(upstream=upstream) as p:
        p.upstream.hangups = 1
        r = await p.client.post("/v1/chat/completions", json={"model": "tiny"})
        assert r.status_code == 200
        assert len(p.upstream.seen) == 2
        p.upstream.hangups = 5
        r = await p.client.post("/v1/chat/completions", json={"model": "tiny"})
        assert r.status_code == 502
        assert error_of(r)["code"] == "proxy.upstream_unreachable"
        assert len(p.upstream.seen) == 4  # one retry, not more


async def test_unreachable_child_is_a_502(proxy: Proxy) -> None:
    r = await proxy.client.post("/v1/chat/completions", json={"model": "dead"})
    assert r.status_code == 502
    err = error_of(r)
    assert err["code"] == "proxy.upstream_unreachable"
    assert "dead" in err["message"]
    assert proxy.controller.in_flight["dead"] == 0


# ---- server lifecycle -------------------------------------------------------------------


async def test_start_publishes_the_url_and_stop_the_end() -> None:
    async with running_proxy() as p:
        assert p.url.startswith("http://127.0.0.1:")
        assert not p.url.endswith(":0")
        started = [e for e in p.events if isinstance(e, ServerStateChanged)]
        assert started == [ServerStateChanged(running=True, url=p.url, ts=started[0].ts)]
        await p.server.stop()
        assert not p.server.running
        assert isinstance(p.events[-1], ServerStateChanged)
        assert p.events[-1].running is False
