"""The GUI on the real engine thread and facade, with the fake engine: click Load, see RUNNING,
see the load progress and the tray follow, then Unload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.states import ProcessState
from app.gui.app import GuiApp
from app.runtime.facade import ThreadFacade
from app.runtime.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime


@pytest.fixture
def facade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ThreadFacade]:
    # a slow-ish start so the GUI sees STARTING and progress before RUNNING
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("tiny",),
        settings={"engine.custom_command": fake_engine("--fake-start-delay", "1")},
    )
    thread = RuntimeThread(rt, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    try:
        yield facade
    finally:
        facade.shutdown()


def test_click_load_then_running_then_unload(
    qtbot: QtBot, facade: ThreadFacade, tmp_path: Path
) -> None:
    gui = GuiApp(facade, autostart_dir=tmp_path / "autostart")
    try:
        seen: list[ProcessState] = []
        gui.bridge.process_state_changed.connect(lambda e: seen.append(e.new))
        assert gui.window.select_model("user.tiny")
        assert gui.window.actions_.load.isEnabled()
        gui.window.actions_.load.trigger()

        def running() -> None:
            row = gui.store.row("user.tiny")
            assert row is not None and row.process is ProcessState.RUNNING

        qtbot.waitUntil(running, timeout=60_000)
        assert seen[:2] == [ProcessState.STARTING, ProcessState.RUNNING]
        row = gui.store.row("user.tiny")
        assert row is not None and row.progress is not None and row.progress.fraction == 1.0
        assert gui.tray.status.name == "RUNNING"

        gui.tray.rebuild()
        entries = gui.tray.entries()
        assert any(e.startswith("tiny — running") and e.endswith("> &Unload") for e in entries), (
            entries
        )

        gui.window.actions_.unload.trigger()

        def stopped() -> None:
            row = gui.store.row("user.tiny")
            assert row is not None and row.process is ProcessState.STOPPED

        qtbot.waitUntil(stopped, timeout=60_000)
    finally:
        gui.close()
