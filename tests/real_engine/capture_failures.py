"""Capture vLLM's own output for each failure in failure_cases.py into tests/fakes/data.

Run by hand, under the real-engine lock, when the pinned vLLM changes:
`flock /tmp/vllm-tray-real-engine.lock .venv/bin/python -m tests.real_engine.capture_failures
[NAME ...]`. Output is kept verbatim (stdout and stderr merged, as the supervisor reads them).
`warm_start` captures a good start instead (run it after any other start, so the compile
cache is warm) into vllm_cpu_startup_warm.log.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from app.supervisor.engines.cpu import SERVER_MODULE
from tests.real_engine.conftest import engine_child_env, ensure_cpu_engine, ensure_tiny_model
from tests.real_engine.failure_cases import (
    BY_NAME,
    CASES,
    FailureCase,
    model_variant,
    spoil_aot_cache,
)

TIMEOUT_S = 600
# Not a failure: a good start with a warm compile cache, for the cold/warm load estimate.
WARM_START = "warm_start"


def run_case(case: FailureCase, good_model: Path, workdir: Path) -> tuple[int, str, float]:
    if case.stale_aot:
        cache = workdir / "stale-aot-cache"
        warm = FailureCase(WARM_START, env={"VLLM_CACHE_ROOT": str(cache)})
        _, out, _ = run_case(warm, good_model, workdir)
        assert spoil_aot_cache(cache), f"the warm start left no AOT artifact:\n{out[-2000:]}"
        case = FailureCase(case.name, env={**case.env, "VLLM_CACHE_ROOT": str(cache)})
    engine = ensure_cpu_engine()
    command = engine.command()
    prefix = (
        (sys.executable, "-m", SERVER_MODULE) if case.python_module_without_vllm else command.prefix
    )
    env = engine_child_env({**command.env, "VLLM_CPU_KVCACHE_SPACE": "1", **case.env})
    for name in case.drop_env:
        env.pop(name, None)
    holder: socket.socket | None = None
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    if case.port_taken:
        holder = socket.socket()
        holder.bind(("127.0.0.1", port))
        holder.listen()
    model = model_variant(good_model, case.model, workdir)
    argv = [
        *prefix,
        "--model",
        str(model),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--served-model-name",
        "tiny",
        "--max-model-len",
        str(case.ctx),
        "--dtype",
        "float32",
        *case.args,
    ]
    started = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            if case.name == WARM_START:
                out = _until_ready(proc)
            else:
                out, _ = proc.communicate(timeout=TIMEOUT_S)
        finally:
            # Whatever the failed engine left in its session must not outlive the capture.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    finally:
        if holder is not None:
            holder.close()
    return proc.returncode, out.decode(errors="replace"), time.monotonic() - started


def _until_ready(proc: subprocess.Popen[bytes]) -> bytes:
    """Read a good start's output until vLLM serves, then stop it the way the app does."""
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if b"Application startup complete" in line:
            break
    os.killpg(proc.pid, signal.SIGTERM)
    rest, _ = proc.communicate(timeout=TIMEOUT_S)
    return b"".join(lines) + rest


def main(names: list[str]) -> int:
    engine = ensure_cpu_engine()
    good = ensure_tiny_model(engine)
    cases = [BY_NAME.get(n) or FailureCase(n) for n in names] if names else list(CASES)
    with tempfile.TemporaryDirectory(prefix="vllm-fail-") as tmp:
        for case in cases:
            code, output, took = run_case(case, good, Path(tmp))
            case.capture.write_text(output, encoding="utf-8")
            print(f"{case.name}: exit {code} after {took:.1f} s -> {case.capture}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
