"""The engine runtime with the fake engine: load on demand, shared starts, VRAM-aware swapping,
in-flight protection, idle unload, applying a diagnosed fix, and the facade the GUI uses."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from app.core.events import Event, ProcessStateChanged
from app.core.problems import ProblemError
from app.core.states import ProcessState
from app.runtime.runtime import Runtime, RuntimeOptions
from tests.fakes.engine_runtime import fake_engine, make_runtime, starts


@pytest.fixture
async def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    # room for one tiny model (4 MiB of KV cache at ctx 4096) but not two
    rt = make_runtime(tmp_path, monkeypatch, settings={"ctx_size": 4096, "memory.budget_gb": 0.006})
    await rt.start(serve=False)
    try:
        yield rt
    finally:
        await rt.stop()


async def test_concurrent_first_requests_share_one_start(runtime: Runtime) -> None:
    events: list[Event] = []
    runtime.bus.subscribe(events.append)
    backends = await asyncio.gather(*(runtime.controller.load("user.a") for _ in range(6)))
    assert {b.base_url for b in backends} == {backends[0].base_url}
    assert starts(events, "user.a") == 1
    async with httpx.AsyncClient() as client:
        reply = await client.post(
            f"{backends[0].base_url}/v1/completions",
            json={"model": "user.a", "prompt": "hi", "max_tokens": 3},
        )
    assert reply.status_code == 200
    argv = backends[0].command
    assert argv[argv.index("--served-model-name") + 1] == "user.a"
    assert argv[argv.index("--max-model-len") + 1] == "4096"


async def test_swap_unloads_least_recently_used_idle_model(runtime: Runtime) -> None:
    await runtime.controller.load("user.a")
    await runtime.controller.load("user.b")  # does not fit beside a: a is unloaded first
    assert runtime.supervisor.info("user.a").state is ProcessState.STOPPED  # type: ignore[union-attr]
    assert runtime.supervisor.info("user.b").state is ProcessState.RUNNING  # type: ignore[union-attr]


async def test_swap_waits_for_in_flight_requests(runtime: Runtime) -> None:
    order: list[str] = []
    busy = asyncio.Event()

    async def busy_a() -> None:
        async with runtime.controller.use("user.a"):
            order.append("a busy")
            busy.set()
            await asyncio.sleep(0.5)
            order.append("a done")

    task = asyncio.create_task(busy_a())
    await busy.wait()
    await runtime.controller.load("user.b")
    order.append("b loaded")
    await task
    assert order == ["a busy", "a done", "b loaded"]


async def test_model_that_cannot_fit_says_so(runtime: Runtime) -> None:
    runtime.settings.set("memory.budget_gb", 0.001)
    with pytest.raises(ProblemError) as err:
        await runtime.controller.load("user.a")
    assert err.value.problem.code == "load.no_room"


async def test_idle_ttl_unloads(runtime: Runtime) -> None:
    now = [1000.0]
    runtime.controller._clock = lambda: now[0]  # a test clock
    await runtime.controller.load("user.a")
    runtime.settings.set("idle_ttl_min", 1)
    assert await runtime.controller.unload_idle() == []
    now[0] += 61
    assert await runtime.controller.unload_idle() == ["user.a"]
    assert runtime.supervisor.info("user.a").state is ProcessState.STOPPED  # type: ignore[union-attr]


async def test_not_downloaded_and_unknown(runtime: Runtime) -> None:
    with pytest.raises(ProblemError) as err:
        await runtime.controller.load("Qwen3.5-0.8B-FP16-vLLM")
    assert err.value.problem.code == "models.not_downloaded"
    assert "vllm-tray pull" in err.value.problem.english()
    with pytest.raises(ProblemError) as err:
        await runtime.controller.load("nope")
    assert err.value.problem.code == "models.unknown"


async def test_diagnosed_fix_applies_and_retry_succeeds(runtime: Runtime) -> None:
    from app.runtime.facade import apply_fix

    runtime.settings.set("engine.custom_command", fake_engine("--fake-fail", "kv_cache"))
    with pytest.raises(ProblemError) as err:
        await runtime.controller.load("user.a")
    found = err.value.problem
    assert found.code == "load.kv_cache_too_small"
    assert found.fix is not None and found.fix.target == "ctx_size"
    await apply_fix(runtime, "user.a", found.fix)
    assert runtime.registry.options("user.a").ctx_size == found.fix.value
    runtime.settings.set("engine.custom_command", fake_engine())
    backend = await runtime.controller.load("user.a")
    assert backend.ctx_size == found.fix.value


async def test_racing_first_requests_for_two_models_never_overcommit(runtime: Runtime) -> None:
    alive: set[str] = set()
    most = [0]

    def track(event: Event) -> None:
        if isinstance(event, ProcessStateChanged):
            if event.new is ProcessState.STARTING:
                alive.add(event.model_id)
            elif event.new in (ProcessState.STOPPED, ProcessState.FATAL, ProcessState.EXITED):
                alive.discard(event.model_id)
            most[0] = max(most[0], len(alive))

    runtime.bus.subscribe(track)

    async def ask(model: str) -> str:
        async with runtime.controller.use(model) as backend:
            await asyncio.sleep(0.2)  # a request being answered
            return backend.model_id

    # Room for one: b waits for a's start and a's request, then a is swapped out (or the
    # other way round) — both are answered and the budget is never exceeded.
    assert sorted(await asyncio.gather(ask("user.a"), ask("user.b"))) == ["user.a", "user.b"]
    assert most[0] == 1


async def test_fatal_model_does_not_evict_healthy_ones(runtime: Runtime) -> None:
    runtime.settings.set("engine.custom_command", fake_engine("--fake-fail", "engine_dead"))
    for _ in range(6):  # fails until the supervisor gives up on it (FATAL)
        with pytest.raises(ProblemError):
            await runtime.controller.load("user.b")
        if runtime.supervisor.info("user.b").state is ProcessState.FATAL:  # type: ignore[union-attr]
            break
    assert runtime.supervisor.info("user.b").state is ProcessState.FATAL  # type: ignore[union-attr]
    runtime.settings.set("engine.custom_command", fake_engine())
    await runtime.controller.load("user.a")
    with pytest.raises(ProblemError) as err:
        await runtime.controller.load("user.b")  # given up on until reset: refused at once
    assert err.value.problem.code == "load.given_up"
    assert err.value.problem.params["cause_code"] == "load.engine_dead"
    assert runtime.supervisor.info("user.a").state is ProcessState.RUNNING  # type: ignore[union-attr]


async def test_api_key_and_allowed_hosts_apply_to_the_running_endpoint(
    runtime: Runtime,
) -> None:
    runtime.options = RuntimeOptions(sample_gpu=False, proxy_port=0)
    await runtime.start_server()
    assert runtime.proxy is not None
    url = runtime.proxy.url
    async with httpx.AsyncClient(base_url=url) as client:
        assert (await client.get("/v1/models")).status_code == 200
        await runtime.set_secret("api_key", "s3cret")
        assert (await client.get("/v1/models")).status_code == 401
        ok = await client.get("/v1/models", headers={"Authorization": "Bearer s3cret"})
        assert ok.status_code == 200
        headers = {"Authorization": "Bearer s3cret", "Host": "box.lan"}
        assert (await client.get("/v1/models", headers=headers)).status_code == 403
        runtime.settings.set("proxy.allowed_hosts", "box.lan")
        assert (await client.get("/v1/models", headers=headers)).status_code == 200
        await runtime.set_secret("api_key", None)
        assert (await client.get("/v1/models")).status_code == 200


async def test_pull_of_a_missing_repo_leaves_no_registration(
    runtime: Runtime, tmp_path: Path
) -> None:
    from tests.fakes.fake_hub import FakeHub

    with FakeHub() as hub:
        (tmp_path / "repos").mkdir()
        runtime.downloads._endpoint = hub.start(tmp_path / "repos")  # a test hub
        with pytest.raises(ProblemError) as err:
            await runtime.pull("typo", "org/does-not-exist")
    # Like the real hub, the fake cannot tell a missing repo from a private one.
    assert err.value.problem.code == "downloads.gated"
    assert err.value.problem.params["reason"] == "private_or_missing"
    assert runtime.registry.find("user.typo") is None


async def test_launch_environment(runtime: Runtime, tmp_path: Path) -> None:
    await runtime.set_secret("hf_token", "hf_abc")
    spec = runtime.launch_spec("user.a")
    assert spec.env["HF_TOKEN"] == "hf_abc"
    assert spec.env["PYTHONNOUSERSITE"] == "1"
    assert spec.env["HF_HUB_CACHE"] == str(tmp_path / "hub")
    assert spec.model_path == str(tmp_path / "a")
    assert "--gpu-memory-utilization" in spec.args  # the global setting, as a flag
