"""Memory planning: overhead beside the weights, the context that fits, concurrency, utilization."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Literal

from app.core.memory.model_shape import ModelShape, kv_bytes_per_token
from app.core.problems.problems import Fix, FixKind, Problem, problem, tr_noop

GIB = 1024**3

# vLLM hands out KV cache in blocks of 16 tokens, so capacities are whole blocks.
KV_BLOCK_TOKENS = 16

# What vLLM needs besides weights and KV cache. Its profile run measures the peak activation
# memory of one max-size batch (max_num_batched_tokens, a few thousand tokens), and the
# ROCm/torch runtime keeps its own context, workspaces and allocator slack. On the GPUs this
# app targets that came to roughly 1 GiB plus a few percent of the weights (sampler and logits
# buffers, fragmentation); CUDA/HIP graphs, captured only where eager mode is off (gfx9xx),
# add a few hundred MiB more, which the fixed part covers.
OVERHEAD_FIXED_BYTES = 1 * GIB
OVERHEAD_WEIGHTS_FRACTION = Decimal("0.05")

# The rule that fixed the crash at vLLM's 0.92 default: leave 5 % of the memory that was free
# at start, rounded down to hundredths (76.45 GiB free of 96 GiB → 0.75).
UTILIZATION_SAFETY = Decimal("0.95")
UTILIZATION_MIN = Decimal("0.10")
UTILIZATION_MAX = Decimal("0.99")


WEIGHT_SUFFIXES = (".safetensors", ".bin")


def ctx_above_model_limit(model: str, ctx_size: int, limit: int | None) -> Problem | None:
    """The problem of a ctx_size above the model's own limit (vLLM refuses to load it), with
    a fix that sets ctx_size to the limit; None when it is within (or the limit unknown)."""
    if limit is None or ctx_size <= limit:
        return None
    return problem(
        "options.ctx_above_model_limit",
        fix=Fix(
            FixKind.SET_MODEL_OPTION, "ctx_size", limit, tr_noop("Set the context size to {value}")
        ),
        model=model,
        ctx_size=ctx_size,
        limit=limit,
    )


def weights_bytes_from_folder(path: Path) -> int:
    """Size of the weight files in a model folder (following Hugging Face cache symlinks).

    vLLM loads safetensors when a folder has both formats, so `.bin` files count only
    when there is no `.safetensors` file.
    """
    sizes: dict[str, int] = {suffix: 0 for suffix in WEIGHT_SUFFIXES}
    found: set[str] = set()
    for file in path.iterdir():
        if file.suffix in sizes and file.is_file():
            sizes[file.suffix] += file.stat().st_size
            found.add(file.suffix)
    if ".safetensors" in found:
        return sizes[".safetensors"]
    return sizes[".bin"]


def weights_bytes_from_catalog(size_gb: float) -> int:
    """Bytes of a catalog `size` given in decimal gigabytes, as Lemonade's catalog does."""
    return int(Decimal(str(size_gb)) * 10**9)


def estimate_overhead_bytes(weights_bytes: int) -> int:
    """Memory vLLM uses besides weights and KV cache (see OVERHEAD_FIXED_BYTES)."""
    return OVERHEAD_FIXED_BYTES + int(weights_bytes * OVERHEAD_WEIGHTS_FRACTION)


def kv_cache_tokens(
    budget_bytes: int,
    weights_bytes: int,
    shape: ModelShape,
    *,
    overhead_bytes: int | None = None,
    kv_dtype_bytes: int | None = None,
) -> int:
    """Tokens of KV cache left in the budget, in whole vLLM blocks; 0 when nothing is left."""
    overhead = estimate_overhead_bytes(weights_bytes) if overhead_bytes is None else overhead_bytes
    free = budget_bytes - weights_bytes - overhead
    per_token = kv_bytes_per_token(shape, kv_dtype_bytes)
    if free <= 0 or per_token <= 0:
        return 0
    return free // per_token // KV_BLOCK_TOKENS * KV_BLOCK_TOKENS


def _requests(tokens: int, ctx_size: int) -> float:
    if ctx_size <= 0:
        raise ValueError("ctx_size must be positive")
    return tokens / ctx_size


CtxBinding = Literal["memory", "model"]


@dataclass(frozen=True)
class MemoryPlan:
    """Whether a model with a context size fits a budget, and what would fit instead.

    `fits` is False when the memory is too small or ctx_size is above the model's own limit
    `model_max_ctx` (None: the config states none). `max_ctx` is the largest ctx_size that
    works, and `binding` says which limit decides it: "memory" (the KV cache the budget
    leaves) or "model" (the model's own limit, reached before memory runs out).
    """

    fits: bool
    needed_bytes: int
    budget_bytes: int
    kv_bytes_per_token: int
    max_ctx: int
    concurrency: float
    model_max_ctx: int | None = None
    binding: CtxBinding = "memory"


def plan_memory(
    budget_bytes: int,
    weights_bytes: int,
    shape: ModelShape,
    ctx_size: int,
    *,
    overhead_bytes: int | None = None,
    kv_dtype_bytes: int | None = None,
) -> MemoryPlan:
    """Plan one model: `needed_bytes` = weights + overhead + KV cache for one `ctx_size` request."""
    overhead = estimate_overhead_bytes(weights_bytes) if overhead_bytes is None else overhead_bytes
    per_token = kv_bytes_per_token(shape, kv_dtype_bytes)
    needed = weights_bytes + overhead + per_token * ctx_size
    memory_tokens = kv_cache_tokens(
        budget_bytes, weights_bytes, shape, overhead_bytes=overhead, kv_dtype_bytes=kv_dtype_bytes
    )
    limit = shape.model_max_ctx
    model_binds = limit is not None and limit <= memory_tokens
    within_limit = limit is None or ctx_size <= limit
    return MemoryPlan(
        fits=needed <= budget_bytes and within_limit,
        needed_bytes=needed,
        budget_bytes=budget_bytes,
        kv_bytes_per_token=per_token,
        max_ctx=min(memory_tokens, limit) if limit is not None else memory_tokens,
        model_max_ctx=limit,
        binding="model" if model_binds else "memory",
        concurrency=_requests(memory_tokens, ctx_size),
    )


def recommended_gpu_memory_utilization(free_bytes: int, total_bytes: int) -> float:
    """floor(free / total × 0.95) to hundredths, clamped to [0.10, 0.99].

    Integer arithmetic on purpose: in floats 78/95 × 0.95 is 0.77999…, which would floor to
    0.77 instead of 0.78.
    """
    if total_bytes <= 0:
        raise ValueError("total_bytes must be positive")
    percent = int(UTILIZATION_SAFETY * 100)
    hundredths = Decimal(max(free_bytes, 0) * percent // total_bytes) / 100
    return float(min(max(hundredths, UTILIZATION_MIN), UTILIZATION_MAX))


def utilization_budget_bytes(total_bytes: int, utilization: float) -> int:
    """The bytes vLLM may use at `--gpu-memory-utilization utilization` of `total_bytes`."""
    return int(Decimal(total_bytes) * Decimal(str(utilization)))
