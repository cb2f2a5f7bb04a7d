"""Suite-wide checks: no asyncio loop in the tests (the runtime's included) stalls; and
the machine's own free RAM and system bus stay out of every test.

Every loop the tests create is watched (tests.stall). A stall of the loop over
STALL_REPORT_S is listed at the end of the run with the stack that blocked; one over
STALL_FAIL_S fails the test that caused it. The report threshold is the one the code is held
to; the failure threshold leaves room for a 2-core machine that is busy with engines. What
fails is the loop's own part of a stall: the time its thread spent ready but waiting for a
CPU that other processes had (Stall.cpu_wait, from the kernel's run-queue accounting) is
the machine's load, not a blocking call, and is left out — so the suite can run its tests
in parallel (pytest-xdist) without a busy neighbour failing a loop that never blocked.
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.memory.meminfo import MEMINFO_ENV
from tests.stall import Stall, StallWatch

STALL_REPORT_S = 0.1
STALL_FAIL_S = 1.0

_stalls: list[tuple[str, Stall]] = []
_current = [""]


def _record(stall: Stall) -> None:
    _stalls.append((_current[0], stall))


_watch = StallWatch(STALL_REPORT_S, _record)


class _WatchedLoops(asyncio.DefaultEventLoopPolicy):
    def new_event_loop(self) -> asyncio.AbstractEventLoop:
        loop = super().new_event_loop()
        _watch.watch(loop)
        return loop


asyncio.set_event_loop_policy(_WatchedLoops())

# No test reaches the machine's system bus: logind there would hand every runtime a real sleep
# lock and real suspend signals. Tests that want logind start their own (tests/fakes/fake_logind).
os.environ["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=/nonexistent/vllm-tray-tests/system_bus_socket"

# Nor does a test depend on how much RAM this shared machine has free right now: the app
# bounds the CPU engine's and an APU's memory by MemAvailable (docs/memory.md), so every
# runtime and CLI the tests start reads a roomy /proc/meminfo of its own unless the test
# gives one (VLLM_TRAY_MEMINFO, RuntimeOptions.meminfo_path).
_MEMINFO_DIR = tempfile.mkdtemp(prefix="vllm-tray-tests-")
atexit.register(shutil.rmtree, _MEMINFO_DIR, True)
_MEMINFO = Path(_MEMINFO_DIR) / "meminfo"
_MEMINFO.write_text(
    "MemTotal:       67108864 kB\nMemFree:        33554432 kB\nMemAvailable:   50331648 kB\n"
)
os.environ[MEMINFO_ENV] = str(_MEMINFO)

# Nor the live advisory database: the app refreshes vLLM's advisories from osv.dev when online
# (app/runtime/services/osv_refresh.py); tests that want a refresh start a fake OSV server.
os.environ["VLLM_TRAY_OSV_URL"] = "off"


def pytest_configure(config: pytest.Config) -> None:
    # `make test` follows the run's progress in a ledger: see tests/ledger.py.
    from tests.ledger import register

    register(config)
    # `make test` runs the non-real tier on pytest-xdist workers: see tests/xdist_groups.py.
    if config.pluginmanager.hasplugin("xdist"):
        from tests.xdist_groups import XdistGroups

        config.pluginmanager.register(XdistGroups(), "vllm-tray-xdist-groups")


@pytest.fixture(autouse=True)
def _no_loop_stalls(request: pytest.FixtureRequest) -> Iterator[None]:
    _current[0] = request.node.nodeid
    before = len(_stalls)
    yield
    worst = max((s for _, s in _stalls[before:]), key=lambda s: s.own, default=None)
    if worst is not None and worst.own > STALL_FAIL_S:
        pytest.fail(
            f"an asyncio loop stalled for {worst.seconds:.2f} s, {worst.own:.2f} s of it not"
            f" waiting for a CPU ({worst.cpu_wait:.2f} s) nor in garbage collection"
            f" ({worst.gc_s:.2f} s): a blocking call on the loop, or another thread holding"
            f" the GIL?\n{worst.where}",
            pytrace=False,
        )


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _stalls:
        return
    terminalreporter.section(f"asyncio loop stalls over {STALL_REPORT_S * 1000:.0f} ms")
    for nodeid, stall in sorted(_stalls, key=lambda item: -item[1].seconds)[:15]:
        waited = f" ({stall.cpu_wait * 1000:.0f} ms waiting for a CPU)" if stall.cpu_wait else ""
        terminalreporter.write_line(f"{stall.seconds * 1000:7.0f} ms  {nodeid}{waited}")
        for line in _where(stall.where):
            terminalreporter.write_line(f"           {line}")


def _where(stack: str) -> list[str]:
    """The innermost frame of this project's code, and the innermost frame of all."""
    frames = [line.strip() for line in stack.splitlines() if line.strip().startswith("File ")]
    ours = [f for f in frames if "/app/" in f or "/tests/" in f]
    picked = [ours[-1]] if ours else []
    if frames and frames[-1] not in picked:
        picked.append(frames[-1])
    return picked or ["(the loop was not caught in the act)"]


# The app reads the endpoint's key from VLLM_TRAY_API_KEY and secrets from the keyring: a
# developer's own must not reach the tests, and one test's must not reach the next.
SECRET_ENV = ("VLLM_TRAY_API_KEY", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN")


@pytest.fixture(autouse=True, scope="session")
def _no_machine_secrets() -> Iterator[None]:
    import keyring
    from keyring.backends import fail

    patch = pytest.MonkeyPatch()
    for name in SECRET_ENV:
        patch.delenv(name, raising=False)
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())  # the secrets file of each test's config dir
    yield
    keyring.set_keyring(previous)
    patch.undo()


def _secret_state() -> tuple[object, ...]:
    import os

    import keyring

    return (*(os.environ.get(name) for name in SECRET_ENV), type(keyring.get_keyring()))


@pytest.fixture(autouse=True)
def _secrets_stay_put() -> Iterator[None]:
    before = _secret_state()
    yield
    after = _secret_state()
    if after != before:
        pytest.fail(f"this test left a secret behind for the next: {before} -> {after}")


@pytest.fixture(autouse=True)
def _garbage_collection_comes_back() -> Iterator[None]:
    """A GUI app collects cycles on its own thread and turns automatic collection off while
    it runs (app.gui.gc_guard); a test that leaves one unclosed must not leave the rest of
    its worker without a collector (memory grows, every fork gets slower)."""
    yield
    guard = sys.modules.get("app.gui.gc_guard")
    if guard is not None and not gc.isenabled():
        guard.reset()
