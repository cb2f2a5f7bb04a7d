"""End to end with the real engine: pull from a (fake) hub, `vllm-tray serve`, chat through the
endpoint with the official openai client and with `vllm-tray chat`, with no load step — then
SIGTERM leaves nothing behind.

Two engine starts in all (one per model): the hub-pulled model, and a local folder registered in
user_models.json. Each start is about 75 s on two cores.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import psutil
import pytest

from tests.fakes.fake_hub import FakeHub
from tests.real_engine.conftest import app_home

ROOT = Path(__file__).resolve().parents[2]
LOAD_TIMEOUT_S = 900


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    """`vllm-tray serve` as a subprocess; the test waits on its log lines, never on sleeps."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.lines: list[str] = []
        self._cond = threading.Condition()
        self.proc = subprocess.Popen(
            argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def stop(self, timeout: float) -> int:
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout)
        self._reader.join(10)
        assert self.proc.stderr is not None
        self.proc.stderr.close()
        return code

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            with self._cond:
                self.lines.append(line.rstrip("\n"))
                self._cond.notify_all()

    def wait_for(self, needle: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for line in self.lines:
                    if needle in line:
                        return line
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise AssertionError(f"never saw {needle!r}:\n" + "\n".join(self.lines[-40:]))
                self._cond.wait(min(left, 1.0))


def run_cli(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def our_processes(*markers: str) -> list[psutil.Process]:
    """The app, its watchdogs and vLLM children (api_server, EngineCore, Worker) still alive.

    A vLLM process renames itself (`VLLM::EngineCore`), and a CPU-build server runs as
    `python -m vllm_tray_spare …`, so its command line names none of this test's files; its
    environment still does (the app gives every child the test's HF cache), which keeps
    another vLLM on the same machine from being counted as ours.
    """
    found = []
    for proc in psutil.process_iter(["cmdline", "name"]):
        try:
            cmdline = " ".join(proc.info["cmdline"] or [])
            name = proc.info["name"] or ""
            renamed = name.startswith("VLLM::") or "vllm_tray_spare" in cmdline
            if any(m in cmdline for m in markers) or (renamed and _environ_mentions(proc, markers)):
                found.append(proc)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return [p for p in found if p.pid != os.getpid()]


def _environ_mentions(proc: psutil.Process, markers: tuple[str, ...]) -> bool:
    environ = proc.environ()
    return any(m in value for value in environ.values() for m in markers)


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    # The one shared CPU engine install and the shared compile caches.
    yield app_home(tmp_path / "home")


# Two engine starts: ~75 s each with a warm compile cache, ~135 s each on a new machine.
@pytest.mark.timeout(1200)
def test_pull_serve_chat_stream_and_clean_exit(
    home: Path, tmp_path: Path, tiny_model_dir: Path
) -> None:
    hub_root = tmp_path / "hub-repos"
    shutil.copytree(tiny_model_dir, hub_root / "test-org" / "tiny-llama")
    port = free_port()
    with FakeHub() as hub:
        url = hub.start(hub_root)
        env = {
            **os.environ,
            "HF_ENDPOINT": url,
            "HF_HUB_CACHE": str(tmp_path / "hf-cache"),
            "HF_HUB_DISABLE_TELEMETRY": "1",
            "VLLM_TRAY_HOME": str(home),
        }
        env.pop("HF_TOKEN", None)
        assert run_cli(env, "config", "set", "engine.kind=cpu").returncode == 0
        # Where `vllm-tray chat` looks for a running endpoint (serve gets --port too).
        assert run_cli(env, "config", "set", f"proxy.port={port}").returncode == 0

        pulled = run_cli(env, "pull", "user.tiny-hub", "--checkpoint", "test-org/tiny-llama")
        assert pulled.returncode == 0, pulled.stderr
        assert "user.tiny-hub downloaded" in pulled.stdout
        local = run_cli(env, "pull", "user.tiny-local", "--checkpoint", str(tiny_model_dir))
        assert local.returncode == 0, local.stderr
        assert "in place" in local.stdout

    # The tiny model is float32 and only knows 512 tokens of context.
    for model in ("user.tiny-hub", "user.tiny-local"):
        # Start fast (-O0, the worker in the engine core): what is tested here is pull, serve,
        # chat and a clean exit, and each start takes half as long (docs/throughput.md).
        opts = run_cli(
            env, "options", model, "ctx_size=512", "vllm_args=--dtype float32", "optimize=start"
        )
        assert opts.returncode == 0, opts.stderr
        assert "--max-model-len 512" in opts.stdout

    listed = run_cli(env, "models", "--json")
    assert '"user.tiny-hub"' in listed.stdout

    serve = Serve([sys.executable, "-m", "app", "serve", "--port", str(port)], env)
    try:
        serve.wait_for("serving on", 120)
        client = openai.OpenAI(
            base_url=f"http://127.0.0.1:{port}/v1", api_key="unused", timeout=LOAD_TIMEOUT_S
        )
        ids = {m.id for m in client.models.list().data}
        assert {"user.tiny-hub", "user.tiny-local"} <= ids

        # No load step: the first request loads the model.
        chat = client.chat.completions.create(
            model="user.tiny-hub",
            messages=[{"role": "user", "content": "Hello there"}],
            max_tokens=8,
            extra_body={"ignore_eos": True},
        )
        assert chat.model == "user.tiny-hub"
        assert chat.usage is not None and chat.usage.completion_tokens == 8
        serve.wait_for("user.tiny-hub: loading", 5)  # progress was reported on the way

        stream = client.chat.completions.create(
            model="user.tiny-hub",
            messages=[{"role": "user", "content": "Count"}],
            max_tokens=16,
            stream=True,
            extra_body={"ignore_eos": True},
        )
        chunks = [c for c in stream if c.choices and c.choices[0].delta.content]
        assert len(chunks) >= 2

        health = httpx.get(f"http://127.0.0.1:{port}/v1/health", timeout=10).json()
        loaded = {m["model_name"]: m for m in health["all_models_loaded"]}
        backend = loaded["user.tiny-hub"]["backend_url"]
        assert backend.startswith("http://127.0.0.1:")
        metrics = httpx.get(f"{backend}/metrics", timeout=10)
        assert metrics.status_code == 200 and "vllm:" in metrics.text

        # `vllm-tray chat` through the running serve: it loads the local model on send (the
        # real engine's load, with a progress line meanwhile) and streams the answer.
        chatted = run_cli(env, "chat", "user.tiny-local", "Hi", "--max-tokens", "4")
        assert chatted.returncode == 0, chatted.stderr
        assert "no endpoint was running" not in chatted.stderr  # serve's, found by its port
        assert "Loading user.tiny-local: starting Python and vLLM" in chatted.stderr
        stats = re.search(r"^(\d+) tokens, first token \d+\.\d\d s", chatted.stderr, re.M)
        assert stats is not None and 1 <= int(stats.group(1)) <= 4, chatted.stderr

        # A local folder from user_models.json, used in place.
        local_chat = client.chat.completions.create(
            model="user.tiny-local",
            messages=[{"role": "user", "content": "Hi"}],
            max_tokens=4,
            extra_body={"ignore_eos": True},
        )
        assert local_chat.usage is not None and local_chat.usage.completion_tokens == 4
        # No engine was kept ready (the tests' homes turn it off), yet each load's server
        # forked vLLM's own processes rather than have them import it again.
        logs = "".join(p.read_text(errors="replace") for p in home.rglob("*.log"))
        assert logs.count("its EngineCore will be forked from here") == 2, logs[-4000:]
    finally:
        code = serve.stop(120)
    assert code == 0, "\n".join(serve.lines[-40:])
    deadline = time.monotonic() + 10
    markers = (str(tmp_path), "user.tiny-hub", "user.tiny-local")
    while our_processes(*markers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert our_processes(*markers) == []
