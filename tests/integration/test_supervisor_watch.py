"""Watching children with the fake engine: hung engines, stalled loads, a port lost to a race,
per-child keys and the environment a child gets, and load-time estimates."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator, Collection, Iterator
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import EventBus, LoadProgressed, ProcessStateChanged
from app.core.problems.problems import ProblemError
from app.core.states import ProcessState
from app.supervisor import child_environment, runner
from app.supervisor.childenv import GUARD_ARGS, GUARD_KEY_VAR, guard_env
from app.supervisor.protocol import (
    HEALTH_MISSES,
    HEALTH_TIMEOUT_S,
    RUNNING_HEALTH_INTERVAL_S,
    hang_detection_bound_s,
)
from app.supervisor.supervisor import Supervisor
from tests.harness import Events
from tests.process_tree import wait_gone

pytestmark = pytest.mark.timeout(60)

S = ProcessState
FAKE = Path(__file__).parents[1] / "fakes" / "fake_vllm.py"
MODEL = "user.tiny"


def fake_spec(*switches: str, args: tuple[str, ...] = (), **kw: Any) -> LaunchSpec:
    return LaunchSpec(
        model_id=MODEL,
        served_name="tiny",
        model_path="/models/tiny",
        ctx_size=512,
        prefix=(sys.executable, str(FAKE), *switches),
        args=args,
        **kw,
    )


class Recorder(Events):
    def __init__(self, bus: EventBus) -> None:
        super().__init__(bus)
        self.events = self.seen

    def states(self) -> list[ProcessState]:
        return [e.new for e in self.of(ProcessStateChanged)]


@pytest.fixture
def bus() -> EventBus:
    return EventBus()


@pytest.fixture
def rec(bus: EventBus) -> Recorder:
    return Recorder(bus)


def make(bus: EventBus, tmp_path: Path, **kw: Any) -> Supervisor:
    base: dict[str, Any] = {"health_interval": 0.05, "stop_grace_s": 1.0, "orphan_grace_s": 0.5}
    return Supervisor(bus, tmp_path / "logs", tmp_path / "state", **{**base, **kw})


@pytest.fixture
async def sv(bus: EventBus, tmp_path: Path) -> AsyncIterator[Supervisor]:
    supervisor = make(bus, tmp_path, stall_sample_s=0.2)
    yield supervisor
    await supervisor.shutdown()


def tree(pid: int) -> list[int]:
    proc = psutil.Process(pid)
    parent = proc.parent()
    assert parent is not None
    return [parent.pid, pid, *(c.pid for c in proc.children(recursive=True))]


# ---- a hung engine ------------------------------------------------------------------------


async def test_a_stopped_engine_is_caught_within_the_default_bound_killed_and_restarted(
    bus: EventBus, rec: Recorder, tmp_path: Path
) -> None:
    bound = hang_detection_bound_s(RUNNING_HEALTH_INTERVAL_S, HEALTH_TIMEOUT_S, HEALTH_MISSES)
    assert bound <= 10.0
    sv = make(bus, tmp_path)  # the default health checking of a running child
    try:
        spec = fake_spec("--fake-grandchild")
        info = await sv.start(spec)
        assert info.pid is not None
        pids = tree(info.pid)
        os.kill(info.pid, signal.SIGSTOP)  # hung: the port accepts, nobody answers

        stopped_at = time.monotonic()
        await rec.next(ProcessStateChanged, lambda e: e.new is S.EXITED, within=bound + 5)
        took = time.monotonic() - stopped_at

        print(f"hung engine detected and killed after {took:.1f} s (bound {bound:.1f} s)")
        # Timing is the behaviour: caught within the bound, plus the kill and a loaded
        # machine's slack.
        assert took <= bound + 1.0
        exited = sv.info(MODEL)
        assert exited is not None and exited.problem is not None
        assert exited.problem.code == "run.unresponsive"
        assert exited.problem.params["misses"] == HEALTH_MISSES
        assert exited.state is S.EXITED and exited.failures == 1
        # SIGKILL reaches a stopped process; the whole tree went, EngineCore included.
        assert await asyncio.to_thread(wait_gone, pids, 2.0) == []

        again = await sv.start(spec)  # the next request restarts it, as after any crash
        assert again.state is S.RUNNING and again.pid != info.pid
        assert sv.info(MODEL).restarts == 1  # type: ignore[union-attr]
    finally:
        await sv.shutdown()


# ---- stalled loads ------------------------------------------------------------------------


async def test_a_load_that_goes_silent_and_idle_is_stopped_as_stalled(
    sv: Supervisor, rec: Recorder
) -> None:
    started = time.monotonic()
    with pytest.raises(ProblemError) as caught:
        await sv.start(fake_spec("--fake-silent-start", "20", stall_timeout_s=1.5))
    took = time.monotonic() - started
    problem = caught.value.problem
    assert problem.code == "load.stalled"
    assert problem.params["stall_s"] == 1.5
    assert took < 10  # timing is the behaviour: long before the silent pause or a ceiling
    assert rec.states() == [S.STARTING, S.BACKOFF]
    assert not [p for p in psutil.Process().children(recursive=True) if p.status() != "zombie"]


async def test_a_slow_load_that_keeps_logging_is_never_stalled(sv: Supervisor) -> None:
    # Four seconds of start-up lines, each well within the 1.5 s stall time.
    info = await sv.start(fake_spec("--fake-start-delay", "4", stall_timeout_s=1.5))
    assert info.state is S.RUNNING


async def test_a_silent_load_that_computes_is_never_stalled(sv: Supervisor) -> None:
    # A cold compile prints nothing for minutes but keeps the CPU busy.
    info = await sv.start(fake_spec("--fake-busy-start", "4", stall_timeout_s=1.5))
    assert info.state is S.RUNNING


async def test_the_absolute_ceiling_still_ends_a_load_that_makes_progress(
    sv: Supervisor,
) -> None:
    with pytest.raises(ProblemError) as caught:
        await sv.start(fake_spec("--fake-start-delay", "20", load_timeout_s=1.5))
    assert caught.value.problem.code == "load.timeout"


# ---- a port lost between choosing it and vLLM binding it ----------------------------------


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


async def test_a_port_taken_before_the_engine_binds_it_is_retried_silently(
    sv: Supervisor, rec: Recorder, taken_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_free_port = runner.free_port
    handed: list[int] = []

    def racy_free_port(avoid: Collection[int] = ()) -> int:
        # The first port is bound by someone else by the time the engine tries it.
        port = taken_port if not handed else real_free_port(avoid=avoid)
        handed.append(port)
        return port

    monkeypatch.setattr(runner, "free_port", racy_free_port)
    info = await sv.start(fake_spec())

    assert info.state is S.RUNNING
    assert handed[0] == taken_port and info.port == handed[1] != taken_port
    assert rec.states() == [S.STARTING, S.RUNNING]  # nothing was said to anyone
    log_text = await asyncio.to_thread(Path(str(info.log_path)).read_text, encoding="utf-8")
    assert f"port {taken_port} was taken; trying another" in log_text


# ---- keys and the child's environment -----------------------------------------------------


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.decode().split("=", 1) for item in raw.split(b"\0") if item)
    return {k: v for k, v in pairs}


async def test_a_child_gets_its_own_key_and_no_secret_of_the_app(
    bus: EventBus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VLLM_TRAY_API_KEY", "endpoint-key")
    monkeypatch.setenv("HF_TOKEN", "hf_secret")
    monkeypatch.setenv("HUGGING_FACE_HUB_TOKEN", "hf_secret_too")
    monkeypatch.setenv("VLLM_API_KEY", "from-the-shell")
    monkeypatch.setenv("SOME_UNRELATED_SECRET_HOLDER", "nope")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    spec = fake_spec(env={"HF_TOKEN": "hf_from_the_spec", "VLLM_CPU_KVCACHE_SPACE": "3"})
    sv = make(bus, tmp_path, child_api_keys=True)
    try:
        info = await sv.start(spec)
        assert info.pid is not None and info.api_key and len(info.api_key) >= 32
        assert info.api_key not in repr(info)  # never logged with the snapshot

        env = environ_of(info.pid)
        # Exactly what the one public function says, so planners can read it beforehand,
        # plus the guard that asks for the key on the routes vLLM leaves open.
        expected = child_environment(spec.env, api_key=info.api_key)
        assert env == {**expected, **guard_env(info.api_key, expected)}
        assert env[GUARD_KEY_VAR] == info.api_key
        assert psutil.Process(info.pid).cmdline()[-2:] == list(GUARD_ARGS)
        assert env["VLLM_API_KEY"] == info.api_key
        assert env["VLLM_CPU_KVCACHE_SPACE"] == "3" and env["OMP_NUM_THREADS"] == "1"
        for secret in ("VLLM_TRAY_API_KEY", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"):
            assert secret not in env
        assert "SOME_UNRELATED_SECRET_HOLDER" not in env
        assert env["HF_HUB_OFFLINE"] == "1" and env["PYTHONNOUSERSITE"] == "1"

        async with httpx.AsyncClient(base_url=str(info.base_url)) as client:
            assert (await client.get("/v1/models")).status_code == 401
            wrong = {"Authorization": "Bearer from-the-shell"}
            assert (await client.get("/v1/models", headers=wrong)).status_code == 401
            right = {"Authorization": f"Bearer {info.api_key}"}
            assert (await client.get("/v1/models", headers=right)).status_code == 200
            # Like vLLM: /health and /metrics stay open (the supervisor polls them keyless).
            assert (await client.get("/health")).status_code == 200
            assert (await client.get("/metrics")).status_code == 200
            # Unlike vLLM alone: the guard (which the fake loads as vLLM does) closes the rest.
            tokenize = {"model": "tiny", "prompt": "Hi"}
            assert (await client.post("/tokenize", json=tokenize)).status_code == 401
            assert (await client.post("/tokenize", json=tokenize, headers=right)).status_code == 200

        await sv.stop(MODEL)
        again = await sv.start(spec)
        assert again.api_key is not None and again.api_key != info.api_key  # fresh per child
    finally:
        await sv.shutdown()


async def test_without_child_keys_the_child_is_open_and_has_no_key(
    sv: Supervisor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VLLM_API_KEY", "from-the-shell")
    info = await sv.start(fake_spec())
    assert info.api_key is None and info.pid is not None
    assert "VLLM_API_KEY" not in environ_of(info.pid)
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"{info.base_url}/v1/models")).status_code == 200


# ---- load times -----------------------------------------------------------------------------


async def saved_times(path: Path, loads: int) -> dict[str, list[float]]:
    """The records once `loads` loads are in (a worker thread writes each one)."""
    for _ in range(200):
        if await asyncio.to_thread(path.exists):
            saved = json.loads(await asyncio.to_thread(path.read_text, encoding="utf-8"))
            (times,) = saved["loads"].values()
            if sum(len(t) for t in times.values()) == loads:
                return dict(times)
        await asyncio.sleep(0.05)
    raise AssertionError(f"{loads} load times were not saved")


async def load(
    sv: Supervisor, rec: Recorder, spec: LaunchSpec, path: Path, n: int
) -> list[LoadProgressed]:
    before = len(rec.events)
    await sv.start(spec)
    await sv.stop(MODEL)
    await saved_times(path, n)
    return [e for e in rec.events[before:] if isinstance(e, LoadProgressed)]


async def test_loads_are_timed_cold_and_warm_and_later_loads_carry_the_estimate(
    sv: Supervisor, rec: Recorder, tmp_path: Path
) -> None:
    # The fake prints vLLM's captured logs: a cold start (empty compile cache), a warm one.
    # Switches go into args: the prefix names the engine, and the estimate is per engine.
    cold = fake_spec(args=("--fake-start-delay", "1"))
    warm = fake_spec(args=("--fake-warm",))
    path = tmp_path / "state" / "load_times.json"
    first = await load(sv, rec, cold, path, 1)
    assert all(e.expected_s is None and e.last_cold_s is None for e in first)
    elapsed = [e.elapsed_s for e in first]
    assert None not in elapsed and elapsed == sorted(elapsed)  # type: ignore[type-var]
    cold_s = first[-1].elapsed_s
    assert cold_s is not None and cold_s >= 1.0

    second = await load(sv, rec, warm, path, 2)
    # Only a cold load is known yet: it is the estimate, and it is named as such.
    assert {(e.expected_s, e.last_cold_s, e.last_warm_s) for e in second} == {
        (cold_s, cold_s, None)
    }
    warm_s = second[-1].elapsed_s
    assert warm_s is not None

    third = await load(sv, rec, warm, path, 3)
    assert {(e.expected_s, e.last_cold_s, e.last_warm_s) for e in third} == {
        (warm_s, cold_s, warm_s)
    }
    times = await saved_times(path, 3)
    assert times["cold"] == [cold_s]
    assert len(times["warm"]) == 2 and times["warm"][0] == warm_s
