"""What the application API answers with: model rows, the snapshot, option previews.

Immutable values built on the runtime loop (app.runtime.views, the services) and read by
the GUI and the CLI; the services themselves are app.runtime.api.services.Services.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from app.core.contracts import DownloadView
from app.core.engines.advisories import EngineAdvice
from app.core.events import GpuSampled, LoadProgressed, MemoryRoomSampled, MetricsSampled
from app.core.memory.memory import MemoryPlan
from app.core.memory.memory_room import DeviceRoom, RamShare
from app.core.models.optimize import Optimize
from app.core.models.registry import ModelSource
from app.core.models.vllm_args import ArgLayer
from app.core.problems.problems import Problem
from app.core.states import USABLE_FILES, EngineKind, FileState, ProcessState

if TYPE_CHECKING:
    from app.core.memory.gpu import SystemInfo


@dataclass(frozen=True)
class ModelRow:
    """One row of the model table."""

    id: str
    name: str
    source: ModelSource | Literal["remote"]  # "remote": a remote server's model
    checkpoint: str
    size_gb: float | None
    labels: tuple[str, ...]
    experimental: bool
    file_state: FileState
    bytes_on_disk: int
    process: ProcessState
    ctx_size: int
    download: DownloadView | None = None
    progress: LoadProgressed | None = None
    problem: Problem | None = None
    metrics: MetricsSampled | None = None
    # Crash loops made visible (issue 11), as app.supervisor's ProcessInfo counts them:
    # failed starts and crashes in a row, starts after a failure since the last stop or
    # reset, and the wall-clock time before which the next start will not begin.
    failures: int = 0
    restarts: int = 0
    next_retry_at: float | None = None
    # A remote server's model (source "remote", file_state "remote"): the remote's name, the
    # model's state there, and whether the remote answers. `process` stays STOPPED: nothing
    # of it runs on this machine, and nothing here loads, unloads or downloads it.
    remote: str | None = None
    remote_state: ProcessState | None = None
    reachable: bool = True
    # Being started and stopped in the background after its download, so that its first
    # Load is warm (app.runtime.services.prewarm): its load shows as a pre-warm.
    prewarming: bool = False
    # The other models whose downloaded files these are too (the same repository): Delete
    # names them (issue 32 item 3).
    shares_files_with: tuple[str, ...] = ()
    # Asleep: the level its sleep took and why ("parked", "shared", "ram_short";
    # app.supervisor.sleep.SleepWhy), which the row says in words.
    sleep_level: int | None = None
    sleep_why: str | None = None

    @property
    def downloaded(self) -> bool:
        return self.file_state in USABLE_FILES


@dataclass(frozen=True)
class EngineView:
    kind: EngineKind  # the engine in use
    selected: str  # the setting: "auto" | "rocm" | "cpu" | "custom"
    installed: bool
    version: str | None
    location: str | None
    problem: Problem | None = None
    installing: bool = False
    # The vLLM release it runs and the advisories that apply (None: not installed).
    advice: EngineAdvice | None = None


@dataclass(frozen=True)
class ServerView:
    running: bool
    url: str | None
    problem: Problem | None = None


@dataclass(frozen=True)
class Snapshot:
    models: tuple[ModelRow, ...]
    system: SystemInfo
    engine: EngineView
    server: ServerView
    settings: Mapping[str, Any]
    gpu_history: tuple[GpuSampled, ...] = ()
    recommended_gpu_memory_utilization: float | None = None
    # Set when models run in RAM (the CPU engine): the recommendation is a share of it.
    utilization_in_ram: RamShare | None = None
    problems: tuple[Problem, ...] = ()  # start-up problems, e.g. a corrupt config moved aside
    memory_room: MemoryRoomSampled | None = None  # the host's RAM and each device's room now


@dataclass(frozen=True)
class HostRooms:
    """What models may take now (`system-info`): each budgeted device's room, the RAM kept
    for the host, and whether models run on GPUs (else the RAM's room is theirs)."""

    reserve: int
    rooms: Mapping[str, DeviceRoom]
    uses_gpu: bool


@dataclass(frozen=True)
class OptionsPreview:
    """The effect of a model's options, computed without saving anything.

    `problem` is set when the input would be rejected, and `problem_field` names the option
    it is about ("ctx_size", "vllm_args", "tensor_parallel_size", "pipeline_parallel_size",
    "gpus"). `tensor_parallel_size`, `pipeline_parallel_size` and `gpus` are the options as
    asked (None: the default; `gpus` None: the app chooses); `effective_gpus` the GPUs the
    model would run on, as positions in `Snapshot.system.gpus` (empty: none, it runs in RAM);
    `planned` the bytes a start would reserve on each device ("gpu0", "gpu1", …, "ram").
    """

    model_id: str
    ctx_size: int
    vllm_args: str
    problem: Problem | None  # set when the input would be rejected (nothing is saved then)
    command: tuple[str, ...] = ()  # the effective command line (port shown as a placeholder)
    layers: tuple[ArgLayer, ...] = ()
    memory: MemoryPlan | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)
    ctx_is_default: bool = False  # no ctx_size of its own: follows the global default
    tensor_parallel_size: int | None = None
    pipeline_parallel_size: int | None = None
    gpus: tuple[int, ...] | None = None
    effective_gpus: tuple[int, ...] = ()
    planned: Mapping[str, int] = field(default_factory=dict)
    problem_field: str | None = None
    optimize: Optimize | None = None  # the "start fast / serve fast" option as asked
    # The room the app's models have now on each device in `planned` (app.core.memory.memory_room):
    # what other programs leave, and on an APU or in RAM what the host can give.
    rooms: Mapping[str, DeviceRoom] = field(default_factory=dict)
    # While the model runs: the command line its child was started with, shown as `command`
    # is (None: it does not run). Options changed since apply at its next load.
    running_command: tuple[str, ...] | None = None
