"""A model's vLLM log: follows live output, search, copy; a failed model shows its diagnosis."""

from __future__ import annotations

import time

from PySide6.QtCore import QUrl
from PySide6.QtGui import (
    QDesktopServices,
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
from app.gui.diagnosis import DiagnosisBanner
from app.gui.icons import app_icon
from app.gui.model_state import state_text
from app.gui.store import AppStore
from app.gui.tasks import CommandRunner
from app.gui.theme import monospace_font
from app.runtime.api import Facade

MAX_LINES = 20_000  # older lines drop off the top; the full log stays in the file
TAIL_LINES = 2_000
MAX_HIGHLIGHTS = 500


class LogsView(QWidget):
    """A top-level window for one model; several can be open at once."""

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        bridge: EventBridge,
        runner: CommandRunner,
        model_id: str,
        *,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self.model_id = model_id
        row = store.row(model_id)
        self._name = row.name if row is not None else model_id
        self.setWindowTitle(self.tr("Log of {name}").format(name=self._name))
        self.setWindowIcon(app_icon())
        self.resize(900, 560)

        self.banner = DiagnosisBanner(facade, runner, show_logs_button=False)
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

        # Lines published before the tail is read are in the file already: drop those events
        # so nothing shows twice (the engine writes a line to the file before publishing it).
        self._since = time.time()
        try:
            tail = facade.log_tail(model_id, TAIL_LINES)
        except OSError:
            tail = []  # no log yet: the model never ran
        self.text.setPlainText("\n".join(tail))
        self._scroll_to_end()
        bridge.log_line_emitted.connect(self._on_bridge_log_line_emitted)
        store.model_changed.connect(self._on_store_model_changed)
        self._update_state()

    # -- live lines -----------------------------------------------------------------------
    def _on_bridge_log_line_emitted(self, ev: LogLineEmitted) -> None:
        if ev.model_id != self.model_id or ev.ts < self._since:
            return
        self.text.appendPlainText(ev.line)
        if self.follow.isChecked():
            self._scroll_to_end()

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
                self.tr("{name} could not start").format(name=row.name),
                row.problem,
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

    def _on_open_button_clicked(self) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(self._facade.log_path(self.model_id)))
