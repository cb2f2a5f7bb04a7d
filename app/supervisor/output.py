"""A model's output: every line to a rotating log file, to subscribers, and to a short tail."""

from __future__ import annotations

import logging
from collections import deque
from logging.handlers import RotatingFileHandler
from pathlib import Path

from app.core.events import EventBus, LogLineEmitted

LOG_FILE_BYTES = 4 * 1024 * 1024
LOG_FILE_BACKUPS = 2
KEPT_LINES = 400  # enough for a long traceback that ends in a known vLLM error


class OutputLog:
    def __init__(self, model_id: str, path: Path, bus: EventBus) -> None:
        self.model_id = model_id
        self.path = path
        self._bus = bus
        self._recent: deque[str] = deque(maxlen=KEPT_LINES)
        self._file: RotatingFileHandler | None = None  # opened on the first line

    def line(self, text: str) -> None:
        """A line of the child's output."""
        self._recent.append(text)
        self._bus.publish(LogLineEmitted(model_id=self.model_id, line=text))
        self._write(text)

    def note(self, text: str) -> None:
        """A line of our own, for the file only (e.g. the command line of each start)."""
        self._write(text)

    def recent(self, n: int | None = None) -> list[str]:
        lines = list(self._recent)
        return lines if n is None else lines[-n:] if n > 0 else []

    def clear(self) -> None:
        """Forget the recent lines: a new child's diagnosis must read only its own."""
        self._recent.clear()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _write(self, text: str) -> None:
        if self._file is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = RotatingFileHandler(
                self.path, maxBytes=LOG_FILE_BYTES, backupCount=LOG_FILE_BACKUPS, encoding="utf-8"
            )
        self._file.handle(logging.makeLogRecord({"msg": text, "levelno": logging.INFO}))
