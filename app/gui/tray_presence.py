"""Whether the desktop shows a system tray now, asked again for the whole session."""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QSystemTrayIcon

from app.gui.session_bus import SessionBus

log = logging.getLogger(__name__)

# An XEmbed tray (trayer, stalonetray, xembedsniproxy) is an X selection; Qt notices its
# arrival and departure only when asked, so it is asked this often (a question costs about
# 3 ms when Qt has to open a D-Bus connection for it, well under 1 ms otherwise).
POLL_MS = 2000


def qt_tray_available() -> bool:
    return QSystemTrayIcon.isSystemTrayAvailable()


class TrayPresence(QObject):
    """Emits `changed(available)` when a system tray appears or goes away.

    Qt answers `isSystemTrayAvailable()` afresh each time, for both kinds of tray, but it
    picks the kind once per process, at the first question: StatusNotifierItem over D-Bus
    if `org.kde.StatusNotifierWatcher` is on the session bus then, otherwise XEmbed, which
    exists on X11 only. So the first question waits, off X11, until the watcher is there;
    later the watcher's name coming and going makes Qt be asked at once.
    """

    changed = Signal(bool)
    looked = Signal(bool)  # the first look's answer, once: whether the app starts with a tray
    watcher_unusable = Signal()  # a watcher appeared that this process's Qt cannot use

    def __init__(
        self,
        bus: SessionBus,
        probe: Callable[[], bool] = qt_tray_available,
        *,
        x11: bool | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._bus = bus
        self._probe = probe
        self._x11 = QGuiApplication.platformName() == "xcb" if x11 is None else x11
        self._asked = False
        self._told_unusable = False
        self.available = False
        self.started = False
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.check)
        bus.watcher_changed.connect(self._on_bus_watcher_changed)

    def start(self) -> None:
        """The first look (now, or when a watcher comes), then one every POLL_MS; called
        once the session bus has answered or failed to."""
        self.started = True
        self.check()
        self._timer.start()
        self.looked.emit(self.available)

    def may_ask_qt(self) -> bool:
        return self._asked or self._x11 or self._bus.has_watcher or not self._bus.connected

    def check(self) -> None:
        if not self.may_ask_qt():
            return
        self._asked = True
        now = self._probe()
        if now != self.available:
            self.available = now
            log.info("system tray %s", "available" if now else "gone")
            self.changed.emit(now)
        elif not now and self._bus.has_watcher and not self._told_unusable:
            # Qt chose XEmbed before the watcher came and never looks at it again.
            self._told_unusable = True
            log.warning("a StatusNotifier tray appeared that Qt can use only after a restart")
            self.watcher_unusable.emit()

    def _on_bus_watcher_changed(self, present: bool) -> None:
        del present
        self.check()

    def stop(self) -> None:
        self._timer.stop()
