"""A banner that shows why a model failed (to load or to download), offers the supervisor's fix
and a retry as buttons, and can be dismissed."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.problems.problems import Fix, Problem
from app.gui.commands import CommandFailed, async_slot, call
from app.gui.i18n import fix_text, problem_text
from app.gui.icons import TrayStatus, tray_icon
from app.runtime.api.services import Facade


class DiagnosisBanner(QFrame):
    """Hidden until `show_problem`. "Apply fix" calls `models.apply_fix(..., retry=True)`;
    Retry and Dismiss are the owner's to carry out (signals)."""

    fix_applied = Signal(str)  # model id
    logs_requested = Signal(str)  # model id
    retry_requested = Signal(str)  # model id
    dismissed = Signal(str)  # model id

    def __init__(
        self,
        facade: Facade,
        *,
        show_logs_button: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._model_id: str | None = None
        self._problem: Problem | None = None
        # Fixes applied per model: one that did not help is not offered again.
        self._applied: dict[str, list[Fix]] = {}
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setAccessibleName(self.tr("Diagnosis"))
        palette = self.palette()
        # A tinted AlternateBase keeps the banner distinct in light and dark palettes alike.
        palette.setColor(QPalette.ColorRole.Window, palette.color(QPalette.ColorRole.AlternateBase))
        self.setPalette(palette)

        icon = QLabel()
        icon.setPixmap(tray_icon(TrayStatus.ERROR).pixmap(24, 24))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.dismiss_button = QToolButton()
        self.dismiss_button.setText("✕")
        self.dismiss_button.setAutoRaise(True)
        self.dismiss_button.setToolTip(self.tr("Dismiss"))
        self.dismiss_button.setAccessibleName(self.tr("Dismiss"))
        self.dismiss_button.clicked.connect(self._on_dismiss_button_clicked)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # How often it failed and when the next try may begin (a countdown the owner
        # refreshes): apart from the problem's sentence, which does not change meanwhile.
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.fix_button = QPushButton()
        self.fix_button.clicked.connect(self._on_fix_button_clicked)
        self.retry_button = QPushButton()
        self.retry_button.clicked.connect(self._on_retry_button_clicked)
        self.logs_button = QPushButton(self.tr("Show &log"))
        self.logs_button.clicked.connect(self._on_logs_button_clicked)
        self._logs_allowed = show_logs_button

        title_row = QHBoxLayout()
        title_row.addWidget(self.title, 1)
        title_row.addWidget(self.dismiss_button, 0, Qt.AlignmentFlag.AlignTop)
        text = QVBoxLayout()
        text.addLayout(title_row)
        text.addWidget(self.message)
        text.addWidget(self.detail)
        text.addWidget(self.status)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.logs_button)
        buttons.addWidget(self.retry_button)
        buttons.addWidget(self.fix_button)
        text.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(icon)
        layout.addLayout(text, 1)
        self.hide()

    @property
    def model_id(self) -> str | None:
        return self._model_id

    @property
    def problem(self) -> Problem | None:
        return self._problem

    def show_problem(
        self,
        model_id: str,
        title: str,
        problem: Problem | None,
        *,
        with_log: bool = True,
        retry_text: str = "",
        detail: str = "",
    ) -> None:
        """`retry_text` labels the Retry button ("Load again", "Retry download"); empty
        hides it. A fix, when the problem has one, is offered beside it. `detail` is a
        line under the sentence (how often it failed, the time to the next try)."""
        same = model_id == self._model_id and problem == self._problem and self.isVisible()
        self._model_id = model_id
        self._problem = problem
        self.logs_button.setVisible(self._logs_allowed and with_log)
        self.title.setText(title)
        if problem is not None:
            self.message.setText(problem_text(problem))
        else:
            self.message.setText(self.tr("vLLM stopped without a known cause. The log says more."))
        fix = problem.fix if problem is not None else None
        tried = fix is not None and fix in self._applied.get(model_id, [])
        if tried:
            fix = None  # applied already, and the model failed again: not offered again
        self.fix_button.setVisible(fix is not None)
        if fix is not None:
            self.fix_button.setText(fix_text(fix))
            self.fix_button.setToolTip(self.tr("Apply this change and load the model again"))
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))
        self.retry_button.setVisible(bool(retry_text))
        self.retry_button.setText(retry_text)
        if not same:  # a new problem: forget how the last one's buttons were left
            self.fix_button.setEnabled(True)
            self.retry_button.setEnabled(True)
            self.status.clear()
            self.status.hide()
        if tried and problem is not None and problem.fix is not None:
            self._say_fix_applied(problem.fix)
        self.show()

    def clear(self) -> None:
        self._model_id = None
        self._problem = None
        self.hide()

    @async_slot()
    async def _on_fix_button_clicked(self) -> None:
        if self._model_id is None or self._problem is None or self._problem.fix is None:
            return
        model_id = self._model_id
        self.fix_button.setEnabled(False)
        self.status.setText(self.tr("Applying the fix and loading again…"))
        self.status.show()
        fix = self._problem.fix
        try:
            await call(self._facade.submit(lambda s: s.models.apply_fix(model_id, fix, retry=True)))
        except CommandFailed as failure:
            # A load's failure after the fix (load.…, run.…) means the fix was carried out.
            code = failure.problem.code if failure.problem is not None else ""
            applied = code.startswith(("load.", "run."))
            if applied:
                self._applied.setdefault(model_id, []).append(fix)
            if model_id == self._model_id:
                self._after_failed_fix(fix, failure, applied=applied)
            return
        self._applied.pop(model_id, None)
        self.fix_applied.emit(model_id)

    def _after_failed_fix(self, fix: Fix, failure: CommandFailed, *, applied: bool) -> None:
        if applied:
            self._say_fix_applied(fix)
        else:
            self.fix_button.setEnabled(True)
            self.status.setText(failure.text)  # the fix itself could not be carried out
            self.status.show()

    def _say_fix_applied(self, fix: Fix) -> None:
        """The sentence above is the new failure's; this line says what became of the fix,
        without repeating that sentence, and the button does not offer the same fix again."""
        self.fix_button.hide()
        self.status.setText(
            self.tr("Done: {fix}. Loading failed again; the sentence above says why.").format(
                fix=fix_text(fix).replace("&", "")
            )
        )
        self.status.show()

    def _on_retry_button_clicked(self) -> None:
        if self._model_id is not None:
            self.retry_requested.emit(self._model_id)

    def _on_dismiss_button_clicked(self) -> None:
        model_id = self._model_id
        self.hide()
        if model_id is not None:
            self.dismissed.emit(model_id)

    def _on_logs_button_clicked(self) -> None:
        if self._model_id is not None:
            self.logs_requested.emit(self._model_id)
