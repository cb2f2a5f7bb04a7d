"""The tray icon: one aggregate status, a menu rebuilt each time it opens, notifications."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from functools import partial

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from app.core.events import DownloadFinished, ProcessStateChanged
from app.core.states import FAILED, DownloadStatus, ProcessState
from app.gui.commands import CommandFailed, FailureReporter, call, tasks_of
from app.gui.elide import elide_words
from app.gui.i18n import format_percent, problem_text
from app.gui.icons import PRECEDENCE, TrayStatus, tray_icon
from app.gui.model_actions import UNLOADABLE, can_load, load_model, unload_model
from app.gui.model_failures import failure_title, given_up
from app.gui.model_state import (
    diagnosis,
    failed_headline,
    is_downloading,
    load_text,
    state_text,
)
from app.gui.store import AppStore
from app.runtime.api.services import Facade
from app.runtime.api.snapshot import ModelRow, ServerView

log = logging.getLogger(__name__)

NOTIFY_MS = 8000
# A menu line is cut at a word to this share of the screen (and at most MENU_TEXT_EMS
# average characters): a failure's whole sentence made one line wider than the screen.
MENU_SCREEN_SHARE = 0.4
MENU_TEXT_EMS = 80


def menu_text_width(menu: QMenu) -> int:
    """How wide, in pixels, one line of the tray's menu may be."""
    screen = QGuiApplication.primaryScreen()
    wide = screen.availableGeometry().width() if screen is not None else 1024
    chars = QFontMetrics(menu.font()).averageCharWidth() * MENU_TEXT_EMS
    return max(200, min(int(wide * MENU_SCREEN_SHARE), chars))


def row_status(row: ModelRow) -> TrayStatus:
    if row.process in FAILED:
        return TrayStatus.ERROR
    if row.process in (ProcessState.STARTING, ProcessState.STOPPING) or is_downloading(row):
        return TrayStatus.LOADING
    if row.process == ProcessState.RUNNING:
        return TrayStatus.RUNNING
    return TrayStatus.IDLE


def aggregate_status(rows: Iterable[ModelRow], server: ServerView | None = None) -> TrayStatus:
    """The highest-precedence status of any model (error > loading > running > idle).

    An endpoint that failed to start is an error too: clients cannot reach any model.
    """
    found = {row_status(row) for row in rows}
    if server is not None and server.problem is not None:
        found.add(TrayStatus.ERROR)
    return next((status for status in PRECEDENCE if status in found), TrayStatus.IDLE)


class TrayController(QObject):
    """Owns the menu (always) and the QSystemTrayIcon (shown while a tray exists).

    Keeping the menu apart from the icon lets tests and the screenshot script inspect it on
    the offscreen platform, which has no system tray. The icon is made the first time a tray
    is there (`set_available`), and hidden and shown again as trays come and go: Qt picks
    the kind of tray an icon uses when the icon is made, so making one early would tie it
    to XEmbed before a StatusNotifier watcher had a chance to appear.
    """

    status_changed = Signal(str)  # TrayStatus value
    notified = Signal(str, str)  # title, message
    show_window_requested = Signal()
    quit_requested = Signal()
    chat_requested = Signal(str)  # model id: the window's Chat page with it (issue 21)
    model_requested = Signal(str)  # model id: the window, that model's row selected

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        failures: FailureReporter,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._failures = failures
        self._tasks = tasks_of(self)  # menu actions run as tasks: the menu closes meanwhile
        self.status = TrayStatus.IDLE
        self.menu = QMenu()
        self.menu.setToolTipsVisible(True)  # a line cut short says all of it on hover
        self._width = menu_text_width(self.menu)
        self.menu.aboutToShow.connect(self.rebuild)
        self.icon: QSystemTrayIcon | None = None
        store.models_reset.connect(self.update_status)
        store.model_changed.connect(self.update_status)
        store.server_changed.connect(self.update_status)
        store.process_changed.connect(self._on_store_process_changed)
        store.download_finished.connect(self._on_store_download_finished)
        self.update_status()
        self.rebuild()

    @property
    def available(self) -> bool:
        return self.icon is not None and self.icon.isVisible()

    def set_available(self, available: bool) -> None:
        """Show the icon in a tray that appeared, or hide it from one that went away."""
        if available and self.icon is None:
            self.icon = QSystemTrayIcon(tray_icon(self.status), self)
            self.icon.setToolTip(self.tooltip(self.status))
            self.icon.setContextMenu(self.menu)
            self.icon.activated.connect(self._on_icon_activated)
        if self.icon is not None and self.icon.isVisible() != available:
            self.icon.setVisible(available)
            log.info("tray icon %s", "shown" if available else "hidden")

    def update_status(self, *_args: object) -> None:
        status = aggregate_status(self._store.rows, self._store.server)
        if self.icon is not None:
            self.icon.setToolTip(self.tooltip(status))
        if status != self.status:
            self.status = status
            if self.icon is not None:
                self.icon.setIcon(tray_icon(status))
            log.info("tray icon: %s", status.value)
            self.status_changed.emit(status.value)

    def summary(self, status: TrayStatus) -> str:
        """One line: the menu's header and the tooltip's first line."""
        rows = self._store.rows
        if status == TrayStatus.ERROR:
            failed = [r.name for r in rows if r.process in FAILED]
            if failed:
                return self.tr("vLLM Tray: {names} failed").format(names=", ".join(failed))
            return self.tr("vLLM Tray: the endpoint could not start")
        if status == TrayStatus.LOADING:
            busy = [r.name for r in rows if row_status(r) == TrayStatus.LOADING]
            return self.tr("vLLM Tray: working on {names}").format(names=", ".join(busy))
        if status == TrayStatus.RUNNING:
            running = [r.name for r in rows if r.process == ProcessState.RUNNING]
            return self.tr("vLLM Tray: running {names}").format(names=", ".join(running))
        return self.tr("vLLM Tray: no model loaded")

    def tooltip(self, status: TrayStatus) -> str:
        """The summary, what is loading or downloading and how far, and the endpoint."""
        lines = [self.summary(status)]
        for row in self._store.rows:
            if row.process == ProcessState.STARTING:
                lines.append(f"{row.name}: {load_text(row.progress)}")
            elif is_downloading(row) and row.download is not None and row.download.total > 0:
                lines.append(
                    self.tr("{name}: downloading {percent}").format(
                        name=row.name,
                        percent=format_percent(row.download.done / row.download.total),
                    )
                )
        lines.append(self.endpoint_text())
        return "\n".join(lines)

    def endpoint_text(self) -> str:
        server = self._store.server
        if server.running:
            return self.tr("Endpoint: {url}").format(url=server.url or "?")
        if server.problem is not None:
            return self.tr("Endpoint stopped: {reason}").format(reason=problem_text(server.problem))
        return self.tr("Endpoint stopped")

    # -- menu -----------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Called on aboutToShow: the menu always shows the state of this moment."""
        self.menu.clear()
        self._width = menu_text_width(self.menu)  # the screen may have changed
        header = self._line(self.menu, self.summary(self.status))
        header.setEnabled(False)
        endpoint = self._line(self.menu, self.endpoint_text())
        endpoint.setEnabled(False)
        self.menu.addSeparator()
        server = self._store.server
        if server.running:
            self._add(self.tr("S&top endpoint"), self._on_stop_server)
        else:
            self._add(self.tr("S&tart endpoint"), self._on_start_server)
        downloaded = [r for r in self._store.rows if r.downloaded]
        if downloaded:
            # A disabled entry, not a section: D-Bus menus (KDE, GNOME) drop a section's
            # text and would show a bare separator.
            self.menu.addSeparator()
            heading = self.menu.addAction(self.tr("Models"))
            heading.setEnabled(False)
            bold = QFont(self.menu.font())
            bold.setBold(True)
            heading.setFont(bold)  # a heading in Qt's own menu, as a section would draw it
        for row in downloaded:
            self._add_model_menu(row)
        if not downloaded:
            # Before the engine's first answer (the window comes first) nothing is known yet.
            ready = self._store.ready
            text = self.tr("No downloaded models yet") if ready else self.tr("Starting the engine…")
            none = self.menu.addAction(text)
            none.setEnabled(False)
        self._add_chat_menu()
        self.menu.addSeparator()
        self._add(self.tr("&Open window"), self.show_window_requested.emit)
        self._add(self.tr("&Quit"), self.quit_requested.emit)
        log.info("tray menu: %s", " | ".join(self.entries()))

    def _add_model_menu(self, row: ModelRow) -> None:
        failed = row.process in FAILED
        title = f"{row.name} — {failed_headline(row) if failed else state_text(row)}"
        shown = self._fit(title)
        sub = self.menu.addMenu(shown)
        sub.setToolTipsVisible(True)
        sub.setIcon(tray_icon(row_status(row)))
        if shown != title:  # the whole line, first inside, where the window has room
            self._details(sub, row, title)
        if failed:
            # The cause on a line of its own; all of it on hover and a click away.
            self._details(sub, row, diagnosis(row))
        if row.process in UNLOADABLE:
            self._add(self.tr("&Unload"), partial(self._on_unload, row.id), sub)
        else:
            text = self.tr("&Load again") if failed else self.tr("&Load")
            action = self._add(text, partial(self._on_load, row.id), sub)
            action.setEnabled(can_load(row))

    def _fit(self, text: str) -> str:
        return elide_words(text, QFontMetrics(self.menu.font()), self._width)

    def _line(self, menu: QMenu, text: str) -> QAction:
        """An entry holding `text` cut at a word to the menu's width, all of it on hover."""
        action = menu.addAction(self._fit(text))
        if action.text() != text:
            action.setToolTip(text)
        return action

    def _details(self, menu: QMenu, row: ModelRow, text: str) -> None:
        """`text` cut to the menu's width; a click opens the window on the model's row,
        which says all of it."""
        action = self._line(menu, text)
        action.setToolTip(text)
        action.triggered.connect(lambda _checked=False: self.model_requested.emit(row.id))

    def _add_chat_menu(self) -> None:
        """Chat with… any model that can answer: running ones first, as the user expects to
        talk to what is loaded; the others load when a message is sent."""
        rows = [r for r in self._store.rows if r.downloaded or (r.remote and r.reachable)]
        if not rows:
            return
        self.menu.addSeparator()
        sub = self.menu.addMenu(self.tr("C&hat with…"))
        rows.sort(key=lambda r: (r.process != ProcessState.RUNNING, r.name.casefold()))
        for row in rows:
            self._add(row.name, partial(self.chat_requested.emit, row.id), sub)

    def _add(self, text: str, slot: Callable[[], object], menu: QMenu | None = None) -> QAction:
        action = (menu or self.menu).addAction(text)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def entries(self, menu: QMenu | None = None) -> list[str]:
        """The visible texts of the menu (submenus as "title > entry"), for tests."""
        out: list[str] = []
        for action in (menu or self.menu).actions():
            if action.isSeparator() and not action.text():
                continue
            sub = action.menu()
            if isinstance(sub, QMenu):  # PySide types menu() as QObject
                out.extend(f"{action.text()} > {t}" for t in self.entries(sub))
            else:
                out.append(action.text())
        return out

    def _on_start_server(self) -> None:
        self._tasks.start(self._switch_server(start=True))

    def _on_stop_server(self) -> None:
        self._tasks.start(self._switch_server(start=False))

    async def _switch_server(self, *, start: bool) -> None:
        try:
            await call(
                self._facade.submit(lambda s: s.endpoint.start() if start else s.endpoint.stop())
            )
            await self._store.refresh()
        except CommandFailed as failure:
            self._failures.report(failure)
            return
        log.info("endpoint %s from the tray", "started" if start else "stopped")

    def _on_load(self, model_id: str) -> None:
        self._tasks.start(load_model(self._facade, self._store, self._failures, model_id))

    def _on_unload(self, model_id: str) -> None:
        self._tasks.start(unload_model(self._facade, self._failures, model_id))

    def _on_icon_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self.show_window_requested.emit()

    # -- notifications --------------------------------------------------------------------
    def _on_store_process_changed(self, ev: ProcessStateChanged) -> None:
        row = self._store.row(ev.model_id)
        name = row.name if row is not None else ev.model_id
        if ev.old == ProcessState.STARTING and ev.new == ProcessState.RUNNING:
            self.notify(
                self.tr("{name} is ready").format(name=name),
                self.tr("Clients can use it at {url}").format(
                    url=self._store.server.url or self.tr("the local endpoint")
                ),
            )
        elif ev.new in (ProcessState.BACKOFF, ProcessState.FATAL) or (
            ev.new == ProcessState.EXITED and not ev.user_initiated
        ):
            why = problem_text(ev.problem) if ev.problem else self.tr("The log says more.")
            if row is not None and given_up(row):
                # The same title as the window's banner; the counts are in the sentence.
                self.notify(failure_title(row), why)
                return
            title = (
                self.tr("{name} stopped unexpectedly")
                if ev.new == ProcessState.EXITED
                else self.tr("{name} failed to load")
            )
            self.notify(title.format(name=name), why)

    def _on_store_download_finished(self, ev: DownloadFinished) -> None:
        """A finished download is announced (a failed one shows in its row and banner)."""
        if ev.status != DownloadStatus.COMPLETED:
            return
        row = self._store.row(ev.model_id)
        self.notify(
            self.tr("{name} is downloaded").format(name=row.name if row else ev.model_id),
            self.tr("Load it from the window or the tray menu, or send it a request."),
        )

    def notify(self, title: str, message: str) -> None:
        """Hand a notification to whoever shows it (GuiApp connects the desktop's server)."""
        self.notified.emit(title, message)

    def show_balloon(self, title: str, message: str) -> None:
        """The icon's own balloon: for desktops without a notification server."""
        if self.available and self.icon is not None:
            self.icon.showMessage(title, message, tray_icon(self.status), NOTIFY_MS)

    def hide(self) -> None:
        self._tasks.cancel_all()
        if self.icon is not None:
            self.icon.hide()
