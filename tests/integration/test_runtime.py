"""The engine runtime with the fake engine: load on demand, shared starts, VRAM-aware swapping,
in-flight protection, idle unload, applying a diagnosed fix, and the facade the GUI uses."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from app.core.events import Event, ProcessStateChanged
from app.core.models.registry import ModelOptions, Registry
from app.core.problems.problems import ProblemError
from app.core.states import ProcessState
from app.runtime.composition.runtime import Runtime
from app.supervisor.protocol import Start
from tests.fakes.engine_runtime import fake_engine, make_runtime, starts
from tests.harness import App, internals, process, request
from tests.turns import handled, watching


@pytest.fixture
async def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    # room for one tiny model (4 MiB of KV cache at ctx 4096) but not two
    rt = make_runtime(
        tmp_path, monkeypatch, settings={"models.ctx_size": 4096, "memory.budget_gb": 0.006}
    )
    await rt.start(serve=False)
    try:
        yield rt
    finally:
        await rt.stop()


async def test_concurrent_first_requests_share_one_start(runtime: Runtime) -> None:
    events: list[Event] = []
    runtime.bus.subscribe(events.append)
    backends = await asyncio.gather(*(runtime.services.models.load("user.a") for _ in range(6)))
    assert {b.base_url for b in backends} == {backends[0].base_url}
    assert starts(events, "user.a") == 1
    async with httpx.AsyncClient() as client:
        request = {"model": "user.a", "prompt": "hi", "max_tokens": 3}
        url = f"{backends[0].base_url}/v1/completions"
        # The child answers only with its own key, which only the endpoint's relay sends.
        assert (await client.post(url, json=request)).status_code == 401
        key = {"Authorization": f"Bearer {backends[0].api_key}"}
        reply = await client.post(url, json=request, headers=key)
    assert reply.status_code == 200
    argv = backends[0].command
    assert argv[argv.index("--served-model-name") + 1] == "user.a"
    assert argv[argv.index("--max-model-len") + 1] == "4096"


async def test_swap_unloads_least_recently_used_idle_model(runtime: Runtime) -> None:
    await runtime.services.models.load("user.a")
    await runtime.services.models.load("user.b")  # does not fit beside a: a is unloaded first
    assert runtime.services.views.row("user.a").process is ProcessState.STOPPED
    assert runtime.services.views.row("user.b").process is ProcessState.RUNNING


async def test_swap_waits_for_in_flight_requests(runtime: Runtime) -> None:
    order: list[str] = []
    busy = asyncio.Event()

    async def busy_a() -> None:
        async with runtime.services.models.use("user.a"):
            order.append("a busy")
            busy.set()
            await asyncio.sleep(0.5)
            order.append("a done")

    task = asyncio.create_task(busy_a())
    await busy.wait()
    await runtime.services.models.load("user.b")
    order.append("b loaded")
    await task
    assert order == ["a busy", "a done", "b loaded"]


async def test_model_that_cannot_fit_says_so(runtime: Runtime) -> None:
    await runtime.services.config.set_settings({"memory.budget_gb": 0.001})
    with pytest.raises(ProblemError) as err:
        await runtime.services.models.load("user.a")
    assert err.value.problem.code == "load.no_room"


async def test_idle_ttl_unloads(runtime: Runtime) -> None:
    now = [1000.0]
    internals(runtime).controller._clock = lambda: now[0]  # a test clock
    await runtime.services.models.load("user.a")
    # As `config set` and the dialog do:
    await runtime.services.config.set_settings({"models.idle_ttl_min": "1"})
    assert await internals(runtime).controller.unload_idle() == []
    now[0] += 61
    assert await internals(runtime).controller.unload_idle() == ["user.a"]
    assert runtime.services.views.row("user.a").process is ProcessState.STOPPED


async def test_not_downloaded_and_unknown(runtime: Runtime) -> None:
    with pytest.raises(ProblemError) as err:
        await runtime.services.models.load("Qwen3.5-0.8B-FP16-vLLM")
    assert err.value.problem.code == "models.not_downloaded"
    assert "vllm-tray pull" in err.value.problem.english()
    with pytest.raises(ProblemError) as err:
        await runtime.services.models.load("nope")
    assert err.value.problem.code == "models.unknown"


async def test_diagnosed_fix_applies_and_retry_succeeds(runtime: Runtime) -> None:
    await runtime.services.config.set_settings(
        {"engine.custom_command": fake_engine("--fake-fail", "kv_cache")}
    )
    with pytest.raises(ProblemError) as err:
        await runtime.services.models.load("user.a")
    found = err.value.problem
    assert found.code == "load.kv_cache_too_small"
    assert found.fix is not None and found.fix.target == "ctx_size"
    await runtime.services.models.apply_fix("user.a", found.fix)
    assert runtime.services.models.options("user.a").ctx_size == found.fix.value
    await runtime.services.config.set_settings({"engine.custom_command": fake_engine()})
    backend = await runtime.services.models.load("user.a")
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
        async with runtime.services.models.use(model) as backend:
            await asyncio.sleep(0.2)  # a request being answered
            return backend.model_id

    # Room for one: b waits for a's start and a's request, then a is swapped out (or the
    # other way round) — both are answered and the budget is never exceeded.
    assert sorted(await asyncio.gather(ask("user.a"), ask("user.b"))) == ["user.a", "user.b"]
    assert most[0] == 1


async def _give_up_on(runtime: Runtime, model_id: str) -> None:
    """Make `model_id` fail (its own flags start a failing fake) until it is FATAL."""
    await runtime.services.models.set_options(
        model_id, ModelOptions(vllm_args="--fake-fail engine_dead")
    )
    for _ in range(6):
        with pytest.raises(ProblemError):
            await request(runtime.services, model_id)
        if runtime.services.views.row(model_id).process is ProcessState.FATAL:
            break
    assert runtime.services.views.row(model_id).process is ProcessState.FATAL


async def test_fatal_model_does_not_evict_healthy_ones(runtime: Runtime) -> None:
    await _give_up_on(runtime, "user.b")
    await runtime.services.models.load("user.a")
    app = App(runtime)
    with app.turns() as turns:
        with pytest.raises(ProblemError) as err:
            await request(runtime.services, "user.b")  # given up on, nothing changed
        await app.settled("user.b")
    # At once: refused before any start reached the actor (no back-off waited, no child).
    assert not [t for t in turns.done if handled(Start, "user.b")(t)]
    assert err.value.problem.code == "load.given_up"
    assert err.value.problem.params["cause_code"] == "load.engine_dead"
    assert runtime.services.views.row("user.a").process is ProcessState.RUNNING


async def test_a_given_up_model_gets_a_fresh_try_when_its_options_change(
    runtime: Runtime,
) -> None:
    await _give_up_on(runtime, "user.b")
    # Through the same use case as the GUI's dialog and `vllm-tray options`.
    await runtime.services.models.set_options("user.b", ModelOptions(vllm_args=""))
    assert runtime.services.views.row("user.b").process is ProcessState.STOPPED
    backend = await request(runtime.services, "user.b")  # a request, not an explicit Load
    assert backend.state is ProcessState.RUNNING


async def test_a_hand_edit_of_options_also_gives_a_fresh_try(runtime: Runtime) -> None:
    await _give_up_on(runtime, "user.b")
    # Another process (or an editor) changed the options: the spec differs from the one
    # that was given up on, so the next request tries again instead of being refused.
    internals(runtime).registry.set_options("user.b", ModelOptions())
    backend = await request(runtime.services, "user.b")
    assert backend.state is ProcessState.RUNNING


async def test_explicit_load_clears_a_given_up_model(runtime: Runtime) -> None:
    await _give_up_on(runtime, "user.b")
    # Nothing changed, but the user presses Load (GUI, tray, CLI or /api/v1/load): the app
    # tries again rather than repeating its refusal.
    with pytest.raises(ProblemError) as err:
        await runtime.services.models.load("user.b")  # a fresh try, which fails again for real
    assert err.value.problem.code == "load.engine_dead"
    info = process(runtime, "user.b")
    assert info is not None and info.state is ProcessState.BACKOFF  # tried, not refused


async def test_unload_clears_a_given_up_model(runtime: Runtime) -> None:
    await _give_up_on(runtime, "user.b")
    await runtime.services.models.unload("user.b")
    assert runtime.services.views.row("user.b").process is ProcessState.STOPPED


async def test_restart_while_stopping_holds_its_memory_reservation(runtime: Runtime) -> None:
    """A request for a model that is still stopping starts it again; that start holds a
    reservation like any other, so a decision for another model made meanwhile waits for
    it instead of evicting it mid-start (the budget has room for one model)."""
    internals(runtime).supervisor._cfg = dataclasses.replace(
        internals(runtime).supervisor._cfg, stop_grace_s=1.0
    )
    await runtime.services.config.set_settings(
        {"engine.custom_command": fake_engine("--fake-ignore-sigterm")}
    )
    await runtime.services.models.load("user.a")
    events: list[Event] = []
    runtime.bus.subscribe(events.append)
    is_stopping = asyncio.Event()
    runtime.bus.subscribe(
        lambda e: (
            is_stopping.set()
            if isinstance(e, ProcessStateChanged) and e.new is ProcessState.STOPPING
            else None
        )
    )
    stopping = asyncio.create_task(internals(runtime).controller.unload("user.a"))
    await is_stopping.wait()
    with watching(internals(runtime).supervisor) as turns:
        restart = asyncio.create_task(runtime.services.models.load("user.a"))
        # The restart's decision is taken (a's actor has its Start) while a is still stopping.
        taken = await turns.wait_for(handled(Start, "user.a"))
    assert taken.state is ProcessState.STOPPING
    other = asyncio.create_task(runtime.services.models.load("user.b"))
    await stopping
    backend_a = await restart  # not evicted mid-start ("cancelled") by b's decision
    assert backend_a.model_id == "user.a"
    await other
    states = [(e.model_id, e.new) for e in events if isinstance(e, ProcessStateChanged)]
    # a came up again before b made room by unloading it.
    assert states.index(("user.a", ProcessState.RUNNING)) < states.index(
        ("user.b", ProcessState.STARTING)
    )


async def test_api_key_and_allowed_hosts_apply_to_the_running_endpoint(
    runtime: Runtime,
) -> None:
    internals(runtime).endpoint._port = 0  # a free port, as if so started
    await runtime.services.endpoint.start()
    assert runtime.services.endpoint.url is not None
    url = runtime.services.endpoint.url
    async with httpx.AsyncClient(base_url=url) as client:
        assert (await client.get("/v1/models")).status_code == 200
        await runtime.services.config.set_secret("api_key", "s3cret")
        assert (await client.get("/v1/models")).status_code == 401
        ok = await client.get("/v1/models", headers={"Authorization": "Bearer s3cret"})
        assert ok.status_code == 200
        headers = {"Authorization": "Bearer s3cret", "Host": "box.lan"}
        assert (await client.get("/v1/models", headers=headers)).status_code == 403
        await runtime.services.config.set_settings({"proxy.allowed_hosts": "box.lan"})
        assert (await client.get("/v1/models", headers=headers)).status_code == 200
        await runtime.services.config.set_secret("api_key", None)
        assert (await client.get("/v1/models")).status_code == 200


async def test_pull_of_a_missing_repo_leaves_no_registration(
    runtime: Runtime, tmp_path: Path
) -> None:
    from tests.fakes.fake_hub import FakeHub

    with FakeHub() as hub:
        (tmp_path / "repos").mkdir()
        internals(runtime).downloads._endpoint = hub.start(tmp_path / "repos")  # a test hub
        with pytest.raises(ProblemError) as err:
            await runtime.services.models.pull("typo", "org/does-not-exist")
    # Like the real hub, the fake cannot tell a missing repo from a private one.
    assert err.value.problem.code == "downloads.gated"
    assert err.value.problem.params["reason"] == "private_or_missing"
    assert internals(runtime).registry.find("user.typo") is None


async def test_launch_environment(runtime: Runtime, tmp_path: Path) -> None:
    await runtime.services.config.set_secret("hf_token", "hf_" + "Abc1" * 9)
    spec = internals(runtime).planner.plan_launch("user.a").spec
    # Children run offline from a local folder: the token stays in the app (issue 11).
    assert "HF_TOKEN" not in spec.env
    assert spec.env["PYTHONNOUSERSITE"] == "1"
    assert spec.env["HF_HUB_CACHE"] == str(tmp_path / "hub")
    assert spec.model_path == str(tmp_path / "a")
    assert "--gpu-memory-utilization" in spec.args  # the global setting, as a flag


async def test_removing_the_key_of_a_network_endpoint_is_refused_before_anything_is_deleted(
    runtime: Runtime,
) -> None:
    await runtime.services.config.set_secret("api_key", "s3cret")
    endpoint = internals(runtime).endpoint  # listening on every address, as if so started
    endpoint._host, endpoint._port = "0.0.0.0", 0
    await runtime.services.endpoint.start()
    with pytest.raises(ProblemError) as err:
        await runtime.services.config.set_secret("api_key", None)
    assert err.value.problem.code == "proxy.key_required"
    # Validated first: the key is still stored, and the endpoint still demands it.
    assert internals(runtime).secrets.value("api_key") == "s3cret"
    assert internals(runtime).secrets._store.get("api_key") == "s3cret"
    assert runtime.services.endpoint.url is not None
    async with httpx.AsyncClient(base_url=runtime.services.endpoint.url) as client:
        assert (await client.get("/v1/models")).status_code == 401


async def test_a_network_address_without_a_key_is_refused_before_it_is_stored(
    runtime: Runtime,
) -> None:
    with pytest.raises(ProblemError) as err:
        await runtime.services.config.set_settings({"proxy.host": "0.0.0.0", "proxy.port": 9000})
    assert err.value.problem.code == "proxy.key_required"
    assert runtime.services.config.value("proxy.host") == "127.0.0.1"
    assert runtime.services.config.is_default("proxy.port")  # nothing of the change was written
    await runtime.services.config.set_secret("api_key", "s3cret")
    await runtime.services.config.set_settings({"proxy.host": "0.0.0.0"})
    assert runtime.services.config.value("proxy.host") == "0.0.0.0"


async def test_the_default_ctx_size_is_capped_at_the_models_own_limit(
    runtime: Runtime,
) -> None:
    # The tiny model reads 4096 tokens (max_position_embeddings); the default is larger.
    await runtime.services.config.set_settings({"models.ctx_size": 8192})
    assert internals(runtime).planner.ctx_size("user.a") == 4096
    spec = internals(runtime).planner.plan_launch("user.a").spec
    assert spec.ctx_size == 4096
    preview = runtime.services.models.preview_stored("user.a")
    assert preview.problem is None and preview.ctx_size == 4096 and preview.ctx_is_default


async def test_a_ctx_size_above_the_models_limit_is_refused_with_a_fix(runtime: Runtime) -> None:
    with pytest.raises(ProblemError) as err:
        await runtime.services.models.set_options("user.a", ModelOptions(ctx_size=8192))
    found = err.value.problem
    assert found.code == "options.ctx_above_model_limit"
    assert found.params["limit"] == 4096 and found.params["ctx_size"] == 8192
    assert found.fix is not None and found.fix.value == 4096
    assert runtime.services.models.options("user.a") == ModelOptions()  # nothing was written
    await runtime.services.models.apply_fix("user.a", found.fix)
    assert runtime.services.models.options("user.a").ctx_size == 4096


async def test_changing_one_option_keeps_another_writers_change_to_the_other(
    runtime: Runtime,
) -> None:
    await runtime.services.models.set_options("user.a", ModelOptions(ctx_size=1024))
    # Another process (`vllm-tray options user.a vllm_args=…`) writes meanwhile; the
    # runtime's view of the file is now stale.
    other = Registry(internals(runtime).paths)
    other.update_options("user.a", vllm_args="--enforce-eager")
    await runtime.services.models.update_options("user.a", ctx_size=2048)
    assert runtime.services.models.options("user.a") == ModelOptions(2048, "--enforce-eager")


async def test_a_memory_failure_beside_idle_models_unloads_them_and_retries_once(
    runtime: Runtime, tmp_path: Path
) -> None:
    await runtime.services.config.set_settings({"memory.budget_gb": 1.0})  # the plan says both fit
    await runtime.services.models.load("user.a")
    marker = tmp_path / "fail-once"
    marker.touch()
    # vLLM finds less memory than the plan counted (something the plan cannot see).
    await runtime.services.models.set_options(
        "user.b", ModelOptions(vllm_args=f"--fake-fail free_memory --fake-fail-once {marker}")
    )
    events: list[Event] = []
    runtime.bus.subscribe(events.append)
    backend = await runtime.services.models.load("user.b")
    assert backend.state is ProcessState.RUNNING
    assert starts(events, "user.b") == 2  # failed once, then tried again
    assert runtime.services.views.row("user.a").process is ProcessState.STOPPED


async def test_a_memory_failure_with_nothing_to_unload_is_reported(
    runtime: Runtime, tmp_path: Path
) -> None:
    marker = tmp_path / "fail-once"
    marker.touch()
    await runtime.services.models.set_options(
        "user.b", ModelOptions(vllm_args=f"--fake-fail free_memory --fake-fail-once {marker}")
    )
    with pytest.raises(ProblemError) as err:
        await runtime.services.models.load("user.b")
    assert err.value.problem.code == "load.free_memory"
