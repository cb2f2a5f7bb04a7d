"""Closing the window without a tray quits: ask first when that stops running models."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from app.core.states import ProcessState
from app.gui.store import AppStore

# Direct translate("QuitGuard", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate

# A model in these states would be stopped by quitting.
STOPPED_BY_QUIT = (ProcessState.STARTING, ProcessState.RUNNING, ProcessState.BACKOFF)


def running_names(store: AppStore) -> list[str]:
    return [row.name for row in store.rows if row.process in STOPPED_BY_QUIT]


def ask_before_quit(
    parent: QWidget, store: AppStore, quit_: Callable[[], None]
) -> QMessageBox | None:
    """Open the question (window-modal, `open()`) when quitting would stop models, and call
    `quit_` if the user says so; None when nothing runs and quitting needs no question."""
    names = running_names(store)
    if not names:
        return None
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("QuitGuard", "Quit vLLM Tray?"))
    box.setText(
        translate("QuitGuard", "Closing the window quits vLLM Tray and stops {names}.").format(
            names=", ".join(names)
        )
    )
    box.setInformativeText(
        translate(
            "QuitGuard",
            "There is no system tray to keep it running in the background. Quit anyway, "
            "or keep the window open?",
        )
    )
    quit_button = box.addButton(
        translate("QuitGuard", "&Quit and stop"), QMessageBox.ButtonRole.AcceptRole
    )
    keep = box.addButton(translate("QuitGuard", "&Keep running"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)

    def on_finished(_result: int) -> None:
        if box.clickedButton() is quit_button:
            quit_()
        box.deleteLater()

    box.finished.connect(on_finished)
    box.open()
    return box
