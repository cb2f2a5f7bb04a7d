"""The runtime's parts and services, each built the first time something asks for it.

A command that only reads a setting builds the settings and the config service, nothing
else: no directory, no supervisor, no HTTP client. `Runtime.start` builds every part (those
that follow the event bus must be there before anything runs). Private to app.runtime:
front-ends see the services only, through app.runtime.api.services.Services.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from app.core.events import EventBus, SettingChanged
from app.core.memory.meminfo import default_meminfo_path, default_sysfs_root
from app.core.models.registry import Registry
from app.core.paths import AppPaths
from app.core.problems.problems import Problem
from app.core.settings.settings import Settings
from app.runtime.api.services import Services
from app.runtime.composition.endpoint_settings import EndpointSecurity
from app.runtime.secrets import SecretStore
from app.runtime.services.config import ConfigService, Secrets

if TYPE_CHECKING:  # built on first use, so a quick command imports only what it uses
    from app.downloads.manager import DownloadManager
    from app.runtime.batch.batch import BatchService
    from app.runtime.bench.bench import BenchService
    from app.runtime.bench.load_bench import LoadBenchService
    from app.runtime.bench.tune import TuneService
    from app.runtime.chat.chat import ChatService
    from app.runtime.cluster.cluster import ClusterService
    from app.runtime.control.controller import Controller
    from app.runtime.control.observed import Observed
    from app.runtime.control.planning import Planner
    from app.runtime.control.suspend import LogindSleepWatcher
    from app.runtime.control.watcher import ConfigWatcher
    from app.runtime.lemonade.lemonade_import import LemonadeImportService
    from app.runtime.remotes.remotes import RemoteService
    from app.runtime.search.search import SearchService
    from app.runtime.services.endpoint import EndpointService
    from app.runtime.services.engines import EngineService
    from app.runtime.services.models import ModelService
    from app.runtime.services.power import PowerService
    from app.runtime.services.prewarm import PrewarmService
    from app.runtime.views import Views
    from app.supervisor import Supervisor
    from app.supervisor.sleep import SleepVerdicts

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RuntimeOptions:
    """Knobs for tests and the CLI; defaults are what users get."""

    sysfs_root: Path = field(default_factory=default_sysfs_root)
    meminfo_path: Path = field(default_factory=default_meminfo_path)
    hf_endpoint: str | None = None
    sample_gpu: bool = True
    proxy_host: str | None = None
    proxy_port: int | None = None
    batch_jobs: bool = True  # run /v1/batches jobs (off for `vllm-tray batch run`'s own runtime)


class Parts:
    """Every part and service of one runtime, built on first use (cached_property).

    Implements app.runtime.api.services.ServiceSource: `Services.over(parts)` is the API.
    The parts are built in the order written here, each after what it follows.
    """

    def __init__(self, paths: AppPaths, options: RuntimeOptions, bus: EventBus) -> None:
        self.paths = paths
        self.options = options
        self.bus = bus
        self.startup_problems: list[Problem] = []
        self.services = Services.over(self)

    def build_all(self) -> None:
        """Build what is not built yet: the parts that follow the bus (the observed caches,
        the cluster) must be there before anything runs."""
        for name in _BUILD_ORDER:
            getattr(self, name)

    def built(self, name: str) -> bool:
        return name in vars(self)

    # -- configuration ----------------------------------------------------------------------
    @cached_property
    def settings(self) -> Settings:
        settings = Settings(self.paths.settings_file)
        settings.subscribe(self._on_setting_changed)
        return settings

    @cached_property
    def registry(self) -> Registry:
        return Registry(self.paths)

    @cached_property
    def secret_store(self) -> SecretStore:
        return SecretStore(self.paths.secrets_file)

    @cached_property
    def secrets(self) -> Secrets:
        return Secrets(self.secret_store)

    @cached_property
    def security(self) -> EndpointSecurity:
        return EndpointSecurity(
            self.settings, self.secrets, lambda: self.endpoint if self.built("endpoint") else None
        )

    @cached_property
    def config_watcher(self) -> ConfigWatcher:
        # Edits by `vllm-tray config/options/pull/remote/set-secret` or by hand take effect
        # while running: the one poller of every file other processes change.
        from app.runtime.control.watcher import ConfigWatcher

        return ConfigWatcher(
            self.settings,
            self.registry,
            self.bus,
            checks=(
                (self.paths.remotes_file.name, self.remotes.poll_file),
                (self.paths.secrets_file.name, self.security.reload_secrets),
            ),
            folder=self.paths.config_dir,
        )

    # -- the parts that run models ----------------------------------------------------------
    @cached_property
    def sleep_verdicts(self) -> SleepVerdicts:
        # What sleeps measured per engine and GPU: the planner starts children without sleep
        # mode where it freed nothing, the supervisor records each new measurement.
        from app.supervisor.sleep import SleepVerdicts

        return SleepVerdicts(self.paths.state_dir)

    @cached_property
    def planner(self) -> Planner:
        from app.runtime.control.planning import Planner

        planner = Planner(
            self.paths,
            self.settings,
            self.registry,
            sysfs_root=self.options.sysfs_root,
            meminfo_path=self.options.meminfo_path,
            sleep_verdicts=self.sleep_verdicts,
        )
        # What the app's own children hold is not others' use (the controller, when built).
        planner.memory.held = lambda: self.controller.held_by_device()  # noqa: PLW0108
        return planner

    @cached_property
    def supervisor(self) -> Supervisor:
        # Each child gets its own random key, which only the relay sends (issue 11).
        from app.supervisor import Supervisor
        from app.supervisor.spare import cpu_spares

        return Supervisor(
            self.bus,
            self.paths.logs_dir,
            self.paths.state_dir,
            child_api_keys=True,
            sleep_verdicts=self.sleep_verdicts,
            gpu_used=self._gpu_used_bytes,
            spares=cpu_spares(self.paths, self.settings),
        )

    @cached_property
    def downloads(self) -> DownloadManager:
        from app.downloads.manager import DownloadManager

        return DownloadManager(
            self.bus,
            self.paths.hf_hub_cache,
            token_provider=self._hf_token,
            endpoint=self.options.hf_endpoint,
        )

    @cached_property
    def observed(self) -> Observed:
        from app.runtime.control.observed import Observed

        return Observed(self.bus, self.planner.forget_files)

    @cached_property
    def controller(self) -> Controller:
        from app.runtime.control.controller import Controller

        return Controller(self.supervisor, self.planner, self.registry, self.settings)

    # -- the services (app.runtime.api.services.ServiceSource) -------------------------
    @cached_property
    def engines(self) -> EngineService:
        from app.runtime.services.engines import EngineService

        return EngineService(
            bus=self.bus,
            settings=self.settings,
            planner=self.planner,
            state_dir=self.paths.state_dir,
            backends=lambda: self.controller.backends(),  # noqa: PLW0108 — built when asked
            cache_dir=self.paths.cache_dir,
        )

    @cached_property
    def models(self) -> ModelService:
        from app.runtime.services.models import ModelService

        return ModelService(
            bus=self.bus,
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            controller=self.controller,
            supervisor=self.supervisor,
            downloads=self.downloads,
            engines=self.engines,
            logs_dir=self.paths.logs_dir,
        )

    @cached_property
    def cluster(self) -> ClusterService:
        from app.runtime.cluster.cluster import ClusterService

        return ClusterService(
            paths=self.paths,
            bus=self.bus,
            planner=self.planner,
            registry=self.registry,
            models=self.models,
            supervisor=self.supervisor,
        )

    @cached_property
    def endpoint(self) -> EndpointService:
        from app.runtime.services.endpoint import EndpointService

        return EndpointService(
            settings=self.settings,
            api_key=lambda: self.secrets.value("api_key"),
            make_proxy=lambda host, port: self.security.proxy(
                self.services, self.bus, self.batch, host, port
            ),
            secret_file=self.paths.endpoint_secret_file,
            host=self.options.proxy_host,
            port=self.options.proxy_port,
        )

    @cached_property
    def config(self) -> ConfigService:
        return ConfigService(
            settings=self.settings,
            secrets=self.secrets,
            bound_host=lambda: self.endpoint.bound_host,
            on_security_changed=self.security.apply,
            # Global vllm_args against the engine's --help; the engine part is built only
            # when a change asks (a `config set` of anything else never builds it).
            unknown_flag=lambda args, source: self.engines.unknown_flag(args, source),  # noqa: PLW0108 — built when first asked
            hf_endpoint=self.options.hf_endpoint,
        )

    @cached_property
    def remotes(self) -> RemoteService:
        # Remote vLLM servers behind the endpoint (docs/multi-machine.md): their keys share
        # the one store (and its lock on the fallback file) with the other secrets.
        from app.runtime.remotes.remotes import RemoteService

        return RemoteService(paths=self.paths, bus=self.bus, store=self.secret_store)

    @cached_property
    def views(self) -> Views:
        from app.runtime.views import Views

        return Views(
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            supervisor=self.supervisor,
            downloads=self.downloads,
            observed=self.observed,
            engines=self.engines,
            controller=self.controller,
            remotes=self.remotes,
            server_url=lambda: self.endpoint.url,
            problems=self.problems,
        )

    @cached_property
    def power(self) -> PowerService:
        from app.runtime.services.power import PowerService, SleepWhereItWorks

        return PowerService(
            supervisor=self.supervisor,
            controller=self.controller,
            strategy=SleepWhereItWorks(self.supervisor, self.controller),
        )

    @cached_property
    def sleep_watcher(self) -> LogindSleepWatcher:
        from app.runtime.control.suspend import LogindSleepWatcher

        return LogindSleepWatcher(self.power)

    @cached_property
    def batch(self) -> BatchService:
        from app.core.batch.batch import ModelInfo
        from app.runtime.batch.batch import make_batch_service

        return make_batch_service(
            config_dir=self.paths.config_dir,
            bus=self.bus,
            settings=self.settings,
            planner=self.planner,
            models=lambda: {v.id: ModelInfo(v.downloaded) for v in self.views.model_views()},
            endpoint=self.endpoint.local,
            run_jobs=self.options.batch_jobs,
        )

    @cached_property
    def _bench_and_tune(self) -> tuple[BenchService, TuneService]:
        from app.runtime.bench.bench_wiring import make_bench_services

        return make_bench_services(  # issue 12: bench and tune
            paths=self.paths,
            bus=self.bus,
            registry=self.registry,
            planner=self.planner,
            controller=self.controller,
            supervisor=self.supervisor,
            models=self.models,
            local_endpoint=self.endpoint.local,
        )

    @cached_property
    def load_bench(self) -> LoadBenchService:
        # Issue 23: load to first token, through this app's endpoint.
        from app.runtime.bench.load_bench import make_load_bench_service

        return make_load_bench_service(self, self.endpoint.local)

    @cached_property
    def prewarm(self) -> PrewarmService:
        from app.runtime.services.prewarm import PrewarmService

        return PrewarmService(  # issue 23: a model started once after its download
            bus=self.bus,
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            controller=self.controller,
            supervisor=self.supervisor,
            state_dir=self.paths.state_dir,
        )

    @cached_property
    def search(self) -> SearchService:
        # Issue 21: find a model on Hugging Face, with a fit estimate before the download.
        from app.runtime.search.search import SearchService

        return SearchService(
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            models=self.models,
            token_provider=self._hf_token,
            endpoint=self.options.hf_endpoint,
        )

    @cached_property
    def chat(self) -> ChatService:
        # Issue 21: a chat with any model, through this runtime's own endpoint.
        from app.core.chat.chat import ChatStore
        from app.runtime.chat.chat import ChatService

        return ChatService(
            store=ChatStore(self.paths.chats_dir), endpoint=self.endpoint.local, bus=self.bus
        )

    @cached_property
    def lemonade(self) -> LemonadeImportService:
        from app.runtime.lemonade.lemonade_import import LemonadeImportService

        return LemonadeImportService(  # issue 22: a Lemonade user's setup imported
            paths=self.paths,
            bus=self.bus,
            registry=self.registry,
            settings=self.settings,
            config=self.config,
            planner=self.planner,
            hf_cache=self.paths.hf_hub_cache,
        )

    @property
    def bench(self) -> BenchService:
        return self._bench_and_tune[0]

    @property
    def tune(self) -> TuneService:
        return self._bench_and_tune[1]

    # -- what the parts call back -------------------------------------------------------------
    def problems(self) -> tuple[Problem, ...]:
        """Problems found reading the configuration (a file set aside, a bad override), and
        those of a start."""
        found: list[Problem] = [
            *self.registry.load_problems,
            *self.planner.problems,
            *self.cluster.load_problems,
            *self.remotes.load_problems,
        ]
        if self.settings.load_problem is not None:
            found.append(self.settings.load_problem)
        return (*found, *self.startup_problems)

    def _gpu_used_bytes(self, index: int) -> int | None:
        """The used memory of GPU `index` (SystemInfo.gpus), for measuring a sleep there
        (blocking: the supervisor calls it in a thread)."""
        from app.core.memory.gpu import read_memory

        gpus = self.planner.system_info().gpus
        if not 0 <= index < len(gpus):
            return None
        return read_memory(gpus[index], self.options.sysfs_root).budget_used

    def _hf_token(self) -> str | None:
        """The token saved in vLLM Tray, else the one `hf auth login` or HF_TOKEN provides."""
        from app.downloads.hub import hf_login_token

        return self.secrets.value("hf_token") or hf_login_token()

    def _on_setting_changed(self, key: str, value: object) -> None:
        self.bus.publish(SettingChanged(key, value))
        self.security.setting_changed(key)


# Every part, in the order Parts defines them.
_BUILD_ORDER = tuple(n for n, v in vars(Parts).items() if isinstance(v, cached_property))
