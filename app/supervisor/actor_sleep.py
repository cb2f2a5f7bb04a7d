"""The sleeping side of a model's actor: RUNNING → SLEEPING → RUNNING (wake) | STOPPING.

A mix-in of `ModelActor` (actor.py), kept apart so that each file has one story. The rules of
the actor hold here too: handlers run in the actor's one task without awaiting, state changes
only through `_transition`, slow work (the HTTP calls, the measuring) runs in helper tasks that
post `Slept`/`SleepFailed`/`Woke`/`WakeFailed` back.

While SLEEPING the model is in one of three phases: falling asleep (the sleep call and the
measurement run), asleep, or waking. A sleep that freed too little, or failed, becomes a plain
stop; so does a failed wake, after which the model is started afresh for whoever waits.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Coroutine
from enum import Enum
from typing import Any

from app.core.contracts import LaunchSpec
from app.core.problems import Problem
from app.core.states import ProcessState
from app.supervisor.answers import resolve
from app.supervisor.protocol import ActorConfig, ProcessInfo, Sleep, Slept, Stop, WakeFailed
from app.supervisor.runner import ChildRunner
from app.supervisor.sleep import SleepReport

log = logging.getLogger(__name__)

S = ProcessState


class SleepPhase(Enum):
    FALLING = "falling asleep"
    ASLEEP = "asleep"
    WAKING = "waking"


class SleepingActor:
    """The sleep handlers of `ModelActor`; the attributes below are the actor's own."""

    model_id: str
    cfg: ActorConfig
    state: ProcessState
    _loop: asyncio.AbstractEventLoop
    _gen: int
    _spec: LaunchSpec | None
    _runner: ChildRunner | None
    _pending: LaunchSpec | None
    _waiters: list[asyncio.Future[ProcessInfo]]
    _abort: asyncio.Event
    _watch_task: asyncio.Task[None] | None

    def _init_sleep(self) -> None:
        self._sleep_phase: SleepPhase | None = None
        self._sleep_report: SleepReport | None = None  # the last sleep's, while SLEEPING
        self._sleep_planned = 0  # bytes the model was planned to hold, for the report
        self._sleep_waiters: list[asyncio.Future[SleepReport]] = []
        self._after_wake: list[Sleep] = []  # sleeps asked while it was waking
        self._sleep_task: asyncio.Task[None] | None = None

    # provided by ModelActor
    def _transition(
        self, new: ProcessState, problem: Problem | None = None, *, user: bool = False
    ) -> None:
        raise NotImplementedError

    def _spawn_task(self, coro: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        raise NotImplementedError

    def _post(self, msg: Any) -> None:
        raise NotImplementedError

    def _on_stop(self, msg: Stop) -> None:
        raise NotImplementedError

    async def _stop_child(self, gen: int) -> None:
        raise NotImplementedError

    # ---- the public side ----------------------------------------------------------------

    async def sleep(self, planned_bytes: int) -> SleepReport:
        """Put the model aside: asleep if that frees its memory here, else stopped."""
        fut: asyncio.Future[SleepReport] = self._loop.create_future()
        self._post(Sleep(planned_bytes, fut))
        return await fut

    def may_sleep(self) -> bool:
        """Whether a sleep would be tried: started with sleep mode, on a build and GPU not
        known to free nothing that way."""
        spec, verdicts = self._spec, self.cfg.sleep_verdicts
        if spec is None or spec.sleep is None or verdicts is None:
            return False
        return self.state in (S.RUNNING, S.SLEEPING) and verdicts.may_sleep(spec.sleep.verdict_key)

    def sleep_known_to_work(self) -> bool:
        spec, verdicts = self._spec, self.cfg.sleep_verdicts
        if spec is None or spec.sleep is None or verdicts is None:
            return False
        return verdicts.known_to_work(spec.sleep.verdict_key)

    # ---- handlers -----------------------------------------------------------------------

    def _on_sleep(self, msg: Sleep) -> None:
        if self.state is S.SLEEPING:
            if self._sleep_phase is SleepPhase.ASLEEP and self._sleep_report is not None:
                resolve(msg.fut, self._sleep_report)
            elif self._sleep_phase is SleepPhase.WAKING:
                self._after_wake.append(msg)  # asleep again once awake
            else:
                self._sleep_waiters.append(msg.fut)
            return
        self._sleep_planned = msg.planned_bytes
        if self.state is not S.RUNNING or not self.may_sleep():
            # Not running, or sleeping is known to free nothing here: a plain stop frees it.
            report = self._no_sleep(msg.planned_bytes)
            stopped: asyncio.Future[None] = self._loop.create_future()
            stopped.add_done_callback(lambda _: resolve(msg.fut, report))
            self._on_stop(Stop(stopped))
            return
        runner = self._runner
        assert runner is not None
        self._sleep_waiters.append(msg.fut)
        self._sleep_phase, self._sleep_report = SleepPhase.FALLING, None
        self._transition(S.SLEEPING, user=True)
        self._sleep_task = self._spawn_task(
            runner.fall_asleep(msg.planned_bytes), f"sleep:{self.model_id}"
        )

    def _on_slept(self, msg: Slept) -> None:
        report = msg.report  # the runner already remembered its verdict
        spec = self._spec
        assert spec is not None and spec.sleep is not None
        if report.freed:
            log.info(
                "%s: asleep at level %s; freed %.2f GB (%s)",
                self.model_id,
                report.level,
                report.freed_bytes / 1e9,
                report.gauge,
            )
            self._sleep_phase, self._sleep_report = SleepPhase.ASLEEP, report
            waiting, self._sleep_waiters = self._sleep_waiters, []
            for fut in waiting:
                resolve(fut, report)
            if self._waiters:
                self._begin_wake()  # someone asked for it while it fell asleep
            return
        log.warning(
            "%s: the sleep answered HTTP %s but freed only %.2f of %.2f GB (%s); stopping it "
            "instead. Models on %s are unloaded rather than slept from now on.",
            self.model_id,
            report.answered,
            report.freed_bytes / 1e9,
            report.planned_bytes / 1e9,
            report.gauge,
            spec.sleep.verdict_key,
        )
        self._sleep_report = dataclasses.replace(report, asleep=False)
        self._stop_from_sleep(self._spec)

    def _on_sleep_failed(self, problem: Problem) -> None:
        log.warning("%s: %s; stopping it instead", self.model_id, problem.english())
        self._sleep_report = None
        self._stop_from_sleep(self._spec)

    def _begin_wake(self) -> None:
        runner, report = self._runner, self._sleep_report
        assert runner is not None and report is not None and report.level is not None
        log.info("%s: waking it (level %d sleep)", self.model_id, report.level)
        self._sleep_phase = SleepPhase.WAKING
        self._sleep_task = self._spawn_task(runner.wake(report.level), f"wake:{self.model_id}")

    def _on_woke(self) -> None:
        self._sleep_phase, self._sleep_report, self._sleep_task = None, None, None
        self._transition(S.RUNNING)
        again, self._after_wake = self._after_wake, []
        for msg in again:
            self._post(msg)

    def _on_wake_failed(self, msg: WakeFailed) -> None:
        log.warning("%s: %s", self.model_id, msg.problem.english())
        # Whoever waits for it gets a fresh start of the same spec.
        self._stop_from_sleep(self._spec)

    def _start_while_sleeping(self, spec: LaunchSpec, fut: asyncio.Future[ProcessInfo]) -> None:
        """A start asked of a sleeping model: wake it, or restart it with a changed spec."""
        self._waiters.append(fut)
        if spec != self._spec:
            log.info("%s: options changed while it slept; starting it afresh", self.model_id)
            self._stop_from_sleep(spec)
        elif self._sleep_phase is SleepPhase.ASLEEP:
            self._begin_wake()
        # falling asleep: woken once asleep (_on_slept); waking: it joins that wake

    # ---- helpers ------------------------------------------------------------------------

    def _stop_from_sleep(self, then_start: LaunchSpec | None) -> None:
        """SLEEPING → STOPPING; whoever waits for a start gets `then_start` after the stop."""
        if self._waiters and then_start is not None:
            self._pending = then_start
        self._end_sleep()
        self._transition(S.STOPPING, user=True)
        self._abort.set()
        if self._watch_task is not None:
            self._watch_task.cancel()
        self._spawn_task(self._stop_child(self._gen), f"stop:{self.model_id}")

    def _end_sleep(self) -> None:
        """Forget a sleep in progress (its task's late message is ignored by phase)."""
        if self._sleep_task is not None:
            self._sleep_task.cancel()
        self._sleep_phase, self._sleep_task = None, None

    def _answer_sleepers(self) -> None:
        """Once the model is neither asleep nor stopping, those who asked it to sleep hear
        that it was stopped instead (or died): its memory is free either way."""
        waiting, self._sleep_waiters = self._sleep_waiters, []
        if not waiting:
            return
        report = self._sleep_report or self._no_sleep(self._sleep_planned)
        report = dataclasses.replace(report, asleep=False)
        for fut in waiting:
            resolve(fut, report)
        self._sleep_report = None

    def _no_sleep(self, planned_bytes: int) -> SleepReport:
        return SleepReport(self.model_id, None, None, None, None, planned_bytes, asleep=False)
