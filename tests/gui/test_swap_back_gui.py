"""A model the app put aside to make room for another comes back as a "swap back": on the
real runtime thread and facade (fake engine, a memory budget with room for one model), the
row says so while it loads, with the ETA learned from its earlier swap backs."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.gui.model_table import Column
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.gui.conftest import flush_deletes, start_gui


@pytest.mark.timeout(180)
def test_a_swapped_model_loads_as_a_swap_back_with_the_learned_eta(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold = tmp_path / "hold"
    engine = fake_engine(
        "--fake-start-delay", "0.6", "--fake-warm-delay", "0.3", "--fake-start-hold-file", str(hold)
    )
    runtime = make_runtime(
        tmp_path,
        monkeypatch,
        # room for one tiny model (4 MiB of KV cache at ctx 4096) but not two
        settings={
            "engine.custom_command": engine,
            "models.ctx_size": 4096,
            "memory.budget_gb": 0.006,
        },
    )
    thread = RuntimeThread(runtime, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    window = gui.window

    def state(model: str) -> str:
        index = window.table_model.index_of(model, Column.STATE)
        return str(index.data(Qt.ItemDataRole.DisplayRole))

    def load(model: str) -> None:
        assert window.select_model(model)
        window.actions_.load.trigger()

    def running(model: str) -> None:
        qtbot.waitUntil(lambda: state(model).startswith("running"), timeout=60_000)

    try:
        for model in ("user.a", "user.b", "user.a", "user.b"):  # the last two are swap backs
            load(model)
            running(model)
        hold.touch()  # the next start waits halfway, so the row can be read while it loads
        load("user.a")
        qtbot.waitUntil(lambda: "swap back:" in state("user.a"), timeout=60_000)
        shown = state("user.a")
        assert shown.startswith("loading: "), shown
        # Expected as the earlier swap back took, and said so.
        assert "of about" in shown and "last swap back" in shown, shown
        assert "warm load:" not in shown and "cold load:" not in shown
        hold.unlink()
        running("user.a")
        assert state("user.b") == "not loaded" or not state("user.b").startswith("running")
    finally:
        hold.unlink(missing_ok=True)
        gui.close()
        flush_deletes()
        facade.shutdown()
