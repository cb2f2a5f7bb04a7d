"""The relay under faults: the child's key, a hung or stalling child, the child's own error
shapes, long answers, the body budget, and the Host and key checks at the door."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import httpx
import pytest

from app.core.contracts import Backend
from app.core.states import ProcessState
from app.proxy.limits import MIB, ProxyLimits
from app.proxy.memory import KEEP_UNTIL_ANSWERED_BYTES, RETRY_WINDOW_S, BodyBudget
from app.proxy.openai_routes import backend_card
from tests.unit.proxy.test_connections import Raw, envelope, port_of, until
from tests.unit.proxy.test_server import Proxy, error_of, running_proxy

# ---- the child's own key ---------------------------------------------------------------------


async def test_the_relay_sends_the_childs_key_never_the_clients() -> None:
    async with running_proxy(api_key="endpoint-key") as p:
        p.upstream.key = "child-key"
        auth = {"Authorization": "Bearer endpoint-key"}
        r = await p.client.post("/v1/chat/completions", json={"model": "keyed"}, headers=auth)
        assert r.status_code == 200
        seen = {k.lower(): v for k, v in p.upstream.seen[-1].headers.items()}
        assert seen["authorization"] == "Bearer child-key"
        assert "endpoint-key" not in json.dumps(seen)


async def test_a_child_that_refuses_the_key_is_a_502_not_the_clients_401() -> None:
    async with running_proxy() as p:
        p.upstream.key = "child-key"
        r = await p.client.post("/v1/chat/completions", json={"model": "tiny"})  # no key given
        assert r.status_code == 502
        err = error_of(r)
        assert err["code"] == "proxy.upstream_refused_key"
        assert "tiny" in err["message"]


def test_health_card_shows_the_backend_but_never_its_key() -> None:
    backend = Backend(
        model_id="m",
        served_name="m",
        base_url="http://127.0.0.1:5000",
        pid=1,
        command=("vllm", "serve", "--api-key", "sekret", "--x=sekret-2", "--api-key=sekret"),
        ctx_size=1,
        state=ProcessState.RUNNING,
        api_key="sekret",
    )
    card = backend_card(backend)
    assert card["backend_url"] == "http://127.0.0.1:5000"
    assert card["metrics_url"] == "http://127.0.0.1:5000/metrics"
    assert "sekret" not in json.dumps(card)
    assert "sekret" not in repr(replace(backend, command=()))


# ---- the child's own error shapes --------------------------------------------------------------

VALIDATION = json.dumps(
    {"detail": [{"type": "missing", "loc": ["body", "messages"], "msg": "Field required"}]}
)


@pytest.mark.parametrize(
    ("path", "status", "text", "content_type", "want_status", "code", "words", "param"),
    [
        ("/v1/embeddings", 404, '{"detail": "Not Found"}', "application/json", 404,
         "proxy.upstream_no_route", ["tiny", "/v1/embeddings"], None),
        ("/v1/chat/completions", 500, "Internal Server Error", "text/plain", 500,
         "proxy.upstream_error", ["tiny", "500", "Internal Server Error"], None),
        ("/v1/chat/completions", 422, VALIDATION, "application/json", 422,
         "proxy.upstream_error", ["tiny", "messages: Field required"], "messages"),
        ("/v1/chat/completions", 405, '{"detail": "Method Not Allowed"}', "application/json",
         405, "proxy.upstream_error", ["tiny", "Method Not Allowed"], None),
        ("/v1/chat/completions", 503, "", "text/plain", 503, "proxy.upstream_error",
         ["tiny", "Service Unavailable"], None),
    ],
)  # fmt: skip
async def test_the_childs_own_error_shapes_become_envelopes(  # noqa: PLR0917 (the table's columns)
    proxy: Proxy,
    path: str,
    status: int,
    text: str,
    content_type: str,
    want_status: int,
    code: str,
    words: list[str],
    param: str | None,
) -> None:
    spec = {"status": status, "text": text, "content_type": content_type}
    r = await proxy.client.post(path, json={"model": "tiny", "raw_error": spec})
    assert r.status_code == want_status
    err = error_of(r)
    assert err["code"] == code
    for word in words:
        assert word in err["message"]
    assert err["param"] == param


@pytest.fixture
async def proxy() -> Any:
    async with running_proxy() as p:
        yield p


# ---- hung and stalling children ----------------------------------------------------------------


async def test_a_child_that_never_answers_is_a_504_after_the_first_byte_timeout() -> None:
    limits = ProxyLimits(upstream_first_byte_timeout_s=0.5)
    async with running_proxy(limits=limits) as p:
        started = time.monotonic()
        r = await p.client.post("/v1/chat/completions", json={"model": "tiny", "hang": True})
        # Timing is the behaviour: the first-byte timeout (0.5 s) ends it.
        assert 0.4 < time.monotonic() - started < 2.0
        assert r.status_code == 504
        err = error_of(r)
        assert err["code"] == "proxy.upstream_timeout"
        assert "proxy.upstream_first_byte_timeout_s" in err["message"]
        assert p.controller.in_flight["tiny"] == 0


async def test_a_stream_that_stalls_ends_with_an_error_event_and_a_proper_end() -> None:
    limits = ProxyLimits(upstream_idle_timeout_s=0.5)
    async with running_proxy(limits=limits) as p:
        body = {"model": "tiny", "stream": True, "max_tokens": 5, "stall_after": 2}
        started = time.monotonic()
        # httpx reads to the terminating chunk: it fails on a stream that ends improperly.
        r = await p.client.post("/v1/chat/completions", json=body)
        # Timing is the behaviour: the idle timeout (0.5 s) ends the stalled stream.
        assert time.monotonic() - started < 2.5
        events = [e for e in r.text.split("\n\n") if e]
        assert events[:2] == ['data: {"i": 0}', 'data: {"i": 1}']
        last = json.loads(events[-1].removeprefix("data: "))
        assert last["error"]["code"] == "proxy.upstream_timeout"
        assert "stopped sending" in last["error"]["message"]
        assert p.controller.in_flight["tiny"] == 0
        # The child's connection was dropped, which cancelled its handler.
        await until(lambda: p.upstream.running == 0)


async def test_a_slow_but_moving_stream_is_never_cut() -> None:
    limits = ProxyLimits(upstream_first_byte_timeout_s=0.5, upstream_idle_timeout_s=0.5)
    async with running_proxy(limits=limits) as p:
        p.upstream.token_delay = 0.3  # the whole stream takes 2.4 s, each gap 0.3 s
        body = {"model": "tiny", "stream": True, "max_tokens": 8}
        r = await p.client.post("/v1/chat/completions", json=body)
        assert r.text.endswith("data: [DONE]\n\n")
        assert "error" not in r.text


# ---- long answers --------------------------------------------------------------------------------


async def test_a_long_answer_with_a_length_is_relayed_as_it_comes() -> None:
    async with running_proxy(limits=ProxyLimits(buffered_answer_bytes=64 * 1024)) as p:
        r = await p.client.post("/v1/embeddings", json={"model": "tiny", "big_answer": 3 * MIB})
        assert r.status_code == 200
        assert r.headers["content-length"] == str(3 * MIB)
        assert r.content == b"x" * (3 * MIB)


async def test_a_long_answer_cut_short_is_seen_as_incomplete() -> None:
    async with running_proxy(limits=ProxyLimits(buffered_answer_bytes=100)) as p:
        with pytest.raises(httpx.RemoteProtocolError):
            await p.client.post("/v1/chat/completions", json={"model": "tiny", "truncate": True})
        assert (await p.client.get("/live")).status_code == 200


# ---- the body budget ---------------------------------------------------------------------------


async def test_budget_grants_first_come_first_served_and_times_out() -> None:
    budget = BodyBudget(100)
    await budget.acquire(60, 1)
    big = asyncio.create_task(budget.acquire(80, 1))
    await until(lambda: budget.waiting == 1)
    small = asyncio.create_task(budget.acquire(10, 1))
    await until(lambda: budget.waiting == 2)  # queued behind the big one, not granted
    assert not small.done() and budget.used == 60  # it would fit, but the big one came first
    budget.release(60)
    await big
    await small
    assert budget.used == 90
    with pytest.raises(TimeoutError):
        await budget.acquire(20, 0.05)
    assert budget.used == 90 and budget.waiting == 0
    waiter = asyncio.create_task(budget.acquire(50, 5))
    await until(lambda: budget.waiting == 1)  # it waits; then its caller gives up
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    budget.release(90)
    assert budget.used == 0 and budget.waiting == 0
    with pytest.raises(ValueError):
        await budget.acquire(101, 1)


def chat_body(size: int) -> bytes:
    body = json.dumps({"model": "tiny", "pad": ""}).encode()
    return body[:-2] + b"x" * (size - len(body)) + b'"}'


async def test_over_the_body_budget_a_request_waits_then_gets_503() -> None:
    limits = ProxyLimits(
        max_body_bytes=MIB, body_budget_bytes=MIB + MIB // 2, body_budget_wait_s=0.3
    )
    async with running_proxy(limits=limits) as p:
        held = chat_body(MIB)
        slow = await Raw.connect(p)  # holds 1 MiB of budget while its body dribbles
        await slow.send(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Length: %d\r\n\r\n" % len(held) + held[: MIB // 2]
        )
        await until(lambda: p.server.body_bytes_held == MIB)  # the first half is in
        r = await p.client.post("/v1/chat/completions", content=chat_body(MIB))
        assert r.status_code == 503
        assert r.headers["retry-after"] == "1"
        err = error_of(r)
        assert err["code"] == "proxy.busy"
        # Waiting, then served as soon as the other body moves on.
        later = asyncio.create_task(
            p.client.post("/v1/chat/completions", content=chat_body(MIB // 4))
        )
        await asyncio.sleep(0.1)
        await slow.send(held[MIB // 2 :])
        line, _, _ = await slow.response()
        assert line.startswith("HTTP/1.1 200")
        assert (await later).status_code == 200
        slow.close()
        await until(lambda: p.server.body_bytes_held == 0)  # once the bodies reached the child


async def test_a_large_body_is_let_go_soon_after_the_child_has_it() -> None:
    """Not held while a long answer is generated (bodies.RETRY_WINDOW_S after sending)."""
    limits = ProxyLimits(upstream_first_byte_timeout_s=3)
    padding = "x" * (KEEP_UNTIL_ANSWERED_BYTES + 1)
    async with running_proxy(limits=limits) as p:
        pending = asyncio.create_task(
            p.client.post(
                "/v1/chat/completions", json={"model": "tiny", "hang": True, "pad": padding}
            )
        )
        await until(lambda: p.server.body_bytes_held > KEEP_UNTIL_ANSWERED_BYTES)
        # Let go RETRY_WINDOW_S after the child has it, long before the child answers (a 504
        # after 3 s here).
        await until(lambda: p.server.body_bytes_held == 0, within_s=RETRY_WINDOW_S + 1.5)
        assert not pending.done()
        assert (await pending).status_code == 504


async def test_a_small_body_is_kept_until_the_child_answers() -> None:
    """So that it can go to the replacement if the child dies first (a hung engine killed)."""
    limits = ProxyLimits(upstream_first_byte_timeout_s=3)
    async with running_proxy(limits=limits) as p:
        pending = asyncio.create_task(
            p.client.post("/v1/chat/completions", json={"model": "tiny", "hang": True})
        )
        await until(lambda: len(p.upstream.seen) == 1)  # the child has it, and says nothing
        assert 0 < p.server.body_bytes_held <= KEEP_UNTIL_ANSWERED_BYTES
        assert not pending.done()
        assert (await pending).status_code == 504
        assert p.server.body_bytes_held == 0


# ---- at the door: Host, absolute targets, the key ----------------------------------------------


@pytest.mark.parametrize(
    ("request_line", "host", "status", "code"),
    [
        (b"GET /v1/models HTTP/1.1", b"localhost:8321@evil.example", 400, "proxy.bad_host"),
        (b"GET /v1/models HTTP/1.1", b"localhost/evil", 400, "proxy.bad_host"),
        (b"GET /v1/models HTTP/1.1", b"localhost evil", 400, "proxy.bad_host"),
        (b"GET /v1/models HTTP/1.1", b"%6cocalhost", 400, "proxy.bad_host"),
        (b"GET /v1/models HTTP/1.1", b"", 400, "proxy.bad_host"),
        (b"GET http://evil.example/v1/models HTTP/1.1", b"localhost", 403, "proxy.forbidden_host"),
        (b"GET http://localhost@evil.example/v1/models HTTP/1.1", b"localhost", 400,
         "proxy.bad_host"),
        (b"GET http://user@localhost/v1/models HTTP/1.1", b"localhost", 400, "proxy.bad_host"),
        (b"GET ftp://localhost/v1/models HTTP/1.1", b"localhost", 400, "proxy.bad_host"),
        (b"GET http://localhost:1/v1/models HTTP/1.1", b"evil.example", 403,
         "proxy.forbidden_host"),
    ],
)  # fmt: skip
async def test_host_and_absolute_targets_are_checked(
    proxy: Proxy, request_line: bytes, host: bytes, status: int, code: str
) -> None:
    raw = await Raw.connect(proxy)
    await raw.send(request_line + b"\r\nHost: " + host + b"\r\n\r\n")
    line, _, body = await raw.response()
    assert line.startswith(f"HTTP/1.1 {status}"), (line, body)
    assert envelope(body)["code"] == code
    raw.close()


async def test_an_absolute_target_naming_this_endpoint_is_served(proxy: Proxy) -> None:
    raw = await Raw.connect(proxy)
    target = b"http://127.0.0.1:%d/v1/models" % port_of(proxy)
    await raw.send(b"GET " + target + b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
    line, _, body = await raw.response()
    assert line.startswith("HTTP/1.1 200")
    assert json.loads(body)["object"] == "list"
    raw.close()


@pytest.mark.parametrize(
    "value", [b"Bearer \xff\xfe\xfd", "Bearer ☃".encode(), b"\xc3\x28", b"Bearer s3cret\xff"]
)
async def test_a_non_ascii_authorization_is_a_401(value: bytes) -> None:
    async with running_proxy(api_key="s3cret") as p:
        raw = await Raw.connect(p)
        await raw.send(
            b"GET /v1/models HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + value + b"\r\n\r\n"
        )
        line, headers, body = await raw.response()
        assert line.startswith("HTTP/1.1 401")
        assert headers["www-authenticate"] == "Bearer"
        assert envelope(body)["code"] == "proxy.unauthorized"
        raw.close()


async def test_a_child_killed_a_moment_ago_gets_the_request_after_its_restart() -> None:
    """Connection refused means nothing was sent: the controller is asked once more (in the
    app it has noticed the exit by then and waits for the restart)."""
    async with running_proxy() as p:
        await p.controller.load("tiny")
        alive = p.controller.running["tiny"]
        p.controller.running["tiny"] = replace(alive, base_url="http://127.0.0.1:9")
        real_use = p.controller.use

        @asynccontextmanager
        async def use(model_id: str) -> AsyncIterator[Backend]:
            async with real_use(model_id) as backend:
                p.controller.running["tiny"] = alive  # "restarted" after the first attempt
                yield backend

        p.controller.use = use  # type: ignore[method-assign]
        r = await p.client.post("/v1/chat/completions", json={"model": "tiny"})
        assert r.status_code == 200
        assert len(p.upstream.seen) == 1
        assert p.controller.in_flight["tiny"] == 0
