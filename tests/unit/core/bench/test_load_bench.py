"""A load benchmark's record: the swap back beside the cold and warm loads, and issue 33's
ratios against vLLM's own start, from whatever a kept record or vLLM's report holds."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.bench.load_bench import RATIO_GOALS, LoadBenchRecord, LoadRun


def run(kind: str, total: float) -> dict[str, Any]:
    return {"kind": kind, "cold": kind == "cold", "steps": {"process": total}}


def record(direct: Any, runs: list[dict[str, Any]]) -> LoadBenchRecord:
    return LoadBenchRecord.from_json(
        {"model_id": "user.tiny", "time": 1.0, "runs": runs, "direct": direct}
    )


def test_the_ratios_put_each_load_beside_its_counterpart() -> None:
    figures = {"available": True, "avg_cold_startup_time": 20.0, "avg_warm_startup_time": 10.0}
    got = record(figures, [run("cold", 30.0), run("warm", 8.0), run("swap", 2.0)])
    assert got.ratios() == {"warm_vs_vllm": 0.8, "cold_vs_vllm": 1.5, "swap_vs_warm": 0.25}
    assert {name for name, _, _ in RATIO_GOALS} == set(got.ratios())
    assert LoadBenchRecord.from_json(got.to_json()).ratios() == got.ratios()
    # Without vLLM's own figures (or with ones that are no numbers) only the swap back's.
    odd = {"available": True, "avg_cold_startup_time": True, "avg_warm_startup_time": "10"}
    assert record(odd, [run("cold", 3.0), run("warm", 8.0)]).ratios() == {}
    assert record(None, [run("warm", 8.0), run("swap", 2.0)]).ratios() == {"swap_vs_warm": 0.25}


def test_an_unknown_run_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="not a load run kind"):
        LoadRun.from_json(run("lukewarm", 1.0))


FIGURE = st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=4)


@settings(max_examples=200, deadline=None)
@given(
    direct=st.none()
    | st.dictionaries(
        st.sampled_from(["available", "avg_cold_startup_time", "avg_warm_startup_time", "x"]),
        FIGURE,
    ),
    totals=st.lists(st.floats(min_value=0, max_value=1e6), min_size=3, max_size=3),
)
def test_any_figures_give_finite_ratios_or_none(direct: Any, totals: list[float]) -> None:
    got = record(direct, [run(k, t) for k, t in zip(("cold", "warm", "swap"), totals, strict=True)])
    for value in got.ratios().values():
        assert not math.isnan(value) and value >= 0
