"""What the Benchmark window's load-time tab may ask of the runtime (ThreadFacade implements it)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Protocol, runtime_checkable

from app.core.load_bench import LoadBenchRecord
from app.runtime.services.load_bench import LoadBenchOptions


@runtime_checkable
class LoadBenchFacade(Protocol):
    """Load to first token, cold and warm (app.runtime.services.load_bench); progress
    arrives as LoadBenchProgressed and LoadProgressed events on the bus."""

    def run_load_bench(
        self, model_id: str, options: LoadBenchOptions
    ) -> Future[LoadBenchRecord]: ...
    def cancel_load_bench(self, model_id: str) -> None: ...
    def load_bench_history(self, model_id: str) -> Future[list[LoadBenchRecord]]: ...
