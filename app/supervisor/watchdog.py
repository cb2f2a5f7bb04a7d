"""A tiny parent for one engine that takes the engine's whole process tree down with the app.

Run as `python -I watchdog.py --lifeline FD --parent-pid PID [--grace S] [--orphan-grace S]
[--record FILE] -- ENGINE ARGV…` (stdlib only: it must start in milliseconds and must not
depend on the app's packages). The app starts it as a session and process-group leader; the
engine inherits that group. The watchdog

* is a child subreaper (PR_SET_CHILD_SUBREAPER), so vLLM's EngineCore and Worker processes that
  lose their parent re-parent to it instead of to PID 1, and it still sees them;
* holds the read end of a pipe whose only write end lives in the app: EOF means the app is gone
  (even after SIGKILL), and PR_SET_PDEATHSIG is a second line;
* on SIGTERM (a user's stop) sends SIGTERM to the group and every descendant, waits `--grace`,
  then SIGKILLs whatever is left; when the app is gone it does the same with `--orphan-grace`;
  on SIGUSR2 (the app found the engine hung) it SIGKILLs them at once;
* exits with the engine's exit code (128 + N when a signal N ended it), so the app can diagnose;
* keeps `--record FILE` (JSON: the boot's id, and pids, start ticks and command lines of the
  whole tree) current so that a later run of the app can reap leftovers if even the watchdog
  was killed.

The /proc helpers at the bottom are shared with app.supervisor.reaper.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import selectors
import signal
import sys
import time
from collections.abc import Iterable
from pathlib import Path

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
EXIT_NOT_FOUND = 127  # shell conventions for "command not found" / "cannot execute"
EXIT_NOT_EXECUTABLE = 126
KILL_NOW_SIGNAL = signal.SIGUSR2
MARKER = "vllm-tray watchdog:"
# The tree forms during the first minute of a start; after that it rarely changes.
RECORD_EVERY_S = 0.5
RECORD_LATER_EVERY_S = 2.0
TREE_FORMS_S = 60.0
# /proc/PID/stat's starttime (field 22 of proc(5)), counted after the command name as proc_stat
# splits it.
START_TICKS_FIELD = 19


def main(argv: list[str]) -> int:
    args = _parse(argv)
    lifeline = args.lifeline
    os.set_inheritable(lifeline, False)  # the engine must not hold the app's lifeline open
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGUSR1, 0, 0, 0)

    flags = {"stop": False, "app_gone": False, "kill": False}
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGTERM, lambda *_: flags.__setitem__("stop", True))
    signal.signal(signal.SIGUSR1, lambda *_: flags.__setitem__("app_gone", True))
    signal.signal(KILL_NOW_SIGNAL, lambda *_: flags.__setitem__("kill", True))
    signal.signal(signal.SIGCHLD, lambda *_: None)  # only to wake the selector
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the app decides when to stop, not a terminal
    sel = selectors.DefaultSelector()
    sel.register(lifeline, selectors.EVENT_READ, "lifeline")
    sel.register(wake_r, selectors.EVENT_READ, "wake")
    # The app died before PR_SET_PDEATHSIG was armed, or before the engine is started: start
    # nothing (an engine started now would live until the loop below noticed, past the app).
    if os.getppid() != args.parent_pid or _app_gone(sel, 0):
        return 1

    try:
        engine = os.posix_spawnp(args.argv[0], args.argv, os.environ)
    except FileNotFoundError as exc:
        _say(f"{MARKER} cannot start {args.argv[0]}: {exc.strerror} (not found)")
        return EXIT_NOT_FOUND
    except OSError as exc:
        _say(f"{MARKER} cannot execute {args.argv[0]}: {exc.strerror}")
        return EXIT_NOT_EXECUTABLE

    record = Recorder(args.record, args.parent_pid, engine, args.argv)
    status: int | None = None
    started = time.monotonic()
    try:
        while True:
            status = _reap(engine, status)
            if status is not None:
                # The engine ended by itself; its EngineCore may not have (vLLM leaves them).
                terminate_tree(args.orphan_grace)
                return _exit_code(status)
            if flags["app_gone"]:
                _say(f"{MARKER} the app is gone; stopping the engine")
                terminate_tree(args.orphan_grace)
                return 1
            if flags["kill"]:
                status = _reap(engine, terminate_tree(0.0, engine, signal.SIGKILL))
                return _exit_code(status) if status is not None else 128 + signal.SIGKILL
            if flags["stop"]:
                status = _reap(engine, terminate_tree(args.grace, engine))
                return _exit_code(status) if status is not None else 0
            record.update()
            young = time.monotonic() - started < TREE_FORMS_S
            if _app_gone(sel, RECORD_EVERY_S if young else RECORD_LATER_EVERY_S):
                flags["app_gone"] = True
    finally:
        record.remove()


def _app_gone(sel: selectors.BaseSelector, timeout: float) -> bool:
    """Wait for a signal or the lifeline, at most `timeout`; True when the lifeline broke
    (EOF: the app's end of the pipe is closed, so the app is gone)."""
    gone = False
    for key, _events in sel.select(timeout):
        if key.data == "lifeline":
            if not os.read(key.fd, 4096):
                gone = True
        else:
            with contextlib.suppress(BlockingIOError):
                os.read(key.fd, 4096)  # drain the signal wake-up bytes
    return gone


def terminate_tree(
    grace: float, engine: int | None = None, first: signal.Signals = signal.SIGTERM
) -> int | None:
    """SIGTERM (or `first`) every process of our group and every descendant, SIGKILL them
    after `grace`.

    Returns the engine's wait status when this reaped it (the caller cannot reap it twice).
    """
    me = os.getpid()
    status: int | None = None
    deadline = time.monotonic() + grace
    sig = first
    while True:
        targets = _tree(me)
        for pid in targets:
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        status = _reap(engine, status)
        if not _alive(targets):
            break
        if time.monotonic() >= deadline:
            if sig == signal.SIGKILL and time.monotonic() >= deadline + 5:
                break  # unkillable (D state); nothing more a user-space parent can do
            sig = signal.SIGKILL
        time.sleep(0.05)
    end = time.monotonic() + 2
    while time.monotonic() < end and _children(me):
        status = _reap(engine, status)
        time.sleep(0.02)
    return status


class Recorder:
    """Keeps the JSON record of our tree current, written atomically."""

    def __init__(self, path: str | None, app_pid: int, engine: int, argv: list[str]) -> None:
        self.path = Path(path) if path else None
        self.app_pid = app_pid
        self.engine = engine
        self.argv = argv
        self.last: list[list[object]] | None = None
        self.boot = boot_id()

    def update(self) -> None:
        if self.path is None:
            return
        me = os.getpid()
        procs: list[list[object]] = []
        # With the subreaper set every descendant stays below us, so walking the children
        # lists is complete here and much cheaper than scanning all of /proc twice a second.
        for pid in [me, *descendants(me)]:
            ticks, cmdline = start_ticks(pid), cmdline_of(pid)
            if ticks is not None:
                procs.append([pid, ticks, cmdline])
        if procs == self.last:
            return
        self.last = procs
        payload = {
            "boot": self.boot,
            "app_pid": self.app_pid,
            "watchdog": me,
            "pgid": os.getpgid(0),
            "engine": self.engine,
            "argv": self.argv,
            "procs": procs,
        }
        tmp = self.path.with_name(self.path.name + ".tmp")
        with contextlib.suppress(OSError):
            tmp.write_text(json.dumps(payload), encoding="utf-8")
            tmp.replace(self.path)

    def remove(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()


# ---- /proc helpers (also used by the reaper) ------------------------------------------------


def proc_stat(pid: int) -> list[str] | None:
    """Fields of /proc/PID/stat after the command name: [state, ppid, pgrp, …]; None if gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    # The command name may contain spaces and parentheses: split after the last ')'.
    return raw[raw.rfind(b")") + 2 :].decode(errors="replace").split()


def start_ticks(pid: int) -> int | None:
    """Start time of a live process in clock ticks since boot: with the pid and the boot id, a
    unique identity. None when it is gone, or dead and not yet reaped (a zombie keeps its
    start time, but there is nothing left of it to record or to kill)."""
    fields = proc_stat(pid)
    if fields is None or fields[0] in ("Z", "X") or len(fields) <= START_TICKS_FIELD:
        return None
    return int(fields[START_TICKS_FIELD])


def boot_id() -> str:
    """The kernel's id of this boot: start ticks count from boot, so a pid and its start ticks
    name one process only together with it."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    except OSError:
        return ""


def cmdline_of(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def live_processes() -> dict[int, tuple[int, int]]:
    """pid → (ppid, pgrp) of every process that is not a zombie."""
    out: dict[int, tuple[int, int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = proc_stat(int(entry.name))
            if fields is not None and fields[0] not in ("Z", "X"):
                out[int(entry.name)] = (int(fields[1]), int(fields[2]))
    return out


def _tree(root: int) -> list[int]:
    """Live descendants of `root` plus live members of its process group, without `root`."""
    procs = live_processes()
    pgid = os.getpgid(0) if root == os.getpid() else procs.get(root, (0, -1))[1]
    kids: dict[int, list[int]] = {}
    for pid, (ppid, _pgrp) in procs.items():
        kids.setdefault(ppid, []).append(pid)
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in kids.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    found.update(pid for pid, (_ppid, pgrp) in procs.items() if pgrp == pgid)
    found.discard(root)
    return sorted(found)


def _children(pid: int) -> list[int]:
    """Children of every thread of `pid` (a thread that forks is the child's parent)."""
    out: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return out
    for task in tasks:
        with contextlib.suppress(OSError, ValueError):
            out += [int(x) for x in (task / "children").read_text().split()]
    return out


def descendants(root: int) -> list[int]:
    """Every process below `root` (zombies included), from the kernel's children lists;
    falls back to a scan of /proc on kernels built without them."""
    if not Path(f"/proc/{root}/task/{root}/children").exists():
        return _tree(root)
    found: list[int] = []
    todo = [root]
    while todo:
        for child in _children(todo.pop()):
            if child not in found:
                found.append(child)
                todo.append(child)
    return found


def _alive(pids: Iterable[int]) -> bool:
    for pid in pids:
        fields = proc_stat(pid)
        if fields is not None and fields[0] not in ("Z", "X"):
            return True
    return False


def _reap(engine: int | None, status: int | None) -> int | None:
    """Reap every exited child (orphans re-parented to us included); keep the engine's status."""
    while True:
        try:
            pid, wait_status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return status
        if pid == 0:
            return status
        if pid == engine:
            status = wait_status


def _exit_code(status: int) -> int:
    code = os.waitstatus_to_exitcode(status)
    return 128 - code if code < 0 else code


def _say(line: str) -> None:
    # The app may be gone and the pipe broken: never let that stop the clean-up.
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="vllm-tray-watchdog")
    parser.add_argument("--lifeline", type=int, required=True)
    parser.add_argument("--parent-pid", type=int, required=True)
    parser.add_argument("--grace", type=float, default=10.0)
    parser.add_argument("--orphan-grace", type=float, default=3.0)
    parser.add_argument("--record", default=None)
    parser.add_argument("argv", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.argv[:1] == ["--"]:
        args.argv = args.argv[1:]
    if not args.argv:
        parser.error("no engine command given")
    return args


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
