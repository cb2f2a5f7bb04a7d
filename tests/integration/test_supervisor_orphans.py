"""No orphans: SIGKILL of the app takes the engine tree down; leftovers are reaped, verified."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import EventBus
from app.core.states import ProcessState as S
from app.supervisor.supervisor import Supervisor
from app.supervisor.watchdog import boot_id, cmdline_of, start_ticks
from tests.process_tree import alive, descendants, wait_gone

pytestmark = pytest.mark.timeout(60)

ROOT = Path(__file__).parents[2]
FAKE = ROOT / "tests" / "fakes" / "fake_vllm.py"
ORPHAN_LIMIT_S = 10.0

# The "app": a Supervisor that starts the fake engine and reports what it sees on stdout.
DRIVER = """
import asyncio, sys
from pathlib import Path
from app.core.contracts import LaunchSpec
from app.core.events import EventBus, LogLineEmitted
from app.supervisor.supervisor import Supervisor

async def main() -> None:
    tmp, fake, mode = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    bus = EventBus()
    def show(e: object) -> None:
        if isinstance(e, LogLineEmitted):
            print("LINE", e.line, flush=True)
    bus.subscribe(show)
    sv = Supervisor(bus, tmp / "logs", tmp / "state")
    switches = ["--fake-grandchild"]
    if mode == "loading":
        switches += ["--fake-start-delay", "10"]
    spec = LaunchSpec(model_id="user.tiny", served_name="tiny", model_path="/m", ctx_size=512,
                      prefix=(sys.executable, fake, *switches))
    starting = asyncio.ensure_future(sv.start(spec))
    if mode == "running":
        await starting
        print("RUNNING", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def names(procs: list[psutil.Process]) -> set[str]:
    out = set()
    for proc in procs:
        with contextlib.suppress(psutil.NoSuchProcess):
            out.add(proc.name())
    return out


class Drivers:
    """Runs the driver script ("the app") in subprocesses and kills what is left at the end."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.script = tmp / "driver.py"
        self.script.write_text(DRIVER)
        self.procs: list[subprocess.Popen[str]] = []

    def run(self, mode: str) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, str(self.script), str(self.tmp), str(FAKE), mode],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            text=True,
        )
        self.procs.append(proc)
        return proc

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            assert proc.stdout is not None
            proc.stdout.close()


@pytest.fixture
def drivers(tmp_path: Path) -> Iterator[Drivers]:
    d = Drivers(tmp_path)
    yield d
    d.close()


def read_until(proc: subprocess.Popen[str], marker: str) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if marker in line:
            return
    raise AssertionError(f"the driver ended before printing {marker!r}")


@pytest.mark.parametrize("mode", ["loading", "running"])
def test_sigkill_of_the_app_leaves_no_engine_process(drivers: Drivers, mode: str) -> None:
    app = drivers.run(mode)
    # While loading: once vLLM resolves the model (its EngineCore and Worker already exist).
    read_until(app, "Resolved architecture" if mode == "loading" else "RUNNING")
    tree = descendants(app.pid)
    assert {"VLLM::EngineCore", "VLLM::Worker"} <= names(tree)
    pids = [p.pid for p in tree]
    assert len(pids) >= 4  # watchdog, api server, EngineCore, Worker

    app.send_signal(signal.SIGKILL)
    app.wait()

    # Timing is the behaviour: the tree is gone within the limit, counted from the kill.
    assert wait_gone(pids, ORPHAN_LIMIT_S) == []


def test_without_the_watchdog_vllm_style_children_outlive_their_parent() -> None:
    """The control experiment: what the fake (like vLLM) leaves behind when nothing guards it."""
    proc = subprocess.Popen(
        [sys.executable, str(FAKE), "--fake-grandchild", "--model", "/m", "--port", "0"],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 10
        while "VLLM::Worker" not in names(descendants(proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.05)
        pids = [p.pid for p in descendants(proc.pid)]
        proc.kill()
        proc.wait()
        time.sleep(1.0)
        assert len(alive(pids)) == 2  # EngineCore and Worker survive, as FACTS.md reports
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # their group still exists: clean up
        wait_gone(pids, 5)


def test_reap_orphans_kills_verified_leftovers_of_a_dead_app_and_watchdog(
    drivers: Drivers,
) -> None:
    tmp = drivers.tmp
    app = drivers.run("running")
    read_until(app, "RUNNING")
    tree = descendants(app.pid)
    watchdog = next(p.pid for p in tree if p.ppid() == app.pid)
    engine_pids = sorted(p.pid for p in tree if p.pid != watchdog)
    assert len(engine_pids) == 3
    # The watchdog records its whole tree within a moment of each process's start.
    state = tmp / "state"
    deadline = time.monotonic() + 15
    recorded: dict[int, list[object]] = {}

    def up_to_date() -> bool:
        return all(recorded.get(pid, [None])[0] == start_ticks(pid) for pid in engine_pids)

    while time.monotonic() < deadline:
        records = list(state.glob("child-*.json"))
        if records:
            procs = json.loads(records[0].read_text())["procs"]
            recorded = {item[0]: [item[1], item[2]] for item in procs}
            if up_to_date():
                break
        time.sleep(0.1)
    assert up_to_date(), recorded

    # Even the watchdog dies without a chance to clean up: the engine tree is orphaned.
    os.kill(watchdog, signal.SIGKILL)
    app.send_signal(signal.SIGKILL)
    app.wait()
    # Gone, not only signalled: on a busy machine a niced watchdog may not have run its
    # SIGKILL yet, and a live watchdog owns its tree (the reaper rightly leaves it alone).
    assert wait_gone([watchdog], within=30) == []
    assert alive(engine_pids) == engine_pids

    killed = Supervisor(EventBus(), tmp / "logs", state).reap_orphans()

    assert sorted(killed) == engine_pids
    assert wait_gone(engine_pids, 5) == []
    assert list(state.glob("child-*.json")) == []


@pytest.fixture
def sleeper() -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(["sleep", "60"])
    yield proc
    proc.kill()
    proc.wait()


def dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def write_record(
    state: Path,
    app_pid: int,
    procs: list[list[object]],
    name: str = "a",
    boot: str | None = None,
) -> None:
    """A watchdog's record of this boot (`boot` another one; "" an older app's, without)."""
    state.mkdir(parents=True, exist_ok=True)
    record: dict[str, object] = {
        "app_pid": app_pid,
        "watchdog": dead_pid(),
        "pgid": 1,
        "procs": procs,
    }
    if boot != "":
        record["boot"] = boot_id() if boot is None else boot
    (state / f"child-user.x-{name}.json").write_text(json.dumps(record))


def test_reap_refuses_a_pid_whose_start_time_differs(
    tmp_path: Path, sleeper: subprocess.Popen[bytes]
) -> None:
    ticks, cmdline = start_ticks(sleeper.pid), cmdline_of(sleeper.pid)
    assert ticks is not None and cmdline == ["sleep", "60"]
    state = tmp_path / "state"
    sv = Supervisor(EventBus(), tmp_path / "logs", state)

    write_record(state, dead_pid(), [[sleeper.pid, ticks + 1, cmdline]])
    assert sv.reap_orphans() == []
    assert sleeper.poll() is None
    assert list(state.glob("child-*.json")) == []  # a stale record is dropped

    write_record(state, dead_pid(), [[sleeper.pid, ticks, cmdline]], boot="another-boot")
    assert sv.reap_orphans() == []  # start ticks count from boot: a match in another is chance
    assert sleeper.poll() is None

    # An older app's record has no boot id: its command line must match as well.
    write_record(state, dead_pid(), [[sleeper.pid, ticks, ["python3", "-m", "vllm"]]], boot="")
    assert sv.reap_orphans() == []
    assert sleeper.poll() is None

    # Records of this very process, or of another instance, are not the reaper's business.
    write_record(state, os.getpid(), [[sleeper.pid, ticks, cmdline]])
    assert sv.reap_orphans() == []
    assert sleeper.poll() is None

    # The positive control: with everything matching, it is ours and it goes.
    for path in state.glob("child-*.json"):
        path.unlink()
    write_record(state, dead_pid(), [[sleeper.pid, ticks, cmdline]])
    assert sv.reap_orphans() == [sleeper.pid]
    # (psutil reaped it, so Popen cannot see its status; it is gone all the same)
    assert wait_gone([sleeper.pid], 5) == []


async def test_a_killed_watchdog_still_takes_its_tree_down(tmp_path: Path) -> None:
    """If even the watchdog dies (OOM killer, a stray kill -9), the app reaps its recorded tree
    instead of believing the engine gone and starting a second one beside it."""
    bus = EventBus()
    sv = Supervisor(bus, tmp_path / "logs", tmp_path / "state", health_interval=0.05)
    try:
        spec = LaunchSpec(
            model_id="user.tiny",
            served_name="tiny",
            model_path="/m",
            ctx_size=512,
            prefix=(sys.executable, str(FAKE), "--fake-grandchild"),
        )
        info = await sv.start(spec)
        assert info.pid is not None
        engine = psutil.Process(info.pid)
        watchdog = engine.parent()
        assert watchdog is not None
        pids = [engine.pid, *(c.pid for c in engine.children(recursive=True))]
        assert len(pids) == 3
        records = list((tmp_path / "state").glob("child-*.json"))
        for _ in range(50):  # the record lists the grandchildren within half a second
            if {p[0] for p in json.loads(records[0].read_text())["procs"]} >= set(pids):
                break
            await asyncio.sleep(0.1)

        watchdog.kill()

        for _ in range(100):
            if (current := sv.info("user.tiny")) is not None and current.state is S.EXITED:
                break
            await asyncio.sleep(0.05)
        current = sv.info("user.tiny")
        assert current is not None and current.state is S.EXITED
        assert wait_gone(pids, 1.0) == []
        assert list((tmp_path / "state").glob("child-*.json")) == []
    finally:
        await sv.shutdown()


def test_reap_takes_a_process_that_changed_its_command_line_since_it_was_recorded(
    tmp_path: Path,
) -> None:
    """vLLM renames its EngineCore (setproctitle), and a process seen between its fork and its
    exec carries its parent's command line: if the watchdog died before its next look, the
    record's command line is out of date. Boot, pid and start time still name the process."""
    proc = subprocess.Popen(["sh", "-c", "read line; exec sleep 60"], stdin=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while cmdline_of(proc.pid)[:1] != ["sh"] and time.monotonic() < deadline:
            time.sleep(0.02)  # (it may not have exec'd sh yet)
        ticks, before = start_ticks(proc.pid), cmdline_of(proc.pid)
        assert ticks is not None and before[0] == "sh"
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        proc.stdin.flush()
        while cmdline_of(proc.pid) != ["sleep", "60"] and time.monotonic() < deadline:
            time.sleep(0.02)
        assert cmdline_of(proc.pid) == ["sleep", "60"] and start_ticks(proc.pid) == ticks
        state = tmp_path / "state"
        write_record(state, dead_pid(), [[proc.pid, ticks, before]])

        killed = Supervisor(EventBus(), tmp_path / "logs", state).reap_orphans()

        assert killed == [proc.pid]
        assert wait_gone([proc.pid], 5) == []
    finally:
        proc.kill()
        proc.communicate()  # and closes its stdin
