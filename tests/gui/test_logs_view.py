"""The log view: the tail, live lines, search, copy, and the diagnosis of a failed model."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.core.events import LogLineEmitted, ProcessStateChanged
from app.core.states import ProcessState
from app.gui.app import GuiApp
from app.gui.logs_view import LogsView
from tests.gui.fake_facade import FakeFacade, memory_problem

MODEL = "Qwen3.5-9B-FP16-vLLM"
OTHER = "Qwen3.5-4B-FP16-vLLM"
HEALTH = '(APIServer pid=412) INFO:     127.0.0.1:50312 - "GET /health HTTP/1.1" 200 OK'
METRICS = '(APIServer pid=412) INFO:     127.0.0.1:50318 - "GET /metrics HTTP/1.1" 200 OK'
CHAT = '(APIServer pid=412) INFO:     127.0.0.1:50320 - "POST /v1/chat/completions HTTP/1.1" 200 OK'


def open_logs(qtbot: QtBot, gui: GuiApp, model_id: str = MODEL) -> LogsView:
    view = gui.window.open_logs(model_id)
    qtbot.waitUntil(view.tail_task.done)
    return view


def test_follows_live_output_of_its_model_only(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.logs[MODEL] = ["INFO starting", "INFO Starting to load model /m..."]
    view = open_logs(qtbot, gui)
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
    view = open_logs(qtbot, gui)
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


def test_copy_takes_the_selection_or_everything(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.logs[MODEL] = ["first", "second", "third"]
    view = open_logs(qtbot, gui)
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
    view = open_logs(qtbot, gui)
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
    qtbot.waitUntil(lambda: fake.called("models.apply_fix") == [(MODEL, failure.fix, True)])
    view.close()


def test_a_crash_loop_is_said_in_the_same_words_as_in_the_window(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    view = open_logs(qtbot, gui)
    gui.window.select_model(MODEL)
    fake.publish_from_thread(
        ProcessStateChanged(MODEL, ProcessState.STOPPED, ProcessState.STARTING)
    )
    fake.rows[MODEL] = replace(fake.rows[MODEL], failures=3, restarts=2, next_retry_at=None)
    fake.publish_from_thread(
        ProcessStateChanged(
            MODEL, ProcessState.STARTING, ProcessState.BACKOFF, problem=memory_problem()
        )
    )
    qtbot.waitUntil(lambda: view.banner.detail.text() != "")
    assert view.banner.title.text() == f"{MODEL} failed to start 3 times in a row"
    assert (
        view.banner.detail.text()
        == "Failed to start 3 times in a row. The next request tries again."
    )
    window = gui.window.banner
    assert (window.title.text(), window.detail.text()) == (
        view.banner.title.text(),
        view.banner.detail.text(),
    )
    view.close()


def test_the_apps_own_polling_is_hidden_unless_asked_for(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.logs[MODEL] = ["INFO Application startup complete.", HEALTH, METRICS, CHAT]
    view = open_logs(qtbot, gui)
    assert view.lines() == ["INFO Application startup complete.", CHAT]
    fake.publish_from_thread(LogLineEmitted(MODEL, HEALTH), LogLineEmitted(MODEL, "INFO done"))
    qtbot.waitUntil(lambda: view.lines()[-1] == "INFO done")
    assert HEALTH not in view.lines()
    qtbot.mouseClick(view.show_polling, Qt.MouseButton.LeftButton)
    assert view.lines() == [
        "INFO Application startup complete.",
        HEALTH,
        METRICS,
        CHAT,
        HEALTH,
        "INFO done",
    ]
    view.show_polling.setChecked(False)
    assert view.lines() == ["INFO Application startup complete.", CHAT, "INFO done"]
    view.close()


def test_escape_closes_the_log_window(qtbot: QtBot, gui: GuiApp) -> None:
    view = open_logs(qtbot, gui)
    view.show()
    view.activateWindow()
    qtbot.waitUntil(view.isVisible)
    qtbot.keyClick(view.text, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: MODEL not in gui.window.logs_views)  # closed, and so deleted


def test_lines_that_arrive_before_the_tail_show_once(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.hold.add("models.log_tail")
    fake.logs[MODEL] = ["one", "two"]
    view = gui.window.open_logs(MODEL)
    qtbot.waitUntil(lambda: "models.log_tail" in fake.held)
    # Written (and so in the tail) and published while the tail is on its way.
    fake.publish_from_thread(LogLineEmitted(MODEL, "three"), LogLineEmitted(MODEL, "four"))
    qtbot.wait(20)
    assert view.lines() == []
    fake.release("models.log_tail")  # the tail was read after "three" was written
    qtbot.waitUntil(view.tail_task.done)
    assert view.lines() == ["one", "two", "three", "four"]
    view.close()
