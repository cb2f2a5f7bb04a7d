"""The actor's transition table (app.supervisor.transitions), pure: (state, message) →
(state, effects), without a loop, a child or a clock — docs/process-states.md rule by rule."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from app.core.contracts import LaunchSpec, SleepGauge, SleepSpec
from app.core.problems.problems import Problem
from app.core.states import ProcessState
from app.supervisor.actor_state import (
    ActorState,
    Announce,
    ArmTimer,
    ChildReady,
    Context,
    Effect,
    FallAsleep,
    ForgetChild,
    Launch,
    NewChild,
    Policy,
    Reject,
    Resolve,
    ResolveInfo,
    SleepPhase,
    StopChild,
    Wake,
    Watch,
)
from app.supervisor.protocol import (
    BackoffOver,
    Exited,
    LaunchFailed,
    Msg,
    ProcessInfo,
    Ready,
    Reset,
    Sleep,
    Slept,
    Start,
    Stop,
    Stopped,
    Woke,
)
from app.supervisor.sleep import SleepReport
from app.supervisor.transitions import step, waiting
from app.supervisor.turn import Turn

S = ProcessState
MODEL = "user.tiny"
SPEC = LaunchSpec(MODEL, MODEL, "/models/tiny", 512, ("vllm", "serve"))
SLEEPY = dataclasses.replace(
    SPEC, sleep=SleepSpec(level=1, gauge=SleepGauge.PROCESS, verdict_key="cpu|x|")
)
CRASH = Problem("run.crashed", "It crashed.", {})
GIB = 2**30
FREED = SleepReport(
    MODEL, 1, SleepGauge.PROCESS, {"ram": 3 * GIB}, {"ram": GIB}, 2 * GIB, True, 200
)
POLICY = Policy(max_failures=3, backoff_s=2.0, backoff_max_s=60.0, stable_after_s=60.0)


def started() -> asyncio.Future[Any]:
    return asyncio.get_running_loop().create_future()


class Actor:
    """The pure table driven by hand: a state, a clock, and what each step decided."""

    def __init__(self, state: ActorState | None = None) -> None:
        self.s = state or ActorState(MODEL)
        self.now = 1000.0
        self.sleep_allowed = False
        self.effects: tuple[Effect, ...] = ()

    def send(self, msg: Msg) -> tuple[Effect, ...]:
        ctx = Context(self.now, POLICY, self.sleep_allowed)
        self.s, self.effects = step(self.s, msg, ctx)
        return self.effects

    def moves(self) -> list[tuple[ProcessState, ProcessState]]:
        return [(e.old, e.new) for e in self.effects if isinstance(e, Announce)]

    async def running(self, spec: LaunchSpec = SPEC) -> asyncio.Future[ProcessInfo]:
        fut = started()
        self.send(Start(spec, fut))
        self.send(Ready(self.s.gen))
        return fut


def kinds(effects: tuple[Effect, ...]) -> list[type]:
    return [type(e) for e in effects]


async def test_a_start_spawns_one_child_and_concurrent_starts_share_it() -> None:
    actor = Actor()
    first, second = started(), started()

    effects = actor.send(Start(SPEC, first))

    assert actor.s.state is S.STARTING and actor.s.gen == 1 and actor.s.spec == SPEC
    assert kinds(effects) == [NewChild, Announce, Launch]
    assert effects[0] == NewChild(1, SPEC)
    assert actor.send(Start(SPEC, second)) == ()  # joins the start in progress
    assert actor.s.waiters == (first, second)

    effects = actor.send(Ready(1))

    assert actor.s.state is S.RUNNING and actor.s.ready_at == actor.now
    assert kinds(effects) == [ChildReady, Announce, ResolveInfo, Watch]
    assert effects[2] == ResolveInfo((first, second)) and actor.s.waiters == ()


async def test_a_message_about_an_earlier_child_changes_nothing() -> None:
    actor = Actor()
    await actor.running()
    actor.send(Stop(started()))
    actor.send(Stopped(1))
    actor.send(Start(SPEC, started()))
    before = actor.s

    assert actor.send(Ready(1)) == ()  # the first child's late "ready"
    assert actor.send(Exited(1, CRASH)) == ()
    assert actor.s == before and actor.s.state is S.STARTING and actor.s.gen == 2


async def test_a_failed_start_backs_off_and_only_the_next_start_retries() -> None:
    actor = Actor()
    first = started()
    actor.send(Start(SPEC, first))

    effects = actor.send(LaunchFailed(1, CRASH))

    assert actor.s.state is S.BACKOFF and actor.s.failures == 1
    assert actor.s.not_before == actor.now + 2.0 and actor.s.failed_spec == SPEC
    assert Reject((first,), CRASH) in effects  # the waiter hears why
    assert actor.send(BackoffOver()) == ()  # nobody asked: nothing starts by itself

    actor.now += 0.5
    effects = actor.send(Start(SPEC, started()))

    assert actor.s.state is S.BACKOFF and actor.s.timer
    assert [e for e in effects if isinstance(e, ArmTimer)] == [ArmTimer(1.5)]
    assert not [e for e in actor.send(Start(SPEC, started())) if isinstance(e, ArmTimer)]
    actor.now += 1.5
    effects = actor.send(BackoffOver())
    assert actor.s.state is S.STARTING and actor.s.restarts == 1 and not actor.s.timer
    assert len(actor.s.waiters) == 2


async def test_the_nth_failure_gives_up_and_the_same_spec_is_refused_at_once() -> None:
    actor = Actor()
    for gen in (1, 2, 3):
        actor.now += 100
        actor.send(Start(SPEC, started()))
        actor.send(LaunchFailed(gen, CRASH))
    assert actor.s.state is S.FATAL and actor.s.problem is not None
    assert actor.s.problem.code == "load.given_up"

    refused = started()
    effects = actor.send(Start(SPEC, refused))
    assert effects == (Reject((refused,), actor.s.problem),) and actor.s.state is S.FATAL

    actor.send(Start(dataclasses.replace(SPEC, ctx_size=256), started()))  # a changed spec
    assert actor.s.state is S.STARTING and actor.s.failures == 0


async def test_a_permanent_failure_is_fatal_at_once_with_its_own_problem() -> None:
    actor = Actor()
    actor.send(Start(SPEC, started()))
    bad_flag = Problem("engine.unknown_flag", "No such flag.", {})

    actor.send(LaunchFailed(1, bad_flag, permanent=True))

    assert actor.s.state is S.FATAL and actor.s.problem == bad_flag


async def test_a_crash_after_a_long_run_starts_a_new_count_and_repeated_crashes_give_up() -> None:
    actor = Actor(dataclasses.replace(ActorState(MODEL), failures=2))
    await actor.running()
    actor.now += 61

    actor.send(Exited(1, CRASH))

    assert actor.s.state is S.EXITED and actor.s.failures == 1
    assert actor.s.not_before == actor.now  # a single crash: no back-off

    actor.send(Start(SPEC, started()))
    actor.send(Ready(2))
    actor.send(Exited(2, CRASH))
    actor.send(Start(SPEC, started()))
    actor.now += 10
    actor.send(BackoffOver())
    actor.send(Ready(3))
    effects = actor.send(Exited(3, CRASH))

    # The third crash in a row: EXITED, and given up at once.
    assert actor.moves() == [(S.RUNNING, S.EXITED), (S.EXITED, S.FATAL)]
    assert actor.s.state is S.FATAL and actor.s.not_before == 0.0
    assert kinds(effects)[0] is ForgetChild


async def test_a_stop_during_a_start_aborts_it_and_its_waiters_hear_so_at_stopped() -> None:
    actor = Actor()
    waiter, stop = started(), started()
    actor.send(Start(SPEC, waiter))

    effects = actor.send(Stop(stop))

    assert actor.s.state is S.STOPPING and actor.s.aborted == (waiter,)
    assert Announce(S.STARTING, S.STOPPING, None, True) in effects
    assert StopChild(1) in effects

    effects = actor.send(Stopped(1))

    assert actor.s.state is S.STOPPED and actor.s.aborted == () and actor.s.stop_waiters == ()
    (rejected,) = [e for e in effects if isinstance(e, Reject)]
    assert rejected.futures == (waiter,) and rejected.problem.code == "load.cancelled"
    assert Resolve((stop,), None) in effects


async def test_a_start_asked_while_stopping_starts_once_the_stop_is_done() -> None:
    actor = Actor()
    await actor.running()
    actor.send(Stop(started()))
    later = started()

    assert actor.send(Start(SPEC, later)) == ()
    assert actor.s.pending == SPEC

    actor.send(Stopped(1))

    assert actor.moves() == [(S.STOPPING, S.STOPPED), (S.STOPPED, S.STARTING)]
    assert actor.s.gen == 2 and actor.s.waiters == (later,)


async def test_reset_clears_a_given_up_model_and_a_stop_of_it_is_a_real_stop() -> None:
    actor = Actor(dataclasses.replace(ActorState(MODEL), state=S.FATAL, problem=CRASH, failures=3))
    done = started()
    effects = actor.send(Reset(done))
    assert actor.s.state is S.STOPPED and actor.s.failures == 0
    assert effects[-1] == Resolve((done,), None)


async def test_shutdown_refuses_every_later_start() -> None:
    actor = Actor()
    actor.send(Stop(started(), shutdown=True))
    refused = started()

    (effect,) = actor.send(Start(SPEC, refused))

    assert isinstance(effect, Reject) and effect.problem.code == "supervisor.shutting_down"


async def test_a_sleep_not_allowed_is_a_stop_whose_caller_hears_the_report() -> None:
    actor = Actor()
    await actor.running(SLEEPY)
    asked = started()

    actor.send(Sleep(123, asked))
    effects = actor.send(Stopped(1))

    (answer,) = [e for e in effects if isinstance(e, Resolve)]
    report = answer.value
    assert answer.futures == (asked,) and isinstance(report, SleepReport)
    assert not report.asleep and report.planned_bytes == 123


async def test_a_sleep_then_a_start_wakes_the_same_child() -> None:
    actor = Actor()
    actor.sleep_allowed = True
    await actor.running(SLEEPY)
    asked = started()

    effects = actor.send(Sleep(100, asked))

    assert actor.s.state is S.SLEEPING and actor.s.sleep_phase is SleepPhase.FALLING
    assert effects[-1] == FallAsleep(100)
    report = FREED
    assert report.freed
    effects = actor.send(Slept(1, report))
    assert actor.s.sleep_phase is SleepPhase.ASLEEP
    assert Resolve((asked,), report) in effects

    woken = started()
    effects = actor.send(Start(SLEEPY, woken))
    assert actor.s.sleep_phase is SleepPhase.WAKING and Wake(1) in effects

    effects = actor.send(Woke(1))
    assert actor.s.state is S.RUNNING and actor.s.gen == 1  # the same child
    assert ResolveInfo((woken,)) in effects


async def test_a_changed_spec_while_asleep_restarts_the_model_afresh() -> None:
    actor = Actor()
    actor.sleep_allowed = True
    await actor.running(SLEEPY)
    actor.send(Sleep(100, started()))
    actor.send(Slept(1, FREED))
    changed = dataclasses.replace(SLEEPY, ctx_size=256)

    actor.send(Start(changed, started()))
    assert actor.s.state is S.STOPPING and actor.s.pending == changed

    actor.send(Stopped(1))
    assert actor.s.state is S.STARTING and actor.s.spec == changed and actor.s.gen == 2


async def test_a_move_outside_the_table_is_refused_and_the_loop_knows_whom_it_owes() -> None:
    owed = started()
    state = dataclasses.replace(ActorState(MODEL), waiters=(owed,))
    turn = Turn(state, Context(0.0))

    with pytest.raises(RuntimeError, match="not an allowed transition"):
        turn.move(S.RUNNING)  # STOPPED -> RUNNING is not in app.core.states.TRANSITIONS

    assert turn.s.state is S.STOPPED
    # What the loop rejects when a transition raises (a bug must not strand a caller).
    assert waiting(state) == [owed]
