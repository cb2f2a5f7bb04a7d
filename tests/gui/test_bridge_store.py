"""The bridge delivers engine-thread events on the GUI thread; the store applies them; `call`
turns an engine-side failure into the user's sentence."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

import pytest
from PySide6.QtCore import QThread
from pytestqt.qtbot import QtBot

from app.core.events import (
    DownloadFinished,
    DownloadProgressed,
    GpuSampled,
    LoadProgressed,
    MetricsSampled,
    ProcessStateChanged,
    RegistryChanged,
)
from app.core.problems.problems import Problem, ProblemError
from app.core.states import LoadPhase, ProcessState
from app.gui.bridge import EventBridge
from app.gui.commands import CommandFailed, call
from app.gui.store import HISTORY_SECONDS, AppStore
from tests.gui.conftest import run
from tests.gui.fake_facade import T0, FakeFacade, make_row, memory_problem

MODEL = "Qwen3.5-4B-FP16-vLLM"


def make_store(qtbot: QtBot, fake: FakeFacade) -> tuple[EventBridge, AppStore]:
    bridge = EventBridge(fake.bus)
    store = AppStore(fake, bridge)
    run(qtbot, store.refresh())
    return bridge, store


def test_events_from_the_runtime_thread_arrive_on_the_gui_thread(
    qtbot: QtBot, fake: FakeFacade
) -> None:
    bridge, _store = make_store(qtbot, fake)
    seen: list[tuple[object, bool]] = []
    bridge.load_progressed.connect(
        lambda ev: seen.append((ev, QThread.currentThread() is bridge.thread()))
    )
    event = LoadProgressed(MODEL, LoadPhase.LOADING_WEIGHTS, 0.3, shard=(2, 8))
    fake.publish_from_thread(event)
    assert seen == []  # queued: nothing runs on the runtime thread
    qtbot.waitUntil(lambda: len(seen) == 1)
    assert seen == [(event, True)]
    bridge.close()
    fake.publish_from_thread(event)
    qtbot.wait(20)
    assert len(seen) == 1  # unsubscribed


def test_store_follows_a_download_a_load_and_a_failure(qtbot: QtBot, fake: FakeFacade) -> None:
    _bridge, store = make_store(qtbot, fake)
    fake.publish_from_thread(
        DownloadProgressed("dl-7", "GLM-4.7-Flash-FP16-vLLM", 50, 200, speed_bps=5e6)
    )
    qtbot.waitUntil(lambda: store.row("GLM-4.7-Flash-FP16-vLLM").download is not None)
    row = store.row("GLM-4.7-Flash-FP16-vLLM")
    assert row.download.done == 50 and row.download.download_id == "dl-7"
    assert store.download_speed["GLM-4.7-Flash-FP16-vLLM"] == 5e6

    fake.publish_from_thread(DownloadFinished("dl-7", "GLM-4.7-Flash-FP16-vLLM", "completed"))
    qtbot.waitUntil(lambda: store.row("GLM-4.7-Flash-FP16-vLLM").download is None)
    assert store.row("GLM-4.7-Flash-FP16-vLLM").file_state == "complete"  # re-read snapshot

    fake.publish_from_thread(
        ProcessStateChanged(MODEL, ProcessState.STOPPED, ProcessState.STARTING),
        LoadProgressed(MODEL, LoadPhase.COMPILING, 0.7),
    )
    qtbot.waitUntil(lambda: store.row(MODEL).progress is not None)
    assert store.row(MODEL).process == ProcessState.STARTING
    failure = memory_problem()
    fake.publish_from_thread(
        ProcessStateChanged(MODEL, ProcessState.STARTING, ProcessState.FATAL, problem=failure)
    )
    qtbot.waitUntil(lambda: store.row(MODEL).process == ProcessState.FATAL)
    assert store.row(MODEL).problem == failure
    # A new attempt clears the old diagnosis and bar.
    fake.publish_from_thread(ProcessStateChanged(MODEL, ProcessState.FATAL, ProcessState.STARTING))
    qtbot.waitUntil(lambda: store.row(MODEL).process == ProcessState.STARTING)
    assert store.row(MODEL).problem is None and store.row(MODEL).progress is None


def test_metrics_history_and_registry_changes(qtbot: QtBot, fake: FakeFacade) -> None:
    _bridge, store = make_store(qtbot, fake)
    fake.publish_from_thread(MetricsSampled(MODEL, 0.25, 1, 0, 30.0))
    qtbot.waitUntil(lambda: store.row(MODEL).metrics is not None)
    assert store.row(MODEL).metrics.kv_cache_usage == 0.25

    samples = [GpuSampled(i, 100, None, None, ts=T0 + i * 60) for i in range(15)]
    fake.publish_from_thread(*samples)
    qtbot.waitUntil(lambda: bool(store.gpu_history) and store.gpu_history[-1].ts == samples[-1].ts)
    assert store.gpu_history[0].ts >= samples[-1].ts - HISTORY_SECONDS  # older ones trimmed
    assert len(store.gpu_history) == 11

    with qtbot.waitSignal(store.models_reset):
        fake.rows["user.new"] = make_row("new", "org/new", 1.0, source="user")
        fake.publish_from_thread(RegistryChanged("user.new"))
    assert store.row("user.new") is not None


def test_events_during_a_snapshot_are_applied_on_top_of_it(qtbot: QtBot, fake: FakeFacade) -> None:
    bridge, store = make_store(qtbot, fake)
    fake.hold.add("views.snapshot")
    refreshing = asyncio.ensure_future(store.refresh())
    qtbot.waitUntil(lambda: "views.snapshot" in fake.held)
    stale = fake.snapshot_now()  # taken before the load began
    started = ProcessStateChanged(MODEL, ProcessState.STOPPED, ProcessState.STARTING)
    fake.publish_from_thread(started, LoadProgressed(MODEL, LoadPhase.COMPILING, 0.7))
    qtbot.waitUntil(lambda: store.row(MODEL).progress is not None)
    fake.held.pop("views.snapshot")[0][0].set_result(stale)
    qtbot.waitUntil(refreshing.done)
    row = store.row(MODEL)
    assert row.process == ProcessState.STARTING and row.progress.phase == LoadPhase.COMPILING
    bridge.close()


def test_refreshes_asked_together_share_one_snapshot(qtbot: QtBot, fake: FakeFacade) -> None:
    _bridge, store = make_store(qtbot, fake)
    asked = len(fake.called("views.snapshot"))
    fake.hold.add("views.snapshot")
    first = asyncio.ensure_future(store.refresh())
    qtbot.waitUntil(lambda: "views.snapshot" in fake.held)
    # Asked while the first is on its way: they need a snapshot taken after them.
    second, third = asyncio.ensure_future(store.refresh()), asyncio.ensure_future(store.refresh())
    fake.release("views.snapshot")
    qtbot.waitUntil(first.done)
    qtbot.waitUntil(lambda: "views.snapshot" in fake.held)
    fake.release("views.snapshot")
    qtbot.waitUntil(lambda: second.done() and third.done())
    assert len(fake.called("views.snapshot")) == asked + 2


def test_call_awaits_a_future_finished_on_another_thread(qtbot: QtBot) -> None:
    future: Future[int] = Future()
    task = asyncio.ensure_future(call(future))
    threading.Thread(target=lambda: future.set_result(42)).start()
    assert run(qtbot, task) == 42

    bad: Future[None] = Future()
    p = Problem("models.unknown", "There is no model called {model}.", {"model": "nope"})
    bad.set_exception(ProblemError(p))
    with pytest.raises(CommandFailed) as failed:
        run(qtbot, call(bad))
    assert failed.value.text == "There is no model called nope." and failed.value.problem == p


def test_call_never_shows_an_exception_class(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    class ConnectError(Exception):
        pass

    broken: Future[None] = Future()
    broken.set_exception(ConnectError("All connection attempts failed"))
    with pytest.raises(CommandFailed) as failed:
        run(qtbot, call(broken))
    assert failed.value.problem is None
    assert "ConnectError" not in failed.value.text and "All connection" not in failed.value.text
    assert "ConnectError" in caplog.text  # the log keeps what a developer needs

    dropped: Future[None] = Future()
    dropped.cancel()
    with pytest.raises(CommandFailed) as cancelled:
        run(qtbot, call(dropped))
    assert cancelled.value.text == "The command was cancelled."
