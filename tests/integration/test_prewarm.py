"""Pre-warming on the real runtime with the fake engine and the fake hub: after a download the
model is started and stopped once in the background, and its first load is then warm; never
while another model is loaded, once per model and engine, and cancellable."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.core.events import Event, LoadProgressed, PrewarmChanged
from app.core.states import ProcessState
from app.runtime.runtime import Runtime
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.fake_hub import FakeHub, build_tiny_model
from tests.harness import internals
from tests.waiting import until

HUB_REPO = "test-org/tiny-llama"
# The fake keeps a compile-cache entry as vLLM does: a cold start is slow, a warm one quick.
ENGINE = fake_engine("--fake-start-delay", "2", "--fake-warm-delay", "0.3")


@pytest.fixture
async def hub(tmp_path: Path) -> AsyncIterator[FakeHub]:
    build_tiny_model(tmp_path / "repos" / "test-org" / "tiny-llama")
    with FakeHub() as server:
        server.start(tmp_path / "repos")
        yield server


def runtime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub, **settings: object
) -> Runtime:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("a",),
        settings={"engine.custom_command": ENGINE, **settings},
        hf_endpoint=hub.url,
    )
    internals(rt).registry.add_user_model("hubby", HUB_REPO)
    return rt


def prewarms(events: list[Event], model_id: str) -> list[tuple[bool, str]]:
    return [
        (e.active, e.outcome)
        for e in events
        if isinstance(e, PrewarmChanged) and e.model_id == model_id
    ]


@pytest.mark.timeout(120)
async def test_a_download_is_prewarmed_and_its_first_load_is_warm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub
) -> None:
    rt = runtime(tmp_path, monkeypatch, hub, **{"models.prewarm_after_download": True})
    events: list[Event] = []
    rt.bus.subscribe(events.append)
    await rt.start(serve=False)
    try:
        await rt.services.models.pull("user.hubby")
        await until(lambda: (False, "done") in prewarms(events, "user.hubby"))
        assert prewarms(events, "user.hubby") == [(True, "started"), (False, "done")]
        assert rt.services.views.row("user.hubby").process is ProcessState.STOPPED
        assert not rt.services.views.row("user.hubby").prewarming
        progress = [e for e in events if isinstance(e, LoadProgressed)]
        assert progress[-1].cold is True  # the pre-warm was the cold load

        before = len(events)
        await rt.services.models.load("user.hubby")
        first = [e for e in events[before:] if isinstance(e, LoadProgressed)]
        # Warm from its first event (the compile cache says so before vLLM's log does), and
        # expected to take about what the pre-warm's load took.
        assert first and all(e.cold is False for e in first)
        assert first[0].last_cold_s is not None and first[0].expected_s == first[0].last_cold_s
        await rt.services.models.unload("user.hubby")

        # Once per model and engine.
        rt.services.prewarm.prewarm("user.hubby", only_once=True)
        await until(lambda: prewarms(events, "user.hubby")[-1] == (False, "skipped"))
    finally:
        await rt.stop()


@pytest.mark.timeout(120)
async def test_never_while_another_model_is_loaded_and_cancellable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub
) -> None:
    rt = runtime(tmp_path, monkeypatch, hub)
    events: list[Event] = []
    rt.bus.subscribe(events.append)
    await rt.start(serve=False)
    try:
        await rt.services.models.pull("user.hubby")
        await until(lambda: rt.services.views.row("user.hubby").downloaded)
        await asyncio.sleep(0.5)
        assert prewarms(events, "user.hubby") == []  # the setting is off: only offered

        await rt.services.models.load("user.a")
        assert rt.services.prewarm.prewarm("user.hubby")
        await until(lambda: bool(prewarms(events, "user.hubby")))
        (skipped,) = [e for e in events if isinstance(e, PrewarmChanged)]
        assert (skipped.outcome, skipped.problem and skipped.problem.code) == (
            "skipped",
            "prewarm.busy",
        )
        assert rt.services.views.row("user.a").process is ProcessState.RUNNING  # untouched
        await rt.services.models.unload("user.a")

        # The row's Unload cancels a pre-warm: the model goes back to not loaded.
        assert rt.services.prewarm.prewarm("user.hubby")
        await until(lambda: rt.services.views.row("user.hubby").process is ProcessState.STARTING)
        assert rt.services.views.row("user.hubby").prewarming
        await rt.services.models.unload("user.hubby")
        await until(lambda: prewarms(events, "user.hubby")[-1] == (False, "cancelled"))
        assert rt.services.views.row("user.hubby").process is ProcessState.STOPPED
        assert not rt.services.views.row("user.hubby").prewarming
    finally:
        await rt.stop()
