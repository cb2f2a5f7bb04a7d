"""Config dir resolution, atomic writes, corrupt files moved aside, settings and registry rules."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from app.core.jsonstore import WatchedFile, atomic_write_json
from app.core.models.registry import ModelOptions, Registry, parse_checkpoint
from app.core.paths import resolve_paths
from app.core.problems.problems import ProblemError
from app.core.settings.setting_rules import check_together
from app.core.settings.settings import SPEC_BY_KEY, SPECS, Settings, coerce, parse_setting_text


# -- paths --------------------------------------------------------------------------------
def test_xdg_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("VLLM_TRAY_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    paths = resolve_paths()
    assert paths.config_dir == tmp_path / "cfg" / "vllm-tray"
    assert paths.cache_dir == tmp_path / "cache" / "vllm-tray"
    assert paths.user_models_file.name == "user_models.json"
    assert paths.recipe_options_file.name == "recipe_options.json"


def test_env_home_then_flag_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VLLM_TRAY_HOME", str(tmp_path / "env"))
    assert resolve_paths().config_dir == tmp_path / "env"
    assert resolve_paths(tmp_path / "flag").config_dir == tmp_path / "flag"
    assert resolve_paths(tmp_path / "flag").cache_dir == tmp_path / "flag" / "cache"


def test_hf_cache_honours_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    monkeypatch.delenv("HF_HUB_CACHE", raising=False)
    monkeypatch.delenv("HUGGINGFACE_HUB_CACHE", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    assert paths.hf_hub_cache == tmp_path / "hf" / "hub"
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub2"))
    assert paths.hf_hub_cache == tmp_path / "hub2"


# -- atomic store -------------------------------------------------------------------------
def test_atomic_write_leaves_no_temp_and_sets_mode(tmp_path: Path) -> None:
    target = tmp_path / "x" / "secret.json"
    atomic_write_json(target, {"a": 1}, mode=0o600)
    assert json.loads(target.read_text()) == {"a": 1}
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in target.parent.iterdir()] == ["secret.json"]


def test_unreadable_file_at_start_gives_defaults_and_stays(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    file = WatchedFile(path, lambda raw: raw, dict)
    assert file.load() == {}
    assert file.problem is not None
    assert file.problem.code == "config.unreadable"
    assert file.problem.params["file"] == str(path)
    assert str(path) in file.problem.english()
    # A reader never moves or changes the file: only a writer may decide it is broken.
    assert path.read_text() == "{not json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_write_outside_the_lock_is_refused(tmp_path: Path) -> None:
    file = WatchedFile(tmp_path / "x.json", lambda raw: raw, dict)
    file.load()
    with pytest.raises(RuntimeError):
        file.write({"a": 1})
    with file.locked():
        file.write({"a": 1})
    assert json.loads((tmp_path / "x.json").read_text()) == {"a": 1}


# -- settings -----------------------------------------------------------------------------
def test_settings_declared_once_with_required_keys() -> None:
    keys = {s.key for s in SPECS}
    for required in (
        "models.gpu_memory_utilization",
        "models.max_num_seqs",
        "models.vllm_args",
        "models.ctx_size",
        "models.load_timeout_s",
        "proxy.host",
        "proxy.port",
        "engine.kind",
        "models.idle_ttl_min",
    ):
        assert required in keys
    by_key = {s.key: s for s in SPECS}
    assert by_key["models.load_timeout_s"].default == 3600  # a ceiling; stalls stop stuck loads
    assert by_key["proxy.host"].default == "127.0.0.1"
    assert by_key["proxy.port"].default not in (8000, 1234, 11434, 13305)
    assert all(s.doc for s in SPECS)


def test_settings_defaults_set_and_persist(tmp_path: Path) -> None:
    s = Settings(tmp_path / "settings.json")
    assert s.get("models.gpu_memory_utilization") == 0.85
    seen: list[tuple[str, object]] = []
    s.subscribe(lambda k, v: seen.append((k, v)))
    s.set_many({"models.gpu_memory_utilization": "0.78", "proxy.port": "9000"})
    assert seen == [("models.gpu_memory_utilization", 0.78), ("proxy.port", 9000)]
    again = Settings(tmp_path / "settings.json")
    assert again.get("models.gpu_memory_utilization") == 0.78
    assert again.get("proxy.port") == 9000


@pytest.mark.parametrize(
    ("key", "value", "code"),
    [
        ("models.gpu_memory_utilization", "0.995", "settings.out_of_range"),
        ("models.gpu_memory_utilization", "abc", "settings.bad_type"),
        ("models.gpu_memory_utilization", "nan", "settings.bad_type"),
        ("proxy.port", "70000", "settings.out_of_range"),
        ("proxy.port", "1.5", "settings.bad_type"),
        ("models.max_num_seqs", True, "settings.bad_type"),
        ("engine.kind", "tpu", "settings.bad_choice"),
        ("no.such", "1", "settings.unknown_key"),
    ],
)
def test_bad_setting_rejected_nothing_written(
    tmp_path: Path, key: str, value: object, code: str
) -> None:
    path = tmp_path / "settings.json"
    s = Settings(path)
    with pytest.raises(ProblemError) as err:
        s.set_many({"models.max_num_seqs": 8, key: value})
    assert err.value.problem.code == code
    assert not path.exists()  # the valid change in the same call was not written either
    assert str(err.value)  # one clear sentence


def test_invalid_settings_file_falls_back_and_stays(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"models.gpu_memory_utilization": 7, "models.ctx_size": 4096}))
    s = Settings(path)
    assert s.problem is not None and s.problem.code == "config.unreadable"
    assert s.get("models.gpu_memory_utilization") == 0.85
    assert s.get("models.ctx_size") == 8192  # the whole file's defaults, not half of it
    assert json.loads(path.read_text()) == {
        "models.gpu_memory_utilization": 7,
        "models.ctx_size": 4096,
    }
    assert list(tmp_path.glob("settings.json.*")) == []


def test_coerce_bool_forms() -> None:
    assert coerce("gui.start_hidden", "yes") is True
    assert coerce("gui.start_hidden", "off") is False


# -- registry -----------------------------------------------------------------------------
def test_catalog_has_the_eleven_lemonade_models(tmp_path: Path) -> None:
    reg = Registry(resolve_paths(tmp_path))
    builtins = [m for m in reg.models() if m.source == "builtin"]
    assert len(builtins) == 11
    lowconc = reg.get("Qwen3.6-27B-FP8-vLLM-lowconc")
    assert str(lowconc.checkpoint) == "Qwen/Qwen3.6-27B-FP8"
    assert lowconc.size_gb == 27.8
    assert lowconc.options_key == "builtin.Qwen3.6-27B-FP8-vLLM-lowconc"
    assert reg.get("builtin.GLM-4.7-Flash-FP16-vLLM").size_gb == 62.47
    assert all(m.experimental for m in builtins)


def test_user_models_roundtrip_lemonade_shape(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    reg = Registry(paths)
    entry = reg.add_user_model("tiny", "/models/tiny", labels=["chat"])
    assert entry.id == "user.tiny"
    reg.add_user_model("qwen", "Qwen/Qwen3.5-0.8B:main")
    data = json.loads(paths.user_models_file.read_text())
    assert data["tiny"] == {"checkpoint": "/models/tiny", "recipe": "vllm", "labels": ["chat"]}
    assert data["qwen"]["checkpoint"] == "Qwen/Qwen3.5-0.8B:main"
    again = Registry(paths)
    assert again.get("user.qwen").checkpoint.revision == "main"
    assert again.get("user.tiny").checkpoint.is_local


def test_options_keys_and_removal(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    reg = Registry(paths)
    reg.add_user_model("tiny", "/models/tiny")
    reg.set_options("user.tiny", ModelOptions(ctx_size=4096, vllm_args="--enforce-eager"))
    reg.update_options("Qwen3.5-0.8B-FP16-vLLM", ctx_size=32768)
    data = json.loads(paths.recipe_options_file.read_text())
    assert data == {
        "user.tiny": {"ctx_size": 4096, "vllm_args": "--enforce-eager"},
        "builtin.Qwen3.5-0.8B-FP16-vLLM": {"ctx_size": 32768},
    }
    reg.remove_user_model("user.tiny")
    assert "user.tiny" not in json.loads(paths.recipe_options_file.read_text())
    with pytest.raises(ProblemError) as err:
        reg.remove_user_model("Qwen3.5-0.8B-FP16-vLLM")
    assert err.value.problem.code == "models.builtin_readonly"


def test_parallel_options_are_extra_fields_of_the_lemonade_object(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    reg = Registry(paths)
    reg.add_user_model("big", "/models/big")
    reg.set_options(
        "user.big",
        ModelOptions(ctx_size=8192, tensor_parallel_size=2, pipeline_parallel_size=1, gpus=(1, 0)),
    )
    data = json.loads(paths.recipe_options_file.read_text())
    assert data["user.big"] == {
        "ctx_size": 8192,
        "tensor_parallel_size": 2,
        "pipeline_parallel_size": 1,
        "gpus": [1, 0],
    }
    again = Registry(paths).options("user.big")
    assert (again.tensor_parallel_size, again.pipeline_parallel_size, again.gpus) == (2, 1, (1, 0))


def test_fields_the_app_does_not_know_survive_a_rewrite(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    paths.ensure()
    lemonade_entry = {
        "ctx_size": 4096,
        "vllm_args": "--enforce-eager",
        "llamacpp_backend": "vulkan",
        "llamacpp_args": "-ngl 99",
        "future": {"nested": [1, 2]},
    }
    paths.recipe_options_file.write_text(
        json.dumps({"builtin.Qwen3.5-0.8B-FP16-vLLM": lemonade_entry, "user.other": {"x": 1}})
    )
    reg = Registry(paths)
    reg.update_options("Qwen3.5-0.8B-FP16-vLLM", ctx_size=8192)
    data = json.loads(paths.recipe_options_file.read_text())
    assert data["builtin.Qwen3.5-0.8B-FP16-vLLM"] == {**lemonade_entry, "ctx_size": 8192}
    assert data["user.other"] == {"x": 1}
    # Going back to every default keeps what belongs to others, too.
    reg.set_options(
        "Qwen3.5-0.8B-FP16-vLLM",
        ModelOptions(extra=reg.options("Qwen3.5-0.8B-FP16-vLLM").extra),
    )
    data = json.loads(paths.recipe_options_file.read_text())
    assert data["builtin.Qwen3.5-0.8B-FP16-vLLM"] == {
        "llamacpp_backend": "vulkan",
        "llamacpp_args": "-ngl 99",
        "future": {"nested": [1, 2]},
    }


@pytest.mark.parametrize(
    "entry",
    [
        {"tensor_parallel_size": 0},
        {"pipeline_parallel_size": "2"},
        {"tensor_parallel_size": True},
        {"gpus": "0,1"},
        {"gpus": [0, -1]},
        {"gpus": [0, 1.5]},
    ],
)
def test_a_bad_parallel_option_in_the_file_is_reported_and_left_alone(
    tmp_path: Path, entry: dict[str, object]
) -> None:
    paths = resolve_paths(tmp_path)
    paths.ensure()
    text = json.dumps({"user.x": entry})
    paths.recipe_options_file.write_text(text)
    reg = Registry(paths)
    assert [p.code for p in reg.problems] == ["config.unreadable"]
    assert paths.recipe_options_file.read_text() == text


@pytest.mark.parametrize(
    ("options", "code"),
    [
        (ModelOptions(tensor_parallel_size=0), "options.bad_parallel_size"),
        (ModelOptions(pipeline_parallel_size=-1), "options.bad_parallel_size"),
        (ModelOptions(gpus=(0, -1)), "options.bad_gpus"),
    ],
)
def test_options_the_file_could_not_hold_are_refused_before_writing(
    tmp_path: Path, options: ModelOptions, code: str
) -> None:
    paths = resolve_paths(tmp_path)
    reg = Registry(paths)
    with pytest.raises(ProblemError) as err:
        reg.set_options("Qwen3.5-0.8B-FP16-vLLM", options)
    assert err.value.problem.code == code
    assert not paths.recipe_options_file.exists()


@pytest.mark.parametrize("text", ["not a repo", "org/repo:", "relative/path/x", "a/b/c"])
def test_bad_checkpoints(text: str) -> None:
    with pytest.raises(ProblemError) as err:
        parse_checkpoint(text)
    assert err.value.problem.code == "models.bad_checkpoint"


def test_unknown_model_lists_known(tmp_path: Path) -> None:
    reg = Registry(resolve_paths(tmp_path))
    with pytest.raises(ProblemError) as err:
        reg.get("nope")
    assert err.value.problem.code == "models.unknown"
    assert "Qwen3.5-0.8B-FP16-vLLM" in err.value.problem.english()


def test_invalid_user_models_reported_and_left_alone(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    users = json.dumps({"bad name!": {"checkpoint": "a/b"}})
    options = json.dumps({"user.x": {"ctx_size": "big"}})
    paths.user_models_file.write_text(users)
    paths.recipe_options_file.write_text(options)
    reg = Registry(paths)
    assert [(p.code, p.params["file"]) for p in reg.problems] == [
        ("config.unreadable", str(paths.user_models_file)),
        ("config.unreadable", str(paths.recipe_options_file)),
    ]
    assert len([m for m in reg.models() if m.source == "user"]) == 0
    assert paths.user_models_file.read_text() == users
    assert paths.recipe_options_file.read_text() == options
    assert sorted(p.name for p in paths.config_dir.iterdir()) == [
        "recipe_options.json",
        "user_models.json",
    ]


def test_bad_user_model_name_rejected_nothing_written(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    reg = Registry(paths)
    with pytest.raises(ProblemError) as err:
        reg.add_user_model("../evil", "org/repo")
    assert err.value.problem.code == "models.bad_name"
    assert not paths.user_models_file.exists()
    assert not (paths.config_dir / "user_models.json").exists()


# -- what a person types ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "code", "sentence"),
    [
        ("1.5", "settings.out_of_range", "Must be between 0.10 and 0.99; you typed 1.5."),
        ("0.05", "settings.out_of_range", "Must be between 0.10 and 0.99; you typed 0.05."),
        ("", "settings.empty", "Must be a number between 0.10 and 0.99; nothing was typed."),
        ("   ", "settings.empty", "Must be a number between 0.10 and 0.99; nothing was typed."),
        (
            "abc",
            "settings.bad_type",
            "Must be a number between 0.10 and 0.99, with a point for decimals; you typed “abc”.",
        ),
        (
            "1e400",
            "settings.bad_type",
            "Must be a number between 0.10 and 0.99, with a point for decimals; you typed “1e400”.",
        ),
        (
            "nan",
            "settings.bad_type",
            "Must be a number between 0.10 and 0.99, with a point for decimals; you typed “nan”.",
        ),
        (
            "0,85",
            "settings.bad_type",
            "Must be a number between 0.10 and 0.99, with a point for decimals; you typed “0,85”.",
        ),
    ],
)
def test_typed_gpu_memory_utilization_is_refused_in_one_sentence(
    text: str, code: str, sentence: str
) -> None:
    with pytest.raises(ProblemError) as err:
        parse_setting_text("models.gpu_memory_utilization", text)
    found = err.value.problem
    assert found.code == code
    assert found.english() == sentence
    assert found.params["key"] == "models.gpu_memory_utilization"
    assert "models.gpu_memory_utilization" not in found.english()


@pytest.mark.parametrize(
    ("text", "value"),
    [("0.5", 0.5), (" 0.85 ", 0.85), ("0.1", 0.1), ("0.99", 0.99), (".5", 0.5), ("5e-1", 0.5)],
)
def test_typed_gpu_memory_utilization_taken_as_typed(text: str, value: float) -> None:
    assert parse_setting_text("models.gpu_memory_utilization", text) == value


@pytest.mark.parametrize(
    "text", ["8,192", "8 192", "8_192", "8.192", "8192.0", "８１９２", "0x2000"]
)
def test_typed_integers_with_separators_are_refused_not_guessed(text: str) -> None:
    with pytest.raises(ProblemError) as err:
        parse_setting_text("models.ctx_size", text)
    found = err.value.problem
    assert found.code == "settings.bad_type"
    assert found.params["typed"] == text
    assert found.english() == (
        f"Must be a whole number between 64 and 1048576, in digits only; you typed “{text}”."
    )


def test_typed_integers() -> None:
    assert parse_setting_text("models.ctx_size", " 8192 ") == 8192
    assert parse_setting_text("proxy.port", "+9000") == 9000
    with pytest.raises(ProblemError) as err:
        parse_setting_text("proxy.port", "70000")
    assert err.value.problem.english() == "Must be between 1 and 65535; you typed 70000."
    assert err.value.problem.params["value"] == 70000
    with pytest.raises(ProblemError) as err:
        parse_setting_text("proxy.port", "9" * 5000)  # more digits than int() takes
    assert err.value.problem.code == "settings.bad_type"


def test_typed_booleans_choices_and_text() -> None:
    assert parse_setting_text("gui.start_hidden", " On ") is True
    assert parse_setting_text("gui.start_hidden", "0") is False
    with pytest.raises(ProblemError) as err:
        parse_setting_text("gui.start_hidden", "maybe")
    assert err.value.problem.english() == "Must be on or off; you typed “maybe”."
    with pytest.raises(ProblemError) as err:
        parse_setting_text("engine.kind", "tpu")
    assert err.value.problem.code == "settings.bad_choice"
    assert err.value.problem.english() == "Must be one of auto, rocm, cpu, custom; you typed “tpu”."
    assert parse_setting_text("models.vllm_args", "  --enforce-eager ") == "--enforce-eager"
    assert parse_setting_text("models.vllm_args", "") == ""
    with pytest.raises(ProblemError) as err:
        parse_setting_text("no.such", "1")
    assert err.value.problem.code == "settings.unknown_key"


def test_json_values_from_the_file() -> None:
    with pytest.raises(ProblemError) as err:
        coerce("models.gpu_memory_utilization", 1)
    assert err.value.problem.english() == "Must be between 0.10 and 0.99; you typed 1."
    assert coerce("models.ctx_size", 4096) == 4096
    for wrong in (4096.0, True, None, [1]):
        with pytest.raises(ProblemError) as err:
            coerce("models.ctx_size", wrong)
        assert err.value.problem.code == "settings.bad_type"
    with pytest.raises(ProblemError) as err:
        coerce("proxy.host", 5)
    assert err.value.problem.english() == "Must be text; you typed 5."


def test_every_setting_has_a_label_without_its_key() -> None:
    for spec in SPECS:
        assert spec.label, spec.key
        assert spec.key not in spec.label
    assert SPEC_BY_KEY["models.gpu_memory_utilization"].label == "GPU memory utilization"


def test_the_memory_for_bodies_must_hold_the_largest_request() -> None:
    """The rule between two settings, shared by the engine (before it stores) and the
    settings dialog (as the user types)."""
    values = {s.key: s.default for s in SPECS}
    check_together(values)  # the defaults agree
    check_together({**values, "proxy.max_body_mb": 128, "proxy.body_budget_mb": 128})
    with pytest.raises(ProblemError) as err:
        check_together({**values, "proxy.max_body_mb": 200, "proxy.body_budget_mb": 128})
    assert err.value.problem.code == "settings.body_budget_below_max_body"
    assert err.value.problem.params == {
        "key": "proxy.body_budget_mb",
        "budget": 128,
        "largest": 200,
    }
