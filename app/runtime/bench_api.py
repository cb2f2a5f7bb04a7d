"""What the GUI's benchmark window may ask of the engine thread (ThreadFacade implements it)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Protocol, runtime_checkable

from app.core.events import EventBus
from app.runtime.services.bench import BenchOptions, BenchRecord
from app.runtime.services.tune import TuneOptions, TuneResult


@runtime_checkable
class BenchFacade(Protocol):
    """Benchmarks and the max-num-seqs tune; progress arrives as BenchProgressed,
    TuneProgressed and (while watched) MetricsSampled events on `bus`. Commands return
    futures, like app.runtime.api.Facade's."""

    bus: EventBus

    def run_bench(self, model_id: str, options: BenchOptions) -> Future[BenchRecord]: ...
    def cancel_bench(self, model_id: str) -> None: ...
    def bench_history(self, model_id: str) -> Future[list[BenchRecord]]: ...
    def run_tune(self, model_id: str, options: TuneOptions) -> Future[TuneResult]: ...
    def cancel_tune(self, model_id: str) -> None: ...
    def apply_tune(
        self, model_id: str, value: int, *, restart: bool | None = None
    ) -> Future[str]: ...
    def watch_metrics(self, watching: bool) -> None: ...
