"""vLLM's CPU build and the tiny model: the app SIGKILLed mid-load leaves no vLLM process.

The normal path (progress, chat, stream, metrics, keys, stop, estimates) shares its engine
starts in test_supervisor_keys_real.py: each start costs about a minute on two cores.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.supervisor.engines.cpu import CpuEngine
from tests.process_tree import alive, descendants, titles, wait_gone

pytestmark = pytest.mark.real_engine

ROOT = Path(__file__).parents[2]
MODEL = "user.tiny"
# Installing the engine on a fresh machine (first fixture use) takes minutes; a start ~70 s.
FIRST_USE_TIMEOUT = 1500
ORPHAN_LIMIT_S = 10.0


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
