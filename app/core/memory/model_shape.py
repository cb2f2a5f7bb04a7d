"""A model's shape from its config.json: KV-cache layout, dtype, and the context vLLM allows."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from app.core.problems.problems import ProblemError, problem

_DTYPE_BYTES: Mapping[str, int] = {
    "float32": 4,
    "float": 4,
    "fp32": 4,
    "float16": 2,
    "half": 2,
    "fp16": 2,
    "bfloat16": 2,
    "bf16": 2,
    "float8_e4m3fn": 1,
    "float8_e5m2": 1,
    "fp8": 1,
}
DEFAULT_DTYPE_BYTES = 2

# Layer kinds that keep a per-sequence state of fixed size instead of a per-token KV cache
# (Qwen3.5/Qwen3-Next gated delta net, Mamba, LFM2 convolutions). Unknown kinds count as
# attention, so an unfamiliar model is over- rather than under-estimated.
_NON_KV_LAYER_TYPES = frozenset({"linear_attention", "mamba", "mamba2", "conv", "short_conv"})

# Multimodal configs nest the language model's shape under one of these keys.
_TEXT_CONFIG_KEYS = ("text_config", "llm_config", "language_config")


# The model's own context limit follows vLLM 0.32's `_get_and_verify_max_len`
# (vllm/config/model.py) and `derive_max_model_len_and_key`
# (vllm/transformers_utils/model_arch_config_convertor.py). Keys that state a model's length,
# in vLLM's order; the smallest present one counts, and `model_max_length` overrides them all.
_MAX_LEN_KEYS = (
    "max_position_embeddings",  # most models
    "n_positions",  # GPT-2
    "max_seq_len",  # MPT
    "seq_length",  # ChatGLM2
    "model_max_length",  # Command-R
    "max_target_positions",  # Whisper
    "max_sequence_length",
    "max_seq_length",
    "seq_len",
)
# RoPE types whose max_position_embeddings is already the scaled length: vLLM does not apply
# their `factor` again. Every other type (linear, dynamic, …) multiplies the length by it.
_PRESCALED_ROPE_TYPES = frozenset(
    {"su", "longrope", "llama3", "yarn", "deepseek_yarn", "deepseek_llama_scaling"}
)
# Transformers' layer types: rope parameters keyed by these are per layer type (Gemma 3 …).
_ROPE_LAYER_TYPES = frozenset(
    {
        "full_attention",
        "sliding_attention",
        "chunked_attention",
        "window_attention",
        "indexed_attention",
        "compressed_sparse_attention",
        "heavily_compressed_attention",
        "minimax_m3_sparse",
        "conv",
        "moe",
        "hybrid",
        "hybrid_sliding",
        "linear_attention",
        "sparse",
        "dense",
    }
)


def _config_problem(key: str) -> ProblemError:
    return ProblemError(problem("memory.config_incomplete", key=key))


def _positive_int(section: Mapping[str, Any], key: str) -> int | None:
    value = section.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = int(value)
    return number if number > 0 and number == value else None


def dtype_bytes(name: object) -> int:
    """Bytes per element of a Hugging Face `torch_dtype`/`dtype` value; 2 when unknown."""
    if not isinstance(name, str):
        return DEFAULT_DTYPE_BYTES
    return _DTYPE_BYTES.get(name.removeprefix("torch.").lower(), DEFAULT_DTYPE_BYTES)


@dataclass(frozen=True)
class ModelShape:
    """The parts of a model's config that decide its KV-cache size.

    `kv_layers` counts the layers that keep a per-token KV cache (all of them, except in
    hybrid models). `kv_latent_dim` is set for multi-head latent attention (DeepSeek-style
    MLA), which caches one compressed vector per token and layer instead of K and V per head.
    """

    num_layers: int
    kv_layers: int
    num_attention_heads: int
    num_kv_heads: int
    head_dim: int
    hidden_size: int
    dtype_bytes: int
    max_position_embeddings: int | None
    kv_latent_dim: int | None = None
    # The longest --max-model-len vLLM accepts for this model (see `model_context_limit`);
    # None when the config states no length. Built by hand without it, a shape takes
    # max_position_embeddings, vLLM's rule for a model without RoPE scaling.
    model_max_ctx: int | None = None

    def __post_init__(self) -> None:
        if self.model_max_ctx is None and self.max_position_embeddings is not None:
            object.__setattr__(self, "model_max_ctx", self.max_position_embeddings)

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> ModelShape:
        """Read a Hugging Face `config.json` mapping; raises ProblemError when it is unusable."""
        text = _text_section(config)

        def get(key: str) -> Any:
            # Some multimodal configs keep dtype or context length only at the top level.
            return text[key] if key in text else config.get(key)

        layers = _positive_int(text, "num_hidden_layers")
        if layers is None:
            raise _config_problem("num_hidden_layers")
        heads = _positive_int(text, "num_attention_heads")
        if heads is None:
            raise _config_problem("num_attention_heads")
        hidden = _positive_int(text, "hidden_size")
        if hidden is None:
            raise _config_problem("hidden_size")
        kv_heads = _positive_int(text, "num_key_value_heads") or heads
        head_dim = _positive_int(text, "head_dim") or hidden // heads
        dtype = get("dtype") or get("torch_dtype")
        max_pos = _positive_int(text, "max_position_embeddings") or _positive_int(
            config, "max_position_embeddings"
        )
        kv_lora_rank = _positive_int(text, "kv_lora_rank")
        latent = None
        if kv_lora_rank is not None:
            latent = kv_lora_rank + (_positive_int(text, "qk_rope_head_dim") or 0)
        return cls(
            num_layers=layers,
            kv_layers=_kv_layer_count(text, layers),
            num_attention_heads=heads,
            num_kv_heads=kv_heads,
            head_dim=head_dim,
            hidden_size=hidden,
            dtype_bytes=dtype_bytes(dtype),
            max_position_embeddings=max_pos,
            kv_latent_dim=latent,
            model_max_ctx=model_context_limit(config),
        )

    def kv_bytes_per_token(self, kv_dtype_bytes: int | None = None) -> int:
        """Same as the module-level `kv_bytes_per_token(self, kv_dtype_bytes)`."""
        return kv_bytes_per_token(self, kv_dtype_bytes)


def _text_section(config: Mapping[str, Any]) -> Mapping[str, Any]:
    for key in _TEXT_CONFIG_KEYS:
        nested = config.get(key)
        if isinstance(nested, Mapping):
            return nested
    return config


def _rope_parameters(text: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """The RoPE parameter sets of a config, one per layer type when nested (as vLLM reads
    them: Transformers takes a config.json's `rope_scaling` as `rope_parameters`)."""
    params = text.get("rope_scaling") or text.get("rope_parameters")
    if not isinstance(params, Mapping) or not params:
        return
    if set(params) <= _ROPE_LAYER_TYPES:
        yield from (p for p in params.values() if isinstance(p, Mapping) and p)
    else:
        yield params


def _rope_type(params: Mapping[str, Any]) -> str:
    kind = params.get("rope_type", params.get("type", "default"))
    return "longrope" if kind == "su" else str(kind)


def model_context_limit(
    config: Mapping[str, Any], *, disable_sliding_window: bool = False
) -> int | None:
    """The longest context (`--max-model-len`) vLLM accepts for a model, from its config.json.

    vLLM's rules: the smallest length key present (`model_max_length` overrides), capped by
    `sliding_window` under `--disable-sliding-window`, times the RoPE scaling `factor` unless
    the RoPE type already scaled max_position_embeddings (llama3, yarn, longrope…) or the
    model is a Gemma 3; a `model_max_length` above that is accepted too. None when the config
    states no length. vLLM then uses the default of the model's Transformers class where it
    has one (LlamaConfig: 2048, checked against vLLM 0.32), else takes any --max-model-len;
    the class defaults are not known here, so nothing is checked then.

    Not covered: a tokenizer_config's `model_max_length`, which vLLM reads only for pooling
    models, and VLLM_ALLOW_LONG_MAX_MODEL_LEN, which lifts the limit altogether.
    """
    text = _text_section(config)
    derived = math.inf
    for key in _MAX_LEN_KEYS:
        value = _positive_int(text, key)
        if value is not None:
            derived = min(derived, value)
    model_max_length = _positive_int(text, "model_max_length")
    if model_max_length is not None:
        derived = model_max_length
    if derived == math.inf:
        # A multimodal config may state the length only at the top level.
        top = _positive_int(config, "max_position_embeddings")
        if top is None:
            return None
        derived = top
    sliding_window = _positive_int(text, "sliding_window")
    if disable_sliding_window and sliding_window is not None and sliding_window < derived:
        derived = sliding_window
    model_type = str(text.get("model_type") or config.get("model_type") or "")
    # Gemma 3 states its length already scaled (vLLM skips the factor for it).
    if "gemma3" not in model_type:
        derived *= _rope_factor(text)
    limit = int(derived)
    if model_max_length is not None and model_max_length > limit:
        limit = model_max_length
    return limit


def _rope_factor(text: Mapping[str, Any]) -> float:
    """The RoPE scaling factor vLLM multiplies the length by (1.0 when the RoPE type
    already scaled max_position_embeddings)."""
    factor: float = 1.0
    for params in _rope_parameters(text):
        if _rope_type(params) not in _PRESCALED_ROPE_TYPES:
            value = params.get("factor", factor)
            # A null factor is a config bug vLLM reads as 1.0.
            factor = float(value) if isinstance(value, int | float) else 1.0
    return factor


def _kv_layer_count(text: Mapping[str, Any], layers: int) -> int:
    layer_types = text.get("layer_types")
    if isinstance(layer_types, list) and layer_types:
        return sum(1 for kind in layer_types if kind not in _NON_KV_LAYER_TYPES)
    interval = _positive_int(text, "full_attention_interval")
    if interval is not None:
        # Same default pattern as Qwen3.5's config class: every interval-th layer is attention.
        return layers // interval
    return layers


def kv_bytes_per_token(shape: ModelShape, kv_dtype_bytes: int | None = None) -> int:
    """KV-cache bytes one token occupies: layers × kv_heads × head_dim × 2 (K and V) × dtype.

    `kv_dtype_bytes` overrides the model dtype, e.g. 1 for `--kv-cache-dtype fp8`.
    """
    element = kv_dtype_bytes if kv_dtype_bytes is not None else shape.dtype_bytes
    if shape.kv_latent_dim is not None:
        return shape.kv_layers * shape.kv_latent_dim * element
    return shape.kv_layers * shape.num_kv_heads * shape.head_dim * 2 * element
