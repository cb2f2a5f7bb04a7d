"""A start is planned once (app.runtime.control.planning): the controller carries the LaunchPlan, so
a
warm request and a swap decision plan nothing again, and the options preview is the plan a
start makes. Against the real runtime, its endpoint and the CLI, with the fake engine."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from app.core.memory.memory import weights_bytes_from_folder
from app.core.models.registry import ModelOptions
from app.core.states import EngineKind, ProcessState
from app.launcher import main
from app.runtime.composition.runtime import Runtime
from app.runtime.control.planning import files as planning_files
from app.runtime.control.planning import planner as planning_planner
from app.runtime.control.planning import rules as planning_rules
from app.supervisor.engines.base import write_version_file
from app.supervisor.sleep import SLEEP_FLAG
from tests.fakes.engine_runtime import make_model_folder, make_runtime
from tests.harness import internals, process

pytestmark = pytest.mark.timeout(120)

GIB = 2**30
TRACE_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "trace_load.py"


@pytest.fixture
async def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        settings={"models.ctx_size": 4096, "memory.budget_gb": 0.006},  # room for one, not two
        proxy_port=0,
    )
    await rt.start(serve=True)
    try:
        yield rt
    finally:
        await rt.stop()


class Calls:
    """Counts the calls of the functions it wraps, and whether the controller was deciding."""

    def __init__(self, rt: Runtime) -> None:
        self._rt = rt
        self.made: list[tuple[str, bool]] = []

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.made.append((name, internals(self._rt).controller._decide.locked()))
            return function(*args, **kwargs)

        return counted

    def count(self, name: str) -> int:
        return sum(1 for made, _ in self.made if made == name)

    def while_deciding(self) -> list[str]:
        return [name for name, locked in self.made if locked]


async def complete(rt: Runtime, model_id: str) -> httpx.Response:
    assert rt.services.endpoint is not None
    async with httpx.AsyncClient(base_url=rt.services.endpoint.url, timeout=60) as client:
        return await client.post(
            "/v1/completions", json={"model": model_id, "prompt": "hi", "max_tokens": 2}
        )


async def test_a_warm_request_reads_ctx_size_once_and_copies_no_settings(
    served: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (await complete(served, "user.a")).status_code == 200  # cold: loads the model
    calls = Calls(served)
    monkeypatch.setattr(
        internals(served).settings,
        "as_dict",
        calls.wrap("copy", internals(served).settings.as_dict),
    )
    monkeypatch.setattr(
        planning_planner,
        "effective_ctx_size",
        calls.wrap("ctx_size", planning_rules.effective_ctx_size),
    )
    monkeypatch.setattr(
        internals(served).planner,
        "plan_launch",
        calls.wrap("plan", internals(served).planner.plan_launch),
    )

    reply = await complete(served, "user.a")  # warm: the model runs

    assert reply.status_code == 200
    # Before issue 19.2: two copies of the settings and two ctx_size computations.
    assert calls.count("copy") == 0
    assert calls.count("ctx_size") == 1  # the model's view (its card), not the relay
    assert calls.count("plan") == 0


async def test_a_swap_decides_without_planning_or_reading_model_files(
    served: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = served
    assert (await complete(rt, "user.a")).status_code == 200
    calls = Calls(rt)
    monkeypatch.setattr(
        internals(rt).planner, "plan_launch", calls.wrap("plan", internals(rt).planner.plan_launch)
    )
    for name in ("read_shape", "weights_bytes", "model_status"):
        monkeypatch.setattr(planning_files, name, calls.wrap(name, getattr(planning_files, name)))
    monkeypatch.setattr(planning_rules, "flag_value", calls.wrap("argv", planning_rules.flag_value))
    internals(rt).planner.forget_files()  # so that a plan made now must read the files

    assert (await complete(rt, "user.b")).status_code == 200  # no room for both: a goes

    info = process(rt, "user.a")  # the supervisor alone: a row would read the files
    assert info is not None and info.state is ProcessState.STOPPED
    assert calls.count("plan") == 1  # b's start, planned once; a's plan was kept
    assert calls.count("read_shape") == 1
    # Before issue 19.2 the decision re-read config.json and re-parsed the argv under it.
    assert calls.while_deciding() == []


def load_tracer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trace_load", TRACE_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


async def test_a_load_plans_once_and_never_goes_back_to_the_planner(served: Runtime) -> None:
    tracer = load_tracer()
    served.services.models.preview_stored("user.a")  # the caches a first view fills

    events = await tracer.trace_load(served, "user.a")

    path = [(room, how) for room, how, _ in tracer.stays(events)]
    entered = [room for room, how in path if how == "call"]
    assert path[0] == ("app.runtime.services.models", "call")
    assert entered.count("app.runtime.control.controller") == 1
    # Before issue 19.2: five calls into the planner, two of them under the decision lock
    # and one after the start, and 30 hand-overs between planner.py and planning.py.
    assert entered.count("app.runtime.control.planning") == 1
    started = path.index(("app.supervisor.actor", "call"))
    assert "app.runtime.control.planning" not in [room for room, _ in path[started:]]
    assert served.services.views.row("user.a").process is ProcessState.RUNNING


async def test_the_preview_shows_the_command_a_start_runs(served: Runtime) -> None:
    rt = served
    # A custom engine sleeps only when asked; the start then adds vLLM's sleep flag.
    await rt.services.config.set_settings({"memory.sleep_mode": "on"})
    preview = rt.services.models.preview_stored("user.a")

    backend = await rt.services.models.load("user.a")

    assert preview.problem is None
    argv = list(backend.command)
    argv[argv.index("--port") + 1] = "<port>"
    # Before issue 19.2 the preview lacked the sleep flag that the start added.
    assert SLEEP_FLAG in preview.command
    assert tuple(argv[: len(preview.command)]) == preview.command
    assert preview.planned == internals(rt).controller._plans["user.a"].device_bytes


async def test_the_health_card_of_a_running_model_says_the_context_it_runs_with(
    served: Runtime,
) -> None:
    rt = served
    assert (await complete(rt, "user.a")).status_code == 200
    # Stored for the next start; the child keeps running with 4096 until then.
    await rt.services.models.set_options("user.a", ModelOptions(ctx_size=2048))
    assert rt.services.endpoint is not None
    # /v1/health reads the engine's release on its first call: seconds on a busy machine.
    async with httpx.AsyncClient(base_url=rt.services.endpoint.url, timeout=60) as client:
        health = (await client.get("/v1/health")).json()
        models = {m["id"]: m for m in (await client.get("/v1/models")).json()["data"]}

    (card,) = health["all_models_loaded"]
    command = card["command"]
    assert command[command.index("--max-model-len") + 1] == "4096"
    # Before issue 19.2 the card said 2048: the stored option, not the running child's.
    assert card["ctx_size"] == 4096
    assert models["user.a"]["ctx_size"] == 2048  # what the next start gets


def installed_cpu_engine(cache_dir: Path) -> None:
    """The CPU engine as its install leaves it, with the app's python standing in for the
    venv's (planning never runs it)."""
    root = cache_dir / "engines" / "cpu"
    (root / "venv" / "bin").mkdir(parents=True)
    (root / "venv" / "bin" / "python").symlink_to(sys.executable)
    write_version_file(root, EngineKind.CPU, "0.32.0")


def test_options_plans_the_cpu_engines_kv_cache_as_a_start_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.delenv("VLLM_CPU_KVCACHE_SPACE", raising=False)
    home = tmp_path / "cfg"
    folder = make_model_folder(tmp_path / "tiny")
    installed_cpu_engine(home / "cache")
    (home / "user_models.json").write_text(
        json.dumps({"tiny": {"checkpoint": str(folder), "recipe": "vllm"}})
    )
    assert main(["config", "set", "engine.kind=cpu", "--config-dir", str(home)]) == 0
    capsys.readouterr()

    code = main(["options", "user.tiny", "--json", "--config-dir", str(home)])

    out = json.loads(capsys.readouterr().out)
    assert code == 0
    # The CPU engine reserves its VLLM_CPU_KVCACHE_SPACE (1 GiB) beside the weights; before
    # issue 19.2 the preview counted a KV cache for one ctx_size sequence instead.
    assert out["planned_bytes"] == {"ram": weights_bytes_from_folder(folder) + GIB}
