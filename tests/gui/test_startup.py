"""The window first (issue 20.5, app/gui/startup.py): the GUI is built and shown on a
LateFacade before the engine exists; the calls it makes meanwhile are answered once the
engine is connected, its events arrive from then on, and the first snapshot replaces the
"Starting the engine…" cover with the model list (first row selected, start-up problems said).
run_gui does this in the app; tests/gui/test_startup_e2e.py times it on a real X server."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from pathlib import Path

import pytest
from PySide6.QtWidgets import QStackedWidget
from pytestqt.qtbot import QtBot

from app.core.events import Event, ProcessStateChanged
from app.core.problems.problems import Problem
from app.core.states import ProcessState
from app.gui import window_state
from app.gui.app import GuiApp
from app.gui.startup import LateFacade
from tests.gui.conftest import flush_deletes, run
from tests.gui.fake_facade import FakeFacade


class Engine:
    """A facade that answers from any thread, as the runtime thread's does."""

    def __init__(self) -> None:
        self.bus = FakeFacade().bus
        self.calls: list[tuple[str, tuple[object, ...]]] = []
        self.stopped = False

    def load(self, model_id: str) -> Future[str]:
        self.calls.append(("load", (model_id,)))
        answer: Future[str] = Future()
        threading.Timer(0.05, answer.set_result, args=(f"loaded {model_id}",)).start()
        return answer

    def unload(self, model_id: str) -> Future[None]:
        self.calls.append(("unload", (model_id,)))
        answer: Future[None] = Future()
        answer.set_exception(RuntimeError("not loaded"))
        return answer

    def log_path(self, model_id: str) -> str:
        return f"/logs/{model_id}.log"

    def shutdown(self) -> None:
        self.stopped = True


def test_calls_before_the_engine_are_answered_by_it_in_order() -> None:
    late = LateFacade()
    loaded = late.load("a")
    unloaded = late.unload("b")
    assert not loaded.done()
    engine = Engine()
    late.connect(engine)
    assert engine.calls == [("load", ("a",)), ("unload", ("b",))]
    assert loaded.result(timeout=5) == "loaded a"
    with pytest.raises(RuntimeError, match="not loaded"):
        unloaded.result(timeout=5)
    # Connected: the engine's own methods, nothing in between.
    assert late.log_path("c") == "/logs/c.log"
    assert late.load == engine.load


def test_the_gui_bus_relays_the_engines_events_once_connected() -> None:
    late = LateFacade()
    seen: list[Event] = []
    late.bus.subscribe(seen.append)  # as the bridge does, before the engine exists
    engine = Engine()
    late.connect(engine)
    event = ProcessStateChanged("a", ProcessState.STOPPED, ProcessState.STARTING)
    engine.bus.publish(event)
    assert seen == [event]


def test_quitting_while_the_engine_is_built_stops_it_once_built(qtbot: QtBot) -> None:
    late = LateFacade()
    engine = Engine()
    release = threading.Event()

    def build() -> Engine:
        release.wait(10)
        return engine

    building = asyncio.ensure_future(late.build(build))
    qtbot.waitUntil(lambda: late._building is not None)
    stopper = threading.Thread(target=late.shutdown)
    stopper.start()  # the app quits: shutdown waits for the engine being built
    stopper.join(0.2)
    assert stopper.is_alive() and not engine.stopped
    release.set()
    stopper.join(10)
    assert engine.stopped
    qtbot.waitUntil(building.done)


def test_the_window_shows_before_the_engine_and_fills_in_after(
    qtbot: QtBot, tmp_path: Path
) -> None:
    fake = FakeFacade()
    fake.problems = (
        Problem("config.unreadable", "settings.json cannot be read: {reason}.", {"reason": "x"}),
    )
    late = LateFacade()
    window_state.set_flag("lemonade_offered")
    gui = GuiApp.opening(
        late,  # type: ignore[arg-type]
        {},
        autostart_dir=tmp_path / "autostart",
    )
    try:
        window = gui.window
        assert window.isVisible()
        stack = window.centralWidget()
        assert isinstance(stack, QStackedWidget)
        assert stack.currentIndex() == 1  # "Starting the engine…"
        assert not window.menuBar().isEnabled() and not window.toolbar.isEnabled()
        gui.tray.rebuild()
        assert "Starting the engine…" in gui.tray.entries()

        late.connect(fake)
        run(qtbot, gui.started())
        assert stack.currentIndex() == 0  # the model list and the panels
        assert window.menuBar().isEnabled() and window.toolbar.isEnabled()
        assert window.proxy.rowCount() == len(fake.rows)
        assert window.current_model_id() is not None  # the first row, as before
        assert "settings.json cannot be read: x." in window.notice.text()
        gui.tray.rebuild()
        assert "Starting the engine…" not in gui.tray.entries()
    finally:
        gui.close()
        flush_deletes()
