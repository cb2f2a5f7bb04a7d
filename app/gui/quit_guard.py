"""Quitting stops running models and interrupts downloads: ask first when it would.

Asked by every way to quit that a click can take back: closing the window without a tray,
Ctrl+Q and the menu's Quit, the tray's Quit (issues 20 and 32).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from app.core.states import ProcessState
from app.gui.model_state import is_downloading
from app.gui.store import AppStore

# Direct translate("QuitGuard", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate

# A model in these states would be stopped by quitting.
STOPPED_BY_QUIT = (ProcessState.STARTING, ProcessState.RUNNING, ProcessState.BACKOFF)


def running_names(store: AppStore) -> list[str]:
    return [row.name for row in store.rows if row.process in STOPPED_BY_QUIT]


def downloading_names(store: AppStore) -> list[str]:
    return [row.name for row in store.rows if is_downloading(row)]


def work_lost(store: AppStore) -> bool:
    """Whether quitting now would stop a model or interrupt a download."""
    return bool(running_names(store) or downloading_names(store))


def _lost_text(store: AppStore, *, closing: bool) -> str:
    lead = (
        translate("QuitGuard", "Closing the window quits vLLM Tray.")
        if closing
        else translate("QuitGuard", "Quitting vLLM Tray ends what it is doing.")
    )
    parts = [lead]
    if names := running_names(store):
        parts.append(translate("QuitGuard", "It stops {names}.").format(names=", ".join(names)))
    if names := downloading_names(store):
        parts.append(
            translate(
                "QuitGuard",
                "It interrupts the download of {names}; Download later goes on from where "
                "it stopped.",
            ).format(names=", ".join(names))
        )
    return " ".join(parts)


def ask_before_quit(
    parent: QWidget, store: AppStore, quit_: Callable[[], None], *, closing: bool = True
) -> QMessageBox | None:
    """Open the question (window-modal, `open()`) when quitting would stop models or
    interrupt downloads, and call `quit_` if the user says so; None when nothing would be
    lost and quitting needs no question. `closing`: asked because the window closes without
    a tray to keep the app in (else: Ctrl+Q, the menus' Quit)."""
    if not work_lost(store):
        return None
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("QuitGuard", "Quit vLLM Tray?"))
    box.setText(_lost_text(store, closing=closing))
    box.setInformativeText(
        translate(
            "QuitGuard",
            "There is no system tray to keep it running in the background. Quit anyway, "
            "or keep the window open?",
        )
        if closing
        else translate("QuitGuard", "Quit anyway, or keep it running?")
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


class QuitQuestion:
    """Ctrl+Q, the menus' Quit and the tray's Quit: quit at once, or ask first on `window`
    (shown for it) when that would stop models or interrupt downloads; one question at a
    time, a second Quit shows it again."""

    def __init__(
        self,
        window: QWidget,
        store: AppStore,
        quit_: Callable[[], None],
        show: Callable[[], None],
    ) -> None:
        self._window = window
        self._store = store
        self._quit = quit_
        self._show = show  # the window shown, raised and not minimized
        self.box: QMessageBox | None = None

    def ask(self) -> None:
        if self.box is None and not work_lost(self._store):
            self._quit()
            return
        # A window-modal question needs its window on screen (the tray's Quit: maybe hidden).
        self._show()
        if self.box is None:
            self.box = ask_before_quit(self._window, self._store, self._quit, closing=False)
            if self.box is not None:
                self.box.finished.connect(self._on_box_finished)

    def _on_box_finished(self, _result: int) -> None:
        self.box = None
