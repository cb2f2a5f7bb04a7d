"""TuneService.check: the numbers a tune is asked for, refused before anything starts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.bench.tuning import Slo
from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError
from app.runtime.api.bench import MAX_CONCURRENCY, MAX_REQUESTS, TuneOptions, Workload
from app.runtime.composition.facade import Session

NUMBERS = st.integers(min_value=-5, max_value=MAX_REQUESTS + 5)
MS = st.none() | st.floats(min_value=-10, max_value=1e4, allow_nan=False)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Session:
    home = tmp_path_factory.mktemp("home")
    return Session(AppPaths(home / "config", home / "cache"))


@settings(max_examples=60, deadline=None)
@given(requests=NUMBERS, high=NUMBERS, output_len=NUMBERS, ttft=MS, itl=MS)
def test_check_refuses_exactly_the_numbers_no_tune_can_use(
    session: Session,
    *,
    requests: int,
    high: int,
    output_len: int,
    ttft: float | None,
    itl: float | None,
) -> None:
    options = TuneOptions(
        slo=Slo(ttft_ms=ttft, itl_ms=itl),
        requests=requests,
        workload=Workload(32, output_len),
        high=high,
    )
    usable = (
        1 <= requests <= MAX_REQUESTS
        and 1 <= high <= MAX_CONCURRENCY
        and 1 <= output_len <= 1_000_000
        and all(ms is None or ms > 0 for ms in (ttft, itl))
    )
    try:
        assert session.services.tune.check(options) == options
    except ProblemError as exc:
        assert not usable
        assert exc.problem.code in {"bench.bad_number", "cli.bad_objective"}
    else:
        assert usable
