"""A batch run's result files: one write() per result, fsynced at most once a second."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from app.core.batch.batch import ResultScan, scan_results

log = logging.getLogger(__name__)


class ResultFiles:
    """The output and error files of a run. Blocking methods: call them in a worker thread.

    `scan()` only reads; `open()` cuts off a half-written last line and opens both files for
    appending (the error file is created only when the first error arrives).
    """

    def __init__(self, output: Path, errors: Path) -> None:
        self.output = output
        self.errors = errors
        self.scans: tuple[ResultScan, ResultScan] | None = None
        self._fds: dict[bool, int] = {}
        self._dirty: set[int] = set()

    def scan(self) -> tuple[ResultScan, ResultScan]:
        self.scans = (_scan_file(self.output), _scan_file(self.errors))
        return self.scans

    def open(self) -> None:
        scans = self.scans or self.scan()
        for path, scan in zip((self.output, self.errors), scans, strict=True):
            if scan.torn_bytes:
                log.info("cutting a half-written line (%d bytes) off %s", scan.torn_bytes, path)
                os.truncate(path, scan.valid_bytes)
                fsync_path(path)
        self._fd(True)
        if self.errors.exists():
            self._fd(False)

    def _fd(self, ok: bool) -> int:
        fd = self._fds.get(ok)
        if fd is None:
            path = self.output if ok else self.errors
            path.parent.mkdir(parents=True, exist_ok=True)
            created = not path.exists()
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            self._fds[ok] = fd
            if created:
                fsync_path(path.parent)  # the new name must survive a crash too
        return fd

    def append(self, lines: Sequence[tuple[bool, bytes]], *, sync: bool) -> None:
        """Append each line with one write (O_APPEND: never interleaved, never overwritten)."""
        for ok, line in lines:
            fd = self._fd(ok)
            view = memoryview(line)
            while view:  # write() may take less than all on a full disk or a signal
                view = view[os.write(fd, view) :]
            self._dirty.add(fd)
        if sync:
            self.sync()

    def sync(self) -> None:
        for fd in self._dirty:
            os.fsync(fd)
        self._dirty.clear()

    def close(self) -> None:
        try:
            self.sync()
        finally:
            for fd in self._fds.values():
                os.close(fd)
            self._fds.clear()


def _scan_file(path: Path) -> ResultScan:
    try:
        fh: BinaryIO = path.open("rb")
    except FileNotFoundError:
        return ResultScan()
    with fh:
        return scan_results(fh, str(path))


def fsync_path(path: Path) -> None:
    """fsync a file, or a folder (the names in it), by its path."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Writer:
    """Writes result lines in a worker thread, several at a time when they arrive together,
    and fsyncs at most every `interval_s`. A line's writer waits until its line is written."""

    def __init__(self, files: ResultFiles, interval_s: float) -> None:
        self._files = files
        self._interval = interval_s
        self._pending: list[tuple[bool, bytes, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._last_sync = time.monotonic()
        loop = asyncio.get_running_loop()
        self._opened: asyncio.Future[None] = loop.create_future()
        # The task opens the files itself and is never cancelled, so whatever happens to
        # the run, aclose() finds the files either closed or open and closes them.
        self._task = loop.create_task(self._run(), name="batch-writer")

    async def opened(self) -> None:
        """Wait until the files are ready for appending (raises why they are not)."""
        await asyncio.shield(self._opened)

    async def _run(self) -> None:
        try:
            await asyncio.to_thread(self._files.open)
        except OSError as exc:
            self._opened.set_exception(exc)
            return
        self._opened.set_result(None)
        await self._loop()

    async def write(self, ok: bool, line: bytes) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((ok, line, done))
        self._wake.set()
        await done

    async def _loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            now = time.monotonic()
            sync = self._closing or now - self._last_sync >= self._interval
            if batch or sync:
                lines = [(ok, line) for ok, line, _ in batch]
                try:
                    await asyncio.to_thread(self._files.append, lines, sync=sync)
                except OSError as exc:
                    for _ok, _line, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                    raise
                if sync:
                    self._last_sync = now
                for _ok, _line, done in batch:
                    if not done.done():
                        done.set_result(None)
            if self._closing and not self._pending:
                return

    async def aclose(self) -> None:
        """Write what is pending, fsync and close; safe against a second cancellation."""
        self._closing = True
        self._wake.set()
        with contextlib.suppress(OSError):
            await asyncio.shield(self._task)
        await asyncio.to_thread(self._files.close)
