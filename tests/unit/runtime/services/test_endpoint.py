"""EndpointService.find_running: the one rule for "is vLLM Tray running with this
configuration" that `bench`, `tune`, `batch run` and `chat` use before starting an endpoint
of their own. Each server here is a small aiohttp app on loopback shaped like the real one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from app.core.problems import ProblemError
from app.core.settings import Settings
from app.proxy.server import ProxyServer
from app.runtime.services.endpoint import PROBE_ANSWER_S, Endpoint, EndpointService

TRAY_CARD = {"id": "user.a", "object": "model", "owned_by": "vllm-tray", "state": "stopped"}
# Lemonade answers /v1/health in the shape vLLM Tray copies (all_models_loaded), and its
# model cards are its own.
LEMONADE_HEALTH = {"status": "ok", "model_loaded": None, "all_models_loaded": []}
LEMONADE_CARD = {"id": "Qwen3-0.6B-GGUF", "object": "model", "owned_by": "lemonade"}

Handler = Callable[[web.Request], Any]


def json_handler(body: object, status: int = 200, delay_s: float = 0.0) -> Handler:
    async def handler(request: web.Request) -> web.Response:
        if delay_s:
            await asyncio.sleep(delay_s)
        return web.json_response(body, status=status)

    return handler


@pytest.fixture
async def serve(tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    """Start an aiohttp app on a free loopback port; returns the EndpointService of a
    configuration whose endpoint is that port."""
    runners: list[web.AppRunner] = []

    async def start(routes: dict[str, Handler], api_key: str | None = None) -> EndpointService:
        app = web.Application()
        for path, handler in routes.items():
            app.router.add_get(path, handler)
        runner = web.AppRunner(app)
        await runner.setup()
        runners.append(runner)
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        settings = Settings(tmp_path / f"settings-{port}.json")
        settings.set("proxy.host", "127.0.0.1")
        settings.set("proxy.port", port)

        def no_proxy(host: str, port: int) -> ProxyServer:
            raise AssertionError("find_running never starts an endpoint")

        return EndpointService(settings=settings, api_key=lambda: api_key, make_proxy=no_proxy)

    yield start
    for runner in runners:
        await runner.cleanup()


async def test_a_vllm_tray_is_found_by_live_and_its_model_cards(serve: Any) -> None:
    endpoint = await serve(
        {
            "/live": json_handler({"status": "ok"}),
            "/v1/models": json_handler({"object": "list", "data": [TRAY_CARD]}),
        },
        api_key="k3y",
    )
    found = await endpoint.find_running()
    assert found == Endpoint(endpoint.configured_url(), "k3y")


async def test_a_slow_health_does_not_hide_a_running_vllm_tray(serve: Any) -> None:
    """/v1/health reads the engine's release, which can take longer than the probe on a
    first reading; the rule never asks it, so bench does not start a second app."""
    endpoint = await serve(
        {
            "/live": json_handler({"status": "ok"}),
            "/v1/models": json_handler({"object": "list", "data": [TRAY_CARD]}),
            "/v1/health": json_handler(LEMONADE_HEALTH, delay_s=PROBE_ANSWER_S * 1.5),
        }
    )
    assert await endpoint.find_running() is not None


async def test_a_vllm_tray_slow_to_answer_on_a_busy_machine_is_still_found(serve: Any) -> None:
    """Taken for "none" after 2 s, a busy vLLM Tray had a second app started beside it."""
    endpoint = await serve(
        {
            "/live": json_handler({"status": "ok"}, delay_s=3.0),
            "/v1/models": json_handler({"object": "list", "data": [TRAY_CARD]}, delay_s=3.0),
        }
    )
    assert await endpoint.find_running() is not None


async def test_lemonade_on_the_port_is_not_taken_for_vllm_tray(serve: Any) -> None:
    endpoint = await serve(
        {
            "/live": json_handler({"status": "ok"}),
            "/v1/health": json_handler(LEMONADE_HEALTH),
            "/v1/models": json_handler({"object": "list", "data": [LEMONADE_CARD]}),
        }
    )
    assert await endpoint.find_running() is None


async def test_nothing_there_or_no_live_answer_is_none(serve: Any) -> None:
    endpoint = await serve({"/v1/models": json_handler({"object": "list", "data": [TRAY_CARD]})})
    assert await endpoint.find_running() is None


async def test_a_vllm_tray_that_refuses_the_key_is_said(serve: Any) -> None:
    endpoint = await serve(
        {
            "/live": json_handler({"status": "ok"}),
            "/v1/models": json_handler({"error": {"message": "bad key"}}, status=401),
        },
        api_key="wrong",
    )
    with pytest.raises(ProblemError) as refused:
        await endpoint.find_running()
    assert refused.value.problem.code == "endpoint.refused_key"
    assert endpoint.configured_url() in refused.value.problem.english()
