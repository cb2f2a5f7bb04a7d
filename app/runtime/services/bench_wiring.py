"""Builds the bench and tune services from the runtime's parts (one line in Runtime.__init__)."""

from __future__ import annotations

from typing import Any, Protocol

from app.core.events import EventBus
from app.core.paths import AppPaths
from app.core.problems import ProblemError
from app.core.registry import Registry
from app.runtime.controller import Controller
from app.runtime.planning import Planner
from app.runtime.services.bench import BenchHistory, BenchService
from app.runtime.services.models import ModelService
from app.runtime.services.tune import TuneService
from app.supervisor import Supervisor


class RuntimeParts(Protocol):
    """What the services need of app.runtime.runtime.Runtime (not imported: it imports us)."""

    paths: AppPaths
    bus: EventBus
    registry: Registry
    planner: Planner
    controller: Controller
    supervisor: Supervisor
    models: ModelService


def make_bench_services(rt: RuntimeParts) -> tuple[BenchService, TuneService]:
    def engine_info() -> dict[str, Any]:
        try:
            engine = rt.planner.engine()
        except ProblemError:
            return {"kind": None, "version": None}
        return {"kind": engine.kind.value, "version": engine.status().version}

    bench = BenchService(
        bus=rt.bus,
        registry=rt.registry,
        planner=rt.planner,
        history=BenchHistory(rt.paths.config_dir),
        logs_dir=rt.paths.logs_dir,
        engine_info=engine_info,
        state_dir=rt.paths.state_dir,
        engine_tokens=rt.supervisor.generation_tokens,
    )
    tune = TuneService(
        bus=rt.bus,
        registry=rt.registry,
        planner=rt.planner,
        controller=rt.controller,
        supervisor=rt.supervisor,
        models=rt.models,
        bench=bench,
        engine_info=engine_info,
    )
    return bench, tune
