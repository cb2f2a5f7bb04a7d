"""The planner: from a model id to where its files are, the command it runs and the memory it takes.

It reads the settings, the registry, the shipped model config and the machine, and answers
with values; it never starts, stops or persists anything. The pure rules it applies live in
app.runtime.planning and app.core.memory; this object adds the caches and the machine.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from app.core.cluster import LaunchOverlay
from app.core.contracts import LaunchSpec, SleepSpec
from app.core.gpu import SystemInfo, system_info
from app.core.memory import ctx_above_model_limit
from app.core.paths import AppPaths
from app.core.problems import Problem, ProblemError, problem, tr_noop
from app.core.registry import ModelEntry, ModelOptions, Registry
from app.core.settings import Settings
from app.core.swap import plan_sleep
from app.core.vllm_args import (
    ArgLayer,
    ModelConfig,
    ResolvedArgs,
    load_model_config,
    merge_layers,
)
from app.downloads import model_status
from app.runtime.api import OptionsPreview
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
from app.supervisor.childenv import child_environment
from app.supervisor.engines.base import Engine, EngineKind
from app.supervisor.sleep import DEV_MODE_VAR, SLEEP_FLAG, SleepVerdicts

FILES_CACHE_TTL_S = 30.0  # events clear it sooner; this only catches other tools
UTILIZATION_FLAG = "--gpu-memory-utilization"
# Shown in a preview until an engine is installed: what a user would type by hand.
PREVIEW_PREFIX = ("vllm", "serve")


class Planner:
    """Answers "what would loading this model do": files, launch spec, memory, preview.

    Every method may be called on the runtime loop: the machine is read once at start-up
    (`refresh_system` runs off the loop) and model files are cached until an event says
    they changed (`forget_files`).
    """

    def __init__(
        self,
        paths: AppPaths,
        settings: Settings,
        registry: Registry,
        *,
        sysfs_root: Path = Path("/sys"),
        clock: Callable[[], float] = time.monotonic,
        sleep_verdicts: SleepVerdicts | None = None,
    ) -> None:
        self._paths = paths
        self._sleep_verdicts = sleep_verdicts
        self._settings = settings
        self._registry = registry
        self._sysfs_root = sysfs_root
        self._clock = clock
        self.problems: list[Problem] = []
        self.model_config = self._load_model_config()
        self._system: SystemInfo | None = None
        self._files_cache: dict[str, tuple[float, ModelFiles, ModelEntry]] = {}
        # Set by the runtime: extra flags for a model served across machines (the cluster).
        self.overlay: Callable[[str], LaunchOverlay | None] = lambda _model_id: None

    def _load_model_config(self) -> ModelConfig:
        try:
            return load_model_config(self._paths.model_config_override)
        except ProblemError as exc:
            self.problems.append(exc.problem)
            return load_model_config(None)

    # -- the machine ---------------------------------------------------------------------
    def system_info(self) -> SystemInfo:
        """The machine as last read. The first read may block (sysfs, nvidia-smi): the
        runtime calls `refresh_system` in a worker thread before the loop needs it."""
        if self._system is None:
            self._system = system_info(self._sysfs_root)
        return self._system

    def refresh_system(self) -> SystemInfo:
        """Read the machine again (blocking: call it through asyncio.to_thread)."""
        self._system = system_info(self._sysfs_root)
        return self._system

    def engine(self, kind: EngineKind | None = None) -> Engine:
        chosen = kind or choose_kind(self._settings, self.system_info())
        return make_engine(chosen, self._paths, self._settings, self.system_info().primary)

    # -- a model's files and options ----------------------------------------------------
    def model_files(self, entry: ModelEntry) -> ModelFiles:
        """Where the model's files are. Cached: the proxy asks on every request, and the
        answer only changes when a download ends, files are deleted or the registry changes
        (each of which calls `forget_files`), or when another tool touches the HF cache (TTL)."""
        now = self._clock()
        cached = self._files_cache.get(entry.id)
        if cached is not None and now - cached[0] < FILES_CACHE_TTL_S and cached[2] == entry:
            return cached[1]
        status = model_status(entry, self._paths.hf_hub_cache)
        shape = read_shape(status.snapshot_path)
        files = ModelFiles(
            path=status.snapshot_path,
            state=status.state,
            bytes_on_disk=status.bytes_on_disk,
            problem=status.problem,
            context_limit=shape.model_max_ctx if shape is not None else None,
        )
        self._files_cache[entry.id] = (now, files, entry)
        return files

    def forget_files(self) -> None:
        self._files_cache.clear()

    def ctx_size(self, model_id: str) -> int:
        entry = self._registry.get(model_id)
        return effective_ctx_size(
            self._registry.options(entry.id),
            self._settings.as_dict(),
            self.model_files(entry).context_limit,
        )

    def resolved_args(
        self, model_id: str, *, vllm_args: str | None = None, default_args: tuple[str, ...] = ()
    ) -> ResolvedArgs:
        options = self._registry.options(model_id)
        if vllm_args is not None:
            options = dataclasses.replace(options, vllm_args=vllm_args)
        entry = self._registry.get(model_id)
        return resolve_args(
            self.model_config, entry, options, self._settings.as_dict(), default_args
        )

    # -- what a start would run -----------------------------------------------------------
    def launch_spec(self, model_id: str, *, extra_args: Sequence[str] = ()) -> LaunchSpec:
        """What a start of the model runs. `extra_args` are one start's temporary overrides
        (the tune's `--max-num-seqs N`), merged over every stored layer; never persisted."""
        entry = self._registry.get(model_id)
        files = self.model_files(entry)
        engine = self.engine()
        command = engine.command()
        resolved = self.resolved_args(entry.id, default_args=command.default_args)
        if extra_args:
            layer = ArgLayer("one start", tuple(extra_args))
            resolved = ResolvedArgs(
                merge_layers([ArgLayer("resolved", resolved.args), layer]),
                (*resolved.layers, layer),
            )
        env = {**command.env, **self.launch_env()}
        spec = launch_spec(
            entry,
            files,
            resolved=resolved,
            ctx_size=self.ctx_size(entry.id),
            prefix=command.prefix,
            env=env,
            load_timeout_s=float(self._settings.get("load_timeout_s")),
            stall_timeout_s=float(self._settings.get("load_stall_timeout_s")),
        )
        overlay = self.overlay(entry.id)
        if overlay is not None:
            # One model across machines is never slept: a sleep there is untested, and the
            # app could measure only this machine's share of it.
            return dataclasses.replace(
                spec, args=(*spec.args, *overlay.args), env={**spec.env, **overlay.env}
            )
        sleep = self.sleep_spec(engine, weights_bytes(entry, files.path))
        return spec if sleep is None else with_sleep_mode(spec, sleep, engine.kind)

    def sleep_spec(self, engine: Engine, weights: int) -> SleepSpec | None:
        """How a child of `engine` would sleep (docs/sleep-mode.md), or None: started
        without sleep mode (the setting, the engine, or a sleep measured to free nothing)."""
        build = engine.status().version
        if engine.kind is EngineKind.CUSTOM:
            build = " ".join(engine.command().prefix)  # the user's own vLLM has no version file
        sleep = plan_sleep(
            str(self._settings.get("memory.sleep_mode")),
            engine.kind.value,
            build,
            self.system_info().primary,
            weights,
        )
        verdicts = self._sleep_verdicts
        if sleep is not None and verdicts is not None and not verdicts.may_sleep(sleep.verdict_key):
            return None
        return sleep

    def launch_env(self) -> dict[str, str]:
        """What the app adds to every child's environment (the supervisor adds the rest)."""
        return {
            "HF_HUB_CACHE": str(self._paths.hf_hub_cache),
            # Models are downloaded by the app; the child never reaches the hub by itself,
            # so it needs no token either (secrets stay in the app).
            "HF_HUB_OFFLINE": "1",
            "PYTHONNOUSERSITE": "1",
            # vLLM drops idle keep-alive connections after 5 s; the proxy pools them for 60 s,
            # and reopening 64 of them cost 25 ms of first-token latency (docs/proxy.md).
            "VLLM_HTTP_TIMEOUT_KEEP_ALIVE": "75",
        }

    # -- memory ---------------------------------------------------------------------------
    def memory_budget(self) -> int:
        """Bytes all children together may use: the GPU's memory, or RAM for the CPU engine."""
        configured = float(self._settings.get("memory.budget_gb"))
        if configured > 0:
            return int(configured * 1e9)
        system = self.system_info()
        gpu = system.primary
        uses_gpu = choose_kind(self._settings, system) is not EngineKind.CPU
        if uses_gpu and gpu is not None and gpu.budget_total:
            return gpu.budget_total
        return system.ram_total

    def planned_bytes(self, spec: LaunchSpec) -> int:
        """Memory the child will take, for deciding what must be unloaded before it starts.

        Read from the environment the child will really get (the supervisor builds it from
        the spec and the app's own environment), not only from the spec: a KV-cache size
        set in the user's environment is reserved all the same.
        """
        entry = self._registry.get(spec.model_id)
        folder = Path(spec.model_path)
        weights = weights_bytes(entry, folder)
        overlay = self.overlay(entry.id)
        if overlay is not None:
            # Across machines, this one holds only its share of the weights.
            weights = int(weights * overlay.memory_share)
        kv_space = child_environment(spec.env).get("VLLM_CPU_KVCACHE_SPACE")
        if kv_space is not None:
            with contextlib.suppress(ValueError):
                # The CPU engine reserves exactly this much KV cache beside the weights.
                return weights + int(float(kv_space) * 2**30)
        gpu = self.system_info().primary
        if gpu is not None and gpu.budget_total and _has_flag(spec.args, UTILIZATION_FLAG):
            # vLLM reserves its utilization share of the whole GPU up front.
            return memory_budget_bytes(spec.args, gpu.budget_total, gpu.budget_total)
        shape = read_shape(folder)
        per_token = 0 if shape is None else shape.kv_bytes_per_token()
        return weights + per_token * spec.ctx_size

    # -- previews -------------------------------------------------------------------------
    def preview_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> OptionsPreview:
        """The effect of options on the command line and memory, without saving anything.

        Shared by the settings dialog (called as the user types, so it stays cheap), the
        options use case and `vllm-tray options`; a rejected input comes back as `problem`,
        never raised.
        """
        stored = self._registry.options(self._registry.get(model_id).id)
        return self.preview(
            model_id,
            ModelOptions(
                ctx_size=ctx_size if ctx_size is not None else stored.ctx_size,
                vllm_args=vllm_args if vllm_args is not None else stored.vllm_args,
            ),
        )

    def preview(self, model_id: str, options: ModelOptions) -> OptionsPreview:
        """The effect of exactly these options (`ctx_size` None: follow the default)."""
        entry = self._registry.get(model_id)
        settings = self._settings.as_dict()
        files = self.model_files(entry)
        ctx = effective_ctx_size(options, settings, files.context_limit)
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
        prefix: tuple[str, ...] = PREVIEW_PREFIX
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
            return rejected(bad_ctx_size(ctx))
        above = ctx_above_model_limit(entry.id, ctx, files.context_limit)
        if above is not None:
            return rejected(above)
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
        system = self.system_info()
        gpu = system.primary
        budget = memory_budget_bytes(
            resolved.args, gpu.budget_total if gpu else None, system.ram_total
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


def bad_ctx_size(value: object) -> Problem:
    """The one sentence for a ctx_size that is not a positive whole number."""
    return problem(
        "options.bad_ctx_size",
        tr_noop("ctx_size must be a positive whole number; got {value}."),
        value=value,
    )


def with_sleep_mode(spec: LaunchSpec, sleep: SleepSpec, kind: EngineKind) -> LaunchSpec:
    """`spec` started with vLLM's sleep mode: its dev routes on (on the child's loopback port
    only: the endpoint relays none of them) and, where the engine accepts it, the flag."""
    args = spec.args
    # vLLM's CPU build refuses the flag, yet serves the routes (its worker ignores a sleep).
    if kind is not EngineKind.CPU and not _has_flag(args, SLEEP_FLAG):
        args = (*args, SLEEP_FLAG)
    return dataclasses.replace(spec, args=args, env={**spec.env, DEV_MODE_VAR: "1"}, sleep=sleep)


def _has_flag(args: Sequence[str], flag: str) -> bool:
    return any(a == flag or a.startswith(flag + "=") for a in args)
