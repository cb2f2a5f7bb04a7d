"""A model's vLLM log: follows live output, search, copy; a failed model shows its diagnosis.

The app's own `/health` and `/metrics` polling lines are hidden unless asked for: vLLM logs
every access, and the app polls often, so they would bury everything else.
"""

from __future__ import annotations

import re
import time
from collections import deque

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QShortcut,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.core.events import LogLineEmitted
from app.core.states import FAILED
from app.gui.bridge import EventBridge
from app.gui.commands import CommandFailed, async_slot, call, tasks_of
from app.gui.diagnosis import DiagnosisBanner
from app.gui.icons import app_icon
from app.gui.model_failures import failure_count_text, failure_title
from app.gui.model_state import state_text
from app.gui.open_folder import open_in_file_manager
from app.gui.store import AppStore
from app.gui.theme import monospace_font
from app.gui.window_state import track
from app.runtime.api.services import Facade

MAX_LINES = 20_000  # older lines drop off the top; the full log stays in the file
TAIL_LINES = 2_000
MAX_HIGHLIGHTS = 500
# uvicorn's access line for the app's own polling, e.g.
# `INFO:     127.0.0.1:50312 - "GET /health HTTP/1.1" 200 OK`
POLLING = re.compile(r'"GET /(?:health|metrics)(?:[?/][^"]*)? HTTP/[\d.]+" \d{3}')


def is_polling(line: str) -> bool:
    """A line that only records the app's own health or metrics request."""
    return POLLING.search(line) is not None


def overlap(tail: list[str], live: list[str]) -> int:
    """How many of the first `live` lines the `tail` already ends with.

    The engine writes a line to its log before publishing it, so lines published before
    the tail was read are in both; they come first among the live ones.
    """
    for k in range(min(len(tail), len(live)), 0, -1):
        if tail[-k:] == live[:k]:
            return k
    return 0


class LogsView(QWidget):
    """A top-level window for one model; several can be open at once."""

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        bridge: EventBridge,
        model_id: str,
        *,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._tasks = tasks_of(self)
        self.model_id = model_id
        self._all: deque[str] = deque(maxlen=MAX_LINES)  # every line, shown or not
        self._early: list[str] | None = []  # live lines that came before the tail
        row = store.row(model_id)
        self._name = row.name if row is not None else model_id
        self.setWindowTitle(self.tr("Log of {name}").format(name=self._name))
        self.setWindowIcon(app_icon())
        self.resize(900, 560)
        track(self, "logs")

        self.banner = DiagnosisBanner(facade, show_logs_button=False)
        self.state_label = QLabel()
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search the log (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Search"))
        self.search.textChanged.connect(self._on_search_text_changed)
        self.search.returnPressed.connect(self.find_next)
        self.prev_button = QPushButton(self.tr("&Previous"))
        self.prev_button.clicked.connect(self.find_previous)
        self.next_button = QPushButton(self.tr("&Next"))
        self.next_button.clicked.connect(self.find_next)
        self.match_label = QLabel()
        self.follow = QCheckBox(self.tr("&Follow"))
        self.follow.setChecked(True)
        self.follow.setToolTip(self.tr("Keep the newest line in view"))
        self.show_polling = QCheckBox(self.tr("Show &health checks"))
        self.show_polling.setToolTip(
            self.tr("Show the lines of vLLM Tray's own /health and /metrics requests")
        )
        self.show_polling.toggled.connect(self._on_show_polling_toggled)
        self.copy_button = QPushButton(self.tr("&Copy"))
        self.copy_button.setToolTip(self.tr("Copy the selected lines, or the whole log"))
        self.copy_button.clicked.connect(self.copy)
        self.open_button = QPushButton(self.tr("&Open log file"))
        self.open_button.clicked.connect(self._on_open_button_clicked)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(monospace_font())
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setMaximumBlockCount(MAX_LINES)
        self.text.setAccessibleName(self.tr("Log lines"))
        self.text.verticalScrollBar().valueChanged.connect(self._on_scrolled)

        tools = QHBoxLayout()
        tools.addWidget(self.search, 1)
        tools.addWidget(self.prev_button)
        tools.addWidget(self.next_button)
        tools.addWidget(self.match_label)
        tools.addSpacing(12)
        tools.addWidget(self.follow)
        tools.addWidget(self.show_polling)
        tools.addWidget(self.copy_button)
        tools.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addWidget(self.state_label)
        layout.addLayout(tools)
        layout.addWidget(self.text, 1)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, self._focus_search)
        QShortcut(QKeySequence(QKeySequence.StandardKey.FindNext), self, self.find_next)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self, self.close)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)

        # Lines published before the tail is asked for are in it already: drop those events
        # (the engine writes a line before publishing it); later ones may be in both.
        self._since = time.time()
        bridge.log_line_emitted.connect(self._on_bridge_log_line_emitted)
        store.model_changed.connect(self._on_store_model_changed)
        self._update_state()
        self.text.setPlaceholderText(self.tr("Reading the log…"))
        self.tail_task = self._tasks.start(self._load_tail())

    async def _load_tail(self) -> None:
        model_id = self.model_id
        try:
            tail = await call(self._facade.call(lambda s: s.models.log_tail(model_id, TAIL_LINES)))
        except CommandFailed as failure:
            self.text.setPlaceholderText(failure.text)
            tail = []
        early, self._early = self._early or [], None
        self._all.extend(tail)
        self._all.extend(early[overlap(tail, early) :])
        if not self._all:
            self.text.setPlaceholderText(self.tr("No output yet: the model has not run."))
        self._render()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._tasks.cancel_all()
        super().closeEvent(event)

    # -- live lines -----------------------------------------------------------------------
    def _on_bridge_log_line_emitted(self, ev: LogLineEmitted) -> None:
        if ev.model_id != self.model_id or ev.ts < self._since:
            return
        if self._early is not None:
            self._early.append(ev.line)  # the tail is on its way: placed after it
            return
        self._all.append(ev.line)
        if self._shown(ev.line):
            self.text.appendPlainText(ev.line)
            if self.follow.isChecked():
                self._scroll_to_end()

    def _shown(self, line: str) -> bool:
        return self.show_polling.isChecked() or not is_polling(line)

    def _render(self) -> None:
        follow = self.follow.isChecked()  # setPlainText scrolls to the top, which unticks it
        self.text.setPlainText("\n".join(line for line in self._all if self._shown(line)))
        self._highlight(self.search.text())
        if follow:
            self._scroll_to_end()

    def _on_show_polling_toggled(self, checked: bool) -> None:
        del checked
        self._render()

    def _scroll_to_end(self) -> None:
        bar = self.text.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _on_scrolled(self, value: int) -> None:
        # Scrolling up to read stops following; scrolling back to the end resumes it.
        self.follow.setChecked(value >= self.text.verticalScrollBar().maximum())

    def lines(self) -> list[str]:
        return self.text.toPlainText().splitlines()

    # -- state and diagnosis --------------------------------------------------------------
    def _on_store_model_changed(self, model_id: str) -> None:
        if model_id == self.model_id:
            self._update_state()

    def _update_state(self) -> None:
        row = self._store.row(self.model_id)
        if row is None:
            self.state_label.setText(self.tr("This model was removed."))
            self.banner.clear()
            return
        self.state_label.setText(self.tr("State: {state}").format(state=state_text(row)))
        # The banner says it all for a failed model; the state line would repeat it.
        self.state_label.setVisible(row.process not in FAILED)
        if row.process in FAILED:
            self.banner.show_problem(
                self.model_id,
                failure_title(row),
                row.problem,
                detail=failure_count_text(row),
            )
        else:
            self.banner.clear()

    # -- search and copy ------------------------------------------------------------------
    def _focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def _on_search_text_changed(self, text: str) -> None:
        self._highlight(text)
        if text:
            cursor = self.text.textCursor()
            cursor.movePosition(QTextCursor.MoveOperation.Start)
            self.text.setTextCursor(cursor)
            self.find_next()

    def _highlight(self, text: str) -> None:
        selections: list[QTextEdit.ExtraSelection] = []
        count = 0
        if text:
            document = self.text.document()
            cursor = document.find(text)
            color = self.palette().color(self.palette().ColorRole.Highlight).lighter(160)
            while not cursor.isNull():
                count += 1
                if len(selections) < MAX_HIGHLIGHTS:
                    selection = QTextEdit.ExtraSelection()
                    selection.cursor = cursor
                    selection.format.setBackground(color)
                    selections.append(selection)
                cursor = document.find(text, cursor)
        self.text.setExtraSelections(selections)
        self.match_count = count
        if text:
            self.match_label.setText(self.tr("{n} found").format(n=count))
        else:
            self.match_label.clear()

    def find_next(self) -> bool:
        return self._find(QTextDocument.FindFlag(0))

    def find_previous(self) -> bool:
        return self._find(QTextDocument.FindFlag.FindBackward)

    def _find(self, flags: QTextDocument.FindFlag) -> bool:
        needle = self.search.text()
        if not needle:
            return False
        self.follow.setChecked(False)
        if self.text.find(needle, flags):
            return True
        # Wrap around once, as editors do.
        cursor = self.text.textCursor()
        backward = bool(flags & QTextDocument.FindFlag.FindBackward)
        cursor.movePosition(
            QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
        )
        self.text.setTextCursor(cursor)
        return self.text.find(needle, flags)

    def copy(self) -> str:
        selected = self.text.textCursor().selectedText().replace("\u2029", "\n")
        text = selected or self.text.toPlainText()
        QGuiApplication.clipboard().setText(text)
        return text

    @async_slot()
    async def _on_open_button_clicked(self) -> None:
        model_id = self.model_id
        try:
            path = await call(self._facade.call(lambda s: s.models.log_path(model_id)))
        except CommandFailed as failure:
            self.text.setPlaceholderText(failure.text)
            return
        open_in_file_manager(path, self, folder=False)
