"""What a child's environment gets for fast starts: its engine build's compile caches, vLLM's
startup plan where the engine applies it, the AOT load forced once a pre-warm compiled the
launch, and with `optimize=start` on vLLM's CPU build, its worker inside the engine core.

vLLM's CPU build runs its worker in a process of its own (the `mp` executor) so that it can
bind OpenMP threads to cores (vllm/platforms/cpu.py), which costs one more Python process
importing vLLM and torch at every start: 10–25 s here. With VLLM_ENABLE_V1_MULTIPROCESSING=0
the platform lets the worker run in the engine core (`uni`), and the HTTP server still has
its engine core apart. Measured warm, with `-O0`: 27.7 s against 57.7 s (docs/throughput.md).
It is part of "start fast" only: threads are then not pinned, so serving may be slower, and
only on the CPU build, where it was measured.

The startup plan (VLLM_ENABLE_STARTUP_PLAN, vllm/v1/worker/startup_plan.py) keeps the
profiled KV-cache size under the cache root and skips profiling when a later boot has the
same fingerprint and at least the free memory it was measured with. Only vLLM's GPU worker
applies it: 0.32's CPU worker sizes its KV cache without profiling and never reads a plan.
Its fingerprint leaves the memory utilization out, so the app drops a build's plans when a
model's launch changed (compile_cache.StartMarks). The app's own memory check still decides
what is unloaded before a start: a plan only replaces vLLM's measurement inside the budget
the flags give, and the app never reads one.

VLLM_FORCE_AOT_LOAD makes a compiled graph that cannot be loaded a failure instead of a
silent recompile. A launch nobody compiled has no artifact, which would fail too, so it is
forced only when a pre-warm compiled that very launch (prewarm.py marks it), and only on a
build whose starts were seen loading their AOT-compiled graphs (vLLM 0.32's CPU build never
does, so there it is never forced); the failure is diagnosed as `load.stale_compile_cache`
with its fix.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from app.core.contracts import LaunchSpec
from app.core.models.optimize import Optimize
from app.core.states import EngineKind
from app.supervisor.compile_cache import with_build_caches

WORKER_IN_CORE = {"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}
STARTUP_PLAN = {"VLLM_ENABLE_STARTUP_PLAN": "1"}
# vLLM 0.32's CPU build saves AOT-compiled graphs it then fails to load at every warm start
# ("'function' object has no attribute 'finalize_loading'"; "Compiling model again due to a
# load failure"); without AOT compile its warm start loads the inductor cache instead.
# Measured here, the tiny Llama to /health, alternating, one cache each: warm 29.1 / 28.2 s
# with AOT, 24.7 / 24.7 s without (0.86×); cold 49.7 against 47.1 s (docs/throughput.md).
NO_AOT_COMPILE = {"VLLM_USE_AOT_COMPILE": "0"}
# Engines whose worker is vLLM's GPU worker, which applies and saves startup plans.
PLAN_KINDS = frozenset({EngineKind.ROCM})


def fast_spec(
    spec: LaunchSpec,
    cache_dir: Path,
    *,
    kind: EngineKind,
    version: str | None,
    prefix: Sequence[str],
    optimize: Optimize | None,
) -> LaunchSpec:
    """`spec` (final but for this) with what a child of this engine build (its kind, version
    and command prefix, as the planner read them once) gets for a fast start: the flags above,
    then its build's compile caches and the work a pre-warm kept (one call into the caches)."""
    env: dict[str, str] = {}
    if kind in PLAN_KINDS:
        env.update(STARTUP_PLAN)
    if kind is EngineKind.CPU:
        env.update(NO_AOT_COMPILE)
    if optimize == "start" and kind is EngineKind.CPU:
        env.update(WORKER_IN_CORE)
    flagged = dataclasses.replace(spec, env={**spec.env, **env})
    return with_build_caches(flagged, cache_dir, kind, version, prefix)
