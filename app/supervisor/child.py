"""One engine child as the app sees it: spawned under a watchdog, its output read line by line."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import psutil

from app.core.problems.problems import Problem
from app.supervisor import diagnosis, spawn, watchdog
from app.supervisor.reaper import reap_record

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

WATCHDOG = Path(watchdog.__file__)
OUTPUT_DRAIN_S = 5.0
MAX_LINE = 64 * 1024  # a longer "line" is cut: vLLM prints its whole config on one line
# tqdm redraws its bar with carriage returns; each redraw is a progress line of its own.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class _OutputProtocol(asyncio.SubprocessProtocol):
    """Output chunks as they come, and the exit as soon as it happens.

    asyncio's own Process.wait() returns only once every pipe is closed, and an orphaned
    EngineCore holding our stdout would keep it waiting forever: exactly the case in which
    the app must act.
    """

    def __init__(self, on_line: Callable[[str], None]) -> None:
        loop = asyncio.get_running_loop()
        self.exited: asyncio.Future[None] = loop.create_future()
        self.output_closed: asyncio.Future[None] = loop.create_future()
        self._on_line = on_line
        self._pending = ""

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        self._pending += data.decode(errors="replace")
        parts = _LINE_BREAK.split(self._pending)
        self._pending = parts.pop()
        if len(self._pending) > MAX_LINE:
            parts.append(self._pending)
            self._pending = ""
        for part in parts:
            self._deliver(part)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if self._pending:
            self._deliver(self._pending)
            self._pending = ""
        if not self.output_closed.done():
            self.output_closed.set_result(None)

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)

    def _deliver(self, line: str) -> None:
        line = line.rstrip()
        if not line:
            return
        try:
            self._on_line(line[:MAX_LINE])
        except Exception:
            # A failing consumer must not stop the reading: an unread pipe blocks the engine.
            log.exception("handling a line of engine output failed")


class ChildProcess:
    """A watchdog process (the group leader) and, under it, the engine.

    `pid` is the watchdog's pid, which is also the process group id of the whole tree.
    The app keeps the write end of the lifeline pipe; closing it (or dying) makes the
    watchdog kill the tree.
    """

    def __init__(
        self,
        transport: asyncio.SubprocessTransport,
        protocol: _OutputProtocol,
        lifeline: int,
        record: Path | None,
    ) -> None:
        self._transport = transport
        self._protocol = protocol
        self._record = record
        self._lifeline: int | None = lifeline
        self.pid = transport.get_pid()
        self.pgid = self.pid
        self._exited: asyncio.Task[int] = asyncio.get_running_loop().create_task(self._wait())

    @classmethod
    async def spawn(
        cls,
        argv: list[str],
        env: Mapping[str, str],
        *,
        on_line: Callable[[str], None],
        record: Path | None,
        grace_s: float,
        orphan_grace_s: float,
        state_dir: Path | None,
        request_pipe: bool = False,
    ) -> ChildProcess:
        """Start the watchdog, which starts `argv`, both in the app's private work folder under
        `state_dir` with a safe import path (app.supervisor.spawn). With `request_pipe` the
        engine's standard input is a pipe only the app writes to (`send`), for an engine kept
        ready (app.supervisor.spare); else it reads nothing."""
        read_end, write_end = os.pipe()  # both ends close-on-exec (PEP 446)
        cmd = [
            sys.executable,
            "-I",  # isolated: the watchdog needs nothing but the standard library
            str(WATCHDOG),
            "--lifeline",
            str(read_end),
            "--parent-pid",
            str(os.getpid()),
            "--grace",
            str(grace_s),
            "--orphan-grace",
            str(orphan_grace_s),
            *(["--record", str(record)] if record is not None else []),
            "--",
            *spawn.program_path(argv),  # the watchdog runs in the work folder, not here
        ]
        try:
            transport, protocol = await spawn.start_with_protocol(
                lambda: _OutputProtocol(on_line),
                cmd,
                env=env,
                state_dir=state_dir,
                stdin=subprocess.PIPE if request_pipe else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                pass_fds=(read_end,),
                start_new_session=True,
            )
        except BaseException:
            os.close(write_end)
            raise
        finally:
            os.close(read_end)
        assert isinstance(protocol, _OutputProtocol)
        return cls(transport, protocol, write_end, record)

    def send(self, data: bytes) -> bool:
        """Write `data` to the engine's request pipe and close it (EOF ends the request);
        False when there is no pipe or it is already closed."""
        pipe = self._transport.get_pipe_transport(0)
        if not isinstance(pipe, asyncio.WriteTransport) or pipe.is_closing():
            return False
        pipe.write(data)
        pipe.close()  # after the buffered data is written: the child reads to EOF
        return True

    @property
    def returncode(self) -> int | None:
        return self._exited.result() if self._exited.done() else None

    @property
    def exited(self) -> asyncio.Task[int]:
        """Done when the watchdog has exited and every output line has been delivered."""
        return self._exited

    def engine_pid(self) -> int | None:
        """The engine's own pid (the api_server), once the watchdog has started it."""
        with contextlib.suppress(psutil.Error):
            children = psutil.Process(self.pid).children()
            if children:
                return min(c.pid for c in children)
        return None

    async def wait(self) -> int:
        return await asyncio.shield(self._exited)

    async def kill_now(self, wait_s: float) -> int:
        """SIGKILL the whole tree at once, for a hung engine that cannot act on SIGTERM (a
        stopped process cannot). The watchdog does it: it knows every descendant, also those
        that left the group; if it does not answer, the group is killed from here."""
        if self._exited.done():
            return self._exited.result()
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, watchdog.KILL_NOW_SIGNAL)
        done, _ = await asyncio.wait({self._exited}, timeout=wait_s)
        if not done:
            self.kill_group()
        return await self.wait()

    async def terminate(self, grace_s: float) -> int:
        """Stop the tree: SIGTERM to the watchdog, which passes it on to the whole group and
        SIGKILLs after its grace; if the watchdog itself hangs, SIGKILL the group from here."""
        if self._exited.done():
            return self._exited.result()
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGTERM)
        done, _ = await asyncio.wait({self._exited}, timeout=grace_s + 5.0)
        if not done:
            self.kill_group()
        return await self.wait()

    def kill_group(self) -> None:
        """Last resort: SIGKILL everything in the process group, watchdog included.

        Only while the watchdog (the group leader) has not been reaped: then the group id
        cannot belong to anyone else."""
        if not self._protocol.exited.done():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pgid, signal.SIGKILL)

    def close(self) -> None:
        if self._lifeline is not None:
            os.close(self._lifeline)
            self._lifeline = None

    async def _wait(self) -> int:
        await self._protocol.exited
        if self._record is not None and self._record.exists():
            # The watchdog was killed before it could clean up (it removes its record when
            # it exits normally): its tree may still run, and we know exactly who is in it.
            await asyncio.to_thread(reap_record, self._record)
        # Lines printed just before exit must reach the diagnosis before anyone reads it;
        # a process we could not identify may hold the pipe, so do not wait for ever.
        await asyncio.wait({self._protocol.output_closed}, timeout=OUTPUT_DRAIN_S)
        code = self._transport.get_returncode()
        self._transport.close()
        self.close()
        return code if code is not None else -1


class SharedClient:
    """One httpx client for all of the supervisor's requests to its children (health checks,
    metrics), built off the event loop: httpx builds an SSL context for every client, which
    blocks for a fifth of a second, even for plain http on loopback."""

    def __init__(self) -> None:
        self._client: asyncio.Task[httpx.AsyncClient] | None = None

    async def get(self) -> httpx.AsyncClient:
        import httpx  # imported when used: a quick command never loads it

        if self._client is None:
            # Children answer on loopback only; the proxy settings of the app's environment
            # must not route these requests anywhere.
            build = asyncio.to_thread(httpx.AsyncClient, trust_env=False)
            self._client = asyncio.get_running_loop().create_task(build)
        return await asyncio.shield(self._client)

    async def aclose(self) -> None:
        task, self._client = self._client, None
        if task is not None:
            with contextlib.suppress(Exception):
                await (await task).aclose()


async def healthy(client: httpx.AsyncClient, url: str, timeout_s: float) -> bool:
    """Whether vLLM's /health answers 200 (anything else, or no answer, is not healthy)."""
    import httpx  # imported when used: a quick command never loads it

    try:
        return (await client.get(url, timeout=timeout_s)).status_code == 200
    except httpx.HTTPError:
        return False


def check_engine(prefix: Sequence[str]) -> Problem | None:
    """Check the engine command before spawning anything: missing or not executable."""
    if not prefix:
        return diagnosis.engine_unusable("", found=False)
    command = prefix[0]
    path = Path(command) if os.sep in command else None
    if path is None:
        found = shutil.which(command)
        if found is None:
            return diagnosis.engine_unusable(command, found=False)
        path = Path(found)
    if not path.exists():
        return diagnosis.engine_unusable(command, found=False)
    if not path.is_file() or not os.access(path, os.X_OK):
        return diagnosis.engine_unusable(command, found=True)
    return None
