"""The relay's trust rules in `vllm-tray serve` as a user runs it (issue 18 items 3, 7 and 8):
a remote on loopback that answers with a redirect to a loopback-only "secret" service (which
must see no request), a query string that must arrive byte for byte, and `n` / `best_of`
bounded by the setting proxy.max_n, changed with `vllm-tray config set` as a user does."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import httpx
import pytest
from aiohttp import web

from tests.fakes.engine_runtime import make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port, run_cli

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class LoopbackServer:
    """An aiohttp app on 127.0.0.1 in a thread of its own (the test itself is synchronous);
    `seen` holds each request's method and target as it arrived."""

    def __init__(self, routes: dict[str, Handler]) -> None:
        self.seen: list[str] = []
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._routes = routes
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._start())
        self._ready.set()
        self._loop.run_forever()

    async def _start(self) -> None:
        async def dispatch(request: web.Request) -> web.StreamResponse:
            self.seen.append(f"{request.method} {request.raw_path}")
            await request.read()
            handler = self._routes.get(request.path)
            if handler is None:
                return web.json_response({"detail": "Not Found"}, status=404)
            return await handler(request)

        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    def close(self) -> None:
        async def stop() -> None:
            if self._runner is not None:
                await self._runner.cleanup()

        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()


@pytest.fixture
def secret() -> Iterator[LoopbackServer]:
    """A service that answers only on loopback: what a redirect must never reach."""

    async def answer(request: web.Request) -> web.StreamResponse:
        return web.json_response({"secret": "only for this machine"})

    server = LoopbackServer({"/v1/chat/completions": answer, "/admin": answer})
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def edge(secret: LoopbackServer) -> Iterator[LoopbackServer]:
    """A remote vLLM server whose chat route redirects to the secret service; its other
    routes answer and record what they got."""

    async def models(request: web.Request) -> web.StreamResponse:
        card = {"id": "m1", "object": "model", "owned_by": "vllm", "max_model_len": 2048}
        return web.json_response({"object": "list", "data": [card]})

    async def redirect(request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound(secret.url + "/admin")

    async def complete(request: web.Request) -> web.StreamResponse:
        choice = {"index": 0, "text": "ok", "finish_reason": "length"}
        return web.json_response({"object": "text_completion", "choices": [choice]})

    server = LoopbackServer(
        {"/v1/models": models, "/v1/chat/completions": redirect, "/v1/completions": complete}
    )
    try:
        yield server
    finally:
        server.close()


class Serve:
    """`vllm-tray serve` with `edge` as its remote "edge"; restartable, as a user restarts
    it after `vllm-tray config set`."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edge_url: str) -> None:
        self.port = free_port()
        make_runtime(tmp_path, monkeypatch, models=(), settings={"proxy.port": self.port})
        self.home = tmp_path / "home"
        remotes = {"remotes": [{"name": "edge", "url": edge_url}]}
        (self.home / "remotes.json").write_text(json.dumps(remotes))
        self.env = {"HF_HUB_CACHE": str(tmp_path / "hub")}
        self.process = ServeProcess(self.home, self.port, self.env)

    def restart(self) -> None:
        assert self.process.stop() == 0, "".join(self.process.lines[-30:])
        self.process = ServeProcess(self.home, self.port, self.env)

    def config_set(self, *pairs: str) -> None:
        done = run_cli(self.home, "config", "set", *pairs, env=self.env)
        assert done.returncode == 0, done.stderr

    def post(self, path: str, body: dict[str, object]) -> httpx.Response:
        return httpx.post(self.process.url + path, json=body, timeout=30)


@pytest.fixture
def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edge: LoopbackServer) -> Iterator[Serve]:
    running = Serve(tmp_path, monkeypatch, edge.url)
    try:
        yield running
    finally:
        assert running.process.stop() == 0, "".join(running.process.lines[-30:])


def test_a_remotes_redirect_is_an_error_and_the_secret_service_sees_nothing(
    serve: Serve, edge: LoopbackServer, secret: LoopbackServer
) -> None:
    chat = {"model": "edge/m1", "messages": [{"role": "user", "content": "hi"}]}
    for stream in (False, True):
        r = serve.post("/v1/chat/completions", {**chat, "stream": stream})
        assert r.status_code == 502
        error = r.json()["error"]
        assert error["code"] == "proxy.upstream_redirect"
        assert (
            ". " not in error["message"] and "does not follow" in error["message"]
        )  # one sentence
        assert "only for this machine" not in r.text
    assert edge.seen.count("POST /v1/chat/completions") == 2
    assert secret.seen == []


def test_the_query_reaches_the_remote_byte_for_byte(serve: Serve, edge: LoopbackServer) -> None:
    raw = "a=1%262&b=%2F%3D&c=%C3%A9&d=x+y&e"
    r = serve.post(f"/v1/completions?{raw}", {"model": "edge/m1", "prompt": "x"})
    assert r.status_code == 200, r.text
    assert f"POST /v1/completions?{raw}" in edge.seen


def test_n_and_best_of_are_bounded_by_the_setting(serve: Serve, edge: LoopbackServer) -> None:
    body = {"model": "edge/m1", "prompt": "x"}
    for field, value in (("n", 17), ("best_of", 17), ("n", 10**9)):
        r = serve.post("/v1/completions", {**body, field: value})
        assert r.status_code == 400
        error = r.json()["error"]
        assert (error["code"], error["param"]) == ("proxy.too_many_choices", field)
        assert "at most 16" in error["message"] and "proxy.max_n" in error["message"]
    assert not any("completions" in line for line in edge.seen)  # refused before the relay
    assert serve.post("/v1/completions", {**body, "n": 16}).status_code == 200

    serve.config_set("proxy.max_n=32")
    serve.restart()  # the endpoint's limits apply when it starts again
    assert serve.post("/v1/completions", {**body, "n": 17}).status_code == 200
    r = serve.post("/v1/completions", {**body, "best_of": 33})
    assert r.status_code == 400 and "at most 32" in r.json()["error"]["message"]
    assert edge.seen.count("POST /v1/completions") == 2
