"""A banner that shows why a model failed and offers the supervisor's fix as one button."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.core.problems import Problem
from app.gui.i18n import fix_text, problem_text
from app.gui.icons import TrayStatus, tray_icon
from app.gui.tasks import CommandRunner
from app.runtime.api import Facade


class DiagnosisBanner(QFrame):
    """Hidden until `show_problem`; "Apply fix" calls `facade.apply_fix(..., retry=True)`."""

    fix_applied = Signal(str)  # model id
    logs_requested = Signal(str)  # model id

    def __init__(
        self,
        facade: Facade,
        runner: CommandRunner,
        *,
        show_logs_button: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._runner = runner
        self._model_id: str | None = None
        self._problem: Problem | None = None
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
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.fix_button = QPushButton()
        self.fix_button.clicked.connect(self._on_fix_button_clicked)
        self.logs_button = QPushButton(self.tr("Show &log"))
        self.logs_button.clicked.connect(self._on_logs_button_clicked)
        self._logs_allowed = show_logs_button

        text = QVBoxLayout()
        text.addWidget(self.title)
        text.addWidget(self.message)
        text.addWidget(self.status)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.logs_button)
        buttons.addWidget(self.fix_button)
        text.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(icon)
        layout.addLayout(text, 1)
        self.hide()

    @property
    def model_id(self) -> str | None:
        return self._model_id

    def show_problem(
        self, model_id: str, title: str, problem: Problem | None, *, with_log: bool = True
    ) -> None:
        self._model_id = model_id
        self.logs_button.setVisible(self._logs_allowed and with_log)
        self._problem = problem
        self.title.setText(title)
        if problem is not None:
            self.message.setText(problem_text(problem))
        else:
            self.message.setText(self.tr("vLLM stopped without a known cause. The log says more."))
        fix = problem.fix if problem is not None else None
        self.fix_button.setVisible(fix is not None)
        self.fix_button.setEnabled(True)
        if fix is not None:
            self.fix_button.setText(fix_text(fix))
            self.fix_button.setToolTip(self.tr("Apply this change and load the model again"))
        self.status.clear()
        self.status.hide()
        self.show()

    def clear(self) -> None:
        self._model_id = None
        self._problem = None
        self.hide()

    def _on_fix_button_clicked(self) -> None:
        if self._model_id is None or self._problem is None or self._problem.fix is None:
            return
        model_id = self._model_id
        self.fix_button.setEnabled(False)
        self.status.setText(self.tr("Applying the fix and loading again…"))
        self.status.show()
        self._runner.run(
            self._facade.apply_fix(model_id, self._problem.fix, retry=True),
            on_done=lambda _result: self.fix_applied.emit(model_id),
            on_error=self._on_fix_failed,
        )

    def _on_fix_failed(self, text: str, problem: Problem | None) -> None:
        del problem
        self.fix_button.setEnabled(True)
        self.status.setText(text)
        self.status.show()

    def _on_logs_button_clicked(self) -> None:
        if self._model_id is not None:
            self.logs_requested.emit(self._model_id)
