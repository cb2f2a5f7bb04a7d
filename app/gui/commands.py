"""Awaiting the engine from async slots: a typed asyncSlot, one failure type, one failure sink.

A user action reads top to bottom::

    @async_slot()
    async def _on_load_triggered(self) -> None:
        try:
            await call(self._facade.submit(lambda s: s.models.load(model_id)))
        except CommandFailed as failure:
            self._failures.report(failure)

`call` is the one place where an engine-side failure becomes a sentence for the user: the
problem's own sentence (translated), never an exception's class name.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sys
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, ParamSpec, TypeVar

import qasync
from PySide6.QtCore import QCoreApplication, QObject, Signal

from app.core.problems.problems import Problem, ProblemError
from app.gui.i18n import problem_text

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

# Direct translate("Commands", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate

AsyncMethod = Callable[P, Coroutine[Any, Any, None]]


def async_slot(*types: type) -> Callable[[AsyncMethod[P]], Callable[P, asyncio.Task[None]]]:
    """`qasync.asyncSlot`, typed, and tied to its QObject: the slot runs as a task on the GUI
    thread's asyncio loop, and is cancelled if the object is deleted while it waits (so it
    never touches a deleted widget when the runtime answers).

    Calling the slot returns its task. An exception that escapes the coroutine goes to
    `sys.excepthook` (qasync's handling), so catch CommandFailed inside.
    """

    def decorate(method: AsyncMethod[P]) -> Callable[P, asyncio.Task[None]]:
        slot = qasync.asyncSlot(*types)(method)

        @functools.wraps(method)
        def start(*args: P.args, **kwargs: P.kwargs) -> asyncio.Task[None]:
            task: asyncio.Task[None] = slot(*args, **kwargs)
            owner = args[0] if args else None
            if isinstance(owner, QObject):
                tasks_of(owner).adopt(task)
            return task

        return start

    return decorate


class CommandFailed(Exception):
    """A facade call failed. `text` is the one sentence to show; `problem` the engine's own."""

    def __init__(self, text: str, problem: Problem | None = None) -> None:
        super().__init__(text)
        self.text = text
        self.problem = problem


async def call(future: Future[T]) -> T:
    """Await a future the facade returned; any failure comes out as CommandFailed."""
    try:
        return await asyncio.wrap_future(future)
    except ProblemError as exc:
        raise CommandFailed(problem_text(exc.problem), exc.problem) from exc
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if future.cancelled() and (task is None or not task.cancelling()):
            # The engine side dropped the command (e.g. it is shutting down): say so, the
            # dialog that waits for it must not stay disabled.
            raise CommandFailed(translate("Commands", "The command was cancelled.")) from None
        raise  # this slot itself was cancelled
    except Exception as exc:
        # A bug, not a problem the engine foresaw: the log gets the class and traceback,
        # the user a sentence.
        log.error("a command failed unexpectedly", exc_info=exc)
        raise CommandFailed(
            translate(
                "Commands",
                "Something went wrong inside vLLM Tray; the details are in its log.",
            )
        ) from exc


class FailureReporter(QObject):
    """Where failures go that no dialog shows next to a field: the window's notice, or a tray
    notification while the window is hidden (GuiApp connects both)."""

    failed = Signal(str, object)  # sentence, Problem | None

    def report(self, failure: CommandFailed) -> None:
        self.failed.emit(failure.text, failure.problem)


class TaskKeeper:
    """The tasks a QObject runs (asyncio keeps only weak references to tasks); all are
    cancelled when the object is destroyed. Get an object's keeper with `tasks_of`.

    A cancelled task resumes after its object is gone: code after an `await` in a slot
    must not touch widgets in `finally` blocks, only on the paths that return normally.
    """

    def __init__(self, owner: QObject | None = None) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        if owner is not None:
            tasks = self._tasks  # not self: the lambda must not keep the keeper's owner alive
            owner.destroyed.connect(lambda *_args: [task.cancel() for task in list(tasks)])

    def start(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run `coro` as a task; an exception escaping it goes to sys.excepthook."""
        task = asyncio.ensure_future(coro)
        self.adopt(task)
        task.add_done_callback(_report_escaped)
        return task

    def adopt(self, task: asyncio.Task[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()


def _report_escaped(task: asyncio.Task[Any]) -> None:
    error = None if task.cancelled() else task.exception()
    if error is not None:
        # As qasync's asyncSlot does: a bug surfaces (and fails a GUI test), not lost.
        sys.excepthook(type(error), error, error.__traceback__)


_KEEPER = "_vllm_tray_tasks"


def tasks_of(owner: QObject) -> TaskKeeper:
    """The TaskKeeper of `owner`, made on first use."""
    keeper = owner.__dict__.get(_KEEPER)
    if not isinstance(keeper, TaskKeeper):
        keeper = TaskKeeper(owner)
        owner.__dict__[_KEEPER] = keeper
    return keeper


def cancel_tasks_under(root: QObject) -> None:
    """Cancel the tasks of `root` and of every object under it: a GUI that is closing must
    not have a slot resume (or start) once the objects it uses are gone."""
    for obj in (root, *root.findChildren(QObject)):
        keeper = obj.__dict__.get(_KEEPER)
        if isinstance(keeper, TaskKeeper):
            keeper.cancel_all()
