"""The pool of engines kept ready, with a stand-in for vLLM's server module run by this Python
under the real watchdog: which loads a spare serves, what it is handed, when it is released."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from app.core.events import EventBus
from app.supervisor import spare as spare_mod
from app.supervisor.childenv import API_KEY_VAR, GUARD_DIR
from app.supervisor.spare import (
    FORK_VAR,
    SERVER_MODULE,
    SparePool,
    command,
    early_env,
    request,
    single_process,
)
from app.supervisor.supervisor import Supervisor
from tests.process_tree import descendants, wait_gone

# Stands in for vLLM's server: says how it was run, then serves until stopped.
FAKE_SERVER = """
import json, os, sys, time
if __name__ == "__main__":
    print("SERVED " + json.dumps({"argv": sys.argv[1:], "key": os.environ.get("VLLM_API_KEY")}),
          flush=True)
    time.sleep(600)
"""
WAIT_S = 60.0


def stand_in_server(tmp_path: Path) -> Path:
    """A folder holding FAKE_SERVER as vLLM's server module, for a child's PYTHONPATH."""
    module = tmp_path / "fake" / Path(*SERVER_MODULE.split(".")).with_suffix(".py")
    module.parent.mkdir(parents=True)
    module.write_text(FAKE_SERVER)
    return tmp_path / "fake"


@pytest.fixture
def fake_vllm(tmp_path: Path) -> Path:
    return stand_in_server(tmp_path)


def load(fake: Path, key: str = "k1", **extra: str) -> tuple[list[str], dict[str, str]]:
    argv = [sys.executable, "-m", SERVER_MODULE, "--port", "9", "--model", "/m"]
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": f"{GUARD_DIR}{os.pathsep}{fake}",
        API_KEY_VAR: key,
        **extra,
    }
    return argv, env


async def imported(pool: SparePool) -> int:
    async with asyncio.timeout(WAIT_S):
        pid = await pool.wait_imported()
    assert pid is not None, "no engine kept ready was starting"
    return pid


class Seen:
    """Lines handed to a load, and an event once one starting with `wanted` came."""

    def __init__(self, wanted: str) -> None:
        self.lines: list[str] = []
        self.came = asyncio.Event()
        self._wanted = wanted

    def __call__(self, line: str) -> None:
        self.lines.append(line)
        if line.startswith(self._wanted):
            self.came.set()


def test_only_the_server_module_run_by_a_python_has_a_spare_command() -> None:
    assert command(["/v/python", "-m", SERVER_MODULE, "--port", "1"]) == (
        "/v/python",
        "-m",
        "vllm_tray_spare",
        SERVER_MODULE,
    )
    assert command(["/v/python", "-P", "-m", SERVER_MODULE])[:2] == ("/v/python", "-P")  # type: ignore[index]
    assert command(["vllm", "serve", SERVER_MODULE]) is None
    assert command(["/v/python", "-c", SERVER_MODULE]) is None
    assert command(["/v/python", "-X", "dev", "-m", SERVER_MODULE]) is None
    assert command([]) is None


def test_the_keys_and_kv_cache_size_may_differ_per_load_nothing_else() -> None:
    base = {"A": "1", API_KEY_VAR: "k", "VLLM_CPU_KVCACHE_SPACE": "2"}
    assert early_env(base) == early_env(
        {**base, API_KEY_VAR: "other", "VLLM_CPU_KVCACHE_SPACE": "9"}
    )
    assert early_env(base) != early_env({**base, "VLLM_SERVER_DEV_MODE": "1"})
    assert early_env(base) != early_env({**base, "A": "2"})


def test_the_request_holds_the_flags_after_the_module_and_the_whole_env() -> None:
    raw = request(["/p", "-m", SERVER_MODULE, "--port", "1"], {"A": "1"})
    # A single-process engine: its EngineCore is forked from the spare.
    assert json.loads(raw) == {"argv": ["--port", "1"], "env": {"A": "1", FORK_VAR: "fork"}}


@pytest.mark.parametrize(
    ("flags", "forked"),
    [
        (["--tensor-parallel-size", "1", "--pipeline-parallel-size=1"], True),
        (["--tensor-parallel-size", "2"], False),
        (["-tp=2"], False),
        (["--pipeline-parallel-size", " 2"], False),
        (["--data-parallel-size", "2"], False),
        (["--distributed-executor-backend", "uni"], False),
        (["--tensor-parallel-size"], False),  # no value: not known to be one process
        (["--max-model-len", "2"], True),
    ],
)
def test_only_a_single_process_engine_is_forked_from_the_spare(
    flags: list[str], forked: bool
) -> None:
    assert single_process(flags) is forked
    env = json.loads(request(["/p", "-m", SERVER_MODULE, *flags], {}))["env"]
    assert (env.get(FORK_VAR) == "fork") is forked


async def test_a_load_takes_the_spare_with_its_own_key_and_flags(
    tmp_path: Path, fake_vllm: Path
) -> None:
    pool = SparePool(tmp_path / "state", enabled=lambda: True, eligible=lambda p: True)
    argv, env = load(fake_vllm)
    await pool.refill(argv, env)
    await imported(pool)
    seen = Seen("SERVED")
    lines = seen.lines
    other_argv, other_env = load(fake_vllm, key="k2")
    child = pool.take(other_argv, other_env, seen)
    assert child is not None
    try:
        async with asyncio.timeout(WAIT_S):
            await seen.came.wait()
        served = json.loads(next(x for x in lines if x.startswith("SERVED"))[7:])
        assert served == {"argv": ["--port", "9", "--model", "/m"], "key": "k2"}
        assert any("load received" in line for line in lines)
        assert any("loading on the engine kept ready" in line for line in lines)
        assert pool.take(argv, env, lines.append) is None  # taken: gone from the pool
    finally:
        await child.terminate(5.0)
        await pool.close()


async def test_a_load_with_another_early_env_or_engine_spawns_as_usual(
    tmp_path: Path, fake_vllm: Path
) -> None:
    pool = SparePool(tmp_path / "state", enabled=lambda: True, eligible=lambda p: True)
    argv, env = load(fake_vllm)
    await pool.refill(argv, env)
    try:
        assert pool.take(*load(fake_vllm, VLLM_SERVER_DEV_MODE="1"), print) is None
        assert pool.take([*argv[:1], "-m", "other.module"], env, print) is None
        assert pool.take(argv, {**env, "PYTHONPATH": str(fake_vllm)}, print) is None
        assert len(pool.waiting()) <= 1
    finally:
        await pool.close()
    assert pool.waiting() == []


async def test_no_spare_while_the_setting_is_off_or_memory_is_short(
    tmp_path: Path, fake_vllm: Path
) -> None:
    off = SparePool(tmp_path / "s1", enabled=lambda: False, eligible=lambda p: True)
    short = SparePool(
        tmp_path / "s2", enabled=lambda: True, eligible=lambda p: True, available=lambda: 1
    )
    other = SparePool(tmp_path / "s3", enabled=lambda: True, eligible=lambda p: False)
    for pool in (off, short, other):
        await pool.refill(*load(fake_vllm))
        assert pool.take(*load(fake_vllm), print) is None


async def test_turning_the_setting_off_releases_the_waiting_spare(
    tmp_path: Path, fake_vllm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(spare_mod, "CHECK_EVERY_S", 0.05)
    wanted = [True]
    pool = SparePool(tmp_path / "state", enabled=lambda: wanted[0], eligible=lambda p: True)
    await pool.refill(*load(fake_vllm))
    pid = await imported(pool)
    tree = [pid, *(p.pid for p in descendants(pid))]
    wanted[0] = False
    assert await asyncio.to_thread(wait_gone, tree, WAIT_S) == []
    assert pool.waiting() == []
    assert not list((tmp_path / "state").glob("child-spare-*.json"))  # the record went too
    await pool.close()


APP = """
import asyncio, json, sys
from pathlib import Path
from app.supervisor.spare import SparePool

async def main() -> None:
    argv, env = json.loads(sys.argv[2])
    pool = SparePool(Path(sys.argv[1]), enabled=lambda: True, eligible=lambda p: True)
    await pool.refill(argv, env)
    print(await pool.wait_imported(), flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def test_sigkill_of_the_app_takes_a_waiting_spare_down(tmp_path: Path, fake_vllm: Path) -> None:
    app = subprocess.Popen(
        [sys.executable, "-c", APP, str(tmp_path / "state"), json.dumps(load(fake_vllm))],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert app.stdout is not None
        watchdog = int(app.stdout.readline())
        tree = [watchdog, *(p.pid for p in descendants(watchdog))]
        assert len(tree) == 2  # the watchdog and the waiting engine
        app.kill()
        app.wait()
        assert wait_gone(tree, WAIT_S) == []
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        assert app.stdout is not None
        app.stdout.close()


async def test_two_loads_ready_at_once_start_one_spare(tmp_path: Path, fake_vllm: Path) -> None:
    pool = SparePool(tmp_path / "state", enabled=lambda: True, eligible=lambda p: True)
    try:
        await asyncio.gather(pool.refill(*load(fake_vllm)), pool.refill(*load(fake_vllm, "k2")))
        await imported(pool)
        watchdogs = [
            p for p in psutil.Process().children() if "watchdog.py" in " ".join(p.cmdline())
        ]
        assert len(watchdogs) == 1
    finally:
        await pool.close()


async def test_the_supervisor_says_when_a_spare_is_ready(tmp_path: Path, fake_vllm: Path) -> None:
    pool = SparePool(tmp_path / "state", enabled=lambda: True, eligible=lambda p: True)
    sv = Supervisor(EventBus(), tmp_path / "logs", tmp_path / "state", spares=pool)
    bare = Supervisor(EventBus(), tmp_path / "logs2", tmp_path / "state2")
    try:
        assert not await bare.spare_ready(0.01)
        # None kept or starting: answered at once, not after the wait (the wait is long).
        assert not await sv.spare_ready(3600)
        await pool.refill(*load(fake_vllm))
        assert await sv.spare_ready(WAIT_S)
    finally:
        await sv.shutdown()
        await bare.shutdown()
    assert pool.waiting() == []  # the shutdown released it


def test_a_load_no_spare_serves_is_still_run_by_the_spare_module_at_once(
    tmp_path: Path, fake_vllm: Path
) -> None:
    # The setting off: nothing kept ready, but the load's server still forks vLLM's processes.
    pool = SparePool(tmp_path / "state", enabled=lambda: False, eligible=lambda p: True)
    argv, env = load(fake_vllm)
    launch = pool.forking(argv, env)
    assert launch is not None
    assert launch.argv == [sys.executable, "-m", "vllm_tray_spare", SERVER_MODULE]
    sent = json.loads(launch.request)
    assert sent["argv"] == ["--port", "9", "--model", "/m"]
    assert sent["env"] == {**env, FORK_VAR: "fork"}
    # Where a spare could not run the load, the load's own command runs as it is.
    assert (
        SparePool(tmp_path / "s2", enabled=lambda: True, eligible=lambda p: False).forking(
            argv, env
        )
        is None
    )
    assert pool.forking(argv, {**env, "PYTHONPATH": str(fake_vllm)}) is None


async def test_a_refill_after_a_load_waits_and_is_awaited_by_those_who_wait_for_a_spare(
    tmp_path: Path, fake_vllm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(spare_mod, "REFILL_AFTER_S", 0.3)
    pool = SparePool(tmp_path / "state", enabled=lambda: True, eligible=lambda p: True)
    try:
        pool.refill_later(*load(fake_vllm))
        assert pool.waiting() == []  # not at once: the load's first answer comes first
        # A waiter counts the refill to come (a measured load waits for its spare).
        assert await asyncio.wait_for(pool.wait_imported(), WAIT_S) is not None
    finally:
        await pool.close()
    # Closed before its time: nothing starts.
    closed = SparePool(tmp_path / "s2", enabled=lambda: True, eligible=lambda p: True)
    closed.refill_later(*load(fake_vllm))
    await closed.close()
    assert closed.waiting() == [] and await closed.wait_imported() is None
