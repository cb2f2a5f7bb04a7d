"""What the GUI may ask of the engine thread: the facade protocol and its snapshot types.

Every read that touches the engine's state and every command returns a
`concurrent.futures.Future` computed on the engine loop; the GUI awaits it in an async slot
(`await asyncio.wrap_future(...)`), so the GUI thread never reads engine-thread caches and
never waits on a keyring. The GUI subscribes to `bus`, then asks for `snapshot()`, and applies
the events that arrive meanwhile on top of it (they are idempotent), so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from app.core.advisories import EngineAdvice
from app.core.batch_jobs import BatchJobView
from app.core.contracts import Backend, DownloadView
from app.core.events import (
    EventBus,
    GpuSampled,
    LoadProgressed,
    MemoryRoomSampled,
    MetricsSampled,
)
from app.core.lemonade_plan import ImportPlan, ImportResult
from app.core.problems import Fix, Problem
from app.core.registry import ModelSource
from app.core.states import USABLE_FILES, FileState, ProcessState

if TYPE_CHECKING:
    from app.core.cluster import ClusterConfig
    from app.core.gpu import SystemInfo
    from app.core.registry import ModelOptions
    from app.core.remotes import RemoteView
    from app.runtime.cluster_views import ClusterReport, ClusterView
    from app.runtime.planning import OptionsPreview


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

    @property
    def downloaded(self) -> bool:
        return self.file_state in USABLE_FILES


@dataclass(frozen=True)
class EngineView:
    kind: str  # the engine in use: "rocm" | "cpu" | "custom"
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
    problems: tuple[Problem, ...] = ()  # start-up problems, e.g. a corrupt config moved aside
    memory_room: MemoryRoomSampled | None = None  # the host's RAM and each device's room now


class Facade(Protocol):
    bus: EventBus

    # reads (computed on the engine loop)
    def snapshot(self) -> Future[Snapshot]: ...
    def preview_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> Future[OptionsPreview]: ...
    def preview_model_options(
        self, model_id: str, options: ModelOptions
    ) -> Future[OptionsPreview]: ...  # every option, the GPU ones too
    def log_tail(self, model_id: str, n: int = 400) -> Future[list[str]]: ...
    def has_secret(self, name: str) -> Future[bool]: ...
    def log_path(self, model_id: str) -> str: ...  # a path built from the config dir only

    # commands (run on the engine thread)
    def load(self, model_id: str) -> Future[Backend]: ...
    def unload(self, model_id: str) -> Future[None]: ...
    def prewarm(self, model_id: str) -> Future[bool]: ...
    def cancel_prewarm(self, model_id: str) -> Future[bool]: ...
    def download(self, model_id: str) -> Future[str]: ...
    def cancel_download(self, download_id: str) -> Future[bool]: ...
    def delete_files(self, model_id: str) -> Future[int]: ...
    def add_user_model(
        self, name: str, checkpoint: str, labels: Sequence[str] = ()
    ) -> Future[ModelRow]: ...
    def remove_user_model(self, model_id: str) -> Future[None]: ...
    def set_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str, *, restart: bool = False
    ) -> Future[OptionsPreview]: ...
    def set_model_options(
        self, model_id: str, options: ModelOptions, *, restart: bool = False
    ) -> Future[OptionsPreview]: ...  # stores every option as given
    def reset_options(self, model_id: str) -> Future[None]: ...
    def set_settings(self, changes: Mapping[str, object]) -> Future[dict[str, Any]]: ...
    def set_secret(self, name: str, value: str | None) -> Future[None]: ...
    # issue 20.4: checks as the user types, before anything is saved
    def vllm_args_problem(self, model_id: str | None, vllm_args: str) -> Future[Problem | None]: ...
    def port_problem(self, host: str, port: int) -> Future[Problem | None]: ...
    def check_hf_token(self, token: str | None) -> Future[str]: ...
    def secrets_place(self) -> Future[tuple[str, str]]: ...  # (backend, fallback file)
    # issue 22: the Lemonade import (both disappear into submit() with issue 19.1)
    def lemonade_plan(self) -> Future[ImportPlan]: ...
    def import_lemonade(self, plan: ImportPlan) -> Future[ImportResult]: ...
    def apply_fix(self, model_id: str, fix: Fix, *, retry: bool = True) -> Future[None]: ...
    def reset_model(self, model_id: str) -> Future[None]: ...
    def start_server(self) -> Future[ServerView]: ...
    def stop_server(self) -> Future[ServerView]: ...
    def install_engine(self, kind: str) -> Future[EngineView]: ...
    def use_custom_engine(self, command: str) -> Future[EngineView]: ...
    # fire and forget
    def watch_metrics(self, watching: bool) -> None: ...
    def shutdown(self) -> None: ...

    # cluster: one model across machines (docs/multi-machine.md)
    def cluster_view(self) -> Future[ClusterView]: ...
    def cluster_configure(
        self, config: ClusterConfig, *, renew_token: bool = False
    ) -> Future[ClusterView]: ...
    def cluster_check(self) -> Future[ClusterReport]: ...
    def cluster_start(self) -> Future[ClusterView]: ...
    def cluster_stop(self) -> Future[ClusterView]: ...

    # -- batch jobs (issue 12) ----------------------------------------------------------------
    # Progress arrives as app.core.batch_jobs.BatchJobChanged events on `bus`.
    def batch_jobs(self) -> Future[list[BatchJobView]]: ...
    def pause_batch(self, batch_id: str) -> Future[BatchJobView]: ...
    def resume_batch(self, batch_id: str) -> Future[BatchJobView]: ...
    def cancel_batch(self, batch_id: str) -> Future[BatchJobView]: ...

    # -- remote vLLM servers behind the endpoint (docs/multi-machine.md) ----------------------
    # Their models are rows of the snapshot (source "remote"); changes arrive as
    # app.core.events.RemotesChanged on `bus`.
    def remotes(self) -> Future[list[RemoteView]]: ...
    def add_remote(
        self,
        name: str,
        url: str,
        *,
        api_key: str | None = None,
        api_key_env: str | None = None,
        force: bool = False,
    ) -> Future[RemoteView]: ...
    def remove_remote(self, name: str) -> Future[None]: ...
    def check_remote(self, name: str) -> Future[RemoteView]: ...
