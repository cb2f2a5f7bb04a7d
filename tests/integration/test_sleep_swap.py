"""Swapping with sleep mode on the real runtime and endpoint, with the fake engine.

Two tiny models and room for one: a request for the other puts the first to sleep instead of
stopping it, and a request for the sleeping one wakes it (no new start). The fake holds a real
200 MB buffer that a level 2 sleep frees, so the runtime's measurement (the RSS of the child's
processes: there is no GPU here) sees it go; `--fake-ignore-sleep` answers 200 and frees
nothing, as vLLM's CPU worker does, and the runtime must stop the model instead and remember.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import openai
import psutil
import pytest

from app.core.contracts import SleepGauge
from app.core.events import Event, ProcessStateChanged
from app.core.memory.gpu import GpuInfo
from app.core.models.registry import ModelOptions
from app.core.states import ProcessState
from app.runtime.composition.runtime import Runtime
from app.supervisor.sleep import DEV_MODE_VAR, FILE_NAME, SLEEP_FLAG
from tests.fakes.engine_runtime import fake_engine, make_runtime, starts
from tests.harness import internals, process
from tests.unit import sysfs_trees as trees

pytestmark = pytest.mark.timeout(120)

S = ProcessState
A, B = "user.a", "user.b"


async def serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *switches: str
) -> AsyncIterator[Runtime]:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        settings={
            "engine.custom_command": fake_engine("--fake-sleep-buffer-mb", "200", *switches),
            "memory.sleep_mode": "on",  # a custom engine does not sleep by default
            "models.ctx_size": 4096,
            "memory.budget_gb": 0.006,  # room for one tiny model, not two
        },
        proxy_port=0,
    )
    await rt.start(serve=True)
    try:
        yield rt
    finally:
        await rt.stop()


@pytest.fixture
async def freeing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    async for rt in serve(tmp_path, monkeypatch):
        yield rt


@pytest.fixture
async def ignoring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    async for rt in serve(tmp_path, monkeypatch, "--fake-ignore-sleep"):
        yield rt


async def client_for(rt: Runtime) -> openai.AsyncOpenAI:
    assert rt.services.endpoint.url is not None
    url = rt.services.endpoint.url + "/v1"
    # Built off the loop: the client loads the CA bundle, which takes a while.
    return await asyncio.to_thread(
        openai.AsyncOpenAI, base_url=url, api_key="unused", max_retries=0
    )


def state(rt: Runtime, model_id: str) -> ProcessState:
    info = process(rt, model_id)
    return info.state if info is not None else S.STOPPED


def moves(events: list[Event], model_id: str) -> list[ProcessState]:
    return [e.new for e in events if isinstance(e, ProcessStateChanged) and e.model_id == model_id]


def verdicts(rt: Runtime) -> dict[str, dict[str, object]]:
    path = internals(rt).paths.state_dir / FILE_NAME
    saved: dict[str, dict[str, object]] = json.loads(path.read_text())["verdicts"]
    return saved


async def ask(client: openai.AsyncOpenAI, model_id: str) -> str:
    reply = await client.chat.completions.create(
        model=model_id, messages=[{"role": "user", "content": "hi"}], max_tokens=3
    )
    assert reply.model == model_id
    return reply.choices[0].message.content or ""


async def test_a_swap_sleeps_the_idle_model_and_a_request_wakes_it(freeing: Runtime) -> None:
    rt = freeing
    events: list[Event] = []
    rt.bus.subscribe(events.append)
    spec = internals(rt).planner.plan_launch(A).spec
    assert spec.sleep is not None and spec.env[DEV_MODE_VAR] == "1" and SLEEP_FLAG in spec.args
    async with await client_for(rt) as client:
        assert await ask(client, A)
        a_pid = process(rt, A).pid  # type: ignore[union-attr]

        assert await ask(client, B)  # no room for both: A sleeps

        assert state(rt, A) is S.SLEEPING and state(rt, B) is S.RUNNING
        assert a_pid is not None and psutil.pid_exists(a_pid)
        asleep = process(rt, A)
        assert asleep is not None and asleep.sleep is not None
        assert asleep.sleep.level == 2 and asleep.sleep.freed_bytes > 150 * 2**20
        # The row says why level 2: no GPU here, the model's memory is the host's RAM.
        row = rt.services.views.row(A)
        assert (row.sleep_level, row.sleep_why) == (2, "shared")
        (key,) = verdicts(rt)
        assert verdicts(rt)[key]["frees"] is True and key == spec.sleep.verdict_key

        # Requests for the sleeping model wait for one wake (and B goes to sleep for it).
        answers = await asyncio.gather(*(ask(client, A) for _ in range(4)))

        assert all(answers)  # after a level 2 sleep the fake fails unless weights reloaded
        assert state(rt, A) is S.RUNNING and state(rt, B) is S.SLEEPING
        assert process(rt, A).pid == a_pid  # type: ignore[union-attr]
        assert starts(events, A) == 1 and starts(events, B) == 1  # woken, not started again
        assert moves(events, A) == [S.STARTING, S.RUNNING, S.SLEEPING, S.RUNNING]
        assert moves(events, B) == [S.STARTING, S.RUNNING, S.SLEEPING]

        # A sleeping model holds only what its sleep did not free: both fit now.
        rows = {b.model_id: b.state for b in rt.services.models.backends()}
        assert rows == {A: S.RUNNING, B: S.SLEEPING}

        # Across a system suspend a model whose sleep is known to work sleeps and wakes.
        assert await rt.services.power.before_sleep() == [A]
        assert state(rt, A) is S.SLEEPING
        assert await rt.services.power.after_resume() == [A]
        assert state(rt, A) is S.RUNNING and process(rt, A).pid == a_pid  # type: ignore[union-attr]


async def test_a_sleep_that_frees_nothing_falls_back_to_stop_and_is_remembered(
    ignoring: Runtime,
) -> None:
    rt = ignoring
    events: list[Event] = []
    rt.bus.subscribe(events.append)
    async with await client_for(rt) as client:
        assert await ask(client, A)

        assert await ask(client, B)  # A is slept, measured, found to free nothing: stopped

        assert moves(events, A)[-4:] == [S.RUNNING, S.SLEEPING, S.STOPPING, S.STOPPED]
        assert state(rt, B) is S.RUNNING
        (key,) = verdicts(rt)
        assert verdicts(rt)[key]["frees"] is False and verdicts(rt)[key]["level"] == 2

        # Remembered: B is stopped at once for A, and A starts without sleep mode.
        assert await ask(client, A)

        assert moves(events, B)[-3:] == [S.RUNNING, S.STOPPING, S.STOPPED]
        assert S.SLEEPING not in moves(events, B)
        spec = internals(rt).planner.plan_launch(A).spec
        assert spec.sleep is None and DEV_MODE_VAR not in spec.env and SLEEP_FLAG not in spec.args
        info = process(rt, A)
        assert info is not None and info.pid is not None
        environ = await asyncio.to_thread(Path(f"/proc/{info.pid}/environ").read_bytes)
        child_env = environ.split(b"\0")
        assert not [v for v in child_env if v.startswith(DEV_MODE_VAR.encode())]


# ---- two GPUs: a sleep is measured, and makes room, on the GPUs the model uses ---------------


@pytest.fixture(autouse=True)
def no_nvidia(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the fake /sys decides what GPUs there are, whatever the host has."""
    monkeypatch.setattr("app.core.memory.gpu.detect_nvidia_gpus", lambda: [])


def vram_used(root: Path, gpu: GpuInfo) -> int:
    path = root / "class" / "drm" / f"renderD{gpu.render_minor}" / "device" / "mem_info_vram_used"
    return int(path.read_text())


async def test_on_two_gpus_only_a_model_on_the_gpu_needed_sleeps_measured_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two cards, one model each, and a third for GPU 1. The model on GPU 0 is the least
    recently used and could sleep, yet only GPU 1's model is put to sleep: its sleep is
    measured on GPU 1 (the fake gives its VRAM back in the fake /sys), not on the primary GPU,
    and the new model fits beside it. Asking for the sleeping one again wakes it and sleeps
    GPU 1's other model; GPU 0's model stays awake throughout."""
    root = trees.two_rdna3_cards(tmp_path / "sys")
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("a", "b", "c"),
        settings={"memory.sleep_mode": "on", "models.ctx_size": 4096},
        sysfs_root=root,
    )
    gpus = rt.services.views.system_info().gpus
    files = [
        root / "class" / "drm" / f"renderD{g.render_minor}" / "device" / "mem_info_vram_used"
        for g in gpus
    ]
    # Each model "takes" what the planner plans for it on its GPU (0.85 of a card).
    taken = int(trees.RX7900XTX_VRAM * 0.85) // 2**20 * 2**20
    await rt.services.config.set_settings(
        {
            "engine.custom_command": fake_engine(
                "--fake-vram-files",
                ",".join(map(str, files)),
                "--fake-vram-mb",
                str(taken // 2**20),
            )
        }
    )
    idle_vram = [vram_used(root, g) for g in gpus]
    await rt.start(serve=False)
    try:
        events: list[Event] = []
        rt.bus.subscribe(events.append)
        await rt.services.models.set_options("user.b", ModelOptions(gpus=(1,)), fields={"gpus"})
        await rt.services.models.set_options("user.c", ModelOptions(gpus=(1,)), fields={"gpus"})
        spec = internals(rt).planner.plan_launch("user.b").spec
        assert spec.sleep is not None and spec.sleep.level == 1  # discrete cards
        assert spec.sleep.gauge is SleepGauge.GPU
        await rt.services.models.load("user.a")  # GPU 0, used first: the least recent
        await rt.services.models.load("user.b")  # GPU 1
        assert [vram_used(root, g) for g in gpus] == [v + taken for v in idle_vram]

        await rt.services.models.load("user.c")  # GPU 1 has room for one: "b" sleeps, "a" stays

        assert state(rt, "user.a") is S.RUNNING and S.SLEEPING not in moves(events, "user.a")
        assert state(rt, "user.b") is S.SLEEPING and state(rt, "user.c") is S.RUNNING
        asleep = process(rt, "user.b")
        assert asleep is not None and asleep.sleep is not None
        assert asleep.sleep.freed_by_device == {"gpu1": taken}  # measured on its GPU only
        row = rt.services.views.row("user.b")  # a discrete card: the weights parked in RAM
        assert (row.sleep_level, row.sleep_why) == (1, "parked")
        assert [vram_used(root, g) for g in gpus] == [v + taken for v in idle_vram]
        (key,) = verdicts(rt)
        assert key == spec.sleep.verdict_key and key.endswith(" on gfx1100")

        await rt.services.models.load("user.b")  # woken; "c" sleeps for it, "a" still stays

        assert state(rt, "user.b") is S.RUNNING and state(rt, "user.c") is S.SLEEPING
        assert state(rt, "user.a") is S.RUNNING and S.SLEEPING not in moves(events, "user.a")
        assert starts(events, "user.b") == 1  # woken, not started again
        assert process(rt, "user.b").pid == asleep.pid  # type: ignore[union-attr]
    finally:
        await rt.stop()
    assert [vram_used(root, g) for g in gpus] == idle_vram  # every child gave it back
