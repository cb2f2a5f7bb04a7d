"""A model actor's sleeping transitions, pure: RUNNING → SLEEPING → RUNNING (wake) | STOPPING.

Rows of the same table as transitions.py, on the same `Turn`. While SLEEPING the model is in
one of three phases: falling asleep (the sleep call and the measurement run in a helper
task), asleep, or waking. A sleep that freed too little, or failed, becomes a plain stop; so
does a failed wake, after which the model is started afresh for whoever waits.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging

from app.core.contracts import LaunchSpec
from app.core.states import ProcessState
from app.supervisor.actor_state import FallAsleep, Repost, SleepPhase, Wake
from app.supervisor.protocol import ProcessInfo, Sleep, SleepFailed, Slept, WakeFailed, Woke
from app.supervisor.turn import Turn, no_sleep

S = ProcessState


def on_sleep(t: Turn, msg: Sleep) -> None:
    s = t.s
    if s.state is S.SLEEPING:
        if s.sleep_phase is SleepPhase.ASLEEP and s.sleep_report is not None:
            t.answer((msg.fut,), s.sleep_report)
        elif s.sleep_phase is SleepPhase.WAKING:
            t.set(after_wake=(*s.after_wake, msg))  # asleep again once awake
        else:
            t.set(sleep_waiters=(*s.sleep_waiters, msg.fut))
        return
    t.set(sleep_planned=msg.planned_bytes)
    if s.state is not S.RUNNING or not t.ctx.sleep_allowed:
        # Not running, or sleeping is known to free nothing here: a plain stop frees it.
        t.stop((msg.fut, no_sleep(s.model_id, msg.planned_bytes)))
        return
    t.set(
        sleep_waiters=(*s.sleep_waiters, msg.fut),
        sleep_phase=SleepPhase.FALLING,
        sleep_report=None,
    )
    t.move(S.SLEEPING, user=True)
    t.do(FallAsleep(msg.planned_bytes))


def on_slept(t: Turn, msg: Slept) -> None:
    report = msg.report  # the runner already remembered its verdict
    spec = t.s.spec
    assert spec is not None and spec.sleep is not None
    if report.freed:
        t.log(
            logging.INFO,
            "%s: asleep at level %s; freed %.2f GB (%s)",
            report.level,
            report.freed_bytes / 1e9,
            report.gauge,
        )
        t.answer(t.s.sleep_waiters, report)
        t.set(sleep_phase=SleepPhase.ASLEEP, sleep_report=report, sleep_waiters=())
        if t.s.waiters:
            _begin_wake(t)  # someone asked for it while it fell asleep
        return
    t.log(
        logging.WARNING,
        "%s: the sleep answered HTTP %s but freed only %.2f of %.2f GB (%s); stopping it "
        "instead. Models on %s are unloaded rather than slept from now on.",
        report.answered,
        report.freed_bytes / 1e9,
        report.planned_bytes / 1e9,
        report.gauge,
        spec.sleep.verdict_key,
    )
    t.set(sleep_report=dataclasses.replace(report, asleep=False))
    t.stop_from_sleep(spec)


def on_sleep_failed(t: Turn, msg: SleepFailed) -> None:
    t.log(logging.WARNING, "%s: %s; stopping it instead", msg.problem.english())
    t.set(sleep_report=None)
    t.stop_from_sleep(t.s.spec)


def on_woke(t: Turn, msg: Woke) -> None:
    t.end_sleep()
    t.set(sleep_report=None)
    t.move(S.RUNNING)
    again = t.s.after_wake
    t.set(after_wake=())
    if again:
        t.do(Repost(again))


def on_wake_failed(t: Turn, msg: WakeFailed) -> None:
    t.log(logging.WARNING, "%s: %s", msg.problem.english())
    # Whoever waits for it gets a fresh start of the same spec.
    t.stop_from_sleep(t.s.spec)


def start_while_sleeping(t: Turn, spec: LaunchSpec, fut: asyncio.Future[ProcessInfo]) -> None:
    """A start asked of a sleeping model: wake it, or restart it with a changed spec."""
    t.set(waiters=(*t.s.waiters, fut))
    if spec != t.s.spec:
        t.log(logging.INFO, "%s: options changed while it slept; starting it afresh")
        t.stop_from_sleep(spec)
    elif t.s.sleep_phase is SleepPhase.ASLEEP:
        _begin_wake(t)
    # falling asleep: woken once asleep (on_slept); waking: it joins that wake


def _begin_wake(t: Turn) -> None:
    report = t.s.sleep_report
    assert report is not None and report.level is not None
    t.log(logging.INFO, "%s: waking it (level %d sleep)", report.level)
    t.set(sleep_phase=SleepPhase.WAKING)
    t.do(Wake(report.level))
