"""Memory planning: model shapes from real-looking configs, KV sizes, fits, utilization rule."""

from __future__ import annotations

import math
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from app.core.memory.memory import (
    GIB,
    KV_BLOCK_TOKENS,
    OVERHEAD_FIXED_BYTES,
    MemoryPlan,
    ctx_above_model_limit,
    estimate_overhead_bytes,
    kv_cache_tokens,
    plan_memory,
    recommended_gpu_memory_utilization,
    utilization_budget_bytes,
    weights_bytes_from_catalog,
    weights_bytes_from_folder,
)
from app.core.memory.model_shape import (
    ModelShape,
    dtype_bytes,
    kv_bytes_per_token,
    model_context_limit,
)
from app.core.problems.problems import ProblemError

MIB = 1024**2

# Qwen/Qwen3-8B config.json.
QWEN3_8B: dict[str, Any] = {
    "architectures": ["Qwen3ForCausalLM"],
    "attention_bias": False,
    "attention_dropout": 0.0,
    "bos_token_id": 151643,
    "eos_token_id": 151645,
    "head_dim": 128,
    "hidden_act": "silu",
    "hidden_size": 4096,
    "initializer_range": 0.02,
    "intermediate_size": 12288,
    "max_position_embeddings": 40960,
    "max_window_layers": 36,
    "model_type": "qwen3",
    "num_attention_heads": 32,
    "num_hidden_layers": 36,
    "num_key_value_heads": 8,
    "rms_norm_eps": 1e-06,
    "rope_scaling": None,
    "rope_theta": 1000000,
    "sliding_window": None,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
    "transformers_version": "4.51.0",
    "use_cache": True,
    "use_sliding_window": False,
    "vocab_size": 151936,
}

# Qwen/Qwen3-0.6B: head_dim (128) is not hidden_size / heads (64), so it must be read.
QWEN3_0_6B: dict[str, Any] = {
    **QWEN3_8B,
    "hidden_size": 1024,
    "intermediate_size": 3072,
    "max_window_layers": 28,
    "num_attention_heads": 16,
    "num_hidden_layers": 28,
    "num_key_value_heads": 8,
    "tie_word_embeddings": True,
}

# A Qwen3.5-style multimodal hybrid: the language model sits under text_config, three gated
# delta-net layers for every attention layer, dtype spelled the transformers-5 way.
QWEN3_5_HYBRID: dict[str, Any] = {
    "architectures": ["Qwen3_5ForConditionalGeneration"],
    "model_type": "qwen3_5",
    "tie_word_embeddings": False,
    "image_token_id": 248056,
    "text_config": {
        "model_type": "qwen3_5_text",
        "attention_bias": False,
        "attn_output_gate": True,
        "dtype": "bfloat16",
        "full_attention_interval": 4,
        "head_dim": 256,
        "hidden_act": "silu",
        "hidden_size": 4096,
        "intermediate_size": 12288,
        "layer_types": ["linear_attention"] * 3 + ["full_attention"],
        "linear_conv_kernel_dim": 4,
        "linear_key_head_dim": 128,
        "linear_num_key_heads": 16,
        "linear_num_value_heads": 32,
        "linear_value_head_dim": 128,
        "max_position_embeddings": 262144,
        "num_attention_heads": 16,
        "num_hidden_layers": 32,
        "num_key_value_heads": 4,
        "rms_norm_eps": 1e-06,
        "vocab_size": 248320,
    },
    "vision_config": {"model_type": "qwen3_5", "depth": 27, "hidden_size": 1152},
}
QWEN3_5_HYBRID["text_config"]["layer_types"] = QWEN3_5_HYBRID["text_config"]["layer_types"] * 8

# The tiny Llama the real-engine tests generate (FACTS.md): 2 layers, 2 heads, 1 KV head,
# head_dim 64 implied by hidden_size 128, saved in float32; no head_dim key.
TINY_LLAMA: dict[str, Any] = {
    "architectures": ["LlamaForCausalLM"],
    "attention_bias": False,
    "bos_token_id": 1,
    "eos_token_id": 2,
    "hidden_act": "silu",
    "hidden_size": 128,
    "initializer_range": 0.02,
    "intermediate_size": 256,
    "max_position_embeddings": 2048,
    "model_type": "llama",
    "num_attention_heads": 2,
    "num_hidden_layers": 2,
    "num_key_value_heads": 1,
    "rms_norm_eps": 1e-06,
    "rope_theta": 10000.0,
    "tie_word_embeddings": False,
    "torch_dtype": "float32",
    "vocab_size": 512,
}

# deepseek-ai/DeepSeek-V2-Lite (multi-head latent attention), trimmed to the relevant keys.
DEEPSEEK_V2_LITE: dict[str, Any] = {
    "model_type": "deepseek_v2",
    "hidden_size": 2048,
    "num_attention_heads": 16,
    "num_hidden_layers": 27,
    "num_key_value_heads": 16,
    "kv_lora_rank": 512,
    "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
    "max_position_embeddings": 163840,
    "torch_dtype": "bfloat16",
}


# --- ModelShape ------------------------------------------------------------------------------


def test_qwen3_8b_shape() -> None:
    shape = ModelShape.from_config(QWEN3_8B)
    assert shape == ModelShape(
        num_layers=36,
        kv_layers=36,
        num_attention_heads=32,
        num_kv_heads=8,
        head_dim=128,
        hidden_size=4096,
        dtype_bytes=2,
        max_position_embeddings=40960,
    )
    assert kv_bytes_per_token(shape) == 36 * 8 * 128 * 2 * 2 == 147456
    assert shape.kv_bytes_per_token() == 147456
    assert shape.kv_bytes_per_token(kv_dtype_bytes=1) == 73728


def test_explicit_head_dim_wins_over_hidden_over_heads() -> None:
    shape = ModelShape.from_config(QWEN3_0_6B)
    assert shape.head_dim == 128
    assert kv_bytes_per_token(shape) == 28 * 8 * 128 * 2 * 2


def test_tiny_llama_derives_head_dim_and_reads_float32() -> None:
    shape = ModelShape.from_config(TINY_LLAMA)
    assert (shape.num_layers, shape.num_kv_heads, shape.head_dim) == (2, 1, 64)
    assert shape.dtype_bytes == 4
    assert shape.max_position_embeddings == 2048
    assert kv_bytes_per_token(shape) == 2 * 1 * 64 * 2 * 4 == 1024
    assert kv_bytes_per_token(shape, kv_dtype_bytes=2) == 512


def test_missing_kv_heads_means_plain_multi_head_attention() -> None:
    config = {k: v for k, v in TINY_LLAMA.items() if k != "num_key_value_heads"}
    shape = ModelShape.from_config(config)
    assert shape.num_kv_heads == 2
    assert kv_bytes_per_token(shape) == 2 * 2 * 64 * 2 * 4


def test_multimodal_config_reads_text_config_and_counts_only_attention_layers() -> None:
    shape = ModelShape.from_config(QWEN3_5_HYBRID)
    assert shape.num_layers == 32
    assert shape.kv_layers == 8
    assert (shape.num_kv_heads, shape.head_dim, shape.hidden_size) == (4, 256, 4096)
    assert shape.dtype_bytes == 2
    assert shape.max_position_embeddings == 262144
    assert kv_bytes_per_token(shape) == 8 * 4 * 256 * 2 * 2 == 32768


def test_attention_interval_without_layer_types() -> None:
    text = {k: v for k, v in QWEN3_5_HYBRID["text_config"].items() if k != "layer_types"}
    shape = ModelShape.from_config({**QWEN3_5_HYBRID, "text_config": text})
    assert shape.kv_layers == 8


def test_top_level_dtype_and_context_serve_a_nested_text_config() -> None:
    text = {
        k: v
        for k, v in QWEN3_5_HYBRID["text_config"].items()
        if k not in {"dtype", "max_position_embeddings"}
    }
    config = {
        **QWEN3_5_HYBRID,
        "text_config": text,
        "torch_dtype": "float32",
        "max_position_embeddings": 32768,
    }
    shape = ModelShape.from_config(config)
    assert shape.dtype_bytes == 4
    assert shape.max_position_embeddings == 32768


def test_multi_head_latent_attention_caches_one_latent_vector() -> None:
    shape = ModelShape.from_config(DEEPSEEK_V2_LITE)
    assert shape.kv_latent_dim == 512 + 64
    assert kv_bytes_per_token(shape) == 27 * 576 * 2


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("bfloat16", 2),
        ("float16", 2),
        ("float32", 4),
        ("torch.float32", 4),
        ("float8_e4m3fn", 1),
        ("auto", 2),
        (None, 2),
    ],
)
def test_dtype_bytes(name: object, size: int) -> None:
    assert dtype_bytes(name) == size


def test_dtype_key_is_read_as_well_as_torch_dtype() -> None:
    config = {k: v for k, v in TINY_LLAMA.items() if k != "torch_dtype"}
    assert ModelShape.from_config({**config, "dtype": "float32"}).dtype_bytes == 4
    assert ModelShape.from_config(config).dtype_bytes == 2  # absent: the usual 16-bit


@pytest.mark.parametrize("key", ["num_hidden_layers", "num_attention_heads", "hidden_size"])
def test_config_without_a_required_key_is_a_problem(key: str) -> None:
    config = {k: v for k, v in QWEN3_8B.items() if k != key}
    with pytest.raises(ProblemError) as caught:
        ModelShape.from_config(config)
    assert caught.value.problem.code == "memory.config_incomplete"
    assert caught.value.problem.params == {"key": key}


def test_nonsense_values_are_not_read_as_numbers() -> None:
    with pytest.raises(ProblemError):
        ModelShape.from_config({**QWEN3_8B, "num_hidden_layers": True})
    with pytest.raises(ProblemError):
        ModelShape.from_config({**QWEN3_8B, "hidden_size": "4096"})
    no_max = ModelShape.from_config({**QWEN3_8B, "max_position_embeddings": 0})
    assert no_max.max_position_embeddings is None


# --- weights ---------------------------------------------------------------------------------


def _sized(path: Path, size: int) -> Path:
    with path.open("wb") as f:
        f.truncate(size)  # sparse: no real disk use
    return path


def test_weights_from_folder_sums_safetensors_and_ignores_duplicates_in_bin(
    tmp_path: Path,
) -> None:
    _sized(tmp_path / "model-00001-of-00002.safetensors", 4_900_000_000)
    _sized(tmp_path / "model-00002-of-00002.safetensors", 1_200_000_000)
    _sized(tmp_path / "pytorch_model.bin", 6_100_000_000)  # the same weights again
    _sized(tmp_path / "tokenizer.json", 11_000_000)
    (tmp_path / "config.json").write_text("{}")
    assert weights_bytes_from_folder(tmp_path) == 6_100_000_000


def test_weights_from_folder_counts_bin_when_there_is_no_safetensors(tmp_path: Path) -> None:
    _sized(tmp_path / "pytorch_model-00001-of-00002.bin", 300)
    _sized(tmp_path / "pytorch_model-00002-of-00002.bin", 200)
    assert weights_bytes_from_folder(tmp_path) == 500


def test_weights_from_folder_follows_hugging_face_cache_symlinks(tmp_path: Path) -> None:
    blobs = tmp_path / "blobs"
    snapshot = tmp_path / "snapshots" / "abc123"
    blobs.mkdir()
    snapshot.mkdir(parents=True)
    _sized(blobs / "e3b0c442", 1_600_000)
    (snapshot / "model.safetensors").symlink_to("../../blobs/e3b0c442")
    assert weights_bytes_from_folder(snapshot) == 1_600_000


def test_weights_from_empty_folder_is_zero(tmp_path: Path) -> None:
    assert weights_bytes_from_folder(tmp_path) == 0


@pytest.mark.parametrize(
    ("size_gb", "expected"),
    [(19.3, 19_300_000_000), (1.77, 1_770_000_000), (55.59, 55_590_000_000), (36, 36 * 10**9)],
)
def test_weights_from_catalog_size_in_decimal_gb(size_gb: float, expected: int) -> None:
    assert weights_bytes_from_catalog(size_gb) == expected


# --- fitting ---------------------------------------------------------------------------------


def max_ctx_that_fits(budget: int, weights: int, shape: ModelShape, **kw: int) -> int:
    """The plan's longest context (which does not depend on the context asked for)."""
    return plan_memory(budget, weights, shape, 1, **kw).max_ctx


def test_max_ctx_is_what_the_kv_budget_holds_in_whole_blocks() -> None:
    shape = ModelShape.from_config(TINY_LLAMA)  # 1024 bytes per token
    budget = 1_000_000 + 1000 * 1024 + 5
    assert max_ctx_that_fits(budget, 1_000_000, shape, overhead_bytes=0) == 992
    assert 992 % KV_BLOCK_TOKENS == 0


def test_max_ctx_is_capped_at_the_model_maximum() -> None:
    shape = ModelShape.from_config(TINY_LLAMA)
    assert max_ctx_that_fits(64 * GIB, 1_600_000, shape) == 2048


def test_max_ctx_is_zero_when_weights_do_not_fit() -> None:
    shape = ModelShape.from_config(QWEN3_8B)
    assert max_ctx_that_fits(8 * GIB, 16 * GIB, shape) == 0
    # Weights alone fit, but the overhead eats the rest.
    assert max_ctx_that_fits(16 * GIB + MIB, 16 * GIB, shape) == 0


def test_default_overhead_is_a_fixed_part_plus_a_share_of_the_weights() -> None:
    weights = 16 * 10**9
    assert estimate_overhead_bytes(weights) == OVERHEAD_FIXED_BYTES + 800_000_000
    shape = ModelShape.from_config(QWEN3_8B)
    budget = 20 * GIB  # leaves less KV than the 40960 maximum either way
    assert max_ctx_that_fits(budget, weights, shape) == max_ctx_that_fits(
        budget, weights, shape, overhead_bytes=estimate_overhead_bytes(weights)
    )
    assert max_ctx_that_fits(budget, weights, shape) < max_ctx_that_fits(
        budget, weights, shape, overhead_bytes=0
    )


def test_fp8_kv_cache_doubles_the_tokens() -> None:
    shape = ModelShape.from_config(QWEN3_8B)
    bf16 = kv_cache_tokens(40 * GIB, 16 * 10**9, shape)
    fp8 = kv_cache_tokens(40 * GIB, 16 * 10**9, shape, kv_dtype_bytes=1)
    assert abs(fp8 - 2 * bf16) <= KV_BLOCK_TOKENS


def test_qwen3_8b_on_an_rx_7900_xtx() -> None:
    shape = ModelShape.from_config(QWEN3_8B)
    weights = 16_381_470_720
    budget = utilization_budget_bytes(24560 * MIB, 0.9)
    assert budget == 23177723904
    free = budget - weights - estimate_overhead_bytes(weights)
    tokens = free // 147456 // 16 * 16
    assert tokens == 33248  # below the 40960 maximum: memory is the limit here
    assert max_ctx_that_fits(budget, weights, shape) == tokens
    assert plan_memory(budget, weights, shape, 8192).concurrency == pytest.approx(tokens / 8192)


def test_qwen3_5_9b_on_strix_halo_at_the_recommended_utilization() -> None:
    # 96 GiB carve-out with 76.45 GiB free at start → 0.75 → a 72 GiB budget.
    total = 96 * GIB
    utilization = recommended_gpu_memory_utilization(int(Decimal("76.45") * GIB), total)
    budget = utilization_budget_bytes(total, utilization)
    assert budget == 72 * GIB
    shape = ModelShape.from_config(QWEN3_5_HYBRID)
    weights = weights_bytes_from_catalog(19.3)
    plan = plan_memory(budget, weights, shape, 8192)
    overhead = estimate_overhead_bytes(weights)
    assert plan == MemoryPlan(
        fits=True,
        needed_bytes=weights + overhead + 8192 * 32768,
        budget_bytes=budget,
        kv_bytes_per_token=32768,
        max_ctx=262144,  # the model's maximum; memory would allow far more
        concurrency=((budget - weights - overhead) // 32768 // 16 * 16) / 8192,
        model_max_ctx=262144,
        binding="model",
    )
    assert plan.concurrency > 200


def test_plan_that_does_not_fit() -> None:
    shape = ModelShape.from_config(QWEN3_8B)
    weights = 16_381_470_720
    plan = plan_memory(20 * GIB, weights, shape, 40960, overhead_bytes=GIB)
    assert plan.needed_bytes == weights + GIB + 40960 * 147456
    assert plan.fits is False
    assert plan.max_ctx == (20 * GIB - weights - GIB) // 147456 // 16 * 16
    assert 0 < plan.max_ctx < 40960
    assert (plan.model_max_ctx, plan.binding) == (40960, "memory")
    assert plan.concurrency == pytest.approx(plan.max_ctx / 40960)
    assert plan.concurrency < 1


def test_plan_with_nothing_left_for_kv() -> None:
    shape = ModelShape.from_config(QWEN3_8B)
    plan = plan_memory(8 * GIB, 16 * GIB, shape, 4096)
    assert (plan.fits, plan.max_ctx, plan.concurrency) == (False, 0, 0.0)


def test_concurrency_needs_a_positive_context() -> None:
    shape = ModelShape.from_config(TINY_LLAMA)
    with pytest.raises(ValueError, match="ctx_size"):
        plan_memory(GIB, 0, shape, 0)


# --- gpu-memory-utilization ------------------------------------------------------------------


def test_recommended_utilization_for_the_reported_strix_halo_crash() -> None:
    free = int(Decimal("76.45") * GIB)
    assert recommended_gpu_memory_utilization(free, 96 * GIB) == 0.75


def test_recommended_utilization_uses_exact_arithmetic() -> None:
    # In floats 78/95 × 0.95 is 0.7799999…, which floors to 0.77.
    assert math.floor(78 / 95 * 0.95 * 100) == 77
    assert recommended_gpu_memory_utilization(78 * GIB, 95 * GIB) == 0.78
    assert recommended_gpu_memory_utilization(54, 90) == 0.57


@pytest.mark.parametrize(
    ("free", "total", "expected"),
    [
        (100, 100, 0.95),  # all free: still keep 5 %
        (0, 100, 0.10),  # nothing free: the floor
        (-5, 100, 0.10),
        (5, 100, 0.10),  # 0.04 → clamped up
        (11, 100, 0.10),  # 0.1045 → 0.10
        (12, 100, 0.11),
        (250, 100, 0.99),  # more free than total (stale reading): clamped down
    ],
)
def test_recommended_utilization_edges(free: int, total: int, expected: float) -> None:
    assert recommended_gpu_memory_utilization(free, total) == expected


def test_recommended_utilization_needs_a_total() -> None:
    with pytest.raises(ValueError, match="total_bytes"):
        recommended_gpu_memory_utilization(1, 0)


def test_utilization_budget_is_exact() -> None:
    assert utilization_budget_bytes(100, 0.29) == 29  # 100 × 0.29 is 28.999… in floats
    assert utilization_budget_bytes(96 * GIB, 0.75) == 72 * GIB


# -- the model's own context limit (vLLM 0.32's _get_and_verify_max_len) --------------------
LLAMA_3_1_8B = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 4096,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "num_hidden_layers": 32,
    "max_position_embeddings": 131072,
    "rope_scaling": {
        "factor": 8.0,
        "high_freq_factor": 4.0,
        "low_freq_factor": 1.0,
        "original_max_position_embeddings": 8192,
        "rope_type": "llama3",
    },
    "rope_theta": 500000.0,
    "torch_dtype": "bfloat16",
}

QWEN2_5_7B_YARN = {  # Qwen's model card: add this rope_scaling for 128K
    "architectures": ["Qwen2ForCausalLM"],
    "model_type": "qwen2",
    "hidden_size": 3584,
    "num_attention_heads": 28,
    "num_key_value_heads": 4,
    "num_hidden_layers": 28,
    "max_position_embeddings": 32768,
    "sliding_window": 131072,
    "use_sliding_window": False,
    "rope_scaling": {
        "factor": 4.0,
        "original_max_position_embeddings": 32768,
        "type": "yarn",
    },
    "torch_dtype": "bfloat16",
}


def _llama2_with(rope_scaling: object) -> dict[str, object]:
    return {
        "model_type": "llama",
        "hidden_size": 4096,
        "num_attention_heads": 32,
        "num_hidden_layers": 32,
        "max_position_embeddings": 4096,
        "rope_scaling": rope_scaling,
    }


@pytest.mark.parametrize(
    ("config", "limit"),
    [
        (LLAMA_3_1_8B, 131072),  # llama3: max_position_embeddings is already scaled
        (QWEN2_5_7B_YARN, 32768),  # yarn: likewise, the factor is not applied again
        (QWEN3_8B, 40960),  # no rope scaling
        (QWEN3_5_HYBRID, 262144),  # length under text_config
        (_llama2_with({"type": "linear", "factor": 2.0}), 8192),  # legacy "type" key
        (_llama2_with({"rope_type": "dynamic", "factor": 4.0}), 16384),
        (_llama2_with({"rope_type": "longrope", "factor": 32.0}), 4096),
        (_llama2_with({"type": "su", "factor": 32.0}), 4096),  # su is longrope's old name
        (_llama2_with({"rope_type": "linear", "factor": None}), 4096),  # null factor: 1.0
        (_llama2_with({"rope_type": "default"}), 4096),
        (_llama2_with(None), 4096),
        (_llama2_with({"rope_type": "linear", "factor": 1.5}), 6144),
        (  # per layer type, as Gemma-style configs nest them
            _llama2_with(
                {
                    "full_attention": {"rope_type": "linear", "factor": 2.0},
                    "sliding_attention": {"rope_type": "default"},
                }
            ),
            8192,
        ),
    ],
)
def test_model_context_limit_follows_vllm(config: dict[str, object], limit: int) -> None:
    assert model_context_limit(config) == limit
    assert ModelShape.from_config(config).model_max_ctx == limit


def test_model_context_limit_length_keys() -> None:
    gpt2 = {"model_type": "gpt2", "n_positions": 1024, "n_embd": 768}
    assert model_context_limit(gpt2) == 1024
    # The smallest length key counts…
    assert model_context_limit({"max_position_embeddings": 8192, "seq_length": 4096}) == 4096
    # …but model_max_length (Command-R) overrides the others, and is scaled like them.
    cohere = {"max_position_embeddings": 8192, "model_max_length": 131072}
    assert model_context_limit(cohere) == 131072
    scaled = {**cohere, "rope_scaling": {"rope_type": "linear", "factor": 0.5}}
    assert model_context_limit(scaled) == 131072  # vLLM also accepts up to model_max_length
    # Gemma 3 states its length already scaled.
    gemma3 = {
        "model_type": "gemma3_text",
        "max_position_embeddings": 131072,
        "rope_scaling": {"rope_type": "linear", "factor": 8.0},
    }
    assert model_context_limit(gemma3) == 131072


def test_model_context_limit_unknown_without_a_length() -> None:
    config = {k: v for k, v in QWEN3_8B.items() if k != "max_position_embeddings"}
    assert model_context_limit(config) is None
    shape = ModelShape.from_config(config)
    assert shape.model_max_ctx is None
    # No limit to respect: memory alone decides.
    plan = plan_memory(64 * GIB, 16 * GIB, shape, 1_000_000, overhead_bytes=GIB)
    assert plan.binding == "memory"
    assert plan.model_max_ctx is None
    assert plan.max_ctx == (64 * GIB - 17 * GIB) // 147456 // 16 * 16


def test_model_context_limit_with_sliding_window_disabled() -> None:
    mistral = {
        "model_type": "mistral",
        "hidden_size": 4096,
        "num_attention_heads": 32,
        "num_hidden_layers": 32,
        "max_position_embeddings": 32768,
        "sliding_window": 4096,
    }
    assert model_context_limit(mistral) == 32768
    assert model_context_limit(mistral, disable_sliding_window=True) == 4096


def test_plan_refuses_ctx_above_the_models_limit_even_with_memory_to_spare() -> None:
    tiny = {**QWEN3_8B, "max_position_embeddings": 2048}
    shape = ModelShape.from_config(tiny)
    plan = plan_memory(64 * GIB, 1_000_000, shape, 8192)
    assert plan.needed_bytes <= plan.budget_bytes  # memory alone would say it fits
    assert plan.fits is False
    assert (plan.max_ctx, plan.model_max_ctx, plan.binding) == (2048, 2048, "model")
    assert plan_memory(64 * GIB, 1_000_000, shape, 2048).fits is True


def test_ctx_above_model_limit_problem() -> None:
    assert ctx_above_model_limit("user.tiny", 2048, 2048) is None
    assert ctx_above_model_limit("user.tiny", 10**6, None) is None
    found = ctx_above_model_limit("user.tiny", 8192, 2048)
    assert found is not None
    assert found.code == "options.ctx_above_model_limit"
    assert dict(found.params) == {"model": "user.tiny", "ctx_size": 8192, "limit": 2048}
    assert found.fix is not None
    assert (found.fix.kind, found.fix.target, found.fix.value) == (
        "set_model_option",
        "ctx_size",
        2048,
    )
    assert "8192" in found.english() and "2048" in found.english()
