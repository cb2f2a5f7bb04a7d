"""The endpoint on the real runtime (controller, supervisor, registry) with the fake engine,
driven by the official openai client: load on first request, one start for many concurrent
first requests, streaming, and two models swapping under a small memory budget."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import openai
import pytest

from app.core.events import Event
from app.core.states import ProcessState
from app.runtime.composition.runtime import Runtime
from tests.fakes.engine_runtime import fake_engine, make_runtime, starts
from tests.harness import internals, process
from tests.waiting import until


@pytest.fixture
async def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        settings={
            "engine.custom_command": fake_engine("--fake-token-delay", "0.01"),
            "models.ctx_size": 4096,
            "memory.budget_gb": 0.006,  # room for one tiny model, not two
        },
        proxy_port=0,
    )
    await rt.start(serve=True)
    try:
        yield rt
    finally:
        await rt.stop()


def client_for(rt: Runtime) -> openai.AsyncOpenAI:
    assert rt.services.endpoint.url is not None
    return openai.AsyncOpenAI(
        base_url=rt.services.endpoint.url + "/v1", api_key="unused", max_retries=0
    )


async def test_list_chat_stream_and_shared_first_load(served: Runtime) -> None:
    events: list[Event] = []
    served.bus.subscribe(events.append)
    async with client_for(served) as client:
        ids = [m.id for m in (await client.models.list()).data]
        assert "user.a" in ids and "Qwen3.5-0.8B-FP16-vLLM" in ids

        async def chat() -> str:
            reply = await client.chat.completions.create(
                model="user.a", messages=[{"role": "user", "content": "hi"}], max_tokens=4
            )
            assert reply.model == "user.a"
            return reply.choices[0].message.content or ""

        answers = await asyncio.gather(*(chat() for _ in range(8)))
        assert all(answers)
        assert starts(events, "user.a") == 1  # eight first requests, one start

        stream = await client.chat.completions.create(
            model="user.a",
            messages=[{"role": "user", "content": "count"}],
            max_tokens=6,
            stream=True,
        )
        pieces = [c.choices[0].delta.content async for c in stream if c.choices]
        assert len([p for p in pieces if p]) >= 2

        with pytest.raises(openai.NotFoundError) as err:
            await client.chat.completions.create(
                model="Qwen3.5-0.8B-FP16-vLLM", messages=[{"role": "user", "content": "x"}]
            )
        assert "vllm-tray pull" in str(err.value)


async def test_two_models_swap_under_a_small_budget(served: Runtime) -> None:
    async with client_for(served) as client:
        first = await client.completions.create(model="user.a", prompt="x", max_tokens=2)
        assert first.model == "user.a"
        second = await client.completions.create(model="user.b", prompt="y", max_tokens=2)
        assert second.model == "user.b"
        assert served.services.views.row("user.a").process is ProcessState.STOPPED
        again = await client.completions.create(model="user.a", prompt="z", max_tokens=2)
        assert again.model == "user.a"
        assert served.services.views.row("user.b").process is ProcessState.STOPPED


async def test_a_request_sent_to_a_hung_engine_is_answered_by_its_replacement(
    served: Runtime,
) -> None:
    """Issue 11: a SIGSTOPped child is caught by the health checks and replaced; a request
    that reached it meanwhile (it accepted the connection, then never answered) waits for the
    replacement instead of failing, and so does one that arrives while it restarts."""
    import os
    import signal
    import time

    async with client_for(served) as client:
        await client.completions.create(model="user.a", prompt="hi", max_tokens=2)
        info = process(served, "user.a")
        assert info is not None and info.pid is not None
        os.kill(info.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            sent_to_the_hung_one = asyncio.create_task(
                client.completions.create(model="user.a", prompt="hi", max_tokens=2)
            )
            # It is in the relay to the hung child before the second one is sent.
            await until(lambda: served.services.models.usage()["user.a"]["in_flight"] == 1)
            second = asyncio.create_task(
                client.completions.create(model="user.a", prompt="hi", max_tokens=2)
            )
            answers = await asyncio.wait_for(asyncio.gather(sent_to_the_hung_one, second), 60)
        finally:
            with contextlib.suppress(ProcessLookupError):  # killed as hung, as it should be
                os.kill(info.pid, signal.SIGCONT)
    assert all(a.choices[0].text for a in answers)
    replaced = process(served, "user.a")
    assert replaced is not None and replaced.pid != info.pid
    assert replaced.restarts >= 1
    # Timing is the behaviour: caught within the supervisor's bound (about 9 s), plus a fake
    # engine's quick start.
    assert time.monotonic() - started < 30


def test_the_endpoints_limits_come_from_the_settings(served: Runtime) -> None:
    assert served.services.endpoint.url is not None
    limits = internals(served).endpoint.proxy.limits
    assert limits.max_connections == 512 and limits.header_timeout_s == 10.0
    internals(served).settings.set_many(
        {
            "proxy.upstream_first_byte_timeout_s": 0,
            "proxy.max_body_mb": 64,
            "proxy.body_budget_mb": 256,
        }
    )
    from app.runtime.composition.runtime import proxy_limits

    changed = proxy_limits(internals(served).settings)
    assert changed.upstream_first_byte_timeout_s is None  # 0: wait for ever
    assert changed.max_body_bytes == 64 * 2**20 and changed.body_budget_bytes == 256 * 2**20


async def test_a_body_budget_below_the_largest_request_is_refused(served: Runtime) -> None:
    from app.core.problems.problems import ProblemError

    with pytest.raises(ProblemError) as err:
        await served.services.config.set_settings({"proxy.max_body_mb": 256})
    assert err.value.problem.code == "settings.body_budget_below_max_body"
    assert served.services.config.is_default("proxy.max_body_mb")


async def test_a_crash_loop_shows_in_health(served: Runtime) -> None:
    import httpx

    from app.core.models.registry import ModelOptions

    await served.services.models.set_options(
        "user.b", ModelOptions(vllm_args="--fake-fail engine_dead")
    )
    assert served.services.endpoint.url is not None
    async with httpx.AsyncClient(base_url=served.services.endpoint.url, timeout=60) as client:
        for _ in range(3):
            reply = await client.post(
                "/v1/completions", json={"model": "user.b", "prompt": "hi", "max_tokens": 2}
            )
            assert reply.status_code >= 500
        health = (await client.get("/v1/health")).json()
    (card,) = [m for m in health["models"] if m["model_name"] == "user.b"]
    assert card["state"] == "fatal" and card["failures"] == 3
    assert card["problem"]["code"] == "load.given_up"
    assert "3" in card["problem"]["message"]  # says how many times it failed


async def test_pulling_a_folder_checks_then_registers_it_and_tells_the_window(
    served: Runtime, tmp_path: Path
) -> None:
    """POST /api/v1/pull with a local folder is the window's and the CLI's use case
    (ModelService.pull): the folder is checked before anything is registered, then
    registered once and announced (RegistryChanged: the window's list picks it up), and its
    "download" completes at once: the folder is used in place."""
    import httpx

    from app.core.events import RegistryChanged
    from tests.fakes.engine_runtime import make_model_folder

    seen: list[Event] = []
    served.bus.subscribe(seen.append)
    await served.services.config.set_secret("api_key", "k3y")  # registering needs the key
    (tmp_path / "empty").mkdir()
    folder = make_model_folder(tmp_path / "new")
    url = served.services.endpoint.url
    assert url is not None
    headers = {"Authorization": "Bearer k3y"}
    async with httpx.AsyncClient(base_url=url, timeout=60, headers=headers) as client:

        async def pull(checkpoint: Path) -> httpx.Response:
            body = {"model_name": "user.new", "checkpoint": str(checkpoint), "stream": False}
            return await client.post("/api/v1/pull", json=body)

        refused = await pull(tmp_path / "empty")
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "models.local_invalid"
        listed = (await client.get("/v1/models")).json()["data"]
        assert "user.new" not in [card["id"] for card in listed]
        used = await pull(folder)
        assert used.status_code == 200, used.text
        cards = {card["id"]: card for card in (await client.get("/v1/models")).json()["data"]}
    assert cards["user.new"]["downloaded"] is True
    assert any(isinstance(e, RegistryChanged) and e.model_id == "user.new" for e in seen)
