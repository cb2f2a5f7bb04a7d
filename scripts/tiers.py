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
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TIERS = ("static", "screenshots", "tests", "real-engine")
NICENESS = 10
# Created once the tiers beside the real-engine one have ended (tests/real_engine/conftest.py).
QUIET_FILE_ENV = "VLLM_TRAY_TESTS_QUIET_FILE"


@dataclass
class Tier:
    name: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    log: Path | None = None  # output goes here instead of the terminal
    proc: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    wall: float = 0.0
    cpu: float = 0.0
    status: int | None = None

    def start(self) -> None:
        print(f"\n=== {self.name}: {shlex.join(self.argv)}", flush=True)
        out = self.log.open("wb") if self.log is not None else None
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            self.argv, cwd=ROOT, env={**os.environ, **self.env}, stdout=out, stderr=out
        )
        if out is not None:
            out.close()  # the child has its own copy

    def wait(self) -> int:
        """Wait for the tier and take its CPU time (its process and all it waited for)."""
        assert self.proc is not None
        _, status, usage = os.wait4(self.proc.pid, 0)
        self.wall = time.monotonic() - self.started
        self.cpu = usage.ru_utime + usage.ru_stime
        self.status = os.waitstatus_to_exitcode(status)
        self.proc.returncode = self.status
        return self.status


def tiers(workers: str, screenshots: str, log_dir: Path) -> dict[str, Tier]:
    pytest = [str(BIN / "pytest"), "-p", "no:cacheprovider"]
    nice = ["nice", "-n", str(NICENESS)]
    offscreen = {"QT_QPA_PLATFORM": "offscreen"}
    make = os.environ.get("MAKE", "make")
    return {
        "static": Tier(
            "static", [*nice, make, "--no-print-directory", "lint", "typecheck", "imports"]
        ),
        "screenshots": Tier(
            "screenshots",
            [*nice, str(BIN / "python"), "scripts/screenshots.py", screenshots],
            offscreen,
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
        ),
        "real-engine": Tier(
            "real-engine",
            [*pytest, "-m", "real_engine"],
            # Its speed measurements wait for the other tiers (tests/real_engine/conftest.py).
            {QUIET_FILE_ENV: str(log_dir / "others-ended")},
            log=log_dir / "real-engine.log",
        ),
    }


def table(ran: list[Tier], wall: float) -> str:
    rows = [f"{'tier':<12} {'wall s':>7} {'CPU s':>7}  result"]
    for tier in ran:
        result = "passed" if tier.status == 0 else f"FAILED ({tier.status})"
        rows.append(f"{tier.name:<12} {tier.wall:7.0f} {tier.cpu:7.0f}  {result}")
    load = os.getloadavg()[0]
    rows.append(f"{'all':<12} {wall:7.0f} {'':>7}  (load average now {load:.1f}, 2 cores)")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="3", help="pytest-xdist workers for `tests`")
    parser.add_argument("--screenshots", default="artifacts/screenshots")
    parser.add_argument("--only", nargs="*", choices=TIERS, default=list(TIERS))
    args = parser.parse_args(argv)
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="vllm-tray-tiers-") as tmp:
        todo = tiers(args.workers, args.screenshots, Path(tmp))
        background = [todo[n] for n in args.only if n == "real-engine"]
        foreground = [todo[n] for n in args.only if n != "real-engine"]
        try:
            for tier in background:
                tier.start()
            for tier in foreground:
                tier.start()
                tier.wait()
            (Path(tmp) / "others-ended").touch()
            for tier in background:
                tier.wait()
        finally:  # interrupted: pytest ends its tests (and their engines) on SIGINT
            for tier in background + foreground:
                if tier.proc is not None and tier.status is None:
                    tier.proc.send_signal(signal.SIGINT)
                    tier.wait()
        ran = foreground + background
        print(f"\n=== where the time went\n{table(ran, time.monotonic() - began)}", flush=True)
        for tier in background:
            assert tier.log is not None
            print(f"\n=== {tier.name} output\n", flush=True)
            sys.stdout.buffer.write(tier.log.read_bytes())
            sys.stdout.flush()
    return 0 if all(t.status == 0 for t in ran) else 1


if __name__ == "__main__":
    sys.exit(main())
