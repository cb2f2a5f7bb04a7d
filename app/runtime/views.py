"""The read side: model rows, the engine and the endpoint as the GUI and the CLI show them."""

from __future__ import annotations

from app.core.memory import recommended_gpu_memory_utilization
from app.core.problems import Problem, ProblemError
from app.core.registry import Registry
from app.core.settings import Settings
from app.core.states import FileState, ProcessState, SnapshotState
from app.downloads import DownloadManager
from app.runtime.api import EngineView, ModelRow, ServerView, Snapshot
from app.runtime.engine_choice import choose_kind
from app.runtime.observed import Observed
from app.runtime.planning import Planner
from app.runtime.services.engines import EngineService
from app.runtime.services.remotes import RemoteService
from app.supervisor import Supervisor


class Views:
    """Builds immutable views from the runtime's parts; call on the runtime loop."""

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
        remotes: RemoteService | None = None,
    ) -> None:
        self._settings = settings
        self._registry = registry
        self._planner = planner
        self._supervisor = supervisor
        self._downloads = downloads
        self._observed = observed
        self._engines = engines
        self._remotes = remotes

    def rows(self) -> tuple[ModelRow, ...]:
        local = (self.row(entry.id) for entry in self._registry.models())
        remote = self._remotes.model_rows() if self._remotes is not None else []
        return (*local, *remote)

    def row(self, model_id: str) -> ModelRow:
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
            size_gb=entry.size_gb,
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
        )

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

    def server(self, url: str | None) -> ServerView:
        return ServerView(
            running=url is not None,
            url=url,
            problem=None if url is not None else self._observed.server_problem,
        )

    def snapshot(self, server_url: str | None, problems: tuple[Problem, ...]) -> Snapshot:
        system = self._planner.system_info()
        gpu = system.primary
        recommended = None
        if gpu is not None and gpu.budget_total and gpu.budget_used is not None:
            recommended = recommended_gpu_memory_utilization(
                gpu.budget_total - gpu.budget_used, gpu.budget_total
            )
        return Snapshot(
            models=self.rows(),
            system=system,
            engine=self.engine(),
            server=self.server(server_url),
            settings=self._settings.as_dict(),
            gpu_history=tuple(self._observed.gpu_history),
            recommended_gpu_memory_utilization=recommended,
            problems=problems,
            memory_room=self._observed.memory_room,
        )


def _file_state(is_local: bool, state: SnapshotState) -> FileState:
    """Local folders are used in place: "local" when usable, "local_invalid" otherwise."""
    if not is_local:
        return state
    return "local" if state == "complete" else "local_invalid"
