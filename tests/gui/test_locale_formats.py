"""Numbers, sizes and dates follow the locale (issue 22, item 4): one formatter each in
app.gui.i18n, used by the widgets instead of hand-made f-strings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QDateTime, QLocale, Qt

from app.core.problems.problems import problem
from app.gui.batch_page import BatchJobModel, Column
from app.gui.i18n import (
    format_bytes,
    format_compact,
    format_datetime,
    format_int,
    format_number,
    problem_text,
)
from tests.gui.fake_batch import sample_jobs

MOMENT = 1_795_000_000  # 2026-11-18, any moment will do


@pytest.fixture
def german() -> Iterator[None]:
    QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
    try:
        yield
    finally:
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


def test_english_numbers_sizes_and_dates() -> None:
    assert format_int(2433) == "2,433"
    assert format_number(22.04, 1) == "22.0"
    assert format_compact(12.5) == "12.5" and format_compact(0.25) == "0.25"
    assert format_compact(120.0) == "120" and format_compact(10.0) == "10"
    assert format_bytes(3 * 1024**3) == "3.0 GiB"
    when = QDateTime.fromSecsSinceEpoch(MOMENT)
    assert format_datetime(MOMENT) == QLocale().toString(when, QLocale.FormatType.ShortFormat)


def test_german_numbers_sizes_and_dates(german: None) -> None:
    del german
    assert format_int(2433) == "2.433"
    assert format_number(22.04, 1) == "22,0"
    assert format_compact(12.5) == "12,5" and format_compact(0.25) == "0,25"
    assert format_compact(10.0) == "10"
    assert format_bytes(3 * 1024**3) == "3,0 GiB"
    when = QDateTime.fromSecsSinceEpoch(MOMENT)
    text = format_datetime(MOMENT)
    assert text == when.toString("dd.MM.yy HH:mm")  # German short form, 24-hour clock


def test_a_widget_shows_the_date_as_the_locale_writes_it(german: None) -> None:
    del german
    model = BatchJobModel()
    jobs = sample_jobs()
    model.set_jobs(jobs)
    newest = max(jobs, key=lambda j: j.created_at)
    shown = model.data(model.index(0, Column.CREATED), Qt.ItemDataRole.DisplayRole)
    assert shown == format_datetime(newest.created_at)
    assert "." in shown and "-" not in shown  # not the hand-made "%Y-%m-%d %H:%M" any more


def test_a_sentence_of_the_core_shows_its_decimals_as_the_locale_writes_them(
    german: None,
) -> None:
    """Issue 32, 8: the core formats numbers as the CLI prints them ("{needed_gb:.2f}"); the
    window writes them with the locale's mark. Text parameters (a value to type) stay."""
    del german
    found = problem(
        "load.no_room", model="m", device="RAM", needed_gb=12.5, free_gb=3.0, budget_gb=16.25
    )
    text = problem_text(found)
    assert text.startswith("m needs about 12,50 GB but only 3,00 of 16,25 GB are free")
