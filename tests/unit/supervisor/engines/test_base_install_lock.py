"""The install lock: another process holding it makes an install wait, cancellably."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from app.core.engines.engine_values import InstallProgress
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind
from app.supervisor.engines.base import PHASE_WAITING, install_lock


async def test_install_waits_for_another_process_and_can_be_cancelled(tmp_path: Path) -> None:
    root = tmp_path / "cpu"
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "import filelock, sys\n"
        f"lock = filelock.FileLock({str(tmp_path / 'cpu.lock')!r})\n"
        "lock.acquire()\n"
        "print('locked', flush=True)\n"
        "sys.stdin.read()\n",  # holds the lock until the test closes stdin
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert await holder.stdout.readline() == b"locked\n"
        seen: list[InstallProgress] = []
        cancel = asyncio.Event()
        asyncio.get_running_loop().call_later(1.5, cancel.set)
        with pytest.raises(ProblemError) as caught:
            async with install_lock(root, EngineKind.CPU, seen.append, cancel):
                pytest.fail("the lock was taken while another process held it")
        assert caught.value.problem.code == "engine.install_cancelled"
        assert [p.phase for p in seen] == [PHASE_WAITING]

        holder.stdin.close()  # the other process ends: its lock goes with it
        assert await asyncio.wait_for(holder.wait(), 30) == 0
        seen.clear()
        async with install_lock(root, EngineKind.CPU, seen.append, None):
            pass
        assert seen == []
    finally:
        if holder.returncode is None:
            holder.kill()
            await holder.wait()
