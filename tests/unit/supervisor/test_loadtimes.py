"""Load-time records: cold, warm and swap backs apart, an estimate from them, kept across runs."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.supervisor.activity import StallClock
from app.supervisor.loadtimes import KEPT, LoadEstimate, LoadTimes, load_key

KEY = load_key("user.tiny", ("/venv/bin/python", "-m", "vllm.entrypoints.openai.api_server"))


def test_nothing_known_gives_no_estimate(tmp_path: Path) -> None:
    assert LoadTimes(tmp_path).estimate(KEY) == LoadEstimate(None, None, None)


def test_warm_loads_are_the_estimate_once_there_are_any(tmp_path: Path) -> None:
    times = LoadTimes(tmp_path)
    times.record(KEY, 700.04, cold=True)
    assert times.estimate(KEY) == LoadEstimate(700.0, 700.0, None)
    for seconds in (40.0, 44.0, 90.0):
        times.record(KEY, seconds, cold=False)
    # The median of the warm loads (one slow outlier does not move it), and both lasts.
    assert times.estimate(KEY) == LoadEstimate(44.0, 700.0, 90.0)
    # A load known to be cold expects the last cold load's time.
    assert times.estimate(KEY, cold=True).expected_s == 700.0
    assert times.estimate(load_key("user.other", ("x",))) == LoadEstimate(None, None, None)


def test_swap_backs_are_learned_apart_from_warm_loads(tmp_path: Path) -> None:
    times = LoadTimes(tmp_path)
    times.record(KEY, 60.0, cold=True)
    times.record(KEY, 30.0, cold=False)
    assert times.take_swap("user.tiny") is False  # a load is a load until put aside
    times.swapped_out("user.tiny")
    assert times.take_swap("user.tiny") is True and times.take_swap("user.tiny") is False
    # The first swap back expects a warm load's time; later ones the swap backs'.
    assert times.estimate(KEY, False, swap=True).expected_s == 30.0
    times.record(KEY, 6.0, cold=False, swap=True)
    times.record(KEY, 80.0, cold=True, swap=True)  # it had to compile: a cold load
    assert times.estimate(KEY, False, swap=True) == LoadEstimate(6.0, 80.0, 30.0, 6.0)
    assert times.estimate(KEY, False).expected_s == 30.0  # a user's warm load is unmoved
    assert LoadTimes(tmp_path).estimate(KEY, swap=True).last_swap_s == 6.0
    times.swapped_out("user.tiny")
    times.swapped_out("user.tiny", False)  # then stopped by its user: the next is a load
    assert times.take_swap("user.tiny") is False


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    entry=st.recursive(
        st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=20,
    )
)
def test_any_file_content_reads_as_bounded_times_or_none(tmp_path: Path, entry: object) -> None:
    (tmp_path / "load_times.json").write_text(
        json.dumps({"version": 1, "loads": {KEY: {"cold": entry, "warm": entry, "swap": entry}}})
    )
    estimate = LoadTimes(tmp_path).estimate(KEY, swap=True)
    for value in (estimate.expected_s, estimate.last_cold_s, estimate.last_swap_s):
        assert value is None or 0 <= value < 1e7


def test_records_survive_a_restart_and_only_the_latest_are_kept(tmp_path: Path) -> None:
    times = LoadTimes(tmp_path)
    for i in range(KEPT + 3):
        times.record(KEY, float(i), cold=False)
    again = LoadTimes(tmp_path)
    saved = json.loads(again.path.read_text(encoding="utf-8"))
    assert saved["loads"][KEY]["warm"] == [float(i) for i in range(3, KEPT + 3)]
    assert again.estimate(KEY).last_warm_s == float(KEPT + 2)


def test_an_unreadable_file_is_started_afresh(tmp_path: Path) -> None:
    (tmp_path / "load_times.json").write_text("{half", encoding="utf-8")
    times = LoadTimes(tmp_path)
    assert times.estimate(KEY) == LoadEstimate(None, None, None)
    times.record(KEY, 5.0, cold=True)
    assert LoadTimes(tmp_path).estimate(KEY).last_cold_s == 5.0


def test_the_stall_clock_counts_output_and_cpu_use_but_not_idle_time() -> None:
    clock = StallClock(now=0.0)
    clock.saw_output(10.0)
    assert clock.idle_for(15.0) == 5.0
    clock.saw_cpu(16.0, cpu_s=0.001)  # 1 ms over 16 s: an idle poller, not work
    assert clock.idle_for(16.0) == 6.0
    clock.saw_cpu(17.0, cpu_s=0.5)  # half a core for a second: compiling
    assert clock.idle_for(17.0) == 0.0
