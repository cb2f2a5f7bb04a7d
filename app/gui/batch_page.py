"""The Batch page: /v1/batches jobs with their progress, pause/resume/cancel and output files."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from enum import IntEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QItemSelection,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QFontMetrics, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.core.batch.batch_jobs import ENDED, BatchJobChanged, BatchJobView, JobStatus
from app.core.events import Event
from app.gui.commands import CommandFailed, async_slot, call
from app.gui.delegates import CellDelegate, ProgressDelegate
from app.gui.elide import elide_path
from app.gui.i18n import format_datetime, format_duration, format_int, format_number, problem_text
from app.gui.model_table import PROGRESS_ROLE
from app.gui.open_folder import open_in_file_manager
from app.gui.theme import error_color, set_text_color
from app.gui.window_state import track
from app.runtime.api.services import Facade, Services

JOB_ID_ROLE = Qt.ItemDataRole.UserRole + 10
# Direct translate("BatchPage", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate
_Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    CREATED = 0
    INPUT = 1
    STATUS = 2
    PROGRESS = 3
    OUTPUT = 4


def status_text(job: BatchJobView) -> str:
    if job.status is JobStatus.IN_PROGRESS:
        if job.paused:
            return translate("BatchPage", "Paused")
        if job.problem is not None:
            return problem_text(job.problem)  # e.g. waiting for the endpoint
        return (
            translate("BatchPage", "Running") if job.running else translate("BatchPage", "Queued")
        )
    if job.status is JobStatus.FAILED and job.problem is not None:
        return translate("BatchPage", "Failed: {reason}").format(reason=problem_text(job.problem))
    if job.status is JobStatus.COMPLETED and job.failed:
        return translate("BatchPage", "Completed, {n} failed").format(n=format_int(job.failed))
    names = {
        JobStatus.VALIDATING: translate("BatchPage", "Checking the file"),
        JobStatus.FAILED: translate("BatchPage", "Failed"),
        JobStatus.FINALIZING: translate("BatchPage", "Finishing"),
        JobStatus.COMPLETED: translate("BatchPage", "Completed"),
        JobStatus.EXPIRED: translate("BatchPage", "Expired"),
        JobStatus.CANCELLING: translate("BatchPage", "Cancelling"),
        JobStatus.CANCELLED: translate("BatchPage", "Cancelled"),
    }
    return names.get(job.status, job.status.value)


def progress_text(job: BatchJobView) -> str:
    parts = [
        translate("BatchPage", "{done} of {total}").format(
            done=format_int(job.done), total=format_int(job.total)
        )
    ]
    if job.running and job.rate:
        parts.append(
            translate("BatchPage", "{rate} requests/s").format(rate=format_number(job.rate, 1))
        )
    if job.running and job.eta_s is not None and job.done < job.total:
        parts.append(translate("BatchPage", "{eta} left").format(eta=format_duration(job.eta_s)))
    return " · ".join(parts)


class BatchJobModel(QAbstractTableModel):
    """One row per job, newest first; rows are replaced as BatchJobChanged events arrive."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs: list[BatchJobView] = []

    def set_jobs(self, jobs: list[BatchJobView]) -> None:
        self.beginResetModel()
        self._jobs = sorted(jobs, key=lambda j: (-j.created_at, j.id))
        self.endResetModel()

    def update_job(self, job: BatchJobView) -> None:
        for row, known in enumerate(self._jobs):
            if known.id == job.id:
                self._jobs[row] = job
                first, last = self.index(row, 0), self.index(row, len(Column) - 1)
                self.dataChanged.emit(first, last)
                return
        self.set_jobs([*self._jobs, job])

    def job(self, job_id: str | None) -> BatchJobView | None:
        return next((j for j in self._jobs if j.id == job_id), None)

    def row_of(self, job_id: str) -> int:
        return next((i for i, j in enumerate(self._jobs) if j.id == job_id), -1)

    def rowCount(self, parent: _Index | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._jobs)

    def columnCount(self, parent: _Index | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(Column)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return {
            Column.CREATED: self.tr("Created"),
            Column.INPUT: self.tr("Input"),
            Column.STATUS: self.tr("Status"),
            Column.PROGRESS: self.tr("Progress"),
            Column.OUTPUT: self.tr("Output file"),
        }[Column(section)]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: C901 — Qt model: one branch per column and role
        if not index.isValid():
            return None
        job = self._jobs[index.row()]
        column = Column(index.column())
        if role == JOB_ID_ROLE:
            return job.id
        if role == PROGRESS_ROLE and column is Column.PROGRESS:
            # No bar before the file is counted (validating, or refused at validation).
            return job.done / job.total if job.total else None
        if role == Qt.ItemDataRole.ToolTipRole:
            if column is Column.OUTPUT:
                return job.output_path
            if column is Column.INPUT:
                # The cell's text first: the column may cut it.
                detail = self.tr("{name} ({id}), for {endpoint}").format(
                    name=job.input_name, id=job.id, endpoint=job.endpoint
                )
                return f"{self.data(index)}\n{detail}"
            if column is Column.STATUS:
                return status_text(job)  # the whole sentence when the column cuts it
            return None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column is Column.CREATED:
            return format_datetime(job.created_at)
        if column is Column.INPUT:
            models = ", ".join(job.models)
            return f"{job.input_name} · {models}" if models else job.input_name
        if column is Column.STATUS:
            return status_text(job)
        if column is Column.PROGRESS:
            return progress_text(job) if job.total else "—"
        return _home_short(job.output_path)


class PathDelegate(CellDelegate):
    """A path cut in its folders, never in its file name (app.gui.elide.elide_path)."""

    def elide(self, text: str, metrics: QFontMetrics, width: int) -> str:
        return elide_path(text, metrics, width)


def _home_short(path: str) -> str:
    home = str(Path.home())
    return "~" + path[len(home) :] if path.startswith(home + "/") else path


class _JobEvents(QObject):
    """Carries BatchJobChanged from the runtime thread to the GUI thread (a queued signal)."""

    changed = Signal(object)


class BatchPage(QWidget):
    """Lists the jobs; Pause, Resume and Cancel act on the selected one.

    Slots that ask the engine are async slots awaiting the facade's futures
    (app.gui.commands); a failure shows as a sentence under the table, never as a dialog.
    """

    def __init__(
        self,
        facade: Facade,
        parent: QWidget | None = None,
        *,
        opener: Callable[[str], object] | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        # The file manager, or where the folder is when none opens it (app.gui.open_folder).
        self._opener = opener or (lambda path: open_in_file_manager(path, self))
        self.setWindowTitle(self.tr("Batch jobs — vLLM Tray"))
        self.resize(1100, 420)
        track(self, "batch")
        self.model = BatchJobModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegate(CellDelegate(self.table))  # cut at a word, tooltip
        self.table.setItemDelegateForColumn(Column.PROGRESS, ProgressDelegate(self.table))
        # The output file's name stays whole; its folders are cut (the tooltip and Open
        # folder have all of the path).
        self.table.setItemDelegateForColumn(Column.OUTPUT, PathDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.setAccessibleName(self.tr("Batch jobs"))
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        header.resizeSection(Column.CREATED, 130)
        header.resizeSection(Column.INPUT, 220)
        header.resizeSection(Column.STATUS, 150)
        header.resizeSection(Column.PROGRESS, 290)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)

        intro = QLabel(
            self.tr(
                "Jobs sent to the endpoint's /v1/batches (for example with the openai client) "
                "run here one at a time, with as many requests at once as the model's tuned "
                "limit. A job that was running when the app closed goes on when it starts "
                "again. For a file on this computer, use: vllm-tray batch run IN.jsonl --out "
                "OUT.jsonl"
            )
        )
        intro.setWordWrap(True)
        intro.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pause_button = QPushButton(self.tr("&Pause"))
        self.resume_button = QPushButton(self.tr("&Resume"))
        self.cancel_button = QPushButton(self.tr("&Cancel job"))
        self.folder_button = QPushButton(self.tr("&Open folder"))
        self.folder_button.setToolTip(self.tr("Show the folder that holds the output file"))
        self.pause_button.clicked.connect(self._on_pause_clicked)
        self.resume_button.clicked.connect(self._on_resume_clicked)
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        self.folder_button.clicked.connect(self._on_folder_clicked)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.message, error_color(self.palette()))
        self.message.hide()

        buttons = QHBoxLayout()
        for button in (
            self.pause_button,
            self.resume_button,
            self.cancel_button,
            self.folder_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        layout.addLayout(buttons)

        self._events = _JobEvents(self)
        self._events.changed.connect(self._on_job_changed)
        unsubscribe = facade.bus.subscribe(self._on_bus_event)
        self.destroyed.connect(lambda *_: unsubscribe())
        self._update_buttons()

    # -- engine → page ---------------------------------------------------------------------
    def _on_bus_event(self, event: Event) -> None:
        # Runs on the runtime thread: only hand over (AutoConnection queues to this thread).
        if isinstance(event, BatchJobChanged):
            self._events.changed.emit(event.job)

    def _on_job_changed(self, job: BatchJobView) -> None:
        self.model.update_job(job)
        self._update_buttons()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    @async_slot()
    async def refresh(self) -> None:
        try:
            jobs = await call(self._facade.call(lambda s: s.batch.views()))
        except CommandFailed as failure:
            self._show_failure(failure)
            return
        self.message.hide()
        current = self.current_job_id()
        self.model.set_jobs(jobs)
        self.select_job(current)
        self._update_buttons()

    # -- selection --------------------------------------------------------------------------
    def current_job_id(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(JOB_ID_ROLE) if rows else None

    def select_job(self, job_id: str | None) -> None:
        row = self.model.row_of(job_id) if job_id is not None else -1
        if row >= 0:
            self.table.selectRow(row)
        elif self.model.rowCount() > 0:
            self.table.selectRow(0)

    def _on_selection_changed(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        del selected, deselected
        self._update_buttons()

    def _update_buttons(self) -> None:
        job = self.model.job(self.current_job_id())
        active = job is not None and job.status not in ENDED
        cancelling = job is not None and job.status is JobStatus.CANCELLING
        self.pause_button.setEnabled(
            active and not cancelling and job is not None and not job.paused
        )
        self.resume_button.setEnabled(active and job is not None and job.paused)
        self.cancel_button.setEnabled(active and not cancelling)
        self.folder_button.setEnabled(job is not None)

    # -- commands ---------------------------------------------------------------------------
    @async_slot()
    async def _on_pause_clicked(self) -> None:
        await self._act(lambda s, batch_id: s.batch.pause(batch_id))

    @async_slot()
    async def _on_resume_clicked(self) -> None:
        await self._act(lambda s, batch_id: s.batch.resume(batch_id))

    @async_slot()
    async def _on_cancel_clicked(self) -> None:
        await self._act(lambda s, batch_id: s.batch.cancel(batch_id))

    def _on_folder_clicked(self) -> None:
        job = self.model.job(self.current_job_id())
        if job is not None:
            self._opener(str(Path(job.output_path).parent))

    async def _act(self, command: Callable[[Services, str], Awaitable[BatchJobView]]) -> None:
        job_id = self.current_job_id()
        if job_id is None:
            return
        try:
            job = await call(self._facade.submit(lambda s: command(s, job_id)))
        except CommandFailed as failure:
            self._show_failure(failure)
            return
        self.message.hide()
        self.model.update_job(job)
        self._update_buttons()

    def _show_failure(self, failure: CommandFailed) -> None:
        # Next to the jobs it is about, not a dialog: the page stays usable.
        self.message.setText(failure.text)
        self.message.show()


class BatchPageOpener(QObject):
    """The "Batch jobs…" action of the main window; the page is built on first use."""

    def __init__(self, facade: Facade, window: QWidget) -> None:
        super().__init__(window)
        self._facade = facade
        self._window = window
        self.page: BatchPage | None = None
        self.action = QAction(translate("BatchPage", "&Batch jobs…"), window)
        self.action.setShortcut(QKeySequence("Ctrl+B"))
        self.action.triggered.connect(self.open)

    def open(self) -> BatchPage:
        if self.page is None:
            self.page = BatchPage(self._facade, self._window)
            self.page.setWindowFlag(Qt.WindowType.Window, True)
        self.page.show()
        self.page.raise_()
        self.page.activateWindow()
        return self.page
