"""Servers that play remotes in the tests: a bare fake vLLM engine run directly (with its own
VLLM_API_KEY), and a whole `vllm-tray serve` process, both on loopback."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from tests.fakes.engine_runtime import FAKE
from tests.pipes import close_when_read

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class BareEngine:
    """tests/fakes/fake_vllm.py as a user runs `vllm serve`: one model ("tiny"), a key."""

    def __init__(self, key: str, *, token_delay: float = 0.02, port: int | None = None) -> None:
        self.key = key
        self.token_delay = token_delay
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        """Start (again, on the same port) and wait until it answers /health."""
        argv = [sys.executable, str(FAKE), "--model", "/models/tiny", "--served-model-name"]
        argv += ["tiny", "--port", str(self.port), "--fake-token-delay", str(self.token_delay)]
        self.proc = subprocess.Popen(
            argv,
            env={**os.environ, "VLLM_API_KEY": self.key},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the fake engine exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the fake engine never answered /health")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def running_requests(self) -> float:
        """vllm:num_requests_running from its /metrics (which needs no key, as in vLLM)."""
        text = httpx.get(self.url + "/metrics", timeout=5).text
        line = next(x for x in text.splitlines() if x.startswith("vllm:num_requests_running"))
        return float(line.rsplit(" ", 1)[1])


class ServeProcess:
    """`vllm-tray serve --config-dir HOME` in its own process (its config written before)."""

    def __init__(self, home: Path, port: int, env: dict[str, str], *extra: str) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.lines: list[str] = []
        full = {**os.environ, **env}
        full.pop("VLLM_TRAY_HOME", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--config-dir", str(home), *extra],
            env=full,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._ready = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(60):
            self.stop()
            raise RuntimeError("serve never started:\n" + "".join(self.lines[-20:]))

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line)
            if "serving on" in line:
                self._ready.set()

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(10)
            close_when_read(self.proc.stderr, self._reader)


def run_cli(
    home: Path, *argv: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`vllm-tray ARGV --config-dir HOME` as a user types it."""
    full = {**os.environ, **(env or {})}
    full.pop("VLLM_TRAY_HOME", None)
    return subprocess.run(
        [sys.executable, "-m", "app", *argv, "--config-dir", str(home)],
        env=full,
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
