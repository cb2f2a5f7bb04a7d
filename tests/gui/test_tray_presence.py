"""Trays that come and go (issue 20): the icon follows the tray, the window shows whenever no
tray could bring it back, a close without a tray asks before it stops models, and
notifications go to the session's notification server, tray or not.

Offscreen, so Qt's own answer is replaced by a probe the test sets; the real one is used on
X11 by tests/gui/test_tray_e2e.py and test_tray_sni_e2e.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.core.states import ProcessState
from app.gui import tray_watch
from app.gui.app import GuiApp
from app.gui.session_bus import SessionBus
from app.gui.tray_presence import TrayPresence
from tests.fakes.fake_desktop_bus import Stub
from tests.fakes.fake_logind import private_bus
from tests.gui.conftest import run, start_gui
from tests.gui.fake_facade import FakeFacade, load_events

A = "Qwen3.5-4B-FP16-vLLM"


class Probe:
    """Stands for QSystemTrayIcon.isSystemTrayAvailable(): says what the test sets."""

    def __init__(self, available: bool) -> None:
        self.available = available
        self.asked = 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.available


@pytest.fixture
def bus_address() -> Iterator[str]:
    with private_bus() as address:
        yield address


def question_box() -> QMessageBox | None:
    return next(
        (w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()),
        None,
    )


def test_a_hidden_start_waits_for_a_late_tray_and_uses_it(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tray_watch, "TRAY_WAIT_MS", 300)
    probe = Probe(False)
    gui = start_gui(qtbot, fake, tmp_path, start_hidden=True, tray_probe=probe)
    try:
        qtbot.waitUntil(lambda: gui.tray_watch.presence.started)
        assert not gui.window.isVisible()  # waiting for a tray, for a moment
        assert not gui.tray.available
        probe.available = True
        gui.tray_watch.presence.check()  # what the poll or the watcher's name does
        assert gui.tray.available and gui.tray.icon is not None
        assert gui.window.tray_available
        qtbot.wait(500)
        assert not gui.window.isVisible()  # the tray came in time: it stays hidden
    finally:
        gui.close()


def test_a_hidden_start_without_any_tray_shows_the_window_after_a_while(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tray_watch, "TRAY_WAIT_MS", 200)
    gui = start_gui(qtbot, fake, tmp_path, start_hidden=True, tray_probe=Probe(False))
    try:
        assert not gui.window.isVisible()
        qtbot.waitUntil(gui.window.isVisible, timeout=3000)  # never running invisibly
    finally:
        gui.close()


NO_TRAY = "There is no system tray, so vLLM Tray shows its window instead"


def test_a_start_without_a_tray_says_so_once(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 32 item 6: a start with no tray said nothing, then a close quit and stopped
    the models; the window now says once what closing it does."""
    caplog.set_level("INFO", logger="app.gui.tray_watch")
    probe = Probe(False)
    gui = start_gui(qtbot, fake, tmp_path, tray_probe=probe)
    presence = gui.tray_watch.presence
    try:
        qtbot.waitUntil(lambda: presence.started)
        assert gui.window.isVisible() and gui.window.notice_frame.isVisible()
        assert gui.window.notice.text() == (
            f"{NO_TRAY}: closing it quits vLLM Tray and stops your models (it asks first). "
            "The icon appears if a tray starts later."
        )
        assert [r.message for r in caplog.records if "no system tray" in r.message] == [
            "no system tray: closing the window quits vLLM Tray"
        ]
        gui.window.notice_frame.dismiss()
        presence.check()  # the next looks at the desktop: still none, and nothing said again
        presence.check()
        assert gui.window.notice_frame.isHidden()

        probe.available = True  # a tray starts later: the icon goes there
        presence.check()
        assert gui.tray.available and gui.window.tray_available
    finally:
        gui.close()


def test_a_start_without_a_tray_takes_its_sentence_back_when_one_comes(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    probe = Probe(False)
    gui = start_gui(qtbot, fake, tmp_path, tray_probe=probe)
    try:
        qtbot.waitUntil(lambda: gui.window.notice.text().startswith(NO_TRAY))
        probe.available = True
        gui.tray_watch.presence.check()
        assert gui.window.notice_frame.isHidden()  # no longer true: gone
    finally:
        gui.close()


def test_the_tray_going_away_brings_the_window_back_and_says_so_once(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    probe = Probe(True)
    gui = start_gui(qtbot, fake, tmp_path, start_hidden=True, tray_probe=probe)
    presence = gui.tray_watch.presence
    try:
        qtbot.waitUntil(lambda: presence.started)
        assert gui.tray.available and not gui.window.isVisible()
        probe.available = False
        presence.check()
        assert gui.window.isVisible()
        assert not gui.tray.available and not gui.window.tray_available
        assert gui.window.notice.text().startswith("The system tray has gone away")

        probe.available = True
        presence.check()
        assert gui.tray.available and gui.window.tray_available
        # The tray is back: the sentence that said it had gone is gone too.
        assert gui.window.notice_frame.isHidden() and gui.window.notice.text() == ""
        gui.window.close()  # a tray again: closing hides to it
        assert not gui.window.isVisible()
        probe.available = False
        presence.check()
        assert gui.window.isVisible()
        assert gui.window.notice_frame.isHidden()  # said once per session, not per flap
    finally:
        gui.close()


def test_presence_polls_qt(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.gui import tray_presence

    monkeypatch.setattr(tray_presence, "POLL_MS", 20)
    probe = Probe(False)
    presence = TrayPresence(SessionBus(), probe, x11=True)
    presence.start()
    probe.available = True
    with qtbot.waitSignal(presence.changed, timeout=2000) as changed:
        pass
    assert changed.args == [True]
    presence.stop()


def test_off_x11_qt_is_asked_only_once_a_watcher_is_there(
    qtbot: QtBot, bus_address: str, tmp_path: Path
) -> None:
    """Qt picks StatusNotifierItem or XEmbed at its first question, for good; XEmbed does
    not exist off X11, so a question asked before the watcher came would lose the tray."""
    bus = SessionBus()
    assert run(qtbot, bus.open(bus_address))
    probe = Probe(True)
    presence = TrayPresence(bus, probe, x11=False)
    presence.start()
    assert probe.asked == 0 and not presence.available
    watcher = Stub("watcher", bus_address, tmp_path / "watcher.jsonl")
    try:
        with qtbot.waitSignal(presence.changed, timeout=10000) as changed:
            watcher.start()
        assert changed.args == [True] and probe.asked >= 1
        probe.available = False
        with qtbot.waitSignal(presence.changed, timeout=10000) as gone:
            watcher.stop()  # the panel goes: its watcher's name leaves the bus
        assert gone.args == [False]
    finally:
        watcher.stop()
        presence.stop()
        bus.close()


def test_a_watcher_that_qt_cannot_use_is_explained(
    qtbot: QtBot, fake: FakeFacade, bus_address: str, tmp_path: Path
) -> None:
    """Qt that chose XEmbed (on X11, before any watcher) never uses a watcher that comes
    later: the window says what to do."""
    gui = run(qtbot, GuiApp.start(fake, tray_probe=Probe(False), bus_address=bus_address))
    watcher = Stub("watcher", bus_address, tmp_path / "watcher.jsonl")
    try:
        watcher.start()
        qtbot.waitUntil(lambda: "start it again" in gui.window.notice.text(), timeout=10000)
    finally:
        watcher.stop()
        gui.close()


def test_closing_without_a_tray_asks_before_stopping_running_models(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    assert not gui.tray.available
    fake.publish_from_thread(*load_events(A))
    qtbot.waitUntil(lambda: gui.store.row(A).process == ProcessState.RUNNING)
    with qtbot.assertNotEmitted(gui.quit_requested, wait=50):
        gui.window.close()
    box = question_box()
    assert box is not None
    assert box.text() == f"Closing the window quits vLLM Tray. It stops {A}."
    assert gui.window.isVisible()
    keep = next(b for b in box.buttons() if b.text() == "&Keep running")
    assert box.defaultButton() is keep
    keep.click()
    assert gui.window.isVisible()

    gui.window.close()
    box = question_box()
    assert box is not None
    with qtbot.waitSignal(gui.quit_requested):
        next(b for b in box.buttons() if b.text() == "&Quit and stop").click()


def test_notifications_go_to_the_session_notification_server(
    qtbot: QtBot, fake: FakeFacade, bus_address: str, tmp_path: Path
) -> None:
    """GNOME without the AppIndicator extension: a notification server and no tray."""
    server = Stub("notifications", bus_address, tmp_path / "notifications.jsonl").start()
    gui = run(qtbot, GuiApp.start(fake, tray_probe=Probe(False), bus_address=bus_address))
    try:
        assert not gui.tray.available
        fake.publish_from_thread(*load_events(A))
        qtbot.waitUntil(lambda: bool(server.records("notify")), timeout=10000)
        (note,) = server.records("notify")
        assert note["app_name"] == "vLLM Tray"
        assert note["summary"] == f"{A} is ready"
        assert note["body"] == "Clients can use it at http://127.0.0.1:8321/v1"
        assert note["app_icon"].startswith("file://") and note["app_icon"].endswith("app.svg")
        assert note["hints"] == {"desktop-entry": "vllm-tray", "urgency": 1}
    finally:
        server.stop()
        gui.close()


def test_without_a_notification_server_the_tray_balloon_is_used(
    qtbot: QtBot, fake: FakeFacade, bus_address: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    balloons: list[tuple[str, str]] = []
    gui = run(qtbot, GuiApp.start(fake, tray_probe=Probe(True), bus_address=bus_address))
    try:
        qtbot.waitUntil(lambda: gui.tray_watch.presence.started)
        monkeypatch.setattr(gui.tray, "show_balloon", lambda t, m: balloons.append((t, m)))
        fake.publish_from_thread(*load_events(A))
        qtbot.waitUntil(lambda: bool(balloons), timeout=10000)
        assert balloons[0][0] == f"{A} is ready"
    finally:
        gui.close()


def test_a_bus_closed_while_it_was_answering_is_let_go(qtbot: QtBot, bus_address: str) -> None:
    """The GUI closes (a quick quit, a test's end) while the session bus is still answering
    `open`: the late answer disconnects and nothing is told afterwards (it used to stay
    connected and emit on a deleted object when the watcher came: "Signal source has been
    deleted")."""
    bus = SessionBus()
    told: list[bool] = []
    bus.watcher_changed.connect(told.append)
    bus.settled.connect(told.append)
    opening = bus.open(bus_address)
    bus.close()  # before the first await of open() has even run
    assert run(qtbot, opening) is False
    assert bus.bus is None and told == []  # disconnected: no handler left to call


def test_a_start_up_problem_and_the_no_tray_sentence_are_both_shown(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    from app.core.problems.problems import Problem

    fake.problems = (Problem("config.corrupt", "{file} was not valid JSON.", {"file": "x"}),)
    gui = start_gui(qtbot, fake, tmp_path, tray_probe=Probe(False))
    try:
        qtbot.waitUntil(lambda: NO_TRAY in gui.window.notice.text())
        first, second = gui.window.notice.text().split("\n\n")
        assert first == "x was not valid JSON." and second.startswith(NO_TRAY)
    finally:
        gui.close()
