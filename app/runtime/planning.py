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
from app.core.problems import Problem, ProblemError, problem, tr_noop
from app.core.registry import ModelEntry, ModelOptions
from app.core.vllm_args import (
    ModelConfig,
    ResolvedArgs,
    resolve_model_args,
    settings_layer,
)


@dataclass(frozen=True)
class ModelFiles:
    """Where a model's files are on disk, when they are (a local folder or a snapshot)."""

    path: Path | None
    state: str  # "not_downloaded" | "partial" | "complete"
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
    return resolve_model_args(
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


def launch_spec(
    entry: ModelEntry,
    files: ModelFiles,
    *,
    resolved: ResolvedArgs,
    ctx_size: int,
    prefix: tuple[str, ...],
    env: Mapping[str, str],
    load_timeout_s: float,
) -> LaunchSpec:
    if files.path is None or files.state not in ("complete", "local"):
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
    utilization = _flag_value(args, "--gpu-memory-utilization")
    if utilization is not None:
        try:
            return utilization_budget_bytes(total, float(utilization))
        except ValueError:
            return total
    return total


def _flag_value(args: tuple[str, ...], flag: str) -> str | None:
    value: str | None = None
    for i, token in enumerate(args):
        if token == flag and i + 1 < len(args):
            value = args[i + 1]
        elif token.startswith(flag + "="):
            value = token.split("=", 1)[1]
    return value


def plan(
    entry: ModelEntry,
    folder: Path | None,
    ctx_size: int,
    budget_bytes: int,
) -> MemoryPlan | None:
    shape = read_shape(folder)
    if shape is None:
        return None
    return plan_memory(budget_bytes, weights_bytes(entry, folder), shape, ctx_size)
