"""The window first: the GUI is built and shown before the runtime exists, then connected to it.

Importing and starting the runtime (the supervisor, aiohttp, huggingface_hub, the
endpoint…) takes seconds; the first screen needs none of it to appear. So run_gui builds the
GUI on a `LateFacade`, shows the window (its central area says "Starting the engine…"), and
only after the window's first paint builds the real facade on a worker thread. Calls the GUI
makes meanwhile wait for it: their futures complete once the runtime answers them; the GUI's
event bus relays the runtime's from then on. bench/bench_startup.py measures the gain.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import psutil
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QLabel,
    QProgressBar,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.events import EventBus
from app.core.problems.problems import Problem
from app.gui.i18n import problem_text
from app.gui.main_window import MainWindow

log = logging.getLogger(__name__)

# Direct translate("Startup", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate


class LateFacade:
    """Stands for the engine's facade until it exists (GUI thread only).

    Any call before `connect` returns a future at once and is made on the real facade when
    it comes, in the order the calls were made; after `connect` every attribute is the real
    facade's own. `bus` is the GUI's own EventBus, relaying the engine's once connected.
    """

    def __init__(self) -> None:
        self.bus = EventBus()
        self._real: Any = None
        self._waiting: list[tuple[str, tuple[Any, ...], dict[str, Any], Future[Any]]] = []
        self._builder: ThreadPoolExecutor | None = None
        self._building: Future[Any] | None = None

    @property
    def connected(self) -> bool:
        return self._real is not None

    def __getattr__(self, name: str) -> Any:
        # Only for what this class does not have itself: the facade's commands and reads.
        if name.startswith("_"):
            raise AttributeError(name)
        if self._real is not None:
            return getattr(self._real, name)

        def later(*args: Any, **kwargs: Any) -> Future[Any]:
            answer: Future[Any] = Future()
            if self._real is not None:
                _forward(self._real, name, args, kwargs, answer)
            else:
                self._waiting.append((name, args, kwargs, answer))
            return answer

        return later

    async def build(self, factory: Callable[[], Any]) -> Any:
        """Build the real facade with `factory` on a worker thread, then connect it."""
        self._builder = ThreadPoolExecutor(1, thread_name_prefix="vllm-tray-start")
        self._building = self._builder.submit(factory)
        real = await asyncio.wrap_future(self._building)
        self.connect(real)
        return real

    def connect(self, real: Any) -> None:
        real.bus.subscribe(self.bus.publish)  # before any call: no event is missed
        self._real = real
        waiting, self._waiting = self._waiting, []
        for name, args, kwargs, answer in waiting:
            _forward(real, name, args, kwargs, answer)

    def shutdown(self) -> None:
        """Stop the engine, also one still being built (then once it is: it may hold the
        endpoint's port and a runtime thread)."""
        real = self._real
        if real is None and self._building is not None:
            try:
                real = self._building.result()
            except Exception:  # its failure was reported when it happened
                real = None
        if real is not None:
            real.shutdown()
        if self._builder is not None:
            self._builder.shutdown(wait=False)
        for _name, _args, _kwargs, answer in self._waiting:
            answer.cancel()
        self._waiting = []


def _forward(
    real: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any], answer: Future[Any]
) -> None:
    try:
        result = getattr(real, name)(*args, **kwargs)
    except BaseException as exc:
        answer.set_exception(exc)
        return
    if not isinstance(result, Future):
        answer.set_result(result)
        return

    def copy(done: Future[Any]) -> None:
        if done.cancelled():
            answer.cancel()
        elif done.exception() is not None:
            answer.set_exception(done.exception())
        else:
            answer.set_result(done.result())

    result.add_done_callback(copy)


class StartingCover(QObject):
    """The main window's central area while the runtime starts: "Starting the engine…"
    instead of an empty model list and panels that would say "No GPU found". Menus and
    toolbar wait too (their dialogs read what the engine has not told yet)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        content = window.takeCentralWidget()
        assert content is not None, "the window is built with its central widget"
        self._content = content
        page = QWidget()
        label = QLabel(translate("Startup", "Starting the engine…"))
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        busy = QProgressBar()
        busy.setRange(0, 0)  # no figure to show: it moves
        busy.setTextVisible(False)
        busy.setFixedWidth(280)
        layout = QVBoxLayout(page)
        layout.addStretch(1)
        layout.addWidget(label)
        layout.addWidget(busy, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self._stack = QStackedWidget()
        self._stack.addWidget(self._content)
        self._stack.addWidget(page)
        self._stack.setCurrentWidget(page)
        window.setCentralWidget(self._stack)
        self._waiting = [window.menuBar(), *window.findChildren(QWidget, "model-actions")]
        for widget in self._waiting:
            widget.setEnabled(False)

    def done(self, problems: tuple[Problem, ...] = ()) -> None:
        """The first snapshot is in: the model list (first row selected) and the panels."""
        self._stack.setCurrentWidget(self._content)
        for widget in self._waiting:
            widget.setEnabled(True)
        table = self._window.table
        if table.model().rowCount() > 0 and not table.selectionModel().hasSelection():
            table.selectRow(0)
        if problems:
            self._window.show_notice("\n".join(problem_text(p) for p in problems))


class FirstPaint(QObject):
    """Resolves `painted` when `widget` has painted once (or at once if it is hidden)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.painted: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        if not widget.isVisible():
            self.painted.set_result(None)
            return
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.painted.done():
            watched.removeEventFilter(self)
            log.info("window painted %.2f s after the start", seconds_since_start())
            # After this paint is done: the engine's start then competes with nothing.
            asyncio.get_event_loop().call_soon(self._resolve)
        return False

    def _resolve(self) -> None:
        if not self.painted.done():
            self.painted.set_result(None)


def seconds_since_start() -> float:
    return time.time() - psutil.Process().create_time()
