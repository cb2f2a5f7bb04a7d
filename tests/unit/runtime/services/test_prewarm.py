"""An engine kept ready from the app's start: for the model loaded last, planned as its Load
would be, on the real supervisor and pool with a stand-in for vLLM's server module; nothing
while the setting is off or a model is loaded, nor for a model that no longer plans."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.core.contracts import LaunchSpec
from app.core.events import EventBus
from app.core.problems.problems import ProblemError, problem
from app.runtime.services.prewarm import PrewarmService
from app.supervisor.loadtimes import LoadTimes, load_key
from app.supervisor.spare import SERVER_MODULE, SparePool
from app.supervisor.supervisor import Supervisor
from tests.unit.supervisor.test_spare import WAIT_S, stand_in_server

PREFIX = (sys.executable, "-m", SERVER_MODULE)


@dataclass
class Entry:
    id: str


class Registry:
    def __init__(self, *ids: str) -> None:
        self.ids = ids

    def models(self) -> list[Entry]:
        return [Entry(i) for i in self.ids]


@dataclass
class Plan:
    spec: LaunchSpec


class Planner:
    """Plans `plannable` models with the stand-in server on PYTHONPATH; the others are not
    downloaded (deleted since they were loaded)."""

    def __init__(self, fake: Path, *plannable: str) -> None:
        self.fake, self.plannable, self.planned = fake, plannable, list[str]()

    def plan_launch(self, model_id: str) -> Plan:
        self.planned.append(model_id)
        if model_id not in self.plannable:
            raise ProblemError(problem("models.not_downloaded", model=model_id, path="/m"))
        env = {"PYTHONPATH": str(self.fake)}
        return Plan(LaunchSpec(model_id, model_id, "/m", 512, PREFIX, env=env))


class Settings:
    def __init__(self, on: bool) -> None:
        self.on = on

    def get(self, key: str) -> object:
        assert key == "models.keep_engine_ready"
        return self.on


@pytest.fixture
def fake(tmp_path: Path) -> Path:
    return stand_in_server(tmp_path)


def service(
    tmp_path: Path, planner: Planner, *, on: bool = True, loaded: tuple[str, ...] = ()
) -> tuple[PrewarmService, SparePool, Supervisor]:
    state = tmp_path / "state"
    times = LoadTimes(state)
    for model_id in loaded:  # earlier loads, the last one last
        times.record(load_key(model_id, PREFIX), 9.0, cold=False)
    pool = SparePool(state, enabled=lambda: on, eligible=lambda python: True)
    sv = Supervisor(EventBus(), tmp_path / "logs", state, child_api_keys=True, spares=pool)
    prewarm = PrewarmService(
        bus=EventBus(),
        settings=Settings(on),  # type: ignore[arg-type]
        registry=Registry("user.a", "user.b", "user.gone"),  # type: ignore[arg-type]
        planner=planner,  # type: ignore[arg-type]
        controller=None,  # type: ignore[arg-type]
        supervisor=sv,
        state_dir=state,
    )
    return prewarm, pool, sv


async def test_the_model_loaded_last_gets_an_engine_ready_at_the_start(
    tmp_path: Path, fake: Path
) -> None:
    # user.gone was loaded last but no longer plans (deleted): the one before it is taken.
    planner = Planner(fake, "user.a", "user.b")
    prewarm, pool, sv = service(tmp_path, planner, loaded=("user.a", "user.b", "user.gone"))
    try:
        assert await prewarm.ready_engine()
        assert planner.planned == ["user.gone", "user.b"]
        assert await sv.spare_ready(WAIT_S)  # imported the (stand-in) server, waiting
        assert len(pool.waiting()) == 1
    finally:
        await sv.shutdown()


@pytest.mark.parametrize("case", ["setting off", "never loaded", "none plans"])
async def test_no_engine_is_made_ready_without_a_reason(
    tmp_path: Path, fake: Path, case: str
) -> None:
    planner = Planner(fake, *(() if case == "none plans" else ("user.a",)))
    loaded = () if case == "never loaded" else ("user.a",)
    prewarm, pool, sv = service(tmp_path, planner, on=case != "setting off", loaded=loaded)
    try:
        assert not await prewarm.ready_engine()
        assert pool.waiting() == [] and not await sv.spare_ready(0.01)
    finally:
        await sv.shutdown()
