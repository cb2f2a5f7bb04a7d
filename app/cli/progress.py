"""Progress on stderr: one redrawn line on a terminal, whole lines now and then in a log."""

from __future__ import annotations

import math
import shutil
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

TTY_INTERVAL_S = 0.1  # a terminal line is redrawn at most ten times a second
LINE_INTERVAL_S = 5.0  # without a terminal (a log, CI, `| tee`): a line every 5 s …
LINE_STEP = 0.10  # … or every 10 %, whichever comes first


class ProgressReporter:
    """Reports one task's progress in steps (a phase, a file) with an optional fraction.

    On a terminal the current line is redrawn with `\\r`; a new step starts a new line. In a
    file or pipe, `\\r`-joined redraws would pile up into one endless line, so whole lines are
    written instead: when a step starts, when the fraction passes the next 10 %, at least
    every 5 s while something changes, and at the end.
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        tty: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._stream = stream if stream is not None else sys.stderr
        self._tty = self._stream.isatty() if tty is None else tty
        self._clock = clock
        self._step: str | None = None
        self._last_time: float | None = None
        self._last_fraction: float | None = None
        self._pending: str | None = None  # a line not written yet (shown by `finish`)
        self._open_line = False  # a redrawn line without its newline yet
        # Engine installs report from worker threads (extraction) and the loop alike.
        self._lock = threading.Lock()

    def update(self, step: str, text: str, fraction: float | None = None) -> None:
        """`text` is the whole line to show; `step` names what it is about."""
        with self._lock:
            self._update(step, text, fraction)

    def _update(self, step: str, text: str, fraction: float | None) -> None:
        now = self._clock()
        new_step = step != self._step
        if new_step:
            self._step = step
            self._last_fraction = None
        if self._tty:
            if new_step or self._due(now, TTY_INTERVAL_S) or fraction == 1.0:
                self._redraw(text, new_step)
                self._last_time = now
            return
        passed_step = fraction is not None and _tenths(fraction) > _tenths(
            self._last_fraction or 0.0
        )
        done = fraction is not None and fraction >= 1.0
        if new_step or passed_step or done or self._due(now, LINE_INTERVAL_S):
            self._write_line(text)
            self._last_time = now
            self._last_fraction = fraction
            self._pending = None
        else:
            self._pending = text

    def finish(self) -> None:
        """End the output: the last state on its own line."""
        with self._lock:
            self._finish()

    def _finish(self) -> None:
        if self._tty:
            if self._open_line:
                self._stream.write("\n")
                self._stream.flush()
                self._open_line = False
            return
        if self._pending is not None:
            self._write_line(self._pending)
            self._pending = None

    @property
    def tty(self) -> bool:
        """Whether the output is a terminal (worth drawing a bar in)."""
        return self._tty

    def _due(self, now: float, interval: float) -> bool:
        return self._last_time is None or now - self._last_time >= interval

    def _redraw(self, text: str, new_step: bool) -> None:
        width = shutil.get_terminal_size((80, 20)).columns - 1
        if new_step and self._open_line:
            self._stream.write("\n")
        self._stream.write("\r" + text[:width].ljust(width))
        self._stream.flush()
        self._open_line = True

    def _write_line(self, text: str) -> None:
        self._stream.write(text.rstrip() + "\n")
        self._stream.flush()


def _tenths(fraction: float) -> int:
    # The epsilon keeps 0.3 / 0.1 (2.999…) in the third step, where a reader expects it.
    return math.floor(fraction / LINE_STEP + 1e-9)
