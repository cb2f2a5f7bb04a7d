"""Add model ▸ Search Hugging Face for a model the engine cannot run (issue 32 item 1), on the
real runtime thread against the fake hub: SearchZebra-1B (ZebraForCausalLM, the repository's
own code) reads "cannot run" in the error colour with the reason, never "fits"; Download asks
first, window-modal and naming why; Cancel fetches nothing, "Download anyway" downloads it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox
from pytestqt.qtbot import QtBot

from app.gui.search.search_results import SearchColumn
from app.gui.theme import error_color, ok_color
from tests.fakes.engine_runtime import TINY_CONFIG
from tests.fakes.fake_hub import FakeHub
from tests.gui.test_find_a_model_gui import _repo, cell, details_in, open_search, select
from tests.gui.test_runtime_thread_gui import EngineGui
from tests.gui.test_search_plain_text_gui import as_shown
from tests.harness import internals

ZEBRA = "org/SearchZebra-1B"
ZEBRA_CONFIG = {
    **TINY_CONFIG,
    "architectures": ["ZebraForCausalLM"],
    "model_type": "zebra",
    "auto_map": {"AutoModelForCausalLM": "modeling_zebra.ZebraForCausalLM"},
}
WHY = (
    "ZebraForCausalLM is this repository's own code, not one of the architectures "
    "vLLM 0.32.0 can load, so the model cannot run here."
)


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[FakeHub]:
    root = tmp_path / "repos"
    _repo(root, ZEBRA, ZEBRA_CONFIG, downloads=900, likes=9)
    _repo(root, "org/Search-chat", TINY_CONFIG, downloads=500, likes=4)
    fake = FakeHub()
    fake.start(root)
    yield fake
    fake.stop()


def button(box: QMessageBox, text: str) -> QAbstractButton:
    found = [b for b in box.buttons() if b.text() == text]
    assert len(found) == 1, [b.text() for b in box.buttons()]
    return found[0]


def test_a_model_that_cannot_run_says_so_and_download_asks_first(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub
) -> None:
    app = EngineGui(qtbot, tmp_path, monkeypatch, models=(), hf_endpoint=hub.url)
    try:
        dialog, panel = open_search(qtbot, app)
        qtbot.keyClicks(panel.query, "search")
        qtbot.waitUntil(lambda: details_in(panel), timeout=30_000)

        assert cell(panel, ZEBRA, SearchColumn.FIT) == "cannot run"
        assert cell(panel, "org/Search-chat", SearchColumn.FIT) == "fits"
        fit = panel.results.index(panel.results.row_of(ZEBRA), SearchColumn.FIT)
        assert fit.data(Qt.ItemDataRole.ForegroundRole) == error_color(panel.palette())
        assert fit.data(Qt.ItemDataRole.ForegroundRole) != ok_color(panel.palette())
        assert as_shown(fit.data(Qt.ItemDataRole.ToolTipRole)).startswith(WHY)

        select(qtbot, panel, ZEBRA)
        assert panel.detail.text().startswith(WHY)
        assert "ZebraForCausalLM (not supported by vLLM 0.32.0)" in panel.detail.text()
        assert panel.download.isEnabled()  # it can be fetched, after a question

        # Download asks first; Cancel fetches nothing.
        qtbot.mouseClick(panel.download, Qt.MouseButton.LeftButton)
        box = panel.ask_box
        assert box is not None
        qtbot.waitUntil(box.isVisible)
        assert box.windowModality() == Qt.WindowModality.WindowModal
        assert box.textFormat() == Qt.TextFormat.PlainText
        assert box.text().startswith(WHY) and box.text().endswith("anyway?")
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
        # The answer is handled as the box closes: after it nothing has been asked for.
        assert panel.ask_box is None and dialog.isVisible()
        assert internals(app.runtime).registry.find("user.SearchZebra-1B") is None
        assert app.gui.store.row("user.SearchZebra-1B") is None
        assert hub.body_requests("model.safetensors") == []

        # Asked again, "Download anyway" registers and downloads it.
        qtbot.mouseClick(panel.download, Qt.MouseButton.LeftButton)
        box = panel.ask_box
        assert box is not None
        qtbot.waitUntil(box.isVisible)
        anyway = button(box, "Download &anyway")
        qtbot.mouseClick(anyway, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=30_000)
        gui = app.gui
        qtbot.waitUntil(
            lambda: (row := gui.store.row("user.SearchZebra-1B")) is not None and row.downloaded,
            timeout=60_000,
        )
        assert hub.served(ZEBRA, "model.safetensors") > 0
    finally:
        app.close()


def test_a_model_that_runs_downloads_without_a_question(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub
) -> None:
    app = EngineGui(qtbot, tmp_path, monkeypatch, models=(), hf_endpoint=hub.url)
    try:
        dialog, panel = open_search(qtbot, app)
        qtbot.keyClicks(panel.query, "search")
        qtbot.waitUntil(lambda: details_in(panel), timeout=30_000)
        select(qtbot, panel, "org/Search-chat")
        qtbot.mouseClick(panel.download, Qt.MouseButton.LeftButton)
        assert panel.ask_box is None
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=30_000)
        qtbot.waitUntil(lambda: app.gui.store.row("user.Search-chat") is not None, timeout=30_000)
    finally:
        app.close()
