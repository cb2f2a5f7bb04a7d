"""One question, asked the same way wherever a change restarts a loaded model: the model
dialog's Apply and the Benchmark window's Apply."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget


class RestartQuestion:
    """ "Restart NAME now?" with Restart now / Apply at next load / Cancel, opened with
    `open()` (never exec() inside an async slot). `answered(True)` restarts, `answered(False)`
    saves for the next load; Cancel calls nothing."""

    def __init__(self, parent: QWidget, name: str, answered: Callable[[bool], object]) -> None:
        # Named translate: lupdate reads a bare tr(a, b) as tr(text, comment).
        translate = QCoreApplication.translate
        self.box = box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(translate("RestartQuestion", "Restart {name}?").format(name=name))
        box.setText(
            translate(
                "RestartQuestion",
                "{name} is loaded. The new settings take effect when it starts again. "
                "Restart it now? Requests in progress are cut off.",
            ).format(name=name)
        )
        self.restart_button: QPushButton = box.addButton(
            translate("RestartQuestion", "&Restart now"), QMessageBox.ButtonRole.AcceptRole
        )
        self.later_button: QPushButton = box.addButton(
            translate("RestartQuestion", "Apply at &next load"), QMessageBox.ButtonRole.ActionRole
        )
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(self.restart_button)
        self._answered = answered
        box.finished.connect(self._on_box_finished)

    def open(self) -> None:
        self.box.open()

    def _on_box_finished(self, result: int) -> None:
        del result
        clicked = self.box.clickedButton()
        if clicked is self.restart_button:
            self._answered(True)
        elif clicked is self.later_button:
            self._answered(False)
