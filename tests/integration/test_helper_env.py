"""What the app's helper processes are started with (issue 18, items 2 and 7): the children's
allow-list, not the app's environment (no endpoint key, no Hugging Face token, no remote key),
in the app's private work folder, with a safe import path.

The load generators are started as the bench and tune services start them
(`LoadGenerator.open`); the custom engine's check as `vllm-tray engine use` runs it.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.problems.problems import ProblemError
from app.runtime.api.bench import Workload
from app.runtime.bench.loadgen import LoadGenerator, Target

ROOT = Path(__file__).resolve().parents[2]
SECRETS = {
    "VLLM_TRAY_API_KEY": "the-endpoints-key",
    "HF_TOKEN": "hf_the_users_token",
    "HUGGING_FACE_HUB_TOKEN": "hf_the_users_token",
    "OFFICE_KEY": "a-remotes-key",  # `remote add --api-key-env OFFICE_KEY`
    "OFFICE_PASS": "another-remotes-key",  # a name that does not look like a secret
    "VLLM_API_KEY": "a-vllm-key-of-the-shell",
}


@pytest.fixture
def secrets_set(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in SECRETS.items():
        monkeypatch.setenv(name, value)


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.decode().split("=", 1) for item in raw.split(b"\0") if b"=" in item)


def seen_by(pid: int) -> tuple[dict[str, str], Path, list[bytes]]:
    """A process's environment, folder and arguments, from /proc."""
    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    return environ_of(pid), Path(f"/proc/{pid}/cwd").resolve(), cmdline


def dumping_python(tmp_path: Path) -> tuple[Path, Path]:
    """A `python` that writes its folder and environment to a file, then runs the real one
    (a user's own vLLM Python, as the app finds it in the engine's command)."""
    dump = tmp_path / "dump.txt"
    python = tmp_path / "own-venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(
        f'#!/bin/sh\n{{ echo "cwd=$(pwd)"; echo "argv=$*"; env; }} > {dump}\n'
        f'exec {sys.executable} "$@"\n'
    )
    python.chmod(0o755)
    return python, dump


@pytest.mark.usefixtures("secrets_set")
async def test_the_built_in_generator_gets_only_its_key(tmp_path: Path) -> None:
    target = Target(
        "http://127.0.0.1:9/", "user.tiny", api_key="the-key-it-needs", state_dir=tmp_path
    )
    generator = await LoadGenerator.open(
        target, Workload(8, 8), tmp_path / "bench.log", prefer="built-in"
    )
    try:
        env, cwd, cmdline = await asyncio.to_thread(seen_by, generator._proc.pid)
    finally:
        await generator.close()
    assert not set(SECRETS) & set(env)
    assert env["OPENAI_API_KEY"] == "the-key-it-needs"  # the endpoint's, by its own name
    assert env["PYTHONSAFEPATH"] == "1"
    assert cwd == tmp_path / "workdir"
    assert cmdline[1] == b"-P"  # the app's own Python takes it


@pytest.mark.usefixtures("secrets_set")
async def test_vllms_benchmark_driver_gets_the_engines_variables_and_no_secret(
    tmp_path: Path,
) -> None:
    python, dump = dumping_python(tmp_path)
    target = Target(
        "http://127.0.0.1:9/",
        "user.tiny",
        tokenizer=str(tmp_path),
        engine_python=str(python),
        engine_env={"VLLM_CPU_KVCACHE_SPACE": "1"},
        state_dir=tmp_path,
    )
    with pytest.raises(ProblemError):  # this Python has no vLLM: the driver cannot start
        await LoadGenerator.open(target, Workload(8, 8), tmp_path / "bench.log", prefer="vllm")
    lines = dump.read_text().splitlines()
    env = dict(line.split("=", 1) for line in lines[2:] if "=" in line)
    assert lines[0] == f"cwd={tmp_path / 'workdir'}"
    assert not lines[1].startswith("argv=-P")  # a Python of unknown version: no -P
    assert not set(SECRETS) & set(env)
    assert env["VLLM_CPU_KVCACHE_SPACE"] == "1" and env["HF_HUB_OFFLINE"] == "1"
    assert env["PYTHONSAFEPATH"] == "1" and env["PYTHONNOUSERSITE"] == "1"


def test_the_custom_engines_check_runs_in_the_work_folder_without_secrets(
    tmp_path: Path,
) -> None:
    dump = tmp_path / "dump.txt"
    program = tmp_path / "my-vllm"
    program.write_text(
        f'#!/bin/sh\n{{ echo "cwd=$(pwd)"; env; }} > {dump}\n'
        "echo '--max-model-len --served-model-name --port'\n"
    )
    program.chmod(0o755)
    home = tmp_path / "home"
    done = subprocess.run(
        # `engine use` takes the rest of the line as the command: the home goes by variable.
        [sys.executable, "-m", "app", "engine", "use", str(program)],
        env={**os.environ, **SECRETS, "VLLM_TRAY_HOME": str(home)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = dump.read_text().splitlines()
    env = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert lines[0] == f"cwd={home / 'cache' / 'run' / 'workdir'}"
    assert not set(SECRETS) & set(env)
    assert env["PYTHONSAFEPATH"] == "1"
