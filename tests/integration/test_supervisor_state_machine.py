"""The supervisor under any sequence of commands and faults (issue 34 item 4), on the fake engine.

A Hypothesis state machine drives "the app" — a Supervisor in a process of its own, fed one
command a line — through starts (quick, slow, never ready, failing as vLLM does when its KV
cache does not fit), stops, crashes of a running engine, a SIGKILL of the app itself followed
by a new app that sweeps orphans, and checks after every step what the supervisor promises
whatever happened before:

- no orphan: every engine process belongs to the app that runs now (after the app was killed,
  its engines are gone within ORPHAN_LIMIT_S, before the new app has swept anything);
- one child per model: never two engine processes for one model; a RUNNING model has exactly
  its one, a settled STOPPED or FATAL model none;
- every waiter is woken: each command is answered within a bound, a start that never gets
  ready included, once a stop is sent.

The memory budget is the controller's, above the supervisor: the planner's tests hold it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import psutil
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from tests.process_tree import wait_gone

pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).parents[2]
FAKE = ROOT / "tests" / "fakes" / "fake_vllm.py"
MODELS = ("user.a", "user.b")
ORPHAN_LIMIT_S = 10.0
ANSWER_S = 60.0  # a command's answer, a slow start included

# "The app": one Supervisor, one command a line on stdin, one JSON answer a line on stdout.
# `start` is answered at once (a start may never get ready: a later `stop` must wake it);
# `settle` waits until the model's actor has nothing left to do by itself (at most 10 s: a
# start that never gets ready stays under way until its stop).
DRIVER = """
import asyncio, json, sys
from pathlib import Path
from app.core.contracts import LaunchSpec
from app.core.events import EventBus
from app.core.problems.problems import ProblemError
from app.supervisor.supervisor import Supervisor

SWITCHES = {
    "quick": [],
    "slow": ["--fake-start-delay", "1.5"],
    "never_ready": ["--fake-never-ready"],
    "fails": ["--fake-fail", "kv_cache"],
}

async def main() -> None:
    state, fake, marker = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    sv = Supervisor(EventBus(), state / "logs", state / "state", backoff_s=0.2, max_failures=2,
                    stop_grace_s=3.0)
    swept = sv.reap_orphans()
    starts = {}
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    def states():
        return {i.model_id: [i.state.value, i.pid] for i in sv.infos()}

    async def run_start(spec):
        try:
            await sv.start(spec)
        except ProblemError:
            pass

    print(json.dumps({"ready": True, "swept": swept}), flush=True)
    while line := await reader.readline():
        command, model, *rest = line.decode().split()
        if command == "start":
            spec = LaunchSpec(model_id=model, served_name=f"{marker}-{model}", model_path="/m",
                              ctx_size=512, prefix=(sys.executable, fake, *SWITCHES[rest[0]]))
            starts[model] = asyncio.ensure_future(run_start(spec))
        elif command == "stop":
            await sv.stop(model)
            if model in starts:
                await starts.pop(model)  # the waiter of a start is woken by the stop
        elif command == "settle":
            # A start that never gets ready is never settled by itself: bounded.
            try:
                await asyncio.wait_for(sv.settled(model), 10)
            except asyncio.TimeoutError:
                pass
        print(json.dumps({"states": states()}), flush=True)

asyncio.run(main())
"""


def engines(marker: str) -> dict[str, list[psutil.Process]]:
    """This test's engine processes (the fake's main process), by model."""
    found: dict[str, list[psutil.Process]] = {m: [] for m in MODELS}
    for proc in psutil.process_iter(["cmdline"]):
        cmdline = proc.info["cmdline"] or []
        if cmdline[1:2] != [str(FAKE)]:  # the engine itself, not its watchdog (`-- ENGINE…`)
            continue
        for model in MODELS:
            if f"{marker}-{model}" in cmdline:
                found[model].append(proc)
    return found


def live(procs: list[psutil.Process]) -> list[int]:
    """The pids of `procs` that still run (a zombie has exited)."""
    pids = []
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            if proc.status() != psutil.STATUS_ZOMBIE:
                pids.append(proc.pid)
    return pids


class App:
    """The driver process and its conversation."""

    def __init__(self, state: Path, marker: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", DRIVER, str(state), str(FAKE), marker],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.first = self.read()

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, "the app ended without an answer"
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ask(self, command: str) -> dict[str, list[Any]]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        states: dict[str, list[Any]] = self.read()["states"]
        return states

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()


class SupervisorMachine(RuleBasedStateMachine):
    state_dir: Path  # set per test run
    steps = 0  # commands and faults, over every example: the test says how many ran

    def __init__(self) -> None:
        super().__init__()
        self.marker = uuid.uuid4().hex[:8]
        self.app = App(self.state_dir / self.marker, self.marker)
        self.states: dict[str, list[Any]] = {}

    def ask(self, command: str) -> None:
        SupervisorMachine.steps += 1
        # Every command is answered: no caller is left waiting (the driver's stdout read
        # blocks; pytest-timeout ends a hang, and the step's own bound is ANSWER_S).
        self.states = self.app.ask(command)

    @rule(
        model=st.sampled_from(MODELS),
        mode=st.sampled_from(["quick", "slow", "never_ready", "fails"]),
    )
    def start(self, model: str, mode: str) -> None:
        self.ask(f"start {model} {mode}")

    @rule(model=st.sampled_from(MODELS))
    def stop(self, model: str) -> None:
        self.ask(f"stop {model}")
        state = self.states.get(model, ["stopped", None])[0]
        assert state == "stopped", (model, self.states)

    @rule(model=st.sampled_from(MODELS))
    def settle(self, model: str) -> None:
        self.ask(f"settle {model}")

    @rule(model=st.sampled_from(MODELS))
    def crash(self, model: str) -> None:
        """The engine dies by itself (SIGKILL from outside): the supervisor notices."""
        for proc in engines(self.marker)[model]:
            proc.send_signal(signal.SIGKILL)
        self.ask(f"settle {model}")

    @rule()
    def kill_the_app(self) -> None:
        """kill -9 of the app: its engines go with it (a start under way included), then a
        new app finds nothing left to sweep."""
        # Its whole tree: a watchdog that was starting an engine as the app died is in it,
        # and ends that engine (within its orphan grace) before it ends itself.
        tree = [p.pid for p in psutil.Process(self.app.proc.pid).children(recursive=True)]
        SupervisorMachine.steps += 1
        self.app.kill()
        assert wait_gone(tree, ORPHAN_LIMIT_S) == [], "a process of the app outlived it"
        assert self.gone_within(ORPHAN_LIMIT_S), "an engine outlived the app"
        self.app = App(self.state_dir / self.marker, self.marker)
        assert self.app.first["swept"] == []  # nothing was left for it to sweep
        self.states = {}

    def gone_within(self, seconds: float) -> bool:
        """Whether every engine of this machine is gone within `seconds` (asked anew each
        time: one being spawned when the app died counts too)."""
        deadline = time.monotonic() + seconds
        while any(live(procs) for procs in engines(self.marker).values()):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    @invariant()
    def no_orphan_and_one_child_per_model(self) -> None:
        found = engines(self.marker)  # before the tree: an engine spawned meanwhile is in it
        app_tree = {
            self.app.proc.pid,
            *(p.pid for p in psutil.Process(self.app.proc.pid).children(recursive=True)),
        }
        for model, procs in found.items():
            running = live(procs)
            assert len(running) <= 1, (model, running)
            for pid in running:
                assert pid in app_tree, f"{model}: engine {pid} outside the app"
            state, pid = self.states.get(model, ["stopped", None])
            if state == "running":  # as last answered: it may have crashed since
                assert running in ([], [pid]), (model, state, pid, running)

    def teardown(self) -> None:
        for model in MODELS:
            self.app.ask(f"stop {model}")
        assert not any(live(procs) for procs in engines(self.marker).values())
        self.app.kill()


def test_the_supervisor_keeps_its_promises_under_any_commands_and_faults(tmp_path: Path) -> None:
    SupervisorMachine.state_dir = tmp_path
    machine = SupervisorMachine.TestCase
    machine.settings = settings(
        max_examples=6,
        stateful_step_count=10,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
    SupervisorMachine.steps = 0
    machine().runTest()
    print(f"state machine: {SupervisorMachine.steps} steps")
    assert SupervisorMachine.steps >= 20  # the sequences were not all trivial
