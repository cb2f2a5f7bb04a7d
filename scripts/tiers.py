"""Run every tier of `make test` and say where the time went.

Usage: python scripts/tiers.py [--workers N] [--screenshots DIR] [--only TIER ...]

The tiers: `static` (make lint typecheck imports), `screenshots` (scripts/screenshots.py),
`tests` (every test but the real-engine ones, the Xvfb end-to-end tests included, on N
pytest-xdist workers) and `real-engine` (vLLM's CPU build, one test at a time). The
real-engine tier starts first and runs beside the others: its engines compute while most
other tests wait on subprocesses and sockets, and it is the longest, so the run takes about
as long as it does (docs/DEVELOPING.md, "How long make test takes"). Its output is printed
when it ends, after the table of times, so its pytest count is the closing line.

The other tiers run at a lower CPU priority (nice NICENESS): the real-engine tests measure
the engine (a batching speed-up, load times), and with the others' workers at the same
priority a 2-core machine halved what they measured; the others mostly wait and take the
CPU the engine leaves, and are held to what a loaded machine can do anyway.

Every tier always runs; the exit status is non-zero when any failed.

A run always ends. Each tier has a deadline (DEADLINES_S, from its start), far past what it
takes; one still running then is a hang: its processes' stacks are printed (py-spy, which
reads them from outside, so a deadlock or a thread stuck in C shows too), pytest is asked to
stop (SIGINT, so its fixtures end their servers), and whatever is left of its process tree
is killed. A CI run once hung on a test at 99 % of the `tests` tier until CI's own 90-minute
limit killed it, with nothing to say where. And at the end, a process left holding this run's
output pipe (a server a test started and never stopped) is named and killed: CI reads the
output until every writer has closed it, so one such process would keep a finished run open
until CI's limit too.

The `tests` tier keeps a ledger of its progress (tests/ledger.py). When no test has ended for
STALL_S, longer than any test's own timeout allows, it is hung the same way: its stacks are
printed and it is stopped, and then the tests it collected and never ended run once more,
on their own. A hang is printed either way, and one that comes back fails the run.

A test that fails once fails the run: no tier retries a failed test (issue 30 item 5). A
retry hid flaky tests behind a summary line nobody read; a flaky test is a bug with a cause.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TIERS = ("static", "screenshots", "tests", "real-engine")
NICENESS = 10
# Created once the tiers beside the real-engine one have ended (tests/real_engine/conftest.py).
QUIET_FILE_ENV = "VLLM_TRAY_TESTS_QUIET_FILE"
# Seconds from a tier's start to its deadline: about three times what each takes on a quiet
# 2-core machine from a warm engine install (static 15 s, screenshots 10 s, tests 650 s,
# real-engine 800 s; docs/DEVELOPING.md), and room for a cold compile cache. All of them,
# with the set-up before, stay well inside CI's 90 minutes.
DEADLINES_S = {"static": 900, "screenshots": 600, "tests": 2100, "real-engine": 2700}
# And the whole run's: whatever still runs then is stopped, with no second try, so that the
# set-up before and the report after fit in CI's 90 minutes whatever happened.
RUN_DEADLINE_S = 4200.0
# After SIGINT, how long pytest gets to end its fixtures before the tree is killed.
INTERRUPT_GRACE_S = 30.0
# How many of a hung tier's processes get their stacks printed, and how long each may take.
MOST_STACKS = 16
STACK_TIMEOUT_S = 20.0
STACKS_BUDGET_S = 120.0  # for all of them
POLL_S = 0.5
TIMED_OUT = 124  # timeout(1)'s status
# The `tests` tier is hung when no test has ended for this long: more than the longest
# timeout one of its tests has (test_packaging.py's installs, 600 s; the default is 300 s;
# tests/unit/scripts/test_tiers.py holds it).
STALL_S = 720.0
LEDGER_ENV = "VLLM_TRAY_TESTS_LEDGER"  # tests/ledger.py
# Set to this runner's pid in the environment of all it starts (see sweep_output_holders).
RUN_MARK = "VLLM_TRAY_TESTS_RUN"


@dataclass
class Tier:
    name: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    log: Path | None = None  # output goes here instead of the terminal
    deadline_s: float = 3600.0
    ledger: Path | None = None  # the `tests` tier's progress (tests/ledger.py)
    cwd: Path = ROOT
    proc: subprocess.Popen[bytes] | None = None
    first_started: float = 0.0
    started: float = 0.0
    wall: float = 0.0
    cpu: float = 0.0
    status: int | None = None
    timed_out: bool = False
    hangs: int = 0
    rerun: list[str] = field(default_factory=list)  # what ran again after a hang
    failed_before: list[str] = field(default_factory=list)  # failures of the hung run

    def start(self, extra: list[str] | None = None) -> None:
        argv = [*self.argv, *(extra or [])]
        print(f"\n=== {self.name}: {shlex.join(argv)}", flush=True)
        out = self.log.open("ab" if self.hangs else "wb") if self.log is not None else None
        env = {**os.environ, **self.env}
        if self.ledger is not None:
            env[LEDGER_ENV] = str(self.ledger / f"run{self.hangs}")
        self.started = time.monotonic()
        self.first_started = self.first_started or self.started
        self.status = None
        self.timed_out = False
        # Its own session and process group: a signal a test sends to "its" group by mistake
        # (kill(0, SIGSTOP), say) reaches only this tier, and this runner stays free to
        # notice and report it.
        self.proc = subprocess.Popen(
            argv, cwd=self.cwd, env=env, stdout=out, stderr=out, start_new_session=True
        )
        if out is not None:
            out.close()  # the child has its own copy

    @property
    def running(self) -> bool:
        return self.proc is not None and self.status is None

    def poll(self) -> bool:
        """Whether the tier has ended; takes its status and CPU time (its process and all
        it waited for) when it has."""
        if not self.running:
            return self.status is not None
        assert self.proc is not None
        pid, status, usage = os.wait4(self.proc.pid, os.WNOHANG)
        if pid == 0:
            return False
        self.wall = time.monotonic() - self.first_started
        self.cpu += usage.ru_utime + usage.ru_stime
        self.status = TIMED_OUT if self.timed_out else os.waitstatus_to_exitcode(status)
        if self.status == 0 and self.failed_before:
            self.status = 1  # the hung run's own failures stand
        self.proc.returncode = self.status
        return True

    def _run_ledger(self) -> Path | None:
        return None if self.ledger is None else self.ledger / f"run{self.hangs}"

    def _ledger_lines(self, name: str) -> list[str]:
        folder = self._run_ledger()
        with contextlib.suppress(OSError):
            if folder is not None:
                return (folder / name).read_text(encoding="utf-8").splitlines()
        return []

    def overdue(self) -> str | None:
        """Why the tier is hung, or None while it is not."""
        if not self.running:
            return None
        now = time.monotonic()
        if now - self.started > self.deadline_s:
            return f"still running after {self.deadline_s:.0f} s, far past what it takes"
        folder = self._run_ledger()
        if folder is None:
            return None
        # Progress is a test ending, or the collection that precedes the first one: pytest's
        # start-up and collection is not a test that hung (on a loaded machine it alone took
        # longer than the short stall of test_tiers).
        progress = self.started
        for name in ("collected", "ended"):
            with contextlib.suppress(OSError):
                mtime = (folder / name).stat().st_mtime - time.time() + now
                progress = max(progress, mtime)
        if now - progress > STALL_S:
            return f"no test has ended for {STALL_S:.0f} s, longer than any test's timeout"
        return None

    def stop(self, why: str) -> None:
        """End the tier: SIGINT, so pytest ends its tests and their servers, then SIGKILL to
        whatever of its tree is left after INTERRUPT_GRACE_S."""
        assert self.proc is not None
        print(f"\n=== {self.name}: {why}; stopping it", flush=True)
        tree = _tree(self.proc.pid)
        # os.kill, not Popen's: Popen.send_signal polls, and so may reap the process that
        # poll() below reaps with its CPU time (it would then find no child).
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGINT)
        for proc in tree:  # a stopped process would hold the SIGINT until it runs again
            with contextlib.suppress(psutil.Error):
                proc.resume()
        end = time.monotonic() + INTERRUPT_GRACE_S
        while not self.poll() and time.monotonic() < end:
            time.sleep(POLL_S)
        for proc in [*tree, *_tree(self.proc.pid)]:
            with contextlib.suppress(psutil.Error):
                proc.kill()
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGKILL)
        while not self.poll():
            time.sleep(0.05)

    def hung(self, why: str, *, retry: bool = True) -> None:
        """Say where each of its processes is, stop it, and run once more the tests it
        collected and never ended (when it keeps a ledger, after its first hang, when
        `retry`)."""
        assert self.proc is not None
        self.timed_out = True
        print(f"\n=== {self.name}: {why}: a hang. {machine()}", flush=True)
        print("Its processes and their stacks:", flush=True)
        print_stacks(self.proc.pid)
        self.stop("hung")
        ended = set(self._ledger_lines("ended"))
        unfinished = [t for t in self._ledger_lines("collected") if t not in ended]
        failed = self._ledger_lines("failed")
        if self.hangs or self.ledger is None or not retry:
            return
        print(
            f"\n=== {self.name}: of the tests it collected, {len(ended)} ended"
            f" ({len(set(failed))} of them failed: {', '.join(sorted(set(failed))) or 'none'})"
            f" and {len(unfinished)} did not: {', '.join(unfinished[:20]) or 'none'}",
            flush=True,
        )
        if not ended:
            return  # it hung before any test ended: nothing says where to go on from
        self.hangs += 1
        self.failed_before = sorted(set(failed))
        if not unfinished:
            # Every test ended; only the way out hung (and was printed above).
            self.timed_out = False
            self.status = 1 if self.failed_before else 0
            return
        self.rerun = unfinished
        args = self.ledger / "rerun-args"
        args.write_text("".join(f"{t}\n" for t in unfinished), encoding="utf-8")
        self.start([f"@{args}"])


def _tree(pid: int) -> list[psutil.Process]:
    with contextlib.suppress(psutil.Error):
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    return []


def _describe(proc: psutil.Process) -> str:
    with contextlib.suppress(psutil.Error), proc.oneshot():
        state = f"parent {proc.ppid()}, {proc.status()}, {proc.cpu_times().user:.0f} s CPU"
        return f"{proc.pid} ({state}): {shlex.join(proc.cmdline())[:300]}"
    return f"{proc.pid}: (gone)"


def machine() -> str:
    """The machine's load, memory and disk: a hang of everything at once may be theirs."""
    memory = psutil.virtual_memory()
    disk = psutil.disk_usage(str(ROOT))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"load average {load}; memory {memory.available / 2**30:.1f} of"
        f" {memory.total / 2**30:.1f} GiB free; disk {disk.free / 2**30:.1f} GiB free"
    )


def _is_python(proc: psutil.Process) -> bool:
    # vLLM renames its processes (VLLM::EngineCore); the executable still says what it is.
    with contextlib.suppress(psutil.Error):
        return "python" in Path(proc.exe()).name
    return False


def print_stacks(pid: int) -> None:
    """Every process below `pid`, and the Python stacks (with native frames) of the first
    MOST_STACKS Python ones, read by py-spy."""
    tree = _tree(pid)
    for proc in tree:
        print(f"  {_describe(proc)}", flush=True)
    spy = shutil.which("py-spy", path=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if spy is None:
        print("  (py-spy is not installed: no stacks)", flush=True)
        return
    budget_end = time.monotonic() + STACKS_BUDGET_S
    for proc in [p for p in tree if _is_python(p)][:MOST_STACKS]:
        if time.monotonic() > budget_end:
            print("  (no time left for more stacks)", flush=True)
            break
        print(f"\n--- stacks of {_describe(proc)}", flush=True)
        for extra in (["--native"], []):  # native frames when py-spy can unwind them
            try:
                done = subprocess.run(
                    [spy, "dump", *extra, "--pid", str(proc.pid)],
                    capture_output=True,
                    text=True,
                    timeout=STACK_TIMEOUT_S,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                print("  (py-spy took too long)", flush=True)
                continue
            if done.returncode == 0:
                print(done.stdout, flush=True)
                break
            print(f"  (py-spy {shlex.join(extra)}: {done.stderr.strip()[:300]})", flush=True)


def sweep_output_holders() -> list[str]:
    """Kill the processes this run started (they carry RUN_MARK in their environment),
    other than this one, that hold its output pipe open; returns what each was. Only a
    pipe can keep a reader waiting."""
    ours = set()
    for fd in (1, 2):
        with contextlib.suppress(OSError):
            target = str(Path(f"/proc/self/fd/{fd}").readlink())
            if target.startswith("pipe:"):
                ours.add(target)
    if not ours:
        return []
    keep = {os.getpid(), *(p.pid for p in psutil.Process().parents())}
    found: list[str] = []
    for proc in psutil.process_iter():
        if proc.pid not in keep and _writes_to(proc.pid, ours) and _started_by_us(proc):
            found.append(_describe(proc))
            with contextlib.suppress(psutil.Error):
                proc.kill()
    return found


def _started_by_us(proc: psutil.Process) -> bool:
    # A process a test left is an orphan by now, no longer below this one: what it inherited
    # tells it apart from whatever else (CI's own machinery) may hold the pipe.
    with contextlib.suppress(psutil.Error):
        return proc.environ().get(RUN_MARK) == str(os.getpid())
    return False


def _writes_to(pid: int, pipes: set[str]) -> bool:
    """Whether `pid` holds the write end of one of `pipes` (the reader, CI itself, holds
    the same pipe's read end: never that one)."""
    try:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            if str(fd.readlink()) not in pipes:
                continue
            info = Path(f"/proc/{pid}/fdinfo/{fd.name}").read_text(encoding="ascii")
            flags = int(info.split("flags:", 1)[1].split()[0], 8)
            if flags & os.O_ACCMODE != os.O_RDONLY:
                return True
    except (OSError, IndexError, ValueError):
        return False
    return False


def tiers(workers: str, screenshots: str, log_dir: Path) -> dict[str, Tier]:
    # No retries (see the top); -ra names every test that did not pass in the summary.
    pytest = [str(BIN / "pytest"), "-p", "no:cacheprovider", "-ra"]
    nice = ["nice", "-n", str(NICENESS)]
    offscreen = {"QT_QPA_PLATFORM": "offscreen"}
    make = os.environ.get("MAKE", "make")
    return {
        "static": Tier(
            "static",
            [*nice, make, "--no-print-directory", "lint", "typecheck", "imports"],
            deadline_s=DEADLINES_S["static"],
        ),
        "screenshots": Tier(
            "screenshots",
            [*nice, str(BIN / "python"), "scripts/screenshots.py", screenshots],
            offscreen,
            deadline_s=DEADLINES_S["screenshots"],
        ),
        "tests": Tier(
            "tests",
            # A worker that crashes ends the tier at once: restarted, pytest-xdist 3 with
            # loadgroup lost the crashed worker's queue and waited for it forever.
            [
                *nice,
                *pytest,
                "-m",
                "not real_engine",
                "-n",
                workers,
                "--dist",
                "loadgroup",
                "--max-worker-restart",
                "0",
            ],
            offscreen,
            deadline_s=DEADLINES_S["tests"],
            ledger=log_dir / "ledger",
        ),
        "real-engine": Tier(
            "real-engine",
            [*pytest, "-m", "real_engine"],
            # Its speed measurements wait for the other tiers (tests/real_engine/conftest.py).
            {QUIET_FILE_ENV: str(log_dir / "others-ended")},
            log=log_dir / "real-engine.log",
            deadline_s=DEADLINES_S["real-engine"],
        ),
    }


def table(ran: list[Tier], wall: float) -> str:
    rows = [f"{'tier':<12} {'wall s':>7} {'CPU s':>7}  result"]
    for tier in ran:
        if tier.timed_out:
            result = "HUNG: stopped (its stacks are above)"
        else:
            result = "passed" if tier.status == 0 else f"FAILED ({tier.status})"
            if tier.hangs:
                result += (
                    f", after a hang (stacks above) and {len(tier.rerun)} unfinished tests"
                    " run again"
                )
        rows.append(f"{tier.name:<12} {tier.wall:7.0f} {tier.cpu:7.0f}  {result}")
    load = os.getloadavg()[0]
    rows.append(f"{'all':<12} {wall:7.0f} {'':>7}  (load average now {load:.1f}, 2 cores)")
    return "\n".join(rows)


def run(background: list[Tier], foreground: list[Tier], others_ended: Path) -> None:
    """The background tiers beside the foreground ones, which run one after another; every
    tier is held to its deadline. `others_ended` is created when the foreground ones end."""
    began = time.monotonic()
    for tier in background:
        tier.start()
    queue = list(foreground)
    current: Tier | None = None
    while True:
        if current is None and queue:
            current = queue.pop(0)
            current.start()
        for tier in [*background, *foreground]:
            why = tier.overdue()
            if why is not None:
                tier.hung(why)
            elif tier.running and time.monotonic() - began > RUN_DEADLINE_S:
                tier.hung(
                    f"the run is past its own deadline of {RUN_DEADLINE_S:.0f} s", retry=False
                )
            tier.poll()
        if current is not None and not current.running:
            current = None
            if not queue:
                others_ended.touch()
        if current is None and not queue and not any(t.running for t in background):
            return
        time.sleep(POLL_S)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="4", help="pytest-xdist workers for `tests`")
    parser.add_argument("--screenshots", default="artifacts/screenshots")
    parser.add_argument("--only", nargs="*", choices=TIERS, default=list(TIERS))
    args = parser.parse_args(argv)
    began = time.monotonic()
    os.environ[RUN_MARK] = str(os.getpid())
    with tempfile.TemporaryDirectory(prefix="vllm-tray-tiers-") as tmp:
        todo = tiers(args.workers, args.screenshots, Path(tmp))
        background = [todo[n] for n in args.only if n == "real-engine"]
        foreground = [todo[n] for n in args.only if n != "real-engine"]
        try:
            run(background, foreground, Path(tmp) / "others-ended")
        finally:  # interrupted: pytest ends its tests (and their engines) on SIGINT
            for tier in background + foreground:
                if tier.running:
                    tier.stop("interrupted")
        ran = foreground + background
        print(f"\n=== where the time went\n{table(ran, time.monotonic() - began)}", flush=True)
        leftovers = sweep_output_holders()
        if leftovers:
            print("\n=== processes a test left running, holding this run's output (killed):")
            print("\n".join(f"  {line}" for line in leftovers), flush=True)
        for tier in background:
            assert tier.log is not None
            print(f"\n=== {tier.name} output\n", flush=True)
            sys.stdout.buffer.write(tier.log.read_bytes())
            sys.stdout.flush()
    return 0 if all(t.status == 0 for t in ran) else 1


if __name__ == "__main__":
    sys.exit(main())
