"""A change stored by the CLI applies to the very next load of a running `vllm-tray serve`,
not only after its config poll (once a second): `options` then a request at once started
the model with the old arguments in two runs of three (a user-style test found it)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.models.registry import Registry
from app.core.paths import resolve_paths
from app.core.settings.settings import Settings
from tests.fakes.engine_runtime import fake_engine, make_model_folder
from tests.fakes.remote_servers import free_port
from tests.integration.test_setting_effects import ROOT, Serve

ROUNDS = 3


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    home = tmp_path / "home"
    paths = resolve_paths(home)
    Settings(paths.settings_file).set_many(
        {"engine.kind": "custom", "engine.custom_command": fake_engine(), "proxy.port": free_port()}
    )
    Registry(paths).add_user_model("a", str(make_model_folder(tmp_path / "a")))
    running = Serve(home, {"HF_HUB_CACHE": str(tmp_path / "hub")})
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_options_then_a_request_at_once_start_with_the_new_options(serve: Serve) -> None:
    chat = {"model": "user.a", "messages": [{"role": "user", "content": "hi"}]}
    with serve.client() as client:
        for tokens in range(3, 3 + ROUNDS):
            stored = subprocess.run(
                [
                    sys.executable, "-m", "app", "options", "user.a",
                    f"vllm_args=--fake-tokens {tokens}", "--config-dir", str(serve.home),
                ],
                cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
            )  # fmt: skip
            assert stored.returncode == 0, stored.stderr
            answer = client.post("/v1/chat/completions", json=chat)  # no wait in between
            assert answer.status_code == 200, answer.text
            assert answer.json()["usage"]["completion_tokens"] == tokens, serve.tail()
            unloaded = client.post("/api/v1/unload", json={"model_name": "user.a"})
            assert unloaded.status_code == 200, unloaded.text
