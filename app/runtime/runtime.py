"""The composition root: builds the engine-side parts, starts them and stops them.

Everything a user can do is a use case in app.runtime.services; what they see is built by
app.runtime.views; which models run is the controller's; what a start would run is the
planner's. The runtime only wires these together and owns their lifecycle.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from dataclasses import dataclass, field
from pathlib import Path

from app.core.chat import ChatStore
from app.core.events import EventBus, SettingChanged
from app.core.gpu import read_memory
from app.core.meminfo import default_meminfo_path, default_sysfs_root
from app.core.paths import AppPaths
from app.core.problems import Problem, ProblemError, problem
from app.core.registry import Registry
from app.core.settings import Settings
from app.downloads import DownloadManager
from app.downloads.hub import hf_login_token
from app.proxy import ProxyServer
from app.proxy.limits import DEFAULT_LIMITS, MIB, ProxyLimits
from app.runtime.controller import Controller
from app.runtime.endpoint import EndpointApi
from app.runtime.observed import Observed
from app.runtime.planning import Planner
from app.runtime.secrets import SecretStore
from app.runtime.services.batch import make_batch_service
from app.runtime.services.batch_run import Endpoint
from app.runtime.services.bench_wiring import make_bench_services
from app.runtime.services.chat import ChatService
from app.runtime.services.cluster import ClusterService
from app.runtime.services.config import ConfigService, Secrets
from app.runtime.services.engines import EngineService
from app.runtime.services.lemonade_import import LemonadeImportService
from app.runtime.services.load_bench import make_load_bench_service
from app.runtime.services.models import ModelService
from app.runtime.services.power import PowerService, SleepWhereItWorks
from app.runtime.services.prewarm import PrewarmService
from app.runtime.services.remotes import RemoteService
from app.runtime.services.search import SearchService
from app.runtime.suspend import LogindSleepWatcher
from app.runtime.views import Views
from app.runtime.watcher import ConfigWatcher
from app.supervisor import Supervisor
from app.supervisor.sleep import SleepVerdicts

log = logging.getLogger(__name__)

SECURITY_SETTINGS = ("proxy.allowed_hosts", "proxy.cors_origins")


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


class Runtime:
    """Owns every engine-side part. Construct anywhere; `start()` on the runtime loop."""

    def __init__(self, paths: AppPaths, options: RuntimeOptions | None = None) -> None:
        self.paths = paths.ensure()
        self.options = options or RuntimeOptions()
        self.bus = EventBus()
        self.settings = Settings(paths.settings_file)
        self.registry = Registry(paths)
        # What sleeps measured per engine and GPU: the planner starts children without sleep
        # mode where it freed nothing, the supervisor records each new measurement.
        sleep_verdicts = SleepVerdicts(paths.state_dir)
        self.planner = Planner(
            paths,
            self.settings,
            self.registry,
            sysfs_root=self.options.sysfs_root,
            meminfo_path=self.options.meminfo_path,
            sleep_verdicts=sleep_verdicts,
        )
        secret_store = SecretStore(paths.secrets_file)
        self.secrets = Secrets(secret_store)
        # Each child gets its own random key, which only the relay sends (issue 11).
        self.supervisor = Supervisor(
            self.bus,
            paths.logs_dir,
            paths.state_dir,
            child_api_keys=True,
            sleep_verdicts=sleep_verdicts,
            gpu_used=self._gpu_used_bytes,
        )
        self.downloads = DownloadManager(
            self.bus,
            paths.hf_hub_cache,
            token_provider=self._hf_token,
            endpoint=self.options.hf_endpoint,
        )
        self.observed = Observed(self.bus, self.planner.forget_files)
        self.controller = Controller(self.supervisor, self.planner, self.registry, self.settings)
        self.planner.memory.held = self.controller.held_by_device
        self.engines = EngineService(
            bus=self.bus,
            settings=self.settings,
            planner=self.planner,
            state_dir=paths.state_dir,
            backends=self.controller.backends,
            cache_dir=paths.cache_dir,
        )
        self.models = ModelService(
            bus=self.bus,
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            controller=self.controller,
            supervisor=self.supervisor,
            downloads=self.downloads,
            engines=self.engines,
        )
        # Issue 21: find a model on Hugging Face, with a fit estimate before the download.
        self.search = SearchService(
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            models=self.models,
            token_provider=self._hf_token,
            endpoint=self.options.hf_endpoint,
        )
        # Issue 21: a chat with any model, through this runtime's own endpoint.
        self.chat = ChatService(
            store=ChatStore(paths.chats_dir), endpoint=self._own_endpoint, bus=self.bus
        )
        self.cluster = ClusterService(
            paths=paths,
            bus=self.bus,
            planner=self.planner,
            registry=self.registry,
            models=self.models,
            supervisor=self.supervisor,
        )
        self.planner.overlay = self.cluster.overlay
        self.config = ConfigService(
            settings=self.settings,
            secrets=self.secrets,
            bound_host=lambda: self.proxy.host if self.proxy is not None else None,
            on_security_changed=self._apply_security,
        )
        self.lemonade = LemonadeImportService(  # issue 22: a Lemonade user's setup imported
            paths=paths,
            bus=self.bus,
            registry=self.registry,
            settings=self.settings,
            config=self.config,
            planner=self.planner,
            hf_cache=paths.hf_hub_cache,
        )
        # Remote vLLM servers behind the endpoint (docs/multi-machine.md): their keys share
        # the one store (and its lock on the fallback file) with the other secrets.
        self.remotes = RemoteService(paths=paths, bus=self.bus, store=secret_store)
        self.views = Views(
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            supervisor=self.supervisor,
            downloads=self.downloads,
            observed=self.observed,
            engines=self.engines,
            remotes=self.remotes,
        )
        self.power = PowerService(
            supervisor=self.supervisor,
            controller=self.controller,
            strategy=SleepWhereItWorks(self.supervisor, self.controller),
        )
        self.sleep_watcher = LogindSleepWatcher(self.power)
        self.endpoint_api = EndpointApi(
            self.controller,
            self.models,
            self.planner,
            self.observed,
            self.remotes,
            engines=self.engines,
        )
        self.batch = make_batch_service(self, run_jobs=self.options.batch_jobs)
        self.bench, self.tune = make_bench_services(self)  # issue 12: bench and tune
        self.load_bench = make_load_bench_service(self)  # issue 23: load to first token
        self.prewarm = PrewarmService(
            bus=self.bus,
            settings=self.settings,
            registry=self.registry,
            planner=self.planner,
            controller=self.controller,
            supervisor=self.supervisor,
            state_dir=paths.state_dir,
        )
        self.proxy: ProxyServer | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._startup_problems: list[Problem] = []
        # Edits by `vllm-tray config/options/pull` or by hand take effect while running.
        self.config_watcher = ConfigWatcher(self.settings, self.registry, self.bus)
        self.settings.subscribe(self._on_setting_changed)

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Problems found reading the configuration (a file set aside, a bad override)."""
        found: list[Problem] = [
            *self.registry.load_problems,
            *self.planner.problems,
            *self.cluster.load_problems,
            *self.remotes.load_problems,
        ]
        if self.settings.load_problem is not None:
            found.append(self.settings.load_problem)
        return (*found, *self._startup_problems)

    def note_startup_failure(self, exc: BaseException) -> None:
        """Keep a start-up failure as a problem the views show (the log has the details)."""
        if isinstance(exc, ProblemError):
            self._startup_problems.append(exc.problem)
            return
        self._startup_problems.append(
            problem("runtime.start_failed", reason=str(exc) or "an unexpected error")
        )

    def _gpu_used_bytes(self, index: int) -> int | None:
        """The used memory of GPU `index` (SystemInfo.gpus), for measuring a sleep there
        (blocking: the supervisor calls it in a thread)."""
        gpus = self.planner.system_info().gpus
        if not 0 <= index < len(gpus):
            return None
        return read_memory(gpus[index], self.options.sysfs_root).budget_used

    def _own_endpoint(self) -> Endpoint | None:
        """Where this runtime's endpoint answers, with its key; None while it is stopped."""
        url = self.server_url
        return None if url is None else Endpoint(url, self.secrets.value("api_key"))

    def _hf_token(self) -> str | None:
        """The token saved in vLLM Tray, else the one `hf auth login` or HF_TOKEN provides."""
        return self.secrets.value("hf_token") or hf_login_token()

    # -- lifecycle -----------------------------------------------------------------------
    async def start(self, *, serve: bool) -> None:
        # Blocking reads (leftover processes, sysfs, nvidia-smi, the keyring) happen in
        # worker threads before anything on the loop needs their answers.
        reaped = await asyncio.to_thread(self.supervisor.reap_orphans)
        if reaped:
            log.warning("stopped %d leftover vLLM processes from an earlier run", len(reaped))
        await asyncio.to_thread(self.planner.refresh_system)
        await self.secrets.load()
        self.controller.start_idle_watch()
        self.prewarm.start()
        self.config_watcher.start()
        self.sleep_watcher.start()
        await self.remotes.start()
        if self.options.sample_gpu:
            # Every GPU and the host's RAM, live (app.runtime.memory_watch).
            sampler = self.planner.memory.run(self.bus)
            self._tasks.append(asyncio.get_running_loop().create_task(sampler))
        if serve:
            await self.start_server()
        await self.batch.start()

    async def stop(self) -> None:
        await self.sleep_watcher.stop()  # first: no resume may load models while stopping
        await self.batch.stop()
        await self.prewarm.stop()
        await self.config_watcher.stop()
        await self.remotes.stop()
        await self.engines.aclose()  # a version reading under way: its process goes too
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()
        try:
            await self.chat.aclose()
            await self.controller.stop_idle_watch()
            await self.stop_server()
            await self.downloads.shutdown()
        finally:
            # Children first of all: whatever else fails, no vLLM is left holding memory.
            await self.supervisor.shutdown()
            await self.cluster.shutdown()  # and the workers it started on other machines

    async def start_server(self) -> None:
        if self.proxy is not None:
            return
        host = self.options.proxy_host
        if host is None:
            host = str(self.settings.get("proxy.host"))
        port = self.options.proxy_port
        if port is None:
            port = int(self.settings.get("proxy.port"))
        proxy = ProxyServer(
            self.endpoint_api,
            self.endpoint_api,
            self.bus,
            host=host,
            port=port,
            api_key=self.secrets.value("api_key"),
            allowed_hosts=_csv(self.settings.get("proxy.allowed_hosts")),
            cors_origins=_csv(self.settings.get("proxy.cors_origins")),
            limits=proxy_limits(self.settings),
            batches=self.batch,
        )
        await proxy.start()  # publishes ServerStateChanged itself, failures included
        self.proxy = proxy

    async def stop_server(self) -> None:
        proxy, self.proxy = self.proxy, None
        if proxy is not None:
            await proxy.stop()

    @property
    def server_url(self) -> str | None:
        return self.proxy.url if self.proxy is not None else None

    def _on_setting_changed(self, key: str, value: object) -> None:
        self.bus.publish(SettingChanged(key, value))
        if key in SECURITY_SETTINGS:
            self._apply_security()

    def _apply_security(self) -> None:
        """Key, Host allow-list and CORS apply to the running endpoint at once."""
        if self.proxy is not None:
            self.proxy.update_security(
                self.secrets.value("api_key"),
                _csv(self.settings.get("proxy.allowed_hosts")),
                _csv(self.settings.get("proxy.cors_origins")),
            )


def proxy_limits(settings: Settings) -> ProxyLimits:
    """The endpoint's limits from the settings (docs/proxy.md, "Limits and security")."""

    def seconds_or_none(key: str) -> float | None:
        value = float(settings.get(key))
        return value if value > 0 else None

    max_body = int(settings.get("proxy.max_body_mb")) * MIB
    return dataclasses.replace(
        DEFAULT_LIMITS,
        max_connections=int(settings.get("proxy.max_connections")),
        idle_timeout_s=float(settings.get("proxy.idle_timeout_s")),
        header_timeout_s=float(settings.get("proxy.header_timeout_s")),
        body_timeout_s=float(settings.get("proxy.body_timeout_s")),
        max_body_bytes=max_body,
        # One body of the largest size must always fit (the settings use case checks this).
        body_budget_bytes=max(max_body, int(settings.get("proxy.body_budget_mb")) * MIB),
        upstream_first_byte_timeout_s=seconds_or_none("proxy.upstream_first_byte_timeout_s"),
        upstream_idle_timeout_s=seconds_or_none("proxy.upstream_idle_timeout_s"),
        sse_keepalive_s=seconds_or_none("proxy.sse_keepalive_s"),
        max_n=int(settings.get("proxy.max_n")),
    )


def _csv(value: object) -> list[str]:
    return [part.strip() for part in str(value).split(",") if part.strip()]
