"""A batch run's concurrency (the tuned --max-num-seqs or the user's) and its progress: the
results so far, the recent rate and the time left."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.problems.problems import Problem, ProblemError, problem

MAX_NUM_SEQS_FLAG = "--max-num-seqs"
# How far back the rate is averaged: long enough to smooth a burst of answers, short enough
# that the ETA follows a model swap within a minute.
RATE_WINDOW_S = 30.0
RATE_MIN_SPAN_S = 1.0


def max_num_seqs(args: Sequence[str]) -> int | None:
    """The last `--max-num-seqs` in resolved vLLM args (the tuner writes its answer there)."""
    found: int | None = None
    for i, token in enumerate(args):
        name, eq, value = token.partition("=")
        if name.replace("_", "-") != MAX_NUM_SEQS_FLAG:
            continue
        if not eq:
            value = args[i + 1] if i + 1 < len(args) else ""
        try:
            found = int(value)
        except ValueError:
            continue
    return found if found is None or found > 0 else None


def bad_concurrency(value: object) -> Problem:
    return problem("batch.bad_concurrency", value=value, limit=MAX_CONCURRENCY)


MAX_CONCURRENCY = 4096


def parse_concurrency(text: str) -> int | None:
    """`auto` → None (use the tuned value); else a positive whole number."""
    if text.strip().lower() == "auto":
        return None
    try:
        value = int(text)
    except ValueError:
        raise ProblemError(bad_concurrency(text)) from None
    if not 1 <= value <= MAX_CONCURRENCY:
        raise ProblemError(bad_concurrency(text))
    return value


@dataclass(frozen=True)
class BatchProgress:
    """Where a run stands. `done` counts results in the files (earlier runs included)."""

    total: int
    succeeded: int
    failed: int
    in_flight: int = 0
    rate: float | None = None  # results per second, recent
    eta_s: float | None = None

    @property
    def done(self) -> int:
        return self.succeeded + self.failed


class RateMeter:
    """Results per second over the last RATE_WINDOW_S, and the time left at that pace.

    Fed with results only (never a sample at the start of a run), so the time a model takes
    to load before the first answer does not count as a slow pace.
    """

    def __init__(self, window_s: float = RATE_WINDOW_S) -> None:
        self._window = window_s
        self._samples: deque[tuple[float, int]] = deque()

    def add(self, now: float, done: int) -> None:
        self._samples.append((now, done))
        while len(self._samples) > 2 and now - self._samples[1][0] >= self._window:
            self._samples.popleft()

    def rate(self) -> float | None:
        """None until results have come in for a second: the first ones after a model load
        say nothing about the pace yet."""
        if len(self._samples) < 2:
            return None
        (t0, d0), (t1, d1) = self._samples[0], self._samples[-1]
        return (d1 - d0) / (t1 - t0) if t1 - t0 >= RATE_MIN_SPAN_S and d1 > d0 else None

    def eta(self, remaining: int) -> float | None:
        rate = self.rate()
        if remaining <= 0:
            return 0.0
        return remaining / rate if rate else None
