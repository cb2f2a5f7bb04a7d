"""Clients survive a long wait for the first token (issue 23 item 4), in `vllm-tray serve` as a
user runs it: a streaming client whose read timeout is shorter than the model's load gets
SSE comment lines every proxy.sse_keepalive_s (set with `vllm-tray config set`) until the
first token, sees the load's progress in /v1/health meanwhile, and a client that asks for no
comment lines times out as it would without them."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port, run_cli

START_S = 6.0  # the fake engine's start: the first token comes after it
READ_TIMEOUT_S = 2.5  # the client's: shorter than the start
CHAT = {
    "model": "user.slow",
    "messages": [{"role": "user", "content": "hi"}],
    "max_tokens": 4,
    "stream": True,
}


@pytest.fixture
def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServeProcess]:
    port = free_port()
    engine = fake_engine("--fake-start-delay", str(START_S))
    make_runtime(
        tmp_path,
        monkeypatch,
        models=("slow",),
        settings={"proxy.port": port, "engine.custom_command": engine, "models.ctx_size": 4096},
    )
    home, env = tmp_path / "home", {"HF_HUB_CACHE": str(tmp_path / "hub")}
    done = run_cli(home, "config", "set", "proxy.sse_keepalive_s=1", env=env)
    assert done.returncode == 0, done.stderr
    running = ServeProcess(home, port, env)
    try:
        yield running
    finally:
        assert running.stop() == 0, "".join(running.lines[-30:])


def watch_health(url: str, seen: list[dict[str, object]], stop: threading.Event) -> None:
    """What /v1/health says about the loading model, twice a second."""
    with httpx.Client(base_url=url, timeout=5) as client:
        while not stop.is_set():
            models = client.get("/v1/health").json()["models"]
            seen.extend(m for m in models if m["model_name"] == "user.slow" and m.get("load"))
            stop.wait(0.5)


def test_a_client_with_a_short_read_timeout_survives_the_load(serve: ServeProcess) -> None:
    health: list[dict[str, object]] = []
    stop = threading.Event()
    watcher = threading.Thread(target=watch_health, args=(serve.url, health, stop))
    watcher.start()
    lines: list[tuple[float, str]] = []
    started = time.monotonic()
    timeout = httpx.Timeout(30, read=READ_TIMEOUT_S)
    try:
        with (
            httpx.Client(base_url=serve.url, timeout=timeout) as client,
            client.stream("POST", "/v1/chat/completions", json=CHAT) as r,
        ):
            assert r.status_code == 200
            for line in r.iter_lines():
                if line:
                    lines.append((time.monotonic() - started, line))
    finally:
        stop.set()
        watcher.join()
    comments = [at for at, line in lines if line == ": keep-alive"]
    data = [line for _, line in lines if line.startswith("data: ")]
    first_token_at = next(at for at, line in lines if line.startswith("data: "))
    assert first_token_at > START_S - 1  # the wait was real, and longer than the timeout
    assert len(comments) >= int(START_S) - 2  # about one a second, as the setting says
    assert all(at < first_token_at for at in comments)  # only before the first token
    assert data[-1] == "data: [DONE]"
    assert "Hello" in "".join(data)
    # The load's progress was visible meanwhile.
    loads = [m["load"] for m in health]
    assert loads, "/v1/health never showed the load"
    assert all(isinstance(load, dict) and 0 <= load["fraction"] <= 1 for load in loads)
    assert {m["state"] for m in health} == {"starting"}


def test_a_client_that_asks_for_no_comment_lines_gets_none(serve: ServeProcess) -> None:
    timeout = httpx.Timeout(30, read=READ_TIMEOUT_S)
    headers = {"X-SSE-Keepalive": "off"}
    with (
        httpx.Client(base_url=serve.url, timeout=timeout) as client,
        pytest.raises(httpx.ReadTimeout),
        client.stream("POST", "/v1/chat/completions", json=CHAT, headers=headers) as r,
    ):
        list(r.iter_lines())
