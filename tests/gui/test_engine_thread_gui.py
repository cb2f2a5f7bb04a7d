"""The GUI on the real engine thread and facade, with the fake engine: click Load, see RUNNING,
see the load progress and the tray follow, then Unload."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.paths import resolve_paths
from app.core.states import ProcessState
from app.engine.facade import EngineFacade
from app.engine.runtime import Runtime, RuntimeOptions
from app.engine.thread import EngineThread
from app.gui.app import GuiApp
from tests.integration.test_runtime import FAKE, make_model_folder


@pytest.fixture
def facade(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EngineFacade]:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    rt = Runtime(
        resolve_paths(tmp_path / "home"),
        RuntimeOptions(sysfs_root=tmp_path / "no-sys", sample_gpu=False),
    )
    rt.settings.set_many(
        {
            "engine.kind": "custom",
            # a slow-ish start so the GUI sees STARTING and progress before RUNNING
            "engine.custom_command": shlex.join(
                [sys.executable, str(FAKE), "--fake-start-delay", "1"]
            ),
        }
    )
    rt.registry.add_user_model("tiny", str(make_model_folder(tmp_path / "tiny")))
    thread = EngineThread(rt, serve=False)
    thread.start()
    facade = EngineFacade(thread)
    try:
        yield facade
    finally:
        facade.shutdown()


def test_click_load_then_running_then_unload(
    qtbot: QtBot, facade: EngineFacade, tmp_path: Path
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
