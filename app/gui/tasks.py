"""Runs facade commands without blocking: their futures finish on the GUI thread."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Qt, Signal

from app.core.problems import Problem, ProblemError
from app.gui.i18n import problem_text

log = logging.getLogger(__name__)

T = TypeVar("T")


class CommandRunner(QObject):
    """Watches the futures the facade returns and calls back on the GUI thread.

    A done-callback of a `concurrent.futures.Future` runs on whichever thread finishes it
    (the engine thread), so it only emits a queued signal; the callbacks run in `_finish`.
    This needs no asyncio loop, so it works the same under qasync and in tests.
    """

    failed = Signal(str, object)  # sentence, Problem | None
    busy_changed = Signal(int)  # commands in flight

    _done = Signal(object, object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pending = 0
        self._done.connect(self._finish, Qt.ConnectionType.QueuedConnection)

    @property
    def pending(self) -> int:
        return self._pending

    def run(
        self,
        future: Future[T],
        on_done: Callable[[T], Any] | None = None,
        on_error: Callable[[str, Problem | None], Any] | None = None,
    ) -> None:
        """`on_error` replaces the `failed` signal for this command when given."""
        self._pending += 1
        self.busy_changed.emit(self._pending)
        future.add_done_callback(lambda f: self._done.emit(f, on_done, on_error))

    def _finish(
        self,
        future: Future[Any],
        on_done: Callable[[Any], Any] | None,
        on_error: Callable[[str, Problem | None], Any] | None,
    ) -> None:
        self._pending -= 1
        self.busy_changed.emit(self._pending)
        try:
            result = future.result()
        except CancelledError:
            # Dialogs wait for their command to end: tell them, or they stay disabled.
            self._report(self.tr("The command was cancelled."), None, on_error)
            return
        except ProblemError as exc:
            self._report(problem_text(exc.problem), exc.problem, on_error)
            return
        except Exception as exc:
            log.exception("command failed")
            text = self.tr("Something went wrong: {error}").format(error=exc)
            self._report(text, None, on_error)
            return
        if on_done is not None:
            on_done(result)

    def _report(
        self,
        text: str,
        problem: Problem | None,
        on_error: Callable[[str, Problem | None], Any] | None,
    ) -> None:
        if on_error is not None:
            on_error(text, problem)
        else:
            self.failed.emit(text, problem)
