"""GUI tests: offscreen Qt, unexpected Qt warnings fail the test, a GuiApp on a FakeFacade.

Every test runs with the GUI thread's asyncio loop installed exactly as the app installs it
(app.gui.event_loop.qt_asyncio_loop): async slots then run whenever qtbot turns Qt's event
loop (waitUntil, waitSignal, wait), the way they run under app.exec() in the app.
"""

from __future__ import annotations

import os
import tempfile

from tests.gui.screen import offscreen_platform

# Before any Qt import: no display here, and none needed; a 1600×1000 screen (tests/gui/screen.py).
os.environ["QT_QPA_PLATFORM"] = offscreen_platform()
# No test reaches the desktop's session bus: notifications would pop up on a developer's
# screen, and a tray watcher there would change what the tests see. Tests that want one
# start their own (tests/fakes/fake_desktop_bus.py).
os.environ["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/vllm-tray-tests/session_bus"
if "XDG_RUNTIME_DIR" not in os.environ:
    # Qt warns without one; mkdtemp gives the 0700 directory it insists on.
    os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="vllm-tray-runtime-")

import asyncio
import shutil
import subprocess
import sys
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtCore import (
    QLocale,
    QMessageLogContext,
    QtMsgType,
    QTranslator,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.gui import window_state
from app.gui.app import GuiApp
from app.gui.event_loop import qt_asyncio_loop
from app.gui.i18n import ENGLISH_PLURALS
from tests.gui.fake_facade import FakeFacade

T = TypeVar("T")

# Qt messages that are expected on the offscreen platform, each with why. Anything else at
# warning level or above fails the test that caused it.
ALLOWED_QT_MESSAGES = (
    # The offscreen platform has no window manager: showing and raising windows asks it for
    # things it cannot do (QWidget.show(), raise_()). Real platforms do them.
    "This plugin does not support propagateSizeHints()",
    "This plugin does not support raise()",
    # A popup menu grabs the keyboard on real platforms; the offscreen one cannot (the menu
    # still gets the keys sent to it).
    "This plugin does not support grabbing the keyboard",
    # It opens no document either (QDesktopServices.openUrl answers False): as on a desktop
    # without a file manager, which the app then says (app/gui/open_folder.py).
    "This plugin does not support QPlatformServices::openDocument()",
    # A tray icon shown offscreen (tests that stand in a tray with a probe) takes Qt's X11
    # path, which connects to a native-interface signal the offscreen platform lacks.
    "QObject::connect: No such signal QPlatformNativeInterface::systemTrayWindowChanged",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.gui)
            # Our own handler below decides; pytest-qt's capture would replace it mid-test.
            item.add_marker(pytest.mark.no_qt_log)


class QtMessages:
    def __init__(self) -> None:
        self.unexpected: list[str] = []
        self.all: list[str] = []

    def handler(self, kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        del context
        self.all.append(message)
        if kind in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            return
        if not any(message.startswith(allowed) for allowed in ALLOWED_QT_MESSAGES):
            self.unexpected.append(f"{kind.name}: {message}")


@pytest.fixture(autouse=True)
def qt_messages() -> Iterator[QtMessages]:
    messages = QtMessages()
    previous = qInstallMessageHandler(messages.handler)
    try:
        yield messages
    finally:
        qInstallMessageHandler(previous)
    if messages.unexpected:
        pytest.fail("unexpected Qt messages:\n" + "\n".join(messages.unexpected), pytrace=False)


@pytest.fixture(autouse=True, scope="session")
def english_locale() -> None:
    """Numbers print as an English desktop prints them ("2,433"), whatever the test
    machine's locale (often C, which has no grouping)."""
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


@pytest.fixture(autouse=True, scope="session")
def english_plurals(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every GUI test sees English plural forms ("2 models"), as a user does: the app loads
    them under every language (app.gui.i18n). Without this a test saw "2 model(s)" or "2
    models" depending on whether an earlier test on its worker had started the app."""
    qm = tmp_path_factory.mktemp("plurals") / f"vllm_tray_{ENGLISH_PLURALS}.qm"
    ts = Path(__file__).parents[2] / "translations" / qm.with_suffix(".ts").name
    tool = shutil.which("pyside6-lrelease", path=str(Path(sys.executable).parent))
    assert tool, "pyside6-lrelease ships with PySide6-Essentials"
    subprocess.run([tool, "-silent", str(ts), "-qm", str(qm)], check=True)
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


@pytest.fixture(autouse=True)
def no_lemonade_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real runtime offers a Lemonade import when the machine has Lemonade: GUI tests must
    not depend on whether the developer's has (test_lemonade_offer builds one)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("LEMONADE_CACHE_DIR", str(tmp_path / "lemonade-cache"))


@pytest.fixture(autouse=True)
def fresh_window_memory(qapp: QApplication) -> None:
    """What the windows remember (places, flags such as the tray hint) starts empty in each
    test and is kept in memory only; a test that needs the file installs its own."""
    window_state.install(None, qapp)


@pytest.fixture(autouse=True)
def gui_loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """The app's asyncio loop on the GUI thread, for this test only."""
    with qt_asyncio_loop(qapp) as loop:
        yield loop


def run(qtbot: QtBot, work: Coroutine[Any, Any, T] | asyncio.Future[T], timeout: int = 5000) -> T:
    """Run a coroutine (or wait for a task) on the GUI loop by turning Qt's event loop, as
    the app does; returns its result."""
    task = asyncio.ensure_future(work)
    qtbot.waitUntil(task.done, timeout=timeout)
    return task.result()


def start_gui(qtbot: QtBot, fake: Any, tmp_path: Path, **kwargs: Any) -> GuiApp:
    """GuiApp.start as run_gui calls it: subscribe, await the snapshot, build the widgets."""
    return run(qtbot, GuiApp.start(fake, autostart_dir=tmp_path / "autostart", **kwargs))


@pytest.fixture
def fake(qapp: object) -> FakeFacade:
    del qapp  # every user of the fake builds widgets: the QApplication must exist first
    return FakeFacade()


@pytest.fixture
def gui(qtbot: QtBot, fake: FakeFacade, tmp_path: Path) -> Iterator[GuiApp]:
    """The whole GUI as run_gui builds it, minus app.exec() (qtbot turns Qt's loop)."""
    app = start_gui(qtbot, fake, tmp_path)
    try:
        yield app
    finally:
        app.close()
        flush_deletes()


def flush_deletes() -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
