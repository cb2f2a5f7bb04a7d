"""Quitting asks when work would be lost (issue 32 item 5): Ctrl+Q and the tray's Quit, like
closing the window without a tray, ask before they interrupt a download or stop a model."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.core.events import DownloadProgressed
from app.core.states import ProcessState
from app.gui.app import GuiApp
from tests.gui.fake_facade import FakeFacade, load_events

NOT_DOWNLOADED = "GLM-4.7-Flash-FP16-vLLM"
LOADED = "Qwen3.5-4B-FP16-vLLM"


def question_box() -> QMessageBox | None:
    return next(
        (w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()),
        None,
    )


def button(box: QMessageBox, text: str) -> QMessageBox.StandardButton:
    return next(b for b in box.buttons() if b.text() == text)  # type: ignore[return-value]  # QAbstractButton, clicked below


def press_ctrl_q(qtbot: QtBot, gui: GuiApp) -> None:
    gui.window.show()
    gui.window.activateWindow()
    qtbot.waitUntil(gui.window.isActiveWindow)
    qtbot.keyClick(gui.window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)


def test_ctrl_q_during_a_download_asks_and_keep_running_keeps_the_app(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.publish_from_thread(DownloadProgressed("dl-1", NOT_DOWNLOADED, 22 << 20, 1_800_000_000))
    qtbot.waitUntil(lambda: gui.store.row(NOT_DOWNLOADED).download is not None)  # type: ignore[union-attr]
    with qtbot.assertNotEmitted(gui.quit_requested, wait=50):
        press_ctrl_q(qtbot, gui)
        qtbot.waitUntil(lambda: question_box() is not None)
    box = question_box()
    assert box is not None
    assert box.windowModality() == Qt.WindowModality.WindowModal
    assert box.text() == (
        "Quitting vLLM Tray ends what it is doing. It interrupts the download of "
        f"{NOT_DOWNLOADED}; Download later goes on from where it stopped."
    )
    keep = button(box, "&Keep running")
    assert box.defaultButton() is keep
    with qtbot.assertNotEmitted(gui.quit_requested, wait=50):
        keep.click()
    assert gui.window.isVisible()
    assert fake.called("models.cancel_download") == []

    press_ctrl_q(qtbot, gui)
    qtbot.waitUntil(lambda: question_box() is not None)
    box = question_box()
    assert box is not None
    with qtbot.waitSignal(gui.quit_requested):
        button(box, "&Quit and stop").click()


def test_the_trays_quit_with_a_model_loaded_shows_the_window_and_asks(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    gui.window.tray_available = True  # as on a desktop with a tray, the window hidden to it
    gui.window.hide()
    fake.publish_from_thread(*load_events(LOADED))
    qtbot.waitUntil(lambda: gui.store.row(LOADED).process == ProcessState.RUNNING)  # type: ignore[union-attr]
    with qtbot.assertNotEmitted(gui.quit_requested, wait=50):
        gui.tray.quit_requested.emit()  # the tray menu's Quit
    box = question_box()
    assert box is not None and gui.window.isVisible()
    assert f"It stops {LOADED}." in box.text()
    gui.tray.quit_requested.emit()  # a second Quit: the same question, not a second one
    assert [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not gui.window] == [
        box
    ]
    with qtbot.waitSignal(gui.quit_requested):
        button(box, "&Quit and stop").click()
    assert gui.window.close()  # accepted: the quit goes on


def test_ctrl_q_with_nothing_to_lose_quits_at_once(qtbot: QtBot, gui: GuiApp) -> None:
    with qtbot.waitSignal(gui.quit_requested):
        press_ctrl_q(qtbot, gui)
    assert question_box() is None
