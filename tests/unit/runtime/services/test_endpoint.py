"""EndpointService.find_running: the one rule for "is vLLM Tray running with this
configuration" that `bench`, `tune`, `batch run` and `chat` use before starting an endpoint
of their own. Each server here is a small aiohttp app on loopback shaped like the real one:
one that knows the configuration's instance secret answers the challenge as the app does
(app.proxy.instance); a squatter does not, and gets neither the key nor a prompt."""

from __future__ import annotations

import asyncio
import json
import os
import stat
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import psutil
import pytest
from aiohttp import web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.events import EventBus
from app.core.problems.problems import ProblemError
from app.core.settings.settings import Settings
from app.proxy.instance import new_secret, prove
from app.proxy.server import ProxyServer
from app.runtime.api.values import Endpoint
from app.runtime.services.endpoint import PROBE_ANSWER_S, EndpointService, port_held
from tests.fakes.port_squatter import PortSquatter
from tests.fakes.remote_servers import free_port
from tests.unit.proxy.test_server import FakeController

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

    async def start(
        routes: dict[str, Handler], api_key: str | None = None, *, proves: bool = True
    ) -> EndpointService:
        """`proves`: the server knows the secret in the configuration's state folder."""
        secret = new_secret()
        app = web.Application()
        for path, handler in routes.items():
            app.router.add_get(path, handler)
        if proves:

            async def instance(request: web.Request) -> web.Response:
                proof = prove(secret, request.query["challenge"], port)
                return web.json_response({"object": "vllm-tray.instance", "proof": proof})

            app.router.add_get("/api/v1/instance", instance)
        runner = web.AppRunner(app)
        await runner.setup()
        runners.append(runner)
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        settings = Settings(tmp_path / f"settings-{port}.json")
        settings.set("proxy.host", "127.0.0.1")
        settings.set("proxy.port", port)
        secret_file = tmp_path / f"endpoint-{port}.secret"
        secret_file.write_text(secret)

        def no_proxy(host: str, port: int) -> ProxyServer:
            raise AssertionError("find_running never starts an endpoint")

        return EndpointService(
            settings=settings, api_key=lambda: api_key, make_proxy=no_proxy, secret_file=secret_file
        )

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
        },
        proves=False,
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


# -- a squatter on the port ------------------------------------------------------------------
SQUATTER_CODES = ("endpoint.port_held", "endpoint.port_held_by")


def squatted(tmp_path: Path, squatter: PortSquatter, secret: str | None) -> EndpointService:
    """This configuration, its port held by `squatter`; `secret`: what its state folder holds
    (the app ran there before, or another app of it runs elsewhere)."""
    settings = Settings(tmp_path / "settings.json")
    settings.set("proxy.host", "127.0.0.1")
    settings.set("proxy.port", squatter.port)
    secret_file = tmp_path / "endpoint.secret"
    if secret is not None:
        secret_file.write_text(secret)

    def no_proxy(host: str, port: int) -> ProxyServer:
        raise AssertionError("find_running never starts an endpoint")

    return EndpointService(
        settings=settings, api_key=lambda: "k3y", make_proxy=no_proxy, secret_file=secret_file
    )


@pytest.mark.parametrize("secret", [None, new_secret()], ids=["no secret", "a secret"])
async def test_a_squatter_that_says_it_is_vllm_tray_gets_no_key_and_is_named(
    tmp_path: Path, secret: str | None
) -> None:
    with PortSquatter() as squatter, pytest.raises(ProblemError) as held:
        await squatted(tmp_path, squatter, secret).find_running()
    assert squatter.seen, "the squatter was asked"
    assert squatter.authorizations() == []
    assert held.value.problem.code == "endpoint.port_held_by"
    params = held.value.problem.params
    assert params["pid"] == os.getpid()  # the squatter is this test's own process
    assert params["name"] == psutil.Process().name()
    assert f"{params['name']}, pid {os.getpid()}" in held.value.problem.english()


async def test_the_proof_of_another_secret_or_a_replayed_one_is_refused(tmp_path: Path) -> None:
    secret = new_secret()
    with PortSquatter() as squatter:
        endpoint = squatted(tmp_path, squatter, secret)
        for answer in (
            prove(new_secret(), "a" * 64, squatter.port),  # another app's secret
            prove(secret, "b" * 64, squatter.port),  # recorded for another challenge
        ):
            squatter.answers["/api/v1/instance"] = (200, json.dumps({"proof": answer}).encode())
            with pytest.raises(ProblemError) as held:
                await endpoint.find_running()
            assert held.value.problem.code in SQUATTER_CODES
    assert squatter.authorizations() == []


def test_a_program_of_another_user_is_another_program() -> None:
    problem = port_held("http://127.0.0.1:1", 1)  # nothing of ours listens on port 1
    assert problem.code == "endpoint.port_held"
    assert problem.english().startswith("Another program holds port 1, ")


def json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.text(max_size=20), st.just("vllm-tray")
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.sampled_from(["proof", "data", "owned_by", "object", "status", "id"]),
                inner,
                max_size=4,
            ),
        ),
        max_leaves=12,
    )


ANSWERS = st.tuples(
    st.sampled_from([200, 401, 404, 500]),
    st.one_of(
        json_values().map(lambda v: json.dumps(v).encode()),
        st.binary(max_size=200),
        st.just(b"[" * 100_000),
    ),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instance=ANSWERS, models=ANSWERS)
def test_whatever_a_squatter_answers_it_is_never_trusted(
    tmp_path_factory: pytest.TempPathFactory,
    instance: tuple[int, bytes],
    models: tuple[int, bytes],
) -> None:
    secret = new_secret()
    with PortSquatter() as squatter:
        squatter.answers["/api/v1/instance"] = instance
        squatter.answers["/v1/models"] = models
        endpoint = squatted(tmp_path_factory.mktemp("conf"), squatter, secret)
        try:
            found = asyncio.run(endpoint.find_running())
        except ProblemError as exc:
            assert exc.problem.code in SQUATTER_CODES
        else:
            assert found is None
    assert squatter.authorizations() == []


# -- the app's side: the secret while it serves this configuration's port ---------------------
def real_endpoint(tmp_path: Path, port: int, override: int | None = None) -> EndpointService:
    settings = Settings(tmp_path / "settings.json")
    settings.set("proxy.host", "127.0.0.1")
    settings.set("proxy.port", port)

    def make_proxy(host: str, port: int) -> ProxyServer:
        return ProxyServer(
            FakeController("http://127.0.0.1:9"), None, EventBus(), host=host, port=port
        )

    return EndpointService(
        settings=settings,
        api_key=lambda: "k3y",
        make_proxy=make_proxy,
        secret_file=tmp_path / "run" / "endpoint.secret",
        port=override,
    )


async def test_the_app_on_its_port_holds_a_private_secret_until_it_stops(tmp_path: Path) -> None:
    port = free_port()
    app = real_endpoint(tmp_path, port)
    secret_file = tmp_path / "run" / "endpoint.secret"
    await app.start()
    try:
        assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
        cli = real_endpoint(tmp_path, port)
        assert await cli.find_running() == Endpoint(app.configured_url(), "k3y")
    finally:
        await app.stop()
    assert not secret_file.exists()


async def test_an_endpoint_on_another_port_writes_no_secret(tmp_path: Path) -> None:
    """A command's own endpoint on a free port is not this configuration's endpoint."""
    app = real_endpoint(tmp_path, free_port(), override=0)
    await app.start()
    await app.stop()
    assert not (tmp_path / "run" / "endpoint.secret").exists()
