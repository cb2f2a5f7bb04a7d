"""The fit verdict a search result shows before a download, and vLLM's architecture list."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.fit import (
    CTX_STEP,
    MIN_USEFUL_CTX,
    ArchSupport,
    FitVerdict,
    WeightFormat,
    architecture_of,
    estimate_fit,
    quantization_of,
    vllm_architectures,
)
from app.core.memory import (
    GIB,
    ModelShape,
    estimate_overhead_bytes,
    kv_bytes_per_token,
    plan_memory,
)
from tests.fakes.engine_runtime import TINY_CONFIG

# 32 layers x 8 KV heads x 128 x 2 x 2 bytes = 128 KiB per token; 32k tokens of context.
LLAMA_8B: dict[str, Any] = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 4096,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "num_hidden_layers": 32,
    "max_position_embeddings": 32768,
    "torch_dtype": "bfloat16",
}
WEIGHTS = 16 * 10**9
PER_TOKEN = 32 * 8 * 128 * 2 * 2


def fit(budget: int, ctx: int = 8192, config: dict[str, Any] | None = LLAMA_8B, **kw: Any) -> Any:
    return estimate_fit(
        weights_bytes=kw.pop("weights", WEIGHTS),
        weight_format=kw.pop("fmt", WeightFormat.SAFETENSORS),
        config=config,
        budget_bytes=budget,
        default_ctx=ctx,
    )


def test_fits_at_the_default_context_and_says_how_far_it_goes() -> None:
    result = fit(64 * GIB)
    assert result.verdict is FitVerdict.FITS
    assert result.ctx_size == 8192
    assert result.max_ctx == 32768  # the model's own limit binds before memory does
    # The same plan the settings dialog shows once the model is registered.
    shape = ModelShape.from_config(LLAMA_8B)
    assert kv_bytes_per_token(shape) == PER_TOKEN
    assert result.needed_bytes == plan_memory(64 * GIB, WEIGHTS, shape, 8192).needed_bytes


def test_fits_only_at_a_shorter_context_rounded_down_to_a_step() -> None:
    floor = WEIGHTS + estimate_overhead_bytes(WEIGHTS)
    budget = floor + 5000 * PER_TOKEN  # room for 5000 tokens, not 8192
    result = fit(budget)
    assert result.verdict is FitVerdict.FITS_SHORTER
    assert result.max_ctx == 5000 // CTX_STEP * CTX_STEP
    assert result.needed_bytes is not None and result.needed_bytes > budget


def test_less_than_a_useful_context_wont_fit() -> None:
    floor = WEIGHTS + estimate_overhead_bytes(WEIGHTS)
    assert fit(floor + (MIN_USEFUL_CTX - 16) * PER_TOKEN).verdict is FitVerdict.WONT_FIT
    assert fit(floor + MIN_USEFUL_CTX * PER_TOKEN).verdict is FitVerdict.FITS_SHORTER
    assert fit(WEIGHTS // 2).verdict is FitVerdict.WONT_FIT


def test_the_default_context_is_capped_at_the_models_own() -> None:
    result = fit(64 * GIB, ctx=131072)
    assert result.ctx_size == 32768 and result.verdict is FitVerdict.FITS
    assert result.model_max_ctx == 32768


@pytest.mark.parametrize("fmt", [WeightFormat.GGUF, WeightFormat.NONE])
def test_nothing_vllm_loads_is_not_loadable(fmt: WeightFormat) -> None:
    assert fit(64 * GIB, fmt=fmt).verdict is FitVerdict.NOT_LOADABLE


def test_without_config_only_weights_too_big_are_known() -> None:
    assert fit(64 * GIB, config=None).verdict is FitVerdict.UNKNOWN
    too_big = fit(8 * GIB, config=None)
    assert too_big.verdict is FitVerdict.WONT_FIT and too_big.max_ctx == 0


def test_an_unusable_config_is_unknown_not_a_crash() -> None:
    assert fit(64 * GIB, config={"architectures": ["X"]}).verdict is FitVerdict.UNKNOWN


def test_architecture_list_of_the_pinned_vllm() -> None:
    known = vllm_architectures()
    assert known.version == "0.32.0"
    assert known.support("LlamaForCausalLM") is ArchSupport.GENERATE
    assert known.support("Qwen3_5ForConditionalGeneration") is ArchSupport.GENERATE
    assert known.support("Qwen2ForCausalLM") is ArchSupport.GENERATE  # also an embedder
    assert known.support("BertModel") is ArchSupport.POOLING
    assert known.support("Qwen3_5MTP") is ArchSupport.DRAFT
    assert known.support("MPTForCausalLM") is ArchSupport.REMOVED
    assert known.support("BartForConditionalGeneration") is ArchSupport.PLUGIN
    assert known.support("NovelForCausalLM") is ArchSupport.UNKNOWN
    assert known.support(None) is ArchSupport.MISSING
    assert architecture_of(TINY_CONFIG) == "LlamaForCausalLM"
    assert architecture_of({"architectures": []}) is None


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({"torch_dtype": "bfloat16"}, "bfloat16"),
        ({"text_config": {"dtype": "float16"}}, "float16"),
        ({"quantization_config": {"quant_method": "awq", "bits": 4}}, "awq 4-bit"),
        ({"quantization_config": {"quant_method": "fp8"}}, "fp8"),
        (
            {"quantization_config": {"quant_method": "bitsandbytes", "load_in_4bit": True}},
            "bitsandbytes 4-bit",
        ),
        ({}, None),
        (None, None),
    ],
)
def test_quantization_in_a_model_cards_words(config: Any, expected: str | None) -> None:
    assert quantization_of(config) == expected
