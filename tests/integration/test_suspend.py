"""Suspend and resume on the real runtime with the fake engine, a private D-Bus and a fake logind:
models running before a suspend are stopped before logind's delay lock is released, loaded again
(and health-checked) after resume while requests wait, and nothing happens without a bus."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import openai
import pytest

from app.core.events import Event, ProcessStateChanged
from app.core.states import ALIVE, ProcessState
from app.runtime.composition.runtime import Runtime
from tests.fakes.engine_runtime import fake_engine, make_runtime, starts
from tests.fakes.fake_logind import FakeLogind, Inhibitor, private_bus
from tests.harness import internals, process

MODELS = ("user.a", "user.b", "user.c")


@pytest.fixture
def bus_address(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with private_bus() as address:
        # The runtime's watcher reads the system bus address like every D-Bus library does.
        monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
        yield address


@pytest.fixture
async def logind(bus_address: str) -> AsyncIterator[FakeLogind]:
    fake = FakeLogind()
    await fake.start(bus_address)
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def runtime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, logind: FakeLogind
) -> AsyncIterator[Runtime]:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("a", "b", "c"),
        # A start that takes a moment, so that requests really wait for the resume's loads.
        settings={"engine.custom_command": fake_engine("--fake-start-delay", "0.5")},
        proxy_port=0,
    )
    await rt.start(serve=True)
    try:
        assert await asyncio.wait_for(internals(rt).sleep_watcher.wait_started(), 10)
        yield rt
    finally:
        await rt.stop()


def states(rt: Runtime) -> dict[str, ProcessState]:
    return {
        m: info.state if (info := process(rt, m)) is not None else ProcessState.STOPPED
        for m in MODELS
    }


async def reach(rt: Runtime, model_id: str, state: ProcessState) -> None:
    """Until `model_id` is in `state` (woken by the runtime's state events)."""
    changed = asyncio.Event()
    unsubscribe = rt.bus.subscribe(lambda _: changed.set())
    try:
        async with asyncio.timeout(20):
            while states(rt)[model_id] is not state:
                changed.clear()
                await changed.wait()
    finally:
        unsubscribe()


def client_for(rt: Runtime) -> openai.AsyncOpenAI:
    assert rt.services.endpoint.url is not None
    return openai.AsyncOpenAI(
        base_url=rt.services.endpoint.url + "/v1", api_key="unused", max_retries=0
    )


async def test_models_stop_before_sleep_and_load_again_after_resume(
    runtime: Runtime, logind: FakeLogind
) -> None:
    [lock] = logind.held
    assert (lock.what, lock.who, lock.mode) == ("sleep", "vLLM Tray", "delay")

    await runtime.services.models.load("user.a")
    await runtime.services.models.load("user.b")
    await runtime.services.models.load("user.c")
    await runtime.services.models.unload("user.c")  # stopped by the user: stays stopped
    events: list[tuple[float, Event]] = []
    runtime.bus.subscribe(lambda e: events.append((time.monotonic(), e)))
    at_release: dict[str, ProcessState] = {}

    def on_release(inhibitor: Inhibitor) -> None:
        at_release.update(states(runtime))

    logind.on_release = on_release
    await logind.prepare_for_sleep(True)
    await logind.until(lambda: not logind.held)
    # The machine may sleep only once no model is left on the GPU.
    assert at_release == dict.fromkeys(MODELS, ProcessState.STOPPED)
    assert runtime.services.power.suspended == ("user.a", "user.b")

    async with client_for(runtime) as client:
        # The machine is asleep: a request that arrives now starts nothing and waits.
        asleep = asyncio.create_task(
            client.completions.create(model="user.a", prompt="x", max_tokens=2)
        )
        await asyncio.sleep(0.5)
        assert not asleep.done()
        assert all(s is ProcessState.STOPPED for s in states(runtime).values())

        await logind.prepare_for_sleep(False)
        # Asked during the resume, before the model answered its health check.
        during = asyncio.create_task(
            client.completions.create(model="user.b", prompt="y", max_tokens=2)
        )
        first, second = await asyncio.wait_for(asyncio.gather(asleep, during), 30)
        answered_at = time.monotonic()
    assert (first.model, second.model) == ("user.a", "user.b")

    # Loaded again, each once (the requests joined the resume's loads), and health-checked
    # (RUNNING is the supervisor's word for "/health answered 200") before it answered.
    await reach(runtime, "user.b", ProcessState.RUNNING)
    plain = [e for _, e in events]
    assert starts(plain, "user.a") == 1 and starts(plain, "user.b") == 1
    running_at = [
        t for t, e in events if isinstance(e, ProcessStateChanged) and e.new is ProcessState.RUNNING
    ]
    assert len(running_at) == 2 and max(running_at) <= answered_at
    assert starts(plain, "user.c") == 0
    assert states(runtime)["user.c"] is ProcessState.STOPPED
    assert runtime.services.power.suspended == ()
    # And the lock is taken again for the next suspend.
    await logind.until(lambda: len(logind.held) == 1)


async def test_a_suspend_while_models_load_after_resume_stops_them_again(
    runtime: Runtime, logind: FakeLogind
) -> None:
    await runtime.services.models.load("user.a")
    await logind.prepare_for_sleep(True)
    await logind.until(lambda: not logind.held)
    quick = runtime.services.config.value("engine.custom_command")
    # The resume's load would take a minute, as a real one does.
    await runtime.services.config.set_settings(
        {"engine.custom_command": fake_engine("--fake-start-delay", "60")}
    )
    await logind.prepare_for_sleep(False)
    await reach(runtime, "user.a", ProcessState.STARTING)
    await logind.until(lambda: len(logind.held) == 1)

    # The lid closes again while user.a is still loading: the watcher is not busy with that
    # load, so the lock goes as soon as the load is stopped, not when it would have finished.
    await logind.prepare_for_sleep(True)
    async with asyncio.timeout(5):
        await logind.until(lambda: not logind.held)
    assert states(runtime)["user.a"] not in ALIVE
    assert runtime.services.power.suspended == ("user.a",)

    await runtime.services.config.set_settings({"engine.custom_command": quick})
    await logind.prepare_for_sleep(False)
    await reach(runtime, "user.a", ProcessState.RUNNING)


async def test_without_a_system_bus_nothing_happens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", f"unix:path={tmp_path / 'no-bus'}")
    caplog.set_level(logging.DEBUG, logger="app.runtime")
    rt = make_runtime(tmp_path, monkeypatch, models=("a",))
    await rt.start(serve=False)
    try:
        assert not await asyncio.wait_for(internals(rt).sleep_watcher.wait_started(), 10)
        backend = await rt.services.models.load("user.a")
        assert backend.state is ProcessState.RUNNING
    finally:
        await rt.stop()
    said = [r for r in caplog.records if r.name == "app.runtime.control.suspend"]
    assert [r.levelno for r in said] == [logging.INFO]
    assert "suspend is not watched" in said[0].getMessage()


async def test_a_bus_without_logind_is_said_once_and_ignored(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    bus_address: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="app.runtime")
    rt = make_runtime(tmp_path, monkeypatch, models=())
    await rt.start(serve=False)
    try:
        assert not await asyncio.wait_for(internals(rt).sleep_watcher.wait_started(), 10)
        assert not internals(rt).sleep_watcher.holds_lock
    finally:
        await rt.stop()
    said = [r for r in caplog.records if r.name == "app.runtime.control.suspend"]
    assert [r.levelno for r in said] == [logging.INFO]
    assert "logind is not running" in said[0].getMessage()
