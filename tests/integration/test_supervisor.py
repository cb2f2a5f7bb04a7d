"""Supervisor lifecycle against the fake vLLM engine: states, progress, stop, sharing, metrics."""

from __future__ import annotations

import asyncio
import re
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import psutil
import pytest

from app.core.contracts import LaunchSpec
from app.core.events import (
    EventBus,
    LoadProgressed,
    LogLineEmitted,
    MetricsSampled,
    ProcessStateChanged,
)
from app.core.problems.problems import ProblemError
from app.core.states import PHASE_END, LoadPhase, ProcessState
from app.supervisor.metrics import MetricsTracker, parse_prometheus
from app.supervisor.supervisor import Supervisor
from tests.fakes import fake_vllm
from tests.harness import Events
from tests.process_tree import wait_gone

pytestmark = pytest.mark.timeout(60)

S = ProcessState
FAKE = Path(__file__).parents[1] / "fakes" / "fake_vllm.py"
MODEL = "user.tiny"
# The numbers the fake prints (from the captured real log when there is one).
FAKE_LOG = "\n".join(fake_vllm.startup_lines())
KV_TOKENS = int(re.findall(r"KV cache size: ([\d,]+) tokens", FAKE_LOG)[-1].replace(",", ""))
CONCURRENCY = float(
    re.findall(r"Maximum concurrency for \S+ tokens per request: ([\d.]+)x", FAKE_LOG)[-1]
)
LAST_SHARD = tuple(int(x) for x in re.findall(r"checkpoint shards:.*?\| (\d+)/(\d+)", FAKE_LOG)[-1])


def fake_spec(*switches: str, model_id: str = MODEL, **kw: object) -> LaunchSpec:
    return LaunchSpec(
        model_id=model_id,
        served_name="tiny",
        model_path="/models/tiny",
        ctx_size=512,
        prefix=(sys.executable, str(FAKE), *switches),
        **kw,  # type: ignore[arg-type]
    )


def tree(pid: int) -> list[int]:
    """The watchdog above the engine, the engine, and everything below it."""
    proc = psutil.Process(pid)
    parent = proc.parent()
    assert parent is not None
    return [parent.pid, pid, *(c.pid for c in proc.children(recursive=True))]


class Recorder(Events):
    def __init__(self, bus: EventBus) -> None:
        super().__init__(bus)
        self.events = self.seen

    def states(self, model_id: str = MODEL) -> list[ProcessState]:
        return [
            e.new
            for e in self.events
            if isinstance(e, ProcessStateChanged) and e.model_id == model_id
        ]

    def progress(self) -> list[LoadProgressed]:
        return [e for e in self.events if isinstance(e, LoadProgressed)]


@pytest.fixture
def bus() -> EventBus:
    return EventBus()


@pytest.fixture
def rec(bus: EventBus) -> Recorder:
    return Recorder(bus)


@pytest.fixture
async def sv(bus: EventBus, tmp_path: Path) -> AsyncIterator[Supervisor]:
    supervisor = Supervisor(
        bus, tmp_path / "logs", tmp_path / "state", health_interval=0.05, stop_grace_s=1.0
    )
    yield supervisor
    await supervisor.shutdown()


async def test_start_reaches_running_with_ordered_monotonic_progress(
    sv: Supervisor, rec: Recorder
) -> None:
    info = await sv.start(fake_spec())

    assert info.state is S.RUNNING
    assert rec.states() == [S.STARTING, S.RUNNING]
    assert info.port is not None and info.base_url == f"http://127.0.0.1:{info.port}"
    assert info.argv[-6:] == ("--port", str(info.port), "--served-model-name", "tiny",
                              "--max-model-len", "512")  # fmt: skip
    assert psutil.Process(info.pid).cmdline()[1] == str(FAKE)  # the engine, not the watchdog
    progress = rec.progress()
    fractions = [p.fraction for p in progress]
    assert fractions == sorted(fractions)
    ranks = [list(LoadPhase).index(p.phase) for p in progress]
    assert ranks == sorted(ranks)
    seen = {p.phase for p in progress}
    assert seen >= {
        LoadPhase.SPAWNED,
        LoadPhase.RESOLVING,
        LoadPhase.LOADING_WEIGHTS,
        LoadPhase.COMPILING,
        LoadPhase.KV_CACHE,
        LoadPhase.SERVER_STARTING,
        LoadPhase.READY,
    }
    assert (
        progress[-1].phase is LoadPhase.READY
        and progress[-1].fraction == PHASE_END[LoadPhase.READY]
    )
    assert any(p.shard == LAST_SHARD for p in progress)
    assert info.kv_cache_tokens == KV_TOKENS and info.max_concurrency == CONCURRENCY
    assert info.last_progress == progress[-1]
    # The READY event comes before RUNNING, so whoever sees RUNNING sees a full bar.
    ready_at = rec.events.index(progress[-1])
    running_at = next(
        i
        for i, e in enumerate(rec.events)
        if isinstance(e, ProcessStateChanged) and e.new is S.RUNNING
    )
    assert ready_at < running_at
    async with httpx.AsyncClient() as client:
        reply = await client.post(
            f"{info.base_url}/v1/chat/completions",
            json={
                "model": "tiny",
                "messages": [{"role": "user", "content": "hi"}],
                "max_tokens": 3,
            },
        )
    assert reply.json()["choices"][0]["message"]["content"] == "Hello from the"


async def test_stop_kills_the_whole_tree_including_engine_core(
    sv: Supervisor, rec: Recorder, tmp_path: Path
) -> None:
    info = await sv.start(fake_spec("--fake-grandchild"))
    assert info.pid is not None
    pids = tree(info.pid)
    names = {psutil.Process(p).name() for p in pids}
    assert {"VLLM::EngineCore", "VLLM::Worker"} <= names

    await sv.stop(MODEL)

    assert await asyncio.to_thread(wait_gone, pids, 0.5) == []
    assert rec.states() == [S.STARTING, S.RUNNING, S.STOPPING, S.STOPPED]
    changes = [e for e in rec.events if isinstance(e, ProcessStateChanged)]
    assert all(e.user_initiated for e in changes if e.new in (S.STOPPING, S.STOPPED))
    stopped = sv.info(MODEL)
    assert stopped is not None and stopped.state is S.STOPPED and stopped.problem is None
    # The watchdog removed its record.
    assert list((tmp_path / "state").glob("child-*")) == []


async def test_concurrent_starts_share_one_process(sv: Supervisor, rec: Recorder) -> None:
    spec = fake_spec("--fake-start-delay", "0.5")
    first, second, third = await asyncio.gather(sv.start(spec), sv.start(spec), sv.start(spec))
    assert first.pid == second.pid == third.pid
    assert rec.states() == [S.STARTING, S.RUNNING]
    again = await sv.start(spec)  # already running: answered at once
    assert again.pid == first.pid and rec.states() == [S.STARTING, S.RUNNING]


async def test_stop_during_start_aborts_it_cleanly(sv: Supervisor, rec: Recorder) -> None:
    starting = asyncio.ensure_future(
        sv.start(fake_spec("--fake-start-delay", "20", "--fake-grandchild"))
    )
    await rec.next(LoadProgressed, lambda e: e.phase is LoadPhase.RESOLVING)
    info = sv.info(MODEL)
    assert info is not None and info.pid is not None
    assert psutil.Process(info.pid).cmdline()[1] == str(FAKE)  # the engine's pid, already
    pids = tree(info.pid)
    assert len(pids) == 4  # watchdog, engine, EngineCore, Worker

    await sv.stop(MODEL)

    # Not after the 20 s start: the start was cancelled, it never ran.
    with pytest.raises(ProblemError) as caught:
        await starting
    assert caught.value.problem.code == "load.cancelled"
    assert rec.states() == [S.STARTING, S.STOPPING, S.STOPPED]
    assert await asyncio.to_thread(wait_gone, pids, 0.5) == []
    # Nothing of the aborted start comes back later (a late "ready" is ignored): once the
    # actor has settled, nothing is left that could post one.
    await sv.settled(MODEL)
    assert rec.states() == [S.STARTING, S.STOPPING, S.STOPPED]


async def test_start_during_stop_starts_again_after_it(sv: Supervisor, rec: Recorder) -> None:
    await sv.start(fake_spec())
    stopping = asyncio.ensure_future(sv.stop(MODEL))
    await rec.next(ProcessStateChanged, lambda e: e.new is S.STOPPING)
    info = await sv.start(fake_spec())
    await stopping
    assert info.state is S.RUNNING
    assert rec.states() == [S.STARTING, S.RUNNING, S.STOPPING, S.STOPPED, S.STARTING, S.RUNNING]


async def test_sigterm_ignored_means_sigkill_after_the_grace(sv: Supervisor, rec: Recorder) -> None:
    info = await sv.start(fake_spec("--fake-ignore-sigterm"))
    assert info.pid is not None
    pids = tree(info.pid)
    started = time.monotonic()
    await sv.stop(MODEL)
    took = time.monotonic() - started
    # Timing is the behaviour: the grace (stop_grace_s=1.0) is waited, then SIGKILL, at once.
    assert 1.0 <= took < 4.0
    assert await asyncio.to_thread(wait_gone, pids, 0.2) == []
    assert rec.states()[-1] is S.STOPPED


async def test_output_goes_to_log_file_tail_and_events(sv: Supervisor, rec: Recorder) -> None:
    await sv.start(fake_spec())
    path = sv.log_path(MODEL)
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "Application startup complete." in text
    assert "----- vllm-tray: starting" in text
    tail = sv.log_tail(MODEL, 3)
    assert len(tail) == 3 and any(x.endswith("Application startup complete.") for x in tail)
    lines = [e.line for e in rec.events if isinstance(e, LogLineEmitted)]
    assert lines[-3:] == tail
    assert any("Loading safetensors checkpoint shards: 100% Completed" in x for x in lines)


def scrapers() -> list[asyncio.Task[object]]:
    """The supervisor's metrics scraping tasks alive on this loop."""
    return [t for t in asyncio.all_tasks() if t.get_name() == "metrics" and not t.done()]


async def test_metrics_are_scraped_only_while_watched(sv: Supervisor, rec: Recorder) -> None:
    info = await sv.start(fake_spec())
    # Nothing scrapes: no scraping task exists, so none can come later either.
    assert scrapers() == [] and not [e for e in rec.events if isinstance(e, MetricsSampled)]

    sv.watch_metrics(True)
    first = await rec.next(MetricsSampled, within=3)
    assert first.model_id == MODEL and first.requests_running == 0 and first.kv_cache_usage == 0.0
    async with httpx.AsyncClient() as client:
        body = {"model": "tiny", "prompt": "hello", "max_tokens": 50}
        await client.post(f"{info.base_url}/v1/completions", json=body)
    rated = await rec.next(MetricsSampled, lambda e: (e.generation_tokens_per_s or 0) > 0, within=4)
    assert 0 < (rated.generation_tokens_per_s or 0) <= 50 / 0.5

    (scraper,) = scrapers()
    sv.watch_metrics(False)
    await asyncio.wait({scraper}, timeout=10)
    assert scraper.cancelled() and scrapers() == []  # so no sample can come any more


async def test_shutdown_stops_everything_and_refuses_new_starts(
    bus: EventBus, rec: Recorder, tmp_path: Path
) -> None:
    sv = Supervisor(bus, tmp_path / "logs", tmp_path / "state", health_interval=0.05)
    a = await sv.start(fake_spec(model_id="user.a"))
    b = await sv.start(fake_spec("--fake-grandchild", model_id="user.b"))
    assert a.pid is not None and b.pid is not None
    pids = tree(a.pid) + tree(b.pid)

    await sv.shutdown()

    assert await asyncio.to_thread(wait_gone, pids, 0.5) == []
    assert rec.states("user.a")[-1] is S.STOPPED and rec.states("user.b")[-1] is S.STOPPED
    with pytest.raises(ProblemError) as caught:
        await sv.start(fake_spec(model_id="user.a"))
    assert caught.value.problem.code == "supervisor.shutting_down"


async def test_two_models_get_distinct_ports(sv: Supervisor) -> None:
    a, b = await asyncio.gather(
        sv.start(fake_spec(model_id="user.a")), sv.start(fake_spec(model_id="user.b"))
    )
    assert a.port != b.port
    assert {i.model_id for i in sv.infos()} == {"user.a", "user.b"}


def test_prometheus_text_is_summed_per_metric_and_rated_per_second() -> None:
    text = "\n".join(
        [
            "# HELP vllm:num_requests_running Number of requests in model execution batches.",
            "# TYPE vllm:num_requests_running gauge",
            'vllm:num_requests_running{engine="0",model_name="a b {c}"} 2.0',
            'vllm:num_requests_running{engine="1",model_name="a b {c}"} 1.0',
            'vllm:kv_cache_usage_perc{engine="0",model_name="x"} 0.25',
            'vllm:generation_tokens_total{engine="0",model_name="x"} 100.0',
            'vllm:generation_tokens_created{engine="0",model_name="x"} 1.7e9',
            "vllm:num_requests_waiting NaN",
        ]
    )
    assert parse_prometheus(text) == {
        "vllm:num_requests_running": 3.0,
        "vllm:kv_cache_usage_perc": 0.25,
        "vllm:generation_tokens_total": 100.0,
    }
    tracker = MetricsTracker("m")
    first = tracker.sample(text, at=10.0)
    assert first.generation_tokens_per_s is None and first.requests_running == 3
    assert first.requests_waiting is None
    later = text.replace("} 100.0", "} 160.0")
    assert tracker.sample(later, at=12.0).generation_tokens_per_s == 30.0
    # A restarted child counts from zero again: never a negative rate.
    assert tracker.sample(text.replace("} 100.0", "} 5.0"), at=13.0).generation_tokens_per_s == 0.0
