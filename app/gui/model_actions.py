"""Row actions on the selected model: Download/Cancel, Load/Unload, Chat with…, Settings…, Log,
Delete…, Benchmark and tune…."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence

from app.core.events import DownloadFinished, PrewarmChanged
from app.core.states import ALIVE, FAILED, DownloadStatus, ProcessState
from app.gui.commands import CommandFailed, FailureReporter, async_slot, call
from app.gui.i18n import problem_text
from app.gui.model_state import download_failed, is_downloading
from app.gui.store import AppStore
from app.runtime.api.services import Facade
from app.runtime.api.snapshot import ModelRow

# A failed or given-up model is loaded again by an explicit Load (the facade resets it).
LOADABLE = frozenset({ProcessState.STOPPED, *FAILED})
# A sleeping model's process lives on (docs/sleep-mode.md): Unload stops it; a request wakes it.
UNLOADABLE = frozenset({ProcessState.STARTING, ProcessState.RUNNING, ProcessState.SLEEPING})


def can_download(row: ModelRow) -> bool:
    hub = row.file_state in ("not_downloaded", "partial")
    return hub and not is_downloading(row) and row.process not in ALIVE


def can_load(row: ModelRow) -> bool:
    return row.downloaded and row.process in LOADABLE


def can_delete(row: ModelRow) -> bool:
    if row.process in ALIVE or is_downloading(row):
        return False
    return row.source == "user" or row.bytes_on_disk > 0 or row.downloaded


class ModelActions(QObject):
    """QActions shared by the toolbar, the table's context menu and the Model menu."""

    settings_requested = Signal(str)
    logs_requested = Signal(str)
    delete_requested = Signal(str)
    chat_requested = Signal(str)  # issue 21: the Chat page, with this model
    bench_requested = Signal(str)
    message = Signal(str)  # a short confirmation for the status bar

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
        self._current: str | None = None

        self.download = self._action(self.tr("&Download"), self._on_download_triggered)
        self.cancel_download = self._action(
            self.tr("&Cancel download"), self._on_cancel_download_triggered
        )
        self.load = self._action(self.tr("&Load"), self._on_load_triggered)
        self.load.setShortcut(QKeySequence("Ctrl+L"))
        self.unload = self._action(self.tr("&Unload"), self._on_unload_triggered)
        self.unload.setShortcut(QKeySequence("Ctrl+U"))
        self.unload.setToolTip(self.tr("Stop this model's vLLM server and free its memory"))
        self.chat = self._action(self.tr("C&hat with…"), self._on_chat_triggered)
        self.chat.setIconText(self.tr("Chat"))
        self.chat.setToolTip(
            self.tr("Talk to this model on the Chat page; it loads when you send a message")
        )
        self.settings = self._action(self.tr("&Settings…"), self._on_settings_triggered)
        self.settings.setShortcut(QKeySequence("Ctrl+E"))
        self.settings.setToolTip(self.tr("Context size and vLLM arguments of this model"))
        self.logs = self._action(self.tr("Show lo&g"), self._on_logs_triggered)
        self.logs.setShortcut(QKeySequence("Ctrl+G"))
        self.delete = self._action(self.tr("De&lete…"), self._on_delete_triggered)
        # In the Model menu only (main window): offered after a download (see below).
        self.prewarm = self._action(self.tr("Pre-&warm"), self._on_prewarm_triggered)
        self.prewarm.setToolTip(
            self.tr(
                "Start this model once in the background and stop it again, so that vLLM "
                "compiles it now and its first load is warm"
            )
        )
        self.delete.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.all = (
            self.download,
            self.cancel_download,
            self.load,
            self.unload,
            self.chat,
            self.settings,
            self.logs,
            self.delete,
        )
        # In the Model menu only (not the toolbar): it opens a window of its own.
        self.bench = self._action(self.tr("&Benchmark and tune…"), self._on_bench_triggered)
        self.bench.setToolTip(
            self.tr("Measure this model's throughput and find its best max-num-seqs")
        )
        store.model_changed.connect(self._on_store_model_changed)
        store.prewarm_changed.connect(self._on_store_prewarm_changed)
        store.download_finished.connect(self._on_store_download_finished)
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
        # A remote server's model is benchmarked on its own machine.
        self.bench.setEnabled(row is not None and row.remote is None)
        if row is None or row.remote is not None:
            self.prewarm.setEnabled(False)
        else:
            self.prewarm.setEnabled(can_load(row) and not row.prewarming)
        if row is None:
            for action in self.all:
                action.setEnabled(False)
            self.cancel_download.setVisible(False)
            self.unload.setVisible(False)
            self.download.setVisible(True)
            self.load.setVisible(True)
            return
        if row.remote is not None:
            # A remote server's model: loaded, configured and logged on its own machine.
            for action in self.all:
                action.setEnabled(False)
            self.chat.setEnabled(row.reachable)  # the endpoint relays it to its server
            return
        downloading = is_downloading(row)
        retry = download_failed(row)
        self.download.setText(self.tr("&Retry download") if retry else self.tr("&Download"))
        self.download.setToolTip(
            self.tr("Download the model's files again; finished files are kept")
            if retry
            else self.tr("Download the model's files from Hugging Face")
        )
        self.download.setVisible(not downloading)
        self.download.setEnabled(can_download(row))
        self.cancel_download.setVisible(downloading)
        self.cancel_download.setEnabled(downloading)
        unloadable = row.process in UNLOADABLE or row.process == ProcessState.STOPPING
        failed = row.process in FAILED
        self.load.setText(self.tr("&Load again") if failed else self.tr("&Load"))
        self.load.setToolTip(
            self.tr("Try to start this model's vLLM server again now (Ctrl+L)")
            if failed
            else self.tr("Start a vLLM server for this model (Ctrl+L)")
        )
        self.load.setVisible(not unloadable)
        self.load.setEnabled(can_load(row))
        self.unload.setVisible(unloadable)
        self.unload.setEnabled(row.process in UNLOADABLE)
        self.unload.setText(
            self.tr("&Cancel pre-warming") if row.prewarming else self.tr("&Unload")
        )
        self.chat.setEnabled(row.downloaded)
        self.settings.setEnabled(True)
        self.logs.setEnabled(True)
        self.delete.setEnabled(can_delete(row))

    def _on_store_download_finished(self, event: DownloadFinished) -> None:
        """Offer a pre-warm, unless the app does it by itself (the setting)."""
        if event.status != DownloadStatus.COMPLETED or self._store.settings.get(
            "models.prewarm_after_download"
        ):
            return
        row = self._store.row(event.model_id)
        name = row.name if row is not None else event.model_id
        self.message.emit(
            self.tr(
                "{name} is downloaded. Model ▸ Pre-warm compiles it now, so that its first "
                "load is fast."
            ).format(name=name)
        )

    @async_slot()
    async def _on_prewarm_triggered(self) -> None:
        row = self._row()
        if row is None or not can_load(row):
            return
        try:
            model_id = row.id
            await call(self._facade.call(lambda s: s.prewarm.prewarm(model_id)))
        except CommandFailed as failure:
            self._failures.report(failure)

    def _on_store_prewarm_changed(self, event: PrewarmChanged) -> None:
        """A pre-warm is said in the row while it runs; how it ended, in the status bar."""
        row = self._store.row(event.model_id)
        name = row.name if row is not None else event.model_id
        if event.outcome == "done":
            self.message.emit(
                self.tr("{name} is pre-warmed: its next load is a warm one.").format(name=name)
            )
        elif (
            event.outcome in ("skipped", "failed")
            and event.problem is not None
            and event.problem.code != "prewarm.done_before"  # nothing worth saying
        ):
            self.message.emit(problem_text(event.problem))

    def _on_store_model_changed(self, model_id: str) -> None:
        if model_id == self._current:
            self.update()

    # -- commands -------------------------------------------------------------------------
    @async_slot()
    async def _on_download_triggered(self) -> None:
        row = self._row()
        if row is not None and can_download(row):
            self.message.emit(self.tr("Download of {name} started.").format(name=row.name))
            await download_model(self._facade, self._store, self._failures, row.id)

    @async_slot()
    async def _on_cancel_download_triggered(self) -> None:
        row = self._row()
        if row is None or row.download is None:
            return
        download_id = row.download.download_id
        try:
            await call(self._facade.submit(lambda s: s.models.cancel_download(download_id)))
        except CommandFailed as failure:
            self._failures.report(failure)

    @async_slot()
    async def _on_load_triggered(self) -> None:
        row = self._row()
        if row is not None and can_load(row):
            self.message.emit(self.tr("Loading {name}…").format(name=row.name))
            await load_model(self._facade, self._store, self._failures, row.id)

    @async_slot()
    async def _on_unload_triggered(self) -> None:
        row = self._row()
        if row is not None and row.process in UNLOADABLE:
            await unload_model(self._facade, self._failures, row.id)

    def _on_chat_triggered(self) -> None:
        if self._current is not None:
            self.chat_requested.emit(self._current)

    def _on_settings_triggered(self) -> None:
        if self._current is not None:
            self.settings_requested.emit(self._current)

    def _on_logs_triggered(self) -> None:
        if self._current is not None:
            self.logs_requested.emit(self._current)

    def _on_bench_triggered(self) -> None:
        if self._current is not None:
            self.bench_requested.emit(self._current)

    def _on_delete_triggered(self) -> None:
        row = self._row()
        if row is not None and can_delete(row):
            self.delete_requested.emit(row.id)


async def load_model(
    facade: Facade, store: AppStore, failures: FailureReporter, model_id: str
) -> None:
    """Load the model (the window's and the tray's Load); a failure the row already shows
    (with its fix) is not repeated, and an unload during the load is no failure."""
    try:
        await call(facade.submit(lambda s: s.models.load(model_id)))
    except CommandFailed as failure:
        if failure.problem is not None and failure.problem.code == "load.cancelled":
            return
        row = store.row(model_id)
        already_shown = (
            row is not None
            and row.process in FAILED
            and row.problem is not None
            and failure.problem is not None
            and row.problem.code == failure.problem.code
        )
        if not already_shown:
            failures.report(failure)


async def unload_model(facade: Facade, failures: FailureReporter, model_id: str) -> None:
    try:
        await call(facade.submit(lambda s: s.models.unload(model_id)))
    except CommandFailed as failure:
        failures.report(failure)


async def download_model(
    facade: Facade, store: AppStore, failures: FailureReporter, model_id: str
) -> None:
    """Start (or retry) a download. Its failure belongs to the model's row, whether the
    download failed later (DownloadFinished carries it) or could not even begin."""
    store.set_download_problem(model_id, None)  # a new attempt
    try:
        await call(facade.submit(lambda s: s.models.pull(model_id)))
    except CommandFailed as failure:
        if failure.problem is None:
            failures.report(failure)  # not about this download: no row to put it on
        else:
            store.set_download_problem(model_id, failure.problem)
