"""Each start failure induced on vLLM's CPU build, through the supervisor: code and params.

The same cases as the captured logs the unit tests read (failure_cases.py). Most fail before
any compile, within seconds of vLLM's imports; the two KV-cache cases skip the warm-up (-O0
with an explicit KV cache size). They run a few at a time (two cores) and leave no process.
"""

from __future__ import annotations

import asyncio
import inspect
import socket
import sys
import time
from collections.abc import Collection
from pathlib import Path
from typing import Any

import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import EventBus
from app.core.problems.problems import Problem, ProblemError
from app.core.states import ProcessState
from app.supervisor import runner
from app.supervisor.engines.cpu import SERVER_MODULE, CpuEngine
from app.supervisor.supervisor import Supervisor
from tests.process_tree import alive
from tests.real_engine.failure_cases import BY_NAME, FailureCase, model_variant

pytestmark = pytest.mark.real_engine

RACY = "user.fail-ctx_over_limit"
AT_ONCE = 3  # concurrent failing starts: imports are CPU-bound and the machine has 2 cores
# name → problem code and the params it must carry
EXPECTED: dict[str, tuple[str, dict[str, Any]]] = {
    "ctx_over_limit": ("load.ctx_over_limit", {"ctx_size": 4096, "limit": 2048}),
    "unknown_flag": ("engine.unknown_flag", {"flags": "--no-such-flag"}),
    "bad_dtype": ("engine.bad_flag_value", {"flag": "--dtype", "value": "float99"}),
    "no_weights": ("load.no_weights", {}),
    "broken_config": ("load.bad_config", {}),
    "kv_too_small": ("load.kv_cache_too_small", {"ctx_size": 512, "estimated_max": 128}),
    "kv_over_memory": ("load.cpu_kv_cache_memory", {"requested_gib": 64.0}),
    "engine_without_vllm": ("engine.broken", {}),
}


def spec_for(case: FailureCase, engine: CpuEngine, model: Path) -> LaunchSpec:
    command = engine.command()
    prefix = (sys.executable, "-m", SERVER_MODULE) if case.python_module_without_vllm else None
    env = {**command.env, "VLLM_CPU_KVCACHE_SPACE": "1", **case.env}
    for name in case.drop_env:
        env.pop(name, None)
    return LaunchSpec(
        model_id=f"user.fail-{case.name}",
        served_name="tiny",
        model_path=str(model),
        ctx_size=case.ctx,
        prefix=prefix or command.prefix,
        args=(*command.default_args, "--dtype", "float32", *case.args),
        env=env,
        load_timeout_s=300,
    )


@pytest.mark.timeout(900)
async def test_every_induced_failure_becomes_its_problem_and_leaves_nothing_behind(
    cpu_engine: CpuEngine,
    tiny_model_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sv = Supervisor(EventBus(), tmp_path / "logs", tmp_path / "state", health_interval=0.25)
    # The port race, induced: the first port handed out is bound by someone else; vLLM fails
    # to bind it, the supervisor retries on another port, and the caller hears only the
    # real failure of the retry.
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    taken = int(holder.getsockname()[1])
    handed: list[int] = []
    real_free_port = runner.free_port

    def racy_free_port(avoid: Collection[int] = ()) -> int:
        # Only ctx_over_limit's first spawn gets the taken port: it fails after binding (the
        # argparse cases fail before, and would never notice). Its runner is the caller.
        caller = inspect.currentframe().f_back.f_locals.get("self")  # type: ignore[union-attr]
        ours = isinstance(caller, runner.ChildRunner) and caller.model_id == RACY
        port = taken if ours and not handed else real_free_port(avoid=avoid)
        if ours:
            handed.append(port)
        return port

    results: dict[str, Problem] = {}
    states: dict[str, ProcessState] = {}
    gate = asyncio.Semaphore(AT_ONCE)

    async def induce(name: str) -> None:
        case = BY_NAME[name]
        model = await asyncio.to_thread(model_variant, tiny_model_dir, case.model, tmp_path)
        async with gate:
            with pytest.raises(ProblemError) as caught:
                await sv.start(spec_for(case, cpu_engine, model))
        results[name] = caught.value.problem
        info = sv.info(f"user.fail-{name}")
        assert info is not None
        states[name] = info.state

    monkeypatch.setattr(runner, "free_port", racy_free_port)
    started = time.monotonic()
    try:
        await asyncio.gather(*(induce(n) for n in EXPECTED))
    finally:
        holder.close()
        took = time.monotonic() - started
        await sv.shutdown()
    print(f"{len(results)} failures induced in {took:.0f} s")

    for name, (code, params) in EXPECTED.items():
        problem = results[name]
        assert problem.code == code, (name, problem.english())
        assert {k: problem.params[k] for k in params} == params, name
        permanent = name not in ("kv_too_small", "kv_over_memory")
        assert states[name] is (ProcessState.FATAL if permanent else ProcessState.BACKOFF)
    assert str(results["no_weights"].params["path"]).endswith("tiny-no_weights")
    assert str(results["broken_config"].params["path"]).endswith("config.json")
    assert results["ctx_over_limit"].fix is not None
    assert results["ctx_over_limit"].fix.value == 2048
    assert handed[0] == taken and len(handed) == 2  # one silent retry on a fresh port

    leftovers = [p.pid for p in psutil.Process().children(recursive=True)]
    for _ in range(100):
        if not alive(leftovers):
            break
        await asyncio.sleep(0.1)
    assert alive(leftovers) == []
