"""What a child's environment gets for fast starts: its engine build's compile caches, and
with `optimize=start` on vLLM's CPU build, its worker inside the engine core process.

vLLM's CPU build runs its worker in a process of its own (the `mp` executor) so that it can
bind OpenMP threads to cores (vllm/platforms/cpu.py), which costs one more Python process
importing vLLM and torch at every start: 10–25 s here. With VLLM_ENABLE_V1_MULTIPROCESSING=0
the platform lets the worker run in the engine core (`uni`), and the HTTP server still has
its engine core apart. Measured warm, with `-O0`: 27.7 s against 57.7 s (docs/throughput.md).
It is part of "start fast" only: threads are then not pinned, so serving may be slower, and
only on the CPU build, where it was measured.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from app.core.optimize import Optimize
from app.core.states import EngineKind
from app.supervisor.compile_cache import build_env

WORKER_IN_CORE = {"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}


def start_env(
    cache_dir: Path,
    kind: EngineKind,
    version: str | None,
    prefix: Sequence[str],
    optimize: Optimize | None,
) -> dict[str, str]:
    """What a child of this engine build (its kind, version and command prefix, as the
    planner read them once) gets in its environment for a fast start."""
    env = build_env(cache_dir, kind, version, prefix)
    if optimize == "start" and kind is EngineKind.CPU:
        env.update(WORKER_IN_CORE)
    return env
