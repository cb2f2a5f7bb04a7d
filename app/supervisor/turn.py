"""One message's turn in a model actor: the state so far and the effects decided, and the
moves several transitions share (transitions.py, transitions_sleep.py).

`Turn.move` is the only place the process state changes: it checks the transition table of
app.core.states, announces the change, and on every settled state answers everyone waiting
for readiness.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

from app.core.contracts import LaunchSpec
from app.core.problems.problems import Problem
from app.core.states import SETTLED, ProcessState, can_transition
from app.supervisor import diagnosis
from app.supervisor.actor_state import (
    ActorState,
    Announce,
    CancelTimer,
    Context,
    Effect,
    EndSleep,
    ForgetChild,
    Launch,
    Log,
    NewChild,
    Reject,
    Resolve,
    ResolveInfo,
    StopChild,
    StopWaiter,
)
from app.supervisor.protocol import ProcessInfo
from app.supervisor.sleep import SleepReport

S = ProcessState


class Turn:
    """One message's transition as it is worked out: the state so far and the effects to
    perform. A Turn lives for one `step` and is never shared."""

    def __init__(self, state: ActorState, ctx: Context) -> None:
        self.s = state
        self.ctx = ctx
        self.effects: list[Effect] = []

    def set(self, **changes: Any) -> None:
        self.s = dataclasses.replace(self.s, **changes)

    def do(self, *effects: Effect) -> None:
        self.effects.extend(effects)

    def log(self, level: int, message: str, *args: object) -> None:
        """Log `message` % (model id, *args)."""
        self.do(Log(level, message, (self.s.model_id, *args)))

    def answer(self, futures: tuple[asyncio.Future[Any], ...], value: Any) -> None:
        if futures:
            self.do(Resolve(futures, value))

    def answer_info(self, futures: tuple[asyncio.Future[ProcessInfo], ...]) -> None:
        if futures:
            self.do(ResolveInfo(futures))

    def fail(self, futures: tuple[asyncio.Future[Any], ...], problem: Problem) -> None:
        if futures:
            self.do(Reject(futures, problem))

    def move(
        self, new: ProcessState, problem: Problem | None = None, *, user: bool = False
    ) -> None:
        """The one way the process state changes."""
        old = self.s.state
        if not can_transition(old, new):
            raise RuntimeError(f"{self.s.model_id}: {old} → {new} is not an allowed transition")
        self.set(state=new, problem=problem)
        self.do(Announce(old, new, problem, user))
        if new not in (S.SLEEPING, S.STOPPING):
            self._answer_sleepers()
        if new in SETTLED:
            self._wake()

    def _wake(self) -> None:
        """Every settled state answers everyone waiting for the start it concerns."""
        s = self.s
        if s.state is S.STOPPED:
            self.fail(s.aborted, diagnosis.cancelled(s.model_id))
            for fut, value in s.stop_waiters:
                self.answer((fut,), value)
            self.set(aborted=(), stop_waiters=())
            return  # remaining waiters asked for a start after the stop: on_stopped serves them
        self.set(waiters=())
        if s.state is S.RUNNING:
            self.answer_info(s.waiters)
        else:
            assert s.problem is not None
            self.fail(s.waiters, s.problem)

    def _answer_sleepers(self) -> None:
        """Once the model is neither asleep nor stopping, those who asked it to sleep hear
        that it was stopped instead (or died): its memory is free either way."""
        s = self.s
        if not s.sleep_waiters:
            return
        report = s.sleep_report or no_sleep(s.model_id, s.sleep_planned)
        self.answer(s.sleep_waiters, dataclasses.replace(report, asleep=False))
        self.set(sleep_waiters=(), sleep_report=None)

    def begin_start(self) -> None:
        """Start `pending` as a new child (generation)."""
        s = self.s
        spec = s.pending
        assert spec is not None
        self.set(pending=None)
        self.cancel_timer()
        if s.state in (S.BACKOFF, S.EXITED, S.FATAL):
            self.set(restarts=s.restarts + 1)
            self.log(
                logging.WARNING,
                "%s: restarting (restart %d; %d failure(s) in a row so far)",
                s.restarts + 1,
                s.failures,
            )
        self.set(gen=s.gen + 1, spec=spec, ready_at=None)
        self.do(NewChild(s.gen + 1, spec))
        self.move(S.STARTING)
        self.do(Launch())

    def stop(self, waiter: StopWaiter, *, shutdown: bool = False) -> None:
        """A stop: of the child if there is one; `waiter` is answered once it is STOPPED."""
        if shutdown:
            self.set(shutting_down=True)
        self.cancel_timer()
        # Whoever waited for a start that this stop prevents is told so at STOPPED.
        s = self.s
        self.set(pending=None, aborted=(*s.aborted, *s.waiters), waiters=())
        state = s.state
        if state in (S.STARTING, S.RUNNING, S.SLEEPING):
            self.set(stop_waiters=(*s.stop_waiters, waiter))
            self.end_sleep()
            self.move(S.STOPPING, user=True)
            self.do(StopChild(self.s.gen))
        elif state is S.STOPPING:
            self.set(stop_waiters=(*s.stop_waiters, waiter))
        elif state in (S.BACKOFF, S.EXITED, S.FATAL):
            # Nothing runs; a user's stop (Unload) clears the failure and is a real STOPPED.
            self.set(stop_waiters=(*s.stop_waiters, waiter))
            self.clear_failures()
            self.move(S.STOPPED, user=True)
        else:  # STOPPED
            self.fail(self.s.aborted, diagnosis.cancelled(s.model_id))
            self.set(aborted=())
            self.answer((waiter[0],), waiter[1])

    def stop_from_sleep(self, then_start: LaunchSpec | None) -> None:
        """SLEEPING → STOPPING; whoever waits for a start gets `then_start` after the stop."""
        if self.s.waiters and then_start is not None:
            self.set(pending=then_start)
        self.end_sleep()
        self.move(S.STOPPING, user=True)
        self.do(StopChild(self.s.gen))

    def forget_child(self) -> None:
        self.do(ForgetChild())
        self.end_sleep()

    def end_sleep(self) -> None:
        """Forget a sleep in progress (its task's late message is ignored by phase)."""
        self.do(EndSleep())
        self.set(sleep_phase=None)

    def cancel_timer(self) -> None:
        if self.s.timer:
            self.set(timer=False)
            self.do(CancelTimer())

    def clear_failures(self) -> None:
        self.set(failures=0, restarts=0, failed_spec=None, not_before=0.0)

    def backoff(self) -> float:
        policy = self.ctx.policy
        return float(min(policy.backoff_max_s, policy.backoff_s * 2 ** max(0, self.s.failures - 1)))


def no_sleep(model_id: str, planned_bytes: int) -> SleepReport:
    """The report of a sleep that did not happen (the model was stopped instead)."""
    return SleepReport(model_id, None, None, None, None, planned_bytes, asleep=False)
