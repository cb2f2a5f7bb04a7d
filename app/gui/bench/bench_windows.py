"""The main window's Benchmark windows (app.gui.bench.bench_view), one per model."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QWidget

from app.core.states import ALIVE
from app.gui.bench.bench_view import BenchWindow
from app.gui.bridge import EventBridge
from app.runtime.api.services import Facade

if TYPE_CHECKING:
    from app.gui.store import AppStore


def loaded_name(store: AppStore | None, model_id: str) -> str | None:
    """The model's name while it is loaded, else None."""
    row = store.row(model_id) if store is not None else None
    return row.name if row is not None and row.process in ALIVE else None


class BenchWindows:
    """The main window's Benchmark windows, one per model, raised again when asked twice."""

    def __init__(
        self,
        facade: Facade,
        bridge: EventBridge,
        parent: QWidget,
        requested: SignalInstance,
        store: AppStore | None = None,
    ) -> None:
        self._facade = facade
        self._bridge = bridge
        self._parent = parent
        self._store = store  # Apply asks before restarting a model it says is loaded
        self.windows: dict[str, BenchWindow] = {}
        requested.connect(self.open)  # ModelActions' Benchmark and tune… (a model id)

    def open(self, model_id: str) -> BenchWindow:
        view = self.windows.get(model_id)
        if view is None:
            view = BenchWindow(
                self._facade,
                self._bridge,
                model_id,
                self._parent,
                loaded=partial(loaded_name, self._store, model_id),
            )
            self.windows[model_id] = view
        view.show()
        view.raise_()
        view.activateWindow()
        return view
