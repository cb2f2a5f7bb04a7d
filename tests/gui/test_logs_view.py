"""The log view: the tail, live lines, search, copy, and the diagnosis of a failed model."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.core.events import LogLineEmitted, ProcessStateChanged
from app.core.states import ProcessState
from app.gui.app import GuiApp
from tests.gui.fake_facade import FakeFacade, memory_problem

MODEL = "Qwen3.5-9B-FP16-vLLM"
OTHER = "Qwen3.5-4B-FP16-vLLM"


def test_follows_live_output_of_its_model_only(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.logs[MODEL] = ["INFO starting", "INFO Starting to load model /m..."]
    view = gui.window.open_logs(MODEL)
    assert view.lines() == ["INFO starting", "INFO Starting to load model /m..."]
    fake.publish_from_thread(
        LogLineEmitted(MODEL, "Loading safetensors checkpoint shards:  50% Completed | 1/2"),
        LogLineEmitted(OTHER, "a line of another model"),
        LogLineEmitted(MODEL, "INFO Loading weights took 1.20 seconds"),
    )
    qtbot.waitUntil(lambda: len(view.lines()) == 4)
    assert view.lines()[-1] == "INFO Loading weights took 1.20 seconds"
    assert "a line of another model" not in view.lines()
    bar = view.text.verticalScrollBar()
    assert view.follow.isChecked() and bar.value() == bar.maximum()
    assert gui.window.open_logs(MODEL) is view  # one window per model
    view.close()


def test_search_highlights_and_finds(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.logs[MODEL] = [f"line {i} {'memory' if i % 10 == 0 else 'ok'}" for i in range(100)]
    view = gui.window.open_logs(MODEL)
    qtbot.keyClicks(view.search, "memory")
    assert view.match_count == 10 and view.match_label.text() == "10 found"
    assert len(view.text.extraSelections()) == 10
    assert view.text.textCursor().selectedText() == "memory"
    first = view.text.textCursor().blockNumber()
    assert view.find_next()
    assert view.text.textCursor().blockNumber() == first + 10
    assert not view.follow.isChecked()  # searching stops following
    view.search.clear()
    assert view.text.extraSelections() == []
    view.close()


def test_copy_takes_the_selection_or_everything(gui: GuiApp, fake: FakeFacade) -> None:
    fake.logs[MODEL] = ["first", "second", "third"]
    view = gui.window.open_logs(MODEL)
    assert view.copy() == "first\nsecond\nthird"
    assert QGuiApplication.clipboard().text() == "first\nsecond\nthird"
    view.text.selectAll()
    cursor = view.text.textCursor()
    cursor.setPosition(0)
    cursor.setPosition(len("first\nsecond"), cursor.MoveMode.KeepAnchor)
    view.text.setTextCursor(cursor)
    assert view.copy() == "first\nsecond"
    view.close()


def test_a_failed_model_shows_its_diagnosis_and_the_fix(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    view = gui.window.open_logs(MODEL)
    assert not view.banner.isVisible()
    failure = memory_problem()
    fake.publish_from_thread(
        ProcessStateChanged(MODEL, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(MODEL, ProcessState.STARTING, ProcessState.BACKOFF, problem=failure),
    )
    qtbot.waitUntil(view.banner.isVisible)
    assert view.banner.title.text() == f"{MODEL} could not start"
    assert not view.state_label.isVisible()
    qtbot.mouseClick(view.banner.fix_button, Qt.MouseButton.LeftButton)
    assert fake.called("apply_fix") == [(MODEL, failure.fix, True)]
    view.close()
