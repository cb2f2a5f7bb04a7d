"""The desktop app's entry point: QApplication, qasync loop, single instance, tray and window."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from app.gui.autostart import set_start_at_login
from app.gui.bridge import EventBridge
from app.gui.i18n import install_translators
from app.gui.icons import app_icon
from app.gui.main_window import MainWindow
from app.gui.single_instance import SingleInstance, server_name
from app.gui.store import AppStore
from app.gui.tasks import CommandRunner
from app.gui.tray import TrayController
from app.runtime.api import Facade

log = logging.getLogger(__name__)


class GuiApp(QObject):
    """Wires bridge, store, runner, tray and window around one facade. No event loop here,
    so tests and the screenshot script build it exactly as the app does."""

    quit_requested = Signal()

    def __init__(
        self,
        facade: Facade,
        *,
        start_hidden: bool = False,
        autostart_dir: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.facade = facade
        self._autostart_dir = autostart_dir
        # Subscribe before the snapshot: events published meanwhile queue up behind it.
        self.bridge = EventBridge(facade.bus, self)
        self.store = AppStore(facade, self.bridge, self)
        self.store.refresh()
        self.runner = CommandRunner(self)
        self.tray = TrayController(facade, self.store, self.runner, self)
        self.window = MainWindow(
            facade, self.store, self.bridge, self.runner, tray_available=self.tray.available
        )
        self.tray.show_window_requested.connect(self.window.show_and_raise)
        self.tray.quit_requested.connect(self.quit)
        self.window.quit_requested.connect(self.quit)
        self.window.hidden_to_tray.connect(self._on_window_hidden_to_tray)
        self.runner.failed.connect(self._on_runner_failed)
        self.store.settings_changed.connect(self._on_store_settings_changed)
        self.window.installEventFilter(self)
        hidden = start_hidden or bool(self.store.setting("gui.start_hidden", False))
        # Without a tray a hidden window could never be reached again.
        if not hidden or not self.tray.available:
            self.window.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Metrics are scraped only while someone can see them.
        if watched is self.window and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.facade.watch_metrics(event.type() == QEvent.Type.Show)
        return False

    def _on_runner_failed(self, text: str, problem: object) -> None:
        # The window shows failures in its notice; from the tray nobody would see that.
        del problem
        if not self.window.isVisible():
            self.tray.notify(self.tr("vLLM Tray"), text)

    def _on_window_hidden_to_tray(self, first_time: bool) -> None:
        if not first_time:
            return
        self.tray.notify(
            self.tr("vLLM Tray is still running"),
            self.tr(
                "Loaded models keep serving. Click the tray icon to open the window; "
                "choose Quit in its menu to stop everything."
            ),
        )
        self.runner.run(self.facade.set_settings({"gui.tray_hint_shown": True}))

    def _on_store_settings_changed(self, key: str, value: object) -> None:
        if key == "gui.start_at_login":
            try:
                set_start_at_login(bool(value), self._autostart_dir)
            except OSError as exc:
                self.window.show_notice(
                    self.tr("Could not change the autostart entry: {error}").format(error=exc)
                )

    def quit(self) -> None:
        self.quit_requested.emit()

    def close(self) -> None:
        """Tear down the GUI side; the caller then shuts the facade down."""
        self.window.removeEventFilter(self)
        self.bridge.close()
        self.tray.hide()
        for view in list(self.window.logs_views.values()):
            view.close()
        self.window.hide()
        self.window.deleteLater()
        self.tray.menu.deleteLater()


def run_gui(
    facade_factory: Callable[[], Facade],
    *,
    start_hidden: bool,
    instance_key: str = "",
) -> int:
    """Run the desktop app until Quit; returns the process exit status.

    `instance_key` separates instances per config dir (pass it, e.g. `str(paths.config_dir)`);
    a second launch with the same key brings the running window forward and returns 0
    without creating a facade (so no second engine thread starts).
    """
    import qasync

    QApplication.setApplicationName("vllm-tray")
    QApplication.setApplicationDisplayName("vLLM Tray")
    QApplication.setDesktopFileName("vllm-tray")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv)
    app.setWindowIcon(app_icon())
    app.setQuitOnLastWindowClosed(False)  # the tray keeps the app alive
    install_translators(app)

    instance = SingleInstance(server_name(instance_key))
    if instance.notify_running():
        log.info("vLLM Tray is already running; asked it to show its window")
        return 0
    instance.listen()

    facade = facade_factory()
    try:
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        gui = GuiApp(facade, start_hidden=start_hidden)
        instance.activated.connect(gui.window.show_and_raise)
        gui.quit_requested.connect(app.quit)
        closing = asyncio.Event()
        app.aboutToQuit.connect(closing.set)
        # Ctrl+C in a terminal quits cleanly. Python runs signal handlers only when it gets
        # control, so a timer hands it control twice a second.
        signal.signal(signal.SIGINT, lambda _sig, _frame: app.quit())
        wake = QTimer(app)
        wake.timeout.connect(lambda: None)
        wake.start(500)
        try:
            with loop:
                loop.run_until_complete(closing.wait())
        finally:
            wake.stop()
            gui.close()
    finally:
        instance.close()
        facade.shutdown()
    return 0
