"""A model actor's transitions, pure: (state, message) → (state, effects).

`step` looks the message up in TABLE — which messages are heard in which states — and the
row's transition returns the new `ActorState` and the effects the actor's loop (actor.py)
then performs in order; a transition never awaits, spawns, publishes or answers anything
itself, so every rule of docs/process-states.md can be read, and tested, here alone. The
sleeping rows are in transitions_sleep.py; the moves they share (`Turn.move`, the one place
the process state changes) in turn.py. A message about an older child (its generation) is
dropped, so a late "ready" can never revive a stopped model.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from app.core.contracts import LaunchSpec
from app.core.problems.problems import Problem
from app.core.states import ALIVE, ProcessState
from app.supervisor import diagnosis
from app.supervisor.actor_state import (
    ActorState,
    ArmTimer,
    ChildReady,
    Context,
    Effect,
    SleepPhase,
    Watch,
)
from app.supervisor.protocol import (
    BackoffOver,
    Exited,
    LaunchFailed,
    Msg,
    Ready,
    Reset,
    Sleep,
    SleepFailed,
    Slept,
    Start,
    Stop,
    Stopped,
    WakeFailed,
    Woke,
)
from app.supervisor.transitions_sleep import (
    on_sleep,
    on_sleep_failed,
    on_slept,
    on_wake_failed,
    on_woke,
    start_while_sleeping,
)
from app.supervisor.turn import Turn

S = ProcessState
M = TypeVar("M")


# ---- the callers' messages --------------------------------------------------------------


def on_start(t: Turn, msg: Start) -> None:
    s = t.s
    if s.shutting_down:
        t.fail((msg.fut,), diagnosis.shutting_down(s.model_id))
    elif s.state is S.RUNNING:
        t.answer_info((msg.fut,))
    elif s.state is S.STARTING:
        t.set(waiters=(*s.waiters, msg.fut))  # concurrent starts share one process
    elif s.state is S.SLEEPING:
        start_while_sleeping(t, msg.spec, msg.fut)
    elif s.state is S.FATAL and msg.spec == s.failed_spec:
        # Given up on: answered at once, until reset() or a changed spec.
        assert s.problem is not None
        t.fail((msg.fut,), s.problem)
    else:
        t.set(waiters=(*s.waiters, msg.fut), pending=msg.spec)
        if s.state is not S.STOPPING:  # else started once the stop finishes
            _start_when_due(t, msg.spec)


def _start_when_due(t: Turn, spec: LaunchSpec) -> None:
    if spec != t.s.failed_spec and t.s.failed_spec is not None:
        # A different spec (changed options, another engine, an applied fix) deserves a
        # fresh, immediate try.
        t.log(logging.INFO, "%s: options changed; starting afresh")
        t.clear_failures()
    delay = t.s.not_before - t.ctx.now
    if delay <= 0:
        t.begin_start()
        return
    t.log(logging.INFO, "%s: next start in %.1f s (backing off)", delay)
    if not t.s.timer:
        t.set(timer=True)
        t.do(ArmTimer(delay))


def on_stop(t: Turn, msg: Stop) -> None:
    t.stop((msg.fut, None), shutdown=msg.shutdown)


def on_reset(t: Turn, msg: Reset) -> None:
    s = t.s
    if s.state in (S.FATAL, S.BACKOFF, S.EXITED):
        t.cancel_timer()
        t.set(aborted=(*s.aborted, *s.waiters), waiters=(), pending=None)
        t.clear_failures()
        t.move(S.STOPPED, user=True)
    t.answer((msg.fut,), None)


def on_backoff_over(t: Turn, msg: BackoffOver) -> None:
    t.set(timer=False)
    if t.s.waiters and t.s.pending is not None and t.s.state not in ALIVE:
        t.begin_start()


# ---- what the child's helper tasks report ---------------------------------------------------


def on_ready(t: Turn, msg: Ready) -> None:
    t.set(ready_at=t.ctx.now)
    t.do(ChildReady())
    t.move(S.RUNNING)
    t.do(Watch())


def on_launch_failed(t: Turn, msg: LaunchFailed) -> None:
    s = t.s
    t.set(failures=s.failures + 1, failed_spec=s.spec)
    t.forget_child()
    if msg.permanent:
        # It fails the same way every time: say what is wrong, not "gave up".
        t.log(logging.WARNING, "%s: start failed (%s); not retrying", msg.problem.code)
        t.move(S.FATAL, msg.problem)
    elif t.s.failures >= t.ctx.policy.max_failures:
        _give_up(t, msg.problem, crashed=False)
    else:
        backoff = t.backoff()
        t.set(not_before=t.ctx.now + backoff)
        t.log(
            logging.WARNING,
            "%s: start failed (%s), %d of %d in a row; the next start waits %.1f s",
            msg.problem.code,
            t.s.failures,
            t.ctx.policy.max_failures,
            backoff,
        )
        t.move(S.BACKOFF, msg.problem)


def on_exited(t: Turn, msg: Exited) -> None:
    s, policy = t.s, t.ctx.policy
    stable = s.ready_at is not None and t.ctx.now - s.ready_at >= policy.stable_after_s
    # A child that ran a good while and then crashed starts a new count.
    t.set(failures=1 if stable else s.failures + 1, failed_spec=s.spec)
    t.set(not_before=t.ctx.now + (t.backoff() if t.s.failures > 1 else 0.0))
    t.forget_child()
    t.log(
        logging.WARNING,
        "%s: the engine exited while running (%s), %d failure(s) in a row",
        msg.problem.code,
        t.s.failures,
    )
    t.move(S.EXITED, msg.problem)
    if t.s.failures >= policy.max_failures:
        # Given up at once: the next request must not wait out a backoff to hear it.
        _give_up(t, msg.problem, crashed=True)


def _give_up(t: Turn, last: Problem, *, crashed: bool) -> None:
    failures = t.s.failures
    t.log(
        logging.ERROR,
        "%s: giving up after %d %s in a row (last: %s); load it again to retry",
        failures,
        "crashes" if crashed else "failed starts",
        last.code,
    )
    t.set(not_before=0.0)
    t.move(S.FATAL, diagnosis.given_up(t.s.model_id, failures, last, crashed=crashed))


def on_stopped(t: Turn, msg: Stopped) -> None:
    t.forget_child()
    t.clear_failures()
    t.move(S.STOPPED, user=True)
    if t.s.waiters and t.s.pending is not None:
        t.begin_start()


# ---- the table --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row(Generic[M]):
    """How the actor hears one kind of message: in which states (None: any), in which
    phase of a sleep (None: any), and the transition that follows."""

    transition: Callable[[Turn, M], None]
    states: frozenset[ProcessState] | None = None
    phase: SleepPhase | None = None

    def hears(self, state: ActorState, msg: Msg) -> bool:
        gen = getattr(msg, "gen", None)
        if gen is not None and gen != state.gen:
            return False  # a message about an earlier child: that story is over
        if self.states is not None and state.state not in self.states:
            return False
        return self.phase is None or state.sleep_phase is self.phase


TABLE: dict[type[Any], Row[Any]] = {
    # the callers' commands, heard in every state
    Start: Row(on_start),
    Stop: Row(on_stop),
    Reset: Row(on_reset),
    Sleep: Row(on_sleep),
    BackoffOver: Row(on_backoff_over),
    # the helper tasks' reports, heard only where they still mean something
    Ready: Row(on_ready, frozenset({S.STARTING})),
    LaunchFailed: Row(on_launch_failed, frozenset({S.STARTING})),
    Exited: Row(on_exited, frozenset({S.RUNNING, S.SLEEPING})),
    Stopped: Row(on_stopped, frozenset({S.STOPPING})),
    Slept: Row(on_slept, frozenset({S.SLEEPING}), SleepPhase.FALLING),
    SleepFailed: Row(on_sleep_failed, frozenset({S.SLEEPING}), SleepPhase.FALLING),
    Woke: Row(on_woke, frozenset({S.SLEEPING}), SleepPhase.WAKING),
    WakeFailed: Row(on_wake_failed, frozenset({S.SLEEPING}), SleepPhase.WAKING),
}


def step(state: ActorState, msg: Msg, ctx: Context) -> tuple[ActorState, tuple[Effect, ...]]:
    """The state after `msg`, and what the loop must do, in order."""
    row = TABLE[type(msg)]
    turn = Turn(state, ctx)
    if row.hears(state, msg):
        row.transition(turn, msg)
    return turn.s, tuple(turn.effects)


def waiting(state: ActorState) -> list[asyncio.Future[Any]]:
    """Everyone the actor owes an answer (a failing transition fails them all)."""
    return [
        *state.waiters,
        *state.aborted,
        *(fut for fut, _ in state.stop_waiters),
        *state.sleep_waiters,
    ]
