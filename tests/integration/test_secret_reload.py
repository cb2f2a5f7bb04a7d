"""A secret set from another process applies to a running `vllm-tray serve` (issue 19.4).

QA found `vllm-tray config set-secret api_key` ignored by a serve already running: its
endpoint kept the old key until a restart. The one config poller (app.runtime.control.watcher) now
reads the secrets again when their file changes, and the endpoint takes the new key.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fakes.remote_servers import free_port

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 60.0  # for what the machine does: generous on 2 loaded cores
# No desktop keyring in the children either: the secrets file of the test's config dir.
ENV = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def vllm_tray(home: Path, *argv: str, stdin: str | None = None) -> str:
    """`vllm-tray ARGV --config-dir HOME` in its own process, as typed in a terminal."""
    done = subprocess.run(
        [sys.executable, "-m", "app", *argv, "--config-dir", str(home)],
        env={**os.environ, **ENV},
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def status(url: str, key: str) -> int:
    answer = httpx.get(url + "/v1/models", headers={"Authorization": f"Bearer {key}"}, timeout=10)
    return answer.status_code


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    home = tmp_path / "cfg"
    vllm_tray(home, "config", "set-secret", "api_key", stdin="old-key\n")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--config-dir", str(home), "--port", str(port)],
        env={**os.environ, **ENV},
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + WAIT_S
        while True:
            assert proc.poll() is None, "serve exited at start"
            try:
                if httpx.get(url + "/live", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "serve never answered"
            time.sleep(0.05)
        yield home, url
    finally:
        proc.terminate()
        try:
            proc.wait(WAIT_S)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)


def test_a_key_set_from_another_process_applies_to_the_running_endpoint(
    serve: tuple[Path, str],
) -> None:
    home, url = serve
    assert status(url, "old-key") == 200
    assert status(url, "new-key") == 401

    vllm_tray(home, "config", "set-secret", "api_key", stdin="new-key\n")

    # The effect, not the clock: the poller's next round (a second) applies it.
    deadline = time.monotonic() + WAIT_S
    while status(url, "new-key") != 200:
        assert time.monotonic() < deadline, "the running serve never took the new key"
        time.sleep(0.05)
    assert status(url, "old-key") == 401
