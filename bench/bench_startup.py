"""How long `vllm-tray` takes from exec to its main window on screen, against a bare PySide6
window started the same way in the same run.

Usage: python bench/bench_startup.py [--rounds N] [--json OUT]

Runs on its own Xvfb display (1600×1000, no window manager, so that only the apps are timed)
and watches the root window's MapNotify events with `xev -root -event substructure`: the time
is from just before exec to the moment the X server reports the window with the expected title
mapped. Each round starts, in a new random order:

- `bare PySide6`: `python -c` that imports QtWidgets, shows a QMainWindow and runs the loop;
  the floor any PySide6 app on this machine starts from;
- `vllm-tray (first start)`: the console script with an empty config dir (and XDG config
  dir and Hugging Face cache), as a new user's first launch (settings written, the Lemonade
  offer looked for);
- `vllm-tray`: the console script again on the config dir of an earlier start.

Each app is then asked to quit (SIGINT, as Ctrl+C in a terminal). Prints the median and the
spread of each, and each app's median divided by the bare window's: the ratio is what to compare
across runs on a shared machine, where absolute seconds drift with the load.

tests/gui/test_startup_e2e.py uses the same pieces to hold the ratio under a generous bound.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAIN_TITLE = "vLLM Tray"
BARE_TITLE = "bare PySide6 window"
# SIGINT at its default (end the process): Python's own handler would wait for Python code to
# run, which Qt's loop never lets it, and quit_app would wait 30 s for each bare window.
BARE_SCRIPT = f"""
import signal
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
signal.signal(signal.SIGINT, signal.SIG_DFL)
app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle({BARE_TITLE!r})
window.resize(1280, 760)
window.show()
sys.exit(app.exec())
"""
PROGRAMS = ("Xvfb", "xev", "xprop", "stdbuf")
MAP_TIMEOUT_S = 60.0
_MAP = re.compile(r"^\s+event 0x[0-9a-f]+, window (0x[0-9a-f]+), override NO")


class Screen:
    """Xvfb on a free display, and xev reporting every window mapped on its root."""

    def __init__(self, size: str = "1600x1000") -> None:
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            self.display = ":" + pipe.readline().strip()
        self.env = {**os.environ, "DISPLAY": self.display}
        for key in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY"):
            self.env.pop(key, None)
        self.maps: list[tuple[float, str]] = []  # (time.monotonic() it arrived, window id)
        self._changed = threading.Condition()
        self.xev = subprocess.Popen(
            ["stdbuf", "-oL", "xev", "-root", "-event", "substructure"],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        # xev's first line comes once it listens: nothing mapped before that is missed.
        with self._changed:
            self._changed.wait_for(lambda: self._listening, timeout=10)

    _listening = False

    def _read(self) -> None:
        assert self.xev.stdout is not None
        mapping = False
        for line in self.xev.stdout:
            arrived = time.monotonic()
            with self._changed:
                self._listening = True
                if line.startswith("MapNotify event"):
                    mapping = True
                elif mapping:
                    mapping = False
                    found = _MAP.match(line)
                    if found:
                        self.maps.append((arrived, found.group(1)))
                self._changed.notify_all()

    def title(self, window: str) -> str:
        out = subprocess.run(
            ["xprop", "-id", window, "WM_NAME"],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,  # a window gone meanwhile has no title: not the one looked for
        ).stdout
        found = re.search(r'= "(.*)"', out)
        return found.group(1) if found else ""

    def wait_mapped(self, title: str, since: float, within: float = MAP_TIMEOUT_S) -> float:
        """When the first window titled `title` was mapped after `since` (monotonic)."""
        deadline = time.monotonic() + within
        seen = [0]
        while True:
            with self._changed:
                self._changed.wait_for(
                    lambda: len(self.maps) > seen[0],
                    timeout=max(0.0, deadline - time.monotonic()),
                )
                fresh = self.maps[seen[0] :]
                seen[0] = len(self.maps)
            for arrived, window in fresh:
                if arrived >= since and self.title(window) == title:
                    return arrived
            if time.monotonic() > deadline:
                raise TimeoutError(f"no window titled {title!r} was mapped in {within:.0f} s")

    def close(self) -> None:
        for proc in (self.xev, self.xvfb):
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
        self._reader.join(10)
        if self.xev.stdout is not None:
            self.xev.stdout.close()


@contextlib.contextmanager
def screen(size: str = "1600x1000") -> Iterator[Screen]:
    missing = [p for p in PROGRAMS if shutil.which(p) is None]
    if missing:
        raise SystemExit(f"missing {missing}: run `make gui-test-deps` (Debian/Ubuntu packages)")
    shown = Screen(size)
    try:
        yield shown
    finally:
        shown.close()


def app_command() -> list[str]:
    """The installed console script, as a desktop entry starts it."""
    script = Path(sys.executable).with_name("vllm-tray")
    return [str(script)] if script.exists() else [sys.executable, "-m", "app"]


def bare_command() -> list[str]:
    return [sys.executable, "-c", BARE_SCRIPT]


def app_env(base: Mapping[str, str], home: Path) -> dict[str, str]:
    """A user of vLLM Tray with its config dir under `home`: settings, caches, Hugging Face
    and the Lemonade look-up there. HOME stays: the desktop's own caches (fonts…) are warm
    on a desktop someone uses, for the bare window as for the app."""
    env = dict(base)
    env.update(
        {
            "VLLM_TRAY_HOME": str(home / "vllm-tray"),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "HF_HOME": str(home / "huggingface"),
        }
    )
    return env


def time_to_map(shown: Screen, argv: list[str], env: Mapping[str, str], title: str) -> float:
    """Seconds from exec to the window mapped; the process is then asked to quit."""
    started = time.monotonic()
    proc = subprocess.Popen(
        argv,
        env=dict(env),
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        mapped = shown.wait_mapped(title, started)
    finally:
        quit_app(proc)
    return mapped - started


def quit_app(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


@dataclass
class Timings:
    seconds: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        self.seconds.setdefault(name, []).append(value)

    def median(self, name: str) -> float:
        return statistics.median(self.seconds[name])


BARE = "bare PySide6"
FIRST = "vllm-tray (first start)"
LATER = "vllm-tray"


def measure(rounds: int, *, first_start: bool = True, verbose: bool = True) -> Timings:
    timings = Timings()
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp, screen() as shown:
        later_home = Path(tmp) / "later"
        # The later starts run on a config dir one start has set up.
        time_to_map(shown, app_command(), app_env(shown.env, later_home), MAIN_TITLE)
        time_to_map(shown, bare_command(), shown.env, BARE_TITLE)  # warm the file cache too
        for round_ in range(rounds):
            targets = [BARE, LATER, *([FIRST] if first_start else [])]
            random.shuffle(targets)
            for name in targets:
                if name == BARE:
                    took = time_to_map(shown, bare_command(), shown.env, BARE_TITLE)
                elif name == LATER:
                    env = app_env(shown.env, later_home)
                    took = time_to_map(shown, app_command(), env, MAIN_TITLE)
                else:
                    env = app_env(shown.env, Path(tmp) / f"first-{round_}")
                    took = time_to_map(shown, app_command(), env, MAIN_TITLE)
                timings.add(name, took)
                if verbose:
                    print(f"round {round_ + 1}: {name}: {took:.2f} s", file=sys.stderr)
    return timings


def report(timings: Timings) -> str:
    bare = timings.median(BARE)
    lines = [
        f"{'':26}{'median':>8}{'min':>8}{'max':>8}{'× bare':>9}",
    ]
    for name, values in timings.seconds.items():
        median = statistics.median(values)
        lines.append(
            f"{name:26}{median:7.2f}s{min(values):7.2f}s{max(values):7.2f}s{median / bare:8.1f}×"
        )
    load = os.getloadavg()[0]
    lines.append(f"load average during the run: {load:.1f} on {os.cpu_count()} cores")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the timings here")
    args = parser.parse_args()
    timings = measure(args.rounds)
    print(report(timings))
    if args.json:
        args.json.write_text(json.dumps(timings.seconds, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
