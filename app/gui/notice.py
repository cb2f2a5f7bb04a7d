"""The window's notice: a start-up problem or a failed command, until dismissed, with the
problem's fix as a button where one helps (the first Load without an engine installs it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from app.core.problems.problems import Fix, FixKind, Problem
from app.gui.commands import CommandFailed, async_slot, call
from app.gui.i18n import fix_text
from app.gui.theme import error_color, ok_color, set_text_color
from app.runtime.api.services import Facade

# Fixes the notice offers: they need no choice of the user's beyond the click. (A model's
# failure has its own banner with its fix; this is for what fails before a model starts.)
OFFERED = frozenset({FixKind.INSTALL_ENGINE})
PARAGRAPH = "\n\n"  # between sentences that `add` put together


class NoticeBar(QFrame):
    """Hidden until `say`; `label` holds the sentence."""

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self._fix: tuple[str, Fix] | None = None  # the model to load again, the fix
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fix_button = QPushButton()
        self.fix_button.hide()
        self.fix_button.clicked.connect(self._on_fix_button_clicked)
        self.dismiss_button = QToolButton()
        self.dismiss_button.setText("✕")
        self.dismiss_button.setAutoRaise(True)
        self.dismiss_button.setToolTip(self.tr("Dismiss"))
        self.dismiss_button.setAccessibleName(self.tr("Dismiss"))
        self.dismiss_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.fix_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.dismiss_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def say(
        self,
        text: str,
        problem: Problem | None = None,
        model_id: str | None = None,
        *,
        ok: bool = False,
    ) -> None:
        """Show `text`, in the error colour unless `ok` (good news: an import that worked);
        with a problem whose fix the notice offers and the model it stopped, a button that
        applies the fix and loads that model."""
        set_text_color(self.label, (ok_color if ok else error_color)(self.palette()))
        fix = problem.fix if problem is not None else None
        offered = fix is not None and fix.kind in OFFERED and model_id is not None
        self._fix = (model_id, fix) if offered and model_id is not None and fix else None
        self.label.setText(text)
        self.fix_button.setVisible(self._fix is not None)
        self.fix_button.setEnabled(True)
        if fix is not None and self._fix is not None:
            self.fix_button.setText(fix_text(fix))
        self.setVisible(bool(text))

    def dismiss(self) -> None:
        self.say("")

    def add(self, text: str) -> None:
        """Show `text` too: below what the notice already says (a start-up problem and its
        fix stay), or alone when it says nothing."""
        shown = "" if self.isHidden() else self.label.text()
        if not shown:
            self.say(text)
        elif text not in shown.split(PARAGRAPH):
            self.label.setText(f"{shown}{PARAGRAPH}{text}")

    def take_back(self, text: str) -> None:
        """Remove `text` that `add` showed, and only it; hidden when nothing is left."""
        kept = [p for p in self.label.text().split(PARAGRAPH) if p != text]
        if not kept or kept == [""]:
            self.dismiss()
        else:
            self.label.setText(PARAGRAPH.join(kept))

    @async_slot()
    async def _on_fix_button_clicked(self) -> None:
        if self._fix is None:
            return
        model_id, fix = self._fix
        self.fix_button.setEnabled(False)
        self.label.setText(self.tr("Installing the engine, then loading the model…"))
        try:
            await call(self._facade.submit(lambda s: s.models.apply_fix(model_id, fix, retry=True)))
        except CommandFailed as failure:
            self.say(failure.text, failure.problem, model_id)
            return
        self.dismiss()
