"""Recovering from failures against the fake engine: back-off that only retries on demand,
resets, a handler bug that must not strand callers, and the replayed real vLLM failures."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from app.core.contracts import LaunchSpec
from app.core.events import Event, EventBus, ProcessStateChanged
from app.core.problems.problems import ProblemError
from app.core.states import ProcessState
from app.supervisor import transitions
from app.supervisor.protocol import Start
from app.supervisor.supervisor import Supervisor
from app.supervisor.turn import Turn
from tests.real_engine.failure_cases import CASES

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


@pytest.fixture
def bus() -> EventBus:
    return EventBus()


@pytest.fixture
def rec(bus: EventBus) -> Recorder:
    return Recorder(bus)


@pytest.fixture
async def sv(bus: EventBus, tmp_path: Path) -> AsyncIterator[Supervisor]:
    # A back-off long enough to tell "waited for it" from "started at once".
    supervisor = Supervisor(
        bus,
        tmp_path / "logs",
        tmp_path / "state",
        health_interval=0.05,
        stop_grace_s=1.0,
        backoff_s=5.0,
        orphan_grace_s=0.5,
    )
    yield supervisor
    await supervisor.shutdown()


async def start_problem(sv: Supervisor, spec: LaunchSpec) -> Any:
    with pytest.raises(ProblemError) as caught:
        await sv.start(spec)
    return caught.value.problem


FAILING = ("--fake-replay", "kv_too_small")


async def test_backoff_waits_for_a_request_and_says_when_it_may_retry(
    sv: Supervisor, rec: Recorder
) -> None:
    await start_problem(sv, fake_spec(*FAILING))
    info = sv.info(MODEL)
    assert info is not None and info.state is S.BACKOFF
    assert info.failures == 1 and info.restarts == 0
    # The first failure backs off backoff_s before the next start may begin (timing is the
    # behaviour: the back-off's length).
    assert info.next_retry_at is not None
    assert 3.0 < info.next_retry_at - time.time() <= 5.0
    # It never retries by itself: nothing may load a model nobody asked for (the memory
    # planner decides before every start). Settled, nothing is left that could start it;
    # the back-off's end starting nothing is the transition table's rule (test_transitions).
    await sv.settled(MODEL)
    assert rec.states() == [S.STARTING, S.BACKOFF]


async def test_a_changed_spec_starts_a_backing_off_model_at_once(
    sv: Supervisor, rec: Recorder
) -> None:
    await start_problem(sv, fake_spec(*FAILING))
    started = time.monotonic()
    info = await sv.start(fake_spec(ctx=128))  # the user applied the fix
    assert time.monotonic() - started < 4.0  # timing is the behaviour: before the 5 s back-off
    assert info.state is S.RUNNING and info.failures == 0
    assert rec.states() == [S.STARTING, S.BACKOFF, S.STARTING, S.RUNNING]


async def test_reset_clears_backoff_and_the_next_start_begins_at_once(
    sv: Supervisor, rec: Recorder
) -> None:
    spec = fake_spec(*FAILING)
    await start_problem(sv, spec)
    await sv.reset(MODEL)
    info = sv.info(MODEL)
    assert info is not None and (info.state, info.failures, info.next_retry_at) == (
        S.STOPPED,
        0,
        None,
    )
    started = time.monotonic()
    await start_problem(sv, spec)
    assert time.monotonic() - started < 4.0  # timing is the behaviour: before the 5 s back-off
    assert rec.states() == [S.STARTING, S.BACKOFF, S.STOPPED, S.STARTING, S.BACKOFF]


async def test_a_permanent_failure_is_fatal_at_once_and_unload_makes_it_stopped(
    sv: Supervisor, rec: Recorder
) -> None:
    spec = fake_spec("--fake-replay", "ctx_over_limit")
    problem = await start_problem(sv, spec)
    assert problem.code == "load.ctx_over_limit"
    assert rec.states() == [S.STARTING, S.FATAL]
    # What a caller may ask before unloading anything for it: refused only with this spec.
    assert sv.occupancy(spec).refusal == problem
    assert sv.occupancy(fake_spec(ctx=128)).refusal is None
    # An unload of a given-up model is a real stop: the row then says "stopped", truly.
    await sv.stop(MODEL)
    assert rec.states()[-1] is S.STOPPED
    info = sv.info(MODEL)
    assert info is not None and info.problem is None and info.failures == 0


async def test_a_failing_handler_rejects_its_caller_and_wakes_the_waiters(
    sv: Supervisor, rec: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = asyncio.create_task(sv.start(fake_spec("--fake-start-delay", "5")))
    for _ in range(100):
        if rec.states():
            break
        await asyncio.sleep(0.02)

    def broken(turn: Turn, msg: object) -> None:
        raise RuntimeError("a bug in the actor")

    monkeypatch.setitem(transitions.TABLE, Start, transitions.Row(broken))
    problem = await start_problem(sv, fake_spec())
    assert problem.code == "supervisor.internal_error"
    # The caller that waited for the start in progress is not left hanging either.
    with pytest.raises(ProblemError) as caught:
        await asyncio.wait_for(slow, 1.0)
    assert caught.value.problem.code == "supervisor.internal_error"
    monkeypatch.undo()
    await sv.stop(MODEL)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
async def test_each_replayed_vllm_failure_reaches_the_caller_as_its_problem(
    sv: Supervisor, case: Any
) -> None:
    problem = await start_problem(sv, fake_spec("--fake-replay", case.name))
    expected = {
        "ctx_over_limit": "load.ctx_over_limit",
        "unknown_flag": "engine.unknown_flag",
        "bad_dtype": "engine.bad_flag_value",
        "no_weights": "load.no_weights",
        "broken_config": "load.bad_config",
        "kv_too_small": "load.kv_cache_too_small",
        "kv_over_memory": "load.cpu_kv_cache_memory",
        "memory_at_startup": "load.cpu_free_memory",
        "engine_without_vllm": "engine.broken",
        # Every try lost its port (the replay says so each time): said only after the retries.
        "port_taken": "load.port_in_use",
        # A forced AOT load of a cut artifact (the capture forces it: VLLM_FORCE_AOT_LOAD).
        "stale_aot": "load.stale_compile_cache",
    }
    assert problem.code == expected[case.name]
