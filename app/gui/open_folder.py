"""Showing a folder (or a file) in the desktop's file manager, and saying where it is when no
file manager opens it.

`QDesktopServices.openUrl` answers True as soon as it has started `xdg-open`, even when that
finds no program for folders and gives up: so `xdg-open` is run here and its exit status read
(the freedesktop.org xdg-utils: 0 opened, 3 no program for it, 4 the program failed). Where
there is no `xdg-open`, Qt's answer decides. Either way a failure ends in a message that says
where the folder is and offers to copy its path.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QObject, QProcess, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMessageBox, QWidget

log = logging.getLogger(__name__)

# A failure reported later than this is not one of opening: xdg-open may run a file manager
# that does not fork and report how *it* ended, long after the folder was shown.
FAILURE_WINDOW_MS = 15_000


def open_in_file_manager(path: str, parent: QWidget, *, folder: bool = True) -> QObject:
    """Show the folder `path` (or open the file, with `folder=False`); if nothing opens it,
    say where it is, in a message with "Copy path". Returns what waits for the answer."""
    opener = _Opener(path, parent, folder)
    opener.start()
    return opener


class _Opener(QObject):
    def __init__(self, path: str, parent: QWidget, folder: bool) -> None:
        super().__init__(parent)
        self.path = path
        self.folder = folder
        self._parent = parent
        self._clock = QElapsedTimer()
        self.box: QMessageBox | None = None
        self.process: QProcess | None = None

    def start(self) -> None:
        program = shutil.which("xdg-open")
        if program is None:
            if not QDesktopServices.openUrl(QUrl.fromLocalFile(self.path)):
                self.explain("no program to open it")
            return
        self.process = QProcess(self)
        self.process.setProgram(program)
        self.process.setArguments([self.path])
        # Not the launch folder: the file manager starts where it is asked to look (a folder
        # that is not there yet is xdg-open's to report).
        where = Path(self.path) if self.folder else Path(self.path).parent
        if where.is_dir():
            self.process.setWorkingDirectory(str(where))
        self.process.errorOccurred.connect(self._on_process_error_occurred)
        self.process.finished.connect(self._on_process_finished)
        self._clock.start()
        self.process.start()

    def _on_process_error_occurred(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.explain("xdg-open could not start")

    def _on_process_finished(self, code: int, status: QProcess.ExitStatus) -> None:
        failed = status != QProcess.ExitStatus.NormalExit or code != 0
        if failed and self._clock.elapsed() < FAILURE_WINDOW_MS:
            self.explain(f"xdg-open ended with status {code}")

    def explain(self, why: str) -> None:
        """No file manager showed the folder: say where it is, offer its path to copy."""
        log.info("could not open %s in a file manager: %s", self.path, why)
        box = QMessageBox(self._parent)
        box.setIcon(QMessageBox.Icon.Information)
        if self.folder:
            box.setWindowTitle(self.tr("Where the folder is"))
            box.setText(self.tr("No file manager opened the folder. It is here:"))
        else:
            box.setWindowTitle(self.tr("Where the file is"))
            box.setText(self.tr("No program opened the file. It is here:"))
        box.setInformativeText(self.path)
        copy = box.addButton(self.tr("&Copy path"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Close)
        box.setDefaultButton(copy)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.path))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.box = box
        box.open()
