"""The desktop app's entry point: QApplication, qasync loop, single instance, tray and window."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QEvent, QLocale, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from app.gui import window_state
from app.gui.autostart import set_start_at_login
from app.gui.bridge import EventBridge
from app.gui.commands import CommandFailed, FailureReporter, cancel_tasks_under, tasks_of
from app.gui.event_loop import qt_asyncio_loop
from app.gui.gc_guard import MainThreadCollector
from app.gui.i18n import chosen_language, install_translators, number_locale
from app.gui.icons import app_icon
from app.gui.main_window import MainWindow
from app.gui.notifications import Notifier
from app.gui.session_bus import SessionBus
from app.gui.single_instance import SingleInstance, server_name
from app.gui.startup import FirstPaint, LateFacade, StartingCover
from app.gui.store import AppStore
from app.gui.tray import TrayController
from app.gui.tray_presence import TrayPresence, qt_tray_available
from app.gui.tray_watch import TrayWatch
from app.runtime.api.services import Facade

if TYPE_CHECKING:
    from app.gui.lemonade_offer import LemonadeImportDialog

log = logging.getLogger(__name__)


class GuiApp(QObject):
    """Wires bridge, store, tray and window around one facade.

    Built by `GuiApp.start` once the first snapshot is in, so every widget starts from the
    engine's state. No event loop is run here: the app, the tests and the screenshot script
    each turn Qt's loop their way, with the same qasync loop installed (app.gui.event_loop).
    """

    quit_requested = Signal()

    def __init__(
        self,
        facade: Facade,
        bridge: EventBridge,
        store: AppStore,
        *,
        start_hidden: bool = False,
        autostart_dir: Path | None = None,
        tray_probe: Callable[[], bool] = qt_tray_available,
        bus_address: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.collector = MainThreadCollector(self)  # first: nothing Qt is freed elsewhere
        self.facade = facade
        self._autostart_dir = autostart_dir
        self._tasks = tasks_of(self)
        self.bridge = bridge
        self.store = store
        bridge.setParent(self)
        store.setParent(self)
        self.session_bus = SessionBus(self)
        self.failures = FailureReporter(self)
        self.lemonade_offer: LemonadeImportDialog | None = None
        self.tray = TrayController(facade, self.store, self.failures, self)
        self.notifier = Notifier(self.session_bus, self._show_balloon, self)
        self.tray.notified.connect(self.notifier.send)
        self.window = MainWindow(
            facade, self.store, self.bridge, self.failures, tray_available=False
        )
        # Shown before the runtime's first snapshot (run_gui): "starting" until `started()`.
        self.starting = None if store.ready else StartingCover(self.window)
        self.tray.show_window_requested.connect(self.window.show_and_raise)
        self.tray.chat_requested.connect(self.window.chat.open)
        self.tray.model_requested.connect(self._on_tray_model_requested)
        self.tray.quit_requested.connect(self.window.quit_question.ask)
        self.window.quit_requested.connect(self.quit)
        self.window.hidden_to_tray.connect(self._on_window_hidden_to_tray)
        self.failures.failed.connect(self._on_failures_failed)
        self.store.refresh_failed.connect(self.window.show_notice)
        self.store.settings_changed.connect(self._on_store_settings_changed)
        self.window.installEventFilter(self)
        presence = TrayPresence(self.session_bus, tray_probe, parent=self)
        self.tray_watch = TrayWatch(self.tray, self.window, presence, self)
        if self.store.setting("gui.start_at_login", False):
            # Written afresh at each start: the entry follows this installation's command,
            # and comes back if an uninstall removed it while the setting stayed on.
            self._on_store_settings_changed("gui.start_at_login", True)
        if store.ready:  # else once the runtime has answered (started): it makes the plan
            self._tasks.start(self._offer_lemonade_import())
        hidden = start_hidden or bool(self.store.setting("gui.start_hidden", False))
        self.tray_watch.start(hidden=hidden)
        self._tasks.start(self._watch_desktop(bus_address))

    @classmethod
    async def start(
        cls,
        facade: Facade,
        *,
        start_hidden: bool = False,
        autostart_dir: Path | None = None,
        tray_probe: Callable[[], bool] = qt_tray_available,
        bus_address: str | None = None,
    ) -> GuiApp:
        """Subscribe to the runtime's events, await its snapshot, then build the GUI.

        Raises CommandFailed when the runtime does not answer.
        """
        bridge = EventBridge(facade.bus)  # first: events from now on are replayed on top
        store = AppStore(facade, bridge)
        try:
            await store.refresh()
        except BaseException:
            bridge.close()
            raise
        return cls(
            facade,
            bridge,
            store,
            start_hidden=start_hidden,
            autostart_dir=autostart_dir,
            tray_probe=tray_probe,
            bus_address=bus_address,
        )

    @classmethod
    def opening(cls, facade: Facade, settings: Mapping[str, object], **kwargs: Any) -> GuiApp:
        """Build and show the GUI before the runtime has answered (the window first, see
        app.gui.startup): `settings` are settings.json's, read without the runtime, for
        what the start itself decides (hidden, autostart…); `started()` fills in the rest."""
        bridge = EventBridge(facade.bus)
        store = AppStore(facade, bridge)
        store.settings = dict(settings)
        return cls(facade, bridge, store, **kwargs)

    async def started(self) -> None:
        """The engine is there: its first snapshot fills the window in. Raises
        CommandFailed when it does not answer."""
        await self.store.refresh()
        if self.starting is not None:
            self.starting.done(self.store.problems)
            self.starting = None
        self._tasks.start(self._offer_lemonade_import())

    async def _watch_desktop(self, bus_address: str | None) -> None:
        # Whether a tray watcher is on the session bus decides how the tray is looked for,
        # so the presence starts once the bus has answered (milliseconds) or failed to.
        await self.session_bus.open(bus_address)
        self.tray_watch.presence.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Metrics are scraped only while someone can see them.
        if watched is self.window and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            watching = event.type() == QEvent.Type.Show
            self.facade.post(lambda s: s.models.watch_metrics(watching))
        return False

    def _on_tray_model_requested(self, model_id: str) -> None:
        # A line the tray's menu cut short: the window on that model says all of it.
        self.window.show_and_raise()
        self.window.select_model(model_id)

    def _on_failures_failed(self, text: str, problem: object) -> None:
        # The window shows failures in its notice; from the tray nobody would see that.
        del problem
        if not self.window.isVisible():
            self.tray.notify(self.tr("vLLM Tray"), text)

    def _show_balloon(self, title: str, text: str) -> None:
        # Where no notification server answers: the tray icon's own balloon, if any.
        self.tray.show_balloon(title, text)

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
        window_state.set_flag(window_state.TRAY_HINT_SHOWN)

    async def _offer_lemonade_import(self) -> None:
        # Loaded here, not with the window: only a first start shows it.
        from app.gui.lemonade_offer import OFFERED, offer_lemonade_import

        if window_state.flag(OFFERED):  # issue 22: once, on the first start
            return
        self.lemonade_offer = await offer_lemonade_import(
            self.facade,
            store=self.store,
            parent=self.window,
            failures=self.failures,
            done=lambda text: self.window.show_notice(text, ok=True),
        )

    def _on_store_settings_changed(self, key: str, value: object) -> None:
        if key == "gui.start_at_login":
            try:
                set_start_at_login(bool(value), self._autostart_dir)
            except OSError as exc:
                self.window.show_notice(
                    self.tr("Could not change the autostart entry ({path}): {reason}.").format(
                        path=exc.filename or self._autostart_dir or "~/.config/autostart",
                        reason=exc.strerror or self.tr("it could not be written"),
                    )
                )

    def quit(self) -> None:
        # Qt's quit first closes every window, and the window only hides to the tray
        # unless it knows the app is quitting: without this, Quit in the tray did nothing.
        self.window.prepare_quit()
        self.quit_requested.emit()

    def close(self) -> None:
        """Tear down the GUI side; the caller then shuts the facade down."""
        self.tray_watch.stop()
        cancel_tasks_under(self)
        cancel_tasks_under(self.window)  # a top-level widget: not a QObject child of ours
        self.store.close()
        self.window.removeEventFilter(self)
        self.bridge.close()
        self.tray.hide()
        for view in list(self.window.logs_views.values()):
            view.close()
        self.window.hide()
        self.window.deleteLater()
        self.tray.menu.deleteLater()
        self.session_bus.close()
        self.collector.stop()


def run_gui(
    facade_factory: Callable[[], Facade],
    *,
    start_hidden: bool,
    instance_key: str = "",
    language: str = "auto",
    ui_state: Path | None = None,
    settings: Mapping[str, object] | None = None,
) -> int:
    """Run the desktop app until Quit; returns the process exit status.

    The window comes first (app.gui.startup): `facade_factory` (the runtime: seconds to
    import and start) runs on a worker thread once the window has painted; `settings` are
    settings.json's values, read without it.
    `language` is the setting gui.language ("auto": the system's language).
    `ui_state` is the file where windows remember their places (app.gui.window_state).
    `instance_key` separates instances per config dir (pass it, e.g. `str(paths.config_dir)`);
    a second launch with the same key brings the running window forward and returns 0
    without creating a facade (so no second runtime thread starts).
    """
    # The application's name is what trays (the StatusNotifierItem's Title and Id) and
    # task switchers show; the desktop file name ties the windows to the menu entry
    # (Wayland's app id, _GTK_APPLICATION_ID and _KDE_NET_WM_DESKTOP_FILE on X11), and
    # `-name` keeps WM_CLASS's instance part equal to the entry's StartupWMClass.
    QApplication.setApplicationName("vLLM Tray")
    QApplication.setApplicationDisplayName("vLLM Tray")
    QApplication.setDesktopFileName("vllm-tray")
    existing = QApplication.instance()
    app = (
        existing
        if isinstance(existing, QApplication)
        else QApplication([sys.argv[0], "-name", "vllm-tray", *sys.argv[1:]])
    )
    app.setWindowIcon(app_icon())
    app.setQuitOnLastWindowClosed(False)  # the tray keeps the app alive
    chosen = chosen_language(language)  # gui.language; "auto": the system's
    install_translators(app, chosen)
    QLocale.setDefault(number_locale(chosen))

    instance = SingleInstance(server_name(instance_key))
    if instance.notify_running():
        log.info("vLLM Tray is already running; asked it to show its window")
        return 0
    instance.listen()
    windows = window_state.install(ui_state)

    facade = LateFacade()
    started: list[GuiApp] = []
    status = 0
    try:
        with qt_asyncio_loop(app):

            async def start() -> None:
                nonlocal status
                gui = GuiApp.opening(
                    cast(Facade, facade), settings or {}, start_hidden=start_hidden
                )
                started.append(gui)
                instance.activated.connect(gui.window.show_and_raise)
                gui.quit_requested.connect(app.quit)
                await FirstPaint(gui.window).painted
                try:
                    await facade.build(facade_factory)
                    await gui.started()
                except CommandFailed as failure:
                    log.error("the engine did not start: %s", failure.text)
                    status = 1
                    app.exit(1)
                    return
                except Exception as exc:
                    log.error("the engine did not start: %s", exc, exc_info=True)
                    status = 1
                    app.exit(1)
                    return
                # Whether a tray is there is logged by the tray's watch, once it has looked.
                log.info("window is up: %s", gui.window.windowTitle())

            starting = asyncio.ensure_future(start())
            # Ctrl+C in a terminal quits cleanly. Python runs signal handlers only when it
            # gets control, so a timer hands it control twice a second.
            signal.signal(signal.SIGINT, lambda _sig, _frame: app.quit())
            wake = QTimer(app)
            wake.timeout.connect(lambda: None)
            wake.start(500)
            try:
                app.exec()
                log.info("quitting: stopping every model")
            finally:
                wake.stop()
                starting.cancel()
                for gui in started:
                    gui.close()
                windows.flush()
    finally:
        instance.close()
        facade.shutdown()
    return status
