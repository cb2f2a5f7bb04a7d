"""Search results from a hostile hub (issue 31, item 8) in Add model ▸ Search Hugging Face: every
text the hub sends — a license, an author, config.json's architecture and quantization — is shown
as plain text, in the cells, their tooltips and the labels under the table; a result the hub sent
that cannot be read is left out and said so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.gui.search.search_results import SearchColumn
from tests.fakes.hostile_search_hub import HostileSearchHub, body_of, item
from tests.gui.test_find_a_model_gui import details_in, open_search, select
from tests.gui.test_runtime_thread_gui import EngineGui

HTML = '<b>x</b><img src="file:///etc/passwd">'


def as_shown(tooltip: str) -> str:
    """What a tooltip shows: Qt renders it as rich text when it looks like HTML (QToolTip's
    QLabel, Qt::AutoText), else as it is."""
    doc = QTextDocument()
    if GuiQt.mightBeRichText(tooltip):
        doc.setHtml(tooltip)
    else:
        doc.setPlainText(tooltip)
    return doc.toPlainText()


@pytest.fixture
def hub() -> Iterator[HostileSearchHub]:
    answer = [
        item("org/shown", author=HTML, tags=[f"license:{HTML}"]),
        item("org/unreadable", lastModified="9999-99-99"),
    ]
    config = {
        "architectures": [HTML],
        "model_type": "llama",
        "quantization_config": {"quant_method": HTML},
    }
    with HostileSearchHub(answer=body_of(answer), config=config) as fake:
        yield fake


def test_what_the_hub_says_is_shown_as_plain_text(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: HostileSearchHub
) -> None:
    app = EngineGui(qtbot, tmp_path, monkeypatch, models=(), hf_endpoint=hub.url)
    try:
        dialog, panel = open_search(qtbot, app)
        qtbot.keyClicks(panel.query, "shown")
        qtbot.waitUntil(lambda: details_in(panel), timeout=30_000)
        assert [r.model.repo_id for r in panel.results.results] == ["org/shown"]
        assert "1 result from Hugging Face could not be read" in panel.status.text()

        row = panel.results.row_of("org/shown")
        for column, shown in (
            (SearchColumn.LICENSE, HTML),
            (SearchColumn.ARCHITECTURE, f"{HTML} (not supported by vLLM"),
            (SearchColumn.QUANTIZATION, HTML),
            (SearchColumn.MODEL, "org/shown"),
        ):
            index = panel.results.index(row, column)
            assert as_shown(index.data(Qt.ItemDataRole.ToolTipRole)).startswith(shown), column
            assert str(index.data()).startswith(shown.split(" (")[0]), column

        select(qtbot, panel, "org/shown")
        assert f"{HTML} (not supported by vLLM" in panel.detail.text()
        for label in (panel.detail, panel.status, panel.problem):
            assert isinstance(label, QLabel)
            assert label.textFormat() == Qt.TextFormat.PlainText
        dialog.reject()
    finally:
        app.close()
