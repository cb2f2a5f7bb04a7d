"""vLLM's sleep mode under the supervisor, with the fake engine holding real memory.

The fake (tests/fakes/fake_vllm.py) holds a 200 MB buffer; a level 2 sleep frees it and a
wake writes it again, so the supervisor's measurement (the RSS of the child's process tree)
sees real memory come and go. `--fake-ignore-sleep` answers 200 and frees nothing, as vLLM's
CPU worker does. Children are keyed as the app starts them, so the fake runs the app's key
guard in front of the sleep routes, as vLLM does.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import httpx
import psutil
import pytest

from app.core.contracts import LaunchSpec, SleepGauge, SleepSpec
from app.core.events import Event, EventBus, ProcessStateChanged
from app.core.states import ProcessState
from app.supervisor.protocol import ProcessInfo
from app.supervisor.sleep import FILE_NAME, SleepVerdicts, process_tree_rss
from app.supervisor.supervisor import Supervisor
from tests.process_tree import alive

pytestmark = pytest.mark.timeout(90)

S = ProcessState
FAKE = Path(__file__).parents[1] / "fakes" / "fake_vllm.py"
MODEL = "user.sleepy"
BUFFER_MB = 200
PLANNED = 50 * 2**20  # what the planner would say the model holds (the fake's buffer is more)
DEV_MODE = {"VLLM_SERVER_DEV_MODE": "1"}


def sleepy_spec(*switches: str, key: str = "fake frees", level: int = 2) -> LaunchSpec:
    return LaunchSpec(
        model_id=MODEL,
        served_name="tiny",
        model_path="/models/tiny",
        ctx_size=512,
        prefix=(sys.executable, str(FAKE), "--fake-sleep-buffer-mb", str(BUFFER_MB), *switches),
        env=DEV_MODE,
        sleep=SleepSpec(level=level, gauge=SleepGauge.PROCESS, verdict_key=key),
    )


def states(events: list[Event]) -> list[ProcessState]:
    return [e.new for e in events if isinstance(e, ProcessStateChanged) and e.model_id == MODEL]


async def client_for(info: ProcessInfo, *, keyed: bool = True) -> httpx.AsyncClient:
    """A client of the child, with its key unless `keyed` is False."""
    assert info.base_url is not None and info.api_key is not None
    headers = {"Authorization": f"Bearer {info.api_key}"} if keyed else {}
    # Built off the loop: httpx loads the CA bundle for every client, which takes a while.
    return await asyncio.to_thread(
        httpx.AsyncClient, base_url=info.base_url, headers=headers, timeout=20
    )


async def chat(info: ProcessInfo) -> httpx.Response:
    async with await client_for(info) as client:
        return await client.post(
            "/v1/chat/completions",
            json={
                "model": "tiny",
                "messages": [{"role": "user", "content": "hi"}],
                "max_tokens": 2,
            },
        )


@pytest.fixture
def events() -> list[Event]:
    return []


@pytest.fixture
async def sv(events: list[Event], tmp_path: Path) -> AsyncIterator[Supervisor]:
    bus = EventBus()
    bus.subscribe(events.append)
    supervisor = Supervisor(
        bus,
        tmp_path / "logs",
        tmp_path / "state",
        health_interval=0.05,
        stop_grace_s=1.0,
        child_api_keys=True,
    )
    yield supervisor
    await supervisor.shutdown()


def requests_seen(sv: Supervisor) -> list[str]:
    """The sleep-mode requests the fake's access log shows, in order."""
    path = sv.log_path(MODEL)
    assert path is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        line.split('"')[1]
        for line in lines
        if ('"POST /' in line and "/v1/" not in line) or '"GET /is_sleeping' in line
    ]


async def test_sleep_frees_memory_and_a_start_wakes_the_same_child(
    sv: Supervisor, events: list[Event], tmp_path: Path
) -> None:
    spec = sleepy_spec()
    info = await sv.start(spec)
    assert info.pid is not None
    awake_rss = await asyncio.to_thread(process_tree_rss, info.pid)
    assert awake_rss is not None and awake_rss > BUFFER_MB * 2**20

    report = await sv.sleep(MODEL, PLANNED)

    assert report.asleep and report.level == 2 and report.answered == 200
    assert report.freed_bytes > 0.75 * BUFFER_MB * 2**20
    asleep = sv.info(MODEL)
    assert asleep is not None and asleep.state is S.SLEEPING and asleep.sleep == report
    assert asleep.pid == info.pid  # the child lives on
    assert states(events) == [S.STARTING, S.RUNNING, S.SLEEPING]
    saved = json.loads((tmp_path / "state" / FILE_NAME).read_text())
    assert saved["verdicts"]["fake frees"]["frees"] is True
    assert sv.sleep_known_to_work(MODEL)

    woken = await sv.start(spec)

    assert woken.state is S.RUNNING and woken.pid == info.pid and woken.sleep is None
    assert states(events) == [S.STARTING, S.RUNNING, S.SLEEPING, S.RUNNING]  # no new start
    # The fake answers 500 if the weights were not reloaded after a level 2 sleep.
    reply = await chat(woken)
    assert reply.status_code == 200, reply.text
    back = await asyncio.to_thread(process_tree_rss, info.pid)
    assert back is not None and back > awake_rss - 0.25 * BUFFER_MB * 2**20
    assert requests_seen(sv) == [
        "POST /sleep?level=2 HTTP/1.1",
        "POST /wake_up?tags=weights HTTP/1.1",
        "POST /collective_rpc HTTP/1.1",
        "POST /wake_up?tags=kv_cache HTTP/1.1",
        "GET /is_sleeping HTTP/1.1",
    ]


async def test_a_sleep_that_frees_nothing_stops_the_model_and_is_remembered(
    sv: Supervisor, events: list[Event], tmp_path: Path
) -> None:
    spec = sleepy_spec("--fake-ignore-sleep", key="fake ignores")
    info = await sv.start(spec)
    assert info.pid is not None
    pids = [info.pid, *(p.pid for p in psutil.Process(info.pid).children(recursive=True))]

    report = await sv.sleep(MODEL, PLANNED)

    # It answered 200 and said it was asleep, but nothing was freed: stopped instead.
    assert report.answered == 200 and report.level == 2
    assert not report.asleep and report.freed_bytes < PLANNED // 2
    assert states(events) == [S.STARTING, S.RUNNING, S.SLEEPING, S.STOPPING, S.STOPPED]
    assert alive(pids) == []
    verdict = SleepVerdicts(tmp_path / "state").get("fake ignores")  # read back from the file
    assert verdict is not None and not verdict.frees and verdict.level == 2
    assert "POST /sleep?level=2 HTTP/1.1" in requests_seen(sv)

    # The next time, it is stopped at once: no sleep is tried on that engine again.
    await sv.start(spec)
    assert not sv.may_sleep(MODEL)
    again = await sv.sleep(MODEL, PLANNED)
    assert not again.asleep and again.level is None
    # The log file holds both children's lines: still the first child's one sleep only.
    assert " ".join(requests_seen(sv)).count("POST /sleep") == 1
    assert states(events)[-2:] == [S.STOPPING, S.STOPPED]


async def test_a_start_asked_while_it_falls_asleep_wakes_it_afterwards(
    sv: Supervisor, events: list[Event]
) -> None:
    spec = sleepy_spec()
    info = await sv.start(spec)

    sleeping = asyncio.create_task(sv.sleep(MODEL, PLANNED))
    starting = asyncio.create_task(sv.start(spec))  # arrives while the sleep is measured
    report, woken = await asyncio.gather(sleeping, starting)

    assert report.asleep
    assert woken.state is S.RUNNING and woken.pid == info.pid
    assert states(events) == [S.STARTING, S.RUNNING, S.SLEEPING, S.RUNNING]


async def test_changed_options_restart_a_sleeping_model_and_stop_ends_one(
    sv: Supervisor, events: list[Event]
) -> None:
    spec = sleepy_spec()
    first = await sv.start(spec)
    assert (await sv.sleep(MODEL, PLANNED)).asleep

    changed = replace(spec, ctx_size=1024)
    second = await sv.start(changed)

    assert second.pid != first.pid
    assert second.argv[second.argv.index("--max-model-len") + 1] == "1024"
    assert states(events) == [
        S.STARTING,
        S.RUNNING,
        S.SLEEPING,
        S.STOPPING,
        S.STOPPED,
        S.STARTING,
        S.RUNNING,
    ]
    assert (await sv.sleep(MODEL, PLANNED)).asleep
    await sv.stop(MODEL)
    assert states(events)[-3:] == [S.SLEEPING, S.STOPPING, S.STOPPED]
    assert second.pid is not None and alive([second.pid]) == []


async def test_a_child_that_dies_asleep_is_exited(sv: Supervisor, events: list[Event]) -> None:
    info = await sv.start(sleepy_spec())
    assert (await sv.sleep(MODEL, PLANNED)).asleep
    assert info.pid is not None

    psutil.Process(info.pid).kill()

    for _ in range(200):
        if states(events)[-1] is S.EXITED:
            break
        await asyncio.sleep(0.05)
    assert states(events)[-2:] == [S.SLEEPING, S.EXITED]


async def test_a_model_without_sleep_mode_is_stopped(sv: Supervisor, events: list[Event]) -> None:
    spec = replace(sleepy_spec(), sleep=None, env={})
    await sv.start(spec)

    report = await sv.sleep(MODEL, PLANNED)

    assert not report.asleep and report.level is None
    assert states(events) == [S.STARTING, S.RUNNING, S.STOPPING, S.STOPPED]


async def test_the_fake_reads_the_level_from_the_query_only_as_vllm_does(
    sv: Supervisor,
) -> None:
    info = await sv.start(sleepy_spec())
    assert info.pid is not None and info.base_url is not None
    before = await asyncio.to_thread(process_tree_rss, info.pid)
    assert before is not None
    async with await client_for(info, keyed=False) as stranger:
        # The app's guard: no sleeping, waking or asking without the child's key.
        assert (await stranger.post("/sleep?level=2")).status_code == 401
        assert (await stranger.post("/wake_up")).status_code == 401
        assert (await stranger.get("/is_sleeping")).status_code == 401
        assert (await stranger.get("/health")).status_code == 200
    async with await client_for(info) as client:
        # llama-swap's way: the level in the body. vLLM reads the query; level 1 is done.
        body = await client.post("/sleep", json={"level": 2})
        assert body.json() == {"status": "sleeping", "level": 1}
        kept = await asyncio.to_thread(process_tree_rss, info.pid)
        assert kept is not None and kept > before - 0.25 * BUFFER_MB * 2**20
        assert (await client.post("/wake_up")).json()["status"] == "awake"
        query = await client.post("/sleep?level=2")
        assert query.json() == {"status": "sleeping", "level": 2}
        freed = await asyncio.to_thread(process_tree_rss, info.pid)
        assert freed is not None and freed < before - 0.75 * BUFFER_MB * 2**20
        assert (await client.get("/is_sleeping")).json() == {"is_sleeping": True}
        assert (await client.post("/sleep?level=3")).status_code == 400
