"""Before a download: can the pinned vLLM run a model, and does it fit this machine's memory.

Read from what the hub tells about a repository without downloading it: the weight files'
sizes and format, and its config.json. The memory rule is app.core.memory.memory's (weights +
overhead + KV cache for one request of the default ctx_size against the planner's budget);
this module only turns its plan into a verdict a list of search results can show. That
verdict is one: a model the engine's registry of architectures cannot load "cannot run",
however well it would fit (issue 32 item 1).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any

from app.core.memory.memory import estimate_overhead_bytes, plan_memory
from app.core.memory.model_shape import ModelShape, model_context_limit
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.untrusted import parse_json

ARCHITECTURES_FILE = "vllm_architectures.json"  # written by scripts/vllm_architectures.py
# Less context than this is of no use for a chat; a model that leaves less room "won't fit".
MIN_USEFUL_CTX = 1024
# A shorter context is offered in steps a person would type.
CTX_STEP = 256


class WeightFormat(StrEnum):
    """The weights a repository offers, as vLLM would load them from a Hugging Face folder."""

    SAFETENSORS = "safetensors"
    PYTORCH = "pytorch"  # .bin/.pt only: vLLM loads them, slower and less safely
    GGUF = "gguf"  # GGUF files only: not loadable from a Hugging Face folder by vLLM
    NONE = "none"  # no weights at all (a tokenizer, an adapter, a dataset card…)


class ArchSupport(StrEnum):
    """What the pinned vLLM does with a config.json's `architectures[0]`."""

    GENERATE = "generate"  # a text (or multimodal) generator vLLM implements: chat works
    POOLING = "pooling"  # embeddings, classification, reward: served, but not a chat model
    DRAFT = "draft"  # a speculative-decoding draft head, not a model to serve on its own
    REMOVED = "removed"  # implemented by an older vLLM only
    PLUGIN = "plugin"  # served by an out-of-tree plugin vLLM Tray does not install
    UNKNOWN = "unknown"  # not in vLLM's list (it might try Transformers' own code)
    MISSING = "missing"  # the config names no architecture, or could not be read


# What the engine has no way to serve as a model of its own: a download of it cannot run.
# (MISSING is left to the memory verdict: a config that cannot be read proves nothing.)
NOT_SERVED = frozenset(
    {ArchSupport.DRAFT, ArchSupport.REMOVED, ArchSupport.PLUGIN, ArchSupport.UNKNOWN}
)


class FitVerdict(StrEnum):
    """One verdict per repository, the first that holds: NOT_LOADABLE, CANNOT_RUN, then memory."""

    FITS = "fits"  # at the default ctx_size
    FITS_SHORTER = "fits_shorter"  # only with a smaller ctx_size (`max_ctx`)
    WONT_FIT = "wont_fit"
    NOT_LOADABLE = "not_loadable"  # nothing vLLM can load (GGUF only, no weights)
    CANNOT_RUN = "cannot_run"  # weights, but an architecture the engine cannot load
    UNKNOWN = "unknown"  # the config.json could not be read (a gated repository)


@dataclass(frozen=True)
class VllmArchitectures:
    """The model classes of one vLLM version (app/core/data/vllm_architectures.json)."""

    version: str
    tasks: Mapping[str, str]
    removed: Mapping[str, str]  # architecture -> the last vLLM version that had it
    plugins: Mapping[str, str]  # architecture -> the plugin's address

    def support(self, architecture: str | None) -> ArchSupport:
        if not architecture:
            return ArchSupport.MISSING
        task = self.tasks.get(architecture)
        if task is not None:
            return ArchSupport(task)
        if architecture in self.removed:
            return ArchSupport.REMOVED
        if architecture in self.plugins:
            return ArchSupport.PLUGIN
        return ArchSupport.UNKNOWN

    def cannot_run(self, architecture: str | None, *, custom_code: bool) -> Problem | None:
        """Why this vLLM cannot serve `architecture`, or None when it can (or cannot tell)."""
        support = self.support(architecture)
        if support not in NOT_SERVED or architecture is None:
            return None
        arch, version = architecture, self.version
        if support is ArchSupport.DRAFT:
            return problem("search.cannot_run_draft", architecture=arch, version=version)
        if support is ArchSupport.REMOVED:
            last = self.removed[arch]
            return problem(
                "search.cannot_run_removed", architecture=arch, version=version, last=last
            )
        if support is ArchSupport.PLUGIN:
            plugin = self.plugins[arch]
            return problem("search.cannot_run_plugin", architecture=arch, plugin=plugin)
        if custom_code:
            return problem("search.cannot_run_custom", architecture=arch, version=version)
        return problem("search.cannot_run_unknown", architecture=arch, version=version)


@functools.cache
def vllm_architectures() -> VllmArchitectures:
    """The shipped list (read once)."""
    text = resources.files("app.core").joinpath("data", ARCHITECTURES_FILE).read_text("utf-8")
    data = parse_json(text)
    return VllmArchitectures(
        version=str(data["vllm_version"]),
        tasks=dict(data["architectures"]),
        removed=dict(data.get("removed", {})),
        plugins=dict(data.get("plugins", {})),
    )


def architecture_of(config: Mapping[str, Any] | None) -> str | None:
    """`architectures[0]` of a config.json, the class vLLM picks."""
    if not config:
        return None
    found = config.get("architectures")
    if isinstance(found, list) and found and isinstance(found[0], str):
        return found[0]
    return None


def has_custom_code(config: Mapping[str, Any] | None) -> bool:
    """Whether a config.json points at the repository's own model code (`auto_map`), which
    Transformers runs only with trust_remote_code and vLLM's registry does not hold."""
    return config is not None and isinstance(config.get("auto_map"), Mapping)


def quantization_of(config: Mapping[str, Any] | None) -> str | None:
    """How the weights are quantized, in the words model cards use ("awq 4-bit", "fp8"); the
    dtype ("bfloat16") when they are not; None when the config does not say."""
    if not config:
        return None
    quant = config.get("quantization_config")
    if isinstance(quant, Mapping):
        method = str(quant.get("quant_method") or quant.get("format") or "quantized").lower()
        bits = quant.get("bits") or quant.get("w_bit") or quant.get("weight_bits")
        if not bits and quant.get("load_in_4bit"):
            bits = 4
        return f"{method} {bits}-bit" if isinstance(bits, int) else method
    text = config.get("text_config")
    section = text if isinstance(text, Mapping) else config
    dtype = section.get("dtype") or section.get("torch_dtype") or config.get("torch_dtype")
    return str(dtype).removeprefix("torch.") if dtype else None


@dataclass(frozen=True)
class FitEstimate:
    """Whether a model fits `budget_bytes`: at `ctx_size` (the default ctx_size, capped at
    the model's own limit), or only up to `max_ctx`. Byte counts are estimates as the
    model's settings dialog shows them once it is registered."""

    verdict: FitVerdict
    ctx_size: int
    budget_bytes: int
    weights_bytes: int
    max_ctx: int | None = None  # the largest ctx_size that fits (None: not known)
    needed_bytes: int | None = None  # weights + overhead + KV cache at ctx_size
    model_max_ctx: int | None = None  # the model's own limit, from its config.json
    cannot_run: Problem | None = None  # why the verdict is CANNOT_RUN


def estimate_fit(
    *,
    weights_bytes: int,
    weight_format: WeightFormat,
    config: Mapping[str, Any] | None,
    budget_bytes: int,
    default_ctx: int,
    cannot_run: Problem | None = None,
) -> FitEstimate:
    """The verdict for a repository whose weights take `weights_bytes` (the files a download
    would fetch) and whose config.json is `config` (None when it could not be read).
    `cannot_run` (VllmArchitectures.cannot_run) wins over any memory verdict; the memory
    figures are still given."""
    found = _memory_fit(weights_bytes, weight_format, config, budget_bytes, default_ctx)
    if cannot_run is None or found.verdict is FitVerdict.NOT_LOADABLE:
        return found
    return dataclasses.replace(found, verdict=FitVerdict.CANNOT_RUN, cannot_run=cannot_run)


def _memory_fit(
    weights_bytes: int,
    weight_format: WeightFormat,
    config: Mapping[str, Any] | None,
    budget_bytes: int,
    default_ctx: int,
) -> FitEstimate:
    limit = model_context_limit(config) if config else None
    ctx = min(default_ctx, limit) if limit is not None else default_ctx
    base = FitEstimate(FitVerdict.UNKNOWN, ctx, budget_bytes, weights_bytes, model_max_ctx=limit)
    if weight_format in (WeightFormat.GGUF, WeightFormat.NONE):
        return dataclasses.replace(base, verdict=FitVerdict.NOT_LOADABLE)
    floor = weights_bytes + estimate_overhead_bytes(weights_bytes)
    shape = _shape(config)
    if shape is None:
        # Without the config, only the weights can be judged: too big is too big.
        if floor > budget_bytes:
            return dataclasses.replace(
                base, verdict=FitVerdict.WONT_FIT, max_ctx=0, needed_bytes=floor
            )
        return base
    plan = plan_memory(budget_bytes, weights_bytes, shape, ctx)
    if plan.fits:
        verdict, max_ctx = FitVerdict.FITS, plan.max_ctx
    elif plan.max_ctx >= MIN_USEFUL_CTX:
        verdict, max_ctx = FitVerdict.FITS_SHORTER, plan.max_ctx // CTX_STEP * CTX_STEP
    else:
        verdict, max_ctx = FitVerdict.WONT_FIT, plan.max_ctx
    return dataclasses.replace(
        base, verdict=verdict, max_ctx=max_ctx, needed_bytes=plan.needed_bytes
    )


def _shape(config: Mapping[str, Any] | None) -> ModelShape | None:
    if not config:
        return None
    try:
        return ModelShape.from_config(config)
    except ProblemError:
        return None
