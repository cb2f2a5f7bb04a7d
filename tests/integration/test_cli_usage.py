"""What a user types at `vllm-tray …` and what the terminal shows back: options where a user
puts them, secrets hidden, one sentence for a bad value, exit status 2 for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.fakes.engine_runtime import FAKE
from tests.fakes.remote_servers import ROOT, run_cli


def run_cli_first(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`vllm-tray --config-dir HOME ARGV`: the options before the command."""
    env = {k: v for k, v in os.environ.items() if k != "VLLM_TRAY_HOME"}
    return subprocess.run(
        [sys.executable, "-m", "app", "--config-dir", str(home), *argv],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def settings_of(home: Path) -> dict[str, object]:
    return dict(json.loads((home / "settings.json").read_text()))


def test_engine_use_takes_config_dir_typed_after_the_command(tmp_path: Path) -> None:
    home = tmp_path / "home"
    # run_cli puts --config-dir HOME last, after the engine command, as a user would.
    done = run_cli(home, "engine", "use", sys.executable, str(FAKE))
    assert done.returncode == 0, done.stderr
    stored = settings_of(home)
    assert stored["engine.kind"] == "custom"
    assert "--config-dir" not in str(stored["engine.custom_command"])
    assert str(stored["engine.custom_command"]).endswith("fake_vllm.py")
    # After --, every word is the command's (its own --config-dir is kept for it).
    done = run_cli_first(tmp_path / "other", "engine", "use", "--", sys.executable, str(FAKE), "-v")
    assert done.returncode == 0, done.stderr
    assert "-v" in str(settings_of(tmp_path / "other")["engine.custom_command"]).split()
