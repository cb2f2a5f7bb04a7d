"""GUI tests: offscreen Qt, unexpected Qt warnings fail the test, a GuiApp on a FakeFacade."""

from __future__ import annotations

import os
import tempfile

# Before any Qt import: no display here, and none needed.
os.environ["QT_QPA_PLATFORM"] = "offscreen"
if "XDG_RUNTIME_DIR" not in os.environ:
    # Qt warns without one; mkdtemp gives the 0700 directory it insists on.
    os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="vllm-tray-runtime-")

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

from app.gui.app import GuiApp
from tests.gui.fake_facade import FakeFacade

# Qt messages that are expected on the offscreen platform, each with why. Anything else at
# warning level or above fails the test that caused it.
ALLOWED_QT_MESSAGES = (
    # The offscreen platform has no window manager: showing and raising windows asks it for
    # things it cannot do (QWidget.show(), raise_()). Real platforms do them.
    "This plugin does not support propagateSizeHints()",
    "This plugin does not support raise()",
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


@pytest.fixture
def fake(qapp: object) -> FakeFacade:
    del qapp  # every user of the fake builds widgets: the QApplication must exist first
    return FakeFacade()


@pytest.fixture
def gui(qtbot: object, fake: FakeFacade, tmp_path: Path) -> Iterator[GuiApp]:
    """The whole GUI as run_gui builds it, minus the event loop (pytest-qt runs Qt's)."""
    del qtbot  # requested for the QApplication it creates
    app = GuiApp(fake, autostart_dir=tmp_path / "autostart")
    try:
        yield app
    finally:
        app.close()
        flush_deletes()


def flush_deletes() -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
