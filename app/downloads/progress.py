"""Progress of one download: bytes on disk per file, network speed and ETA, never going back."""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass

SPEED_WINDOW_S = 5.0
_MIN_SPEED_SPAN_S = 0.5
# No byte for this long and the download is "stalled": a hub that died mid-file leaves the
# socket open until the read timeout (tens of seconds), and the average over the window
# would still say MiB/s meanwhile (issue 20).
STALL_AFTER_S = 3.0


@dataclass(frozen=True)
class ProgressSnapshot:
    done: int
    total: int
    file: str
    file_done: int
    file_total: int
    speed_bps: float | None
    eta_s: float | None
    stalled: bool = False  # no byte arrived for STALL_AFTER_S seconds (speed_bps is then 0)


class DownloadProgress:
    """Written by the transfer thread (`FileProgress`), read by the reporter on the event loop.

    `done` counts the bytes of the planned files that are on disk, partial ones included. A
    partial file can shrink (a server that ignores Range, a checksum mismatch): the reported
    numbers then hold still until the bytes are back, so bars never move backwards, and the
    last report is exactly the total.
    """

    def __init__(self, sizes: dict[str, int], present: dict[str, int]) -> None:
        self._lock = threading.Lock()
        self._sizes = dict(sizes)
        self._on_disk = {p: min(present.get(p, 0), s) for p, s in sizes.items()}
        self.total = sum(sizes.values())
        self._file = ""
        self._network = 0
        self._samples: deque[tuple[float, int]] = deque()
        self._last_byte_at: float | None = None  # when the network count last grew
        self._reported_done = 0
        self._reported_file: dict[str, int] = {}

    # -- FileProgress (transfer thread) ---------------------------------------------------
    def begin_file(self, path: str, size: int) -> None:
        with self._lock:
            self._file = path
            self._sizes.setdefault(path, size)

    def on_disk(self, n: int) -> None:
        with self._lock:
            if self._file:
                self._on_disk[self._file] = min(n, self._sizes.get(self._file, n))

    def received(self, n: int) -> None:
        with self._lock:
            self._network += n

    # -- reporter (event loop) ------------------------------------------------------------
    def snapshot(self, now: float | None = None) -> ProgressSnapshot:
        now = time.monotonic() if now is None else now
        with self._lock:
            done = min(self.total, sum(self._on_disk.values()))
            file = self._file
            file_total = self._sizes.get(file, 0)
            file_done = self._on_disk.get(file, 0)
            network = self._network
        if self._last_byte_at is None or (self._samples and network > self._samples[-1][1]):
            self._last_byte_at = now
        self._samples.append((now, network))
        while len(self._samples) > 2 and now - self._samples[0][0] > SPEED_WINDOW_S:
            self._samples.popleft()
        self._reported_done = max(self._reported_done, done)
        file_done = max(self._reported_file.get(file, 0), file_done)
        self._reported_file[file] = file_done
        stalled = now - self._last_byte_at >= STALL_AFTER_S and self._reported_done < self.total
        speed = 0.0 if stalled else self._speed()
        remaining = self.total - self._reported_done
        eta = remaining / speed if speed else None
        return ProgressSnapshot(
            done=self._reported_done,
            total=self.total,
            file=file,
            file_done=file_done,
            file_total=file_total,
            speed_bps=speed,
            eta_s=eta,
            stalled=stalled,
        )

    def final(self) -> ProgressSnapshot:
        """The closing report of a completed download: exactly the total."""
        last = self.snapshot()
        file_total = last.file_total
        return ProgressSnapshot(
            done=self.total,
            total=self.total,
            file=last.file,
            file_done=file_total,
            file_total=file_total,
            speed_bps=last.speed_bps,
            eta_s=0.0,
        )

    def _speed(self) -> float | None:
        if len(self._samples) < 2:
            return None
        (t0, b0), (t1, b1) = self._samples[0], self._samples[-1]
        if t1 - t0 < _MIN_SPEED_SPAN_S:
            return None
        return (b1 - b0) / (t1 - t0)
