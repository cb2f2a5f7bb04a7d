"""Supervisor failures against the fake engine: diagnosis, timeout, crash, back-off, FATAL."""

from __future__ import annotations

import asyncio
import os
import signal
import stat
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import Event, EventBus, ProcessStateChanged
from app.core.problems.problems import ProblemError
from app.core.states import ProcessState
from app.supervisor.protocol import Start
from app.supervisor.supervisor import Supervisor
from tests.turns import handled, watching

pytestmark = pytest.mark.timeout(60)

S = ProcessState
FAKE = Path(__file__).parents[1] / "fakes" / "fake_vllm.py"
MODEL = "user.tiny"


def fake_spec(*switches: str, ctx: int = 512, **kw: Any) -> LaunchSpec:
    return LaunchSpec(
        model_id=MODEL,
        served_name="tiny",
        model_path="/models/tiny",
        ctx_size=ctx,
        prefix=(sys.executable, str(FAKE), *switches),
        **kw,
    )


class Recorder:
    def __init__(self, bus: EventBus) -> None:
        self.events: list[Event] = []
        bus.subscribe(self.events.append)

    def states(self) -> list[ProcessState]:
        return [e.new for e in self.events if isinstance(e, ProcessStateChanged)]


def no_children() -> bool:
    """Nothing the supervisor started is left (zombies not yet reaped do not count)."""
    kids = psutil.Process().children(recursive=True)
    return all(k.status() == psutil.STATUS_ZOMBIE for k in kids if k.is_running())


@pytest.fixture
def bus() -> EventBus:
    return EventBus()


@pytest.fixture
def rec(bus: EventBus) -> Recorder:
    return Recorder(bus)


@pytest.fixture
async def sv(bus: EventBus, tmp_path: Path) -> AsyncIterator[Supervisor]:
    supervisor = Supervisor(
        bus,
        tmp_path / "logs",
        tmp_path / "state",
        health_interval=0.05,
        stop_grace_s=1.0,
        max_failures=3,
        backoff_s=0.2,
        running_health_interval=0.1,
        health_timeout_s=0.3,
        # A crashing fake stops answering a moment before it exits; at 0.1 s intervals
        # three misses keep that from looking like a hang on a loaded machine.
        health_failures=3,
        orphan_grace_s=0.5,
    )
    yield supervisor
    await supervisor.shutdown()


async def start_problem(sv: Supervisor, spec: LaunchSpec) -> Any:
    with pytest.raises(ProblemError) as caught:
        await sv.start(spec)
    return caught.value.problem


@pytest.mark.parametrize(
    ("kind", "code", "fix"),
    [
        # 76.45 of 96.0 GiB free → 76.45 / 96 × 0.95 = 0.7565 → 0.75
        ("free_memory", "load.free_memory", ("set_setting", "models.gpu_memory_utilization", 0.75)),
        # the fake prints an estimated maximum of 4/5 of the asked 512, in steps of 16: 400
        ("kv_cache", "load.kv_cache_too_small", ("set_model_option", "ctx_size", 400)),
        ("no_cache_blocks", "load.no_cache_memory", None),
        ("engine_dead", "load.engine_dead", None),
        ("unsupported_arch", "load.unsupported_architecture", None),
    ],
)
async def test_each_known_failure_becomes_its_problem_and_fix(
    sv: Supervisor, rec: Recorder, kind: str, code: str, fix: tuple[str, str, object] | None
) -> None:
    problem = await start_problem(sv, fake_spec("--fake-fail", kind))

    assert problem.code == code
    if fix is None:
        assert problem.fix is None
    else:
        assert (problem.fix.kind, problem.fix.target, problem.fix.value) == fix
    info = sv.info(MODEL)
    assert info is not None and info.problem == problem
    # An unsupported architecture fails the same way every time: FATAL at once.
    expected = S.FATAL if kind == "unsupported_arch" else S.BACKOFF
    assert rec.states() == [S.STARTING, expected]
    assert no_children()


async def test_free_memory_problem_carries_the_numbers(sv: Supervisor) -> None:
    problem = await start_problem(sv, fake_spec("--fake-fail", "free_memory"))
    assert dict(problem.params) == {
        "model_id": MODEL,
        "device": "cuda:0",
        "free_gib": 76.45,
        "total_gib": 96.0,
        "utilization": 0.92,
        "safe": 0.75,
    }
    assert "0.75" in problem.english()


async def test_never_ready_times_out_with_the_cold_load_message(
    sv: Supervisor, rec: Recorder
) -> None:
    started = time.monotonic()
    problem = await start_problem(
        sv, fake_spec("--fake-never-ready", "--fake-grandchild", load_timeout_s=1.0)
    )
    assert 1.0 <= time.monotonic() - started < 4.0  # timing is the behaviour: load_timeout_s
    assert problem.code == "load.timeout"
    assert problem.params["timeout_s"] == 1.0
    assert "compiles kernels" in problem.english()
    assert problem.fix is not None
    assert (problem.fix.kind, problem.fix.target, problem.fix.value) == (
        "set_setting",
        "models.load_timeout_s",
        601,
    )
    assert rec.states() == [S.STARTING, S.BACKOFF]
    assert no_children()


async def test_missing_engine_is_fatal_without_spawning(sv: Supervisor, rec: Recorder) -> None:
    spec = LaunchSpec(
        model_id=MODEL,
        served_name="tiny",
        model_path="/m",
        ctx_size=512,
        prefix=("/nonexistent/vllm-server",),
    )
    problem = await start_problem(sv, spec)
    assert problem.code == "engine.missing"
    assert problem.params["command"] == "/nonexistent/vllm-server"
    assert rec.states() == [S.STARTING, S.FATAL]
    # The same spec stays refused until reset, without a new attempt.
    assert (await start_problem(sv, spec)).code == "engine.missing"
    assert rec.states() == [S.STARTING, S.FATAL]


async def test_engine_not_executable(sv: Supervisor, tmp_path: Path) -> None:
    script = tmp_path / "vllm-server"
    script.write_text("#!/bin/sh\nexit 0\n")
    script.chmod(stat.S_IRUSR | stat.S_IWUSR)
    spec = LaunchSpec(
        model_id=MODEL, served_name="tiny", model_path="/m", ctx_size=512, prefix=(str(script),)
    )
    problem = await start_problem(sv, spec)
    assert problem.code == "engine.not_executable"
    assert problem.params["command"] == str(script)


async def test_unknown_exit_shows_the_log_tail(sv: Supervisor, tmp_path: Path) -> None:
    script = tmp_path / "engine.sh"
    lines = "".join(f"echo line {i}\n" for i in range(60))
    script.write_text(f"#!/bin/sh\n{lines}exit 3\n")
    script.chmod(0o755)
    spec = LaunchSpec(
        model_id=MODEL, served_name="tiny", model_path="/m", ctx_size=512, prefix=(str(script),)
    )
    problem = await start_problem(sv, spec)
    assert problem.code == "load.exited"
    assert problem.params["exit_code"] == 3
    tail = problem.params["log_tail"].splitlines()
    assert tail == [f"line {i}" for i in range(20, 60)]


async def test_crash_while_running_is_exited_then_restarts_on_next_start(
    sv: Supervisor, rec: Recorder
) -> None:
    import httpx

    spec = fake_spec("--fake-crash-after", "1")
    info = await sv.start(spec)
    async with httpx.AsyncClient() as client:
        reply = await client.post(f"{info.base_url}/v1/completions", json={"prompt": "hi"})
    assert reply.status_code == 200
    for _ in range(100):
        if rec.states()[-1] is S.EXITED:
            break
        await asyncio.sleep(0.05)
    assert rec.states() == [S.STARTING, S.RUNNING, S.EXITED]
    exited = sv.info(MODEL)
    assert exited is not None and exited.problem is not None
    assert exited.problem.code == "load.engine_dead"
    assert exited.pid is None and exited.failures == 1
    changes = [e for e in rec.events if isinstance(e, ProcessStateChanged)]
    assert not changes[-1].user_initiated

    again = await sv.start(spec)  # restart on the next request
    assert again.state is S.RUNNING and again.pid != info.pid
    assert rec.states() == [S.STARTING, S.RUNNING, S.EXITED, S.STARTING, S.RUNNING]


async def test_a_hung_engine_is_killed_with_its_tree_and_exits(
    sv: Supervisor, rec: Recorder
) -> None:
    info = await sv.start(fake_spec("--fake-grandchild"))
    assert info.pid is not None
    engine = psutil.Process(info.pid)
    pids = [engine.parent().pid, info.pid, *(c.pid for c in engine.children(recursive=True))]  # type: ignore[union-attr]
    os.kill(info.pid, signal.SIGSTOP)  # hung: the port accepts, nobody answers
    for _ in range(200):
        if rec.states()[-1] is S.EXITED:
            break
        await asyncio.sleep(0.05)
    assert rec.states() == [S.STARTING, S.RUNNING, S.EXITED]
    exited = sv.info(MODEL)
    assert exited is not None and exited.problem is not None
    assert exited.problem.code == "run.unresponsive"
    assert exited.problem.params["misses"] == 3
    assert all(not psutil.pid_exists(p) or psutil.Process(p).status() == "zombie" for p in pids)


async def test_repeated_failures_back_off_then_fatal_until_reset(
    sv: Supervisor, rec: Recorder
) -> None:
    spec = fake_spec("--fake-fail", "no_cache_blocks")
    assert (await start_problem(sv, spec)).code == "load.no_cache_memory"
    assert rec.states() == [S.STARTING, S.BACKOFF]

    # The next start waits out the back-off (0.2 s, then 0.4 s) before trying again: timing
    # is the behaviour.
    started = time.monotonic()
    await start_problem(sv, spec)
    assert time.monotonic() - started >= 0.15
    assert rec.states() == [S.STARTING, S.BACKOFF, S.STARTING, S.BACKOFF]
    given_up = await start_problem(sv, spec)
    assert rec.states()[-2:] == [S.STARTING, S.FATAL]
    assert given_up.code == "load.given_up"
    assert (given_up.params["failures"], given_up.params["cause_code"]) == (
        3,
        "load.no_cache_memory",
    )
    assert "failed to start 3 times" in given_up.english()
    info = sv.info(MODEL)
    assert info is not None and info.state is S.FATAL and info.failures == 3
    assert info.restarts == 2 and info.next_retry_at is None

    # FATAL: the same spec is refused at once, with the same sentence, nothing spawned.
    count = len(rec.states())
    with watching(sv) as turns:
        assert (await start_problem(sv, spec)) == given_up
    assert turns.answered_in_its_turn(await turns.wait_for(handled(Start)))
    assert len(rec.states()) == count

    await sv.reset(MODEL)
    assert rec.states()[-1] is S.STOPPED
    assert (await sv.start(fake_spec())).state is S.RUNNING


async def test_a_changed_spec_after_fatal_gets_a_fresh_try(sv: Supervisor, rec: Recorder) -> None:
    failing = fake_spec("--fake-fail", "kv_cache")
    for _ in range(3):
        await start_problem(sv, failing)
    assert rec.states()[-1] is S.FATAL
    # The user applied the fix (a smaller context): that spec starts right away.
    fixed = fake_spec(ctx=400)
    assert (await sv.start(fixed)).state is S.RUNNING
    assert rec.states()[-2:] == [S.STARTING, S.RUNNING]


async def test_crash_loop_ends_fatal(sv: Supervisor, rec: Recorder) -> None:
    import httpx

    spec = fake_spec("--fake-crash-after", "1")
    async with httpx.AsyncClient() as client:
        for _ in range(3):
            info = await sv.start(spec)
            await client.post(f"{info.base_url}/v1/completions", json={"prompt": "hi"})
            for _ in range(100):
                if rec.states()[-1] is S.EXITED:
                    break
                await asyncio.sleep(0.05)
    assert rec.states().count(S.EXITED) == 3
    # Given up as soon as the third crash is known: the state says so at once...
    assert rec.states()[-2:] == [S.EXITED, S.FATAL]
    info = sv.info(MODEL)
    assert info is not None and info.failures == 3 and info.restarts == 2
    # ...and the next request hears it at once, without waiting out a back-off.
    with watching(sv) as turns:
        problem = await start_problem(sv, spec)
    assert turns.answered_in_its_turn(await turns.wait_for(handled(Start)))
    assert problem.code == "load.given_up"
    assert problem.params["crashed"] is True
    assert problem.params["cause_code"] == "load.engine_dead"
    assert "crashed 3 times" in problem.english()
    assert rec.states()[-1] is S.FATAL and rec.states().count(S.STARTING) == 3


async def test_user_stop_is_never_a_crash(sv: Supervisor, rec: Recorder) -> None:
    await sv.start(fake_spec())
    await sv.stop(MODEL)
    await sv.settled(MODEL)  # the child's exit, its watch and the stop all handled
    assert rec.states() == [S.STARTING, S.RUNNING, S.STOPPING, S.STOPPED]
    info = sv.info(MODEL)
    assert info is not None and info.problem is None and info.failures == 0
