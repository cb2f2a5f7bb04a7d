"""The engine kept ready (issue 33) on vLLM's CPU build: a load from it serves and skipped the
imports (its EngineCore and Worker forked from it), and kill -9 of the app during a load from
it leaves no engine process.

One app process (spare_driver.py) for both tests: it prepares a spare before the first load,
loads from it (the chat test), refills after that load, and the kill test SIGKILLs it while the
second load from a spare loads weights. Cost: one warm load and most of another (~1.5-3 min on
two shared cores).
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path

import httpx
import psutil
import pytest

from app.supervisor.engines.cpu import CpuEngine
from tests.process_tree import alive, descendants, titles, wait_gone
from tests.real_engine.test_supervisor_real import ORPHAN_LIMIT_S, ROOT, real_spec

pytestmark = pytest.mark.real_engine
LINE_WAIT_S = 600.0
MODES = "spare,spare"  # spare_driver: both loads from an engine kept ready
API_SERVER_PID = re.compile(r"\(APIServer pid=(\d+)\)")
STAMP = re.compile(r"\b\d\d-\d\d (\d\d):(\d\d):(\d\d) ")  # vLLM's log time, to the second
# A forked EngineCore says its first words within a second or two of the server's; a spawned
# one after importing torch and vLLM again (7-9 s on the busy test machine, 5 s quiet).
FORK_GAP_S = 3


class Driver:
    """The app process and its output, read line by line in a thread."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self._reader.join(timeout=30)  # EOF once the app and its children are gone
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("")  # EOF

    def until(self, done: Callable[[str], bool]) -> list[str]:
        """The lines up to and including the first for which `done` holds."""
        seen: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=LINE_WAIT_S)
            except queue.Empty:
                pytest.fail("the app said nothing for too long:\n" + "\n".join(seen[-40:]))
            if line == "" and self.proc.poll() is not None:
                pytest.fail("the app ended:\n" + "\n".join(seen[-40:]))
            seen.append(line)
            if done(line):
                return seen

    def go(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()


@pytest.fixture(scope="module")
def driver(
    cpu_engine: CpuEngine, tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Driver]:
    tmp = tmp_path_factory.mktemp("spare")
    spec = asdict(real_spec(cpu_engine, tiny_model_dir))
    spec["env"] = dict(spec["env"])
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.real_engine.spare_driver", str(tmp), json.dumps(spec), MODES],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    app = Driver(proc)
    try:
        yield app
    finally:
        app.close()


def seconds_between(lines: list[str], first: str, then: str) -> int:
    """Seconds from the first line with `first` to the next line with `then`, by vLLM's stamps."""
    at = next(n for n, line in enumerate(lines) if first in line)
    later = next(line for line in lines[at:] if then in line)
    stamps = [STAMP.search(line) for line in (lines[at], later)]
    assert stamps[0] and stamps[1], (lines[at], later)
    h0, m0, s0 = map(int, stamps[0].groups())
    h1, m1, s1 = map(int, stamps[1].groups())
    return ((h1 - h0) * 3600 + (m1 - m0) * 60 + s1 - s0) % 86400


def engine_of(watchdog: int) -> int:
    return min(child.pid for child in psutil.Process(watchdog).children())


@pytest.mark.timeout(1500)
def test_a_load_from_the_spare_serves_and_skipped_the_imports(driver: Driver) -> None:
    spare_line = driver.until(lambda line: line.startswith("SPARE "))[-1]
    spare_engine = engine_of(int(spare_line.split()[1]))
    driver.go()
    lines = driver.until(lambda line: line.startswith("LOADED 1 "))
    _, _, port, key, _took = lines[-1].split()

    # The log says so, and the server runs in the very process started before the load.
    assert any("load received" in line for line in lines), lines[:20]
    assert any("loading on the engine kept ready" in line for line in lines)
    servers = {int(m.group(1)) for line in lines if (m := API_SERVER_PID.search(line))}
    assert servers == {spare_engine}
    # Its EngineCore and Worker were forked from it, not spawned to import it all again: a
    # spawned process's first words come after its imports, 5-10 s; a forked one's at once.
    assert any("its EngineCore will be forked from here" in line for line in lines)
    gaps = [
        seconds_between(lines, "non-default args", "(EngineCore pid="),
        seconds_between(lines, "(EngineCore pid=", "(Worker pid="),
    ]
    assert max(gaps) <= FORK_GAP_S, gaps

    answer = httpx.post(
        f"http://127.0.0.1:{port}/v1/chat/completions",
        headers={"Authorization": f"Bearer {key}"},
        json={"model": "tiny", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 4},
        timeout=120,
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["choices"][0]["message"]["role"] == "assistant"


@pytest.mark.timeout(1500)
def test_sigkill_of_the_app_during_a_load_from_the_spare_leaves_no_engine(
    driver: Driver,
) -> None:
    spare_line = driver.until(lambda line: line.startswith("SPARE "))[-1]
    spare_watchdog = int(spare_line.split()[1])
    driver.go()
    driver.until(lambda line: "Starting to load model" in line)
    tree = descendants(driver.proc.pid)
    named = titles(tree)
    assert spare_watchdog in {p.pid for p in tree}, named  # the load runs on the spare
    assert any("VLLM::EngineCore" in t for t in named), named

    driver.proc.send_signal(signal.SIGKILL)
    driver.proc.wait()

    survivors = wait_gone([p.pid for p in tree], ORPHAN_LIMIT_S)
    assert survivors == [], titles([psutil.Process(p) for p in alive(survivors)])
