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

from app.core.cluster import LaunchOverlay
from app.core.contracts import LaunchSpec, SleepSpec
from app.core.gpu import SystemInfo, system_info
from app.core.memory import (
    ctx_above_model_limit,
)
from app.core.model_config import ModelConfig, load_model_config
from app.core.parallel import (
    RAM_DEVICE,
    Placement,
    gpu_device,
    gpu_index,
    heads_problem,
    place,
    visible_devices_env,
)
from app.core.paths import AppPaths
from app.core.problems import Problem, ProblemError
from app.core.registry import ModelEntry, ModelOptions, Registry
from app.core.setting_rules import ctx_size_problem
from app.core.settings import Settings
from app.core.states import USABLE_FILES, EngineKind
from app.core.swap import plan_sleep
from app.core.vllm_args import ResolvedArgs
from app.runtime.engine_choice import choose_kind, make_engine
from app.runtime.fast_start import start_env, with_kept_work
from app.runtime.memory_watch import MemoryWatch
from app.runtime.planning.files import FilesCache
from app.runtime.planning.rules import (
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
from app.runtime.planning.values import LaunchPlan, ModelFiles, OptionsPreview, shown_command
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
        # Set by the runtime: extra flags for a model served across machines (the cluster).
        self.overlay: Callable[[str], LaunchOverlay | None] = lambda _model_id: None
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
    def plan_launch(self, model_id: str, *, extra_args: Sequence[str] = ()) -> LaunchPlan:
        """What a start of the model runs and takes, decided once: the controller carries
        the plan for as long as the child lives. `extra_args` are one start's temporary
        overrides (the tune's `--max-num-seqs N`), merged over every stored layer; never
        persisted. Raises ProblemError when the model cannot start as it is."""
        entry = self._registry.get(model_id)
        system = self.system_info()
        kind = choose_kind(self._settings, system)
        engine = self.engine(kind)
        command = engine.command()
        files = self.model_files(entry)
        settings = self._settings.as_dict()
        options = self._registry.options(entry.id)
        overlay = self.overlay(entry.id)
        if overlay is None:
            placement = self._place(entry, options, files, kind, system)
        else:
            # Across machines the cluster sets the parallel sizes (its flags come last and
            # win); the model's own GPUs hold this machine's share of the ranks.
            options = dataclasses.replace(
                options, tensor_parallel_size=None, pipeline_parallel_size=None
            )
            local = dataclasses.replace(options, tensor_parallel_size=overlay.local_ranks)
            placement = self._place(entry, local, files, kind, system, check_heads=False)
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
        fast = start_env(self._paths.cache_dir, engine, options.optimize)  # compile caches…
        spec = dataclasses.replace(spec, env={**spec.env, **fast})
        if overlay is not None:
            # One model across machines is never slept: a sleep there is untested, and the
            # app could measure only this machine's share of it.
            spec = dataclasses.replace(
                spec, args=(*spec.args, *overlay.args), env={**spec.env, **overlay.env}
            )
        else:
            spec = self._with_sleep(
                spec, engine, kind=kind, command=command, files=files, settings=settings
            )
        spec = with_kept_work(spec)  # …the startup plan and the AOT load a pre-warm made
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
            env={**command.env, **self.launch_env(), **self._device_env(placement)},
            load_timeout_s=float(settings["models.load_timeout_s"]),
            stall_timeout_s=float(settings["models.load_stall_timeout_s"]),
            gpus=placement.gpus,
        )

    def _with_sleep(
        self,
        spec: LaunchSpec,
        engine: Engine,
        *,
        kind: EngineKind,
        command: EngineCommand,
        files: ModelFiles,
        settings: Mapping[str, Any],
    ) -> LaunchSpec:
        """`spec` with vLLM's sleep mode where a child of `engine` on its GPUs would sleep
        (docs/sleep-mode.md); unchanged where it starts without: the setting, the engine,
        or a sleep measured to free nothing on that build and those GPUs."""
        mode = str(settings["memory.sleep_mode"])
        if mode == "off":
            return spec
        # The user's own vLLM has no version file: its command names the build.
        custom = kind is EngineKind.CUSTOM
        build = " ".join(command.prefix) if custom else engine.status().version
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
        budgets = self._budgets(kind, float(settings["memory.budget_gb"]))
        return LaunchPlan(spec, placement, device_bytes, budgets)

    # -- GPUs -----------------------------------------------------------------------------
    def _place(
        self,
        entry: ModelEntry,
        options: ModelOptions,
        files: ModelFiles,
        kind: EngineKind,
        system: SystemInfo,
        *,
        check_heads: bool = True,
    ) -> Placement:
        """Where a model with `options` runs: its GPUs, checked against the machine, the
        engine and (where its config.json tells) vLLM's rule for splitting heads. Raises
        ProblemError naming the option at fault."""
        # The ROCm bundle is built for one GPU family (the primary's); a custom engine may
        # run on any GPU of the primary's vendor.
        family = None
        if kind is EngineKind.ROCM and system.primary is not None:
            family = system.primary.gfx_family
        placement = place(
            entry.id,
            system.gpus,
            tensor_parallel_size=options.tensor_parallel_size,
            pipeline_parallel_size=options.pipeline_parallel_size,
            gpus=options.gpus,
            uses_gpu=kind is not EngineKind.CPU,
            engine_family=family,
        )
        if check_heads and placement.tensor_parallel_size > 1 and files.shape is not None:
            found = heads_problem(
                entry.id, files.shape.num_attention_heads, placement.tensor_parallel_size
            )
            if found is not None:
                raise ProblemError(found)
        return placement

    def _device_env(self, placement: Placement) -> dict[str, str]:
        """The variables that show a child only its GPUs (none when nothing is to choose)."""
        if not placement.pinned:
            return {}
        gpus = self.system_info().gpus
        return visible_devices_env([gpus[i] for i in placement.gpus])

    def device_label(self, device: str) -> str:
        """How a memory device is named to a user: "GPU 1 (Radeon RX 7900 XTX)" or "RAM"."""
        index = gpu_index(device)
        gpus = self.system_info().gpus
        if index is None or index >= len(gpus):
            return "RAM" if device == RAM_DEVICE else device
        return f"GPU {index} ({gpus[index].name})"

    # -- memory ---------------------------------------------------------------------------
    def memory_budgets(self) -> dict[str, int]:
        """Bytes the children together may use on each device: every GPU's own memory (the
        GPU engines) and RAM. `memory.budget_gb`, when set, is the budget of each device."""
        kind = choose_kind(self._settings, self.system_info())
        return self._budgets(kind, float(self._settings.get("memory.budget_gb")))

    def _budgets(self, kind: EngineKind, budget_gb: float) -> dict[str, int]:
        system = self.system_info()
        budgets = {RAM_DEVICE: system.ram_total}
        if kind is not EngineKind.CPU:
            for index, gpu in enumerate(system.gpus):
                # A GPU whose memory the system does not report: RAM is the only bound known.
                budgets[gpu_device(index)] = gpu.budget_total or system.ram_total
        if budget_gb > 0:
            return dict.fromkeys(budgets, int(budget_gb * 1e9))
        return budgets

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
        rejected = _Rejection(entry.id, ctx, options, settings)
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
            placement = self._place(entry, options, files, kind, system)
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
            spec = self._with_sleep(
                spec, engine, kind=kind, command=command, files=files, settings=settings
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


class _Rejection:
    """A preview's common fields, and the preview of a rejected input."""

    def __init__(
        self, model_id: str, ctx: int, options: ModelOptions, settings: Mapping[str, Any]
    ) -> None:
        self.base = OptionsPreview(
            model_id=model_id,
            ctx_size=ctx,
            vllm_args=options.vllm_args,
            problem=None,
            defaults={"ctx_size": settings["models.ctx_size"], "vllm_args": ""},
            ctx_is_default=options.ctx_size is None,
            tensor_parallel_size=options.tensor_parallel_size,
            pipeline_parallel_size=options.pipeline_parallel_size,
            gpus=options.gpus,
            optimize=options.optimize,
        )

    def __call__(self, found: Problem, field: str) -> OptionsPreview:
        return dataclasses.replace(self.base, problem=found, problem_field=field)
