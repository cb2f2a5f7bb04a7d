"""The supervisor with vLLM's CPU build and the tiny model: progress, serving, stop, no orphans.

Each start of the real engine costs about a minute on two cores, so there are exactly two:
the normal path (load, chat, stream, metrics, stop) and the SIGKILL-the-app orphan test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import httpx
import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import Event, EventBus, LoadProgressed, MetricsSampled, ProcessStateChanged
from app.core.states import LoadPhase, ProcessState
from app.supervisor.engines.cpu import CpuEngine
from app.supervisor.supervisor import Supervisor
from tests.process_tree import alive, descendants, wait_gone

pytestmark = pytest.mark.real_engine

ROOT = Path(__file__).parents[2]
MODEL = "user.tiny"
# Installing the engine on a fresh machine (first fixture use) takes minutes; a start ~70 s.
FIRST_USE_TIMEOUT = 1500
ORPHAN_LIMIT_S = 10.0
RANK = {phase: i for i, phase in enumerate(LoadPhase)}


def real_spec(engine: CpuEngine, model_dir: Path) -> LaunchSpec:
    command = engine.command()
    return LaunchSpec(
        model_id=MODEL,
        served_name="tiny",
        model_path=str(model_dir),
        ctx_size=512,
        prefix=command.prefix,
        args=(*command.default_args, "--dtype", "float32"),
        env={**command.env, "VLLM_CPU_KVCACHE_SPACE": "1", "HF_HUB_OFFLINE": "1"},
        load_timeout_s=900,
    )


def titles(procs: list[psutil.Process]) -> list[str]:
    out = []
    for proc in procs:
        with contextlib.suppress(psutil.NoSuchProcess):
            out.append(" ".join(proc.cmdline()) or proc.name())
    return out


@pytest.mark.timeout(FIRST_USE_TIMEOUT)
async def test_real_engine_loads_with_progress_serves_streams_and_stops_clean(
    cpu_engine: CpuEngine, tiny_model_dir: Path, tmp_path: Path
) -> None:
    bus = EventBus()
    events: list[Event] = []
    bus.subscribe(events.append)
    sv = Supervisor(bus, tmp_path / "logs", tmp_path / "state", health_interval=0.25)
    sv.watch_metrics(True)
    try:
        info = await sv.start(real_spec(cpu_engine, tiny_model_dir))

        assert info.state is ProcessState.RUNNING and info.base_url is not None
        states = [e.new for e in events if isinstance(e, ProcessStateChanged)]
        assert states == [ProcessState.STARTING, ProcessState.RUNNING]
        progress = [e for e in events if isinstance(e, LoadProgressed)]
        ranks = [RANK[p.phase] for p in progress]
        assert ranks == sorted(ranks), [p.phase for p in progress]
        fractions = [p.fraction for p in progress]
        assert fractions == sorted(fractions)
        # Every phase of the bar was seen, from vLLM's own lines, in order.
        assert {p.phase for p in progress} == set(LoadPhase)
        assert any(p.shard is not None and p.shard[0] == p.shard[1] for p in progress)
        # VLLM_CPU_KVCACHE_SPACE=1 GiB: 1 GiB / (2 layers × 2 (K,V) × 1 head × 64 × 4 bytes).
        assert info.kv_cache_tokens == 1_048_576
        assert info.max_concurrency is not None and info.max_concurrency > 1

        async with httpx.AsyncClient(base_url=info.base_url, timeout=60) as client:
            body = {
                "model": "tiny",
                "messages": [{"role": "user", "content": "Say something."}],
                "max_tokens": 8,
            }
            reply = await client.post("/v1/chat/completions", json=body)
            assert reply.status_code == 200, reply.text
            answer = reply.json()
            assert isinstance(answer["choices"][0]["message"]["content"], str)
            assert 0 < answer["usage"]["completion_tokens"] <= 8

            chunks: list[dict[str, object]] = []
            done = False
            async with client.stream(
                "POST", "/v1/chat/completions", json={**body, "stream": True}
            ) as stream:
                assert stream.status_code == 200
                async for line in stream.aiter_lines():
                    if not line.startswith("data: "):
                        continue
                    if line == "data: [DONE]":
                        done = True
                        break
                    chunks.append(json.loads(line[len("data: ") :]))
            assert done
            assert chunks[0]["object"] == "chat.completion.chunk"
            finishes = [c["choices"][0]["finish_reason"] for c in chunks if c["choices"]]  # type: ignore[index]
            assert finishes[-1] in ("length", "stop")

        sampled = None
        for _ in range(50):
            sampled = next((e for e in events if isinstance(e, MetricsSampled)), None)
            if sampled is not None:
                break
            await asyncio.sleep(0.1)
        assert sampled is not None and sampled.kv_cache_usage is not None

        assert info.pid is not None
        engine = psutil.Process(info.pid)
        watchdog = engine.parent()
        assert watchdog is not None
        tree = [watchdog, engine, *descendants(info.pid)]
        assert any("VLLM::EngineCore" in t for t in titles(tree)), titles(tree)

        await sv.stop(MODEL)

        assert wait_gone([p.pid for p in tree], 1.0) == []
        assert [e.new for e in events if isinstance(e, ProcessStateChanged)][-1] is (
            ProcessState.STOPPED
        )
    finally:
        sv.watch_metrics(False)
        await sv.shutdown()


DRIVER = """
import asyncio, json, sys
from pathlib import Path
from app.core.contracts import LaunchSpec
from app.core.events import EventBus, LogLineEmitted
from app.supervisor.supervisor import Supervisor

async def main() -> None:
    tmp, spec = Path(sys.argv[1]), LaunchSpec(**json.loads(sys.argv[2]))
    bus = EventBus()
    def show(e: object) -> None:
        if isinstance(e, LogLineEmitted):
            print(e.line, flush=True)
    bus.subscribe(show)
    sv = Supervisor(bus, tmp / "logs", tmp / "state")
    await sv.start(spec)

asyncio.run(main())
"""


@pytest.mark.timeout(FIRST_USE_TIMEOUT)
def test_sigkill_of_the_app_while_loading_leaves_no_vllm_process(
    cpu_engine: CpuEngine, tiny_model_dir: Path, tmp_path: Path
) -> None:
    spec = asdict(real_spec(cpu_engine, tiny_model_dir))
    script = tmp_path / "driver.py"
    script.write_text(DRIVER)
    app = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path), json.dumps(spec)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert app.stdout is not None
        seen: list[str] = []
        for line in app.stdout:
            seen.append(line)
            # Weights loading or compiling: EngineCore and its Worker are busy.
            if "Starting to load model" in line or "Warming up model" in line:
                break
        else:
            pytest.fail("the engine never reached weight loading:\n" + "".join(seen[-40:]))
        tree = descendants(app.pid)
        named = titles(tree)
        assert any("VLLM::EngineCore" in t for t in named), named
        assert any("api_server" in t for t in named), named

        app.send_signal(signal.SIGKILL)
        app.wait()

        survivors = wait_gone([p.pid for p in tree], ORPHAN_LIMIT_S)
        assert survivors == [], titles([psutil.Process(p) for p in alive(survivors)])
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        assert app.stdout is not None
        app.stdout.close()
