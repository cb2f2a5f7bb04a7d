"""A download whose hub goes silent reads "stalled" in the table within a few seconds, not the
last rate until it fails (issue 32, item 13): a stall changes no count, only the words, and
the table was never told to paint them."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from pytestqt.qtbot import QtBot

from app.core.events import DownloadProgressed
from app.downloads.progress import STALL_AFTER_S
from app.gui.model_table import Column, ModelTableModel
from tests.fakes.fake_hub import FakeHub, build_tiny_model
from tests.gui.fake_facade import FakeFacade
from tests.gui.test_bridge_store import make_store
from tests.gui.test_runtime_thread_gui import EngineGui, click_toolbar

_Index = QModelIndex | QPersistentModelIndex


class Painted:
    """What one model's State cell said each time the table told its view to repaint it:
    what the user sees (a view paints a cell from `data()` only when told it changed)."""

    def __init__(self, table: ModelTableModel, model_id: str) -> None:
        self.table, self.model_id = table, model_id
        self.said: list[tuple[float, str]] = []
        table.dataChanged.connect(self._on_table_data_changed)

    def _on_table_data_changed(self, first: _Index, last: _Index, _roles: object = ()) -> None:
        cell = self.table.index_of(self.model_id, Column.STATE)
        rows, columns = (first.row(), last.row()), (first.column(), last.column())
        if (
            cell.isValid()
            and rows[0] <= cell.row() <= rows[1]
            and columns[0] <= Column.STATE <= columns[1]
        ):
            self.said.append((time.monotonic(), str(self.table.data(cell))))

    def last(self) -> str:
        return self.said[-1][1] if self.said else ""


@pytest.mark.timeout(180)
def test_the_table_says_stalled_within_seconds_of_the_hub_going_silent(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_tiny_model(tmp_path / "repos" / "test-org" / "tiny-llama", weights_bytes=24 << 20)
    with FakeHub(throttle_bps=8 << 20, hold_after=12 << 20) as hub:
        hub.start(tmp_path / "repos")
        app = EngineGui(
            qtbot, tmp_path, monkeypatch, models=(), hub_models=("hubby",), hf_endpoint=hub.url
        )
        gui = app.gui
        painted = Painted(gui.window.table_model, "user.hubby")
        try:
            assert gui.window.select_model("user.hubby")
            click_toolbar(qtbot, gui, "&Download")
            qtbot.waitUntil(lambda: "MiB/s" in painted.last(), timeout=30_000)
            qtbot.waitUntil(lambda: hub.total_served() >= 12 << 20, timeout=30_000)
            silent_since = time.monotonic()  # the hub sends nothing more from here
            qtbot.waitUntil(lambda: painted.last().endswith("· stalled"), timeout=20_000)
            said_at, text = painted.said[-1]
            # Said within a few seconds of the last byte, with no rate: the old one is gone.
            assert said_at - silent_since < STALL_AFTER_S + 4, painted.said
            assert text.startswith("downloading ") and "/s" not in text, text
            hub.release.set()
            # Bytes again: the words move on (a rate, or downloaded) without anything else.
            qtbot.waitUntil(lambda: "stalled" not in painted.last(), timeout=30_000)
        finally:
            hub.release.set()
            app.close()


MODEL = "GLM-4.7-Flash-FP16-vLLM"


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    reports=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=5),  # bytes more than the last report
            st.booleans(),  # stalled
            st.one_of(st.none(), st.floats(min_value=0.5, max_value=1e9)),  # speed
        ),
        min_size=1,
        max_size=8,
    )
)
def test_every_change_of_the_words_is_painted(
    qtbot: QtBot, fake: FakeFacade, reports: list[tuple[int, bool, float | None]]
) -> None:
    """Whatever the runtime reports (bytes or none, stalled or not, a speed or none), the
    table is told to repaint the cell whenever its words change."""
    bridge, store = make_store(qtbot, fake)
    table = ModelTableModel(store)
    painted = Painted(table, MODEL)
    cell = table.index_of(MODEL, Column.STATE)
    done = 0
    try:
        for more, stalled, speed in reports:
            done += more
            expected = 0.0 if stalled else speed
            event = DownloadProgressed("dl-1", MODEL, done, 100, speed_bps=speed, stalled=stalled)
            fake.publish_from_thread(event)

            def applied(speed: float | None = expected, done: int = done) -> bool:
                row = store.row(MODEL)
                download = None if row is None else row.download
                return store.download_speed.get(MODEL, -1.0) == speed and (
                    download is not None and download.done == done
                )

            qtbot.waitUntil(applied)
            assert painted.last() == table.data(cell), painted.said
    finally:
        bridge.close()
        table.deleteLater()
