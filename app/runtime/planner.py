"""The planner: from a model id to where its files are, the command it runs and the memory it takes.

It reads the settings, the registry, the shipped model config and the machine, and answers
with values; it never starts, stops or persists anything. The pure rules it applies live in
app.runtime.planning and app.core.memory; this object adds the caches and the machine.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from app.core.cluster import LaunchOverlay
from app.core.contracts import LaunchSpec, SleepSpec
from app.core.gpu import SystemInfo, system_info
from app.core.memory import ctx_above_model_limit
from app.core.model_config import ModelConfig, load_model_config
from app.core.parallel import (
    GPUS_OPTION,
    PP_FLAG,
    RAM_DEVICE,
    TP_FLAG,
    TP_OPTION,
    Placement,
    gpu_device,
    gpu_index,
    heads_problem,
    place,
    visible_devices_env,
)
from app.core.paths import AppPaths
from app.core.problems import Problem, ProblemError, problem, tr_noop
from app.core.registry import ModelEntry, ModelOptions, Registry
from app.core.settings import Settings
from app.core.swap import plan_sleep
from app.core.vllm_args import ArgLayer, ResolvedArgs, merge_layers
from app.downloads import model_status
from app.runtime.api import OptionsPreview
from app.runtime.engines import choose_kind, make_engine
from app.runtime.fast_start import start_env
from app.runtime.planning import (
    ModelFiles,
    effective_ctx_size,
    flag_value,
    launch_spec,
    memory_budget_bytes,
    plan,
    planned_device_bytes,
    read_shape,
    resolve_args,
    weights_bytes,
)
from app.supervisor.childenv import child_environment
from app.supervisor.engines.base import Engine, EngineKind
from app.supervisor.sleep import DEV_MODE_VAR, SLEEP_FLAG, SleepVerdicts

FILES_CACHE_TTL_S = 30.0  # events clear it sooner; this only catches other tools
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
        options = self._registry.options(entry.id)
        overlay = self.overlay(entry.id)
        if overlay is None:
            placement = self.placement(entry.id, options)
        else:
            # Across machines the cluster sets the parallel sizes (its flags come last and
            # win); the model's own GPUs hold this machine's share of the ranks.
            options = dataclasses.replace(
                options, tensor_parallel_size=None, pipeline_parallel_size=None
            )
            local = dataclasses.replace(options, tensor_parallel_size=_local_ranks(overlay.args))
            placement = self.placement(entry.id, local, check_heads=False)
        resolved = resolve_args(
            self.model_config, entry, options, self._settings.as_dict(), command.default_args
        )
        if extra_args:
            layer = ArgLayer("one start", tuple(extra_args))
            resolved = ResolvedArgs(
                merge_layers([ArgLayer("resolved", resolved.args), layer]),
                (*resolved.layers, layer),
            )
        cache = start_env(self._paths.cache_dir, engine, options.optimize)  # caches, -O0…
        env = {**command.env, **self.launch_env(), **cache, **self.device_env(placement)}
        spec = launch_spec(
            entry,
            files,
            resolved=resolved,
            ctx_size=self.ctx_size(entry.id),
            prefix=command.prefix,
            env=env,
            load_timeout_s=float(self._settings.get("load_timeout_s")),
            stall_timeout_s=float(self._settings.get("load_stall_timeout_s")),
            gpus=placement.gpus,
        )
        if overlay is not None:
            # One model across machines is never slept: a sleep there is untested, and the
            # app could measure only this machine's share of it.
            return dataclasses.replace(
                spec, args=(*spec.args, *overlay.args), env={**spec.env, **overlay.env}
            )
        sleep = self.sleep_spec(engine, placement.gpus, weights_bytes(entry, files.path))
        return spec if sleep is None else with_sleep_mode(spec, sleep, engine.kind)

    def sleep_spec(self, engine: Engine, gpus: Sequence[int], weights: int) -> SleepSpec | None:
        """How a child of `engine` on `gpus` (positions in SystemInfo.gpus) would sleep
        (docs/sleep-mode.md), or None: started without sleep mode (the setting, the engine,
        or a sleep measured to free nothing on that build and those GPUs)."""
        build = engine.status().version
        if engine.kind is EngineKind.CUSTOM:
            build = " ".join(engine.command().prefix)  # the user's own vLLM has no version file
        found = self.system_info().gpus
        sleep = plan_sleep(
            str(self._settings.get("memory.sleep_mode")),
            engine.kind.value,
            build,
            [found[i] for i in gpus if 0 <= i < len(found)],
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

    # -- GPUs -----------------------------------------------------------------------------
    def uses_gpu(self) -> bool:
        """Whether children run on GPUs: every engine but the CPU build."""
        return choose_kind(self._settings, self.system_info()) is not EngineKind.CPU

    def placement(
        self, model_id: str, options: ModelOptions, *, check_heads: bool = True
    ) -> Placement:
        """Where a model with `options` runs: its GPUs, checked against the machine, the
        engine and (where its config.json tells) vLLM's rule for splitting heads. Raises
        ProblemError naming the option at fault."""
        entry = self._registry.get(model_id)
        system = self.system_info()
        kind = choose_kind(self._settings, system)
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
        if check_heads and placement.tensor_parallel_size > 1:
            shape = read_shape(self.model_files(entry).path)
            if shape is not None:
                found = heads_problem(
                    entry.id, shape.num_attention_heads, placement.tensor_parallel_size
                )
                if found is not None:
                    raise ProblemError(found)
        return placement

    def device_env(self, placement: Placement) -> dict[str, str]:
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
        system = self.system_info()
        budgets = {RAM_DEVICE: system.ram_total}
        if self.uses_gpu():
            for index, gpu in enumerate(system.gpus):
                # A GPU whose memory the system does not report: RAM is the only bound known.
                budgets[gpu_device(index)] = gpu.budget_total or system.ram_total
        configured = float(self._settings.get("memory.budget_gb"))
        if configured > 0:
            return dict.fromkeys(budgets, int(configured * 1e9))
        return budgets

    def planned_bytes(self, spec: LaunchSpec) -> int:
        """Memory the child will take, all its devices together (see `planned_by_device`)."""
        return sum(self.planned_by_device(spec).values())

    def planned_by_device(self, spec: LaunchSpec) -> dict[str, int]:
        """Memory the child will take on each device it uses (`gpu0`…, or `ram`), for
        deciding what must be unloaded before it starts.

        Read from the spec it was (or will be) started with — its GPUs, its parallel sizes
        in the argv — and from the environment the child will really get (the supervisor
        builds it from the spec and the app's own environment): a KV-cache size set in the
        user's environment is reserved all the same.
        """
        entry = self._registry.get(spec.model_id)
        # A preview of a model not downloaded yet: the catalog size stands in for the weights.
        folder = Path(spec.model_path) if Path(spec.model_path).is_dir() else None
        weights = weights_bytes(entry, folder)
        overlay = self.overlay(entry.id)
        if overlay is not None:
            # Across machines, this one holds only its share of the weights.
            weights = int(weights * overlay.memory_share)
        cpu_kv: int | None = None
        kv_space = child_environment(spec.env).get("VLLM_CPU_KVCACHE_SPACE")
        if kv_space is not None:
            with contextlib.suppress(ValueError):
                # The CPU engine reserves exactly this much KV cache beside the weights.
                cpu_kv = int(float(kv_space) * 2**30)
        placement = Placement(
            _size(spec.args, TP_FLAG), _size(spec.args, PP_FLAG), spec.gpus, bool(spec.gpus)
        )
        gpus = self.system_info().gpus
        return planned_device_bytes(
            weights=weights,
            shape=read_shape(folder),
            ctx_size=spec.ctx_size,
            placement=placement,
            args=spec.args,
            gpu_totals={index: gpu.budget_total for index, gpu in enumerate(gpus)},
            cpu_kv_bytes=cpu_kv,
        )

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
        """The effect of exactly these options (`ctx_size` None: follow the default)."""
        entry = self._registry.get(model_id)
        settings = self._settings.as_dict()
        files = self.model_files(entry)
        ctx = effective_ctx_size(options, settings, files.context_limit)
        defaults = {"ctx_size": settings["ctx_size"], "vllm_args": ""}
        follows_default = options.ctx_size is None

        def rejected(found: Problem, field: str) -> OptionsPreview:
            return OptionsPreview(
                entry.id,
                ctx,
                options.vllm_args,
                found,
                defaults=defaults,
                ctx_is_default=follows_default,
                problem_field=field,
                tensor_parallel_size=options.tensor_parallel_size,
                pipeline_parallel_size=options.pipeline_parallel_size,
                gpus=options.gpus,
                optimize=options.optimize,
            )

        prefix: tuple[str, ...] = PREVIEW_PREFIX
        default_args: tuple[str, ...] = ()
        with contextlib.suppress(ProblemError):
            engine = self.engine()
            if engine.status().installed:
                command = engine.command()
                prefix, default_args = command.prefix, command.default_args
        try:
            resolved = resolve_args(self.model_config, entry, options, settings, default_args)
        except ProblemError as exc:
            return rejected(exc.problem, "vllm_args")
        if ctx < 1:
            return rejected(bad_ctx_size(ctx), "ctx_size")
        above = ctx_above_model_limit(entry.id, ctx, files.context_limit)
        if above is not None:
            return rejected(above, "ctx_size")
        try:
            placement = self.placement(entry.id, options)
        except ProblemError as exc:
            return rejected(exc.problem, _field_of(exc.problem))
        spec = LaunchSpec(
            model_id=entry.id,
            served_name=entry.id,
            model_path=str(files.path or entry.checkpoint),
            ctx_size=ctx,
            prefix=prefix,
            args=resolved.args,
            gpus=placement.gpus,
        )
        argv = spec.argv(port=0)
        argv[argv.index("--port") + 1] = "<port>"  # chosen free at each start
        system = self.system_info()
        # Several GPUs: each holds its share, so the smallest GPU's budget decides.
        totals = [system.gpus[i].budget_total for i in placement.gpus] or [None]
        budget = min(
            memory_budget_bytes(resolved.args, total, system.ram_total) for total in totals
        )
        return OptionsPreview(
            model_id=entry.id,
            ctx_size=ctx,
            vllm_args=options.vllm_args,
            problem=None,
            command=tuple(argv),
            layers=resolved.layers,
            memory=plan(entry, files.path, ctx, budget, placement),
            defaults=defaults,
            ctx_is_default=follows_default,
            effective_gpus=placement.gpus,
            planned=self.planned_by_device(spec),
            tensor_parallel_size=options.tensor_parallel_size,
            pipeline_parallel_size=options.pipeline_parallel_size,
            gpus=options.gpus,
            optimize=options.optimize,
        )


def _field_of(found: Problem) -> str:
    """The option a placement problem is about, for the dialog to point at."""
    if found.code in ("options.heads_not_divisible",):
        return TP_OPTION
    if found.code == "options.bad_parallel_size":
        return str(found.params.get("name", TP_OPTION))
    if found.code == "options.too_many_gpus":
        return TP_OPTION
    return GPUS_OPTION


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


def _local_ranks(args: tuple[str, ...]) -> int:
    """How many of a multi-node start's ranks run on this machine: vLLM gives every node
    the same number (world size / nodes)."""
    nodes = _size(args, "--nnodes")
    return max(1, _size(args, TP_FLAG) * _size(args, PP_FLAG) // nodes)


def _size(args: tuple[str, ...], flag: str) -> int:
    """A parallel size from an argv (the app writes them; 1 when absent)."""
    value = flag_value(args, flag)
    return int(value) if value is not None and value.isdigit() and int(value) > 0 else 1
