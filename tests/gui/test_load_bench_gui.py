"""The Benchmark window's "Load time" tab on the real runtime thread and facade (fake engine):
Measure runs a cold and a warm load, the model's row says which kind each load is with the
ETA from its earlier loads, and the tab shows each step and keeps the result."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.gui.bench_view import BenchWindow
from app.gui.model_table import Column
from app.runtime.facade import ThreadFacade
from app.runtime.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.gui.conftest import flush_deletes, start_gui

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
        qtbot.waitUntil(lambda: "loaded" not in state() and "load:" not in state())

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
