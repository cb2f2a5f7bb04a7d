"""vLLM's CPU build under the supervisor: a per-child key, no app secret in the child, and
load-time estimates over two real loads (the second start is the first one's estimate)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import httpx
import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import Event, EventBus, LoadProgressed
from app.core.states import ProcessState
from app.supervisor import child_environment
from app.supervisor.childenv import guard_env
from app.supervisor.engines.cpu import CpuEngine
from app.supervisor.supervisor import Supervisor
from tests.process_tree import alive

pytestmark = pytest.mark.real_engine

MODEL = "user.tiny-keys"
SECRETS = ("VLLM_TRAY_API_KEY", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN")


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.decode(errors="replace").split("=", 1) for item in raw.split(b"\0") if item)
    return {k: v for k, v in pairs}


@pytest.mark.timeout(1500)
async def test_real_child_needs_its_key_holds_no_app_secret_and_is_timed(
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
    sv = Supervisor(
        bus, tmp_path / "logs", tmp_path / "state", health_interval=0.25, child_api_keys=True
    )
    try:
        info = await sv.start(spec)
        assert info.state is ProcessState.RUNNING and info.pid is not None and info.api_key
        first = [e for e in events if isinstance(e, LoadProgressed)]

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

        api_server = psutil.Process(info.pid)
        tree = [api_server, *api_server.children(recursive=True)]
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

        await sv.stop(MODEL)
        assert alive([p.pid for p in tree]) == []

        # The second load of the same model on the same engine carries the first as estimate.
        before = len(events)
        again = await sv.start(spec)
        assert again.api_key is not None and again.api_key != info.api_key
        second = [e for e in events[before:] if isinstance(e, LoadProgressed)]
    finally:
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
