"""Config files changed by another process while the app runs: picked up, never clobbered."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import app.core.jsonstore as jsonstore_module
from app.core.models.registry import ModelOptions, Registry
from app.core.paths import AppPaths, resolve_paths
from app.core.settings.settings import Settings


def hand_edit(path: Path, text: str) -> None:
    """Rewrite `path` in place (same inode), as an editor saving over the file does.

    The mtime is moved on explicitly: two writes inside one tick of the file system's
    coarse clock could otherwise keep it, and same-sized edits would then look unchanged.
    """
    before = path.stat().st_mtime_ns if path.exists() else 0
    with path.open("w", encoding="utf-8") as fh:
        fh.write(text)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, max(st.st_mtime_ns, before + 1_000_000)))


def aside_files(folder: Path) -> list[Path]:
    names = (".corrupted-", ".unreadable-")
    return sorted(p for p in folder.iterdir() if any(n in p.name for n in names))


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """Every time an existing config file is read and parsed again."""
    seen: list[Path] = []
    real = jsonstore_module._read_json

    def counting(path: Path) -> Any:
        if path.exists():  # a missing file is not read
            seen.append(path)
        return real(path)

    monkeypatch.setattr(jsonstore_module, "_read_json", counting)
    yield seen


# -- settings -----------------------------------------------------------------------------
def test_settings_outside_change_picked_up_and_announced(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = Settings(path)
    app.set("models.max_num_seqs", 8)
    seen: list[tuple[str, object]] = []
    app.subscribe(lambda k, v: seen.append((k, v)))

    cli = Settings(path)  # `vllm-tray config set` in another process
    cli.set_many({"models.max_num_seqs": "4", "models.ctx_size": "4096", "proxy.port": "8321"})

    # proxy.port was pinned to its default value: stored, but its effective value is the same.
    assert app.reload() == {"models.max_num_seqs": 4, "models.ctx_size": 4096}
    assert seen == [("models.max_num_seqs", 4), ("models.ctx_size", 4096)]
    assert app.get("models.max_num_seqs") == 4
    assert not app.is_default("proxy.port")
    assert app.reload() == {}
    assert len(seen) == 2

    cli.reset("models.max_num_seqs")
    assert app.reload() == {"models.max_num_seqs": 16}
    assert seen[-1] == ("models.max_num_seqs", 16)


def test_settings_hand_edit_and_deletion(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = Settings(path)
    app.set("models.ctx_size", 4096)
    hand_edit(path, json.dumps({"models.ctx_size": 32768, "gui.start_hidden": "yes"}))
    assert app.reload() == {"models.ctx_size": 32768, "gui.start_hidden": True}
    path.unlink()  # deleting the file means the defaults, as at start-up
    assert app.reload() == {"models.ctx_size": 8192, "gui.start_hidden": False}
    assert app.problem is None


def test_settings_invalid_edit_keeps_values_and_file(tmp_path: Path, reads: list[Path]) -> None:
    path = tmp_path / "settings.json"
    app = Settings(path)
    app.set("models.gpu_memory_utilization", 0.78)
    seen: list[tuple[str, object]] = []
    app.subscribe(lambda k, v: seen.append((k, v)))

    half_done = '{"models.gpu_memory_utilization": 0.7,\n'
    hand_edit(path, half_done)
    assert app.reload() == {}
    assert app.get("models.gpu_memory_utilization") == 0.78
    assert app.problem is not None
    assert app.problem.code == "config.edit_unreadable"
    assert app.problem.params["file"] == str(path)
    assert path.read_text() == half_done  # not moved aside: the user is still editing
    assert aside_files(tmp_path) == []
    assert seen == []
    assert app.reload() == {}  # the same broken version is not parsed again
    assert len(reads) == 1

    hand_edit(path, json.dumps({"models.gpu_memory_utilization": 7}))  # valid JSON, out of range
    assert app.reload() == {}
    assert app.problem is not None
    reason = app.problem.params["reason"]
    assert reason == "models.gpu_memory_utilization: Must be between 0.10 and 0.99; you typed 7."

    hand_edit(path, json.dumps({"models.gpu_memory_utilization": 0.7}))
    assert app.reload() == {"models.gpu_memory_utilization": 0.7}
    assert app.problem is None
    assert seen == [("models.gpu_memory_utilization", 0.7)]


def test_settings_unreadable_at_start_then_replaced_by_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{broken")
    app = Settings(path)  # the running app: defaults, and the file left alone
    assert app.problem is not None and app.problem.code == "config.unreadable"
    assert app.reload() == {}
    assert app.problem.code == "config.unreadable"
    assert aside_files(tmp_path) == []

    cli = Settings(path)  # `vllm-tray config set ctx_size=2048`: a writer may replace it
    cli.set("models.ctx_size", 2048)
    [kept] = aside_files(tmp_path)
    assert kept.read_text() == "{broken"
    assert cli.problem is not None and cli.problem.code == "config.edit_replaced"
    assert cli.problem.params["kept_as"] == str(kept)

    assert app.reload() == {"models.ctx_size": 2048}
    assert app.problem is None


def test_settings_once_good_then_unreadable_keeps_values_in_a_new_reader(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    Settings(path).set("models.max_num_seqs", 3)
    hand_edit(path, '{"models.max_num_seqs": ')
    app = Settings(path)  # e.g. `vllm-tray config get` while the file is half-written
    assert app.get("models.max_num_seqs") == 16
    assert app.problem is not None and app.problem.code == "config.unreadable"
    assert path.read_text() == '{"models.max_num_seqs": '


def test_settings_write_after_outside_change_keeps_both(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = Settings(path)
    app.set("models.max_num_seqs", 8)
    seen: list[tuple[str, object]] = []
    app.subscribe(lambda k, v: seen.append((k, v)))
    Settings(path).set_many({"models.ctx_size": 4096, "models.max_num_seqs": 2})

    # No reload() in between: the write itself must not undo the other process's change.
    assert app.set_many({"models.gpu_memory_utilization": 0.5}) == {
        "models.gpu_memory_utilization": 0.5
    }
    on_disk = json.loads(path.read_text())
    assert on_disk == {
        "models.max_num_seqs": 2,
        "models.ctx_size": 4096,
        "models.gpu_memory_utilization": 0.5,
    }
    assert seen == [
        ("models.max_num_seqs", 2),
        ("models.ctx_size", 4096),
        ("models.gpu_memory_utilization", 0.5),
    ]

    Settings(path).set("models.idle_ttl_min", 5)
    app.reset("models.ctx_size")
    assert json.loads(path.read_text()) == {
        "models.max_num_seqs": 2,
        "models.gpu_memory_utilization": 0.5,
        "models.idle_ttl_min": 5,
    }
    assert seen[-2:] == [("models.idle_ttl_min", 5), ("models.ctx_size", 8192)]


def test_settings_same_key_changed_outside_then_here(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = Settings(path)
    seen: list[tuple[str, object]] = []
    app.subscribe(lambda k, v: seen.append((k, v)))
    Settings(path).set("models.max_num_seqs", 4)
    app.set("models.max_num_seqs", 4)  # already so on disk: nothing to write, one announcement
    assert seen == [("models.max_num_seqs", 4)]
    assert json.loads(path.read_text()) == {"models.max_num_seqs": 4}


def test_settings_write_over_unreadable_edit_keeps_a_copy(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = Settings(path)
    app.set("models.max_num_seqs", 8)
    half_done = '{"models.max_num_seqs": '
    hand_edit(path, half_done)
    app.set("models.ctx_size", 2048)
    assert json.loads(path.read_text()) == {"models.max_num_seqs": 8, "models.ctx_size": 2048}
    [kept] = aside_files(tmp_path)
    assert kept.read_text() == half_done
    assert app.problem is not None
    assert app.problem.code == "config.edit_replaced"
    assert app.problem.params["kept_as"] == str(kept)


def test_settings_keys_of_a_newer_version_survive_writes(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"future.option": [1, 2], "models.max_num_seqs": 3}))
    app = Settings(path)
    app.set("models.ctx_size", 1024)
    assert json.loads(path.read_text()) == {
        "models.max_num_seqs": 3,
        "models.ctx_size": 1024,
        "future.option": [1, 2],
    }


def test_settings_unchanged_file_is_not_read_again(tmp_path: Path, reads: list[Path]) -> None:
    path = tmp_path / "settings.json"
    app = Settings(path)
    assert app.reload() == {}  # no file at all
    app.set("models.ctx_size", 1024)  # our own write is not an outside change
    for _ in range(3):
        assert app.reload() == {}
    app.set("models.max_num_seqs", 2)
    assert reads == []
    cli = Settings(path)
    reads.clear()  # the other process's own start-up read
    cli.set("models.idle_ttl_min", 3)
    assert app.reload() == {"models.idle_ttl_min": 3}
    assert app.reload() == {}
    assert reads == [path]


# -- registry -----------------------------------------------------------------------------
@pytest.fixture
def paths(tmp_path: Path) -> AppPaths:
    return resolve_paths(tmp_path / "home").ensure()


def test_registry_outside_pull_and_options_picked_up(paths: AppPaths) -> None:
    app = Registry(paths)
    cli = Registry(paths)  # `vllm-tray pull user.x --checkpoint …` in another process
    cli.add_user_model("x", "org/x", labels=["chat"])
    assert app.find("user.x") is None
    assert app.reload() is True
    assert app.get("user.x").labels == ("chat",)
    assert app.reload() is False

    cli.update_options("user.x", ctx_size=2048)  # `vllm-tray options user.x ctx_size=2048`
    assert app.reload() is True
    assert app.options("user.x").ctx_size == 2048

    cli.remove_user_model("user.x")
    assert app.reload() is True
    assert app.find("user.x") is None
    assert app.problems == []


def test_registry_rewrite_with_same_content_is_no_change(paths: AppPaths) -> None:
    app = Registry(paths)
    app.add_user_model("x", "org/x")
    text = paths.user_models_file.read_text()
    hand_edit(paths.user_models_file, text)
    assert app.reload() is False


def test_registry_invalid_edit_keeps_models_and_file(paths: AppPaths, reads: list[Path]) -> None:
    app = Registry(paths)
    app.add_user_model("x", "org/x")
    app.set_options("user.x", ModelOptions(ctx_size=4096))
    broken_users = json.dumps({"x": {"checkpoint": "org/x"}, "bad name!": {"checkpoint": "a/b"}})
    hand_edit(paths.user_models_file, broken_users)
    hand_edit(paths.recipe_options_file, json.dumps({"user.x": {"ctx_size": "big"}}))

    assert app.reload() is False
    assert app.get("user.x").checkpoint.repo_id == "org/x"
    assert app.options("user.x").ctx_size == 4096
    found = {p.params["file"]: p for p in app.problems}
    assert set(found) == {str(paths.user_models_file), str(paths.recipe_options_file)}
    assert {p.code for p in found.values()} == {"config.edit_unreadable"}
    assert "bad name!" in found[str(paths.user_models_file)].params["reason"]
    assert paths.user_models_file.read_text() == broken_users
    assert aside_files(paths.config_dir) == []
    assert app.reload() is False
    assert len(reads) == 2  # each broken version parsed once

    hand_edit(paths.recipe_options_file, json.dumps({"user.x": {"ctx_size": 512}}))
    assert app.reload() is True
    assert app.options("user.x").ctx_size == 512
    assert [p.params["file"] for p in app.problems] == [str(paths.user_models_file)]


def test_registry_writes_after_outside_change_keep_both(paths: AppPaths) -> None:
    app = Registry(paths)
    cli = Registry(paths)
    cli.add_user_model("b", "org/b")
    app.add_user_model("a", "org/a")  # no reload() in between
    assert sorted(json.loads(paths.user_models_file.read_text())) == ["a", "b"]
    # The write took in user.b: the next reload still reports it (for RegistryChanged).
    assert app.reload() is True
    assert app.reload() is False

    cli.update_options("user.b", vllm_args="--enforce-eager")
    app.update_options("user.b", ctx_size=1024)
    assert json.loads(paths.recipe_options_file.read_text()) == {
        "user.b": {"ctx_size": 1024, "vllm_args": "--enforce-eager"}
    }

    cli.set_options("Qwen3.5-0.8B-FP16-vLLM", ModelOptions(ctx_size=32768))
    app.set_options("user.a", ModelOptions(ctx_size=2048))
    assert sorted(json.loads(paths.recipe_options_file.read_text())) == [
        "builtin.Qwen3.5-0.8B-FP16-vLLM",
        "user.a",
        "user.b",
    ]

    cli.add_user_model("c", "org/c")
    app.remove_user_model("user.c")  # known to the app only through the re-read
    app.remove_user_model("user.b")
    assert sorted(json.loads(paths.user_models_file.read_text())) == ["a"]
    assert sorted(json.loads(paths.recipe_options_file.read_text())) == [
        "builtin.Qwen3.5-0.8B-FP16-vLLM",
        "user.a",
    ]


def test_registry_write_over_unreadable_edit_keeps_a_copy(paths: AppPaths) -> None:
    app = Registry(paths)
    app.add_user_model("a", "org/a")
    hand_edit(paths.user_models_file, '{"a": ')
    app.add_user_model("b", "org/b")
    assert sorted(json.loads(paths.user_models_file.read_text())) == ["a", "b"]
    [kept] = aside_files(paths.config_dir)
    assert kept.read_text() == '{"a": '
    [found] = app.problems
    assert found.params["file"] == str(paths.user_models_file)
    assert found.code == "config.edit_replaced"
    assert found.params["kept_as"] == str(kept)


def test_registry_unchanged_files_are_not_read_again(paths: AppPaths, reads: list[Path]) -> None:
    app = Registry(paths)
    assert app.reload() is False  # neither file exists yet
    app.add_user_model("x", "org/x")
    app.update_options("user.x", ctx_size=100)
    for _ in range(3):
        assert app.reload() is False
    assert reads == []
    cli = Registry(paths)
    reads.clear()  # the other process's own start-up reads
    cli.update_options("user.x", ctx_size=200)
    assert app.reload() is True
    assert reads == [paths.recipe_options_file]
