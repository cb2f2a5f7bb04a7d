"""Tests for vLLM argument splitting, managed flags, layer merging and vllm_model_config.json."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.models.model_config import ModelConfig, load_model_config, resolve_model_args
from app.core.models.vllm_args import (
    CONFLICT_GROUPS,
    MANAGED_FLAGS,
    ArgLayer,
    ResolvedArgs,
    check_user_args,
    format_command,
    layer_label,
    merge_layers,
    settings_layer,
    split_args,
)
from app.core.problems.problems import ProblemError
from app.core.redact import HIDDEN, secret_flag

SPEC_JSON = '{"method": "mtp", "num_speculative_tokens": 1}'
BUILTIN_QWEN = {
    "Qwen3.5-0.8B-FP16-vLLM": "Qwen/Qwen3.5-0.8B",
    "Qwen3.5-2B-FP16-vLLM": "Qwen/Qwen3.5-2B",
    "Qwen3.5-4B-FP16-vLLM": "Qwen/Qwen3.5-4B",
    "Qwen3.5-9B-FP16-vLLM": "Qwen/Qwen3.5-9B",
    "Qwen3.6-27B-FP16-vLLM": "Qwen/Qwen3.6-27B",
    "Qwen3.6-27B-FP8-vLLM-lowconc": "Qwen/Qwen3.6-27B-FP8",
    "Qwen3.6-27B-FP8-vLLM-highconc": "Qwen/Qwen3.6-27B-FP8",
    "Qwen3.6-35B-A3B-FP16-vLLM": "Qwen/Qwen3.6-35B-A3B",
    "Qwen3.6-35B-A3B-FP8-vLLM-lowconc": "Qwen/Qwen3.6-35B-A3B-FP8",
    "Qwen3.6-35B-A3B-FP8-vLLM-highconc": "Qwen/Qwen3.6-35B-A3B-FP8",
}


def _raises(code: str, func: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """Call func, assert it raises ProblemError `code`; return the params."""
    with pytest.raises(ProblemError) as info:
        func(*args, **kwargs)
    assert info.value.problem.code == code, info.value.problem
    return dict(info.value.problem.params)


def _argv(text: str) -> tuple[str, ...]:
    return tuple(shlex.split(text))


def _merge(*layers: str) -> tuple[str, ...]:
    return merge_layers([ArgLayer(f"layer{i}", split_args(text)) for i, text in enumerate(layers)])


def _config(**root: Any) -> ModelConfig:
    return ModelConfig.from_json({"schema_version": 1, **root})


# ---- split_args ----------------------------------------------------------------------------


def test_split_args_splits_on_any_whitespace() -> None:
    assert split_args("--max-num-seqs 8\n\t--enforce-eager  ") == (
        "--max-num-seqs",
        "8",
        "--enforce-eager",
    )


@pytest.mark.parametrize("text", ["", "   ", "\n\t\n"])
def test_split_args_of_blank_text_is_empty(text: str) -> None:
    assert split_args(text) == ()


@pytest.mark.parametrize(
    "text",
    [
        f"--speculative-config '{SPEC_JSON}'",
        '--speculative-config "{\\"method\\": \\"mtp\\", \\"num_speculative_tokens\\": 1}"',
        f"  --speculative-config\n  '{SPEC_JSON}'\n",
    ],
    ids=["single-quotes", "double-quotes-escaped", "across-lines"],
)
def test_json_value_stays_one_intact_token(text: str) -> None:
    args = split_args(text)
    assert args == ("--speculative-config", SPEC_JSON)
    assert json.loads(args[1]) == {"method": "mtp", "num_speculative_tokens": 1}


def test_json_value_in_equals_form_stays_one_token() -> None:
    args = split_args(f"--speculative-config='{SPEC_JSON}' --enforce-eager")
    assert args == (f"--speculative-config={SPEC_JSON}", "--enforce-eager")


def test_escaped_quote_inside_double_quotes_is_kept() -> None:
    args = split_args('--chat-template "say \\"hi\\"" --x \'it\'"\'"\'s\'')
    assert args == ("--chat-template", 'say "hi"', "--x", "it's")


def test_hash_is_not_a_comment_and_empty_quotes_give_an_empty_value() -> None:
    assert split_args("--a #b --c '' --d") == ("--a", "#b", "--c", "", "--d")


@pytest.mark.parametrize("text", ["--chat-template 'abc", '--x "abc', "--x 'a' \"b", "--x abc\\"])
def test_unbalanced_quote_is_a_problem_naming_the_source(text: str) -> None:
    params = _raises("args.unbalanced_quote", split_args, text, source="global vllm_args")
    assert params["source"] == "global vllm_args"
    assert params["text"] == text


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("foo --x", "foo"),
        ("'' --x", ""),
        ("-1 --x", "-1"),
        ("8", "8"),
        ("-- --x 1", "--"),
        ("--x 1 --", "--"),
        ("'- x' --y", "- x"),
    ],
)
def test_text_before_the_first_flag_is_not_a_flag(text: str, token: str) -> None:
    params = _raises("args.not_a_flag", split_args, text, source="model vllm_args")
    assert params == {"token": token, "source": "model vllm_args"}


@pytest.mark.parametrize(
    "text",
    ["--x -1", "--x -0.5", "--x -.5", "--x=-1", "--x -1e5", "--x -", "--x '-a b'"],
)
def test_values_starting_with_a_dash_are_values(text: str) -> None:
    args = split_args(text)
    # Proven by merging: a later --x takes the value with it instead of leaving it stranded.
    merged = merge_layers([ArgLayer("a", (*args, "--y")), ArgLayer("b", ("--x", "2"))])
    assert merged == _argv("--y --x 2")


def test_multi_value_flag_owns_all_its_values() -> None:
    merged = _merge(
        "--cudagraph-capture-sizes 1 2 4 --enforce-eager", "--cudagraph-capture-sizes 8"
    )
    assert merged == _argv("--enforce-eager --cudagraph-capture-sizes 8")


# ---- check_user_args -----------------------------------------------------------------------


def test_managed_flags_table() -> None:
    assert dict(MANAGED_FLAGS) == {
        "--model": "model",
        "--served-model-name": "model name",
        "--host": "proxy.host",
        "--port": "proxy.port",
        "--uds": "proxy.port",
        "--max-model-len": "ctx_size",
        "--tensor-parallel-size": "tensor_parallel_size",
        "--pipeline-parallel-size": "pipeline_parallel_size",
    }


@pytest.mark.parametrize(
    ("text", "flag", "setting"),
    [
        ("--model Qwen/Qwen3.5-0.8B", "--model", "model"),
        ("--served-model-name other", "--served-model-name", "model name"),
        ("--host 0.0.0.0", "--host", "proxy.host"),
        ("--port 9000", "--port", "proxy.port"),
        ("--port=9", "--port", "proxy.port"),
        ("--uds /tmp/vllm.sock", "--uds", "proxy.port"),
        ("--max-model-len 4096", "--max-model-len", "ctx_size"),
        ("--enforce-eager --max-model-len=4096", "--max-model-len", "ctx_size"),
        ("--max_model_len 4096", "--max_model_len", "ctx_size"),
        ("--max-model 4096", "--max-model", "ctx_size"),
        ("--served-model x", "--served-model", "model name"),
        ("--model=x", "--model", "model"),
        # The GPUs a model uses are model options: vLLM's short aliases too.
        ("-tp 2", "-tp", "tensor_parallel_size"),
        ("--tensor-parallel-size=2", "--tensor-parallel-size", "tensor_parallel_size"),
        ("--tensor_parallel_size 2", "--tensor_parallel_size", "tensor_parallel_size"),
        ("-pp 2", "-pp", "pipeline_parallel_size"),
        ("--pipeline-parallel 2", "--pipeline-parallel", "pipeline_parallel_size"),
    ],
)
def test_managed_flag_is_rejected_naming_flag_and_setting(
    text: str, flag: str, setting: str
) -> None:
    params = _raises(
        "args.managed_flag", check_user_args, split_args(text), source="global vllm_args"
    )
    assert params == {"flag": flag, "setting": setting, "source": "global vllm_args"}
    with pytest.raises(ProblemError) as info:
        check_user_args(split_args(text))
    sentence = str(info.value)
    assert flag in sentence
    assert setting in sentence or flag == "--model"


@pytest.mark.parametrize(
    "text",
    [
        "--model-impl transformers",
        "--model-loader-extra-config '{}'",
        "--max-num-seqs 8 --max-num-batched-tokens 2048",
        "--chat-template '--port 9'",
        "",
    ],
)
def test_unmanaged_flags_pass(text: str) -> None:
    check_user_args(split_args(text))


# ---- merge_layers --------------------------------------------------------------------------


def test_later_layer_replaces_same_flag_and_keeps_the_rest_in_order() -> None:
    assert _merge("--a 1 --b 2 --c", "--d 4 --b 3") == _argv("--a 1 --c --d 4 --b 3")


def test_single_layer_is_unchanged_and_no_layers_give_nothing() -> None:
    assert _merge("--a 1 --no-a --a 2") == ("--a", "1", "--no-a", "--a", "2")
    assert merge_layers([]) == ()


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("--enable-prefix-caching", "--no-enable-prefix-caching"),
        ("--no-enable-prefix-caching", "--enable-prefix-caching"),
        ("--enforce-eager", "--no-enforce-eager"),
        ("--no-enforce-eager", "--enforce_eager"),
    ],
)
def test_x_and_no_x_cancel_the_later_wins(earlier: str, later: str) -> None:
    assert _merge(f"{earlier} --keep", later) == ("--keep", later)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("--max-num-seqs 8", "--max-num-seqs=16"),
        ("--max-num-seqs=8", "--max-num-seqs 16"),
        ("--max_num_seqs 8", "--max-num-seqs 16"),
        ("--max-num-seqs=8", "--max_num_seqs=16"),
    ],
)
def test_equals_form_is_the_same_flag_and_output_keeps_later_spelling(
    earlier: str, later: str
) -> None:
    assert _merge(f"--keep {earlier}", later) == ("--keep", *split_args(later))


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("--gpu-memory-utilization 0.9", "--kv-cache-memory-bytes 4G"),
        ("--kv-cache-memory-bytes 4G", "--gpu-memory-utilization 0.7"),
        ("--gpu-memory-utilization=0.9", "--kv-cache-memory-bytes=4G"),
        ("--kv_cache_memory_bytes 4G", "--gpu_memory_utilization 0.7"),
    ],
)
def test_memory_budget_group_later_member_removes_earlier(earlier: str, later: str) -> None:
    assert _merge(f"{earlier} --keep", later) == ("--keep", *split_args(later))


def test_every_conflict_group_is_named() -> None:
    assert set(CONFLICT_GROUPS) == {"memory budget", "tool parser", "tool choice", "quantization"}


def test_tool_parser_is_replaced_but_a_parser_plugin_is_kept() -> None:
    family = "--enable-auto-tool-choice --tool-call-parser qwen3_coder"
    assert _merge(family, "--tool-call-parser=hermes") == _argv(
        "--enable-auto-tool-choice --tool-call-parser=hermes"
    )
    plugin = _merge("--tool-parser-plugin /p.py --tool-call-parser mine", "--tool-call-parser x")
    assert plugin == _argv("--tool-parser-plugin /p.py --tool-call-parser x")


def test_tool_choice_can_be_turned_off_and_on_again() -> None:
    family = "--enable-auto-tool-choice --tool-call-parser glm47"
    off = _merge(family, "--no-enable-auto-tool-choice")
    assert off == _argv("--tool-call-parser glm47 --no-enable-auto-tool-choice")
    on = _merge(family, "--no-enable-auto-tool-choice", "--enable-auto-tool-choice")
    assert on == _argv("--tool-call-parser glm47 --enable-auto-tool-choice")


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("-q fp8", "--quantization awq"),
        ("--quantization awq", "-q fp8"),
        ("--quantization=awq", "-q=fp8"),
    ],
)
def test_quantization_group_short_and_long_forms(earlier: str, later: str) -> None:
    assert _merge(f"--keep {earlier}", later) == ("--keep", *split_args(later))


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("-tp 2", "--tensor-parallel-size 4"),
        ("--tensor-parallel-size 4", "-tp 2"),
        ("-pp 2", "--pipeline_parallel_size=1"),
        ("-O3", "--optimization-level 2"),
        ("--optimization-level 2", "-O 1"),
        ("-O=3", "-Odecode"),
    ],
)
def test_short_aliases_are_their_long_flag(earlier: str, later: str) -> None:
    assert _merge(f"{earlier} --keep", later) == ("--keep", *split_args(later))


def test_flag_repeated_in_one_layer_is_kept_and_replaced_as_a_whole_later() -> None:
    one = "--middleware a.M --middleware b.M --x 1"
    assert _merge("--y", one) == ("--y", *split_args(one))
    assert _merge(one, "--middleware c.M") == _argv("--x 1 --middleware c.M")


def test_whole_json_flag_replaces_earlier_sub_keys_but_not_the_reverse() -> None:
    whole = f"--speculative-config '{SPEC_JSON}'"
    assert _merge("--speculative-config.method mtp --keep", whole) == _argv(f"--keep {whole}")
    sub = "--speculative-config.num_speculative_tokens 2"
    assert _merge(whole, sub) == _argv(f"{whole} {sub}")


def test_merge_rejects_a_layer_that_starts_with_a_value() -> None:
    params = _raises(
        "args.not_a_flag", merge_layers, [ArgLayer("engine defaults", ("oops", "--x"))]
    )
    assert params == {"token": "oops", "source": "engine defaults"}


def test_empty_layers_change_nothing() -> None:
    assert merge_layers([ArgLayer("a", ()), ArgLayer("b", ("--x",)), ArgLayer("c", ())]) == ("--x",)


# ---- settings_layer ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [(0.78, "0.78"), (0.1 + 0.2, "0.3"), (0.9, "0.9"), (1.0, "1"), (0.925, "0.925")],
)
def test_settings_layer_formats_fractions_without_float_noise(value: float, text: str) -> None:
    assert settings_layer(value, None) == ArgLayer("settings", ("--gpu-memory-utilization", text))


def test_settings_layer_with_both_and_with_none() -> None:
    assert settings_layer(0.78, 16).args == _argv("--gpu-memory-utilization 0.78 --max-num-seqs 16")
    assert settings_layer(None, 10).args == ("--max-num-seqs", "10")
    assert settings_layer(None, None) == ArgLayer("settings", ())


# ---- ModelConfig ---------------------------------------------------------------------------


def test_builtin_config_has_lowconc_and_highconc_args() -> None:
    config = load_model_config()
    for base in ("Qwen3.6-27B-FP8-vLLM", "Qwen3.6-35B-A3B-FP8-vLLM"):
        assert config.model_args(f"{base}-lowconc") == ("--max-num-seqs", "8")
        assert config.model_args(f"{base}-highconc") == ("--max-num-seqs", "256")
    assert config.model_args("Qwen3.5-0.8B-FP16-vLLM") == ()
    assert config.model_args("not-a-model") == ()


def test_builtin_config_families() -> None:
    config = load_model_config()
    assert config.schema_version == 1
    assert config.enable_checkpoint_regex_match is True
    qwen = config.families["qwen3."]
    glm = config.families["glm4.7"]
    assert qwen.args == ("--enable-auto-tool-choice", "--tool-call-parser", "qwen3_coder")
    assert glm.args == ("--enable-auto-tool-choice", "--tool-call-parser", "glm47")
    for name, checkpoint in BUILTIN_QWEN.items():
        assert config.family_for(name, checkpoint) is qwen, name
    assert config.family_for("GLM-4.7-Flash-FP16-vLLM", "zai-org/GLM-4.7-Flash") is glm


@pytest.mark.parametrize(
    ("checkpoint", "family"),
    [
        ("Qwen/Qwen3.5-0.8B", "qwen3."),
        ("someone/Qwen3.6-27B-AWQ", "qwen3."),
        ("/models/Qwen3.5-4B", "qwen3."),
        ("zai-org/GLM-4.7-Flash:main", "glm4.7"),
        ("Qwen/Qwen3-8B", None),
        ("Qwen/Qwen2.5-7B", None),
        ("zai-org/GLM-4.6", None),
        ("meta-llama/Llama-3.2-1B", None),
    ],
)
def test_builtin_regex_matching_for_models_it_does_not_list(
    checkpoint: str, family: str | None
) -> None:
    found = load_model_config().family_for("user.mine", checkpoint)
    assert (found.name if found else None) == family


def _two_families(**models: Any) -> ModelConfig:
    return _config(
        families={
            "a": {"match": [{"checkpoint_regex": "^org/A"}], "args": "--from-a"},
            "b": {"match": [{"checkpoint_regex": "B$"}, {"checkpoint_regex": "A"}]},
        },
        models=models,
    )


def test_explicit_family_beats_regex_and_first_family_in_file_order_wins() -> None:
    config = _two_families(pinned={"family": "b"})
    assert config.family_for("pinned", "org/A").name == "b"  # type: ignore[union-attr]
    assert config.family_for("other", "org/A").name == "a"  # type: ignore[union-attr]
    assert config.family_for("other", "x/A").name == "b"  # type: ignore[union-attr]
    assert config.family_for("other", "x/zB").name == "b"  # type: ignore[union-attr]
    assert config.family_for("other", "x/C") is None


def test_disable_family_match_stops_regex_but_not_an_explicit_family() -> None:
    config = _two_families(
        plain={"disable_family_match": True},
        pinned={"family": "a", "disable_family_match": True},
    )
    assert config.family_for("plain", "org/A") is None
    assert config.family_for("pinned", "x/C").name == "a"  # type: ignore[union-attr]


def test_regex_matching_can_be_turned_off_globally() -> None:
    config = _config(
        enable_checkpoint_regex_match=False,
        families={"a": {"match": [{"checkpoint_regex": "A"}]}},
        models={"pinned": {"family": "a"}},
    )
    assert config.family_for("other", "org/A") is None
    assert config.family_for("pinned", "org/A").name == "a"  # type: ignore[union-attr]


def test_speculative_config_object_becomes_one_json_argument() -> None:
    config = _config(
        models={"m": {"args": "--max-num-seqs 8", "speculative_config": json.loads(SPEC_JSON)}}
    )
    args = config.model_args("m")
    assert args[:3] == ("--max-num-seqs", "8", "--speculative-config")
    assert json.loads(args[3]) == json.loads(SPEC_JSON)
    assert len(args) == 4


def test_minimal_config_is_valid() -> None:
    config = ModelConfig.from_json({})
    assert config.schema_version == 1
    assert config.family_for("x", "Qwen/Qwen3.5-0.8B") is None


@pytest.mark.parametrize(
    ("obj", "reason_part"),
    [
        ([], "must be a JSON object"),
        ({"version": 1}, "unknown key 'version'"),
        ({"schema_version": 2}, "schema_version 2"),
        ({"schema_version": True}, "schema_version must be"),
        ({"schema_version": "1"}, "schema_version must be"),
        ({"enable_checkpoint_regex_match": "yes"}, "enable_checkpoint_regex_match must be"),
        ({"families": []}, "families must be"),
        ({"families": {"f": "args"}}, "families['f'] must be a JSON object"),
        ({"families": {"f": {"regex": "x"}}}, "unknown key 'regex'"),
        ({"families": {"f": {"match": "Qwen"}}}, "families['f'].match must be"),
        ({"families": {"f": {"match": [{}]}}}, "checkpoint_regex must be"),
        ({"families": {"f": {"match": [{"checkpoint_regex": "("}]}}}, "checkpoint_regex '('"),
        ({"families": {"f": {"args": ["--x"]}}}, "families['f'].args must be"),
        ({"families": {"f": {"args": "--x 'open"}}}, "quotation mark"),
        ({"families": {"f": {"args": "value --x"}}}, "'value' is neither a flag"),
        ({"families": {"f": {"args": "--port 9"}}}, "--port"),
        ({"families": {"f": {"speculative_config": "{}"}}}, "speculative_config must be"),
        ({"models": {"m": {"family": "nope"}}}, "'nope' is not one of the families"),
        ({"models": {"m": {"family": 3}}}, "is not one of the families"),
        ({"models": {"m": {"disable_family_match": 1}}}, "disable_family_match must be"),
        ({"models": {"m": {"disable_family_matching": True}}}, "unknown key"),
        ({"models": {"m": {"args": "--max-model-len 9"}}}, "ctx_size"),
        ({"models": {"m": []}}, "models['m'] must be a JSON object"),
    ],
)
def test_invalid_config_is_config_invalid_with_file_and_reason(obj: Any, reason_part: str) -> None:
    params = _raises("config.invalid", ModelConfig.from_json, obj, file="/cfg/x.json")
    assert params["file"] == "/cfg/x.json"
    assert reason_part in params["reason"]


# ---- load_model_config ---------------------------------------------------------------------


def test_missing_override_means_built_in(tmp_path: Path) -> None:
    assert load_model_config(tmp_path / "vllm_model_config.json") is load_model_config()
    assert load_model_config(None) is load_model_config()


def test_override_file_replaces_the_built_in_one(tmp_path: Path) -> None:
    path = tmp_path / "vllm_model_config.json"
    path.write_text(
        json.dumps(
            {
                "schema_version": 1,
                "families": {"mine": {"match": [{"checkpoint_regex": "Qwen"}], "args": "--x"}},
                "models": {"Qwen3.6-27B-FP8-vLLM-lowconc": {"args": "--max-num-seqs 4"}},
            }
        ),
        encoding="utf-8",
    )
    config = load_model_config(path)
    assert config.model_args("Qwen3.6-27B-FP8-vLLM-lowconc") == ("--max-num-seqs", "4")
    assert config.model_args("Qwen3.6-27B-FP8-vLLM-highconc") == ()
    assert set(config.families) == {"mine"}
    family = config.family_for("Qwen3.5-0.8B-FP16-vLLM", "Qwen/Qwen3.5-0.8B")
    assert family is not None and family.name == "mine"


def test_override_that_is_not_json_is_config_invalid(tmp_path: Path) -> None:
    path = tmp_path / "vllm_model_config.json"
    path.write_text('{"schema_version": 1,\n  "models": {,}}', encoding="utf-8")
    params = _raises("config.invalid", load_model_config, path)
    assert params["file"] == str(path)
    assert "line 2" in params["reason"]


def test_override_that_does_not_validate_is_config_invalid(tmp_path: Path) -> None:
    path = tmp_path / "vllm_model_config.json"
    path.write_text('{"schema_version": 3}', encoding="utf-8")
    params = _raises("config.invalid", load_model_config, path)
    assert params["file"] == str(path)
    assert "schema_version 3" in params["reason"]
    with pytest.raises(ProblemError) as info:
        load_model_config(path)
    assert str(info.value).startswith(f"{path} is not a valid vLLM model configuration")


def test_override_that_cannot_be_read_is_config_invalid(tmp_path: Path) -> None:
    folder = tmp_path / "vllm_model_config.json"
    folder.mkdir()
    assert _raises("config.invalid", load_model_config, folder)["file"] == str(folder)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00{")
    assert _raises("config.invalid", load_model_config, binary)["file"] == str(binary)


# ---- resolve_model_args --------------------------------------------------------------------


def _resolve(name: str, checkpoint: str, **kwargs: Any) -> ResolvedArgs:
    return resolve_model_args(load_model_config(), name=name, checkpoint=checkpoint, **kwargs)


def test_resolution_layers_in_order_with_sources() -> None:
    result = _resolve(
        "Qwen3.6-27B-FP8-vLLM-lowconc",
        "Qwen/Qwen3.6-27B-FP8",
        engine_args=("--enforce-eager", "--enable-prefix-caching"),
        settings=settings_layer(0.78, 16),
        global_vllm_args="--kv-cache-dtype fp8",
        model_vllm_args=f"--speculative-config '{SPEC_JSON}'",
    )
    assert [layer.source for layer in result.layers] == [
        "engine defaults",
        "settings",
        "family qwen3.",
        "model",
        "global vllm_args",
        "model vllm_args",
    ]
    expected = (
        "--enforce-eager --enable-prefix-caching --gpu-memory-utilization 0.78"
        " --enable-auto-tool-choice --tool-call-parser qwen3_coder --max-num-seqs 8"
        f" --kv-cache-dtype fp8 --speculative-config '{SPEC_JSON}'"
    )
    assert result.args == _argv(expected)


def test_catalog_max_num_seqs_beats_the_global_setting_and_user_args_beat_both() -> None:
    settings = settings_layer(None, 16)
    low = _resolve(
        "Qwen3.6-35B-A3B-FP8-vLLM-lowconc", "Qwen/Qwen3.6-35B-A3B-FP8", settings=settings
    )
    assert low.args.count("--max-num-seqs") == 1
    assert low.args[low.args.index("--max-num-seqs") + 1] == "8"
    plain = _resolve("Qwen3.5-0.8B-FP16-vLLM", "Qwen/Qwen3.5-0.8B", settings=settings)
    assert plain.args[plain.args.index("--max-num-seqs") + 1] == "16"
    user = _resolve(
        "Qwen3.6-35B-A3B-FP8-vLLM-highconc",
        "Qwen/Qwen3.6-35B-A3B-FP8",
        settings=settings,
        global_vllm_args="--max-num-seqs 32",
        model_vllm_args="--max-num-seqs=10",
    )
    assert user.args[-1] == "--max-num-seqs=10"
    assert "--max-num-seqs" not in user.args


def test_memory_flag_from_a_later_layer_drops_the_utilization_setting() -> None:
    args = _resolve(
        "Qwen3.5-0.8B-FP16-vLLM",
        "Qwen/Qwen3.5-0.8B",
        engine_args=("--kv-cache-memory-bytes", "4G"),
        settings=settings_layer(0.78, None),
        model_vllm_args="--kv-cache-memory-bytes 8G",
    ).args
    assert "--gpu-memory-utilization" not in args
    assert args.count("--kv-cache-memory-bytes") == 1
    assert args[-2:] == ("--kv-cache-memory-bytes", "8G")
    # Without a later memory flag the setting beats an engine default.
    kept = _resolve(
        "Qwen3.5-0.8B-FP16-vLLM",
        "Qwen/Qwen3.5-0.8B",
        engine_args=("--kv-cache-memory-bytes", "4G"),
        settings=settings_layer(0.78, None),
    ).args
    assert "--kv-cache-memory-bytes" not in kept
    assert "0.78" in kept


def test_user_can_switch_off_the_family_tool_choice() -> None:
    args = _resolve(
        "GLM-4.7-Flash-FP16-vLLM",
        "zai-org/GLM-4.7-Flash",
        global_vllm_args="--no-enable-auto-tool-choice",
    ).args
    assert args == ("--tool-call-parser", "glm47", "--no-enable-auto-tool-choice")


def test_unknown_model_without_family_gets_only_its_own_layers() -> None:
    result = _resolve("user.llama", "meta-llama/Llama-3.2-1B", engine_args=("--enforce-eager",))
    assert result.layers == (ArgLayer("engine defaults", ("--enforce-eager",)),)
    assert result.args == ("--enforce-eager",)


def test_global_args_come_before_model_args_and_model_wins() -> None:
    result = _resolve(
        "user.x",
        "org/x",
        global_vllm_args="--dtype float16 --seed 1",
        model_vllm_args="--dtype bfloat16",
    )
    assert result.args == ("--seed", "1", "--dtype", "bfloat16")


@pytest.mark.parametrize(
    ("kwargs", "code", "source"),
    [
        ({"global_vllm_args": "--port 9"}, "args.managed_flag", "global vllm_args"),
        ({"model_vllm_args": "--max-model-len=9"}, "args.managed_flag", "model vllm_args"),
        ({"model_vllm_args": "--x 'open"}, "args.unbalanced_quote", "model vllm_args"),
        ({"global_vllm_args": "oops --x"}, "args.not_a_flag", "global vllm_args"),
    ],
)
def test_user_text_errors_name_the_setting(kwargs: dict[str, str], code: str, source: str) -> None:
    params = _raises(code, _resolve, "user.x", "org/x", **kwargs)
    assert params["source"] == source


def test_engine_defaults_may_hold_what_users_may_not() -> None:
    # The app's own defaults are trusted; only user texts are checked for managed flags.
    args = _resolve("user.x", "org/x", engine_args=("--max-model-len", "512")).args
    assert args == ("--max-model-len", "512")


# ---- format_command ------------------------------------------------------------------------


def test_format_command_quotes_for_a_shell() -> None:
    argv = ["vllm-server", "--speculative-config", SPEC_JSON, "--chat-template", ""]
    line = format_command(argv)
    assert line == f"vllm-server --speculative-config '{SPEC_JSON}' --chat-template ''"
    assert shlex.split(line) == argv


_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_-.", min_size=1, max_size=12)
_flags = st.one_of(
    _names.map(lambda n: f"--{n}"),
    st.sampled_from(["-tp", "-q", "-O3", "-O", "--no-x", "--x", "--gpu-memory-utilization"]),
    st.sampled_from(["--kv-cache-memory-bytes", "--max_num_seqs", "--max-num-seqs"]),
)
_values = st.one_of(
    st.text(max_size=20).filter(lambda v: not v.startswith("-")),
    st.integers(min_value=-100, max_value=100).map(str),
    st.just(SPEC_JSON),
)
_groups = st.tuples(_flags, st.lists(_values, max_size=3)).map(lambda g: (g[0], *g[1]))
_layer_args = st.lists(_groups, max_size=6).map(lambda gs: tuple(t for g in gs for t in g))


@settings(database=None, max_examples=300, deadline=None)
@given(_layer_args.filter(lambda args: not any(secret_flag(a.partition("=")[0]) for a in args)))
def test_split_args_inverts_format_command(args: tuple[str, ...]) -> None:
    # A secret-looking flag's value is shown hidden (app.core.redact), so the line gives back
    # every other argv; a generated name such as --passwd found that out.
    assert split_args(format_command(args)) == args


def test_format_command_hides_what_a_secret_looking_flag_takes() -> None:
    line = format_command(["--passwd", "hunter2", "--api-key=sk-1", "--max-num-seqs", "4"])
    hidden = ("--passwd", HIDDEN, f"--api-key={HIDDEN}", "--max-num-seqs", "4")
    assert split_args(line) == hidden


@settings(database=None, max_examples=300, deadline=None)
@given(_layer_args, _layer_args)
def test_merge_properties(a: tuple[str, ...], b: tuple[str, ...]) -> None:
    first, second = ArgLayer("a", a), ArgLayer("b", b)
    assert merge_layers([first]) == a
    assert merge_layers([first, first]) == a
    merged = merge_layers([first, second])
    # The last layer survives whole, at the end; merging never invents tokens.
    assert merged[len(merged) - len(b) :] == b
    assert len(merged) <= len(a) + len(b)
    assert merge_layers([first, second, second]) == merged


def test_global_args_refuse_trust_remote_code_in_any_spelling() -> None:
    from app.core.models.vllm_args import check_global_args

    assert check_global_args("--enforce-eager") == ("--enforce-eager",)
    for text in ("--trust-remote-code", "--trust-remote-code=true", "--trust-r", "-O3 --trust-rem"):
        with pytest.raises(ProblemError) as refused:
            check_global_args(text)
        assert refused.value.problem.code == "args.global_trust_remote_code", text
        assert refused.value.problem.params["key"] == "models.vllm_args"
    # Not a prefix of it: vLLM's own --trust-request-chat-template is left alone.
    assert check_global_args("--trust-request-chat-template") == ("--trust-request-chat-template",)


# ---- what the window calls each layer (issue 32 item 14) ------------------------------------


def test_a_family_layer_is_named_by_the_family_without_its_prefix_marks() -> None:
    layer = ArgLayer("family qwen3.", ("--tool-call-parser", "qwen3_coder"), family="qwen3.")
    assert layer_label(layer) == ("{family} family defaults", {"family": "Qwen3"})
    assert layer_label(ArgLayer("model vllm_args", ("-O3",))) == (
        "This model's vLLM arguments",
        {},
    )


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=30))
def test_every_family_name_gives_a_label_without_stray_marks(name: str) -> None:
    template, params = layer_label(ArgLayer(f"family {name}", ("-O3",), family=name))
    assert template == "{family} family defaults"
    shown = params["family"]
    assert shown
    if any(c.isascii() and c.isalnum() for c in name):
        assert shown[0].isalnum() and shown[-1].isalnum()
