"""The planning rules, pure: context size, vLLM arguments, memory per device, sleep mode.

The planner (planner.py) gathers what they need — settings, the registry, the model's files,
the machine, the engine — and applies them; nothing here reads a file, the environment or
the clock.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from app.core.contracts import LaunchSpec, SleepSpec
from app.core.memory.memory import MemoryPlan, plan_memory, utilization_budget_bytes
from app.core.memory.model_shape import ModelShape
from app.core.memory.parallel import (
    GPUS_OPTION,
    RAM_DEVICE,
    TP_OPTION,
    Placement,
    gpu_device,
    parallel_args,
    shard_shape,
    weights_share,
)
from app.core.models.model_config import ModelConfig, resolve_model_args
from app.core.models.optimize import with_optimize
from app.core.models.registry import ModelEntry, ModelOptions
from app.core.models.vllm_args import (
    ONE_START_SOURCE,
    PARALLEL_SOURCE,
    ArgLayer,
    ResolvedArgs,
    merge_layers,
    settings_layer,
    split_args,
)
from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.states import EngineKind
from app.supervisor.sleep import DEV_MODE_VAR, SLEEP_FLAG

UTILIZATION_FLAG = "--gpu-memory-utilization"
PARALLEL_LAYER = PARALLEL_SOURCE
EXTRA_LAYER = ONE_START_SOURCE


# -- context size and arguments ----------------------------------------------------------
def effective_ctx_size(
    options: ModelOptions, default: int, context_limit: int | None = None
) -> int:
    """The model's own ctx_size; without one, the global default (the `ctx_size` setting)
    capped at the model's own limit (the user chose the default for models in general, not
    beyond what this one reads: vLLM would refuse to load it)."""
    if options.ctx_size is not None:
        return options.ctx_size
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
            float(settings["models.gpu_memory_utilization"]), int(settings["models.max_num_seqs"])
        ),
        global_vllm_args=str(settings["models.vllm_args"]),
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


def with_extra_args(resolved: ResolvedArgs, extra_args: Sequence[str]) -> ResolvedArgs:
    """One start's temporary overrides (the tune's `--max-num-seqs N`) over every layer."""
    if not extra_args:
        return resolved
    layer = ArgLayer(EXTRA_LAYER, tuple(extra_args))
    return ResolvedArgs(
        merge_layers([ArgLayer("resolved", resolved.args), layer]), (*resolved.layers, layer)
    )


def flag_value(args: tuple[str, ...], flag: str) -> str | None:
    """The value the last `flag` in `args` sets (`--flag v` or `--flag=v`); None: not set."""
    value: str | None = None
    for i, token in enumerate(args):
        if token == flag and i + 1 < len(args):
            value = args[i + 1]
        elif token.startswith(flag + "="):
            value = token.split("=", 1)[1]
    return value


def has_flag(args: Sequence[str], flag: str) -> bool:
    return any(a == flag or a.startswith(flag + "=") for a in args)


# -- sleep mode -------------------------------------------------------------------------
def with_sleep_mode(spec: LaunchSpec, sleep: SleepSpec, kind: EngineKind) -> LaunchSpec:
    """`spec` started with vLLM's sleep mode: its dev routes on (on the child's loopback port
    only: the endpoint relays none of them) and, where the engine accepts it, the flag."""
    args = spec.args
    # vLLM's CPU build refuses the flag, yet serves the routes (its worker ignores a sleep).
    if kind is not EngineKind.CPU and not has_flag(args, SLEEP_FLAG):
        args = (*args, SLEEP_FLAG)
    return dataclasses.replace(spec, args=args, env={**spec.env, DEV_MODE_VAR: "1"}, sleep=sleep)


# -- memory -----------------------------------------------------------------------------
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


def cpu_kv_bytes(kv_space: str | None) -> int | None:
    """The KV cache the CPU engine reserves beside the weights: VLLM_CPU_KVCACHE_SPACE GiB
    (None: not set, or not a number)."""
    if kv_space is None:
        return None
    try:
        return int(float(kv_space) * 2**30)
    except ValueError:
        return None


def memory_plan(
    shape: ModelShape | None,
    weights: int,
    ctx_size: int,
    budget_bytes: int,
    placement: Placement | None = None,
) -> MemoryPlan | None:
    """Whether `ctx_size` fits; on several GPUs, for one GPU's share of the model against
    `budget_bytes` (the smallest of its GPUs' budgets)."""
    if shape is None:
        return None
    if placement is not None and len(placement.gpus) > 1:
        tp, pp = placement.tensor_parallel_size, placement.pipeline_parallel_size
        shape = shard_shape(shape, tp, pp)
        weights = weights_share(weights, len(placement.gpus))
    return plan_memory(budget_bytes, weights, shape, ctx_size)


# -- problems ---------------------------------------------------------------------------
def not_downloaded(entry: ModelEntry) -> ProblemError:
    if entry.checkpoint.is_local:
        return ProblemError(
            worded_problem(
                "models.not_downloaded",
                tr_noop(
                    "{model} points at the folder {path}, which does not hold a usable model "
                    "(config.json and weights are needed)."
                ),
                model=entry.id,
                path=str(entry.checkpoint),
            )
        )
    return ProblemError(problem("models.not_downloaded", model=entry.id))


def problem_field(found: Problem) -> str:
    """The option a placement problem is about, for the dialog to point at."""
    if found.code in ("options.heads_not_divisible", "options.too_many_gpus"):
        return TP_OPTION
    if found.code == "options.bad_parallel_size":
        return str(found.params.get("name", TP_OPTION))
    return GPUS_OPTION
