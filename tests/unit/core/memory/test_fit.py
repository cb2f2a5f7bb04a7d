"""The fit verdict a search result shows before a download, and vLLM's architecture list."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.memory.fit import (
    CTX_STEP,
    MIN_USEFUL_CTX,
    NOT_SERVED,
    ArchSupport,
    FitVerdict,
    WeightFormat,
    architecture_of,
    estimate_fit,
    has_custom_code,
    quantization_of,
    vllm_architectures,
)
from app.core.memory.memory import GIB, estimate_overhead_bytes, plan_memory
from app.core.memory.model_shape import ModelShape, kv_bytes_per_token
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
        cannot_run=kw.pop("cannot_run", None),
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


# -- one verdict: what the engine can load wins over what fits (issue 32 item 1) -----------------
ZEBRA = {**LLAMA_8B, "architectures": ["ZebraForCausalLM"], "auto_map": {"AutoModel": "m.Z"}}


def test_an_architecture_the_engine_lacks_cannot_run_however_well_it_fits() -> None:
    known = vllm_architectures()
    why = known.cannot_run("ZebraForCausalLM", custom_code=has_custom_code(ZEBRA))
    assert why is not None and why.code == "search.cannot_run_custom"
    assert why.params == {"architecture": "ZebraForCausalLM", "version": "0.32.0"}
    result = fit(1024 * GIB, config=ZEBRA, cannot_run=why)
    assert result.verdict is FitVerdict.CANNOT_RUN and result.cannot_run is why
    assert result.needed_bytes is not None  # the memory figures are still there
    # Weights vLLM cannot load at all say so first.
    gguf = fit(1024 * GIB, config=None, fmt=WeightFormat.GGUF, cannot_run=why)
    assert gguf.verdict is FitVerdict.NOT_LOADABLE


@pytest.mark.parametrize(
    ("architecture", "custom", "code"),
    [
        ("NovelForCausalLM", False, "search.cannot_run_unknown"),
        ("NovelForCausalLM", True, "search.cannot_run_custom"),
        ("MPTForCausalLM", False, "search.cannot_run_removed"),
        ("BartForConditionalGeneration", False, "search.cannot_run_plugin"),
        ("Qwen3_5MTP", False, "search.cannot_run_draft"),
        ("LlamaForCausalLM", True, None),  # custom code, but vLLM has its own implementation
        ("BertModel", False, None),  # served, for embeddings
        (None, True, None),  # nothing to judge by
    ],
)
def test_why_the_engine_cannot_run_an_architecture(
    architecture: str | None, custom: bool, code: str | None
) -> None:
    why = vllm_architectures().cannot_run(architecture, custom_code=custom)
    assert (why.code if why is not None else None) == code
    if why is not None:
        assert architecture in why.english() and "cannot run here" in why.english()


def test_custom_code_is_an_auto_map() -> None:
    assert has_custom_code(ZEBRA)
    assert not has_custom_code(LLAMA_8B) and not has_custom_code(None)
    assert not has_custom_code({"auto_map": "m.Z"})


@settings(max_examples=200, deadline=None)
@given(
    architecture=st.one_of(st.none(), st.text(max_size=40), st.sampled_from(["LlamaForCausalLM"])),
    custom=st.booleans(),
    budget=st.integers(min_value=0, max_value=1 << 50),
)
def test_a_model_that_cannot_run_never_reads_as_fitting(
    architecture: str | None, custom: bool, budget: int
) -> None:
    known = vllm_architectures()
    why = known.cannot_run(architecture, custom_code=custom)
    config = {**LLAMA_8B, "architectures": [architecture]} if architecture else LLAMA_8B
    verdict = fit(budget, config=config, cannot_run=why).verdict
    assert (verdict is FitVerdict.CANNOT_RUN) == (why is not None)
    assert (why is None) == (known.support(architecture) not in NOT_SERVED or not architecture)
