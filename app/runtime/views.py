"""The read side: model rows, the engine and the endpoint as the GUI, the CLI and the
endpoint show them — one projection of a model (`row`), from which every other view of it
derives (the proxy's `ModelView`, the CLI's lines)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.core.contracts import ModelView
from app.core.memory.gpu import SystemInfo
from app.core.memory.memory import recommended_gpu_memory_utilization
from app.core.memory.memory_room import RamShare
from app.core.models.registry import ModelEntry, Registry
from app.core.problems.problems import Problem, ProblemError
from app.core.settings.settings import Settings
from app.core.states import USABLE_FILES, FileState, ProcessState, SnapshotState
from app.downloads.manager import DownloadManager
from app.runtime.api.snapshot import EngineView, HostRooms, ModelRow, ServerView, Snapshot
from app.runtime.control.controller import Controller
from app.runtime.control.engine_choice import choose_kind
from app.runtime.control.observed import Observed
from app.runtime.control.planning import Planner
from app.runtime.remotes.remotes import RemoteService
from app.runtime.services.engines import EngineService
from app.supervisor import Supervisor
from app.supervisor.protocol import ProcessInfo


class Views:
    """Builds immutable views from the runtime's parts; call on the runtime loop.

    `server_url` says where the endpoint runs (None: stopped); `problems` what went wrong
    reading the configuration or starting a part.
    """

    def __init__(
        self,
        *,
        settings: Settings,
        registry: Registry,
        planner: Planner,
        supervisor: Supervisor,
        downloads: DownloadManager,
        observed: Observed,
        engines: EngineService,
        controller: Controller,
        remotes: RemoteService,
        server_url: Callable[[], str | None],
        problems: Callable[[], tuple[Problem, ...]],
    ) -> None:
        self._settings = settings
        self._registry = registry
        self._planner = planner
        self._supervisor = supervisor
        self._downloads = downloads
        self._observed = observed
        self._engines = engines
        self._controller = controller
        self._remotes = remotes
        self._server_url = server_url
        self._problems = problems

    # -- models -----------------------------------------------------------------------------
    def rows(self) -> tuple[ModelRow, ...]:
        local = (self.row(entry.id) for entry in self._registry.models())
        return (*local, *self._remotes.model_rows())

    def local_rows(self) -> tuple[ModelRow, ...]:
        """This machine's models (the registry's), without the remote servers' ones."""
        return tuple(self.row(entry.id) for entry in self._registry.models())

    def row(self, model_id: str) -> ModelRow:
        """The one projection of a model's state: its entry, files, process and download."""
        entry = self._registry.get(model_id)
        files = self._planner.model_files(entry)
        info = self._supervisor.info(entry.id)
        download = None
        for view in self._downloads.views():
            if view.model_id == entry.id:
                download = view
        return ModelRow(
            id=entry.id,
            name=entry.name,
            source=entry.source,
            checkpoint=str(entry.checkpoint),
            # A model added from the hub has no catalog size: its partial download's total
            # keeps the Size column and "22 MiB of 1.8 GiB" after a restart (issue 32 item 5).
            size_gb=entry.size_gb if entry.size_gb is not None else _gb(files.expected_bytes),
            labels=entry.labels,
            experimental=entry.experimental,
            file_state=_file_state(entry.checkpoint.is_local, files.state),
            bytes_on_disk=files.bytes_on_disk,
            process=info.state if info is not None else ProcessState.STOPPED,
            ctx_size=self._planner.ctx_size(entry.id),
            download=download,
            progress=info.last_progress if info is not None else None,
            problem=(info.problem if info is not None else None)
            or files.problem
            or self._observed.download_problem(entry.id),
            metrics=self._observed.metrics_for(entry.id),
            failures=info.failures if info is not None else 0,
            restarts=info.restarts if info is not None else 0,
            next_retry_at=info.next_retry_at if info is not None else None,
            prewarming=entry.id in self._observed.prewarming,
            shares_files_with=self._registry.sharing(entry.id),
            **_sleep_words(info),
        )

    def model_views(self) -> Sequence[ModelView]:
        """The models as /v1/models and /v1/health list them, remote servers' included."""
        local = (self._model_view(entry) for entry in self._registry.models())
        return [*local, *self._remotes.model_views()]

    def find_model(self, model_id: str) -> ModelView | None:
        """The endpoint's lookup on every request: the registry names the model, and its
        view is read from its entry, its files and its process (not its whole row)."""
        if self._remotes.owns(model_id):
            return self._remotes.find_model(model_id)
        entry = self._registry.find(model_id)
        # Only the id the list shows is accepted, as the model list promises.
        if entry is None or entry.id != model_id:
            return None
        return self._model_view(entry)

    def _model_view(self, entry: ModelEntry) -> ModelView:
        """A local model as the endpoint lists it: the fields of its row the endpoint shows."""
        files = self._planner.model_files(entry)
        info = self._supervisor.info(entry.id)
        state = info.state if info is not None else ProcessState.STOPPED
        found = (info.problem if info is not None else None) or files.problem
        found = found or self._observed.download_problem(entry.id)
        progress = info.last_progress if info is not None else None
        return ModelView(
            id=entry.id,
            state=state,
            failures=info.failures if info is not None else 0,
            restarts=info.restarts if info is not None else 0,
            next_retry_at=info.next_retry_at if info is not None else None,
            problem=found.to_json() if found is not None else None,
            # What a load is at, for a client that waits on it (the proxy's keep-alive lines).
            load=progress.summary()
            if state is ProcessState.STARTING and progress is not None
            else None,
            downloaded=_file_state(entry.checkpoint.is_local, files.state) in USABLE_FILES,
            ctx_size=self._planner.ctx_size(entry.id),
            checkpoint=str(entry.checkpoint),
            size_gb=entry.size_gb if entry.size_gb is not None else _gb(files.expected_bytes),
            labels=entry.labels,
        )

    # -- the machine, the engine and the endpoint --------------------------------------------
    def system_info(self) -> SystemInfo:
        return self._planner.system_info()

    async def refresh_system(self) -> SystemInfo:
        """Read the machine afresh (memory in use changes) in a worker thread: nvidia-smi
        may take seconds."""
        return await asyncio.to_thread(self._planner.refresh_system)

    def host_rooms(self) -> HostRooms:
        """What models may take on each device now, none of this process's counted (its own
        models are others' to a command that runs none). Blocking (reads sysfs and
        /proc/meminfo): on the loop, call it in a worker thread."""
        memory = self._planner.memory
        return HostRooms(
            reserve=memory.reserve(),
            rooms=memory.rooms(memory.read(), ours={}),
            uses_gpu=self._planner.uses_gpu(),
        )

    def stats(self) -> Mapping[str, Any]:
        return {"models": self._controller.usage(), "metrics": self._observed.latest_metrics()}

    def problems(self) -> tuple[Problem, ...]:
        return self._problems()

    def engine(self) -> EngineView:
        selected = str(self._settings.get("engine.kind"))
        try:
            engine = self._planner.engine()
        except ProblemError as exc:
            return EngineView(
                kind=choose_kind(self._settings, self._planner.system_info()),
                selected=selected,
                installed=False,
                version=None,
                location=None,
                problem=exc.problem,
            )
        status = engine.status()
        return EngineView(
            kind=engine.kind,
            selected=selected,
            installed=status.installed,
            version=status.version,
            location=str(status.location) if status.location else None,
            problem=status.problem,
            installing=engine.kind in self._engines.installing,
            advice=self._engines.advice(engine, status.version) if status.installed else None,
        )

    def server(self, url: str | None = None) -> ServerView:
        url = url if url is not None else self._server_url()
        return ServerView(
            running=url is not None,
            url=url,
            problem=None if url is not None else self._observed.server_problem,
        )

    def snapshot(self) -> Snapshot:
        system = self._planner.system_info()
        gpu = system.primary
        recommended = None
        in_ram = None
        if not self._planner.uses_gpu():
            if system.ram_total:  # the CPU engine takes its share of RAM: what it can spare
                reserve = self._planner.memory.reserve()
                in_ram = RamShare(system.ram_available, reserve, system.ram_total)
                recommended = in_ram.utilization()
        elif gpu is not None and gpu.budget_total and gpu.budget_used is not None:
            recommended = recommended_gpu_memory_utilization(
                gpu.budget_total - gpu.budget_used, gpu.budget_total
            )
        return Snapshot(
            models=self.rows(),
            system=system,
            engine=self.engine(),
            server=self.server(),
            settings=self._settings.as_dict(),
            gpu_history=tuple(self._observed.gpu_history),
            recommended_gpu_memory_utilization=recommended,
            utilization_in_ram=in_ram,
            problems=self._problems(),
            memory_room=self._observed.memory_room,
        )


def _file_state(is_local: bool, state: SnapshotState) -> FileState:
    """Local folders are used in place: "local" when usable, "local_invalid" otherwise."""
    if not is_local:
        return state
    return "local" if state == "complete" else "local_invalid"


def _gb(n: int | None) -> float | None:
    return n / 1e9 if n else None


def _sleep_words(info: ProcessInfo | None) -> dict[str, Any]:
    """A sleeping model's sleep level and why it took it (the row's words)."""
    if info is None or info.state is not ProcessState.SLEEPING or info.sleep is None:
        return {}
    return {"sleep_level": info.sleep.level, "sleep_why": info.sleep.why}
