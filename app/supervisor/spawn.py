"""Every process the app starts, started one way: in the app's private work folder, importing
nothing from the folder the app was started in, with an environment the app built.

Python puts the current folder first on the import path for `python -m …` and `python -c …`.
Children inherit the app's current folder, so a `vllm_tray_guard.py` (or an `app/` folder) in
the folder where the user happened to start the app would be imported instead of the app's own:
the key guard replaced, the load generator replaced, the child's key read. So every child and
helper (engine children under their watchdog, cluster workers, the engine installer's steps,
the custom engine's check, the load generators, the engine version probe) is started here:

* in `workdir(state_dir)`: `<state dir>/workdir`, mode 0700, made by the app and holding
  nothing of anyone else's. This alone protects every Python, also one older than 3.11 (a
  user's own vLLM may run on 3.10): the folder that `-m`/`-c` put first is this empty one;
* with PYTHONSAFEPATH=1 (Python 3.11+): neither the current folder nor a script's folder goes
  on the import path, for the whole tree below (vLLM's EngineCore and workers too). Older
  Pythons ignore the variable;
* with `-P` (the same switch, 3.11+) where the app writes the command for an interpreter known
  to be 3.11 or later: the app's own (the app requires 3.11) or a virtual environment made
  from it (the CPU engine). An older Python refuses `-P` ("Unknown option") and would not
  start at all, so an interpreter of unknown version gets only the variable.

Environments come from app.supervisor.childenv's allow-lists; nothing here copies os.environ.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from app.supervisor.childenv import SAFE_PATH_VAR

WORKDIR_NAME = "workdir"
SAFE_PATH_FLAG = "-P"

_fallback_lock = threading.Lock()
_fallback: list[Path] = []  # at most one: this process's own private folder


def workdir(state_dir: Path | None) -> Path:
    """The private folder every process the app starts runs in (created 0700 if missing).

    Without a state folder (an engine built by a test or a script, not by the runtime) it is
    a fresh private folder of this process, removed when the process exits; never a shared
    folder such as /tmp itself, where anyone may plant a module."""
    if state_dir is None:
        return _process_workdir()
    path = state_dir / WORKDIR_NAME
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.stat().st_mode & 0o077:
        path.chmod(0o700)  # made by an older version, or under a loose umask
    return path


def _process_workdir() -> Path:
    with _fallback_lock:
        if not _fallback:
            made = Path(tempfile.mkdtemp(prefix="vllm-tray-work-"))  # mode 0700
            atexit.register(shutil.rmtree, made, True)
            _fallback.append(made)
        return _fallback[0]


def knows_safe_path(python: str) -> bool:
    """Whether `python` is known to take `-P`: it is the app's own interpreter, or a virtual
    environment's link to it (same binary, same version, and the app requires 3.11+)."""
    try:
        return Path(python).resolve() == Path(sys.executable).resolve()
    except OSError:
        return False


def python_command(python: str, *args: str) -> list[str]:
    """`python [-P] ARGS…`: `-P` only when the interpreter is known to take it."""
    flags = (SAFE_PATH_FLAG,) if knows_safe_path(python) else ()
    return [python, *flags, *args]


def program_path(argv: Sequence[str]) -> list[str]:
    """`argv` with a relative program path (`./my-vllm`, `venv/bin/python`) made absolute
    against the app's own folder, as it was meant: the process runs in the work folder."""
    words = list(argv)
    if words and os.sep in words[0] and not os.path.isabs(words[0]):  # noqa: PTH117 — a str
        words[0] = os.path.abspath(words[0])  # noqa: PTH100 — no symlink resolving wanted
    return words


def safe_env(env: Mapping[str, str]) -> dict[str, str]:
    """`env` with PYTHONSAFEPATH=1 (a copy: the caller's mapping is not changed)."""
    return {**env, SAFE_PATH_VAR: "1"}


async def start(
    argv: Sequence[str], *, env: Mapping[str, str], state_dir: Path | None, **kwargs: Any
) -> asyncio.subprocess.Process:
    """asyncio.create_subprocess_exec in the private work folder with a safe import path.

    Raises OSError as create_subprocess_exec does (a missing or unusable program)."""
    return await asyncio.create_subprocess_exec(
        *program_path(argv), cwd=workdir(state_dir), env=safe_env(env), **kwargs
    )


async def start_with_protocol(
    factory: Callable[[], asyncio.SubprocessProtocol],
    argv: Sequence[str],
    *,
    env: Mapping[str, str],
    state_dir: Path | None,
    **kwargs: Any,
) -> tuple[asyncio.SubprocessTransport, asyncio.SubprocessProtocol]:
    """loop.subprocess_exec (a protocol sees output and exit as they happen), started like
    `start()`."""
    loop = asyncio.get_running_loop()
    return await loop.subprocess_exec(
        factory, *program_path(argv), cwd=workdir(state_dir), env=safe_env(env), **kwargs
    )
