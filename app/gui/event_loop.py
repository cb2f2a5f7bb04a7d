"""The GUI thread's asyncio loop: qasync, driven by whatever runs Qt's event loop."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator

import qasync
from PySide6.QtCore import QCoreApplication, QEventLoop

TEARDOWN_S = 5.0  # how long cancelled GUI tasks get to finish when the loop closes


@contextlib.contextmanager
def qt_asyncio_loop(app: QCoreApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """Make a qasync loop the GUI thread's running asyncio loop for the duration.

    It is created with `already_running=True`: it does not own Qt's event loop, it runs
    inside whichever one turns — `app.exec()` in the app, `qtbot.waitUntil` in tests,
    `processEvents()` in the screenshot script — because qasync schedules asyncio callbacks
    as Qt timers and signals. So all three run the GUI's async slots the same way.
    """
    loop = qasync.QEventLoop(app, already_running=True)
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        _finish_tasks(app, loop)
        # With already_running the caller closes the loop, and close() refuses a running
        # one. qasync's stop() would also call QCoreApplication.exit(), which emits
        # aboutToQuit and sets Qt's quitNow flag, after which every QEventLoop.exec()
        # returns at once; a loop that ends before the application (tests, screenshots)
        # must not do that, so only qasync's private running flag is cleared.
        vars(loop)["_QEventLoop__is_running"] = False
        loop.close()
        app.aboutToQuit.disconnect(loop._after_run_forever)
        asyncio.events._set_running_loop(None)
        asyncio.set_event_loop(None)


def _finish_tasks(app: QCoreApplication, loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what is still pending and let the cancellations run, so no task is destroyed
    pending (asyncio would complain about each)."""
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    deadline = time.monotonic() + TEARDOWN_S
    while any(not task.done() for task in pending) and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
