"""An older settings.json is upgraded at start: keys renamed, the windows' memory moved out.

Issue 19.4: every settings key is dotted by what it is about (`ctx_size` became
`models.ctx_size`), and what the windows remember (the tray hint shown, the Lemonade offer
made) lives in the UI state file, not among the preferences. The migrations are declared in
app.core.settings.setting_table (RENAMED, MOVED_TO_UI_STATE); this starts `vllm-tray` on a file an
older version wrote and looks at what the user would see.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from app.core.paths import resolve_paths
from app.core.settings.setting_table import MOVED_TO_UI_STATE, RENAMED

ROOT = Path(__file__).resolve().parents[2]
# What an older version wrote: every renamed key with a value that is not its default, the
# two remembered flags, a key that kept its name, and one from a newer version.
OLD = {
    "gpu_memory_utilization": 0.7,
    "max_num_seqs": 7,
    "vllm_args": "--enforce-eager",
    "ctx_size": 4096,
    "load_timeout_s": 900,
    "load_stall_timeout_s": 300,
    "idle_ttl_min": 5,
    "prewarm_after_download": True,
    "proxy.port": 9123,
    "gui.tray_hint_shown": True,
    "gui.lemonade_offered": True,
    "future.setting": [1, 2],
}


def vllm_tray(home: Path, *argv: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "app", *argv, "--config-dir", str(home)],
        env={**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_an_old_settings_file_is_upgraded_and_nothing_is_lost(tmp_path: Path) -> None:
    home = tmp_path / "cfg"
    home.mkdir()
    settings_file = home / "settings.json"
    settings_file.write_text(json.dumps(OLD))
    assert set(RENAMED) | set(MOVED_TO_UI_STATE) <= set(OLD)  # every declared migration

    shown = json.loads(vllm_tray(home, "config", "get", "--json"))

    # The values, under today's names; the windows' memory is no setting any more.
    for old, new in RENAMED.items():
        assert shown[new] == OLD[old], new
        assert old not in shown
    assert shown["proxy.port"] == 9123
    assert not set(MOVED_TO_UI_STATE) & set(shown)
    assert not any(key.startswith("gui.") and "shown" in key for key in shown)

    # The file itself was rewritten: new names, same values, the newer version's key kept.
    on_disk = json.loads(settings_file.read_text())
    assert on_disk == {
        **{RENAMED[k]: v for k, v in OLD.items() if k in RENAMED},
        "proxy.port": 9123,
        "future.setting": [1, 2],
    }
    ui_state = json.loads(resolve_paths(home).ui_state_file.read_text())
    assert ui_state["flags"] == {"tray_hint_shown": True, "lemonade_offered": True}

    # An upgraded file is only read from then on.
    before = settings_file.stat()
    assert json.loads(vllm_tray(home, "config", "get", "--json")) == shown
    after = settings_file.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)

    # And a change under a new name is one the next start reads.
    vllm_tray(home, "config", "set", "models.ctx_size=2048")
    assert vllm_tray(home, "config", "get", "models.ctx_size").strip() == "2048"


def test_a_setting_typed_by_its_old_name_means_the_one_it_became(tmp_path: Path) -> None:
    """`config set gpu_memory_utilization=0.93` (the name before the keys were dotted) sets
    models.gpu_memory_utilization and says so by its current name."""
    home = tmp_path / "home"
    assert "models.gpu_memory_utilization" in vllm_tray(
        home, "config", "set", "gpu_memory_utilization=0.93"
    )
    got = vllm_tray(home, "config", "get", "gpu_memory_utilization", "--json")
    assert json.loads(got) == {"models.gpu_memory_utilization": 0.93}
    vllm_tray(home, "config", "reset", "gpu_memory_utilization")
    assert "gpu_memory_utilization" not in (home / "settings.json").read_text()
