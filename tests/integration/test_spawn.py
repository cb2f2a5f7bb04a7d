"""Every process the app starts goes through app.supervisor.spawn (issue 18, item 2): a private
work folder, a safe import path, `-P` only where the interpreter takes it."""

from __future__ import annotations

import asyncio
import re
import stat
import sys
from pathlib import Path

import pytest

from app.supervisor import spawn
from app.supervisor.childenv import FIXED, SAFE_PATH_VAR, child_environment

APP = Path(__file__).resolve().parents[2] / "app"
# Ways to start a process; outside spawn.py each needs a reason below.
STARTS = re.compile(
    r"create_subprocess_(exec|shell)|\bsubprocess_exec\(|subprocess\.(Popen|run|call|check_)"
    r"|os\.(posix_spawn|exec|spawn|system|popen|fork)|multiprocessing|QProcess"
)
ALLOWED = {
    "supervisor/spawn.py": "the one place",
    # The watchdog starts the engine in its own folder (the private one) with its own
    # environment (the child's), both given to it by spawn.start_with_protocol.
    "supervisor/watchdog.py": "posix_spawnp of the engine, inheriting what spawn set",
    # nvidia-smi is a system program, not Python: nothing is imported from any folder.
    "core/memory/gpu.py": "nvidia-smi",
    # xdg-open is the desktop's own opener (a shell script starting a file manager), started
    # in the folder it opens: no Python of the app's runs there.
    "gui/open_folder.py": "xdg-open",
}


def test_every_process_start_in_the_app_goes_through_spawn() -> None:
    found = {}
    for path in sorted(APP.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
        if STARTS.search(code):
            found[str(path.relative_to(APP))] = STARTS.search(code)
    assert sorted(found) == sorted(ALLOWED), {k: v.group(0) for k, v in found.items() if v}


def test_the_work_folder_is_private_and_made_private(tmp_path: Path) -> None:
    folder = spawn.workdir(tmp_path / "state")
    assert folder == tmp_path / "state" / "workdir"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    folder.chmod(0o755)  # as an older version or a loose umask left it
    assert stat.S_IMODE(spawn.workdir(tmp_path / "state").stat().st_mode) == 0o700
    # Without a state folder: a private folder of this process, never /tmp itself.
    own = spawn.workdir(None)
    assert own != Path("/tmp") and stat.S_IMODE(own.stat().st_mode) == 0o700
    assert spawn.workdir(None) == own


def test_minus_p_only_for_an_interpreter_known_to_take_it(tmp_path: Path) -> None:
    assert spawn.python_command(sys.executable, "-m", "x") == [sys.executable, "-P", "-m", "x"]
    venv_link = tmp_path / "venv" / "bin" / "python"
    venv_link.parent.mkdir(parents=True)
    venv_link.symlink_to(sys.executable)  # a venv made from the app's Python (the CPU engine)
    assert spawn.python_command(str(venv_link), "-c", "1")[1] == "-P"
    # A user's own Python may be 3.10, which refuses -P: it gets PYTHONSAFEPATH and the
    # private folder only.
    other = tmp_path / "python3.10"
    other.write_text("#!/bin/sh\n")
    assert spawn.python_command(str(other), "-c", "1") == [str(other), "-c", "1"]


def test_children_get_the_safe_path_variable() -> None:
    assert FIXED[SAFE_PATH_VAR] == "1"
    assert child_environment({}, parent={SAFE_PATH_VAR: "0"})[SAFE_PATH_VAR] == "1"
    assert spawn.safe_env({"A": "b"}) == {"A": "b", SAFE_PATH_VAR: "1"}


async def test_a_started_python_sees_neither_the_launch_folder_nor_its_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    launch = tmp_path / "launch"
    launch.mkdir()
    (launch / "planted.py").write_text("raise SystemExit('the planted module ran')\n")
    monkeypatch.chdir(launch)
    code = "import os, sys; print(os.getcwd()); print(repr(sys.path[0])); import planted"
    proc = await spawn.start(
        spawn.python_command(sys.executable, "-c", code),
        env=child_environment({}),
        state_dir=tmp_path / "state",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    lines = out.decode().splitlines()
    assert lines[0] == str(tmp_path / "state" / "workdir")
    assert lines[1] != "''"  # -P: no current folder on the path at all
    assert b"ModuleNotFoundError: No module named 'planted'" in err


async def test_a_relative_program_means_the_folder_the_app_runs_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`engine use ./my-vllm` from a terminal: the program is still found though the
    process runs in the work folder."""
    (tmp_path / "bin").mkdir()
    program = tmp_path / "bin" / "hello"
    program.write_text("#!/bin/sh\necho hello from $(pwd)\n")
    program.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    proc = await spawn.start(
        ["bin/hello"], env={}, state_dir=tmp_path / "state", stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    assert out.decode().strip() == f"hello from {tmp_path / 'state' / 'workdir'}"
