"""Row actions on the selected model: Download/Cancel, Load/Unload, Settings…, Log, Delete…."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence

from app.core.problems import Problem
from app.core.states import ALIVE, FAILED, ProcessState
from app.gui.model_state import is_downloading
from app.gui.store import AppStore
from app.gui.tasks import CommandRunner
from app.runtime.api import Facade, ModelRow

LOADABLE = frozenset({ProcessState.STOPPED, *FAILED})
UNLOADABLE = frozenset({ProcessState.STARTING, ProcessState.RUNNING, ProcessState.BACKOFF})


def can_download(row: ModelRow) -> bool:
    hub = row.file_state in ("not_downloaded", "partial")
    return hub and not is_downloading(row) and row.process not in ALIVE


def can_delete(row: ModelRow) -> bool:
    if row.process in ALIVE or is_downloading(row):
        return False
    return row.source == "user" or row.bytes_on_disk > 0 or row.downloaded


class ModelActions(QObject):
    """QActions shared by the toolbar, the table's context menu and the Model menu."""

    settings_requested = Signal(str)
    logs_requested = Signal(str)
    delete_requested = Signal(str)
    message = Signal(str)  # a short confirmation for the status bar

    def __init__(
        self, facade: Facade, store: AppStore, runner: CommandRunner, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._runner = runner
        self._current: str | None = None

        self.download = self._action(self.tr("&Download"), self._on_download_triggered)
        self.download.setToolTip(self.tr("Download the model's files from Hugging Face"))
        self.cancel_download = self._action(
            self.tr("&Cancel download"), self._on_cancel_download_triggered
        )
        self.load = self._action(self.tr("&Load"), self._on_load_triggered)
        self.load.setShortcut(QKeySequence("Ctrl+L"))
        self.load.setToolTip(self.tr("Start a vLLM server for this model (Ctrl+L)"))
        self.unload = self._action(self.tr("&Unload"), self._on_unload_triggered)
        self.unload.setShortcut(QKeySequence("Ctrl+U"))
        self.unload.setToolTip(self.tr("Stop this model's vLLM server and free its memory"))
        self.settings = self._action(self.tr("&Settings…"), self._on_settings_triggered)
        self.settings.setShortcut(QKeySequence("Ctrl+E"))
        self.settings.setToolTip(self.tr("Context size and vLLM arguments of this model"))
        self.logs = self._action(self.tr("Show lo&g"), self._on_logs_triggered)
        self.logs.setShortcut(QKeySequence("Ctrl+G"))
        self.delete = self._action(self.tr("De&lete…"), self._on_delete_triggered)
        self.delete.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.all = (
            self.download,
            self.cancel_download,
            self.load,
            self.unload,
            self.settings,
            self.logs,
            self.delete,
        )
        store.model_changed.connect(self._on_store_model_changed)
        store.models_reset.connect(self.update)
        self.update()

    def _action(self, text: str, slot: object) -> QAction:
        action = QAction(text, self)
        action.triggered.connect(slot)
        return action

    @property
    def current(self) -> str | None:
        return self._current

    def set_current(self, model_id: str | None) -> None:
        self._current = model_id
        self.update()

    def _row(self) -> ModelRow | None:
        return self._store.row(self._current) if self._current is not None else None

    def update(self) -> None:
        row = self._row()
        if row is None:
            for action in self.all:
                action.setEnabled(False)
            self.cancel_download.setVisible(False)
            self.unload.setVisible(False)
            self.download.setVisible(True)
            self.load.setVisible(True)
            return
        downloading = is_downloading(row)
        self.download.setVisible(not downloading)
        self.download.setEnabled(can_download(row))
        self.cancel_download.setVisible(downloading)
        self.cancel_download.setEnabled(downloading)
        unloadable = row.process in UNLOADABLE
        self.load.setVisible(not unloadable)
        self.load.setEnabled(row.downloaded and row.process in LOADABLE)
        self.unload.setVisible(unloadable)
        self.unload.setEnabled(unloadable)
        self.settings.setEnabled(True)
        self.logs.setEnabled(True)
        self.delete.setEnabled(can_delete(row))

    def _on_store_model_changed(self, model_id: str) -> None:
        if model_id == self._current:
            self.update()

    # -- commands -------------------------------------------------------------------------
    def _on_download_triggered(self) -> None:
        row = self._row()
        if row is not None and can_download(row):
            self._runner.run(self._facade.download(row.id))
            self.message.emit(self.tr("Download of {name} started.").format(name=row.name))

    def _on_cancel_download_triggered(self) -> None:
        row = self._row()
        if row is not None and row.download is not None:
            self._runner.run(self._facade.cancel_download(row.download.download_id))

    def _on_load_triggered(self) -> None:
        row = self._row()
        if row is not None and row.downloaded and row.process in LOADABLE:
            load_model(self._facade, self._store, self._runner, row.id)
            self.message.emit(self.tr("Loading {name}…").format(name=row.name))

    def _on_unload_triggered(self) -> None:
        row = self._row()
        if row is not None and row.process in UNLOADABLE:
            self._runner.run(self._facade.unload(row.id))

    def _on_settings_triggered(self) -> None:
        if self._current is not None:
            self.settings_requested.emit(self._current)

    def _on_logs_triggered(self) -> None:
        if self._current is not None:
            self.logs_requested.emit(self._current)

    def _on_delete_triggered(self) -> None:
        row = self._row()
        if row is not None and can_delete(row):
            self.delete_requested.emit(row.id)


def load_model(facade: Facade, store: AppStore, runner: CommandRunner, model_id: str) -> None:
    """Load the model; a failure the row already shows (with its fix) is not repeated."""

    def on_error(text: str, problem: Problem | None) -> None:
        if problem is not None and problem.code == "load.cancelled":
            return  # the user unloaded it while it loaded: not a failure
        row = store.row(model_id)
        already_shown = (
            row is not None
            and row.process in FAILED
            and row.problem is not None
            and problem is not None
            and row.problem.code == problem.code
        )
        if not already_shown:
            runner.failed.emit(text, problem)

    runner.run(facade.load(model_id), on_done=lambda _backend: None, on_error=on_error)
