"""The endpoint on the real runtime (controller, supervisor, registry) with the fake engine,
driven by the official openai client: load on first request, one start for many concurrent
first requests, streaming, and two models swapping under a small memory budget."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import openai
import pytest

from app.core.events import Event
from app.core.states import ProcessState
from app.runtime.runtime import Runtime
from tests.fakes.engine_runtime import fake_engine, make_runtime, starts


@pytest.fixture
async def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        settings={
            "engine.custom_command": fake_engine("--fake-token-delay", "0.01"),
            "ctx_size": 4096,
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
    assert rt.proxy is not None
    return openai.AsyncOpenAI(base_url=rt.proxy.url + "/v1", api_key="unused", max_retries=0)


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
        assert served.supervisor.info("user.a").state is ProcessState.STOPPED  # type: ignore[union-attr]
        again = await client.completions.create(model="user.a", prompt="z", max_tokens=2)
        assert again.model == "user.a"
        assert served.supervisor.info("user.b").state is ProcessState.STOPPED  # type: ignore[union-attr]
