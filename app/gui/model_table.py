"""The model list as a Qt table model: one row per model, a Column enum, sortable raw values."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
)
from PySide6.QtGui import QIcon

from app.gui.i18n import format_bytes, format_gb
from app.gui.icons import TrayStatus, tray_icon
from app.gui.model_failures import failure_count_text
from app.gui.model_state import (
    StateKind,
    kv_cache_text,
    state_kind,
    state_progress,
    state_text,
)
from app.gui.store import AppStore
from app.runtime.api.snapshot import ModelRow

SORT_ROLE = Qt.ItemDataRole.UserRole + 1  # raw value to sort on
PROGRESS_ROLE = Qt.ItemDataRole.UserRole + 2  # float 0..1 or None: the delegate draws a bar
MODEL_ID_ROLE = Qt.ItemDataRole.UserRole + 3
KIND_ROLE = Qt.ItemDataRole.UserRole + 4  # StateKind
TICK_MS = 1000  # a load's elapsed time counts on between events

_Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    NAME = 0
    STATE = 1
    SIZE = 2
    LABELS = 3
    CHECKPOINT = 4


_KIND_ICON: dict[StateKind, TrayStatus] = {
    StateKind.RUNNING: TrayStatus.RUNNING,
    StateKind.LOADING: TrayStatus.LOADING,
    StateKind.STOPPING: TrayStatus.LOADING,
    StateKind.DOWNLOADING: TrayStatus.LOADING,
    StateKind.FAILED: TrayStatus.ERROR,
    StateKind.DOWNLOAD_FAILED: TrayStatus.ERROR,
    StateKind.LOCAL_INVALID: TrayStatus.ERROR,
    StateKind.UNREACHABLE: TrayStatus.ERROR,
}


class ModelTableModel(QAbstractTableModel):
    """Reads rows from the AppStore; never holds state of its own."""

    def __init__(self, store: AppStore, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._ticker = QTimer(self)
        self._ticker.setInterval(TICK_MS)
        self._ticker.timeout.connect(self._on_ticker_timeout)
        store.models_reset.connect(self._on_store_models_reset)
        store.model_changed.connect(self._on_store_model_changed)

    def _headers(self) -> dict[Column, str]:
        return {
            Column.NAME: self.tr("Name"),
            Column.STATE: self.tr("State"),
            Column.SIZE: self.tr("Size"),
            Column.LABELS: self.tr("Labels"),
            Column.CHECKPOINT: self.tr("Checkpoint"),
        }

    # Qt's own signature: the default index is built once, as in C++ (B008 allows it here).
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._store.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._headers()[Column(section)]
        return None

    def index_of(self, model_id: str, column: Column = Column.NAME) -> QModelIndex:
        for i, row in enumerate(self._store.rows):
            if row.id == model_id:
                return self.index(i, column)
        return QModelIndex()

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._store.rows):
            return None
        row = self._store.rows[index.row()]
        column = Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == SORT_ROLE:
            return self._sort_value(row, column)
        if role == MODEL_ID_ROLE:
            return row.id
        if role == KIND_ROLE:
            return state_kind(row)
        if role == PROGRESS_ROLE and column == Column.STATE:
            return state_progress(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.DecorationRole and column == Column.STATE:
            status = _KIND_ICON.get(state_kind(row), TrayStatus.IDLE)
            return tray_icon(status) if state_kind(row) in _KIND_ICON else QIcon()
        return None

    def _display(self, row: ModelRow, column: Column) -> str:
        if column == Column.NAME:
            return row.name if row.source == "builtin" else row.id
        if column == Column.STATE:
            return state_text(row, self._store.download_speed.get(row.id))
        if column == Column.SIZE:
            if row.size_gb is None and row.bytes_on_disk:
                return format_bytes(row.bytes_on_disk)
            return format_gb(row.size_gb)
        if column == Column.LABELS:
            labels = list(row.labels)
            if row.experimental:
                labels.insert(0, self.tr("experimental"))
            return ", ".join(labels)
        return row.checkpoint

    def _sort_value(self, row: ModelRow, column: Column) -> Any:
        if column == Column.STATE:
            progress = state_progress(row)
            return int(state_kind(row)) * 10 + (progress or 0.0)
        if column == Column.SIZE:
            if row.size_gb is not None:
                return row.size_gb
            return row.bytes_on_disk / 1e9
        return self._display(row, column).casefold()

    def _tooltip(self, row: ModelRow, column: Column) -> str:
        if column == Column.STATE:
            # The cell may be cut at a word; here is all of it.
            parts = [state_text(row, self._store.download_speed.get(row.id))]
            counts = failure_count_text(row)
            if counts:
                parts.append(counts)
            kv = kv_cache_text(row)
            if kv:
                parts.append(kv)
            if state_kind(row) == StateKind.LOADING and row.progress and row.progress.detail:
                parts.append(self.tr("Last step: {line}").format(line=row.progress.detail))
            return "\n".join(parts)
        experimental = self.tr(
            "A built-in model. It runs on AMD's ROCm build of vLLM, which is experimental: "
            "expect rough edges."
        )
        if column == Column.NAME and row.experimental:
            return experimental
        if column == Column.LABELS:
            labels = self._display(row, column)
            return f"{labels}\n{experimental}" if row.experimental else labels
        if column == Column.CHECKPOINT:
            return row.checkpoint
        return ""

    def _on_store_models_reset(self) -> None:
        self.beginResetModel()
        self.endResetModel()
        self._update_ticker()

    def _on_store_model_changed(self, model_id: str) -> None:
        first = self.index_of(model_id, Column.NAME)
        if first.isValid():
            last = self.index(first.row(), len(Column) - 1)
            self.dataChanged.emit(first, last)
        self._update_ticker()

    def _loading_rows(self) -> list[int]:
        return [
            i
            for i, row in enumerate(self._store.rows)
            if state_kind(row) == StateKind.LOADING
            and row.progress is not None
            and row.progress.elapsed_s is not None
        ]

    def _update_ticker(self) -> None:
        if self._loading_rows():
            if not self._ticker.isActive():
                self._ticker.start()
        else:
            self._ticker.stop()

    def _on_ticker_timeout(self) -> None:
        for i in self._loading_rows():
            cell = self.index(i, Column.STATE)
            self.dataChanged.emit(cell, cell)


class ModelFilterProxy(QSortFilterProxyModel):
    """Case-insensitive text filter over every column, optionally downloaded models only."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setDynamicSortFilter(True)
        self._downloaded_only = False

    def set_downloaded_only(self, on: bool) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+: the non-deprecated way
            self.beginFilterChange()
            self._downloaded_only = on
            self.endFilterChange()
        else:
            self._downloaded_only = on
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        if self._downloaded_only:
            kind = self.sourceModel().index(source_row, 0, source_parent).data(KIND_ROLE)
            if kind in (StateKind.NOT_DOWNLOADED, StateKind.LOCAL_INVALID):
                return False
        return super().filterAcceptsRow(source_row, source_parent)
