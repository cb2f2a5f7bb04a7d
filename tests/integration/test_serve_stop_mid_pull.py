"""A download's progress stream (POST /api/v1/pull) still open when `vllm-tray serve` is
stopped ends with an "error" event that says why and a proper end of its body, as a relayed
stream does (tests/integration/test_serve_stop_mid_stream.py): not a dropped connection."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.fake_hub import FakeHub
from tests.fakes.remote_servers import ServeProcess, free_port

GRACE_S = 2.0  # app.proxy.server.SHUTDOWN_GRACE_S


@pytest.fixture
def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hub: FakeHub) -> Iterator[ServeProcess]:
    hub.hold_after = 1 << 20  # then silence, the connection open: the pull never ends
    port = free_port()
    make_runtime(
        tmp_path,
        monkeypatch,
        models=(),
        settings={"proxy.port": port, "engine.custom_command": fake_engine()},
    )
    env = {"HF_ENDPOINT": hub.url, "HF_HUB_OFFLINE": "0", "HF_HUB_CACHE": str(tmp_path / "hub")}
    running = ServeProcess(tmp_path / "home", port, env)
    try:
        yield running
    finally:
        hub.release.set()
        assert running.stop() == 0, "".join(running.lines[-30:])


def test_a_pull_stream_cut_by_the_stop_ends_with_an_event_that_says_why(
    serve: ServeProcess, hub: FakeHub
) -> None:
    events: list[tuple[str, dict[str, object]]] = []
    event = ""
    signalled: float | None = None
    body = {"model_name": "user.tiny", "checkpoint": "org/tiny", "stream": True}
    with (
        httpx.Client(base_url=serve.url, timeout=httpx.Timeout(30)) as client,
        client.stream("POST", "/api/v1/pull", json=body) as r,
    ):
        assert r.status_code == 200
        for line in r.iter_lines():  # httpx raises if the chunked body is cut
            if line.startswith("event: "):
                event = line.removeprefix("event: ")
            elif line.startswith("data: "):
                events.append((event, json.loads(line.removeprefix("data: "))))
                if signalled is None and event == "progress" and hub.total_served() > 0:
                    serve.proc.send_signal(signal.SIGTERM)
                    signalled = time.monotonic()
    assert signalled is not None, events
    name, last = events[-1]
    assert name == "error", events[-3:]
    error = last["error"]
    assert isinstance(error, dict) and error["code"] == "proxy.stopping", last
    assert str(error["message"]).startswith("The endpoint stopped before")
    assert last["model_name"] == "user.tiny"
    # Timing is the behaviour: the stop grace bounds the shutdown.
    assert time.monotonic() - signalled < GRACE_S + 8
    assert serve.proc.wait(30) == 0
