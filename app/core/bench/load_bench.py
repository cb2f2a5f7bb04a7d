"""Load to first token, measured: one load's steps, the app's own share of it, and the record of
a cold load, a warm load and a swap back of a model (pure data;
app.runtime.bench.load_bench measures).

A run's steps add up to the time from the user's Load to the first token streamed back:

    before_spawn  the app: Load called → the engine process spawned (planning, making room)
    process … server   the engine, from its log lines (app.supervisor.load_phases)
    readiness     the app: the engine serving → the app's health check saw it
    handover      the app: /health 200 seen → the Load call returned (state, events)
    first_token   the engine: the first request → its first token (relay's cost taken out)
    relay         the app: what the endpoint's relay added to that first token

`before_spawn`, `readiness`, `handover` and `relay` are the app's share; the rest is the
engine's, which caches (cold vs warm) and the optimization level change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

# A swap back: the model put aside to make room for another (stopped, as on vLLM's CPU
# build, which cannot sleep), then loaded again (app.supervisor.loadtimes).
RunKind = Literal["cold", "warm", "swap"]
RUN_KINDS: tuple[RunKind, ...] = ("cold", "warm", "swap")
APP_STEPS = frozenset({"before_spawn", "readiness", "handover", "relay"})
# The order steps are shown in (a run has those that happened).
STEP_ORDER = (
    "before_spawn",
    "process",
    "weights",
    "compile",
    "kv_cache",
    "server",
    "readiness",
    "handover",
    "first_token",
    "relay",
)
# The goals, checked by the tests on the real engine and said by the CLI.
WARM_RATIO_GOAL = 0.6
APP_SHARE_GOAL_S = 0.2
# Issue 33's goals against vLLM's own fresh-process start (`vllm bench startup`), same run:
# (name, what it divides, the goal); LoadBenchRecord.ratios computes them.
RATIO_GOALS: tuple[tuple[str, str, float], ...] = (
    ("warm_vs_vllm", "warm load / vLLM's warm start", 0.8),
    ("cold_vs_vllm", "cold load / vLLM's cold start", 1.2),
    ("swap_vs_warm", "swap back / warm load", 0.25),
)


@dataclass(frozen=True)
class LoadRun:
    """One load through the app, from Load to the first token."""

    kind: RunKind  # as asked: a cold run empties the engine build's compile caches first
    cold: bool  # as vLLM's log said (compiled without a cache entry)
    steps: tuple[tuple[str, float], ...]
    freed_bytes: int = 0  # what emptying the caches freed (cold runs)

    @property
    def total_s(self) -> float:
        return round(sum(seconds for _, seconds in self.steps), 3)

    @property
    def app_s(self) -> float:
        """The app's own share of the run (APP_STEPS)."""
        return round(sum(seconds for name, seconds in self.steps if name in APP_STEPS), 3)

    def step(self, name: str) -> float | None:
        return next((seconds for step, seconds in self.steps if step == name), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cold": self.cold,
            "total_s": self.total_s,
            "app_s": self.app_s,
            "steps": dict(self.steps),
            "freed_bytes": self.freed_bytes,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> LoadRun:
        kind = next((k for k in RUN_KINDS if k == obj["kind"]), None)
        if kind is None:
            raise ValueError(f"not a load run kind: {obj['kind']!r}")
        steps = obj.get("steps") or {}
        return cls(
            kind=kind,
            cold=bool(obj.get("cold")),
            steps=tuple((str(k), float(v)) for k, v in dict(steps).items()),
            freed_bytes=int(obj.get("freed_bytes") or 0),
        )


def run_steps(
    *,
    called_ts: float,
    started_ts: float,
    engine_steps: Sequence[tuple[str, float]],
    load_s: float,
    returned_ts: float,
    first_token_s: float,
    relay_s: float,
) -> tuple[tuple[str, float], ...]:
    """A run's steps from what was measured: wall-clock times of the Load call, the spawn and
    the call's return; the supervisor's steps (spawn → /health 200, `load_s` in all); the
    first token as it came through the endpoint, and what the relay adds to one."""
    relay = min(max(0.0, relay_s), first_token_s)
    steps = [
        ("before_spawn", max(0.0, started_ts - called_ts)),
        *engine_steps,
        ("handover", max(0.0, returned_ts - (started_ts + load_s))),
        ("first_token", first_token_s - relay),
        ("relay", relay),
    ]
    return tuple((name, round(seconds, 3)) for name, seconds in steps)


@dataclass(frozen=True)
class LoadBenchRecord:
    """A model's cold and warm loads on one engine build, as kept in its history."""

    model_id: str
    time: float
    engine: Mapping[str, Any]  # kind, version, build (the compile-cache folder's name)
    options: Mapping[str, Any]  # optimize, the argv's arguments
    runs: tuple[LoadRun, ...]
    argv: tuple[str, ...] = ()
    direct: Mapping[str, Any] | None = None  # vLLM's own `vllm bench startup`, when run

    def last(self, kind: RunKind) -> LoadRun | None:
        return next((r for r in reversed(self.runs) if r.kind == kind), None)

    def warm_ratio(self) -> float | None:
        """The warm load's total over the cold one's (the goal: ≤ WARM_RATIO_GOAL)."""
        cold, warm = self.last("cold"), self.last("warm")
        if cold is None or warm is None or cold.total_s <= 0:
            return None
        return round(warm.total_s / cold.total_s, 3)

    def ratios(self) -> dict[str, float]:
        """Issue 33's ratios (RATIO_GOALS) that this record has both sides of."""
        direct = self.direct if self.direct is not None and self.direct.get("available") else {}
        cold, warm, swap = self.last("cold"), self.last("warm"), self.last("swap")
        pairs = {
            "warm_vs_vllm": (warm and warm.total_s, direct.get("avg_warm_startup_time")),
            "cold_vs_vllm": (cold and cold.total_s, direct.get("avg_cold_startup_time")),
            "swap_vs_warm": (swap and swap.total_s, warm and warm.total_s),
        }
        return {
            name: round(top / bottom, 3)
            for name, (top, bottom) in pairs.items()
            if isinstance(top, float)
            and isinstance(bottom, int | float)
            and not isinstance(bottom, bool)
            and bottom > 0
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "load",
            "model_id": self.model_id,
            "time": self.time,
            "argv": list(self.argv),
            "engine": dict(self.engine),
            "options": dict(self.options),
            "runs": [r.to_json() for r in self.runs],
            "warm_ratio": self.warm_ratio(),
            "ratios": self.ratios(),
            "direct": dict(self.direct) if self.direct is not None else None,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> LoadBenchRecord:
        return cls(
            model_id=str(obj["model_id"]),
            time=float(obj["time"]),
            engine=dict(obj.get("engine") or {}),
            options=dict(obj.get("options") or {}),
            runs=tuple(LoadRun.from_json(r) for r in obj.get("runs", ())),
            argv=tuple(str(a) for a in obj.get("argv", ())),
            direct=obj.get("direct"),
        )
