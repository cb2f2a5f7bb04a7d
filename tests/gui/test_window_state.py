"""Every window on screen, and where it was left (issue 20.5), in the assembled app on a
1600×1000 screen (tests/gui/screen.py): windows opened from the main window's menus open
centred on it and inside the screen, even when the main window sits in a corner; geometry,
splitters, column widths and sort order come back after a restart, from ui_state.json, which
is not settings.json. (tests/gui/test_windows_e2e.py does the same on a real X server with a
window manager.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QSplitter, QWidget
from pytestqt.qtbot import QtBot

from app.gui import window_state
from app.gui.app import GuiApp
from app.gui.cluster.cluster_page import ClusterWindow
from app.gui.model_table import Column
from app.gui.remotes_page import RemotesWindow
from tests.gui.conftest import flush_deletes, start_gui
from tests.gui.fake_batch import FakeBatch, sample_jobs
from tests.gui.fake_bench import FakeBench, FakeTune, sample_records
from tests.gui.fake_cluster import FakeCluster
from tests.gui.fake_facade import FakeFacade
from tests.gui.screen import HEIGHT, WIDTH


class EveryWindowFacade(FakeFacade):
    """The fake engine with what the Batch, Benchmark, Cluster and Remotes windows ask."""

    def __init__(self) -> None:
        super().__init__(
            batch=lambda app: FakeBatch(app, sample_jobs()),
            bench=lambda app: FakeBench(app, sample_records("Qwen3.5-4B-FP16-vLLM")),
            tune=FakeTune,
            cluster=FakeCluster,
        )


def open_every_window(gui: GuiApp) -> dict[str, QWidget]:
    """Benchmark, Batch, Remote servers and Cluster, from the main window's menus."""
    window = gui.window
    window.select_model("Qwen3.5-4B-FP16-vLLM")
    window.actions_.bench.trigger()
    window.batch_jobs.action.trigger()
    window.remotes_action.trigger()
    window.cluster_action.trigger()
    opened: dict[str, QWidget] = {
        "bench": window.bench.windows["Qwen3.5-4B-FP16-vLLM"],
        "cluster": window.findChild(ClusterWindow),
        "remotes": window.findChild(RemotesWindow),
    }
    assert window.batch_jobs.page is not None
    opened["batch"] = window.batch_jobs.page
    for name, shown in opened.items():
        assert shown is not None and shown.isVisible(), name
    return opened


def screen_area() -> QRect:
    screen = QGuiApplication.primaryScreen()
    assert screen.geometry() == QRect(0, 0, WIDTH, HEIGHT)
    return screen.availableGeometry()


def framed(widget: QWidget) -> QRect:
    """The window as seen, with its frame (the offscreen platform's is 2 px all round)."""
    return widget.frameGeometry()


@pytest.fixture
def ui_state(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "state" / "ui_state.json"
    path.parent.mkdir()
    window_state.install(path)
    try:
        yield path
    finally:
        window_state.install(None)


def test_windows_open_centred_on_the_main_window_and_on_the_screen(
    qtbot: QtBot, tmp_path: Path
) -> None:
    gui = start_gui(qtbot, EveryWindowFacade(), tmp_path)
    try:
        area = screen_area()
        main = gui.window
        assert area.contains(framed(main))
        assert abs(framed(main).center().x() - area.center().x()) <= 1  # a first start
        for name, shown in open_every_window(gui).items():
            assert area.contains(framed(shown)), name
            assert (shown.geometry().center() - main.geometry().center()).manhattanLength() <= 2
            shown.close()
        # The main window moved to the bottom right corner, half off the screen: the
        # windows it opens still open inside the screen, whole.
        main.move(WIDTH - 300, HEIGHT - 200)
        gui.window.bench.windows.clear()
        for child in main.findChildren(ClusterWindow) + main.findChildren(RemotesWindow):
            child.deleteLater()
        gui.window.batch_jobs.page = None
        flush_deletes()
        for name, shown in open_every_window(gui).items():
            assert area.contains(framed(shown)), (name, shown.geometry())
    finally:
        gui.close()
        flush_deletes()


def test_geometry_splitters_columns_and_sort_order_come_back_after_a_restart(
    qtbot: QtBot, tmp_path: Path, ui_state: Path
) -> None:
    gui = start_gui(qtbot, EveryWindowFacade(), tmp_path)
    main = gui.window
    main.setGeometry(120, 90, 1100, 700)
    splitter = main.findChild(QSplitter)
    assert splitter is not None
    splitter.setSizes([600, 480])
    sizes = splitter.sizes()
    header = main.table.horizontalHeader()
    header.resizeSection(Column.NAME, 333)
    main.table.sortByColumn(Column.SIZE, Qt.SortOrder.DescendingOrder)
    order = [main.proxy.index(r, Column.NAME).data() for r in range(main.proxy.rowCount())]
    windows = open_every_window(gui)
    windows["cluster"].setGeometry(300, 60, 820, 900)
    windows["batch"].setGeometry(50, 60, 1000, 500)
    QApplication.processEvents()
    gui.close()
    flush_deletes()
    window_state.states().flush()

    saved = json.loads(ui_state.read_text())
    assert {"main", "cluster", "batch", "bench", "remotes"} <= set(saved["windows"])
    assert saved["windows"]["cluster"]["geometry"] == [300, 60, 820, 900]
    assert ui_state.name == "ui_state.json" and ui_state.parent.name == "state"
    assert not (tmp_path / "settings.json").exists()  # not among the user's settings

    window_state.install(ui_state)  # a new start reads the file again
    again = start_gui(qtbot, EveryWindowFacade(), tmp_path)
    try:
        main = again.window
        assert main.geometry() == QRect(120, 90, 1100, 700)
        splitter = main.findChild(QSplitter)
        assert splitter is not None and splitter.sizes() == sizes
        header = main.table.horizontalHeader()
        assert header.sectionSize(Column.NAME) == 333
        assert header.sortIndicatorSection() == Column.SIZE
        assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
        assert [
            main.proxy.index(r, Column.NAME).data() for r in range(main.proxy.rowCount())
        ] == order
        windows = open_every_window(again)
        assert windows["cluster"].geometry() == QRect(300, 60, 820, 900)
        assert windows["batch"].geometry() == QRect(50, 60, 1000, 500)
    finally:
        again.close()
        flush_deletes()


def test_a_saved_place_off_the_screen_is_brought_back_on_it(
    qtbot: QtBot, tmp_path: Path, ui_state: Path
) -> None:
    """A window last left on a bigger or second monitor opens whole on this screen."""
    ui_state.write_text(
        json.dumps({"version": 1, "windows": {"main": {"geometry": [2500, 1400, 1900, 1300]}}})
    )
    window_state.install(ui_state)
    gui = start_gui(qtbot, EveryWindowFacade(), tmp_path)
    try:
        assert screen_area().contains(framed(gui.window)), gui.window.geometry()
    finally:
        gui.close()
        flush_deletes()


def test_the_tray_hint_is_remembered_in_the_ui_state_not_the_settings(
    qtbot: QtBot, tmp_path: Path, ui_state: Path
) -> None:
    """Closing to the tray explains once; that it did is the windows' memory (ui_state.json),
    kept over a restart, and settings.json never hears of it (issue 19.4)."""
    fake = EveryWindowFacade()
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        gui.window.tray_available = True  # as on a desktop with a tray
        with qtbot.waitSignal(gui.tray.notified):
            gui.window.close()
        window_state.states().flush()
        saved = json.loads(ui_state.read_text())
        assert saved["flags"] == {"tray_hint_shown": True}
        assert fake.called("set_settings") == []
    finally:
        gui.close()
    window_state.install(ui_state)  # a restart reads the file again
    again = start_gui(qtbot, fake, tmp_path)
    try:
        again.window.tray_available = True
        again.window.show_and_raise()
        with qtbot.assertNotEmitted(again.tray.notified, wait=50):
            again.window.close()
    finally:
        again.close()
