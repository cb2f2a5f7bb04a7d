"""What the app does as trays come and go: the icon, the window, and one sentence about it."""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QTimer

from app.gui.main_window import MainWindow
from app.gui.tray import TrayController
from app.gui.tray_presence import TrayPresence

log = logging.getLogger(__name__)

# A session's tray usually starts with it, often a moment after the apps it autostarts:
# a hidden start waits this long for one before it opens the window after all.
TRAY_WAIT_MS = 5000


class TrayWatch(QObject):
    """Never running invisibly: the window shows whenever no tray can bring it back.

    - a tray appears: the icon goes there, and a close hides the window to it again;
    - no tray at start: the window says so once (a close quits, after asking);
    - the tray goes away: the icon is hidden, a hidden window is shown, and the window
      says once (per session) what happened; a close now asks before it stops models;
    - a hidden start without a tray waits TRAY_WAIT_MS for one, then shows the window.
    """

    def __init__(
        self,
        tray: TrayController,
        window: MainWindow,
        presence: TrayPresence,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._tray = tray
        self._window = window
        self.presence = presence
        self._had_tray = False
        self._told_gone = False
        self._notice = ""  # the sentence this watch put in the window, while it is true
        self._wait = QTimer(self)
        self._wait.setSingleShot(True)
        self._wait.setInterval(TRAY_WAIT_MS)
        self._wait.timeout.connect(self._on_wait_timeout)
        presence.changed.connect(self._on_presence_changed)
        presence.looked.connect(self._on_presence_looked)
        presence.watcher_unusable.connect(self._on_presence_watcher_unusable)

    def start(self, *, hidden: bool) -> None:
        """The window now, or the wait for a tray; the presence starts on its own."""
        if not hidden:
            self._window.show()
        elif not self.presence.available:
            log.info(
                "no system tray yet: the window opens in %d s unless one appears",
                TRAY_WAIT_MS // 1000,
            )
            self._wait.start()

    def _on_presence_changed(self, available: bool) -> None:
        self._tray.set_available(available)
        self._window.tray_available = available
        if available:
            self._had_tray = True
            self._wait.stop()
            self._take_back_notice()  # "the tray has gone away" is no longer true
            return
        if not self._window.isVisible():
            log.info("the tray went away: showing the window")
            self._window.show_and_raise()
        if self._had_tray and not self._told_gone:
            self._told_gone = True
            self._say(
                self.tr(
                    "The system tray has gone away, so vLLM Tray shows its window instead. "
                    "Your models keep running, and the icon returns when a tray does."
                )
            )

    def _on_presence_looked(self, available: bool) -> None:
        if available or self._notice:  # a sentence that says more (a tray Qt cannot use) stays
            return
        log.info("no system tray: closing the window quits vLLM Tray")
        self._say(
            self.tr(
                "There is no system tray, so vLLM Tray shows its window instead: closing it "
                "quits vLLM Tray and stops your models (it asks first). The icon appears "
                "if a tray starts later."
            )
        )

    def _on_wait_timeout(self) -> None:
        if not self.presence.available and not self._window.isVisible():
            log.info("still no system tray: showing the window")
            self._window.show_and_raise()

    def _on_presence_watcher_unusable(self) -> None:
        self._say(
            self.tr(
                "A system tray appeared after vLLM Tray started. Quit vLLM Tray and start "
                "it again to see its icon there."
            )
        )

    def _say(self, text: str) -> None:
        """One sentence of this watch's at a time, beside what else the notice says."""
        self._take_back_notice()
        self._notice = text
        self._window.notice_frame.add(text)

    def _take_back_notice(self) -> None:
        """Only this watch's own sentence: what something else put in the notice stays."""
        if self._notice:
            self._window.notice_frame.take_back(self._notice)
        self._notice = ""

    def stop(self) -> None:
        self._wait.stop()
        self.presence.stop()
