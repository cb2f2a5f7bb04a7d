"""The main window: the model table with its actions, the GPU and engine panels, the dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.core.problems.problems import Problem
from app.core.states import ProcessState
from app.gui.bench.bench_windows import BenchWindows
from app.gui.bridge import EventBridge
from app.gui.chat.chat_page import ChatPages
from app.gui.commands import CommandFailed, FailureReporter, async_slot
from app.gui.delegates import CellDelegate, ProgressDelegate
from app.gui.delete_question import DeleteQuestion
from app.gui.diagnosis import DiagnosisBanner
from app.gui.engine_panel import EnginePanel
from app.gui.gpu_panel import GpuPanel
from app.gui.i18n import problem_text
from app.gui.icons import app_icon
from app.gui.main_menus import build_menus
from app.gui.model_actions import ModelActions
from app.gui.model_banner import SelectedFailure
from app.gui.model_table import MODEL_ID_ROLE, Column, ModelFilterProxy, ModelTableModel
from app.gui.notice import NoticeBar
from app.gui.quit_guard import QuitQuestion, ask_before_quit
from app.gui.store import AppStore
from app.gui.window_state import TRAY_HINT_SHOWN, flag, show_one, track
from app.runtime.api.services import Facade

if TYPE_CHECKING:  # dialogs load when first opened: the window comes first (app.gui.startup)
    from app.gui.add_model_dialog import AddModelDialog
    from app.gui.logs_view import LogsView
    from app.gui.model_settings_dialog import ModelSettingsDialog
    from app.gui.settings.dialog import SettingsDialog

STATUS_MS = 8000


class MainWindow(QMainWindow):
    quit_requested = Signal()
    hidden_to_tray = Signal(bool)  # True the first time: the caller explains the tray

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        bridge: EventBridge,
        failures: FailureReporter,
        *,
        tray_available: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._bridge = bridge
        self._failures = failures
        self.tray_available = tray_available
        self._quitting = False
        self.quit_question = QuitQuestion(self, store, self.request_quit, self.show_and_raise)
        self.logs_views: dict[str, LogsView] = {}
        self.model_settings: dict[str, ModelSettingsDialog] = {}
        self.settings_dialog: SettingsDialog | None = None
        self.add_dialog: AddModelDialog | None = None
        self.setWindowTitle(self.tr("vLLM Tray"))
        self.setWindowIcon(app_icon())
        self.resize(1280, 760)
        track(self, "main")

        self.actions_ = ModelActions(facade, store, failures, self)
        self.actions_.settings_requested.connect(self.open_model_settings)
        self.actions_.logs_requested.connect(self.open_logs)
        self._delete = DeleteQuestion(facade, store, failures, self)
        self._delete.deleted.connect(lambda: self._show_status(self.tr("Deleted.")))
        self.actions_.delete_requested.connect(self.confirm_delete)
        self.bench = BenchWindows(facade, bridge, self, self.actions_.bench_requested, store)
        self.actions_.message.connect(self._show_status)
        failures.failed.connect(self._on_failures_failed)

        self.table_model = ModelTableModel(store, self)
        self.proxy = ModelFilterProxy(self)
        self.proxy.setSourceModel(self.table_model)
        self.table = self._make_table()
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter by name, label or checkpoint (Ctrl+F)"))
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName(self.tr("Filter models"))
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.downloaded_only = QCheckBox(self.tr("&Downloaded only"))
        self.downloaded_only.toggled.connect(self.proxy.set_downloaded_only)
        # Start-up problems and failed commands, until dismissed.
        self.notice_frame = NoticeBar(facade)
        self.notice = self.notice_frame.label
        self.banner = DiagnosisBanner(facade)
        self.banner.logs_requested.connect(self.open_logs)
        self._failure = SelectedFailure(self.banner, facade, store, failures, self)
        self._failure.said.connect(self._show_status)
        self.gpu_panel = GpuPanel(store)
        self.engine_panel = EnginePanel(facade, store, failures)

        menus = build_menus(
            self,
            self.actions_,
            facade,
            add_model=self.open_add_model,
            settings=self.open_settings,
            cluster=self.open_cluster,
            remotes=self.open_remotes,
            quit=self.quit_question.ask,
            find=self.focus_filter,
        )
        self.add_action, self.settings_action = menus.add_action, menus.settings_action
        self.cluster_action, self.remotes_action = menus.cluster_action, menus.remotes_action
        self.batch_jobs, self.model_menu, self.toolbar = (
            menus.batch_jobs,
            menus.model_menu,
            menus.toolbar,
        )
        self._build_layout()
        self.chat = ChatPages(self, facade, store)  # issue 21: the Chat page, "Chat with…"
        store.models_reset.connect(self._on_store_models_reset)
        store.model_changed.connect(self._on_store_model_changed)
        if store.problems:
            self.show_notice("\n".join(problem_text(p) for p in store.problems))
        if self.proxy.rowCount() > 0:
            self.table.selectRow(0)

    # -- construction ---------------------------------------------------------------------
    def _make_table(self) -> QTableView:
        table = QTableView()
        table.setModel(self.proxy)
        table.setItemDelegate(CellDelegate(table))  # cut at a word, the rest in a tooltip
        table.setItemDelegateForColumn(Column.STATE, ProgressDelegate(table))
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setSortingEnabled(True)
        table.sortByColumn(Column.NAME, Qt.SortOrder.AscendingOrder)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setTabKeyNavigation(False)  # Tab leaves the table, arrows move inside it
        table.verticalHeader().hide()
        table.setAccessibleName(self.tr("Models"))
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.resizeSection(Column.NAME, 250)
        header.resizeSection(Column.STATE, 400)
        header.resizeSection(Column.SIZE, 80)
        header.resizeSection(Column.LABELS, 190)
        for column in Column:  # no title cut off, in any language (scripts/text_fit.py)
            wanted = header.sectionSizeFromContents(column).width()
            header.resizeSection(column, max(header.sectionSize(column), wanted))
        header.setStretchLastSection(True)  # after: the last section keeps at least its size
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._on_table_context_menu)
        table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        table.doubleClicked.connect(self._on_table_double_clicked)
        return table

    def _build_layout(self) -> None:
        filter_row = QHBoxLayout()
        filter_row.addWidget(self.filter, 1)
        filter_row.addWidget(self.downloaded_only)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(6, 6, 0, 6)
        left_layout.addLayout(filter_row)
        left_layout.addWidget(self.notice_frame)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.banner)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.gpu_panel)
        side_layout.addWidget(self.engine_panel)
        side_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setMinimumWidth(330)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(scroll)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 380])
        splitter.setChildrenCollapsible(False)
        self.setCentralWidget(splitter)

    # -- selection ------------------------------------------------------------------------
    def current_model_id(self) -> str | None:
        index = self.table.selectionModel().currentIndex()
        rows = self.table.selectionModel().selectedRows()
        if rows:
            index = rows[0]
        return index.data(MODEL_ID_ROLE) if index.isValid() else None

    def select_model(self, model_id: str) -> bool:
        source = self.table_model.index_of(model_id)
        index = self.proxy.mapFromSource(source)
        if not index.isValid():
            return False
        self.table.selectRow(index.row())
        self.table.scrollTo(index)
        return True

    def _on_selection_changed(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        del selected, deselected
        self.actions_.set_current(self.current_model_id())
        self._failure.follow(self.actions_.current)

    def _on_store_models_reset(self) -> None:
        current = self.actions_.current
        if current is None or not self.select_model(current):
            self.actions_.set_current(self.current_model_id())
        self._failure.follow(self.actions_.current)

    def _on_store_model_changed(self, model_id: str) -> None:
        self._end_loading_status(model_id)
        if model_id == self.actions_.current:
            self._failure.follow(self.actions_.current)

    def _on_table_context_menu(self, pos: QPoint) -> None:
        if not self.table.indexAt(pos).isValid():
            return
        menu = QMenu(self)
        for action in self.actions_.all:
            if action.isVisible():
                menu.addAction(action)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(self.table.viewport().mapToGlobal(pos))

    def _on_table_double_clicked(self, index: QModelIndex) -> None:
        del index
        self.actions_.settings.trigger()

    def focus_filter(self) -> None:
        self.filter.setFocus()
        self.filter.selectAll()

    # -- messages -------------------------------------------------------------------------
    def _show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_MS)

    def _end_loading_status(self, model_id: str) -> None:
        """ "Loading tiny…" says what is going on, so it goes once the load ended (running
        or failed), not when its time is up."""
        row = self._store.row(model_id)
        if row is None or row.process in (ProcessState.STOPPED, ProcessState.STARTING):
            return
        said = {
            self.tr("Loading {name}…").format(name=row.name),
            self.actions_.tr("Loading {name}…").format(name=row.name),  # the toolbar's Load
        }
        if self.statusBar().currentMessage() in said:
            self.statusBar().clearMessage()

    def show_notice(self, text: str, *, ok: bool = False) -> None:
        self.notice_frame.say(text, ok=ok)

    def dismiss_notice(self) -> None:
        self.notice_frame.dismiss()

    def _on_failures_failed(self, text: str, problem: Problem | None) -> None:
        # The selected model is the one a failed Load was for (its fix loads it again).
        self.notice_frame.say(text, problem, self.actions_.current)
        self._show_status(text)

    # -- dialogs --------------------------------------------------------------------------
    def open_model_settings(self, model_id: str) -> ModelSettingsDialog:
        dialog = self.model_settings.get(model_id)
        if dialog is None:
            from app.gui.model_settings_dialog import ModelSettingsDialog

            dialog = ModelSettingsDialog(self._facade, self._store, model_id, self)
            dialog.finished.connect(lambda _r, m=model_id: self.model_settings.pop(m, None))
            dialog.applied.connect(lambda _m: self._show_status(self.tr("Model settings saved.")))
            self.model_settings[model_id] = dialog
        dialog.open()
        dialog.raise_()
        return dialog

    def open_settings(self) -> SettingsDialog:
        if self.settings_dialog is None:
            from app.gui.settings.dialog import SettingsDialog

            self.settings_dialog = SettingsDialog(self._facade, self._store, self)
            self.settings_dialog.finished.connect(self._on_settings_dialog_finished)
        self.settings_dialog.open()
        return self.settings_dialog

    def _on_settings_dialog_finished(self, result: int) -> None:
        del result
        self.settings_dialog = None

    def open_cluster(self) -> QWidget:
        """One model across machines (app/gui/cluster/cluster_page.py); one window, raised again."""
        from app.gui.cluster.cluster_page import ClusterWindow

        ids = lambda: [row.id for row in self._store.rows]  # noqa: E731
        return show_one(self, ClusterWindow, lambda: ClusterWindow(self._facade, ids, self))

    def open_remotes(self) -> QWidget:
        """Remote vLLM servers (app/gui/remotes_page.py); one window, raised again."""
        from app.gui.remotes_page import RemotesWindow

        return show_one(
            self, RemotesWindow, lambda: RemotesWindow(self._facade, self._bridge, self)
        )

    def open_add_model(self) -> AddModelDialog:
        if self.add_dialog is None:
            from app.gui.add_model_dialog import AddModelDialog

            self.add_dialog = AddModelDialog(self._facade, self._store, self._failures, self)
            self.add_dialog.added.connect(self._on_model_added)
            self.add_dialog.finished.connect(self._on_add_dialog_finished)
        self.add_dialog.open()
        return self.add_dialog

    def _on_add_dialog_finished(self, _result: int) -> None:
        self.add_dialog = None

    @async_slot(str)
    async def _on_model_added(self, model_id: str) -> None:
        try:
            await self._store.refresh()
        except CommandFailed as failure:
            self._failures.report(failure)
        self.select_model(model_id)

    def open_logs(self, model_id: str) -> LogsView:
        view = self.logs_views.get(model_id)
        if view is None:
            from app.gui.logs_view import LogsView

            view = LogsView(self._facade, self._store, self._bridge, model_id, parent=self)
            view.setWindowFlag(Qt.WindowType.Window, True)
            view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            view.destroyed.connect(lambda _o=None, m=model_id: self.logs_views.pop(m, None))
            self.logs_views[model_id] = view
        view.show()
        view.raise_()
        view.activateWindow()
        return view

    def confirm_delete(self, model_id: str) -> QMessageBox | None:
        return self._delete.ask(model_id)

    # -- window ---------------------------------------------------------------------------
    def show_and_raise(self) -> None:
        self.show()
        self.setWindowState(self.windowState() & ~Qt.WindowState.WindowMinimized)
        self.raise_()
        self.activateWindow()

    def request_quit(self) -> None:
        self.prepare_quit()
        self.quit_requested.emit()

    def prepare_quit(self) -> None:
        """From now on closing the window closes it (the app is quitting), not hides it."""
        self._quitting = True

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.tray_available and not self._quitting:
            # Closing only hides: models keep serving and the tray icon brings the window back.
            event.ignore()
            self.hide()
            self.hidden_to_tray.emit(not flag(TRAY_HINT_SHOWN))
            return
        if not self._quitting and ask_before_quit(self, self._store, self.request_quit):
            event.ignore()  # the question decides (issue 20: never stop models unasked)
            return
        event.accept()
        if not self._quitting:
            self.request_quit()
