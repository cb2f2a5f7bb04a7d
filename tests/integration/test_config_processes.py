"""Config files shared by real processes: no lost update, and a reader never changes a file."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.jsonstore import lock_path
from app.core.models.registry import Registry
from app.core.paths import resolve_paths
from app.core.settings.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.delenv("VLLM_TRAY_HOME", raising=False)
    folder = tmp_path / "cfg"
    folder.mkdir()
    return folder


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}


def start_cli(home: Path, *argv: str) -> subprocess.Popen[str]:
    """`vllm-tray ARGV --config-dir HOME` as its own process, as typed in a terminal."""
    return subprocess.Popen(
        [sys.executable, "-m", "app", *argv, "--config-dir", str(home)],
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen[str]) -> tuple[str, str]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return out, err


def test_racing_config_set_commands_keep_every_change(home: Path) -> None:
    changes = {
        "models.max_num_seqs": 7,
        "models.ctx_size": 4096,
        "models.idle_ttl_min": 5,
        "models.load_timeout_s": 900,
    }
    # All at once: each one reads, merges and writes; without the lock one would undo another.
    procs = [start_cli(home, "config", "set", f"{k}={v}") for k, v in changes.items()]
    for proc in procs:
        finish(proc)
    assert json.loads((home / "settings.json").read_text()) == changes


def test_racing_options_commands_keep_every_change(home: Path, tmp_path: Path) -> None:
    registry = Registry(resolve_paths(home))
    names = ["a", "b", "c"]
    for name in names:
        folder = tmp_path / name
        folder.mkdir()
        registry.add_user_model(name, str(folder))
    procs = [
        start_cli(home, "options", f"user.{name}", f"ctx_size={1024 * (i + 1)}")
        for i, name in enumerate(names)
    ]
    for proc in procs:
        finish(proc)
    assert json.loads((home / "recipe_options.json").read_text()) == {
        "user.a": {"ctx_size": 1024},
        "user.b": {"ctx_size": 2048},
        "user.c": {"ctx_size": 3072},
    }


# Each process sets its own key over and over and checks, before every change, that the file
# still holds its previous value: only it changes that key, so anything else is a lost update
# (the other process wrote a stale copy it read before this one's write).
_WRITER = """
import json, sys
from pathlib import Path
from app.core.settings.settings import Settings
path, key, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
settings = Settings(path)
lost = 0
for i in range(1, rounds + 1):
    if i > 1 and json.loads(path.read_text()).get(key) != i - 1:
        lost += 1
    settings.set(key, i)
print(lost)
"""


def test_two_processes_changing_settings_in_a_loop_lose_nothing(home: Path) -> None:
    path = home / "settings.json"
    rounds = 150
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path), key, str(rounds)],
            cwd=ROOT,
            env=_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for key in ("models.max_num_seqs", "models.idle_ttl_min")
    ]
    lost = [int(finish(proc)[0]) for proc in procs]
    assert lost == [0, 0]
    assert json.loads(path.read_text()) == {
        "models.max_num_seqs": rounds,
        "models.idle_ttl_min": rounds,
    }


def test_a_write_waits_for_another_process_holding_the_lock(home: Path) -> None:
    path = home / "settings.json"
    app = Settings(path)
    app.set("models.max_num_seqs", 8)
    # Another process takes the lock, and only then changes the file (its read-modify-write).
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import filelock, json, sys, time\n"
            f"lock = filelock.FileLock({str(lock_path(path))!r})\n"
            "with lock:\n"
            "    print('locked', flush=True)\n"
            "    time.sleep(1.0)\n"
            f"    data = json.load(open({str(path)!r}))\n"
            "    data['models.ctx_size'] = 2048\n"
            f"    json.dump(data, open({str(path)!r}, 'w'))\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "locked"
    started = time.monotonic()
    app.set("models.idle_ttl_min", 3)  # must wait for the holder, then re-read its change
    waited = time.monotonic() - started
    assert holder.wait(30) == 0
    holder.stdout.close()
    assert waited > 0.5  # timing is the behaviour: the write waited for the holder's lock
    assert json.loads(path.read_text()) == {
        "models.max_num_seqs": 8,
        "models.ctx_size": 2048,
        "models.idle_ttl_min": 3,
    }
    assert app.get("models.ctx_size") == 2048


def test_config_get_on_a_half_written_file_changes_nothing(home: Path) -> None:
    path = home / "settings.json"
    app = Settings(path)  # stands in for a running `vllm-tray serve`
    app.set_many({"engine.kind": "cpu", "models.max_num_seqs": 4})
    half = '{"engine.kind": "cpu", "max_num_'
    path.write_text(half)  # an editor in the middle of saving

    out, err = finish(start_cli(home, "config", "get", "engine.kind"))
    assert out.strip() == "auto"  # a fresh reader has no good values: the defaults
    assert f"{path} cannot be read" in err
    assert "Traceback" not in err
    assert path.read_text() == half  # not moved, not rewritten
    assert sorted(p.name for p in home.iterdir() if not p.name.startswith(".")) == ["settings.json"]

    assert app.reload() == {}
    assert app.get("engine.kind") == "cpu"  # the running app keeps its last good values
    assert app.problem is not None and app.problem.code == "config.edit_unreadable"

    path.write_text('{"engine.kind": "cpu", "models.max_num_seqs": 6}')
    assert app.reload() == {"models.max_num_seqs": 6}
    assert app.problem is None


def test_config_set_over_a_broken_file_says_where_the_copy_went(home: Path) -> None:
    path = home / "settings.json"
    path.write_text('{"ctx_size": 40')
    out, err = finish(start_cli(home, "config", "set", "models.max_num_seqs=2"))
    assert "max_num_seqs = 2" in out
    [kept] = home.glob("settings.json.unreadable-*")
    assert kept.read_text() == '{"ctx_size": 40'
    assert f"your version was kept as {kept}" in err
    assert json.loads(path.read_text()) == {"models.max_num_seqs": 2}


@pytest.mark.parametrize("name", ["settings.json", "recipe_options.json"])
def test_serve_does_not_start_on_an_unreadable_file(home: Path, name: str) -> None:
    path = home / name
    path.write_text('{"half": ')
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = start_cli(home, "serve", "--port", str(port))
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # it started after all: the assertion below says so
            proc.kill()
            proc.communicate()
    assert proc.returncode == 2, err
    assert f"vllm-tray serve does not start while {path} cannot be read" in err
    assert "Traceback" not in err
    assert path.read_text() == '{"half": '
    assert sorted(p.name for p in home.iterdir() if not p.name.startswith(".")) == [name]
