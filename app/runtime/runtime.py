"""The runtime the engine thread hosts: settings, registry, supervisor, downloads and proxy."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import functools
import logging
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.contracts import DownloadView, LaunchSpec
from app.core.events import (
    DownloadFinished,
    DownloadProgressed,
    Event,
    EventBus,
    GpuSampled,
    MetricsSampled,
    ProcessStateChanged,
    RegistryChanged,
    ServerStateChanged,
    SettingChanged,
)
from app.core.gpu import SystemInfo, read_memory, system_info
from app.core.paths import AppPaths
from app.core.problems import Problem, ProblemError, problem, tr_noop
from app.core.registry import ModelEntry, ModelOptions, Registry
from app.core.settings import Settings
from app.core.vllm_args import ModelConfig, ResolvedArgs, load_model_config
from app.downloads import DownloadManager, model_status
from app.downloads.hub import hf_login_token
from app.proxy import ProxyServer
from app.runtime.api import OptionsPreview
from app.runtime.controller import Controller
from app.runtime.engines import choose_kind, make_engine
from app.runtime.planning import (
    ModelFiles,
    effective_ctx_size,
    launch_spec,
    memory_budget_bytes,
    plan,
    read_shape,
    resolve_args,
    weights_bytes,
)
from app.runtime.secrets import SecretStore
from app.runtime.watcher import ConfigWatcher
from app.supervisor import Supervisor
from app.supervisor.engines.base import Engine, EngineKind

log = logging.getLogger(__name__)

GPU_SAMPLE_INTERVAL_S = 1.0
GPU_HISTORY = 600  # ten minutes at one sample a second
FILES_CACHE_TTL_S = 30.0  # events clear it sooner; this only catches other tools
API_KEY_ENV = "VLLM_TRAY_API_KEY"


@dataclass(frozen=True)
class RuntimeOptions:
    """Knobs for tests and the CLI; defaults are what users get."""

    sysfs_root: Path = Path("/sys")
    hf_endpoint: str | None = None
    sample_gpu: bool = True
    proxy_host: str | None = None
    proxy_port: int | None = None


class Runtime:
    """Owns every engine-side part. Construct anywhere; `start()` on the engine loop."""

    def __init__(self, paths: AppPaths, options: RuntimeOptions | None = None) -> None:
        self.paths = paths.ensure()
        self.options = options or RuntimeOptions()
        self.bus = EventBus()
        self.settings = Settings(paths.settings_file)
        self.registry = Registry(paths)
        self.problems: list[Problem] = list(self.registry.load_problems)
        if self.settings.load_problem is not None:
            self.problems.append(self.settings.load_problem)
        self.model_config = self._load_model_config()
        self.secrets = SecretStore(paths.secrets_file)
        self._system: SystemInfo | None = None
        self.supervisor = Supervisor(self.bus, paths.logs_dir, paths.state_dir)
        self.downloads = DownloadManager(
            self.bus,
            paths.hf_hub_cache,
            token_provider=self.hf_token,
            endpoint=self.options.hf_endpoint,
        )
        self.controller = Controller(self)
        self.proxy: ProxyServer | None = None
        self.gpu_history: collections.deque[GpuSampled] = collections.deque(maxlen=GPU_HISTORY)
        self._metrics: dict[str, MetricsSampled] = {}
        self._files_cache: dict[str, tuple[float, ModelFiles, ModelEntry]] = {}
        self._secret_cache: dict[str, str | None] = {}
        self._download_problems: dict[str, Problem] = {}
        self.server_problem: Problem | None = None
        self._tasks: list[asyncio.Task[None]] = []
        # Edits by `vllm-tray config/options/pull` or by hand take effect while running.
        self.config_watcher = ConfigWatcher(self.settings, self.registry, self.bus)
        self.settings.subscribe(self._on_setting_changed)
        self.bus.subscribe(self._on_event)

    def secret(self, name: str) -> str | None:
        """A secret, read once from the keyring and kept in memory: a locked keyring must not
        stall the loop on every load. `VLLM_TRAY_API_KEY` sets the key for headless use."""
        if name == "api_key" and os.environ.get(API_KEY_ENV):
            return os.environ[API_KEY_ENV]
        if name not in self._secret_cache:
            self._secret_cache[name] = self.secrets.get(name)
        return self._secret_cache[name]

    async def set_secret(self, name: str, value: str | None) -> None:
        if value:
            await asyncio.to_thread(self.secrets.set, name, value)
        else:
            await asyncio.to_thread(self.secrets.delete, name)
        self._secret_cache[name] = value or None
        if name == "api_key":
            self._apply_security()

    def hf_token(self) -> str | None:
        """The token saved in vLLM Tray, else the one `hf auth login` or HF_TOKEN provides."""
        return self.secret("hf_token") or hf_login_token()

    def _load_model_config(self) -> ModelConfig:
        try:
            return load_model_config(self.paths.model_config_override)
        except ProblemError as exc:
            self.problems.append(exc.problem)
            return load_model_config(None)

    # -- lifecycle -----------------------------------------------------------------------
    async def start(self, *, serve: bool) -> None:
        # Killing leftovers can wait a few seconds for them to exit: not on the loop.
        reaped = await asyncio.to_thread(self.supervisor.reap_orphans)
        if reaped:
            log.warning("stopped %d leftover vLLM processes from an earlier run", len(reaped))
        self.controller.start_idle_watch()
        self.config_watcher.start()
        if self.options.sample_gpu:
            self._tasks.append(asyncio.get_running_loop().create_task(self._sample_gpu()))
        if serve:
            await self.start_server()

    async def stop(self) -> None:
        await self.config_watcher.stop()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()
        try:
            await self.controller.stop_idle_watch()
            await self.stop_server()
            await self.downloads.shutdown()
        finally:
            # Children first of all: whatever else fails, no vLLM is left holding memory.
            await self.supervisor.shutdown()

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
            self.controller,
            RuntimeDownloads(self),
            self.bus,
            host=host,
            port=port,
            api_key=self.secret("api_key"),
            allowed_hosts=_csv(self.settings.get("proxy.allowed_hosts")),
            cors_origins=_csv(self.settings.get("proxy.cors_origins")),
        )
        await proxy.start()  # publishes ServerStateChanged itself, failures included
        self.proxy = proxy

    def _on_setting_changed(self, key: str, value: object) -> None:
        self.bus.publish(SettingChanged(key, value))
        if key in ("proxy.allowed_hosts", "proxy.cors_origins"):
            self._apply_security()

    def _apply_security(self) -> None:
        """Key, Host allow-list and CORS apply to the running endpoint at once."""
        if self.proxy is not None:
            self.proxy.update_security(
                self.secret("api_key"),
                _csv(self.settings.get("proxy.allowed_hosts")),
                _csv(self.settings.get("proxy.cors_origins")),
            )

    async def stop_server(self) -> None:
        proxy, self.proxy = self.proxy, None
        if proxy is not None:
            await proxy.stop()

    # -- DownloadController (for the proxy) ----------------------------------------------
    async def pull(self, model_id: str, checkpoint: str | None = None) -> str:
        """Register (with `checkpoint`) and download; a registration whose download cannot
        even start is rolled back, so a typo leaves nothing behind."""
        if checkpoint is None:
            entry = self.registry.get(model_id)
            previous = None
        else:
            previous = self.registry.find(_user_id(model_id))
            entry = self.registry.add_user_model(model_id, checkpoint, replace_existing=True)
        try:
            if entry.checkpoint.is_local:
                status = model_status(entry, self.paths.hf_hub_cache)
                if status.problem is not None:
                    raise ProblemError(status.problem)
                raise ProblemError(
                    problem(
                        "downloads.local_folder",
                        tr_noop(
                            "{model} is a local folder and is used in place: nothing to download."
                        ),
                        model=entry.id,
                    )
                )
            download_id = await self.downloads.start(entry)
        except ProblemError as exc:
            if checkpoint is not None and exc.problem.code != "downloads.local_folder":
                self._undo_registration(entry, previous)
            raise
        if checkpoint is not None:
            self.bus.publish(RegistryChanged(entry.id))
        return download_id

    def _undo_registration(self, entry: ModelEntry, previous: ModelEntry | None) -> None:
        if previous is None:
            self.registry.remove_user_model(entry.id)
        else:
            self.registry.add_user_model(
                previous.name,
                str(previous.checkpoint),
                labels=previous.labels,
                size_gb=previous.size_gb,
                replace_existing=True,
            )

    async def cancel(self, download_id: str) -> bool:
        return await self.downloads.cancel(download_id)

    # -- planning ------------------------------------------------------------------------
    def system_info(self, refresh: bool = False) -> SystemInfo:
        if self._system is None or refresh:
            self._system = system_info(self.options.sysfs_root)
        return self._system

    def engine(self, kind: EngineKind | None = None) -> Engine:
        chosen = kind or choose_kind(self.settings, self.system_info())
        return make_engine(chosen, self.paths, self.settings, self.system_info().primary)

    def model_files(self, entry: ModelEntry) -> ModelFiles:
        """Where the model's files are. Cached: the proxy asks on every request, and the
        answer only changes when a download ends, files are deleted or the registry changes
        (each of which clears the cache), or when another tool touches the HF cache (TTL)."""
        now = time.monotonic()
        cached = self._files_cache.get(entry.id)
        if cached is not None and now - cached[0] < FILES_CACHE_TTL_S and cached[2] == entry:
            return cached[1]
        status = model_status(entry, self.paths.hf_hub_cache)
        files = ModelFiles(
            path=status.snapshot_path,
            state=status.state,
            bytes_on_disk=status.bytes_on_disk,
            problem=status.problem,
        )
        self._files_cache[entry.id] = (now, files, entry)
        return files

    def ctx_size(self, model_id: str) -> int:
        return effective_ctx_size(self.registry.options(model_id), self.settings.as_dict())

    def resolved_args(
        self, model_id: str, *, vllm_args: str | None = None, default_args: tuple[str, ...] = ()
    ) -> ResolvedArgs:
        options = self.registry.options(model_id)
        if vllm_args is not None:
            options = dataclasses.replace(options, vllm_args=vllm_args)
        entry = self.registry.get(model_id)
        return resolve_args(
            self.model_config, entry, options, self.settings.as_dict(), default_args
        )

    def launch_spec(self, model_id: str) -> LaunchSpec:
        entry = self.registry.get(model_id)
        files = self.model_files(entry)
        command = self.engine().command()
        resolved = self.resolved_args(entry.id, default_args=command.default_args)
        env = dict(command.env)
        env.update(self.child_env())
        return launch_spec(
            entry,
            files,
            resolved=resolved,
            ctx_size=self.ctx_size(entry.id),
            prefix=command.prefix,
            env=env,
            load_timeout_s=float(self.settings.get("load_timeout_s")),
        )

    def child_env(self) -> dict[str, str]:
        env = {
            "HF_HUB_CACHE": str(self.paths.hf_hub_cache),
            # Models are downloaded by the app; the child never reaches the hub by itself.
            "HF_HUB_OFFLINE": "1",
            "PYTHONNOUSERSITE": "1",
            # vLLM drops idle keep-alive connections after 5 s; the proxy pools them for 60 s,
            # and reopening 64 of them cost 25 ms of first-token latency (docs/proxy.md).
            "VLLM_HTTP_TIMEOUT_KEEP_ALIVE": "75",
        }
        # The model folder is local, but a user's flags may name other hub files (a draft
        # model, a gated tokenizer) that are already in the cache; the token opens them.
        token = self.hf_token()
        if token:
            env["HF_TOKEN"] = token
        return env

    def memory_budget(self) -> int:
        """Bytes all children together may use: the GPU's memory, or RAM for the CPU engine."""
        configured = float(self.settings.get("memory.budget_gb"))
        if configured > 0:
            return int(configured * 1e9)
        system = self.system_info()
        gpu = system.primary
        uses_gpu = choose_kind(self.settings, system) is not EngineKind.CPU
        if uses_gpu and gpu is not None and gpu.budget_total:
            return gpu.budget_total
        return system.ram_total

    def planned_bytes(self, spec: LaunchSpec) -> int:
        """Memory the child will take, for deciding what must be unloaded before it starts."""
        entry = self.registry.get(spec.model_id)
        folder = Path(spec.model_path)
        weights = weights_bytes(entry, folder)
        kv_space = spec.env.get("VLLM_CPU_KVCACHE_SPACE")
        if kv_space is not None:
            # The CPU engine reserves exactly this much KV cache beside the weights.
            return weights + int(float(kv_space) * 2**30)
        gpu = self.system_info().primary
        if gpu is not None and gpu.budget_total and _has_flag(spec.args, UTILIZATION_FLAG):
            # vLLM reserves its utilization share of the whole GPU up front.
            return memory_budget_bytes(spec.args, gpu.budget_total, gpu.budget_total)
        shape = read_shape(folder)
        per_token = 0 if shape is None else shape.kv_bytes_per_token()
        return weights + per_token * spec.ctx_size

    def preview_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> OptionsPreview:
        """The effect of options on the command line and memory, without saving anything.

        Shared by the settings dialog (called as the user types, so it stays cheap) and
        `vllm-tray options`; a rejected input comes back as `problem`, never raised.
        """
        entry = self.registry.get(model_id)
        stored = self.registry.options(model_id)
        options = ModelOptions(
            ctx_size=ctx_size if ctx_size is not None else stored.ctx_size,
            vllm_args=vllm_args if vllm_args is not None else stored.vllm_args,
        )
        settings = self.settings.as_dict()
        ctx = effective_ctx_size(options, settings)
        defaults = {"ctx_size": settings["ctx_size"], "vllm_args": ""}
        follows_default = options.ctx_size is None
        rejected = functools.partial(
            OptionsPreview,
            entry.id,
            ctx,
            options.vllm_args,
            defaults=defaults,
            ctx_is_default=follows_default,
        )
        prefix: tuple[str, ...] = ("vllm", "serve")  # shown until an engine is installed
        default_args: tuple[str, ...] = ()
        with contextlib.suppress(ProblemError):
            engine = self.engine()
            if engine.status().installed:
                command = engine.command()
                prefix, default_args = command.prefix, command.default_args
        try:
            resolved = self.resolved_args(
                entry.id, vllm_args=options.vllm_args, default_args=default_args
            )
        except ProblemError as exc:
            return rejected(exc.problem)
        if ctx < 1:
            return rejected(
                problem(
                    "options.bad_ctx_size",
                    tr_noop("ctx_size must be a positive whole number; got {value}."),
                    value=ctx,
                )
            )
        files = self.model_files(entry)
        spec = LaunchSpec(
            model_id=entry.id,
            served_name=entry.id,
            model_path=str(files.path or entry.checkpoint),
            ctx_size=ctx,
            prefix=prefix,
            args=resolved.args,
        )
        argv = spec.argv(port=0)
        argv[argv.index("--port") + 1] = "<port>"  # chosen free at each start
        gpu = self.system_info().primary
        budget = memory_budget_bytes(
            resolved.args, gpu.budget_total if gpu else None, self.system_info().ram_total
        )
        return OptionsPreview(
            model_id=entry.id,
            ctx_size=ctx,
            vllm_args=options.vllm_args,
            problem=None,
            command=tuple(argv),
            layers=resolved.layers,
            memory=plan(entry, files.path, ctx, budget),
            defaults=defaults,
            ctx_is_default=follows_default,
        )

    # -- events --------------------------------------------------------------------------
    def download_problem(self, model_id: str) -> Problem | None:
        """Why the last download of this model failed, until another one starts."""
        return self._download_problems.get(model_id)

    def metrics_for(self, model_id: str) -> MetricsSampled | None:
        return self._metrics.get(model_id)

    def latest_metrics(self) -> dict[str, Mapping[str, Any]]:
        return {
            model_id: {
                "kv_cache_usage": m.kv_cache_usage,
                "requests_running": m.requests_running,
                "requests_waiting": m.requests_waiting,
                "generation_tokens_per_s": m.generation_tokens_per_s,
            }
            for model_id, m in self._metrics.items()
        }

    def _on_event(self, event: Event) -> None:
        if isinstance(event, DownloadProgressed):
            self._download_problems.pop(event.model_id, None)
        elif isinstance(event, MetricsSampled):
            self._metrics[event.model_id] = event
        elif isinstance(event, ProcessStateChanged) and event.new is not event.old:
            self._metrics.pop(event.model_id, None)
        elif isinstance(event, DownloadFinished):
            self._files_cache.clear()
            if event.status == "failed" and event.problem is not None:
                self._download_problems[event.model_id] = event.problem
            else:
                self._download_problems.pop(event.model_id, None)
            self.bus.publish(RegistryChanged(event.model_id))
        elif isinstance(event, RegistryChanged):
            self._files_cache.clear()
        elif isinstance(event, ServerStateChanged):
            self.server_problem = event.problem

    async def _sample_gpu(self) -> None:
        gpu = self.system_info().primary
        if gpu is None or gpu.vendor != "amd":
            return
        while True:
            sample = await asyncio.to_thread(read_memory, gpu, self.options.sysfs_root)
            event = GpuSampled(
                vram_used=sample.vram_used,
                vram_total=sample.vram_total,
                gtt_used=sample.gtt_used,
                gtt_total=sample.gtt_total,
            )
            self.gpu_history.append(event)
            self.bus.publish(event)
            await asyncio.sleep(GPU_SAMPLE_INTERVAL_S)


class RuntimeDownloads:
    """The DownloadController the proxy sees: pulls go through the runtime (registration,
    local folders), listing and cancel straight to the download manager."""

    def __init__(self, runtime: Runtime) -> None:
        self._rt = runtime

    async def pull(self, model_id: str, checkpoint: str | None = None) -> str:
        return await self._rt.pull(model_id, checkpoint)

    def downloads(self) -> Sequence[DownloadView]:
        return self._rt.downloads.views()

    async def cancel(self, download_id: str) -> bool:
        return await self._rt.downloads.cancel(download_id)


UTILIZATION_FLAG = "--gpu-memory-utilization"


def _user_id(name: str) -> str:
    return name if name.startswith("user.") else "user." + name


def _has_flag(args: Sequence[str], flag: str) -> bool:
    return any(a == flag or a.startswith(flag + "=") for a in args)


def _csv(value: object) -> list[str]:
    return [part.strip() for part in str(value).split(",") if part.strip()]


def default_env() -> Mapping[str, str]:
    return os.environ
