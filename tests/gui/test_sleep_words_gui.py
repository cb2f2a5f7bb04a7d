"""A sleeping model's row says which sleep level it took and why, in words (issue 33 item 3):
level 1 parks the weights in RAM on a discrete GPU; on an APU, or when RAM is short, level 2
drops them, and the row says the next request reads them from disk again."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.core.events import ProcessStateChanged
from app.core.states import ProcessState
from app.gui.app import GuiApp
from app.gui.model_table import Column
from tests.gui.fake_facade import FakeFacade, load_events

MODEL = "Qwen3.5-4B-FP16-vLLM"


@pytest.mark.parametrize(
    "case",
    [
        (1, "parked", "asleep at level 1: its weights wait in RAM, so it wakes in seconds"),
        (2, "shared", "asleep at level 2: this GPU's memory is the computer's RAM, so its weights"),
        (2, "ram_short", "asleep at level 2: RAM could not take its weights, so they were dropped"),
        (None, None, "asleep: wakes on the next request"),
    ],
)
def test_the_row_says_the_sleep_level_and_why(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade, case: tuple[int | None, str | None, str]
) -> None:
    level, why, words = case
    fake.update(MODEL, sleep_level=level, sleep_why=why)
    fake.publish_from_thread(
        *load_events(MODEL),
        ProcessStateChanged(MODEL, ProcessState.RUNNING, ProcessState.SLEEPING, pid=4242),
    )

    def state() -> str:
        return str(gui.window.table_model.index_of(MODEL, Column.STATE).data())

    # The event does not carry the level: the window asks for the row again.
    qtbot.waitUntil(lambda: state().startswith(words))
