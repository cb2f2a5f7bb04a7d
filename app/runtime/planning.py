"""From registry entry + options + settings + engine to the exact command a child runs."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.contracts import LaunchSpec
from app.core.memory import (
    MemoryPlan,
    ModelShape,
    plan_memory,
    utilization_budget_bytes,
    weights_bytes_from_catalog,
    weights_bytes_from_folder,
)
from app.core.model_config import ModelConfig, resolve_model_args
from app.core.optimize import with_optimize
from app.core.parallel import (
    RAM_DEVICE,
    Placement,
    gpu_device,
    parallel_args,
    shard_shape,
    weights_share,
)
from app.core.problems import Problem, ProblemError, problem, tr_noop
from app.core.registry import ModelEntry, ModelOptions
from app.core.states import USABLE_FILES, SnapshotState
from app.core.vllm_args import ArgLayer, ResolvedArgs, settings_layer, split_args

UTILIZATION_FLAG = "--gpu-memory-utilization"
PARALLEL_LAYER = "parallel options"


@dataclass(frozen=True)
class ModelFiles:
    """Where a model's files are on disk, when they are (a local folder or a snapshot)."""

    path: Path | None
    state: SnapshotState
    bytes_on_disk: int = 0
    problem: Problem | None = None
    context_limit: int | None = None  # the model's own, as vLLM derives it (None: unknown)


def effective_ctx_size(
    options: ModelOptions, settings: Mapping[str, Any], context_limit: int | None = None
) -> int:
    """The model's own ctx_size; without one, the global default capped at the model's own
    limit (the user chose the default for models in general, not beyond what this one
    reads: vLLM would refuse to load it)."""
    if options.ctx_size is not None:
        return options.ctx_size
    default = int(settings["ctx_size"])
    return min(default, context_limit) if context_limit is not None else default


def resolve_args(
    model_config: ModelConfig,
    entry: ModelEntry,
    options: ModelOptions,
    settings: Mapping[str, Any],
    engine_default_args: tuple[str, ...],
) -> ResolvedArgs:
    resolved = resolve_model_args(
        model_config,
        name=entry.name,
        checkpoint=str(entry.checkpoint),
        engine_args=engine_default_args,
        settings=settings_layer(
            float(settings["gpu_memory_utilization"]), int(settings["max_num_seqs"])
        ),
        global_vllm_args=str(settings["vllm_args"]),
        model_vllm_args=options.vllm_args,
    )
    resolved = with_optimize(resolved, options.optimize, split_args(options.vllm_args))
    flags = parallel_args(options.tensor_parallel_size, options.pipeline_parallel_size)
    if not flags:
        return resolved
    # Appended, not merged: every other layer is refused these flags (managed), so nothing
    # can conflict with them.
    return ResolvedArgs(
        (*resolved.args, *flags), (*resolved.layers, ArgLayer(PARALLEL_LAYER, flags))
    )


def launch_spec(
    entry: ModelEntry,
    files: ModelFiles,
    *,
    resolved: ResolvedArgs,
    ctx_size: int,
    prefix: tuple[str, ...],
    env: Mapping[str, str],
    load_timeout_s: float,
    stall_timeout_s: float,
    gpus: tuple[int, ...] = (),
) -> LaunchSpec:
    if files.path is None or files.state not in USABLE_FILES:
        raise not_downloaded(entry)
    return LaunchSpec(
        model_id=entry.id,
        served_name=entry.id,
        model_path=str(files.path),
        ctx_size=ctx_size,
        prefix=prefix,
        args=resolved.args,
        env=dict(env),
        load_timeout_s=load_timeout_s,
        stall_timeout_s=stall_timeout_s,
        gpus=gpus,
    )


def not_downloaded(entry: ModelEntry) -> ProblemError:
    if entry.checkpoint.is_local:
        return ProblemError(
            problem(
                "models.not_downloaded",
                tr_noop(
                    "{model} points at the folder {path}, which does not hold a usable model "
                    "(config.json and weights are needed)."
                ),
                model=entry.id,
                path=str(entry.checkpoint),
            )
        )
    return ProblemError(
        problem(
            "models.not_downloaded",
            tr_noop("{model} is not downloaded yet. Download it first: vllm-tray pull {model}"),
            model=entry.id,
        )
    )


def read_shape(folder: Path | None) -> ModelShape | None:
    if folder is None:
        return None
    try:
        config = json.loads((folder / "config.json").read_text("utf-8"))
        return ModelShape.from_config(config)
    except (OSError, ValueError, ProblemError):
        return None


def weights_bytes(entry: ModelEntry, folder: Path | None) -> int:
    if folder is not None:
        found = weights_bytes_from_folder(folder)
        if found:
            return found
    if entry.size_gb is not None:
        return weights_bytes_from_catalog(entry.size_gb)
    return 0


def memory_budget_bytes(args: tuple[str, ...], gpu_total: int | None, fallback_total: int) -> int:
    """What the child may use: its --gpu-memory-utilization share of the GPU (or RAM)."""
    total = gpu_total or fallback_total
    utilization = flag_value(args, UTILIZATION_FLAG)
    if utilization is not None:
        try:
            return utilization_budget_bytes(total, float(utilization))
        except ValueError:
            return total
    return total


def flag_value(args: tuple[str, ...], flag: str) -> str | None:
    """The value the last `flag` in `args` sets (`--flag v` or `--flag=v`); None: not set."""
    value: str | None = None
    for i, token in enumerate(args):
        if token == flag and i + 1 < len(args):
            value = args[i + 1]
        elif token.startswith(flag + "="):
            value = token.split("=", 1)[1]
    return value


def planned_device_bytes(
    *,
    weights: int,
    shape: ModelShape | None,
    ctx_size: int,
    placement: Placement,
    args: tuple[str, ...],
    gpu_totals: Mapping[int, int | None],
    cpu_kv_bytes: int | None = None,
) -> dict[str, int]:
    """Memory a child will take on each device it uses (`gpu0`…, or `ram`).

    - The CPU engine (`cpu_kv_bytes`, its VLLM_CPU_KVCACHE_SPACE): weights + that KV cache.
    - On GPUs with --gpu-memory-utilization U: U × each GPU's memory. vLLM's every worker
      reserves that share of its own GPU up front, whatever the model's size.
    - Otherwise: each GPU's share of the weights (1 / (tp × pp)) plus its part of the KV
      cache for one `ctx_size` sequence (`shard_shape`); the whole of both in RAM.
    """
    if cpu_kv_bytes is not None:
        return {RAM_DEVICE: weights + cpu_kv_bytes}
    utilization = flag_value(args, UTILIZATION_FLAG)
    totals = [gpu_totals.get(i) for i in placement.gpus]
    if placement.gpus and utilization is not None and all(totals):
        out: dict[str, int] = {}
        for index, total in zip(placement.gpus, totals, strict=True):
            assert total is not None
            out[gpu_device(index)] = memory_budget_bytes(args, total, total)
        return out
    if not placement.gpus:
        per_token = 0 if shape is None else shape.kv_bytes_per_token()
        return {RAM_DEVICE: weights + per_token * ctx_size}
    tp, pp = placement.tensor_parallel_size, placement.pipeline_parallel_size
    per_token = 0 if shape is None else shard_shape(shape, tp, pp).kv_bytes_per_token()
    share = weights_share(weights, len(placement.gpus)) + per_token * ctx_size
    return {gpu_device(i): share for i in placement.gpus}


def plan(
    entry: ModelEntry,
    folder: Path | None,
    ctx_size: int,
    budget_bytes: int,
    placement: Placement | None = None,
) -> MemoryPlan | None:
    """Whether `ctx_size` fits; on several GPUs, for one GPU's share of the model against
    `budget_bytes` (the smallest of its GPUs' budgets)."""
    shape = read_shape(folder)
    if shape is None:
        return None
    weights = weights_bytes(entry, folder)
    if placement is not None and len(placement.gpus) > 1:
        tp, pp = placement.tensor_parallel_size, placement.pipeline_parallel_size
        shape = shard_shape(shape, tp, pp)
        weights = weights_share(weights, len(placement.gpus))
    return plan_memory(budget_bytes, weights, shape, ctx_size)
