"""`vllm-tray serve` as a user runs it (fake engine): a model given up on can be tried again
through the HTTP API and the CLI, and a broken hand edit never changes what the server does.

Issue 10 items 4 and 5, end to end: a real `serve` process, real HTTP requests, real
`vllm-tray options` / `config get` processes beside it.
"""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.core.models.registry import ModelOptions
from tests.fakes.engine_runtime import make_runtime
from tests.fakes.remote_servers import ServeProcess, run_cli
from tests.harness import internals

ROOT = Path(__file__).resolve().parents[2]
FAILING = "--fake-fail engine_dead"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve(ServeProcess):
    """`vllm-tray serve` in its own process; its stderr is kept for the assertions."""

    def __init__(self, home: Path, tmp_path: Path, port: int) -> None:
        self.home = home
        self.env = {"HF_HUB_CACHE": str(tmp_path / "hub")}
        super().__init__(home, port, self.env)

    def cli(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return run_cli(self.home, *argv, env=self.env)


@pytest.fixture
def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Serve]:
    port = free_port()
    rt = make_runtime(
        tmp_path,
        monkeypatch,
        settings={"models.ctx_size": 4096, "proxy.port": port},
    )
    # user.b's own flags start a failing fake engine: every start of it fails.
    internals(rt).registry.set_options("user.b", ModelOptions(vllm_args=FAILING))
    running = Serve(tmp_path / "home", tmp_path, port)
    try:
        yield running
    finally:
        assert running.stop() == 0, "".join(running.lines[-30:])


def complete(client: httpx.Client, model: str) -> httpx.Response:
    return client.post(
        "/v1/completions", json={"model": model, "prompt": "hi", "max_tokens": 2}, timeout=60
    )


def state_of(client: httpx.Client, model: str) -> dict[str, object]:
    models = client.get("/v1/health").json()["models"]
    return next((m for m in models if m["model_name"] == model), {"state": "stopped"})


def give_up_on_b(client: httpx.Client) -> None:
    """user.b fails to start until serve gives up on it."""
    for _ in range(3):
        assert complete(client, "user.b").status_code >= 500
    assert state_of(client, "user.b")["state"] == "fatal"


# What a serve logs when it polls a settings.json it cannot read (app.core.jsonstore).
BROKEN_SAID = "values read before stay in use"


def wait_for(check: object, what: str, within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.1)
    pytest.fail(f"timed out waiting for {what}")


def test_a_given_up_model_answers_at_once_and_an_explicit_load_tries_again(
    serve: Serve,
) -> None:
    with httpx.Client(base_url=serve.url) as client:
        give_up_on_b(client)
        started = time.monotonic()
        refused = complete(client, "user.b")
        # Timing is the behaviour: the refusal does not wait out a back-off.
        assert time.monotonic() - started < 2  # at once, not after a back-off
        assert refused.status_code == 503
        assert refused.json()["error"]["code"] == "load.given_up"
        # /api/v1/load is the user's explicit Load: it tries again (and fails again, for
        # real: the flags still fail), instead of repeating the refusal.
        again = client.post("/api/v1/load", json={"model_name": "user.b"}, timeout=60)
        assert again.status_code >= 500
        assert again.json()["error"]["code"] == "load.engine_dead"
        # /api/v1/unload clears it: stopped, not "success" while still given up.
        assert client.post("/api/v1/unload", json={"model_name": "user.b"}).status_code == 200
        assert state_of(client, "user.b")["state"] == "stopped"


def test_changing_a_given_up_models_options_from_the_cli_gives_it_a_fresh_try(
    serve: Serve,
) -> None:
    with httpx.Client(base_url=serve.url) as client:
        give_up_on_b(client)
        assert serve.cli("options", "user.b", "vllm_args=").returncode == 0
        # The running serve picks the edit up within a second; the next request is a fresh
        # try with the new options, and succeeds.
        deadline = time.monotonic() + 10
        while True:
            reply = complete(client, "user.b")
            if reply.status_code == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert reply.status_code == 200, reply.text


def test_a_half_written_settings_file_and_a_read_only_command_change_nothing(
    serve: Serve,
) -> None:
    settings = serve.home / "settings.json"
    good = settings.read_text()
    with httpx.Client(base_url=serve.url) as client:
        assert complete(client, "user.a").status_code == 200
        settings.write_text(good[: len(good) // 2])  # an editor's half-written save
        got = serve.cli("config", "get", "engine.kind")
        assert got.returncode == 0
        # A fresh process has no last good values: it says the file cannot be read and
        # answers with the defaults.
        assert "settings.json" in got.stderr
        assert got.stdout.strip() == "auto"
        assert settings.read_text() == good[: len(good) // 2]  # and left it alone
        assert not list(serve.home.glob("settings.json.*"))  # nothing moved aside
        # The running serve polls the file and says it keeps its values (once).
        wait_for(lambda: any(BROKEN_SAID in line for line in serve.lines), "the serve's poll")
        # The running server keeps its last good values: a new load still uses the custom
        # (fake) engine, where the defaults would have chosen the uninstalled CPU build.
        assert client.post("/api/v1/unload", json={"model_name": "user.a"}).status_code == 200
        assert complete(client, "user.a").status_code == 200
        settings.write_text(good)
        wait_for(lambda: complete(client, "user.a").status_code == 200, "serve to go on")
    assert any("settings.json" in line and BROKEN_SAID in line for line in serve.lines)
