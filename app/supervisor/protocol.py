"""What a model's actor is told, what it answers, and how it is configured."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from app.core.contracts import LaunchSpec
from app.core.events import EventBus, LoadProgressed
from app.core.problems import Problem
from app.core.states import ProcessState


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
    failures: int = 0


@dataclass(frozen=True)
class ActorConfig:
    bus: EventBus
    logs_dir: Path
    state_dir: Path
    health_interval: float = 0.1
    running_health_interval: float = 5.0
    health_failures: int = 3
    health_timeout_s: float = 5.0
    stop_grace_s: float = 10.0
    orphan_grace_s: float = 3.0
    max_failures: int = 3
    backoff_s: float = 2.0
    backoff_max_s: float = 60.0
    stable_after_s: float = 60.0
    ports_in_use: Callable[[], set[int]] = field(default=set)


# ---- messages: callers send the first three, the actor's helper tasks the rest ------------


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


Msg = Start | Stop | Reset | Ready | LaunchFailed | Exited | Stopped | BackoffOver
