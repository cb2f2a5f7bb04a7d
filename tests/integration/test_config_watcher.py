"""The running app notices `vllm-tray config set` and `vllm-tray options` run in a terminal."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.core.events import RegistryChanged, SettingChanged
from app.core.paths import resolve_paths
from app.runtime.composition.runtime import Runtime, RuntimeOptions
from tests.harness import Events, internals

ROOT = Path(__file__).resolve().parents[2]
# Timing is the behaviour here: a terminal's change reaches the running app within this
# (the watcher polls once a second); `Events.next(within=PICKUP_S)` fails past it.
PICKUP_S = 3.0


@pytest.fixture
async def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.delenv("VLLM_TRAY_HOME", raising=False)
    # Constructed, not started: the runtime subscribes its settings listener in __init__.
    rt = Runtime(
        resolve_paths(tmp_path / "home"),
        RuntimeOptions(sysfs_root=tmp_path / "no-sys", sample_gpu=False),
    )
    yield rt
    await rt.stop()


@pytest.fixture
async def watched(runtime: Runtime) -> AsyncIterator[Events]:
    """Events published while a watcher runs on this test's loop, at its default interval."""
    events = Events(runtime.bus)
    watcher = internals(runtime).config_watcher  # the one a started runtime runs; tests poll it
    watcher.start()
    try:
        yield events
    finally:
        await watcher.stop()
        events.stop()


async def cli(runtime: Runtime, *argv: str) -> str:
    """`vllm-tray ARGV --config-dir DIR` in a separate process, as a user in a terminal."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "app",
        *argv,
        "--config-dir",
        str(internals(runtime).paths.config_dir),
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    assert proc.returncode == 0, err.decode()
    return out.decode()


async def test_config_set_in_a_terminal_reaches_the_running_app(
    runtime: Runtime, watched: Events
) -> None:
    await runtime.services.config.set_settings({"models.ctx_size": 4096})
    watched.clear()  # the app's own change was announced at once
    out = await cli(
        runtime, "config", "set", "models.max_num_seqs=7", "proxy.cors_origins=http://x"
    )
    assert "max_num_seqs = 7" in out

    await watched.next(SettingChanged, lambda e: e.key == "models.max_num_seqs", within=PICKUP_S)
    changes = [(e.key, e.value) for e in watched.seen if isinstance(e, SettingChanged)]
    assert sorted(changes) == [("models.max_num_seqs", 7), ("proxy.cors_origins", "http://x")]
    assert runtime.services.config.value("models.max_num_seqs") == 7
    assert runtime.services.config.value("models.ctx_size") == 4096

    # The app's next write keeps the terminal's change.
    await runtime.services.config.set_settings({"models.idle_ttl_min": 5})
    on_disk = json.loads(internals(runtime).paths.settings_file.read_text())
    assert on_disk == {
        "models.ctx_size": 4096,
        "models.max_num_seqs": 7,
        "proxy.cors_origins": "http://x",
        "models.idle_ttl_min": 5,
    }


async def test_options_in_a_terminal_reaches_the_running_app(
    runtime: Runtime, watched: Events, tmp_path: Path
) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    internals(runtime).registry.add_user_model("tiny", str(folder))
    # A poll after it: the app's own write is no outside change.
    internals(runtime).config_watcher.poll()
    assert watched.seen == []
    await cli(runtime, "options", "user.tiny", "ctx_size=2048")

    await watched.next(RegistryChanged, within=PICKUP_S)
    # None: views re-read the whole registry (the watcher cannot tell which model changed).
    assert [e.model_id for e in watched.seen if isinstance(e, RegistryChanged)] == [None]
    assert runtime.services.models.options("user.tiny").ctx_size == 2048
    assert internals(runtime).planner.ctx_size("user.tiny") == 2048


async def test_broken_hand_edit_keeps_the_app_running_on_the_old_values(
    runtime: Runtime, watched: Events, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="app.runtime.control.watcher")
    await runtime.services.config.set_settings({"models.max_num_seqs": 8})
    watched.clear()  # the app's own change was announced at once
    path = internals(runtime).paths.settings_file
    path.write_text('{"models.max_num_seqs": 4,')  # an editor saved half a change
    for _ in range(2):  # two polls see it: nothing may happen, and it is said once
        internals(runtime).config_watcher.poll()

    assert runtime.services.config.value("models.max_num_seqs") == 8
    assert runtime.services.config.load_problem() is not None
    assert runtime.services.config.load_problem().code == "config.edit_unreadable"
    assert path.read_text() == '{"models.max_num_seqs": 4,'
    assert not any(isinstance(e, SettingChanged) for e in watched.seen)
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert said == [runtime.services.config.load_problem().english()]  # once, not once per poll
    assert "values read before stay in use" in said[0]

    path.write_text('{"models.max_num_seqs": 4}')
    await watched.next(SettingChanged, lambda e: e.value == 4, within=PICKUP_S)
    assert internals(runtime).config_watcher.problems() == []  # and the poll that saw it said so:
    assert f"{path} can be read again; its values are in use" in caplog.messages
