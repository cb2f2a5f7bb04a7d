"""Guards against Qt-binding bugs the GUI cannot work around."""

from __future__ import annotations

import sys

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QMessageLogContext, QObject, QtMsgType, Signal
from pytestqt.qtbot import QtBot

from tests.gui.conftest import QtMessages

EMITS = 500


class _Emitter(QObject):
    fired = Signal(object)


def test_signal_emit_leaves_refcounts_of_true_alone(qtbot: QtBot) -> None:
    # PySide6 6.12.0 on Python 3.11 drops one reference to True on every Signal.emit() from
    # Python; after a few thousand emits the interpreter aborts ("bool_dealloc"). 6.11.3 is
    # fine, and Python 3.12+ makes True immortal. The fix is a pin: PySide6-Essentials<6.12.
    del qtbot
    emitter = _Emitter()
    before = sys.getrefcount(True)
    for _ in range(EMITS):
        emitter.fired.emit(None)
    drift = sys.getrefcount(True) - before
    assert drift > -EMITS // 2, (
        f"PySide6 {pyside_version} loses a reference to True per Signal.emit() "
        f"({drift} after {EMITS} emits): pin PySide6-Essentials<6.12 on Python 3.11"
    )


def test_unexpected_qt_warnings_are_caught(qtbot: QtBot) -> None:
    del qtbot
    messages = QtMessages()
    context = QMessageLogContext()
    messages.handler(QtMsgType.QtWarningMsg, context, "This plugin does not support raise()")
    messages.handler(QtMsgType.QtDebugMsg, context, "debug chatter")
    assert messages.unexpected == []
    messages.handler(QtMsgType.QtWarningMsg, context, "QLayout: Attempting to add QLayout twice")
    messages.handler(QtMsgType.QtCriticalMsg, context, "QPainter::begin: bad device")
    assert messages.unexpected == [
        "QtWarningMsg: QLayout: Attempting to add QLayout twice",
        "QtCriticalMsg: QPainter::begin: bad device",
    ]
