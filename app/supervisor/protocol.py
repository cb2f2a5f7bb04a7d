"""What a model's actor is told, what it answers, and how it is configured."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from app.core.contracts import LaunchSpec
from app.core.events import EventBus, LoadProgressed
from app.core.problems.problems import Problem
from app.core.states import ProcessState
from app.supervisor.child import SharedClient
from app.supervisor.loadtimes import LoadTimes
from app.supervisor.sleep import GpuUsed, SleepReport, SleepVerdicts
from app.supervisor.spare import SparePool


@dataclass(frozen=True)
class ProcessInfo:
    """A snapshot of one model's process, as the engine layer and the UI show it."""

    model_id: str
    state: ProcessState
    pid: int | None
    port: int | None
    base_url: str | None
    argv: tuple[str, ...]
    started_at: float | None
    problem: Problem | None
    last_progress: LoadProgressed | None
    kv_cache_tokens: int | None
    max_concurrency: float | None
    log_path: Path | None = None
    # Failed starts and crashes in a row (0 after a stop, a reset or a long good run).
    failures: int = 0
    # Starts that followed a failed start or a crash, since the model was last stopped.
    restarts: int = 0
    # Wall-clock time (time.time()) before which the next start will not begin: set while
    # BACKOFF/EXITED after repeated failures; the start itself happens on the next request.
    next_retry_at: float | None = None
    # The child's own key: its /v1 routes answer 401 without `Authorization: Bearer KEY`.
    api_key: str | None = field(default=None, repr=False)
    # While SLEEPING: what the sleep freed on each device (the model holds the rest).
    sleep: SleepReport | None = None


# Health checking of a RUNNING child: a hung one (SIGSTOP, a GPU hang) is caught within
# misses x (interval + timeout) = 2 x (2.0 + 2.5) = 9 s and killed.
RUNNING_HEALTH_INTERVAL_S = 2.0
HEALTH_TIMEOUT_S = 2.5
HEALTH_MISSES = 2


def hang_detection_bound_s(interval_s: float, timeout_s: float, misses: int) -> float:
    """Longest time from a child hanging to the supervisor noticing it."""
    return misses * (interval_s + timeout_s)


@dataclass(frozen=True)
class ActorConfig:
    bus: EventBus
    logs_dir: Path
    state_dir: Path
    health_interval: float = 0.1
    running_health_interval: float = RUNNING_HEALTH_INTERVAL_S
    health_failures: int = HEALTH_MISSES
    health_timeout_s: float = HEALTH_TIMEOUT_S
    stop_grace_s: float = 10.0
    orphan_grace_s: float = 3.0
    max_failures: int = 3
    backoff_s: float = 2.0
    backoff_max_s: float = 60.0
    stable_after_s: float = 60.0
    ports_in_use: Callable[[], set[int]] = field(default=set)
    # Give each child a fresh random VLLM_API_KEY (see childenv.py).
    child_api_keys: bool = False
    # How often a start that lost its port to another program is retried on a new port.
    port_retries: int = 3
    # How often the engine's processes are sampled for CPU use while a load is silent.
    stall_sample_s: float = 1.0
    load_times: LoadTimes | None = None
    http: SharedClient = field(default_factory=SharedClient)
    # What sleeps measured per engine build and GPU (docs/sleep-mode.md); None: never sleep.
    sleep_verdicts: SleepVerdicts | None = None
    # A GPU's used memory in bytes (blocking), for children whose sleep is judged by it.
    gpu_used: GpuUsed | None = None
    # Called after each message an actor handled (Supervisor.observe_turns). A list shared by
    # every actor and by copies of this config, so an observer added later sees them all.
    turn_observers: list[TurnObserver] = field(default_factory=list)
    # Engines kept ready for the next load (app.supervisor.spare); None: every load spawns.
    spares: SparePool | None = None


# ---- messages: callers send Start, Stop, Reset and Sleep; the actor's helper tasks the rest --


@dataclass
class Start:
    spec: LaunchSpec
    fut: asyncio.Future[ProcessInfo]


@dataclass
class Stop:
    fut: asyncio.Future[None]
    shutdown: bool = False


@dataclass
class Reset:
    fut: asyncio.Future[None]


@dataclass
class Ready:
    gen: int


@dataclass
class LaunchFailed:
    gen: int
    problem: Problem
    permanent: bool = False


@dataclass
class Exited:
    gen: int
    problem: Problem


@dataclass
class Stopped:
    gen: int


@dataclass
class BackoffOver:
    pass


@dataclass
class Sleep:
    """Put a RUNNING model to sleep (or stop it when sleeping frees too little)."""

    planned_bytes: int
    fut: asyncio.Future[SleepReport]


@dataclass
class Slept:
    gen: int
    report: SleepReport


@dataclass
class SleepFailed:
    gen: int
    problem: Problem


@dataclass
class Woke:
    gen: int


@dataclass
class WakeFailed:
    gen: int
    problem: Problem


Msg = (
    Start
    | Stop
    | Reset
    | Ready
    | LaunchFailed
    | Exited
    | Stopped
    | BackoffOver
    | Sleep
    | Slept
    | SleepFailed
    | Woke
    | WakeFailed
)


@dataclass(frozen=True)
class TurnDone:
    """One message an actor has handled, with the model's state after that turn: what a
    test waits on instead of sleeping until the actor has probably got to it."""

    model_id: str
    msg: Msg
    state: ProcessState


TurnObserver = Callable[[TurnDone], None]
