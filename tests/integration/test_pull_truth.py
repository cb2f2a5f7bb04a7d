"""`vllm-tray pull` says what is true (issue 20.2): a hub that went silent is "stalled" within
a few seconds, not still "2 MiB/s"; a failure names the hub the app really used (HF_ENDPOINT)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.downloads.progress import STALL_AFTER_S, DownloadProgress
from tests.fakes.fake_hub import FakeHub, refusing_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hub_weights_bytes() -> int:
    return 16 * 1024 * 1024


def pull(tmp_path: Path, endpoint: str) -> subprocess.Popen[str]:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")},
        "HF_ENDPOINT": endpoint,
        "HF_HUB_OFFLINE": "0",
        "VLLM_TRAY_HOME": str(tmp_path / "home"),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "app", "pull", "user.tiny", "--checkpoint", "org/tiny"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.timeout(120)
def test_a_hub_that_goes_silent_is_stalled_within_seconds_then_the_pull_finishes(
    hf_cache: Path, hub: FakeHub, tmp_path: Path
) -> None:
    hub.throttle_bps = 4 * 1024 * 1024
    hub.hold_after = 4 * 1024 * 1024  # then silence, the connection open
    with pull(tmp_path, hub.url) as proc:
        assert proc.stderr is not None
        silent_since: float | None = None
        stalled_after: float | None = None
        rates: list[str] = []  # each line's rate ("4.2 MB/s"), or "" when it has none
        for line in proc.stderr:
            rates.append(next((p for p in line.split(", ") if p.endswith("B/s")), ""))
            if silent_since is None and hub.total_served() >= hub.hold_after:
                silent_since = time.monotonic()
            if "stalled: nothing arrived for a few seconds" in line:
                stalled_after = time.monotonic() - (silent_since or time.monotonic())
                hub.release.set()
                break
        rest = proc.stderr.read()
        assert proc.wait(60) == 0, rest
        assert proc.stdout is not None and "user.tiny downloaded" in proc.stdout.read()
    assert stalled_after is not None, "the pull never said it stalled"
    # Said within a few seconds of the last byte (lines come every 5 s at most in a log).
    # Timing is the behaviour: a stall is said within its time.
    assert stalled_after < STALL_AFTER_S + 6
    # The rate the hub had is not shown any more: the stalled line carries none.
    assert any(rates[:-1]) and rates[-1] == "", rates
    assert "100.0 %" in rest.splitlines()[-1]


@pytest.mark.timeout(60)
def test_a_failed_pull_names_the_hub_in_use(tmp_path: Path) -> None:
    endpoint = refusing_url()
    with pull(tmp_path, endpoint) as proc:
        _out, err = proc.communicate(timeout=50)
    assert proc.returncode != 0
    assert f"Hugging Face ({endpoint}) cannot be reached" in err, err
    assert "huggingface.co" not in err


def test_the_speed_decays_to_stalled_after_a_few_seconds_without_bytes() -> None:
    progress = DownloadProgress({"w": 100}, {})
    progress.begin_file("w", 100)
    for second in range(4):
        progress.received(10)
        progress.on_disk(10 * (second + 1))
        snap = progress.snapshot(now=float(second))
    assert snap.speed_bps == pytest.approx(10.0) and not snap.stalled
    assert not progress.snapshot(now=3.0 + STALL_AFTER_S - 0.5).stalled
    late = progress.snapshot(now=3.0 + STALL_AFTER_S)
    assert late.stalled and late.speed_bps == 0.0 and late.eta_s is None
    progress.received(10)
    progress.on_disk(50)
    back = progress.snapshot(now=3.0 + STALL_AFTER_S + 1)
    assert not back.stalled and back.speed_bps is not None and back.speed_bps > 0
