"""Python's cycle collector, run on the GUI thread between events, never anywhere else.

Left automatic, the collector runs in whichever thread allocates past its threshold, in the
middle of whatever that thread is doing: in the runtime's thread it can free a Qt object from
the wrong thread, and on the GUI thread inside a slot Qt is calling it can free the object
that is emitting. PySide6 then crashes (seen in `make test`: a segfault "Garbage-collecting"
in the GUI thread under pytest-qt's wait, the runtime thread busy beside it). Long-lived PyQt
and PySide applications (Anki among them) do what this module does: automatic collection off
while the GUI runs, and a timer on the GUI thread that collects a generation whenever its
count has passed the threshold Python itself would have used. Written here because no library
does it; it is a dozen lines.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

CHECK_MS = 500  # how often the GUI thread looks at the collector's counts


class _State:
    holders = 0  # collectors alive in this process (tests build one GUI after another)
    was_enabled = True  # automatic collection before the first of them


class MainThreadCollector(QObject):
    """While alive (until `stop`), cycles are collected only by its timer, on its thread."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if _State.holders == 0:
            _State.was_enabled = gc.isenabled()
            gc.disable()
        _State.holders += 1
        self._stopped = False
        self.threshold = gc.get_threshold()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.check)
        self._timer.start(CHECK_MS)

    def check(self) -> int:
        """Collect the oldest generation whose count passed its threshold; what was freed."""
        counts = gc.get_count()
        generation = -1
        for gen in range(3):
            if counts[gen] > self.threshold[gen]:
                generation = gen
            else:
                break
        return gc.collect(generation) if generation >= 0 else 0

    def stop(self) -> None:
        """Automatic collection as it was, once the last GUI app stops."""
        if self._stopped:
            return
        self._stopped = True
        self._timer.stop()
        _State.holders = max(0, _State.holders - 1)
        if _State.holders == 0 and _State.was_enabled:
            gc.enable()


def reset() -> None:
    """Automatic collection back on, whatever collectors were left running (tests)."""
    _State.holders = 0
    gc.enable()
