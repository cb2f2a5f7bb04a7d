"""Process-tree checks for the no-orphans tests: which pids still live, waiting until none does."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable

import psutil

POLL_S = 0.05


def alive(pids: Iterable[int]) -> list[int]:
    """The pids that still run; a zombie has exited and only waits for its parent to reap it."""
    out = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                out.append(pid)
        except psutil.NoSuchProcess:
            pass
    return out


def wait_gone(pids: Iterable[int], within: float) -> list[int]:
    """The pids still alive after `within` seconds (returns as soon as none is); blocks."""
    pids = list(pids)
    deadline = time.monotonic() + within
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(POLL_S)
    return alive(pids)


def descendants(pid: int) -> list[psutil.Process]:
    """Every process below `pid` (children, grandchildren, ...)."""
    return psutil.Process(pid).children(recursive=True)


def titles(procs: Iterable[psutil.Process]) -> list[str]:
    """What each process calls itself (its command line, or its name), for assertions."""
    out = []
    for proc in procs:
        with contextlib.suppress(psutil.NoSuchProcess):
            out.append(" ".join(proc.cmdline()) or proc.name())
    return out
