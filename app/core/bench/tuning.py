"""Benchmark figures and the max-num-seqs knee search, as pure deterministic functions.

Nothing here measures: the runtime sends requests and hands the figures in. `KneeSearch`
decides which client concurrency to measure next on an engine started with a high
`--max-num-seqs` (there, the client's concurrency *is* the engine's batch size), and which
value is the knee; `choose_confirmed` decides between the values confirmed by restarts.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

# The search's steps, in order (KneeSearch.next_concurrency says what each one probes).
SearchPhase = Literal["sweep", "objective", "peak", "knee", "done"]
# Where a point's token count comes from: the streamed answers' own usage (or vLLM's
# benchmark, which counts the streamed text), the engine's vllm:generation_tokens_total over
# the run (a stream without usage), or nowhere: tokens per second were not measured.
TokenSource = Literal["stream", "engine", "none"]
# A doubling step must gain at least this much throughput to be worth going on.
MIN_GAIN = 0.10
# The knee is the smallest concurrency within this share of the best throughput measured: a
# margin under the 5 % goal, so that the noise of one confirming run does not miss it.
KNEE_TOLERANCE = 0.03
# A confirming restart must reach this share of the best throughput of the sweep.
CONFIRM_SHARE = 0.95
MAX_STARTS = 6
# Bisection stops when the interval is this small relative to its top (at least 1): with
# hundreds of slots a step of a few percent of them changes nothing measurable.
BISECT_RESOLUTION = 1 / 16


@dataclass(frozen=True)
class RequestSample:
    """One request as the load generator saw it (seconds)."""

    ok: bool
    ttft_s: float | None = None
    itl_s: tuple[float, ...] = ()
    completion_tokens: int = 0


@dataclass(frozen=True)
class BenchPoint:
    """The figures of `requests` requests sent with at most `concurrency` in flight."""

    concurrency: int
    requests: int
    completed: int
    failed: int
    wall_s: float
    completion_tokens: int
    tok_per_s: float
    ttft_p50_ms: float | None = None
    ttft_p99_ms: float | None = None
    itl_p50_ms: float | None = None
    itl_p99_ms: float | None = None
    max_num_seqs: int | None = None  # the engine's limit while measured, when the tune set it
    token_source: TokenSource = "stream"

    @property
    def measured(self) -> bool:
        """Whether tokens per second were measured: a run whose requests completed without
        any token count (a stream with no usage, an engine without metrics) was not."""
        return self.token_source != "none"

    def to_json(self) -> dict[str, Any]:
        return {
            "concurrency": self.concurrency,
            "requests": self.requests,
            "completed": self.completed,
            "failed": self.failed,
            "wall_s": self.wall_s,
            "completion_tokens": self.completion_tokens,
            "tok_per_s": self.tok_per_s,
            "ttft_p50_ms": self.ttft_p50_ms,
            "ttft_p99_ms": self.ttft_p99_ms,
            "itl_p50_ms": self.itl_p50_ms,
            "itl_p99_ms": self.itl_p99_ms,
            "max_num_seqs": self.max_num_seqs,
            "token_source": self.token_source,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> BenchPoint:
        def opt(key: str) -> float | None:
            value = obj.get(key)
            return None if value is None else float(value)

        limit = obj.get("max_num_seqs")
        source: TokenSource = "stream"
        kept = obj.get("token_source")
        if kept in ("engine", "none"):
            source = "engine" if kept == "engine" else "none"
        elif kept is None and int(obj["completed"]) > 0 and int(obj["completion_tokens"]) == 0:
            # Records from before sources were kept: completed requests and no tokens means
            # the stream carried no counts (the 0 tok/s of issue 20).
            source = "none"
        return cls(
            concurrency=int(obj["concurrency"]),
            requests=int(obj["requests"]),
            completed=int(obj["completed"]),
            failed=int(obj["failed"]),
            wall_s=float(obj["wall_s"]),
            completion_tokens=int(obj["completion_tokens"]),
            tok_per_s=float(obj["tok_per_s"]),
            ttft_p50_ms=opt("ttft_p50_ms"),
            ttft_p99_ms=opt("ttft_p99_ms"),
            itl_p50_ms=opt("itl_p50_ms"),
            itl_p99_ms=opt("itl_p99_ms"),
            max_num_seqs=None if limit is None else int(limit),
            token_source=source,
        )


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0..100) with linear interpolation, as numpy's default; None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100.0
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def summarize(
    concurrency: int, requests: int, wall_s: float, samples: Iterable[RequestSample]
) -> BenchPoint:
    """One BenchPoint from what each request saw; latencies in milliseconds."""
    done = list(samples)
    ok = [s for s in done if s.ok]
    tokens = sum(s.completion_tokens for s in ok)
    ttfts = [s.ttft_s * 1000 for s in ok if s.ttft_s is not None]
    itls = [gap * 1000 for s in ok for gap in s.itl_s]
    return BenchPoint(
        concurrency=concurrency,
        requests=requests,
        completed=len(ok),
        failed=requests - len(ok),
        wall_s=wall_s,
        completion_tokens=tokens,
        tok_per_s=tokens / wall_s if wall_s > 0 else 0.0,
        ttft_p50_ms=percentile(ttfts, 50),
        ttft_p99_ms=percentile(ttfts, 99),
        itl_p50_ms=percentile(itls, 50),
        itl_p99_ms=percentile(itls, 99),
        token_source="none" if ok and tokens == 0 else "stream",
    )


def with_engine_tokens(point: BenchPoint, tokens: float | None) -> BenchPoint:
    """A point whose stream carried no token counts, counted instead by the engine's
    generation counter over the run (`tokens`: its increase; None or 0: not measured)."""
    if point.measured:
        return point
    if not tokens or tokens <= 0:
        return replace(point, token_source="none", tok_per_s=0.0)
    count = round(tokens)
    return replace(
        point,
        completion_tokens=count,
        tok_per_s=count / point.wall_s if point.wall_s > 0 else 0.0,
        token_source="engine",
    )


def speedup(sequential: BenchPoint, simultaneous: BenchPoint) -> float | None:
    """How many times more tokens per second the simultaneous run gave (None: unknown)."""
    if sequential.tok_per_s <= 0 or not (sequential.measured and simultaneous.measured):
        return None
    return simultaneous.tok_per_s / sequential.tok_per_s


@dataclass(frozen=True)
class Slo:
    """The latency objective: p99 time to first token and p99 inter-token latency (ms)."""

    ttft_ms: float | None = None
    itl_ms: float | None = None

    def met_by(self, point: BenchPoint) -> bool:
        """Every request answered and both p99s within their limits (None: no limit)."""
        if point.failed or not point.completed:
            return False
        checks = ((self.ttft_ms, point.ttft_p99_ms), (self.itl_ms, point.itl_p99_ms))
        return all(limit is None or (v is not None and v <= limit) for limit, v in checks)

    def to_json(self) -> dict[str, float | None]:
        return {"ttft_ms": self.ttft_ms, "itl_ms": self.itl_ms}


def concurrency_bound(
    max_concurrency: float | None, ctx_size: int, request_tokens: int, high: int
) -> int:
    """The most requests of `request_tokens` tokens the engine's KV cache holds at once.

    vLLM logs "Maximum concurrency for <ctx_size> tokens per request: X": X full-length
    requests fit. A benchmark request is shorter, so X * ctx_size / request_tokens of them
    fit; no limit above that can be used, and never more than `high`.
    """
    if max_concurrency is None or max_concurrency <= 0 or request_tokens <= 0:
        return max(1, high)
    fits = math.floor(max_concurrency * ctx_size / request_tokens)
    return max(1, min(high, fits))


def requests_for(concurrency: int, minimum: int) -> int:
    """Requests per probe: two waves at the concurrency, so every slot refills once."""
    return max(minimum, 2 * concurrency)


@dataclass
class KneeSearch:
    """Which client concurrency to measure next, and where the knee is.

    Run on one engine start with a limit of at least `upper`. Phases:
    1. sweep: 1, 2, 4, … up to `upper`, until a point misses the latency objective or gains
       less than MIN_GAIN over the best so far;
    2. objective: when the sweep ended on a miss right after a point that still gained, the
       highest concurrency that meets the objective lies between them: bisect for it (the
       latency grows with the concurrency, so "meets" is true below a line, false above);
    3. peak: the best throughput lies around the best point measured, between its probed
       neighbours; probe the middle of the wider side and keep the three points that
       bracket the best (a bracketed search for the top of a curve with one peak);
    4. knee: the smallest concurrency within KNEE_TOLERANCE of the best, between the last
       point under that line and the best point: on a curve that rises to its peak,
       "within tolerance" is false below the knee and true from it on, so bisect.
    Deterministic: the same measured figures give the same probes and the same answer.
    """

    upper: int
    slo: Slo = field(default_factory=Slo)
    min_gain: float = MIN_GAIN
    tolerance: float = KNEE_TOLERANCE
    points: dict[int, BenchPoint] = field(default_factory=dict)
    phase: SearchPhase = "sweep"
    _lo: int = 0
    _hi: int = 0
    _swept: list[int] = field(default_factory=list)  # the sweep's own points, in order

    def __post_init__(self) -> None:
        self.upper = max(1, self.upper)

    # -- reading --------------------------------------------------------------------------
    def feasible(self) -> list[BenchPoint]:
        return [p for _, p in sorted(self.points.items()) if self.slo.met_by(p)]

    def best(self) -> BenchPoint | None:
        """The highest throughput among points that met the objective (ties: lower c)."""
        return max(self.feasible(), key=lambda p: (p.tok_per_s, -p.concurrency), default=None)

    def knee(self) -> int | None:
        """The answer once done (None while searching, or when nothing met the objective)."""
        return self._knee_now() if self.phase == "done" else None

    def _knee_now(self) -> int | None:
        best = self.best()
        if best is None:
            return None
        line = best.tok_per_s * (1 - self.tolerance)
        return min(p.concurrency for p in self.feasible() if p.tok_per_s >= line)

    def _within(self, point: BenchPoint) -> bool:
        best = self.best()
        return (
            best is not None
            and self.slo.met_by(point)
            and point.tok_per_s >= best.tok_per_s * (1 - self.tolerance)
        )

    # -- driving --------------------------------------------------------------------------
    def next_concurrency(self) -> int | None:
        """The concurrency to measure next; None when the search is over."""
        while True:
            if self.phase == "sweep":
                step = self._sweep_step()
                if step is not None:
                    return step
            elif self.phase == "objective":
                if not self._narrow(self._lo, self._hi):
                    return (self._lo + self._hi) // 2
                self.phase = "peak"
            elif self.phase == "peak":
                probe = self._peak_probe()
                if probe is not None:
                    return probe
                self._start_knee_bisection()
            elif self.phase == "knee":
                if not self._narrow(self._lo, self._hi):
                    return (self._lo + self._hi) // 2
                self.phase = "done"
            else:
                return None

    def _sweep_step(self) -> int | None:
        """The sweep's next doubling; None when it moved on without one to measure (it
        ended, or the step was measured already), so the caller asks again."""
        last = self._swept[-1] if self._swept else None
        if last is not None and self._sweep_over(last):
            self._after_sweep(last)
            return None
        step = 1 if last is None else min(2 * last, self.upper)
        if step in self.points:  # measured already (seeded): it counts as swept
            self._swept.append(step)
            return None
        return step

    def seed(self, point: BenchPoint) -> None:
        """A point measured outside the search (the model's current limit): it takes part in
        finding the best and the knee, so the answer is never worse than what was measured,
        but the sweep still doubles from 1 on its own points."""
        self.points[point.concurrency] = point

    def record(self, point: BenchPoint) -> None:
        """The figures of the concurrency last returned by next_concurrency()."""
        self.points[point.concurrency] = point
        c = point.concurrency
        if self.phase == "sweep":
            self._swept.append(c)
        elif self.phase == "objective":
            if self.slo.met_by(point):
                self._lo = c
            else:
                self._hi = c
        elif self.phase == "knee":
            # A new best point is within the (raised) line as well: the knee is at or below it.
            if self._within(point):
                self._hi = c
            else:
                self._lo = c

    @staticmethod
    def _narrow(lo: int, hi: int) -> bool:
        return hi - lo <= max(1, math.floor(hi * BISECT_RESOLUTION))

    def _sweep_over(self, last: int) -> bool:
        point = self.points[last]
        if last >= self.upper or not self.slo.met_by(point):
            return True
        earlier = [
            self.points[c].tok_per_s
            for c in self._swept
            if c < last and self.slo.met_by(self.points[c])
        ]
        return bool(earlier) and point.tok_per_s < max(earlier) * (1 + self.min_gain)

    def _after_sweep(self, last: int) -> None:
        point = self.points[last]
        below = [c for c in self._swept if c < last]
        self.phase = "peak"
        if self.slo.met_by(point) or not below:
            return
        previous = max(below)
        prev_point = self.points[previous]
        earlier = [self.points[c].tok_per_s for c in self._swept if c < previous]
        if self.slo.met_by(prev_point) and (
            not earlier or prev_point.tok_per_s >= max(earlier) * (1 + self.min_gain)
        ):
            self.phase, self._lo, self._hi = "objective", previous, last

    def _peak_probe(self) -> int | None:
        """The middle of the wider gap beside the best point, or None once both are narrow."""
        best = self.best()
        if best is None:
            return None
        b = best.concurrency
        below = max((c for c in self.points if c < b), default=b)
        above = min((c for c in self.points if c > b), default=b)
        gaps = []
        if not self._narrow(below, b):
            gaps.append((b - below, (below + b) // 2))
        if not self._narrow(b, above):
            gaps.append((above - b, (b + above) // 2))
        if not gaps:
            return None
        return max(gaps)[1]

    def _start_knee_bisection(self) -> None:
        knee = self._knee_now()
        if knee is None:
            self.phase = "done"
            return
        # Every probed point below the smallest one within tolerance is under the line.
        self.phase, self._hi = "knee", knee
        self._lo = max((c for c in self.points if c < knee), default=0)


@dataclass(frozen=True)
class Confirmation:
    """One restart with `--max-num-seqs value`: figures at the value and under overload."""

    value: int
    at_value: BenchPoint
    overload: BenchPoint | None = None

    @property
    def tok_per_s(self) -> float:
        """The better of both runs: with the limit in place both run batches of `value`,
        and on a shared machine interference only ever slows a run down, so the faster of
        two measurements of the same thing is the closer one."""
        runs = [self.at_value] + ([self.overload] if self.overload is not None else [])
        return max(p.tok_per_s for p in runs)


def confirmed(conf: Confirmation, best_tok_per_s: float, slo: Slo) -> bool:
    """The restart met the objective at its value and kept CONFIRM_SHARE of the best."""
    return slo.met_by(conf.at_value) and conf.tok_per_s >= CONFIRM_SHARE * best_tok_per_s


def confirmation_candidates(search: KneeSearch) -> list[int]:
    """Values to confirm by restarts, in order: the knee, then the best point if different."""
    knee = search.knee()
    best = search.best()
    out = [] if knee is None else [knee]
    if best is not None and best.concurrency not in out:
        out.append(best.concurrency)
    return out


def choose_confirmed(
    confirmations: Sequence[Confirmation], best_tok_per_s: float, slo: Slo
) -> Confirmation | None:
    """The first confirmed value; else the one with the best throughput that met the
    objective (the sweep's figure was not reproduced, but it is still the best seen)."""
    for conf in confirmations:
        if confirmed(conf, best_tok_per_s, slo):
            return conf
    met = [c for c in confirmations if slo.met_by(c.at_value)]
    return max(met, key=lambda c: c.tok_per_s, default=None)


def with_limit(point: BenchPoint, limit: int | None) -> BenchPoint:
    return replace(point, max_num_seqs=limit)
