"""Start-up: single instance, hidden start, autostart entry, icons."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.gui import tray_watch
from app.gui.app import run_gui
from app.gui.autostart import DESKTOP_FILE, set_start_at_login
from app.gui.icons import PRECEDENCE, app_icon, icon_path, tray_icon
from app.gui.single_instance import SingleInstance, server_name
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade

ROOT = Path(__file__).resolve().parents[2]


def test_a_second_instance_brings_the_first_forward(qtbot: QtBot) -> None:
    name = server_name(f"test-{uuid.uuid4()}")
    first = SingleInstance(name)
    assert not first.notify_running()  # nobody there yet
    assert first.listen()
    second = SingleInstance(name)
    with qtbot.waitSignal(first.activated):
        assert second.notify_running()
    first.close()


def test_run_gui_exits_0_without_a_facade_when_already_running(qtbot: QtBot) -> None:
    key = f"test-{uuid.uuid4()}"
    running = SingleInstance(server_name(key))
    assert running.listen()

    def factory() -> FakeFacade:
        pytest.fail("a second instance must not start an engine")

    with qtbot.waitSignal(running.activated):
        assert run_gui(factory, start_hidden=False, instance_key=key) == 0
    running.close()


def test_server_names_differ_per_config_dir() -> None:
    assert server_name("/a") != server_name("/b")
    assert server_name("/a") == server_name("/a")
    assert len(server_name("/" + "x" * 500)) < 40  # unix socket paths are short


def test_start_hidden_needs_a_tray(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tray_watch, "TRAY_WAIT_MS", 100)
    gui = start_gui(qtbot, fake, tmp_path, start_hidden=True)
    try:
        # No tray on offscreen: after a moment's wait for one, hiding would lose the app.
        qtbot.waitUntil(gui.window.isVisible, timeout=3000)
    finally:
        gui.close()


def test_autostart_entry(tmp_path: Path) -> None:
    path = set_start_at_login(True, tmp_path)
    assert path == tmp_path / DESKTOP_FILE
    assert path.read_text().startswith("[Desktop Entry]\nType=Application\n")
    set_start_at_login(False, tmp_path)
    assert not path.exists()
    set_start_at_login(False, tmp_path)  # removing twice is fine


def test_icons_load(qtbot: QtBot) -> None:
    del qtbot
    assert not app_icon().pixmap(32, 32).isNull()
    for status in PRECEDENCE:
        assert icon_path(f"tray-{status.value}").is_file()
        image = tray_icon(status).pixmap(22, 22).toImage()
        assert not image.isNull() and image.pixelColor(11, 11).alpha() > 0


RUN_GUI = """
import sys, uuid
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from app.gui import tray_watch
from app.gui.app import run_gui
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade

app = QApplication([])
fakes = []
def factory():
    fakes.append(FakeFacade())
    return fakes[-1]
def quit_from_tray():
    windows = [w for w in app.topLevelWidgets() if w.isVisible()]
    print("visible:", [w.windowTitle() for w in windows], flush=True)
    app.quit()
QTimer.singleShot(1500, quit_from_tray)
status = run_gui(factory, start_hidden=False, instance_key=str(uuid.uuid4()))
print("status:", status, "shut down:", fakes[0].shut_down, flush=True)
"""


def test_run_gui_shows_the_window_and_shuts_the_facade_down_on_quit() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", RUN_GUI],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "visible: ['vLLM Tray']" in result.stdout
    assert "status: 0 shut down: True" in result.stdout
