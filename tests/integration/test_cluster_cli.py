"""`vllm-tray cluster …` from a terminal: set up, refuse bad input, and a real `cluster join`
process on loopback that a `cluster check` process on the "head" checks."""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from app.launcher import main
from tests.fakes.engine_runtime import make_model_folder

CLI = [sys.executable, "-m", "app.launcher"]
ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def machine(tmp_path: Path, name: str) -> Path:
    """A config dir with the fake engine and user.a registered, as on another machine."""
    home = tmp_path / name
    home.mkdir()
    folder = make_model_folder(tmp_path / f"{name}-model")
    (home / "user_models.json").write_text(
        json.dumps({"a": {"checkpoint": str(folder), "recipe": "vllm"}})
    )
    shim = tmp_path / f"{name}-bin" / "vllm"
    shim.parent.mkdir()
    shim.write_text("#!/bin/sh\nexit 0\n")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    (home / "settings.json").write_text(
        json.dumps({"engine.kind": "custom", "engine.custom_command": f"{shim} serve"})
    )
    return home


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.delenv("VLLM_TRAY_HOME", raising=False)


def test_init_writes_a_private_file_and_prints_the_join_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    home = machine(tmp_path, "head")
    code, out, err = run(
        capsys,
        "cluster", "init", "--config-dir", str(home), "--model", "user.a",
        "--head", "192.168.1.10", "--worker", "192.168.1.11", "--worker", "192.168.1.12:30000",
    )  # fmt: skip
    assert code == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("vllm-tray cluster join --head 192.168.1.10 --rank 1")
    assert "--listen 192.168.1.12 --port 30000" in lines[1]
    assert "not encrypted" in err
    saved = home / "cluster.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600  # it holds the token
    config = json.loads(saved.read_text())
    assert config["token"] and config["token"] in lines[0]
    code, out, _ = run(capsys, "cluster", "join-command", "--config-dir", str(home), "--vllm")
    assert code == 0 and out.count("--headless") == 2
    assert out.splitlines()[0].startswith("vllm serve ")


@pytest.mark.parametrize(
    ("worker", "code"),
    [
        ("8.8.8.8", "public"),
        ("box2.local", "not an IP address"),
        ("192.168.1.10", "twice"),
        # Python's ipaddress calls these private; none is a home or office network.
        ("0.0.0.0", "not the address of one machine"),
        ("::", "not the address of one machine"),
        ("240.0.0.1", "not the address of one machine"),
        ("198.18.0.5", "not a private address"),
        ("2001:db8::5", "not a private address"),
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "not a private address"),  # Teredo
    ],
)
def test_init_refuses_bad_machines_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, worker: str, code: str
) -> None:
    home = machine(tmp_path, "head")
    status, out, err = run(
        capsys,
        "cluster", "init", "--config-dir", str(home), "--model", "user.a",
        "--head", "192.168.1.10", "--worker", worker,
    )  # fmt: skip
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and code in err
    assert not (home / "cluster.json").exists()


# A token that starts with "-" (one in 64 generated ones did, until they no longer could;
# a hand-edited one still can) once made the printed join command fail in argparse.
@pytest.mark.parametrize("token", [None, "-dash-first"], ids=["generated", "dash-first"])
def test_join_and_check_as_separate_processes(tmp_path: Path, token: str | None) -> None:
    head, worker = machine(tmp_path, "head"), machine(tmp_path, "worker")
    env = {**os.environ, "HF_HUB_CACHE": str(tmp_path / "hub"), "PYTHONPATH": str(ROOT)}
    port = free_port()
    init = subprocess.run(
        [
            *CLI, "cluster", "init", "--config-dir", str(head), "--model", "user.a",
            "--head", "127.0.0.1", "--worker", f"127.0.0.1:{port}",
            "--master-port", str(free_port()),
        ],
        env=env, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    printed = init.stdout
    if token is not None:
        saved = head / "cluster.json"
        saved.write_text(json.dumps({**json.loads(saved.read_text()), "token": token}))
        printed = subprocess.run(
            [*CLI, "cluster", "join-command", "--config-dir", str(head)],
            env=env, capture_output=True, text=True, timeout=60, check=True,
        ).stdout  # fmt: skip
        assert f"--token={token}" in printed
    join = [*shlex.split(printed), "--config-dir", str(worker)]
    assert join[:3] == ["vllm-tray", "cluster", "join"]
    agent = subprocess.Popen(
        [*CLI, *join[1:]], env=env, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert agent.stderr is not None
        seen = []
        while not any("listening on" in line for line in seen) and len(seen) < 20:
            seen.append(agent.stderr.readline())
        assert f"listening on http://127.0.0.1:{port}" in seen[-1], seen
        check = subprocess.run(
            [*CLI, "cluster", "check", "--json", "--config-dir", str(head)],
            env=env, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        status = subprocess.run(
            [*CLI, "cluster", "status", "--config-dir", str(head)],
            env=env, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    finally:
        agent.send_signal(signal.SIGTERM)
        rest = agent.communicate(timeout=30)[1]
    assert check.returncode == 0, check.stdout + check.stderr
    report = json.loads(check.stdout)
    assert report["ok"] is True
    (node,) = report["nodes"]
    assert node["info"]["model"]["fingerprint"] == report["head"]["model"]["fingerprint"]
    assert node["link"]["down_mb_s"] > 0
    assert "agent ready, no worker running" in status.stdout
    assert agent.returncode == 0 and "cluster agent stopped" in rest


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ([], "--token or in VLLM_TRAY_CLUSTER_TOKEN"),
        (["--token", "t", "--listen", "192.168.77.5"], "not an address of this machine"),
        (["--token", "t", "--rank", "0"], "is 1 or more"),
        (["--token", "t", "--head", "8.8.8.8"], "not a private address"),
        (["--token", "t", "--head", "2001::1"], "not a private address"),  # Teredo
        (["--token", "t", "--listen", "0.0.0.0"], "not the address of one machine"),
    ],
)
def test_join_refuses_bad_input_before_listening(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    extra: list[str],
    says: str,
) -> None:
    monkeypatch.delenv("VLLM_TRAY_CLUSTER_TOKEN", raising=False)
    base = {"--head": "127.0.0.1", "--rank": "1", "--listen": "127.0.0.1"}
    for flag, value in zip(extra[::2], extra[1::2], strict=True):
        base[flag] = value
    argv = [word for pair in base.items() for word in pair]
    code, out, err = run(
        capsys, "cluster", "join", "--config-dir", str(machine(tmp_path, "w")), *argv
    )
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1
