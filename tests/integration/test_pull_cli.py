"""`vllm-tray pull` in a log or pipe: whole progress lines, and no library's request log."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes.engine_runtime import make_model_folder
from tests.fakes.fake_hub import FakeHub

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hub_weights_bytes() -> int:
    return 8 * 1024 * 1024


def user_env(hub: FakeHub, tmp_path: Path) -> dict[str, str]:
    """A user's environment without a display, the fake hub as Hugging Face."""
    return {
        **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")},
        "HF_ENDPOINT": hub.url,
        "HF_HUB_OFFLINE": "0",
        "VLLM_TRAY_HOME": str(tmp_path / "home"),
    }


def cli(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        check=False,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def listed(env: dict[str, str]) -> set[str]:
    shown = cli(env, "models", "--json")
    assert shown.returncode == 0, shown.stderr
    return {row["id"] for row in json.loads(shown.stdout)}


def test_pull_without_a_terminal_prints_whole_lines(
    hf_cache: Path, hub: FakeHub, tmp_path: Path
) -> None:
    hub.throttle_bps = 4 * 1024 * 1024  # about two seconds: several progress reports
    proc = cli(user_env(hub, tmp_path), "pull", "user.tiny", "--checkpoint", "org/tiny")
    assert proc.returncode == 0, proc.stderr
    assert "user.tiny downloaded" in proc.stdout
    assert "\r" not in proc.stderr
    assert "HTTP Request" not in proc.stderr  # huggingface_hub's client logs every request
    assert "keyring" not in proc.stderr  # no secret was stored or found in the file
    lines = proc.stderr.splitlines()
    assert lines, "no progress at all"
    assert all(line.startswith("user.tiny: ") for line in lines), lines
    assert "100.0 %" in lines[-1]
    assert len(lines) <= 13  # the first, one per 10 %, the end (and a 5 s tick at most)


def test_rm_deletes_your_models_files_and_its_place_in_the_list_as_the_window_does(
    hf_cache: Path, hub: FakeHub, tmp_path: Path
) -> None:
    """`rm` of a model of your own could delete its files only: one whose folder was gone
    stayed listed as broken, with no command to remove it."""
    env = user_env(hub, tmp_path)
    assert cli(env, "pull", "user.tiny", "--checkpoint", "org/tiny").returncode == 0
    folder = make_model_folder(tmp_path / "mine")
    assert cli(env, "pull", "user.mine", "--checkpoint", str(folder)).returncode == 0
    gone = make_model_folder(tmp_path / "gone")
    assert cli(env, "pull", "user.gone", "--checkpoint", str(gone)).returncode == 0
    shutil.rmtree(gone)
    assert {"user.tiny", "user.mine", "user.gone"} <= listed(env)

    unasked = cli(env, "rm", "user.tiny")  # files to delete, no terminal to ask: refused
    assert unasked.returncode == 2, unasked.stderr
    assert "user.tiny" in listed(env)
    deleted = cli(env, "rm", "user.tiny", "--yes")
    assert deleted.returncode == 0, deleted.stderr
    assert "deleted user.tiny: 8.4 MB freed" in deleted.stdout, deleted.stdout
    assert "user.tiny is no longer listed." in deleted.stdout
    assert not list(hf_cache.rglob("*.safetensors"))

    for name, path in (("mine", folder), ("gone", gone)):
        forgot = cli(env, "rm", f"user.{name}")  # nothing of the user's is deleted: no question
        assert forgot.returncode == 0, forgot.stderr
        assert forgot.stdout.strip() == (
            f"user.{name} is no longer listed; your folder {path} is left as it is."
        )
    assert folder.is_dir() and (folder / "config.json").exists()
    assert not {"user.tiny", "user.mine", "user.gone"} & listed(env)


def test_rm_keeps_files_another_model_uses(hf_cache: Path, hub: FakeHub, tmp_path: Path) -> None:
    """Issue 32 item 3: removing one model deleted another model's download (the same
    repository), and nothing said so."""
    env = user_env(hub, tmp_path)
    assert cli(env, "pull", "user.first", "--checkpoint", "org/tiny").returncode == 0
    assert cli(env, "pull", "user.second", "--checkpoint", "org/tiny:main").returncode == 0
    weights = sorted(hf_cache.rglob("*.safetensors"))
    assert weights

    # A model of your own leaves the list; its files stay with the other one, unasked.
    gone = cli(env, "rm", "user.second")
    assert gone.returncode == 0, gone.stderr
    assert gone.stdout.strip() == "user.second is no longer listed; its files stay with user.first."
    assert sorted(hf_cache.rglob("*.safetensors")) == weights
    rows = {row["id"]: row for row in json.loads(cli(env, "models", "--json").stdout)}
    assert "user.second" not in rows and rows["user.first"]["files"] == "complete"

    # The last model that uses them: deleting asks again (no terminal: --yes), then frees.
    assert cli(env, "rm", "user.first").returncode == 2
    deleted = cli(env, "rm", "user.first", "--yes")
    assert deleted.returncode == 0, deleted.stderr
    assert "deleted user.first" in deleted.stdout
    assert not list(hf_cache.rglob("*.safetensors"))
