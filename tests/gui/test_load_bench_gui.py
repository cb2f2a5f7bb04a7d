"""The Benchmark window's "Load time" tab on the real runtime thread and facade (fake engine):
Measure runs a cold and a warm load, the model's row says which kind each load is with the
ETA from its earlier loads, and the tab shows each step and keeps the result."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.core.events import DownloadFinished, LoadProgressed, PrewarmChanged, ProcessStateChanged
from app.core.states import DownloadStatus, LoadPhase, ProcessState
from app.gui.app import GuiApp
from app.gui.bench.bench_view import BenchWindow
from app.gui.model_table import Column
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.gui.conftest import flush_deletes, start_gui
from tests.gui.fake_facade import FakeFacade

MODEL = "user.tiny"


@pytest.mark.timeout(180)
def test_measure_load_shows_cold_and_warm_steps_and_the_row_says_which(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = fake_engine("--fake-start-delay", "3", "--fake-warm-delay", "1.5")
    runtime = make_runtime(
        tmp_path,
        monkeypatch,
        models=("tiny",),
        settings={"engine.custom_command": engine},
        proxy_host="127.0.0.1",
        proxy_port=0,
    )
    thread = RuntimeThread(runtime, serve=True)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    view = BenchWindow(facade, gui.bridge, MODEL)
    qtbot.addWidget(view)
    try:
        view.show()
        panel = view.load_panel
        assert view.tabs.tabText(view.tabs.indexOf(panel)) == "Load time"
        panel.run_button.click()

        def state() -> str:
            index = gui.window.table_model.index_of(MODEL, Column.STATE)
            return str(index.data(Qt.ItemDataRole.DisplayRole))

        # The first load compiles with empty caches: the row says so as soon as it starts.
        qtbot.waitUntil(lambda: "cold load:" in state(), timeout=30_000)
        assert "Cold load" in panel.status.text() or "loading" in panel.status.text()
        # The second finds the caches the first filled, and its ETA is the last cold load's.
        qtbot.waitUntil(lambda: "warm load:" in state(), timeout=60_000)
        assert "of about" in state() and "last cold load" in state()
        qtbot.waitUntil(lambda: len(panel.records) == 1, timeout=60_000)

        table = panel.table
        headers = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
        assert headers == ["Cold", "Warm"]
        rows = [table.verticalHeaderItem(i).text() for i in range(table.rowCount())]
        assert rows[:2] == ["The app, before the engine starts", "Process start and imports"]
        assert "Compile and graph capture" in rows and rows[-1] == "Total"
        assert all(table.item(r, c).text().endswith(" s") for r in range(len(rows)) for c in (0, 1))
        assert "A warm load takes" in panel.summary.text()
        assert "The app's own share: at most" in panel.summary.text()
        assert panel.status.text() == "Done." and panel.run_button.isEnabled()
        # The model was not loaded before: it is not loaded after.
        qtbot.waitUntil(lambda: not state().startswith(("loading", "running", "unloading")))

        # Kept: a window opened later lists it.
        again = BenchWindow(facade, gui.bridge, MODEL)
        qtbot.addWidget(again)
        qtbot.waitUntil(lambda: again.load_panel.history.count() == 1)
        again.close()
    finally:
        view.close()
        gui.close()
        flush_deletes()
        facade.shutdown()


def test_a_download_offers_a_prewarm_and_the_row_says_it_runs(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    model = "Qwen3.5-0.8B-FP16-vLLM"  # downloaded, not loaded
    window = gui.window
    assert window.select_model(model)
    fake.publish_from_thread(DownloadFinished("dl-1", model, DownloadStatus.COMPLETED))
    qtbot.waitUntil(lambda: "Model ▸ Pre-warm" in window.statusBar().currentMessage())
    prewarm = window.actions_.prewarm
    assert prewarm in window.model_menu.actions() and prewarm.isEnabled()
    prewarm.trigger()
    qtbot.waitUntil(lambda: bool(fake.called("prewarm.prewarm")))
    assert fake.called("prewarm.prewarm") == [(model,)]

    # The app starts it in the background: the row says so, with the load's progress, and
    # its Unload cancels the pre-warm.
    fake.publish_from_thread(
        PrewarmChanged(model, True, "started"),
        ProcessStateChanged(model, ProcessState.STOPPED, ProcessState.STARTING),
        LoadProgressed(model, LoadPhase.COMPILING, 0.6, 0.5, elapsed_s=12.0, cold=True),
    )

    def state() -> str:
        return str(window.table_model.index_of(model, Column.STATE).data())

    qtbot.waitUntil(lambda: state().startswith("pre-warming, loading: compiling"))
    assert "cold load:" in state()
    assert window.actions_.unload.text() == "&Cancel pre-warming"
    assert not prewarm.isEnabled()
    fake.publish_from_thread(
        ProcessStateChanged(model, ProcessState.STARTING, ProcessState.RUNNING),
        ProcessStateChanged(model, ProcessState.RUNNING, ProcessState.STOPPING),
        ProcessStateChanged(model, ProcessState.STOPPING, ProcessState.STOPPED),
        PrewarmChanged(model, False, "done"),
    )
    qtbot.waitUntil(lambda: "is pre-warmed" in window.statusBar().currentMessage())
    assert window.actions_.unload.text() == "&Unload"


@pytest.mark.timeout(120)
def test_the_model_dialog_chooses_start_fast_and_refuses_it_beside_a_level_of_ones_own(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runtime = make_runtime(tmp_path, monkeypatch, models=("tiny",))
    thread = RuntimeThread(runtime, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    try:
        dialog = gui.window.open_model_settings(MODEL)
        qtbot.waitUntil(dialog.is_ready)
        assert dialog.optimize.value() is None and dialog.optimize.isEnabled()
        dialog.optimize.setCurrentIndex(dialog.optimize.findData("start"))
        qtbot.waitUntil(lambda: dialog.is_settled() and dialog.apply_button.isEnabled())
        assert "-O0" in dialog.command_view.toPlainText()
        assert "Optimize for: -O0" in dialog.layers_label.text()

        # A level in the model's own arguments contradicts the choice: said, Apply disabled.
        dialog.args.edit.setText("-O2")
        qtbot.waitUntil(lambda: dialog.is_settled() and not dialog.problem_label.isHidden())
        assert "both choose the optimization level" in dialog.problem_label.text()
        assert not dialog.apply_button.isEnabled()
        dialog.args.edit.setText("")
        qtbot.waitUntil(lambda: dialog.is_settled() and dialog.apply_button.isEnabled())
        with qtbot.waitSignal(dialog.applied, timeout=10_000):
            dialog.apply_button.click()
        assert runtime.services.models.options(MODEL).optimize == "start"
    finally:
        gui.close()
        flush_deletes()
        facade.shutdown()
