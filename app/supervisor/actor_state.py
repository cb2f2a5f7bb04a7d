"""What a model's actor knows and what it can be made to do: its state, its effects.

`ActorState` is everything the actor decides by (the process state and the books it keeps
on it), as one immutable value; an `Effect` is one thing the actor's loop does once a
transition (transitions.py) has decided it: publish a state change, answer a caller, spawn
or stop a child, arm a timer. The transitions never do any of these themselves.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from enum import Enum
from typing import Any

from app.core.contracts import LaunchSpec
from app.core.problems.problems import Problem
from app.core.states import ProcessState
from app.supervisor.protocol import ActorConfig, Msg, ProcessInfo, Sleep
from app.supervisor.sleep import SleepReport

S = ProcessState


class SleepPhase(Enum):
    """Where a SLEEPING model is: the sleep call and its measurement run, asleep, or waking."""

    FALLING = "falling asleep"
    ASLEEP = "asleep"
    WAKING = "waking"


# Someone waiting for a stop to finish, and what they are answered with when it has.
StopWaiter = tuple["asyncio.Future[Any]", Any]


@dataclass(frozen=True)
class ActorState:
    """One model's process state and the books the actor keeps on it.

    Callers are held as their futures, in the order they asked: the transitions only move
    them between lists and name them in effects; the loop answers them.
    """

    model_id: str
    state: ProcessState = S.STOPPED
    problem: Problem | None = None  # why it is BACKOFF, EXITED or FATAL
    gen: int = 0  # the current child's generation: messages of older ones are dropped
    spec: LaunchSpec | None = None  # what the current (or last) child was started with
    pending: LaunchSpec | None = None  # what to start once the way is clear
    # Callers waiting for the start in progress; those of a start a stop aborted; those
    # waiting for a stop.
    waiters: tuple[asyncio.Future[ProcessInfo], ...] = ()
    aborted: tuple[asyncio.Future[ProcessInfo], ...] = ()
    stop_waiters: tuple[StopWaiter, ...] = ()
    failures: int = 0  # failed starts and crashes in a row
    restarts: int = 0  # starts after a failure, since the last stop or reset
    failed_spec: LaunchSpec | None = None
    not_before: float = 0.0  # loop time before which no new start begins
    timer: bool = False  # a back-off timer is armed (it posts BackoffOver)
    shutting_down: bool = False
    ready_at: float | None = None  # loop time the child became ready
    # The sleeping side (transitions_sleep.py): the phase while SLEEPING, the last sleep's report,
    # the bytes it was planned to hold, callers waiting for a sleep, sleeps asked while
    # it was waking.
    sleep_phase: SleepPhase | None = None
    sleep_report: SleepReport | None = None
    sleep_planned: int = 0
    sleep_waiters: tuple[asyncio.Future[SleepReport], ...] = ()
    after_wake: tuple[Sleep, ...] = ()


@dataclass(frozen=True)
class Policy:
    """The numbers the transitions decide by (from ActorConfig)."""

    max_failures: int = 3
    backoff_s: float = 2.0
    backoff_max_s: float = 60.0
    stable_after_s: float = 60.0

    @classmethod
    def of(cls, cfg: ActorConfig) -> Policy:
        return cls(cfg.max_failures, cfg.backoff_s, cfg.backoff_max_s, cfg.stable_after_s)


@dataclass(frozen=True)
class Context:
    """What a transition reads besides the state and the message: the loop's clock, the
    policy, and whether the sleep verdicts allow a sleep of the current child's build."""

    now: float
    policy: Policy = Policy()
    sleep_allowed: bool = False


# ---- effects: what the loop does, in the order a transition lists them ---------------------


@dataclass(frozen=True)
class Announce:
    """Publish ProcessStateChanged (the loop adds the child's pid and port)."""

    old: ProcessState
    new: ProcessState
    problem: Problem | None
    user: bool


@dataclass(frozen=True)
class Resolve:
    futures: tuple[asyncio.Future[Any], ...]
    value: Any


@dataclass(frozen=True)
class ResolveInfo:
    """Answer these callers with the model's ProcessInfo as it is now."""

    futures: tuple[asyncio.Future[ProcessInfo], ...]


@dataclass(frozen=True)
class Reject:
    futures: tuple[asyncio.Future[Any], ...]
    problem: Problem


@dataclass(frozen=True)
class ArmTimer:
    """Post BackoffOver after `delay` seconds."""

    delay: float


@dataclass(frozen=True)
class CancelTimer:
    pass


@dataclass(frozen=True)
class NewChild:
    """Prepare generation `gen`'s child of `spec`: its runner, its load report, an empty
    output, a fresh abort signal."""

    gen: int
    spec: LaunchSpec


@dataclass(frozen=True)
class Launch:
    """Spawn the new child and wait for it (a helper task posts Ready or LaunchFailed)."""


@dataclass(frozen=True)
class ChildReady:
    """The child answered /health: note its engine's pid and how long the load took."""


@dataclass(frozen=True)
class Watch:
    """Health-check the running child (a helper task posts Exited)."""


@dataclass(frozen=True)
class StopChild:
    """Abort a start in progress and stop generation `gen`'s child (posts Stopped)."""

    gen: int


@dataclass(frozen=True)
class ForgetChild:
    """The child is gone: drop its helper tasks."""


@dataclass(frozen=True)
class EndSleep:
    """Cancel a sleep or a wake in progress (its late message is ignored by phase)."""


@dataclass(frozen=True)
class FallAsleep:
    """Put the child to sleep and measure (posts Slept or SleepFailed)."""

    planned_bytes: int


@dataclass(frozen=True)
class Wake:
    """Wake the child from a sleep at `level` (posts Woke or WakeFailed)."""

    level: int


@dataclass(frozen=True)
class Repost:
    """Put messages back in the inbox, to be handled after this one."""

    messages: tuple[Msg, ...]


@dataclass(frozen=True)
class Log:
    level: int
    message: str
    args: tuple[object, ...] = ()


Effect = (
    Announce
    | Resolve
    | ResolveInfo
    | Reject
    | ArmTimer
    | CancelTimer
    | NewChild
    | Launch
    | ChildReady
    | Watch
    | StopChild
    | ForgetChild
    | EndSleep
    | FallAsleep
    | Wake
    | Repost
    | Log
)
