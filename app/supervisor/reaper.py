"""Reaps engine processes that earlier runs of the app left behind, and nothing else.

Each watchdog keeps `state_dir/child-*.json` current: the id of the boot, its own pid and
those of every process in its tree, each with its start time (clock ticks since boot) and
command line. A process is killed only if a recorded pid of this boot is alive with the same
start time — boot, pid and start time identify one process for the life of the machine, so a
reused pid is never touched. The command line is not part of that identity: vLLM renames its
processes (`VLLM::EngineCore`, by setproctitle), and one recorded between its fork and its
rename, its exec, carries its parent's; a watchdog killed before its next look would leave it
running. Only a record without the boot's id (written by an older app) is held to the command
line as well. Records whose watchdog still lives are left alone: that watchdog (of this app or
of another running instance) owns its tree and cleans up after itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from pathlib import Path
from typing import Any

import psutil

from app.core.untrusted import parse_json
from app.supervisor.watchdog import boot_id, cmdline_of, start_ticks

log = logging.getLogger(__name__)

RECORD_GLOB = "child-*.json"
TERM_GRACE_S = 3.0


def _ours(pid: int, ticks: int, cmdline: list[str], *, by_cmdline: bool) -> bool:
    """The recorded process is this live one (of the record's boot); `by_cmdline` for a
    record of an older app, without the boot's id: its command line must match as well."""
    if start_ticks(pid) != ticks:
        return False
    return not by_cmdline or cmdline_of(pid) == cmdline


def _entries(record: dict[str, Any]) -> list[tuple[int, int, list[str]]]:
    out = []
    for item in record.get("procs", []):
        pid, ticks, cmdline = item
        out.append((int(pid), int(ticks), [str(x) for x in cmdline]))
    return out


def reap_orphans(state_dir: Path, grace_s: float = TERM_GRACE_S) -> list[int]:
    """Kill verified leftovers of earlier runs; returns the pids that were signalled."""
    victims: list[psutil.Process] = []
    for path in sorted(state_dir.glob(RECORD_GLOB)):
        victims += _victims(path, own=False)
    return _kill(victims, grace_s)


def reap_record(path: Path, grace_s: float = TERM_GRACE_S) -> list[int]:
    """Kill what one of our own watchdogs recorded; for when the watchdog itself was killed
    (it removes its record when it exits normally). Returns the pids that were signalled."""
    return _kill(_victims(path, own=True), grace_s)


def _victims(path: Path, *, own: bool) -> list[psutil.Process]:
    """The verified live processes of one record; the record is removed once read."""
    try:
        record = parse_json(path.read_text(encoding="utf-8"))
        entries = _entries(record)
        watchdog = int(record["watchdog"])
        app_pid = int(record["app_pid"])
        boot = str(record["boot"]) if "boot" in record else None
        if boot is not None and boot != boot_id():
            entries = []  # of another boot: every process of it is gone
    except FileNotFoundError:
        return []
    except (OSError, ValueError, KeyError, TypeError):
        log.warning("ignoring unreadable child record %s", path)
        with contextlib.suppress(OSError):
            path.unlink()
        return []
    if not own and app_pid == os.getpid():
        return []  # our own children, alive and supervised
    by_pid = {pid: (ticks, cmdline) for pid, ticks, cmdline in entries}
    by_cmdline = boot is None
    if watchdog in by_pid and _ours(watchdog, *by_pid[watchdog], by_cmdline=by_cmdline):
        return []  # its watchdog lives and owns the tree
    victims = []
    for pid, ticks, cmdline in entries:
        if _ours(pid, ticks, cmdline, by_cmdline=by_cmdline):
            with contextlib.suppress(psutil.Error):
                victims.append(psutil.Process(pid))
    with contextlib.suppress(OSError):
        path.unlink()
    return victims


def _kill(victims: list[psutil.Process], grace_s: float) -> list[int]:
    if not victims:
        return []
    for proc in victims:
        log.warning("reaping leftover engine process %d", proc.pid)
        with contextlib.suppress(psutil.Error):
            proc.send_signal(signal.SIGTERM)
    _gone, alive = psutil.wait_procs(victims, timeout=grace_s)
    for proc in alive:
        with contextlib.suppress(psutil.Error):
            proc.kill()
    psutil.wait_procs(alive, timeout=grace_s)
    return [proc.pid for proc in victims]
