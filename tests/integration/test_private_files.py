"""What users send stays theirs (issue 18 item 5): every file the app creates is 0600 and every
folder 0700 — through `vllm-tray serve` (a model start on the fake engine, a chat, a batch
upload and its run) and the CLI, each started with the common 022 umask — while what it
writes into the Hugging Face cache it shares with other tools keeps the user's own modes."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import httpx
import openai
import pytest

from tests.fakes.engine_runtime import fake_engine, make_model_folder
from tests.fakes.fake_hub import FakeHub
from tests.fakes.remote_servers import free_port

ROOT = Path(__file__).resolve().parents[2]
USERS_UMASK = 0o022  # what most desktops start programs with: files 0644, folders 0755


def vllm_tray(
    home: Path, *argv: str, env: Mapping[str, str], stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`vllm-tray ARGV --config-dir HOME`, started with the user's usual umask."""
    return subprocess.run(
        [sys.executable, "-m", "app", *argv, "--config-dir", str(home)],
        env={**os.environ, **env},
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        umask=USERS_UMASK,
    )


def modes(root: Path) -> dict[str, str]:
    """Every folder and file under `root` (itself included) with its mode, as `ls` shows it."""
    found = {".": oct(stat.S_IMODE(root.stat().st_mode))}
    for path in sorted(root.rglob("*")):
        if not path.is_symlink():
            found[str(path.relative_to(root))] = oct(stat.S_IMODE(path.lstat().st_mode))
    return found


def not_private(root: Path) -> dict[str, str]:
    private = {True: oct(0o700), False: oct(0o600)}
    return {
        name: mode for name, mode in modes(root).items() if mode != private[(root / name).is_dir()]
    }


class Serve:
    """`vllm-tray serve` in its own process, started with the user's usual umask."""

    def __init__(self, home: Path, env: Mapping[str, str], port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--config-dir", str(home)],
            env={**os.environ, **env},
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            umask=USERS_UMASK,
        )
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, "serve exited at start"
            try:
                if httpx.get(self.url + "/live", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "serve never answered"
            time.sleep(0.05)

    def stop(self) -> None:
        self.proc.terminate()
        assert self.proc.wait(60) == 0


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "HF_HUB_CACHE": str(tmp_path / "hub"),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",  # the secrets file
    }


def run_a_batch(url: str, tmp_path: Path) -> None:
    source = tmp_path / "requests.jsonl"
    source.write_text(
        "".join(
            json.dumps(
                {
                    "custom_id": f"req-{i}",
                    "method": "POST",
                    "url": "/v1/chat/completions",
                    "body": {
                        "model": "user.tiny",
                        "messages": [{"role": "user", "content": "what stays mine?"}],
                        "max_tokens": 2,
                    },
                }
            )
            + "\n"
            for i in range(3)
        )
    )
    with openai.OpenAI(base_url=url + "/v1", api_key="unused", max_retries=0) as client:
        uploaded = client.files.create(file=source, purpose="batch")
        batch = client.batches.create(
            input_file_id=uploaded.id, endpoint="/v1/chat/completions", completion_window="24h"
        )
        deadline = time.monotonic() + 60
        while batch.status not in ("completed", "failed"):
            assert time.monotonic() < deadline, batch
            time.sleep(0.1)
            batch = client.batches.retrieve(batch.id)
        assert batch.status == "completed", batch.errors
        assert batch.output_file_id is not None
        assert "req-2" in client.files.content(batch.output_file_id).text


def test_files_the_app_creates_are_the_users_alone(tmp_path: Path, env: dict[str, str]) -> None:
    home = tmp_path / "home"
    model = make_model_folder(tmp_path / "tiny")
    port = free_port()
    # An older version left its log folder open to everyone, with a log in it.
    old_logs = home / "cache" / "logs"
    old_logs.mkdir(parents=True, mode=0o755)
    old_logs.chmod(0o755)
    (old_logs / "user.old.log").write_text("a prompt from last year\n")

    for argv, stdin in (
        (["config", "set", "engine.kind=custom", f"engine.custom_command={fake_engine()}"], None),
        (["config", "set", f"proxy.port={port}", "models.ctx_size=4096"], None),
        (["pull", "user.tiny", "--checkpoint", str(model)], None),
        (["options", "user.tiny", "vllm_args=--fake-tokens 4"], None),
        (["config", "set-secret", "hf_token"], "hf_" + "Secret1" * 5 + "\n"),
        (["remote", "add", "office", "http://127.0.0.1:9", "--force"], None),
    ):
        done = vllm_tray(home, *argv, env=env, stdin=stdin)
        assert done.returncode == 0, (argv, done.stderr)

    serve = Serve(home, env, port)
    try:
        with httpx.Client(base_url=serve.url, timeout=60) as client:
            chat = {"model": "user.tiny", "messages": [{"role": "user", "content": "hi"}]}
            assert client.post("/v1/chat/completions", json=chat).status_code == 200
        run_a_batch(serve.url, tmp_path)
    finally:
        serve.stop()

    found = modes(home)
    # What the issue found open: the batch input and output, the children's logs.
    assert any(name.startswith("batches/") for name in found), found
    assert "cache/logs/user.tiny.log" in found, found
    assert "secrets.json" in found, found
    assert not_private(home) == {"cache/logs/user.old.log": oct(0o644)}
    # ... and that old file is out of reach: its folder is the user's alone now.
    assert found["cache/logs"] == oct(0o700)


def test_the_hugging_face_cache_keeps_the_users_own_modes(
    hf_cache: Path, hub: FakeHub, tmp_path: Path
) -> None:
    """The cache is shared with other tools (and may be with other accounts): what the app
    downloads there gets the modes `hf download` would give it, its own files stay private."""
    home = tmp_path / "home"
    env = {"HF_ENDPOINT": hub.url, "HF_HUB_OFFLINE": "0", "HF_HUB_CACHE": str(hf_cache)}
    done = vllm_tray(home, "pull", "user.tiny", "--checkpoint", "org/tiny", env=env)
    assert done.returncode == 0, done.stderr
    repo = hf_cache / "models--org--tiny"
    shared = {True: oct(0o755), False: oct(0o644)}
    cache_modes = modes(repo)
    assert {
        name: mode for name, mode in cache_modes.items() if mode != shared[(repo / name).is_dir()]
    } == {}
    assert any(name.startswith("blobs/") for name in cache_modes)
    assert not_private(home) == {}


def test_the_launcher_narrows_the_umask_only_while_it_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tests (and anything embedding the app) call the launcher in their own process: the
    umask is the app's while it runs and the caller's again afterwards."""
    from app.launcher import main

    before = os.umask(USERS_UMASK)
    try:
        assert (
            main(["config", "set", "models.ctx_size=4096", "--config-dir", str(tmp_path / "h")])
            == 0
        )
        after = os.umask(USERS_UMASK)
    finally:
        os.umask(before)
    assert after == USERS_UMASK
    assert "ctx_size = 4096" in capsys.readouterr().out
    assert not_private(tmp_path / "h") == {}
