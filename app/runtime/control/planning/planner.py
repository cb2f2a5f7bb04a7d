"""The planner: from a model id to a LaunchPlan — its files, the command, the memory it takes.

It reads the settings, the registry, the shipped model config, the model's files and the
machine, and answers with values; it never starts, stops or persists anything. The pure
rules it applies are in rules.py and app.core; this object adds the caches and the machine.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from app.core.cluster.cluster import LaunchOverlay
from app.core.contracts import LaunchSpec, SleepSpec
from app.core.memory.gpu import SystemInfo, system_info
from app.core.memory.memory import (
    ctx_above_model_limit,
)
from app.core.memory.parallel import Placement
from app.core.memory.swap import plan_sleep
from app.core.models.model_config import ModelConfig, load_model_config
from app.core.models.registry import ModelEntry, ModelOptions, Registry
from app.core.models.vllm_args import ResolvedArgs
from app.core.paths import AppPaths
from app.core.problems.problems import Problem, ProblemError
from app.core.settings.setting_rules import ctx_size_problem
from app.core.settings.settings import Settings
from app.core.states import USABLE_FILES, EngineKind
from app.runtime.api.snapshot import OptionsPreview
from app.runtime.control.engine_choice import choose_kind, make_engine
from app.runtime.control.fast_start import fast_spec
from app.runtime.control.memory_watch import MemoryWatch
from app.runtime.control.planning.devices import budgets, device_env, device_label, place_model
from app.runtime.control.planning.files import FilesCache
from app.runtime.control.planning.rules import (
    cpu_kv_bytes,
    effective_ctx_size,
    memory_budget_bytes,
    memory_plan,
    not_downloaded,
    planned_device_bytes,
    problem_field,
    resolve_args,
    with_extra_args,
    with_sleep_mode,
)
from app.runtime.control.planning.values import LaunchPlan, ModelFiles, Rejection, shown_command
from app.supervisor.childenv import child_environment
from app.supervisor.engines.base import Engine, EngineCommand
from app.supervisor.sleep import SleepVerdicts

# Shown in a preview until an engine is installed: what a user would type by hand.
PREVIEW_PREFIX = ("vllm", "serve")
KV_SPACE_VAR = "VLLM_CPU_KVCACHE_SPACE"


class Planner:
    """Answers "what would loading this model do": files, LaunchPlan, memory, preview.

    Every method may be called on the runtime loop: the machine is read once at start-up
    (`refresh_system` runs off the loop) and model files — where they are, their config.json
    and the size of their weights — are read once and cached until an event says they
    changed (`forget_files`).
    """

    def __init__(
        self,
        paths: AppPaths,
        settings: Settings,
        registry: Registry,
        *,
        sysfs_root: Path = Path("/sys"),
        meminfo_path: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep_verdicts: SleepVerdicts | None = None,
    ) -> None:
        self._paths = paths
        self._sleep_verdicts = sleep_verdicts
        self._settings = settings
        self._registry = registry
        self._sysfs_root = sysfs_root
        self.problems: list[Problem] = []
        self.model_config = self._load_model_config()
        self._system: SystemInfo | None = None
        self._files = FilesCache(paths.hf_hub_cache, clock)
        # Extra flags for a model served across machines, by model id: set by the cluster
        # service whenever its configuration changes.
        self.overlays: Mapping[str, LaunchOverlay] = {}
        self.memory = MemoryWatch(self, settings, sysfs_root=sysfs_root, meminfo_path=meminfo_path)

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
            self._system = system_info(self._sysfs_root, self.memory.meminfo_path)
        return self._system

    def refresh_system(self) -> SystemInfo:
        """Read the machine again (blocking: call it through asyncio.to_thread)."""
        self._system = system_info(self._sysfs_root, self.memory.meminfo_path)
        return self._system

    def engine(self, kind: EngineKind | None = None) -> Engine:
        chosen = kind or choose_kind(self._settings, self.system_info())
        return make_engine(chosen, self._paths, self._settings, self.system_info().primary)

    def uses_gpu(self) -> bool:
        """Whether children run on GPUs: every engine but the CPU build."""
        return choose_kind(self._settings, self.system_info()) is not EngineKind.CPU

    # -- a model's files and options ----------------------------------------------------
    def model_files(self, entry: ModelEntry) -> ModelFiles:
        """Where the model's files are, and what planning reads of them (files.py: read once
        and cached until `forget_files`)."""
        return self._files.get(entry)

    def forget_files(self) -> None:
        self._files.clear()

    def ctx_size(self, model_id: str) -> int:
        """The context size a start of the model would get. The endpoint asks on every
        request, so it reads the one setting it needs and copies none."""
        entry = self._registry.get(model_id)
        return effective_ctx_size(
            self._registry.options(entry.id),
            int(self._settings.get("models.ctx_size")),
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

    # -- a start ------------------------------------------------------------------------
    def plan_launch(self, model: str | ModelEntry, *, extra_args: Sequence[str] = ()) -> LaunchPlan:
        """What a start of the model (its id, or its entry just looked up) runs and takes,
        decided once: the controller carries the plan for as long as the child lives.
        `extra_args` are one start's temporary overrides (the tune's `--max-num-seqs N`),
        merged over every stored layer; never persisted. Raises ProblemError when the model
        cannot start as it is."""
        entry = model if isinstance(model, ModelEntry) else self._registry.get(model)
        system = self.system_info()
        kind = choose_kind(self._settings, system)
        engine = self.engine(kind)
        command = engine.command()
        # The user's own vLLM has no version file: its command names the build.
        version = None if kind is EngineKind.CUSTOM else engine.status().version
        files = self.model_files(entry)
        settings = self._settings.as_dict()
        options = self._registry.options(entry.id)
        overlay = self.overlays.get(entry.id)
        if overlay is None:
            placement = place_model(entry, options, files, kind, system)
        else:
            # Across machines the cluster sets the parallel sizes (its flags come last and
            # win); the model's own GPUs hold this machine's share of the ranks.
            options = dataclasses.replace(
                options, tensor_parallel_size=None, pipeline_parallel_size=None
            )
            local = dataclasses.replace(options, tensor_parallel_size=overlay.local_ranks)
            placement = place_model(entry, local, files, kind, system, check_heads=False)
        resolved = with_extra_args(
            resolve_args(self.model_config, entry, options, settings, command.default_args),
            extra_args,
        )
        if files.path is None or files.state not in USABLE_FILES:
            raise not_downloaded(entry)
        ctx = effective_ctx_size(options, int(settings["models.ctx_size"]), files.context_limit)
        spec = self._spec(
            entry,
            str(files.path),
            ctx,
            command=command,
            resolved=resolved,
            placement=placement,
            settings=settings,
        )
        if overlay is not None:
            # One model across machines is never slept: a sleep there is untested, and the
            # app could measure only this machine's share of it.
            spec = dataclasses.replace(
                spec, args=(*spec.args, *overlay.args), env={**spec.env, **overlay.env}
            )
        else:
            spec = self._with_sleep(
                spec, kind=kind, version=version, command=command, files=files, settings=settings
            )
        # Last: the compile caches' marks are keyed by the launch as it will run.
        spec = fast_spec(
            spec,
            self._paths.cache_dir,
            kind=kind,
            version=version,
            prefix=command.prefix,
            optimize=options.optimize,
        )
        return self._plan(spec, files, placement, kind=kind, settings=settings, overlay=overlay)

    def _spec(
        self,
        entry: ModelEntry,
        model_path: str,
        ctx: int,
        *,
        command: EngineCommand,
        resolved: ResolvedArgs,
        placement: Placement,
        settings: Mapping[str, Any],
    ) -> LaunchSpec:
        return LaunchSpec(
            model_id=entry.id,
            served_name=entry.id,
            model_path=model_path,
            ctx_size=ctx,
            prefix=command.prefix,
            args=resolved.args,
            env={**command.env, **self.launch_env(), **device_env(placement, self.system_info())},
            load_timeout_s=float(settings["models.load_timeout_s"]),
            stall_timeout_s=float(settings["models.load_stall_timeout_s"]),
            gpus=placement.gpus,
        )

    def _with_sleep(
        self,
        spec: LaunchSpec,
        *,
        kind: EngineKind,
        version: str | None,
        command: EngineCommand,
        files: ModelFiles,
        settings: Mapping[str, Any],
    ) -> LaunchSpec:
        """`spec` with vLLM's sleep mode where a child of that engine build (`kind`, its
        `version`) on its GPUs would sleep (docs/sleep-mode.md); unchanged where it starts
        without: the setting, the engine, or a sleep measured to free nothing on that build
        and those GPUs."""
        mode = str(settings["memory.sleep_mode"])
        if mode == "off":
            return spec
        # The user's own vLLM has no version file: its command names the build.
        build = " ".join(command.prefix) if kind is EngineKind.CUSTOM else version
        found = self.system_info().gpus
        sleep: SleepSpec | None = plan_sleep(
            mode,
            kind.value,
            build,
            [found[i] for i in spec.gpus if 0 <= i < len(found)],
            files.weights_bytes,
        )
        verdicts = self._sleep_verdicts
        if sleep is None or (verdicts is not None and not verdicts.may_sleep(sleep.verdict_key)):
            return spec
        return with_sleep_mode(spec, sleep, kind)

    def _plan(
        self,
        spec: LaunchSpec,
        files: ModelFiles,
        placement: Placement,
        *,
        kind: EngineKind,
        settings: Mapping[str, Any],
        overlay: LaunchOverlay | None = None,
    ) -> LaunchPlan:
        """`spec` with the memory its child will take on each device (`gpu0`…, or `ram`),
        for deciding what must be unloaded before it starts.

        Read from the environment the child will really get (the supervisor builds it from
        the spec and the app's own environment): a KV-cache size set in the user's
        environment is reserved all the same.
        """
        weights, sizes = files.weights_bytes, placement
        if overlay is not None:
            # Across machines, this one holds only its share of the weights, sharded by
            # the model's sizes across all of them.
            weights = int(weights * overlay.memory_share)
            sizes = dataclasses.replace(
                placement,
                tensor_parallel_size=overlay.tensor_parallel_size,
                pipeline_parallel_size=overlay.pipeline_parallel_size,
            )
        system = self.system_info()
        device_bytes = planned_device_bytes(
            weights=weights,
            shape=files.shape,
            ctx_size=spec.ctx_size,
            placement=sizes,
            args=spec.args,
            gpu_totals={index: gpu.budget_total for index, gpu in enumerate(system.gpus)},
            cpu_kv_bytes=cpu_kv_bytes(child_environment(spec.env).get(KV_SPACE_VAR)),
        )
        per_device = budgets(kind, float(settings["memory.budget_gb"]), system)
        return LaunchPlan(spec, placement, device_bytes, per_device)

    # -- devices (devices.py) --------------------------------------------------------------
    def device_label(self, device: str) -> str:
        return device_label(device, self.system_info())

    def memory_budgets(self) -> dict[str, int]:
        """Bytes the children together may use on each device (devices.budgets)."""
        kind = choose_kind(self._settings, self.system_info())
        return budgets(kind, float(self._settings.get("memory.budget_gb")), self.system_info())

    # -- previews -------------------------------------------------------------------------
    def preview_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> OptionsPreview:
        """The effect of options on the command line and memory, without saving anything.

        Shared by the settings dialog (called as the user types, so it stays cheap), the
        options use case and `vllm-tray options`; a rejected input comes back as `problem`,
        never raised. The fields not given keep what is stored.
        """
        stored = self._registry.options(self._registry.get(model_id).id)
        return self.preview(
            model_id,
            dataclasses.replace(
                stored,
                ctx_size=ctx_size if ctx_size is not None else stored.ctx_size,
                vllm_args=vllm_args if vllm_args is not None else stored.vllm_args,
            ),
        )

    def preview(self, model_id: str, options: ModelOptions) -> OptionsPreview:
        """The effect of exactly these options (`ctx_size` None: follow the default): the
        plan a start with them would make, on this machine alone, before the model is
        downloaded or an engine installed (then the catalog's size and `vllm serve` stand
        in)."""
        entry = self._registry.get(model_id)
        settings = self._settings.as_dict()
        files = self.model_files(entry)
        ctx = effective_ctx_size(options, int(settings["models.ctx_size"]), files.context_limit)
        rejected = Rejection(entry.id, ctx, options, settings)
        system = self.system_info()
        kind = choose_kind(self._settings, system)
        engine, command = self._installed(kind)
        try:
            resolved = resolve_args(
                self.model_config, entry, options, settings, command.default_args
            )
        except ProblemError as exc:
            return rejected(exc.problem, "vllm_args")
        above = ctx_size_problem(options.ctx_size)  # the global setting's bounds, then the model's
        above = above or ctx_above_model_limit(entry.id, ctx, files.context_limit)
        if above is not None:
            return rejected(above, "ctx_size")
        try:
            placement = place_model(entry, options, files, kind, system)
        except ProblemError as exc:
            return rejected(exc.problem, problem_field(exc.problem))
        spec = self._spec(
            entry,
            str(files.path or entry.checkpoint),
            ctx,
            command=command,
            resolved=resolved,
            placement=placement,
            settings=settings,
        )
        if engine is not None:
            version = None if kind is EngineKind.CUSTOM else engine.status().version
            spec = self._with_sleep(
                spec, kind=kind, version=version, command=command, files=files, settings=settings
            )
        plan = self._plan(spec, files, placement, kind=kind, settings=settings)
        # Several GPUs: each holds its share, so the smallest GPU's budget decides.
        totals = [system.gpus[i].budget_total for i in placement.gpus] or [None]
        budget = min(
            memory_budget_bytes(resolved.args, total, system.ram_total) for total in totals
        )
        return dataclasses.replace(
            rejected.base,
            command=shown_command(spec),
            layers=resolved.layers,
            memory=memory_plan(files.shape, files.weights_bytes, ctx, budget, placement),
            effective_gpus=placement.gpus,
            planned=plan.device_bytes,
            rooms={d: r for d, r in self.memory.rooms().items() if d in plan.device_bytes},
        )

    def _installed(self, kind: EngineKind) -> tuple[Engine | None, EngineCommand]:
        """The engine and its command when it can run; else what a user would type."""
        try:
            engine = self.engine(kind)
            if engine.status().installed:
                return engine, engine.command()
        except ProblemError:
            pass
        return None, EngineCommand(prefix=PREVIEW_PREFIX)
