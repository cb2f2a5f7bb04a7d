"""Cycles are collected on the GUI thread only, between Qt's events (app.gui.gc_guard): the
GUI on the real runtime thread, garbage made in that thread, and who collected it."""

from __future__ import annotations

import gc
import threading
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.test_runtime_thread_gui import EngineGui


def test_cycles_made_on_the_runtime_thread_are_collected_on_the_gui_thread(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert gc.isenabled()
    collected_in: list[str] = []

    def record(phase: str, _info: dict[str, Any]) -> None:
        if phase == "stop":
            collected_in.append(threading.current_thread().name)

    app = EngineGui(qtbot, tmp_path, monkeypatch)
    gc.callbacks.append(record)
    try:
        assert not gc.isenabled()  # nothing collects by itself while the GUI runs
        freed = threading.Event()

        class Node:
            """An object in a reference cycle (a lambda connected to a signal makes one)."""

            def __init__(self) -> None:
                self.me = self

            def __del__(self) -> None:
                freed.set()

        # Kept alive until the end: the collector counts allocations minus frees, so lists
        # freed at once would leave its count where it was (and the test would wait on
        # whatever else the app happened to allocate).
        ballast: list[list[list[int]]] = []

        def churn(_services: object) -> None:
            Node()  # unreachable at once, freed only by the cycle collector
            for _ in range(5):  # far past the first generation's threshold (700)
                ballast.append([[] for _ in range(1000)])

        app.facade.post(churn)  # on the runtime's thread
        qtbot.waitUntil(freed.is_set, timeout=10_000)
        assert collected_in and set(collected_in) == {threading.main_thread().name}
    finally:
        gc.callbacks.remove(record)
        app.close()
    assert gc.isenabled()  # as it was once the GUI is gone
