"""qasync's loop as the GUI thread's asyncio loop for tests and screenshots.

It runs inside whichever loop turns Qt's (qtbot.waitUntil, processEvents), so async slots
run as in the app. The GUI branch brings app.gui.event_loop.qt_asyncio_loop, which does the
same; once it is merged this module can go.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator

import qasync
from PySide6.QtCore import QCoreApplication, QEventLoop

TEARDOWN_S = 5.0


@contextlib.contextmanager
def qasync_loop(app: QCoreApplication) -> Iterator[asyncio.AbstractEventLoop]:
    loop = qasync.QEventLoop(app, already_running=True)
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for task in pending:
            task.cancel()
        deadline = time.monotonic() + TEARDOWN_S
        while any(not t.done() for t in pending) and time.monotonic() < deadline:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        # Not stop(): qasync's stop() makes Qt's application quit; only the flag goes.
        vars(loop)["_QEventLoop__is_running"] = False
        loop.close()
        app.aboutToQuit.disconnect(loop._after_run_forever)
        asyncio.events._set_running_loop(None)
        asyncio.set_event_loop(None)
