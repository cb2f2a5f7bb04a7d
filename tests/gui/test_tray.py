"""The tray: aggregate status with precedence, a menu rebuilt on open, notifications."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics, QGuiApplication
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from app.core.contracts import DownloadView
from app.core.events import LoadProgressed, ProcessStateChanged, ServerStateChanged
from app.core.problems.problems import Problem
from app.core.states import LoadPhase, ProcessState
from app.gui.app import GuiApp
from app.gui.commands import CommandFailed
from app.gui.i18n import problem_text
from app.gui.icons import TrayStatus
from app.gui.model_state import state_text
from app.gui.tray import aggregate_status, menu_text_width
from app.runtime.api.snapshot import ServerView
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade, load_events, make_row, memory_problem

A = "Qwen3.5-4B-FP16-vLLM"
B = "Qwen3.5-0.8B-FP16-vLLM"


def row(process: ProcessState, downloading: bool = False):
    base = make_row("m", "org/m", 1.0, file_state="complete")
    download = DownloadView("d", "m", "running", 1, 2) if downloading else None
    return dataclasses.replace(base, process=process, download=download)


@pytest.mark.parametrize(
    ("states", "expected"),
    [
        ([], TrayStatus.IDLE),
        ([ProcessState.STOPPED, ProcessState.STOPPED], TrayStatus.IDLE),
        ([ProcessState.RUNNING, ProcessState.STOPPED], TrayStatus.RUNNING),
        ([ProcessState.RUNNING, ProcessState.STARTING], TrayStatus.LOADING),
        ([ProcessState.RUNNING, ProcessState.STOPPING], TrayStatus.LOADING),
        ([ProcessState.STARTING, ProcessState.FATAL, ProcessState.RUNNING], TrayStatus.ERROR),
        ([ProcessState.BACKOFF], TrayStatus.ERROR),
        ([ProcessState.EXITED, ProcessState.RUNNING], TrayStatus.ERROR),
    ],
)
def test_precedence_error_loading_running_idle(
    states: list[ProcessState], expected: TrayStatus
) -> None:
    assert aggregate_status([row(s) for s in states]) == expected


def test_downloads_count_as_busy_and_a_broken_endpoint_as_an_error() -> None:
    assert aggregate_status([row(ProcessState.RUNNING), row(ProcessState.STOPPED, True)]) == (
        TrayStatus.LOADING
    )
    broken = ServerView(
        False, None, Problem("proxy.port_in_use", "Port {port} is taken.", {"port": 8321})
    )
    assert aggregate_status([row(ProcessState.RUNNING)], broken) == TrayStatus.ERROR


def test_icon_state_follows_the_models(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    tray = gui.tray
    assert tray.status == TrayStatus.IDLE
    events = load_events(A)
    with qtbot.waitSignal(tray.status_changed, check_params_cb=lambda s: s == "loading"):
        fake.publish_from_thread(events[0])
    with qtbot.waitSignal(tray.status_changed, check_params_cb=lambda s: s == "running"):
        fake.publish_from_thread(*events[1:])
    with qtbot.waitSignal(tray.status_changed, check_params_cb=lambda s: s == "error"):
        fake.publish_from_thread(
            ProcessStateChanged(B, ProcessState.STOPPED, ProcessState.STARTING),
            ProcessStateChanged(
                B, ProcessState.STARTING, ProcessState.FATAL, problem=memory_problem()
            ),
        )
    assert tray.status == TrayStatus.ERROR  # a running model does not hide the failure
    assert tray.tooltip(tray.status).startswith(f"vLLM Tray: {B} failed")


def test_menu_lists_downloaded_models_with_state_and_actions(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    tray = gui.tray
    fake.publish_from_thread(*load_events(A))
    qtbot.waitUntil(lambda: gui.store.row(A).process == ProcessState.RUNNING)
    tray.menu.aboutToShow.emit()  # what opening the menu does
    entries = tray.entries()
    assert entries[0] == "vLLM Tray: running Qwen3.5-4B-FP16-vLLM"
    assert entries[1] == "Endpoint: http://127.0.0.1:8321/v1"
    assert "S&top endpoint" in entries
    assert f"{A} — running > &Unload" in entries
    assert f"{B} — downloaded > &Load" in entries
    assert "my-llama — local folder > &Load" in entries
    assert not any("27B" in e for e in entries)  # not downloaded: not in the tray
    assert entries[-2:] == ["&Open window", "&Quit"]

    submenu = next(a.menu() for a in tray.menu.actions() if a.text().startswith(B))
    next(a for a in submenu.actions() if a.text() == "&Load").trigger()
    qtbot.waitUntil(lambda: fake.called("models.load") == [(B,)])
    submenu = next(a.menu() for a in tray.menu.actions() if a.text().startswith(A))
    next(a for a in submenu.actions() if a.text() == "&Unload").trigger()
    qtbot.waitUntil(lambda: fake.called("models.unload") == [(A,)])


def test_menu_is_rebuilt_when_it_opens(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    tray = gui.tray
    tray.menu.aboutToShow.emit()
    next(a for a in tray.menu.actions() if a.text() == "S&top endpoint").trigger()
    qtbot.waitUntil(lambda: fake.called("endpoint.stop") == [()])
    qtbot.waitUntil(lambda: not gui.store.server.running)
    tray.menu.aboutToShow.emit()
    assert "S&tart endpoint" in tray.entries()
    assert tray.entries()[1] == "Endpoint stopped"
    next(a for a in tray.menu.actions() if a.text() == "S&tart endpoint").trigger()
    qtbot.waitUntil(lambda: gui.store.server.running)
    assert fake.called("endpoint.start") == [()]
    with qtbot.waitSignal(tray.show_window_requested):
        next(a for a in tray.menu.actions() if a.text() == "&Open window").trigger()
    with qtbot.waitSignal(gui.quit_requested):
        next(a for a in tray.menu.actions() if a.text() == "&Quit").trigger()


def test_notifications_when_a_load_finishes_or_fails(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    with qtbot.waitSignal(gui.tray.notified) as ready:
        fake.publish_from_thread(*load_events(A))
    assert ready.args == [f"{A} is ready", "Clients can use it at http://127.0.0.1:8321/v1"]
    with qtbot.waitSignal(gui.tray.notified) as failed:
        fake.publish_from_thread(
            ProcessStateChanged(B, ProcessState.STOPPED, ProcessState.STARTING),
            ProcessStateChanged(
                B, ProcessState.STARTING, ProcessState.FATAL, problem=memory_problem()
            ),
        )
    assert failed.args[0] == f"{B} failed to load"
    assert failed.args[1].startswith("Free memory on the GPU (76.45 GiB)")
    # A user's unload is no news.
    with qtbot.assertNotEmitted(gui.tray.notified, wait=50):
        fake.publish_from_thread(
            ProcessStateChanged(
                A, ProcessState.RUNNING, ProcessState.STOPPING, user_initiated=True
            ),
            ProcessStateChanged(
                A, ProcessState.STOPPING, ProcessState.STOPPED, user_initiated=True
            ),
        )


def test_failures_of_tray_actions_are_notified_when_the_window_is_hidden(
    qtbot: QtBot, tmp_path: Path
) -> None:
    gui = start_gui(qtbot, FakeFacade(), tmp_path)
    try:
        notes: list[tuple[str, str]] = []
        gui.tray.notified.connect(lambda title, text: notes.append((title, text)))
        gui.window.hide()
        gui.failures.report(CommandFailed("The cpu engine is not installed."))
        assert notes == [("vLLM Tray", "The cpu engine is not installed.")]
        gui.window.show()
        gui.failures.report(CommandFailed("shown in the window instead"))
        assert len(notes) == 1
    finally:
        gui.close()


def test_the_tooltip_says_what_loads_and_whether_the_endpoint_runs(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    tray = gui.tray
    assert tray.tooltip(tray.status) == (
        "vLLM Tray: no model loaded\nEndpoint: http://127.0.0.1:8321/v1"
    )
    fake.publish_from_thread(
        ServerStateChanged(False),
        ProcessStateChanged(A, ProcessState.STOPPED, ProcessState.STARTING),
        LoadProgressed(A, LoadPhase.COMPILING, 0.6, 0.4),
    )
    qtbot.waitUntil(lambda: gui.store.row(A).progress is not None)
    assert tray.tooltip(tray.status) == (
        f"vLLM Tray: working on {A}\n{A}: loading: compiling kernels 40 %\nEndpoint stopped"
    )


def test_a_failed_model_can_be_loaded_again_from_the_tray(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.publish_from_thread(
        ProcessStateChanged(B, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(B, ProcessState.STARTING, ProcessState.FATAL, problem=memory_problem()),
    )
    qtbot.waitUntil(lambda: gui.tray.status == TrayStatus.ERROR)
    gui.tray.menu.aboutToShow.emit()
    assert f"{B} — failed to start > &Load again" in gui.tray.entries()
    # The model's line says what happened; the cause is the first line inside.
    submenu = next(a.menu() for a in gui.tray.menu.actions() if a.text().startswith(B))
    cause, load_again = submenu.actions()[:2]
    assert load_again.text() == "&Load again"
    assert cause.toolTip() == problem_text(memory_problem())
    action = next(a for a in submenu.actions() if a.text() == "&Load again")
    assert action.isEnabled()
    action.trigger()
    qtbot.waitUntil(lambda: fake.called("models.load") == [(B,)])


def test_long_menu_lines_are_cut_at_a_word_and_a_click_shows_all_of_it(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 32 item 11: a given-up model's cause made one line wider than the screen, and
    a loading line was cut mid-word ("cold l…")."""
    sentence = "The engine stopped: " + " ".join(f"word{i}" for i in range(80)) + "."
    cause = Problem("load.crashed", sentence, {})
    fake.publish_from_thread(
        ProcessStateChanged(B, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(B, ProcessState.STARTING, ProcessState.FATAL, problem=cause),
        *load_events(A)[:3],  # A is loading: a long "loading: … (last cold load …)" line
    )
    qtbot.waitUntil(lambda: gui.tray.status == TrayStatus.ERROR)
    gui.tray.menu.aboutToShow.emit()
    width = menu_text_width(gui.tray.menu)
    metrics = QFontMetrics(gui.tray.menu.font())
    screen = QGuiApplication.primaryScreen().availableGeometry().width()
    assert width < screen
    texts = [a.text() for a in gui.tray.menu.actions()]
    submenus = [a.menu() for a in gui.tray.menu.actions() if isinstance(a.menu(), QMenu)]
    for menu in [gui.tray.menu, *submenus]:
        texts += [a.text() for a in menu.actions()]
    for text in texts:
        assert metrics.horizontalAdvance(text.replace("&", "")) <= width, text
    loading = next(m for m in submenus if m.title().startswith(A))
    whole = f"{A} — {state_text(gui.store.row(A))}"  # type: ignore[arg-type]
    # Whole, or cut where a word ends ("cold l…" was not).
    assert loading.title() == whole or whole.startswith(loading.title()[:-1] + " "), whole
    failed = next(m for m in submenus if m.title().startswith(B))
    first = failed.actions()[0]
    assert first.text().startswith("The engine stopped: word0 word1") and first.text() != sentence
    assert sentence.startswith(first.text()[:-1].rstrip(":") + " ")  # cut where a word ends
    assert first.toolTip() == sentence  # all of it on hover
    assert first.isEnabled()
    gui.window.hide()
    first.trigger()  # and a click away: the window, on that model's row
    assert gui.window.isVisible()
    assert gui.window.actions_.current == B
