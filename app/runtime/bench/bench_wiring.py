"""Builds the bench and tune services from the parts they use (one call in Runtime)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.events import EventBus
from app.core.models.registry import Registry
from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError
from app.runtime.api.bench import BenchRecord
from app.runtime.api.values import Endpoint
from app.runtime.bench.bench import BenchHistory, BenchService
from app.runtime.bench.tune import TuneService
from app.runtime.control.controller import Controller
from app.runtime.control.planning import Planner
from app.runtime.services.models import ModelService
from app.supervisor import Supervisor


def make_bench_services(
    *,
    paths: AppPaths,
    bus: EventBus,
    registry: Registry,
    planner: Planner,
    controller: Controller,
    supervisor: Supervisor,
    models: ModelService,
    local_endpoint: Callable[[], Endpoint | None],
) -> tuple[BenchService, TuneService]:
    """Benchmarks and tunes go through `local_endpoint` (the app's own) unless a benchmark
    is pointed at another running vLLM Tray."""

    def engine_info() -> dict[str, Any]:
        try:
            engine = planner.engine()
        except ProblemError:
            return {"kind": None, "version": None}
        return {"kind": engine.kind.value, "version": engine.status().version}

    bench = BenchService(
        bus=bus,
        registry=registry,
        planner=planner,
        history=BenchHistory(paths.config_dir, BenchRecord.from_json),
        logs_dir=paths.logs_dir,
        engine_info=engine_info,
        local_endpoint=local_endpoint,
        load=models.load,
        state_dir=paths.state_dir,
        engine_tokens=supervisor.generation_tokens,
    )
    tune = TuneService(
        bus=bus,
        registry=registry,
        planner=planner,
        controller=controller,
        supervisor=supervisor,
        models=models,
        bench=bench,
        engine_info=engine_info,
    )
    return bench, tune
