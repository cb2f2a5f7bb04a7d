"""Engines kept ready (issue 33): vLLM's server imported before the load that will run it.

A load of vLLM's CPU build pays Python's imports of torch, vLLM and the OpenAI server first
(6-12 s and about 600 MB here, docs/throughput.md). A spare is an engine child started ahead
of the load exactly like any other (its own watchdog with lifeline, record and subreaper; the
allow-listed environment; the private work folder), which imports the server module and then
waits for one launch request on its standard input (guard/vllm_tray_spare.py). A load whose
command and environment it can serve takes it: the runner writes the load's argv and
environment into it and then watches it like a child it spawned; the pool starts the next
spare once that load is up.

A spare serves a load only when they agree on every environment variable read while the
server module is imported (torch and vLLM read hundreds then: inductor, logging, dev mode);
LATE_VARS are those, measured, that only the running server reads (vLLM's envs are lazy), so
they may differ per load: the keys and the KV cache size.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import psutil

from app.core.contracts import LaunchSpec
from app.core.paths import AppPaths
from app.core.settings.settings import Settings
from app.core.states import EngineKind
from app.supervisor.child import ChildProcess
from app.supervisor.childenv import (
    API_KEY_VAR,
    GUARD_DIR,
    GUARD_KEY_VAR,
    child_environment,
    guard_env,
)
from app.supervisor.engines.cpu import CpuEngine

log = logging.getLogger(__name__)

SERVER_MODULE = "vllm.entrypoints.openai.api_server"
SPARE_MODULE = "vllm_tray_spare"  # guard/vllm_tray_spare.py, on the child's PYTHONPATH
# Not read while the server module is imported (measured on vLLM 0.32 CPU by recording every
# os.environ read during `import vllm.entrypoints.openai.api_server`; docs/throughput.md).
LATE_VARS = frozenset(
    {API_KEY_VAR, GUARD_KEY_VAR, "VLLM_CPU_KVCACHE_SPACE", "VLLM_ENABLE_V1_MULTIPROCESSING"}
)
# What an idle spare holds (RSS after the import, measured: 591 MB) and how much RAM must stay
# available beside it, or it is released like an idle model when memory is short.
SPARE_BYTES = 600 * 1024**2
SHORT_BYTES = 4 * SPARE_BYTES
CHECK_EVERY_S = 5.0
REFILL_AFTER_S = 5.0  # from a load made ready to the next spare's start (refill_later)
# vLLM's start method for its EngineCore and Worker. Forked from a spare, they skip the imports
# the spare made (a warm load of the tiny model to /health: 24.5 s spawned, 9.7 s forked, on a
# busy 2-core machine); vLLM's CPU platform forces spawn, the spare puts the request's fork back.
FORK_VAR = "VLLM_WORKER_MULTIPROC_METHOD"
PARALLEL_FLAGS = frozenset(
    {
        "--tensor-parallel-size",
        "-tp",
        "--pipeline-parallel-size",
        "-pp",
        "--data-parallel-size",
        "-dp",
        "--data-parallel-size-local",
        "-dpl",
        "--distributed-executor-backend",
    }
)
WAITING = "; waiting for a load"  # the spare's line once it has imported the server
KEPT_LINES = 200  # what a spare printed while it waited, replayed into the load's log


def command(argv: Sequence[str]) -> tuple[str, ...] | None:
    """The spare command for a load's argv (`PYTHON [-P] -m vllm…api_server ARGS`), or None
    when a spare cannot run it (another program or module)."""
    words = list(argv)
    if SERVER_MODULE not in words[1:4]:
        return None
    at = words.index(SERVER_MODULE)
    if words[at - 1] != "-m" or any(flag != "-P" for flag in words[1 : at - 1]):
        return None
    return (*words[: at - 1], "-m", SPARE_MODULE, SERVER_MODULE)


def early_env(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The part of a load's environment a spare must have had from its start."""
    return tuple(sorted((k, v) for k, v in env.items() if k not in LATE_VARS))


def single_process(flags: Sequence[str]) -> bool:
    """Whether vLLM runs this load on one worker: no tensor, pipeline or data parallelism and
    no other executor. Only that was measured forked here (the EngineCore forked from the
    spare, its one Worker from the EngineCore; one socket, two cores); a group of workers,
    each binding its own cores, keeps the start vLLM chooses."""
    for at, word in enumerate(flags):
        name, eq, value = word.partition("=")
        if name not in PARALLEL_FLAGS:
            continue
        if not eq:
            value = flags[at + 1] if at + 1 < len(flags) else ""
        if name == "--distributed-executor-backend" or value.strip() != "1":
            return False
    return True


def request(argv: Sequence[str], env: Mapping[str, str]) -> bytes:
    """The launch request a spare reads (guard/vllm_tray_spare.parse_request): the load's
    flags after the module, and its whole environment; for a single-process engine, with its
    EngineCore forked from the spare rather than spawned (FORK_VAR)."""
    flags = list(argv[list(argv).index(SERVER_MODULE) + 1 :])
    sent = dict(env)
    if single_process(flags):
        sent[FORK_VAR] = "fork"
    return json.dumps({"argv": flags, "env": sent}).encode()


class Launch(NamedTuple):
    """A load run by the spare module at once: its command and the request to send it."""

    argv: list[str]
    request: bytes


class Lines:
    """What a spare prints: kept while it waits, passed on to its load's log once taken."""

    def __init__(self, news: asyncio.Event) -> None:
        self.kept: deque[str] = deque(maxlen=KEPT_LINES)
        self.consumer: Callable[[str], None] | None = None
        self.imported = False  # it said it has imported the server and waits
        self._news = news

    def __call__(self, text: str) -> None:
        if not self.imported and WAITING in text:
            self.imported = True
            self._news.set()
        if self.consumer is None:
            self.kept.append(text)
        else:
            self.consumer(text)

    def hand_over(self, consumer: Callable[[str], None]) -> None:
        for text in self.kept:
            consumer(text)
        self.kept.clear()
        self.consumer = consumer


class Key(NamedTuple):
    """Which loads a spare can serve: same command, same engine install, same early env."""

    command: tuple[str, ...]
    install: str  # the engine python link's inode and change time
    env: tuple[tuple[str, str], ...]


@dataclass(eq=False)
class Spare:
    """One waiting engine child and what it printed so far."""

    child: ChildProcess
    lines: Lines
    started: float = field(default_factory=time.monotonic)


class SparePool:
    """At most one spare per (command, early environment); see the module's docstring.

    `enabled()` is the user's setting, read at each decision; `eligible(python)` says which
    engines' Pythons may run one (only builds where importing before the load was measured
    safe: vLLM's CPU build)."""

    def __init__(
        self,
        state_dir: Path,
        *,
        enabled: Callable[[], bool],
        eligible: Callable[[str], bool],
        grace_s: float = 10.0,
        orphan_grace_s: float = 3.0,
        available: Callable[[], int] = lambda: int(psutil.virtual_memory().available),
    ) -> None:
        self._state_dir = state_dir
        self._enabled = enabled
        self._eligible = eligible
        self._grace_s = grace_s
        self._orphan_grace_s = orphan_grace_s
        self._available = available
        self._spares: dict[Key, Spare] = {}
        self._starting: set[Key] = set()
        self._started = 0
        self._watch: asyncio.Task[None] | None = None
        self._closed = False
        self._news = asyncio.Event()  # set when a spare says it has imported the server
        self._later: set[asyncio.Task[None]] = set()  # refills not begun yet (refill_later)

    def _key(self, argv: Sequence[str], env: Mapping[str, str]) -> Key | None:
        cmd = command(argv)
        if cmd is None or not self._eligible(cmd[0]):
            return None
        if not env.get("PYTHONPATH", "").startswith(str(GUARD_DIR)):
            return None  # the spare module is found there (guard_env puts it first)
        # A reinstalled engine is a new venv, hence a new python link: a spare of the old
        # one (its vLLM already imported) must not serve it.
        with contextlib.suppress(OSError):
            link = os.lstat(cmd[0])
            return Key(cmd, f"{link.st_ino}:{link.st_ctime_ns}", early_env(env))
        return None

    def take(
        self, argv: Sequence[str], env: Mapping[str, str], on_line: Callable[[str], None]
    ) -> ChildProcess | None:
        """The waiting spare that can run this load, handed its launch request; None when
        there is none (the caller spawns as usual)."""
        key = self._key(argv, env)
        spare = self._spares.pop(key, None) if key is not None else None
        if spare is None:
            return None
        if spare.child.exited.done() or not spare.child.send(request(argv, env)):
            log.warning("the engine kept ready had ended; starting this load without it")
            return None
        spare.lines.hand_over(on_line)
        ready_s = time.monotonic() - spare.started
        on_line(f"----- vllm-tray: loading on the engine kept ready for {ready_s:.0f} s")
        return spare.child

    def forking(self, argv: Sequence[str], env: Mapping[str, str]) -> Launch | None:
        """For a load no spare serves, on an engine that may run one: the spare's command and
        this load's request, sent at once. The load's own server process then imports vLLM
        once and forks its EngineCore and Worker from it (FORK_VAR) instead of spawning them
        to import it twice more: every load of the build gains that, whatever the setting
        says. None where a spare could not run it (the caller runs `argv` as it is)."""
        key = self._key(argv, env)
        return None if key is None else Launch(list(key.command), request(argv, env))

    def refill_later(self, argv: Sequence[str], env: Mapping[str, str]) -> None:
        """`refill`, REFILL_AFTER_S from now: not while the load just made ready answers its
        first request (on two cores a spare's imports then slowed the relay of a measured
        load's first token from 0.01 s to 0.27 s). Waiters count it as starting."""
        task = asyncio.get_running_loop().create_task(self._refill_after(argv, env))
        self._later.add(task)
        task.add_done_callback(self._later_done)

    async def _refill_after(self, argv: Sequence[str], env: Mapping[str, str]) -> None:
        await asyncio.sleep(REFILL_AFTER_S)
        try:
            await self.refill(argv, env)
        except Exception:
            log.exception("starting an engine to keep ready failed")

    def _later_done(self, task: asyncio.Task[None]) -> None:
        self._later.discard(task)
        self._news.set()  # a waiter looks again: the refill may have started nothing

    async def refill(self, argv: Sequence[str], env: Mapping[str, str]) -> None:
        """Start a spare for loads like this one, unless one waits, the setting is off, or
        memory is short."""
        key = self._key(argv, env)
        if key is None or key in self._spares or key in self._starting or self._closed:
            return
        if not self._wanted():
            return
        self._starting.add(key)  # two loads ready at once start one spare, not two
        try:
            await self._start(key)
        finally:
            self._starting.discard(key)
        if self._watch is None or self._watch.done():
            self._watch = asyncio.get_running_loop().create_task(self._watch_loop())

    async def _start(self, key: Key) -> None:
        # One per engine command: a spare of an older install or another environment goes.
        stale = [k for k in self._spares if k.command == key.command]
        await asyncio.gather(*(self._stop(k) for k in stale), return_exceptions=True)
        self._started += 1
        lines = Lines(self._news)
        try:
            child = await ChildProcess.spawn(
                list(key.command),
                dict(key.env),
                on_line=lines,
                record=self._state_dir / f"child-spare-{os.getpid()}-{self._started}.json",
                grace_s=self._grace_s,
                orphan_grace_s=self._orphan_grace_s,
                state_dir=self._state_dir,
                request_pipe=True,
            )
        except OSError:
            log.exception("starting an engine to keep ready failed")
            return
        if self._closed:  # the app shut down meanwhile
            await child.terminate(self._grace_s)
            return
        self._spares[key] = Spare(child, lines)

    async def prepare(self, spec: LaunchSpec, *, keyed: bool) -> None:
        """Start a spare for loads of `spec` ahead of its first load (the keys it starts
        with are placeholders: each load brings its own, they are LATE_VARS)."""
        key = "placeholder" if keyed else None
        env = child_environment(spec.env, api_key=key)
        if key is not None:
            env.update(guard_env(key, env))
        await self.refill(spec.argv(0), env)

    def _wanted(self) -> bool:
        return bool(self._enabled()) and self._available() >= SHORT_BYTES

    async def _watch_loop(self) -> None:
        """Release the spares when the setting is turned off or memory runs short; forget
        those that ended."""
        while self._spares:
            await asyncio.sleep(CHECK_EVERY_S)
            for key, spare in list(self._spares.items()):
                if spare.child.exited.done():
                    said = spare.lines.kept[-1] if spare.lines.kept else "nothing"
                    log.warning("an engine kept ready ended by itself; it said: %s", said)
                    self._spares.pop(key, None)
            if self._spares and not self._wanted():
                log.info("releasing the engines kept ready (setting off or memory short)")
                await self.release()

    async def _stop(self, key: Key) -> None:
        spare = self._spares.pop(key, None)
        if spare is not None:
            await spare.child.terminate(self._grace_s)

    async def release(self) -> None:
        """Stop every waiting spare (SIGTERM to its watchdog, which ends its tree)."""
        await asyncio.gather(*(self._stop(k) for k in list(self._spares)), return_exceptions=True)

    async def close(self) -> None:
        self._closed = True
        later = list(self._later)
        for task in later:
            task.cancel()
        await asyncio.gather(*later, return_exceptions=True)
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        await self.release()

    async def wait_imported(self) -> int | None:
        """Wait until a spare has imported the server; its watchdog's pid (None at once
        when no spare is kept or starting)."""
        while not self.waiting():
            if not self._spares and not self._starting and not self._later:
                return None
            self._news.clear()
            await self._news.wait()
        return self.waiting()[0]

    def waiting(self) -> list[int]:
        """The watchdog pids of the spares that have imported the server and wait now."""
        return [
            s.child.pid
            for s in self._spares.values()
            if s.lines.imported and not s.child.exited.done()
        ]


def cpu_spares(paths: AppPaths, settings: Settings) -> SparePool:
    """The app's pool: spares only for vLLM's CPU build, where importing it before a load's
    environment is known was measured safe (docs/throughput.md), while the setting says so."""
    cpu_python = str(CpuEngine(paths.engines_dir / EngineKind.CPU.value).python)
    return SparePool(
        paths.state_dir,
        enabled=lambda: bool(settings.get("models.keep_engine_ready")),
        eligible=lambda python: python == cpu_python,
    )
