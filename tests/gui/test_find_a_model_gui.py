"""Finding a model from the window (issue 21): Add model ▸ Search Hugging Face against the fake
hub on the real runtime thread — results as you type with their fit labels, a GGUF-only and a
gated repository, the order, one-click Download, and no network."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.gui.add_model_dialog import AddModelDialog
from app.gui.model_state import StateKind, state_kind
from app.gui.search.model_search import ModelSearchPanel
from app.gui.search.search_results import SearchColumn
from tests.fakes.engine_runtime import TINY_CONFIG
from tests.fakes.fake_hub import FakeHub, build_tiny_model, refusing_url
from tests.gui.test_runtime_thread_gui import EngineGui

# 64 layers x 64 KV heads x 128 x (K+V) x 4 bytes = 4 MiB of KV cache per token: with a
# default context of a million tokens it "fits at a shorter context" on any machine.
LONG_CONFIG = {
    **TINY_CONFIG,
    "architectures": ["Qwen3ForCausalLM"],
    "model_type": "qwen3",
    "num_hidden_layers": 64,
    "num_attention_heads": 64,
    "num_key_value_heads": 64,
    "head_dim": 128,
    "hidden_size": 8192,
    "max_position_embeddings": 1_048_576,
}


def _repo(root: Path, repo_id: str, config: dict[str, Any], **listing: Any) -> None:
    folder = root / repo_id
    build_tiny_model(folder, weights_bytes=256 * 1024, extras=False)
    (folder / "config.json").write_text(json.dumps(config))
    (folder / "hub.json").write_text(json.dumps(listing))


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[FakeHub]:
    root = tmp_path / "repos"
    _repo(root, "org/tiny-chat", TINY_CONFIG, downloads=500, likes=40, license="apache-2.0",
          last_modified="2026-03-01T10:00:00.000Z")  # fmt: skip
    gguf = root / "org" / "tiny-gguf"
    gguf.mkdir(parents=True)
    (gguf / "tiny.Q4_K_M.gguf").write_bytes(b"GGUF" + bytes(4096))
    (gguf / "hub.json").write_text(json.dumps({"downloads": 900, "likes": 5}))
    _repo(root, "org/tiny-gated", TINY_CONFIG, downloads=300, likes=90, gated=True)
    novel = {**TINY_CONFIG, "architectures": ["NovelForCausalLM"], "model_type": "novel"}
    _repo(root, "org/tiny-novel", novel, downloads=100, likes=1)
    _repo(root, "org/tiny-long", LONG_CONFIG, downloads=50, likes=2)
    fake = FakeHub()
    fake.start(root)
    fake.repos["org/tiny-gated"].tokens = frozenset({"hf_someone_elses"})
    yield fake
    fake.stop()


def open_search(qtbot: QtBot, app: EngineGui) -> tuple[AddModelDialog, ModelSearchPanel]:
    """File ▸ Add model…, whose first tab is the search."""
    app.gui.window.add_action.trigger()
    dialog = app.gui.window.add_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.tabs.currentWidget() is dialog.search
    return dialog, dialog.search


def cell(panel: ModelSearchPanel, repo: str, column: SearchColumn) -> str:
    row = panel.results.row_of(repo)
    assert row >= 0, repo
    return str(panel.results.index(row, column).data())


def details_in(panel: ModelSearchPanel) -> bool:
    rows = panel.results.rowCount()
    return rows > 0 and all(
        panel.results.index(r, SearchColumn.FIT).data() != "checking…" for r in range(rows)
    )


def select(qtbot: QtBot, panel: ModelSearchPanel, repo: str) -> None:
    row = panel.results.row_of(repo)
    rect = panel.table.visualRect(panel.results.index(row, SearchColumn.MODEL))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.selected_repo() == repo


def test_type_a_query_see_what_fits_and_download_one(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub
) -> None:
    app = EngineGui(
        qtbot, tmp_path, monkeypatch, models=(), hf_endpoint=hub.url,
        settings={"models.ctx_size": 1_048_576},  # what the long-context repo cannot have here
    )  # fmt: skip
    try:
        dialog, panel = open_search(qtbot, app)
        qtbot.keyClicks(panel.query, "tiny")
        qtbot.waitUntil(lambda: details_in(panel), timeout=30_000)
        # Typed at once, asked once: the debounce waited for the pause.
        searches = [r.path for r in hub.body_requests("/api/models?")]
        assert len(searches) == 1 and "search=tiny" in searches[0], searches

        order = [r.model.repo_id for r in panel.results.results]
        assert order == [
            "org/tiny-gguf", "org/tiny-chat", "org/tiny-gated", "org/tiny-novel", "org/tiny-long"
        ]  # fmt: skip
        assert cell(panel, "org/tiny-chat", SearchColumn.FIT) == "fits"
        assert cell(panel, "org/tiny-chat", SearchColumn.DOWNLOADS) == "500"
        assert cell(panel, "org/tiny-chat", SearchColumn.LIKES) == "40"
        assert cell(panel, "org/tiny-chat", SearchColumn.UPDATED) == "2026-03-01"
        assert cell(panel, "org/tiny-chat", SearchColumn.LICENSE) == "apache-2.0"
        assert cell(panel, "org/tiny-chat", SearchColumn.SIZE).endswith("safetensors")
        assert cell(panel, "org/tiny-chat", SearchColumn.ARCHITECTURE) == (
            "LlamaForCausalLM (supported)"
        )
        assert cell(panel, "org/tiny-chat", SearchColumn.QUANTIZATION) == "float32"
        assert cell(panel, "org/tiny-chat", SearchColumn.CONTEXT) == "4,096"
        assert cell(panel, "org/tiny-gguf", SearchColumn.FIT) == "not loadable by vLLM"
        assert cell(panel, "org/tiny-gguf", SearchColumn.SIZE).endswith("GGUF")
        assert cell(panel, "org/tiny-novel", SearchColumn.ARCHITECTURE) == (
            "NovelForCausalLM (not supported)"
        )
        select(qtbot, panel, "org/tiny-novel")
        assert "NovelForCausalLM (not supported by vLLM 0.32.0)" in panel.detail.text()
        assert cell(panel, "org/tiny-long", SearchColumn.FIT).startswith("fits at ctx ")
        assert cell(panel, "org/tiny-gated", SearchColumn.GATED) == "gated"
        assert cell(panel, "org/tiny-gated", SearchColumn.FIT) == "unknown"

        # A GGUF-only repository cannot be downloaded, and says why.
        select(qtbot, panel, "org/tiny-gguf")
        assert not panel.download.isEnabled()
        assert "only GGUF files" in panel.detail.text()
        # A gated one says what the user must do.
        select(qtbot, panel, "org/tiny-gated")
        assert not panel.download.isEnabled()
        assert "accept its terms on https://huggingface.co/org/tiny-gated" in panel.detail.text()

        # Another order asks again.
        panel.sort.setCurrentIndex(panel.sort.findText("Most liked"))
        qtbot.waitUntil(
            lambda: (
                panel.results.results[:1] != []
                and panel.results.results[0].model.repo_id == "org/tiny-gated"
            ),
            timeout=30_000,
        )

        select(qtbot, panel, "org/tiny-chat")
        assert panel.download.isEnabled()
        assert "Needs about" in panel.detail.text()
        assert "LlamaForCausalLM (runs on vLLM 0.32.0)" in panel.detail.text()
        qtbot.mouseClick(panel.download, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=30_000)
        gui = app.gui

        def downloading_or_done() -> bool:
            row = gui.store.row("user.tiny-chat")
            return row is not None and (state_kind(row) is StateKind.DOWNLOADING or row.downloaded)

        qtbot.waitUntil(downloading_or_done, timeout=30_000)
        qtbot.waitUntil(lambda: gui.window.actions_.current == "user.tiny-chat", timeout=10_000)
        qtbot.waitUntil(
            lambda: (row := gui.store.row("user.tiny-chat")) is not None and row.downloaded,
            timeout=60_000,
        )
        row = gui.store.row("user.tiny-chat")
        assert row is not None and row.checkpoint == "org/tiny-chat"
    finally:
        app.close()


def test_without_a_network_search_is_unavailable_with_a_sentence(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = EngineGui(qtbot, tmp_path, monkeypatch, models=(), hf_endpoint=refusing_url())
    try:
        dialog, panel = open_search(qtbot, app)
        qtbot.keyClicks(panel.query, "qwen")
        unavailable = lambda: panel.status.text().startswith("Search unavailable")  # noqa: E731
        qtbot.waitUntil(unavailable, timeout=30_000)
        assert "cannot be reached" in panel.status.text()
        assert "Models you already have keep working" in panel.status.text()
        assert panel.results.rowCount() == 0 and not panel.download.isEnabled()
        dialog.reject()
    finally:
        app.close()
