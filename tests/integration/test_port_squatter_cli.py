"""A program squatting on the configured port while the app is not running (issue 31 item 2):
`vllm-tray chat`, `batch run`, `bench` and `tune` send it neither the endpoint's key nor a
prompt, and say in one sentence which program holds the port. A real `vllm-tray serve` of the
configuration, with a key, is still found and used."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from tests.fakes.engine_runtime import fake_engine, make_model_folder
from tests.fakes.port_squatter import PortSquatter
from tests.fakes.remote_servers import ServeProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
KEY = "sk-the-endpoints-key"
PROMPT = "the-users-private-prompt"


def cli(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "VLLM_TRAY_HOME": str(home),
        "HF_HUB_CACHE": str(home / "hub"),
        "VLLM_TRAY_API_KEY": KEY,
    }
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def configure(home: Path, tmp_path: Path, port: int) -> None:
    settings = (
        "engine.kind=custom",
        f"engine.custom_command={fake_engine()}",
        f"proxy.port={port}",
    )
    assert cli(home, "config", "set", *settings).returncode == 0
    model = make_model_folder(tmp_path / "a")
    assert cli(home, "pull", "user.a", "--checkpoint", str(model)).returncode == 0


def commands(tmp_path: Path) -> dict[str, list[str]]:
    source = tmp_path / "in.jsonl"
    line = {
        "custom_id": "1",
        "method": "POST",
        "url": "/v1/chat/completions",
        "body": {"model": "user.a", "messages": [{"role": "user", "content": PROMPT}]},
    }
    source.write_text(json.dumps(line) + "\n")
    return {
        "chat": ["chat", "user.a", PROMPT],
        "batch run": ["batch", "run", str(source), "--out", str(tmp_path / "out.jsonl")],
        "bench": ["bench", "user.a", "--requests", "2", "--generator", "built-in"],
        "tune": ["tune", "user.a"],
    }


@pytest.mark.parametrize("command", ["chat", "batch run", "bench", "tune"])
def test_a_squatter_on_the_port_gets_no_key_no_prompt_and_is_named(
    tmp_path: Path, command: str
) -> None:
    home, port = tmp_path / "home", free_port()
    configure(home, tmp_path, port)  # `config set` refuses a port already taken
    with PortSquatter(port) as squatter:
        done = cli(home, *commands(tmp_path)[command])
    assert done.returncode != 0, done.stderr
    assert squatter.seen, "the squatter was asked who it is"
    assert squatter.authorizations() == []
    assert not any(PROMPT.encode() in seen.body or PROMPT in seen.path for seen in squatter.seen)
    assert all(seen.method == "GET" for seen in squatter.seen)
    assert "SQUATTED" not in done.stdout
    name = psutil.Process().name()  # the squatter is a thread of this test's process
    assert done.stderr == (
        f"vllm-tray: Another program ({name}, pid {os.getpid()}) holds port {squatter.port}, "
        "where this configuration's vLLM Tray endpoint should answer, and could not prove it is "
        "that app, so neither the API key nor a prompt was sent to it.\n"
    )
    assert not (tmp_path / "out.jsonl").exists()


def test_the_running_serve_of_this_configuration_is_found_and_used(tmp_path: Path) -> None:
    home, port = tmp_path / "home", free_port()
    configure(home, tmp_path, port)
    secret_file = home / "cache" / "run" / "endpoint.secret"
    server = ServeProcess(home, port, {"HF_HUB_CACHE": str(home / "hub"), "VLLM_TRAY_API_KEY": KEY})
    try:
        assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
        done = cli(home, "chat", "user.a", "hi", "--max-tokens", "3")
    finally:
        assert server.stop() == 0, "".join(server.lines[-30:])
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Hello from the\n"
    assert "started one" not in done.stderr
    assert not secret_file.exists()
