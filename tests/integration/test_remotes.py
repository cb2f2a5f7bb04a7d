"""Remote vLLM servers behind the endpoint (issue 13 item 2), end to end on loopback.

The endpoint under test is a real Runtime (fake engine) driven by the openai client. Its
remotes are real processes: a bare fake vLLM engine run directly with VLLM_API_KEY set (so
a missing or wrong key would be refused), and a second `vllm-tray serve` with its own
endpoint key, its own model and a remote of its own (which must not be passed on).
"""

from __future__ import annotations

import asyncio
import json
import select
import socket
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest

from app.core.events import Event, RemotesChanged
from app.core.problems.problems import ProblemError
from app.runtime.composition.runtime import Runtime
from app.runtime.remotes import remote_probe, remote_status
from app.runtime.remotes import remotes as remotes_module
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.remote_servers import BareEngine, ServeProcess, free_port
from tests.harness import Events, internals

BARE_KEY = "bare-secret"
TRAY_KEY = "tray-secret"


@pytest.fixture(scope="module")
def bare() -> Iterator[BareEngine]:
    engine = BareEngine(BARE_KEY, token_delay=0.05)
    try:
        yield engine
    finally:
        engine.kill()


@pytest.fixture(scope="module")
def tray(tmp_path_factory: pytest.TempPathFactory, bare: BareEngine) -> Iterator[ServeProcess]:
    """Another machine's `vllm-tray serve`: user.a on disk, the catalog's models not, its
    endpoint behind a key, and the bare engine as a remote of its own."""
    root = tmp_path_factory.mktemp("tray")
    port = free_port()
    with pytest.MonkeyPatch.context() as patch:
        rt = make_runtime(
            root, patch, models=("a",), settings={"models.ctx_size": 4096, "proxy.port": port}
        )
        del rt  # only its config files are wanted
    remotes = {"remotes": [{"name": "bare", "url": bare.url, "api_key_env": "BARE_KEY"}]}
    (root / "home" / "remotes.json").write_text(json.dumps(remotes))
    env = {"HF_HUB_CACHE": str(root / "hub"), "VLLM_TRAY_API_KEY": TRAY_KEY}
    serve = ServeProcess(root / "home", port, {**env, "BARE_KEY": BARE_KEY})
    try:
        yield serve
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


@pytest.fixture
async def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        models=("local",),
        settings={"engine.custom_command": fake_engine(), "models.ctx_size": 4096},
        proxy_port=0,
    )
    await rt.start(serve=True)
    try:
        yield rt
    finally:
        await rt.stop()


def client_for(rt: Runtime) -> openai.AsyncOpenAI:
    assert rt.services.endpoint.url is not None
    return openai.AsyncOpenAI(
        base_url=rt.services.endpoint.url + "/v1", api_key="unused", max_retries=0
    )


async def get_json(rt: Runtime, path: str) -> Any:
    assert rt.services.endpoint.url is not None
    async with httpx.AsyncClient(base_url=rt.services.endpoint.url) as http:
        return (await http.get(path, timeout=10)).json()


async def states(rt: Runtime) -> dict[str, str]:
    cards = (await get_json(rt, "/v1/models"))["data"]
    return {c["id"]: c["state"] for c in cards if c["remote"] is not None}


async def wait_for(check: Any, within_s: float = 20.0) -> None:
    deadline = time.monotonic() + within_s
    while not await check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)


async def test_both_remotes_listed_and_answering_through_the_endpoint(
    served: Runtime, bare: BareEngine, tray: ServeProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[Event] = []
    served.bus.subscribe(events.append)
    await served.services.remotes.add("bare", bare.url + "/v1", api_key=BARE_KEY)
    monkeypatch.setenv("TRAY_KEY", TRAY_KEY)
    view = await served.services.remotes.add("tray", tray.url, api_key_env="TRAY_KEY")
    assert view.server == "vllm-tray" and view.model_ids == ("user.a",)
    assert any(isinstance(e, RemotesChanged) for e in events)

    async with client_for(served) as client:
        ids = [m.id for m in (await client.models.list()).data]
        assert "user.local" in ids
        # The tray's catalog models are not on its disk and its own remote is not passed on.
        assert [i for i in ids if "/" in i] == ["bare/tiny", "tray/user.a"]
        assert await states(served) == {"bare/tiny": "running", "tray/user.a": "stopped"}
        card = await get_json(served, "/v1/models/tray/user.a")
        assert (card["remote"], card["ctx_size"], card["state"]) == ("tray", 4096, "stopped")

        reply = await client.chat.completions.create(
            model="bare/tiny", messages=[{"role": "user", "content": "hi"}], max_tokens=4
        )
        assert reply.choices[0].message.content == "Hello from the fake"
        assert reply.model == "tiny"  # the remote's own answer, relayed as it is

        stream = await client.chat.completions.create(
            model="tray/user.a",
            messages=[{"role": "user", "content": "count"}],
            max_tokens=5,
            stream=True,
        )
        pieces = [c.choices[0].delta.content or "" async for c in stream if c.choices]
        assert "".join(pieces) == "Hello from the fake vLLM"  # loaded there on first use

        local = await client.completions.create(model="user.local", prompt="x", max_tokens=2)
        assert local.choices[0].text

    await served.services.remotes.check("tray")
    assert (await states(served))["tray/user.a"] == "running"  # its state, as it reports it
    health = await get_json(served, "/v1/health")
    assert [(r["name"], r["status"], r["server"]) for r in health["remotes"]] == [
        ("bare", "reachable", "vllm"),
        ("tray", "reachable", "vllm-tray"),
    ]
    assert health["remotes"][1]["models"] == ["tray/user.a"]
    assert [b["model_name"] for b in health["all_models_loaded"]] == ["user.local"]
    rows = {row.id: row for row in served.services.views.rows()}  # the GUI's model list
    assert rows["bare/tiny"].source == "remote" and rows["bare/tiny"].remote == "bare"
    assert not rows["tray/user.a"].downloaded  # nothing local to load, unload or delete


async def test_a_wrong_or_missing_key_is_refused_at_add_and_nothing_is_saved(
    served: Runtime, bare: BareEngine
) -> None:
    for key, code in ((None, "remotes.needs_key"), ("wrong", "remotes.refused_key")):
        with pytest.raises(ProblemError) as err:
            await served.services.remotes.add("bare", bare.url, api_key=key)
        assert err.value.problem.code == code
    assert served.services.remotes.views() == []
    assert not (internals(served).paths.config_dir / "remotes.json").exists()


async def test_requests_and_errors_keep_their_envelopes(served: Runtime, bare: BareEngine) -> None:
    await served.services.remotes.add("bare", bare.url, api_key=BARE_KEY)
    async with client_for(served) as client:
        with pytest.raises(openai.NotFoundError) as unknown:
            await client.chat.completions.create(
                model="bare/other", messages=[{"role": "user", "content": "hi"}]
            )
        assert unknown.value.code == "models.unknown"
        assert "bare/tiny" in unknown.value.message
    assert served.services.endpoint.url is not None
    async with httpx.AsyncClient(base_url=served.services.endpoint.url) as http:
        r = await http.post("/api/v1/load", json={"model_name": "bare/tiny"})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "remotes.not_local")


async def test_cancel_mid_stream_reaches_the_remote(served: Runtime, bare: BareEngine) -> None:
    await served.services.remotes.add("bare", bare.url, api_key=BARE_KEY)
    async with client_for(served) as client:
        stream = await client.chat.completions.create(
            model="bare/tiny",
            messages=[{"role": "user", "content": "hi"}],
            max_tokens=400,  # 20 s of tokens
            stream=True,
        )
        received = 0
        async for _chunk in stream:
            received += 1
            if received == 3:
                break
        assert await asyncio.to_thread(bare.running_requests) == 1.0
        await stream.close()

    async def stopped() -> bool:
        return await asyncio.to_thread(bare.running_requests) == 0.0

    await wait_for(stopped, 5)


async def test_an_outage_is_a_502_naming_the_remote_then_it_recovers(
    served: Runtime, bare: BareEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(remote_status, "CHECK_DOWN_MAX_S", 1.0)  # a quick test, same logic
    await served.services.remotes.add("bare", bare.url, api_key=BARE_KEY)
    messages: Any = [{"role": "user", "content": "hi"}]
    bare.kill()
    try:
        async with client_for(served) as client:
            with pytest.raises(openai.APIStatusError) as down:
                await client.chat.completions.create(model="bare/tiny", messages=messages)
            assert down.value.status_code == 502
            assert down.value.code == "remotes.unreachable"
            assert "bare" in down.value.message and bare.url in down.value.message
            assert await states(served) == {"bare/tiny": "unreachable"}
            (remote,) = (await get_json(served, "/v1/health"))["remotes"]
            assert remote["status"] == "unreachable"
            assert remote["problem"]["params"]["reason"] == "connection refused"
            local = await client.completions.create(model="user.local", prompt="x", max_tokens=2)
            assert local.choices[0].text  # local traffic goes on
        events = Events(served.bus)  # from before the remote comes back
    finally:
        await asyncio.to_thread(bare.start)

    # Found by the background checks, no request needed: each check that changes what the
    # remote answers says so (RemotesChanged).
    while await states(served) != {"bare/tiny": "running"}:
        await events.next(RemotesChanged, within=20)
    async with client_for(served) as client:
        reply = await client.chat.completions.create(model="bare/tiny", messages=messages)
        assert reply.choices[0].message.content


async def test_a_request_finds_a_remote_that_came_back_before_the_next_check(
    served: Runtime, bare: BareEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    await served.services.remotes.add("bare", bare.url, api_key=BARE_KEY)
    # No background check comes in this test's time: only the request can find it back.
    monkeypatch.setattr(remote_status, "CHECK_DOWN_FIRST_S", 600.0)
    monkeypatch.setattr(remote_status, "CHECK_DOWN_MAX_S", 600.0)
    bare.kill()
    try:
        (view,) = [await served.services.remotes.check("bare")]
        assert view.reachable is False
    finally:
        await asyncio.to_thread(bare.start)
    await asyncio.sleep(remotes_module.RECHECK_ON_REQUEST_S)
    assert await states(served) == {"bare/tiny": "unreachable"}
    async with client_for(served) as client:
        reply = await client.chat.completions.create(
            model="bare/tiny", messages=[{"role": "user", "content": "hi"}], max_tokens=2
        )
        assert reply.choices[0].message.content == "Hello from"
    assert await states(served) == {"bare/tiny": "running"}


async def test_a_silent_remote_never_holds_up_local_traffic(
    served: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that accepts connections and never answers: every check of it waits for its
    timeout, on the same loop as the endpoint, and local requests are not slowed: they are
    all answered while the check still waits (not after it, as they would be if it held up
    the loop), whatever the machine's load."""
    monkeypatch.setattr(remote_probe, "PROBE_TIMEOUT_S", 5.0)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)  # the kernel completes handshakes; nothing ever reads
        url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        async with client_for(served) as client:
            await client.completions.create(model="user.local", prompt="x", max_tokens=2)
            adding = asyncio.create_task(served.services.remotes.add("silent", url, force=True))
            # The check has connected: its connection waits in the listener's queue.
            while not select.select([silent], [], [], 0)[0]:
                assert not adding.done()
                await asyncio.sleep(0.01)
            for _ in range(5):
                await client.completions.create(model="user.local", prompt="x", max_tokens=2)
            assert not adding.done()  # its check was still waiting meanwhile
            view = await adding
        assert view.reachable is False
        assert view.problem is not None and "no answer within 5 s" in view.problem.english()
        assert await states(served) == {}  # it never listed a model


@pytest.mark.timeout(120)
def test_a_remote_down_when_serve_starts_stays_listed_as_unreachable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 item 15: after a restart with the remote still down, its models vanished from
    the list and from /v1/models until it answered again."""
    engine = BareEngine(BARE_KEY)
    port = free_port()
    make_runtime(tmp_path, monkeypatch, models=("a",), settings={"proxy.port": port})
    remotes = {"remotes": [{"name": "bare", "url": engine.url, "api_key_env": "BARE_KEY"}]}
    (tmp_path / "home" / "remotes.json").write_text(json.dumps(remotes))
    env = {"HF_HUB_CACHE": str(tmp_path / "hub"), "BARE_KEY": BARE_KEY}

    def remote_states(serve: ServeProcess) -> dict[str, str]:
        cards = httpx.get(serve.url + "/v1/models", timeout=10).json()["data"]
        return {c["id"]: c["state"] for c in cards if c["remote"] is not None}

    serve = ServeProcess(tmp_path / "home", port, env)
    try:
        deadline = time.monotonic() + 30
        while remote_states(serve) != {"bare/tiny": "running"}:
            assert time.monotonic() < deadline, "the remote was never listed"
            time.sleep(0.1)
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])
        engine.kill()

    serve = ServeProcess(tmp_path / "home", port, env)  # the remote is down from the start
    try:
        assert remote_states(serve) == {"bare/tiny": "unreachable"}
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])
