"""The flags an engine's vLLM takes, read off its own `--help` once per engine version and
kept in the app's cache dir: an unknown flag in vllm_args is named before it is saved, not
at the next start (where argparse ends the server with exit code 2)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Sequence
from pathlib import Path

from app.core.jsonstore import atomic_write_text
from app.core.models.vllm_flags import help_flags
from app.core.problems.problems import ProblemError
from app.supervisor.engines.custom import run_help

log = logging.getLogger(__name__)

# vLLM imports torch before it prints its help: 34 s on a busy 2-core machine (custom.py).
HELP_TIMEOUT_S = 120.0
FOLDER = "engine-help"
# vLLM 0.32's plain --help lists every flag in its usage lines and only the argument groups
# below them; --help=all is asked only when the usage does not name the flags the app sets.
_REQUIRED = "--max-model-len"


class EngineFlags:
    """One `--help` run per engine identity (kind, version, command), its text cached on
    disk; the flags parsed from it. Runs are serialized per identity, off the loop."""

    def __init__(self, cache_dir: Path, state_dir: Path | None = None) -> None:
        self._folder = cache_dir / FOLDER
        self._state_dir = state_dir
        self._locks: dict[str, asyncio.Lock] = {}
        self._known: dict[str, frozenset[str]] = {}

    def cached(self, identity: str) -> frozenset[str] | None:
        """The flags already read for `identity` (memory only): None until `flags` ran."""
        return self._known.get(identity)

    async def flags(self, prefix: Sequence[str], identity: str) -> frozenset[str] | None:
        """The engine's flags, or None when its --help could not be read (then nothing is
        refused: a check that cannot know must not block the user)."""
        if identity in self._known:
            return self._known[identity]
        lock = self._locks.setdefault(identity, asyncio.Lock())
        async with lock:
            if identity in self._known:
                return self._known[identity]
            text = await self._text(prefix, identity)
            if text is None:
                return None
            found = help_flags(text)
            self._known[identity] = found
            return found

    async def _text(self, prefix: Sequence[str], identity: str) -> str | None:
        path = self._folder / f"{_file_name(identity)}.txt"
        try:
            return await asyncio.to_thread(path.read_text, encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            pass
        text = await self._run(prefix)
        if text is not None:
            try:
                await asyncio.to_thread(_write, path, text)
            except OSError as exc:
                log.warning("could not keep the engine's --help in %s: %s", path, exc)
        return text

    async def _run(self, prefix: Sequence[str]) -> str | None:
        try:
            code, text = await run_help(prefix, "--help", HELP_TIMEOUT_S, self._state_dir)
            if code == 0 and _REQUIRED not in text:
                code, text = await run_help(prefix, "--help=all", HELP_TIMEOUT_S, self._state_dir)
        except (TimeoutError, ProblemError, OSError) as exc:
            log.warning("could not read the flags of %s: %s", " ".join(prefix), exc)
            return None
        if code != 0 or _REQUIRED not in text:
            log.warning("%s --help answered with exit code %s", " ".join(prefix), code)
            return None
        return text


def engine_identity(kind: str, version: str | None, prefix: Sequence[str]) -> str:
    """What one cached --help belongs to: the engine kind and its vLLM version, and for a
    command the user chose, the command itself (another venv, another vLLM)."""
    digest = hashlib.sha256("\0".join(prefix).encode()).hexdigest()[:12]
    return f"{kind}-{version or 'unknown'}-{digest}"


def _file_name(identity: str) -> str:
    return re.sub(r"[^\w.-]", "_", identity)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, text)
