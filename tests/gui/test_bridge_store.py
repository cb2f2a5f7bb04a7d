"""The bridge delivers engine-thread events on the GUI thread; the store applies them."""

from __future__ import annotations

import threading
from concurrent.futures import Future

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
from app.core.problems import ProblemError, problem, tr_noop
from app.core.states import LoadPhase, ProcessState
from app.gui.bridge import EventBridge
from app.gui.store import HISTORY_SECONDS, AppStore
from app.gui.tasks import CommandRunner
from tests.gui.fake_facade import T0, FakeFacade, make_row, memory_problem

MODEL = "Qwen3.5-4B-FP16-vLLM"


def make_store(fake: FakeFacade) -> tuple[EventBridge, AppStore]:
    bridge = EventBridge(fake.bus)
    store = AppStore(fake, bridge)
    store.refresh()
    return bridge, store


def test_events_from_the_engine_thread_arrive_on_the_gui_thread(
    qtbot: QtBot, fake: FakeFacade
) -> None:
    bridge, _store = make_store(fake)
    seen: list[tuple[object, bool]] = []
    bridge.load_progressed.connect(
        lambda ev: seen.append((ev, QThread.currentThread() is bridge.thread()))
    )
    event = LoadProgressed(MODEL, LoadPhase.LOADING_WEIGHTS, 0.3, shard=(2, 8))
    fake.publish_from_thread(event)
    assert seen == []  # queued: nothing runs on the engine thread
    qtbot.waitUntil(lambda: len(seen) == 1)
    assert seen == [(event, True)]
    bridge.close()
    fake.publish_from_thread(event)
    qtbot.wait(20)
    assert len(seen) == 1  # unsubscribed


def test_store_follows_a_download_a_load_and_a_failure(qtbot: QtBot, fake: FakeFacade) -> None:
    _bridge, store = make_store(fake)
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
    _bridge, store = make_store(fake)
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


def test_runner_calls_back_on_the_gui_thread_and_translates_problems(qtbot: QtBot) -> None:
    runner = CommandRunner()
    results: list[tuple[object, bool]] = []
    future: Future[int] = Future()
    runner.run(
        future, on_done=lambda v: results.append((v, QThread.currentThread() is runner.thread()))
    )
    assert runner.pending == 1
    threading.Thread(target=lambda: future.set_result(42)).start()
    qtbot.waitUntil(lambda: results != [])
    assert results == [(42, True)]
    assert runner.pending == 0

    bad: Future[None] = Future()
    p = problem("models.unknown", tr_noop("There is no model called {model}."), model="nope")
    bad.set_exception(ProblemError(p))
    with qtbot.waitSignal(runner.failed) as blocker:
        runner.run(bad, on_done=lambda _v: results.append(("wrong", False)))
    assert blocker.args == ["There is no model called nope.", p]
    assert len(results) == 1
