"""What benchmarks, tunes and load benchmarks are asked and answer: the values of
`BenchApi`, `TuneApi` and `LoadBenchApi`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from app.core.bench.load_bench import RunKind
from app.core.bench.tuning import BenchPoint, Confirmation, Slo, speedup
from app.core.problems.problems import Problem, problem

VLLM = "vllm"
BUILTIN = "built-in"
GENERATOR_CHOICES = ("auto", VLLM, BUILTIN)


@dataclass(frozen=True)
class Workload:
    """What each benchmark request asks for (tokens)."""

    input_len: int = 32
    output_len: int = 64

    def to_json(self) -> dict[str, int]:
        return {"input_len": self.input_len, "output_len": self.output_len}


MAX_CONCURRENCY = 4096  # vLLM's own ceiling for --max-num-seqs in the settings table


MAX_REQUESTS = 100_000


RecordKind = Literal["bench", "tune"]


def _record_kind(value: object) -> RecordKind:
    if value == "bench":
        return "bench"
    if value == "tune":
        return "tune"
    raise ValueError(f"{value!r} is not a kind of benchmark record")


@dataclass(frozen=True)
class BenchOptions:
    requests: int = 10
    concurrency: tuple[int, ...] = ()  # empty: all `requests` at once
    workload: Workload = field(default_factory=Workload)
    generator: str = "auto"

    def levels(self) -> tuple[int, ...]:
        return self.concurrency or (self.requests,)


@dataclass(frozen=True)
class BenchRecord:
    """One benchmark or tune as kept in the model's history."""

    kind: RecordKind
    model_id: str
    time: float
    argv: tuple[str, ...]
    engine: Mapping[str, Any]
    generator: Mapping[str, Any]
    settings: Mapping[str, Any]
    points: tuple[BenchPoint, ...]
    tune: Mapping[str, Any] | None = None

    @property
    def sequential(self) -> BenchPoint | None:
        return next((p for p in self.points if p.concurrency == 1), None)

    def speedups(self) -> dict[int, float]:
        """tok/s at each concurrency over tok/s one at a time."""
        seq = self.sequential
        if seq is None:
            return {}
        out = {}
        for p in self.points:
            ratio = speedup(seq, p)
            if ratio is not None:
                out[p.concurrency] = ratio
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "model_id": self.model_id,
            "time": self.time,
            "argv": list(self.argv),
            "engine": dict(self.engine),
            "generator": dict(self.generator),
            "settings": dict(self.settings),
            "points": [p.to_json() for p in self.points],
            "speedups": {str(c): r for c, r in self.speedups().items()},
            "tune": dict(self.tune) if self.tune is not None else None,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> BenchRecord:
        return cls(
            kind=_record_kind(obj["kind"]),
            model_id=str(obj["model_id"]),
            time=float(obj["time"]),
            argv=tuple(str(a) for a in obj.get("argv", ())),
            engine=dict(obj.get("engine") or {}),
            generator=dict(obj.get("generator") or {}),
            settings=dict(obj.get("settings") or {}),
            points=tuple(BenchPoint.from_json(p) for p in obj.get("points", ())),
            tune=obj.get("tune"),
        )


HIGH_LIMIT = 256  # the first start's limit: vLLM's own default on GPUs


@dataclass(frozen=True)
class TuneOptions:
    slo: Slo = field(default_factory=Slo)
    requests: int = 10  # at least this many requests per probe (two waves at high concurrency)
    workload: Workload = field(default_factory=Workload)
    high: int = HIGH_LIMIT
    generator: str = "auto"
    apply: bool = False


@dataclass(frozen=True)
class TuneResult:
    """What the tune found; `before` is the model's current limit, `after` the proposed one,
    both measured (before on the first start at the current limit's concurrency)."""

    model_id: str
    chosen: int | None
    confirmed: bool
    starts: int
    upper: int
    current: int | None  # the --max-num-seqs the model runs with today
    before: BenchPoint | None
    after: BenchPoint | None
    overload: BenchPoint | None  # with the chosen limit, twice as many clients
    curve: tuple[BenchPoint, ...]
    confirmations: tuple[Confirmation, ...]
    current_args: str
    proposed_args: str
    slo: Slo
    applied: bool = False

    def to_json(self) -> dict[str, Any]:
        def pt(p: BenchPoint | None) -> dict[str, Any] | None:
            return p.to_json() if p is not None else None

        return {
            "chosen": self.chosen,
            "confirmed": self.confirmed,
            "starts": self.starts,
            "upper": self.upper,
            "current": self.current,
            "before": pt(self.before),
            "after": pt(self.after),
            "overload": pt(self.overload),
            "confirmations": [
                {"value": c.value, "at_value": pt(c.at_value), "overload": pt(c.overload)}
                for c in self.confirmations
            ],
            "current_args": self.current_args,
            "proposed_args": self.proposed_args,
            "slo": self.slo.to_json(),
            "applied": self.applied,
        }


@dataclass(frozen=True)
class LoadBenchOptions:
    runs: tuple[RunKind, ...] = ("cold", "warm")
    direct: bool = False  # also vLLM's own `vllm bench startup` (two more engine starts)


def tokens_problem(
    model_id: str, points: Iterable[BenchPoint], *, tune: bool = False
) -> Problem | None:
    """The sentence for a run whose tokens could not be counted (`tune`: and so the tune
    proposes, and Apply saves, nothing); None when every measurement counted them."""
    if all(p.measured for p in points):
        return None
    if tune:
        return problem("tune.no_tokens", model=model_id)
    return problem("bench.no_tokens", model=model_id)
