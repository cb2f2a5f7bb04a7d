"""The Batch page: jobs listed with progress, pause/resume/cancel through the facade's futures
awaited in qasync slots, live updates from BatchJobChanged events, and the output folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core.batch.batch_jobs import JobStatus
from app.core.problems.problems import problem
from app.gui.batch_page import JOB_ID_ROLE, BatchPage, Column, PathDelegate
from app.gui.elide import elide_path
from app.gui.i18n import format_int
from app.gui.model_table import PROGRESS_ROLE
from tests.gui.conftest import start_gui
from tests.gui.fake_batch import OUT_DIR, FakeBatchFacade, job, sample_jobs


@pytest.fixture
def fake(qapp: QApplication) -> FakeBatchFacade:
    del qapp
    return FakeBatchFacade(sample_jobs())


@pytest.fixture
def page(qtbot: QtBot, fake: FakeBatchFacade) -> Iterator[BatchPage]:
    opened: list[str] = []
    widget = BatchPage(fake, opener=opened.append)
    widget.opened = opened  # type: ignore[attr-defined]
    qtbot.addWidget(widget)
    widget.show()  # showing asks the engine for the jobs
    qtbot.waitUntil(lambda: widget.model.rowCount() == 4)
    yield widget


def cell(page: BatchPage, row: int, column: Column) -> str:
    return str(page.model.index(row, column).data())


def select(page: BatchPage, job_id: str) -> None:
    page.select_job(job_id)
    assert page.current_job_id() == job_id


def test_jobs_are_listed_newest_first_with_progress(page: BatchPage) -> None:
    ids = [page.model.index(r, 0).data(JOB_ID_ROLE) for r in range(4)]
    assert ids == [j.id for j in sample_jobs()]
    assert cell(page, 0, Column.STATUS) == "Running"
    n = format_int  # the user's locale groups digits its own way
    expected = f"{n(1840)} of {n(5000)} · 14.2 requests/s · 3 min 42 s left"
    assert cell(page, 0, Column.PROGRESS) == expected
    assert cell(page, 1, Column.STATUS) == "Paused"
    assert cell(page, 2, Column.STATUS) == "Completed, 12 failed"
    assert cell(page, 3, Column.STATUS).startswith("Failed: Line 17 of tickets-1.jsonl repeats")
    assert cell(page, 0, Column.OUTPUT).startswith(OUT_DIR)
    # The bar is the share of requests with a result.
    assert page.model.index(0, Column.PROGRESS).data(PROGRESS_ROLE) == pytest.approx(1840 / 5000)


def test_buttons_follow_the_selected_job(page: BatchPage) -> None:
    running, paused, completed, _failed = sample_jobs()
    select(page, running.id)
    assert page.pause_button.isEnabled() and not page.resume_button.isEnabled()
    assert page.cancel_button.isEnabled()
    select(page, paused.id)
    assert page.resume_button.isEnabled() and not page.pause_button.isEnabled()
    select(page, completed.id)
    enabled = (page.pause_button, page.resume_button, page.cancel_button)
    assert not any(b.isEnabled() for b in enabled)
    assert page.folder_button.isEnabled()


def test_pause_resume_and_cancel_go_through_the_facade(
    qtbot: QtBot, page: BatchPage, fake: FakeBatchFacade
) -> None:
    running = sample_jobs()[0]
    select(page, running.id)
    qtbot.mouseClick(page.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: cell(page, 0, Column.STATUS) == "Paused")
    assert fake.called("batch.pause") == [(running.id,)]
    assert page.resume_button.isEnabled() and not page.pause_button.isEnabled()

    qtbot.mouseClick(page.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(page.pause_button.isEnabled)
    assert fake.called("batch.resume") == [(running.id,)]

    qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: cell(page, 0, Column.STATUS) == "Cancelling")
    assert not page.cancel_button.isEnabled()


def test_a_refused_command_is_shown_under_the_table(
    qtbot: QtBot, page: BatchPage, fake: FakeBatchFacade
) -> None:
    select(page, sample_jobs()[0].id)
    fake.fail_next["batch.pause"] = problem("batch.ended", batch_id="b", status="completed")
    qtbot.mouseClick(page.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(page.message.isVisible)
    assert page.message.text() == "The batch b has already ended (completed)."
    assert cell(page, 0, Column.STATUS) == "Running"


def test_progress_events_from_the_runtime_thread_update_the_row(
    qtbot: QtBot, page: BatchPage, fake: FakeBatchFacade
) -> None:
    running = sample_jobs()[0]
    fake.set_job(
        job(4, JobStatus.IN_PROGRESS, completed=2500, failed=2, running=True, rate=20.0, eta_s=125)
    )
    qtbot.waitUntil(lambda: cell(page, 0, Column.PROGRESS).startswith(f"{format_int(2502)} of"))
    fake.set_job(job(4, JobStatus.COMPLETED, completed=4998, failed=2))
    qtbot.waitUntil(lambda: cell(page, 0, Column.STATUS) == "Completed, 2 failed")
    # A job that appears (created through /v1/batches meanwhile) is added on top.
    fake.set_job(job(9, JobStatus.VALIDATING, total=0))
    qtbot.waitUntil(lambda: page.model.rowCount() == 5)
    assert cell(page, 0, Column.STATUS) == "Checking the file"
    assert page.model.row_of(running.id) == 1


def test_open_folder_shows_the_output_files_folder(qtbot: QtBot, page: BatchPage) -> None:
    select(page, sample_jobs()[2].id)
    qtbot.mouseClick(page.folder_button, Qt.MouseButton.LeftButton)
    assert page.opened == [OUT_DIR]  # type: ignore[attr-defined]


def test_the_main_window_opens_the_page_from_its_file_menu(
    qtbot: QtBot, fake: FakeBatchFacade, tmp_path: Path
) -> None:
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        opener = gui.window.batch_jobs
        assert opener.action in gui.window.menuBar().actions()[0].menu().actions()
        opener.action.trigger()
        assert opener.page is not None and opener.page.isVisible()
        qtbot.waitUntil(lambda: opener.page is not None and opener.page.model.rowCount() == 4)
        opener.action.trigger()  # the same page again, not a second one
        assert len(gui.window.findChildren(BatchPage)) == 1
    finally:
        gui.close()


def test_the_output_files_name_is_shown_whole(qtbot: QtBot, page: BatchPage) -> None:
    """Issue 32 item 11: the Output column cut the file's name; its folders go first."""
    index = page.model.index(0, Column.OUTPUT)
    path = str(index.data())
    name = path.rpartition("/")[2]
    width = page.table.horizontalHeader().sectionSize(Column.OUTPUT)
    delegate = page.table.itemDelegateForColumn(Column.OUTPUT)
    assert isinstance(delegate, PathDelegate)
    metrics = page.table.fontMetrics()
    shown = delegate.elide(path, metrics, width - 12)
    assert shown.endswith("/" + name), (shown, width)  # the name whole, at the default size
    assert index.data(Qt.ItemDataRole.ToolTipRole) == path  # all of it on hover


@settings(max_examples=80, deadline=None)
@given(
    folders=st.lists(st.text(st.characters(blacklist_characters="/"), max_size=12), max_size=6),
    name=st.text(st.characters(blacklist_characters="/"), min_size=1, max_size=40),
    width=st.integers(min_value=40, max_value=600),
)
def test_a_cut_path_fits_and_keeps_its_name_when_the_name_fits(
    qapp: QApplication, folders: list[str], name: str, width: int
) -> None:
    metrics = QFontMetrics(qapp.font())
    path = "/".join([*folders, name])
    shown = elide_path(path, metrics, width)
    if shown == path:
        assert metrics.horizontalAdvance(path) <= width
        return
    if "/" in path and metrics.horizontalAdvance(f"…/{name}") <= width:
        assert shown.endswith("/" + name) and metrics.horizontalAdvance(shown) <= width
