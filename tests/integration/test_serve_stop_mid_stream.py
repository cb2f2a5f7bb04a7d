"""A stream in flight when `vllm-tray serve` is stopped (SIGTERM, Ctrl-C) ends with an error
event that says why, then vLLM's `data: [DONE]`, and a whole chunked body: a client sees an
answer cut short by the endpoint's stop, not a dropped connection or a short answer that looks
complete. Both while the answer streams and while the stream waits on the model's load
(comment lines began it). Before, the connection was cut after the grace without a word. An
answer that is not a stream, of which nothing went out yet, becomes a whole 503 that says why."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port, run_cli

GRACE_S = 2.0  # app.proxy.server.SHUTDOWN_GRACE_S: what a request in flight still gets
CHAT = {
    "model": "user.slow",
    "messages": [{"role": "user", "content": "a long story"}],
    "max_tokens": 400,
    "stream": True,
}


def serve_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *engine: str) -> ServeProcess:
    port = free_port()
    make_runtime(
        tmp_path,
        monkeypatch,
        models=("slow",),
        settings={"proxy.port": port, "engine.custom_command": fake_engine(*engine)},
    )
    home, env = tmp_path / "home", {"HF_HUB_CACHE": str(tmp_path / "hub")}
    done = run_cli(home, "config", "set", "proxy.sse_keepalive_s=1", env=env)
    assert done.returncode == 0, done.stderr
    return ServeProcess(home, port, env)


@pytest.fixture
def streaming(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServeProcess]:
    """400 tokens at 50 ms: 20 s of answer, far longer than the stop's grace."""
    serve = serve_with(tmp_path, monkeypatch, "--fake-tokens", "400", "--fake-token-delay", "0.05")
    try:
        yield serve
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


@pytest.fixture
def loading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServeProcess]:
    """A load of 30 s: the stop comes while the stream still waits for its first token."""
    serve = serve_with(tmp_path, monkeypatch, "--fake-start-delay", "30")
    try:
        yield serve
    finally:
        assert serve.stop() == 0, "".join(serve.lines[-30:])


def stream_until_stopped(serve: ServeProcess, stop_when: str) -> tuple[list[str], float]:
    """The stream's lines; SIGTERM to `serve` once a line starting with `stop_when` came.
    Also how long after the signal the stream ended. httpx raises if the chunked body is
    cut (RemoteProtocolError), so a return means the body ended properly."""
    lines: list[str] = []
    signalled: float | None = None
    with (
        httpx.Client(base_url=serve.url, timeout=httpx.Timeout(30)) as client,
        client.stream("POST", "/v1/chat/completions", json=CHAT) as r,
    ):
        assert r.status_code == 200
        for line in r.iter_lines():
            lines.append(line)
            if signalled is None and line.startswith(stop_when):
                serve.proc.send_signal(signal.SIGTERM)
                signalled = time.monotonic()
    assert signalled is not None, lines
    return lines, time.monotonic() - signalled


def wait_for(url: str, check: Callable[[Any], bool]) -> None:
    """Until what `url` answers passes `check` (the endpoint's own word that a request or a
    load is under way), at most 30 s; asked on a connection of its own."""
    deadline = time.monotonic() + 30
    while not check(answer := httpx.get(url, timeout=30).json()):
        assert time.monotonic() < deadline, answer
        time.sleep(0.05)


def assert_ended_for_the_stop(lines: list[str]) -> None:
    data = [line.removeprefix("data: ") for line in lines if line.startswith("data: ")]
    assert data[-1] == "[DONE]", lines[-5:]
    error = json.loads(data[-2])["error"]
    assert error["code"] == "proxy.stopping", error
    assert error["message"].startswith("The endpoint stopped before this answer was complete")


def test_a_stream_cut_by_the_stop_ends_with_an_event_that_says_why(
    streaming: ServeProcess,
) -> None:
    tokens = "data: {"
    lines, after_s = stream_until_stopped(streaming, tokens)
    assert_ended_for_the_stop(lines)
    # The grace was given (tokens kept coming in it), and not much more.
    assert GRACE_S - 0.5 <= after_s < GRACE_S + 8, after_s
    assert sum(line.startswith(tokens) for line in lines) > 5
    assert streaming.proc.wait(30) == 0
    assert any("vllm-tray: stopped" in line for line in streaming.lines)


def test_a_stream_waiting_on_the_load_ends_with_the_same_event(loading: ServeProcess) -> None:
    lines, after_s = stream_until_stopped(loading, ": keep-alive")
    assert_ended_for_the_stop(lines)
    assert not any(line.startswith('data: {"id"') for line in lines)
    assert after_s < GRACE_S + 8, after_s
    assert loading.proc.wait(30) == 0


def test_an_answer_not_yet_begun_becomes_a_503_that_says_why(streaming: ServeProcess) -> None:
    """20 s of tokens, not streamed: nothing of the answer goes out before the stop."""
    with httpx.Client(base_url=streaming.url, timeout=httpx.Timeout(30)) as client:
        warm = client.post("/v1/chat/completions", json={**CHAT, "max_tokens": 1, "stream": False})
        assert warm.status_code == 200, warm.text  # loaded: the next request is in the relay
        with ThreadPoolExecutor(1) as pool:
            asked = pool.submit(client.post, "/v1/chat/completions", json={**CHAT, "stream": False})
            stats = streaming.url + "/api/v1/stats"
            wait_for(stats, lambda s: s["models"]["user.slow"]["in_flight"] == 1)
            streaming.proc.send_signal(signal.SIGTERM)
            signalled = time.monotonic()
            r = asked.result(30)
    assert r.status_code == 503, r.text
    error = r.json()["error"]
    assert error["code"] == "proxy.stopping", error
    assert error["message"].startswith("The endpoint stopped before this answer was complete")
    # Timing is the behaviour: the stop grace bounds the shutdown.
    assert time.monotonic() - signalled < GRACE_S + 8
    assert streaming.proc.wait(30) == 0


def test_a_load_asked_for_by_api_ends_with_a_503_that_says_why(loading: ServeProcess) -> None:
    """POST /api/v1/load waits for a 30 s load: the stop answers it rather than dropping it."""
    with (
        httpx.Client(base_url=loading.url, timeout=httpx.Timeout(30)) as client,
        ThreadPoolExecutor(1) as pool,
    ):
        asked = pool.submit(client.post, "/api/v1/load", json={"model_name": "user.slow"})
        health = loading.url + "/v1/health"
        wait_for(health, lambda h: [m["state"] for m in h["models"]] == ["starting"])
        loading.proc.send_signal(signal.SIGTERM)
        r = asked.result(30)
    assert r.status_code == 503, r.text
    assert r.json()["error"]["code"] == "proxy.stopping"
    assert loading.proc.wait(30) == 0
