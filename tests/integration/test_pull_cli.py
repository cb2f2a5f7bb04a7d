"""`vllm-tray pull` in a log or pipe: whole progress lines, and no library's request log."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes.fake_hub import FakeHub

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hub_weights_bytes() -> int:
    return 8 * 1024 * 1024


def test_pull_without_a_terminal_prints_whole_lines(
    hf_cache: Path, hub: FakeHub, tmp_path: Path
) -> None:
    hub.throttle_bps = 4 * 1024 * 1024  # about two seconds: several progress reports
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")},
        "HF_ENDPOINT": hub.url,
        "HF_HUB_OFFLINE": "0",
        "VLLM_TRAY_HOME": str(tmp_path / "home"),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "app", "pull", "user.tiny", "--checkpoint", "org/tiny"],
        check=False,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
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
