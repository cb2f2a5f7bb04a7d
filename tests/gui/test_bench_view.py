"""The Benchmark window: curves from history and progress, tune result, Apply, Cancel, live plot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.events import BenchProgressed, MetricsSampled, TuneProgressed
from app.gui.bench.bench_view import BenchWindow
from app.gui.bridge import EventBridge
from app.runtime.api.bench import TuneOptions
from tests.gui.conftest import start_gui
from tests.gui.fake_bench import FakeBenchFacade, sample_point, sample_records, sample_tune
from tests.gui.fake_facade import T0

MODEL = "Qwen3.5-4B-FP16-vLLM"


@pytest.fixture
def bench_fake() -> FakeBenchFacade:
    return FakeBenchFacade(records=sample_records(MODEL))


@pytest.fixture
def window(qtbot: QtBot, bench_fake: FakeBenchFacade) -> Iterator[BenchWindow]:
    bridge = EventBridge(bench_fake.bus)
    view = BenchWindow(bench_fake, bridge, MODEL)
    qtbot.addWidget(view)
    view.show()
    yield view
    view.close()


def test_history_is_plotted_and_metrics_are_watched_while_shown(
    qtbot: QtBot, window: BenchWindow, bench_fake: FakeBenchFacade
) -> None:
    qtbot.waitUntil(lambda: window.history.count() == 2)
    # The newest record (the tune) is shown, with its chosen value marked.
    assert [p.concurrency for p in window.curve.points] == sorted(
        p.concurrency for p in sample_records(MODEL)[1].points
    )
    window.history.setCurrentIndex(0)
    assert [p.concurrency for p in window.curve.points] == [1, 2, 4, 8, 10, 16]
    assert bench_fake.metrics_watched[-1] is True
    window.hide()
    assert bench_fake.metrics_watched[-1] is False


def test_tune_progress_result_apply_and_cancel(
    qtbot: QtBot, window: BenchWindow, bench_fake: FakeBenchFacade
) -> None:
    window.slo_itl.setValue(50)
    window.run_tune_button.click()
    qtbot.waitUntil(lambda: bool(bench_fake.called("tune.run")))
    (model_id, options) = bench_fake.called("tune.run")[0]
    assert model_id == MODEL
    assert isinstance(options, TuneOptions) and options.slo.itl_ms == 50
    assert options.slo.ttft_ms is None  # 0 in the box means "no limit"
    assert not window.run_bench_button.isEnabled() and window.cancel_button.isEnabled()

    bench_fake.publish_from_thread(
        TuneProgressed(MODEL, "sweep", 1, 6, 256, 8, (sample_point(1), sample_point(2)))
    )
    qtbot.waitUntil(lambda: "8 requests at once" in window.status.text())
    assert "start 1 of at most 6" in window.status.text()
    assert len(window.curve.points) == 2
    # The history arriving now (it is read when the window opens) leaves the live curve be.
    qtbot.waitUntil(lambda: window.history.count() == 2)
    assert len(window.curve.points) == 2

    window.cancel_button.click()
    assert bench_fake.called("tune.cancel") == [(MODEL,)]

    assert bench_fake.tune_future is not None
    bench_fake.tune_future.set_result(sample_tune(MODEL))
    qtbot.waitUntil(window.apply_button.isEnabled)
    assert "--max-num-seqs 10" in window.result_label.text()
    assert "Before: 262 tok/s" in window.result_label.text()
    assert "After: 318 tok/s" in window.result_label.text()
    window.apply_button.click()
    # Not loaded (no store says so): saved for the next load, nothing asked.
    qtbot.waitUntil(lambda: bench_fake.called("tune.apply") == [(MODEL, 10, False)])
    qtbot.waitUntil(lambda: "--max-num-seqs 10" in window.status.text())


def test_bench_runs_with_the_concurrency_list_and_rejects_a_bad_one(
    qtbot: QtBot, window: BenchWindow, bench_fake: FakeBenchFacade
) -> None:
    window.concurrency.setText("2, x")
    window.run_bench_button.click()
    qtbot.waitUntil(lambda: "whole numbers" in window.status.text())
    assert bench_fake.called("bench.run") == []
    window.concurrency.setText("4,2")
    window.run_bench_button.click()
    qtbot.waitUntil(lambda: bool(bench_fake.called("bench.run")))
    (_, options) = bench_fake.called("bench.run")[0]
    assert options.concurrency == (4, 2) and options.requests == 10
    assert bench_fake.bench_future is not None
    bench_fake.bench_future.set_result(sample_records(MODEL)[0])
    qtbot.waitUntil(window.run_bench_button.isEnabled)
    done = window.status.text()
    assert "with 10 requests at once" in done
    # A step's event the bridge delivers after the run's answer is old news (issue 20.3:
    # "Measuring 10 requests at once…" stayed after the run ended): the ending stays.
    late = BenchProgressed(MODEL, "measuring", (), concurrency=10)
    with qtbot.waitSignal(window._bridge.event_received):
        bench_fake.publish_from_thread(late)
    assert window.status.text() == done


def test_live_plot_keeps_only_its_models_samples(qtbot: QtBot, window: BenchWindow) -> None:
    window.live.add_sample(MetricsSampled(MODEL, 0.2, 4, 1, 120.0, ts=T0))
    window.live.add_sample(MetricsSampled("other", 0.9, 9, 9, 999.0, ts=T0 + 1))
    window.live.add_sample(MetricsSampled(MODEL, 0.3, 6, 0, 180.0, ts=T0 + 400))
    # Older than five minutes before the newest sample: dropped.
    assert [s.generation_tokens_per_s for s in window.live.samples] == [180.0]
    window.tabs.setCurrentWidget(window.live)
    assert window.live.grab().width() > 0


def test_main_window_offers_the_benchmark_window(
    qtbot: QtBot, bench_fake: FakeBenchFacade, tmp_path: Path
) -> None:
    gui = start_gui(qtbot, bench_fake, tmp_path)
    try:
        assert gui.window.select_model(MODEL)
        qtbot.waitUntil(lambda: gui.window.current_model_id() == MODEL)
        # Built with the rest of the Model menu, after its own separator.
        bench = gui.window.actions_.bench
        menu = gui.window.model_menu.actions()
        assert bench in menu and menu[menu.index(bench) - 1].isSeparator()
        assert bench not in gui.window.toolbar.actions()
        assert bench.isEnabled()
        bench.trigger()
        view = gui.window.bench.windows[MODEL]
        assert view.isVisible() and view.model_id == MODEL
        bench.trigger()  # one window per model, raised again
        assert list(gui.window.bench.windows) == [MODEL]
    finally:
        gui.close()


def test_apply_asks_before_restarting_a_loaded_model_as_the_model_dialog_does(
    qtbot: QtBot, bench_fake: FakeBenchFacade, tmp_path: Path
) -> None:
    """Issue 20.4: Apply in the Benchmark window restarted a running model without asking."""
    from app.core.states import ProcessState
    from tests.gui.fake_facade import load_events

    gui = start_gui(qtbot, bench_fake, tmp_path)
    try:
        bench_fake.publish_from_thread(*load_events(MODEL))
        qtbot.waitUntil(lambda: gui.store.row(MODEL).process is ProcessState.RUNNING)  # type: ignore[union-attr]
        assert gui.window.select_model(MODEL)
        qtbot.waitUntil(lambda: gui.window.current_model_id() == MODEL)
        gui.window.actions_.bench.trigger()  # Model ▸ Benchmark and tune…
        view = gui.window.bench.windows[MODEL]
        view.run_tune_button.click()
        qtbot.waitUntil(lambda: bench_fake.tune_future is not None)
        assert bench_fake.tune_future is not None
        bench_fake.tune_future.set_result(sample_tune(MODEL))
        qtbot.waitUntil(view.apply_button.isEnabled)

        name = gui.store.row(MODEL).name  # type: ignore[union-attr]
        for answer, restart in (("later_button", False), ("restart_button", True)):
            view.apply_button.click()
            question = view.restart_question
            qtbot.waitUntil(question.box.isVisible)
            assert question.box.windowTitle() == f"Restart {name}?"
            assert question.box.text() == (
                f"{name} is loaded. The new settings take effect when it starts again. "
                "Restart it now? Requests in progress are cut off."
            )
            calls = len(bench_fake.called("tune.apply"))  # nothing applied while it asks
            qtbot.mouseClick(getattr(question, answer), Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda n=calls: len(bench_fake.called("tune.apply")) == n + 1)
            assert bench_fake.called("tune.apply")[-1] == (MODEL, 10, restart)
            view.apply_button.setEnabled(True)  # the second answer, on the same result
    finally:
        gui.close()
