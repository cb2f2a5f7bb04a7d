"""Open folder in the Batch window (issue 20.5): with a file manager the folder opens; without
one the app says where the folder is and offers to copy its path.

The Batch window is opened from the assembled main window (File ▸ Batch jobs…) and its button
clicked; `xdg-open` is a script on PATH that records its argument and ends as the real one does
(0 opened; 3 no program for it), or is missing.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QProcess, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from app.gui.app import GuiApp
from app.gui.batch_page import BatchPage
from tests.gui.conftest import flush_deletes, start_gui
from tests.gui.fake_batch import FakeBatchFacade, sample_jobs


def fake_xdg_open(folder: Path, status: int) -> Path:
    """An `xdg-open` that writes its argument to `opened` and ends with `status`."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "xdg-open"
    script.write_text(f'#!/bin/sh\nprintf "%s" "$1" > "{folder}/opened"\nexit {status}\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return folder / "opened"


@pytest.fixture
def batch(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[GuiApp, BatchPage]]:
    gui = start_gui(qtbot, FakeBatchFacade(sample_jobs()), tmp_path)
    gui.window.batch_jobs.action.trigger()
    page = gui.window.batch_jobs.page
    assert page is not None
    qtbot.waitUntil(lambda: page.model.rowCount() == len(sample_jobs()))
    page.select_job(sample_jobs()[0].id)
    try:
        yield gui, page
    finally:
        gui.close()
        flush_deletes()


def message_box(page: BatchPage) -> QMessageBox | None:
    found = [box for box in page.findChildren(QMessageBox) if box.isVisible()]
    return found[0] if found else None


def output_folder() -> str:
    return str(Path(sample_jobs()[0].output_path).parent)


def test_a_file_manager_shows_the_folder(
    qtbot: QtBot, batch: tuple[GuiApp, BatchPage], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, page = batch
    opened = fake_xdg_open(tmp_path / "bin", 0)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    qtbot.mouseClick(page.folder_button, Qt.MouseButton.LeftButton)
    # The click started xdg-open; its end is delivered by the event loop, which has not run
    # since, so waiting on `finished` from here misses nothing. (Waiting for the file to exist
    # raced the script's own write: the shell creates it empty before printf fills it.)
    process = page.findChild(QProcess)
    assert process is not None
    qtbot.waitSignal(process.finished, timeout=10_000).wait()
    assert opened.read_text() == output_folder()
    assert message_box(page) is None  # its exit status has arrived: a 0 says nothing


@pytest.mark.parametrize("xdg_open", ["fails", "missing"])
def test_without_a_file_manager_it_says_where_the_folder_is(
    qtbot: QtBot,
    batch: tuple[GuiApp, BatchPage],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    xdg_open: str,
) -> None:
    _, page = batch
    if xdg_open == "fails":
        fake_xdg_open(tmp_path / "bin", 3)  # xdg-utils: no program for this kind of thing
        monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    else:
        # No xdg-open at all; the offscreen platform opens nothing either.
        monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    qtbot.mouseClick(page.folder_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: message_box(page) is not None)
    box = message_box(page)
    assert box is not None
    assert box.text() == "No file manager opened the folder. It is here:"
    assert box.informativeText() == output_folder()
    copy = next(b for b in box.findChildren(QPushButton) if b.text() == "&Copy path")
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == output_folder()
