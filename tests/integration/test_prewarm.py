"""Pre-warming on the real runtime with the fake engine and the fake hub: after a download the
model is started and stopped once in the background, and its first load is then warm; never
while another model is loaded, once per model and engine, and cancellable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.core.events import DownloadFinished, LoadProgressed, PrewarmChanged, ProcessStateChanged
from app.core.states import ProcessState
from app.runtime.composition.runtime import Runtime
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.fake_hub import FakeHub, build_tiny_model
from tests.harness import App, internals, started

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


def prewarms(app: App, model_id: str) -> list[tuple[bool, str]]:
    return [(e.active, e.outcome) for e in app.of(PrewarmChanged, lambda e: e.model_id == model_id)]


async def prewarm_ended(app: App, model_id: str) -> PrewarmChanged:
    return await app.next(PrewarmChanged, lambda e: e.model_id == model_id and not e.active)


@pytest.mark.timeout(120)
async def test_a_download_is_prewarmed_and_its_first_load_is_warm(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub
) -> None:
    rt = runtime(tmp_path, monkeypatch, hub, **{"models.prewarm_after_download": True})
    async with started(rt) as app:
        await rt.services.models.pull("user.hubby")
        assert (await prewarm_ended(app, "user.hubby")).outcome == "done"
        assert prewarms(app, "user.hubby") == [(True, "started"), (False, "done")]
        assert rt.services.views.row("user.hubby").process is ProcessState.STOPPED
        assert not rt.services.views.row("user.hubby").prewarming
        assert app.of(LoadProgressed)[-1].cold is True  # the pre-warm was the cold load

        before = len(app.seen)
        await rt.services.models.load("user.hubby")
        first = [e for e in app.seen[before:] if isinstance(e, LoadProgressed)]
        # Warm from its first event (the compile cache says so before vLLM's log does), and
        # expected to take about what the pre-warm's load took.
        assert first and all(e.cold is False for e in first)
        assert first[0].last_cold_s is not None and first[0].expected_s == first[0].last_cold_s
        await rt.services.models.unload("user.hubby")

        # Once per model and engine.
        rt.services.prewarm.prewarm("user.hubby", only_once=True)
        assert (await prewarm_ended(app, "user.hubby")).outcome == "skipped"


@pytest.mark.timeout(120)
async def test_never_while_another_model_is_loaded_and_cancellable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub
) -> None:
    rt = runtime(tmp_path, monkeypatch, hub)
    async with started(rt) as app:
        await rt.services.models.pull("user.hubby")
        await app.next(DownloadFinished, lambda e: e.model_id == "user.hubby")
        assert rt.services.views.row("user.hubby").downloaded
        # The setting is off: only offered. The pre-warm would be decided as the download's
        # end is published (PrewarmService._on_event), so none is running or scheduled now.
        assert not internals(rt).prewarm.active
        assert prewarms(app, "user.hubby") == []

        await rt.services.models.load("user.a")
        assert rt.services.prewarm.prewarm("user.hubby")
        skipped = await prewarm_ended(app, "user.hubby")
        assert prewarms(app, "user.hubby") == [(False, "skipped")]
        assert (skipped.outcome, skipped.problem and skipped.problem.code) == (
            "skipped",
            "prewarm.busy",
        )
        assert rt.services.views.row("user.a").process is ProcessState.RUNNING  # untouched
        await rt.services.models.unload("user.a")

        # The row's Unload cancels a pre-warm: the model goes back to not loaded.
        assert rt.services.prewarm.prewarm("user.hubby")
        await app.next(
            ProcessStateChanged,
            lambda e: e.model_id == "user.hubby" and e.new is ProcessState.STARTING,
        )
        assert rt.services.views.row("user.hubby").prewarming
        await rt.services.models.unload("user.hubby")
        assert (await prewarm_ended(app, "user.hubby")).outcome == "cancelled"
        assert rt.services.views.row("user.hubby").process is ProcessState.STOPPED
        assert not rt.services.views.row("user.hubby").prewarming
