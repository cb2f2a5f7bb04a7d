"""A load's report: cold or warm where vLLM's log says nothing of its compile cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.contracts import LaunchSpec
from app.core.events import Event, EventBus, LoadTimed
from app.supervisor.compile_cache import cache_env
from app.supervisor.loadtimes import LoadTimes
from app.supervisor.progress import LoadReport

# What vLLM's CPU build prints around its compile without AOT compile: nothing of the cache.
SILENT = (
    "(Worker pid=1) INFO 12-07 16:34:28 [cpu_model_runner.py:68] Starting to load model /m...",
    "(Worker pid=1) INFO 12-07 16:34:29 [cpu_model_runner.py:87] Warming up model for the "
    "compilation...",
)


@pytest.mark.parametrize("compiled_before", [False, True])
def test_a_load_whose_log_is_silent_on_its_cache_is_cold_as_the_cache_was(
    tmp_path: Path, compiled_before: bool
) -> None:
    root = tmp_path / "cpu-0.32.0"
    if compiled_before:  # an earlier start left inductor's artifacts, vLLM's own cache none
        (root / "inductor" / "fxgraph").mkdir(parents=True)
    spec = LaunchSpec("user.a", "user.a", "/m", 512, ("vllm", "serve"), env=cache_env(root))
    bus = EventBus()
    seen: list[Event] = []
    bus.subscribe(seen.append)
    times = LoadTimes(tmp_path / "state")
    report = LoadReport("user.a", spec, bus, times)
    for line in SILENT:
        report.line(line)
    report.record(report.ready())
    (timed,) = [e for e in seen if isinstance(e, LoadTimed)]
    assert timed.cold is not compiled_before
    (learned,) = json.loads(times.path.read_text())["loads"].values()
    assert list(learned) == ["warm" if compiled_before else "cold"]  # the ETA learns it so
