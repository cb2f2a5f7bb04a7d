"""Immutable events published by the runtime thread, and the thread-safe bus that carries them."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from app.core.bench.load_bench import LoadRun, RunKind
from app.core.bench.tuning import BenchPoint, SearchPhase
from app.core.memory.memory_room import DeviceRoom
from app.core.problems.problems import Problem
from app.core.states import DownloadStatus, LoadPhase, ProcessState

log = logging.getLogger(__name__)


def _now() -> float:
    return time.time()


@dataclass(frozen=True)
class Event:
    """Base of every event; `ts` is wall-clock seconds (keyword-only, so each event's own
    fields keep their positions)."""

    ts: float = field(default_factory=_now, kw_only=True)


@dataclass(frozen=True)
class ProcessStateChanged(Event):
    model_id: str
    old: ProcessState
    new: ProcessState
    pid: int | None = None
    port: int | None = None
    problem: Problem | None = None
    user_initiated: bool = False


@dataclass(frozen=True)
class LoadProgressed(Event):
    """A load moved on. `fraction` is the overall 0..1 bar; `phase_fraction` the phase's own."""

    model_id: str
    phase: LoadPhase
    fraction: float
    phase_fraction: float | None = None
    detail: str = ""
    shard: tuple[int, int] | None = None
    kv_cache_tokens: int | None = None
    max_concurrency: float | None = None
    # k/n of the phase's step bar (GPU graph capture passes), when the line drew one.
    step: tuple[int, int] | None = None
    # Seconds since the child was spawned, and what earlier loads of this model on this
    # engine took: the expected total for this load, the last cold load (vLLM compiled
    # afresh) and the last warm one (compile cache hit); None where nothing is known.
    elapsed_s: float | None = None
    expected_s: float | None = None
    last_cold_s: float | None = None
    last_warm_s: float | None = None
    last_swap_s: float | None = None
    # A swap back: the app put this model aside to make room for another, and it comes back
    # (app.supervisor.loadtimes); its estimate is what earlier swap backs took.
    swap_back: bool = False
    # Whether this load is cold (vLLM compiles what its cache does not hold) or warm: what
    # the log said once it said it, before that what the compile cache's folder suggests;
    # None: nothing known (an engine whose caches the app does not keep).
    cold: bool | None = None

    def summary(self) -> dict[str, object]:
        """How far the load is, as /v1/health shows it."""
        return {
            "phase": self.phase.value,
            "fraction": round(self.fraction, 3),
            "detail": self.detail,
            "elapsed_s": None if self.elapsed_s is None else round(self.elapsed_s, 1),
            "expected_s": None if self.expected_s is None else round(self.expected_s, 1),
        }


@dataclass(frozen=True)
class LoadTimed(Event):
    """A load reached /health 200: how long it took and each step of it, in seconds.

    `steps` are (step, seconds) in the order the steps first came (app.supervisor.load_phases:
    process, weights, compile, kv_cache, server, readiness), adding up to `total_s`, which
    runs from the spawn (wall clock `started_ts`) to /health 200 as the app saw it.
    """

    model_id: str
    total_s: float
    steps: tuple[tuple[str, float], ...]
    cold: bool
    started_ts: float


# A load benchmark's steps (app.runtime.bench.load_bench): emptying the compile caches
# before a cold run, loading, the first token, unloading between runs, vLLM's own
# `vllm bench startup`, and the end.
LoadBenchPhase = Literal[
    "emptying", "loading", "first_token", "unloading", "direct", "done", "failed", "cancelled"
]


@dataclass(frozen=True)
class LoadBenchProgressed(Event):
    """A load benchmark moved on; `runs` are the runs finished so far."""

    model_id: str
    phase: LoadBenchPhase
    kind: RunKind | None = None  # the run in progress
    runs: tuple[LoadRun, ...] = ()
    problem: Problem | None = None


# How a pre-warm (a start and stop after a download, app.runtime.services.prewarm) went.
PrewarmOutcome = Literal["started", "done", "cancelled", "failed", "skipped"]


@dataclass(frozen=True)
class PrewarmChanged(Event):
    """A pre-warm of a model started (`active`) or ended, and how; `problem` says why one
    failed or was skipped."""

    model_id: str
    active: bool
    outcome: PrewarmOutcome
    problem: Problem | None = None


@dataclass(frozen=True)
class LogLineEmitted(Event):
    model_id: str
    line: str


@dataclass(frozen=True)
class MetricsSampled(Event):
    model_id: str
    kv_cache_usage: float | None  # 0..1
    requests_running: int | None
    requests_waiting: int | None
    generation_tokens_per_s: float | None


@dataclass(frozen=True)
class GpuSampled(Event):
    """One VRAM/GTT reading of GPU `index` (its position in SystemInfo.gpus; bytes, None
    where unknown)."""

    vram_used: int | None
    vram_total: int | None
    gtt_used: int | None
    gtt_total: int | None
    index: int = 0


@dataclass(frozen=True)
class MemoryRoomSampled(Event):
    """The host's RAM now and the room the app's models have on each device
    (app.core.memory.memory_room), read with the GPUs' samples."""

    ram_total: int | None
    ram_available: int | None
    reserve: int
    rooms: tuple[DeviceRoom, ...] = ()

    def room(self, device: str) -> DeviceRoom | None:
        return next((r for r in self.rooms if r.device == device), None)


@dataclass(frozen=True)
class DownloadProgressed(Event):
    download_id: str
    model_id: str
    done: int
    total: int
    file: str = ""
    file_done: int = 0
    file_total: int = 0
    speed_bps: float | None = None
    eta_s: float | None = None
    stalled: bool = False  # no byte arrived for a few seconds: speed_bps is 0 then


@dataclass(frozen=True)
class DownloadFinished(Event):
    """`status` is one of DOWNLOAD_ENDED (FAILED: `problem` says why)."""

    download_id: str
    model_id: str
    status: DownloadStatus
    problem: Problem | None = None


@dataclass(frozen=True)
class EngineInstallProgressed(Event):
    kind: str
    phase: str
    done: int
    total: int | None
    message: str = ""
    finished: bool = False
    problem: Problem | None = None


@dataclass(frozen=True)
class EngineVersionRead(Event):
    """The vLLM version of the user's own engine was read (None: it could not be); views ask
    for the engine again (its advisories depend on it)."""

    kind: str
    version: str | None


@dataclass(frozen=True)
class AdvisoriesUpdated(Event):
    """A newer list of vLLM advisories came from osv.dev; views ask for the engine again."""

    taken: str
    count: int


@dataclass(frozen=True)
class ServerStateChanged(Event):
    """The local OpenAI-compatible endpoint started or stopped (or failed to start)."""

    running: bool
    url: str | None = None
    problem: Problem | None = None


@dataclass(frozen=True)
class RegistryChanged(Event):
    """Models were added/removed or their options changed; views re-read the registry."""

    model_id: str | None = None


@dataclass(frozen=True)
class RemotesChanged(Event):
    """A remote server was added or removed, or what it answers changed (reachable or not,
    its models and their states); views ask for the remotes again."""

    name: str | None = None


@dataclass(frozen=True)
class SettingChanged(Event):
    key: str
    value: object


# -- benchmarks and the max-num-seqs tune (app.runtime.bench.bench / .tune) -------------


BenchPhase = Literal["loading", "measuring", "done", "failed", "cancelled"]
# The tune's own steps around the knee search's (SearchPhase), in the order they come.
TunePhase = (
    Literal["starting", "before"]
    | SearchPhase
    | Literal["confirm", "restoring", "failed", "cancelled"]
)


@dataclass(frozen=True)
class BenchProgressed(Event):
    """A benchmark moved on. `points` are the figures so far (sequential first);
    `concurrency` the run in progress."""

    model_id: str
    phase: BenchPhase
    points: tuple[BenchPoint, ...] = ()
    concurrency: int | None = None
    problem: Problem | None = None


@dataclass(frozen=True)
class TuneProgressed(Event):
    """The max-num-seqs tune moved on.

    `phase`: "starting" (an engine start with `max_num_seqs` as its limit), "before" (the
    model's current limit), "sweep", "objective", "peak", "knee" (probing client concurrency
    on the first start), "confirm"
    (a restart with a candidate value), "restoring", then "done", "failed" or "cancelled".
    `start` counts engine starts (at most `max_starts`); `points` is the curve measured on
    the current start; `chosen` the proposed value once known.
    """

    model_id: str
    phase: TunePhase
    start: int
    max_starts: int
    max_num_seqs: int | None = None
    concurrency: int | None = None
    points: tuple[BenchPoint, ...] = ()
    chosen: int | None = None
    problem: Problem | None = None


Subscriber = Callable[[Event], None]


class EventBus:
    """Publish/subscribe across threads.

    Subscribers run synchronously in the publisher's thread, so they must be quick and must
    not block: the GUI bridge only re-emits a Qt signal (queued to the GUI thread), async
    consumers put the event into their own loop with `call_soon_threadsafe`.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: tuple[Subscriber, ...] = ()

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        with self._lock:
            self._subscribers = (*self._subscribers, subscriber)

        def unsubscribe() -> None:
            with self._lock:
                self._subscribers = tuple(s for s in self._subscribers if s is not subscriber)

        return unsubscribe

    def publish(self, event: Event) -> None:
        # Copy-on-write tuple: publishing never holds the lock while calling out.
        for subscriber in self._subscribers:
            try:
                subscriber(event)
            except Exception:
                log.exception("event subscriber failed on %s", type(event).__name__)
