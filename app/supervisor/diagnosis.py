"""Turns a failed start or a crash (log lines, exit code) into one Problem, with a Fix if any."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from app.core.problems import Fix, Problem, problem, tr_noop
from app.core.states import LoadPhase
from app.supervisor.watchdog import EXIT_NOT_EXECUTABLE, EXIT_NOT_FOUND, MARKER

TAIL_LINES = 40
SAFE_UTILIZATION_SHARE = 0.95  # of the free share at start-up (what users found to hold)
MIN_UTILIZATION = 0.10  # the setting's minimum: below it a fix is no fix
MAX_LOAD_TIMEOUT_S = 86_400

_FREE_MEMORY = re.compile(
    r"Free memory on device (?P<device>\S+) \((?P<free>[\d.]+)/(?P<total>[\d.]+) GiB\) on "
    r"startup is less than desired GPU memory utilization \((?P<util>[\d.]+), "
    r"(?P<wanted>[\d.]+) GiB\)"
)
_KV_TOO_SMALL = re.compile(
    r"max seq len \((?P<ctx>\d+)\), \((?P<needed>[\d.]+) GiB KV cache is needed, which is larger "
    r"than the available KV cache memory \((?P<available>[\d.]+) GiB\)"
    r"(?:\. Based on the available memory, the estimated maximum model length is "
    r"(?P<estimated>\d+))?"
)
_NO_CACHE = re.compile(r"No available memory for the cache blocks")
_ARCH = re.compile(r"Model architectures? \[?(?P<archs>[^\]]*?)\]? (?:are|is) not supported")
_OOM = re.compile(r"(?:HIP|CUDA) out of memory|OutOfMemoryError")
_ENGINE_DEAD = re.compile(r"EngineDeadError|EngineCore encountered (?:an issue|a fatal error)")


# Failures that fail the same way on every retry of the same spec: FATAL at once.
PERMANENT_CODES = frozenset(
    {"engine.missing", "engine.not_executable", "load.unsupported_architecture"}
)


def is_permanent(problem: Problem) -> bool:
    return problem.code in PERMANENT_CODES


def tail_text(lines: Sequence[str], n: int = TAIL_LINES) -> str:
    return "\n".join(lines[-n:])


def safe_utilization(free_gib: float, total_gib: float) -> float:
    """Largest utilization that fits in what was free: (free / total) × 0.95, rounded down."""
    # The epsilon keeps an exact 0.75 from becoming 0.74 through binary floating point.
    return math.floor(free_gib / total_gib * SAFE_UTILIZATION_SHARE * 100 + 1e-9) / 100


def diagnose(
    lines: Sequence[str], exit_code: int | None, *, model_id: str, was_running: bool = False
) -> Problem:
    """The problem behind an engine that exited: a known vLLM failure, else its log tail."""
    text = "\n".join(lines)
    tail = tail_text(lines)
    if (m := _FREE_MEMORY.search(text)) is not None:
        free, total = float(m["free"]), float(m["total"])
        safe = safe_utilization(free, total)
        fix = None
        if safe >= MIN_UTILIZATION:
            fix = Fix(
                "set_setting",
                "gpu_memory_utilization",
                safe,
                tr_noop("Set GPU memory utilization to {value}"),
            )
        return problem(
            "load.free_memory",
            tr_noop(
                "Only {free_gib} of {total_gib} GiB of GPU memory was free, less than the "
                "{utilization} GPU memory utilization asks for. Use {safe} or less, or close "
                "what else uses the GPU."
            ),
            fix=fix,
            model_id=model_id,
            device=m["device"],
            free_gib=free,
            total_gib=total,
            utilization=float(m["util"]),
            safe=safe,
        )
    if (m := _KV_TOO_SMALL.search(text)) is not None:
        estimated = int(m["estimated"]) if m["estimated"] else None
        numbers: dict[str, Any] = {
            "model_id": model_id,
            "ctx_size": int(m["ctx"]),
            "needed_gib": float(m["needed"]),
            "available_gib": float(m["available"]),
        }
        if estimated is None:
            return problem(
                "load.kv_cache_too_small",
                tr_noop(
                    "The context size {ctx_size} needs {needed_gib} GiB of KV cache, but only "
                    "{available_gib} GiB is available. Lower the context size or raise GPU "
                    "memory utilization."
                ),
                estimated_max=None,
                **numbers,
            )
        return problem(
            "load.kv_cache_too_small",
            tr_noop(
                "The context size {ctx_size} needs {needed_gib} GiB of KV cache, but only "
                "{available_gib} GiB is available. Lower the context size (at most "
                "{estimated_max} fits) or raise GPU memory utilization."
            ),
            fix=Fix(
                "set_model_option",
                "ctx_size",
                estimated,
                tr_noop("Set the context size to {value}"),
            ),
            estimated_max=estimated,
            **numbers,
        )
    if _NO_CACHE.search(text):
        return problem(
            "load.no_cache_memory",
            tr_noop(
                "The model's weights left no memory for the KV cache. Raise GPU memory "
                "utilization or choose a smaller model."
            ),
            model_id=model_id,
        )
    if (m := _ARCH.search(text)) is not None:
        return problem(
            "load.unsupported_architecture",
            tr_noop("This vLLM build does not support the model's architecture ({architecture})."),
            model_id=model_id,
            architecture=m["archs"].replace("'", "").strip(),
        )
    if exit_code in (EXIT_NOT_FOUND, EXIT_NOT_EXECUTABLE) and MARKER in text:
        command = _watchdog_command(text)
        return engine_unusable(command, found=exit_code != EXIT_NOT_FOUND)
    if _OOM.search(text):
        return problem(
            "load.out_of_memory",
            tr_noop(
                "The GPU ran out of memory. Lower GPU memory utilization or the context size, "
                "or close what else uses the GPU."
            ),
            model_id=model_id,
            log_tail=tail,
        )
    if _ENGINE_DEAD.search(text):
        return problem(
            "load.engine_dead",
            tr_noop("vLLM's engine core died (exit code {exit_code}). The log shows why."),
            model_id=model_id,
            exit_code=exit_code,
            log_tail=tail,
        )
    if was_running:
        return problem(
            "run.exited",
            tr_noop("The vLLM server of {model_id} stopped by itself (exit code {exit_code})."),
            model_id=model_id,
            exit_code=exit_code,
            log_tail=tail,
        )
    return problem(
        "load.exited",
        tr_noop("The vLLM server of {model_id} exited with code {exit_code} while loading."),
        model_id=model_id,
        exit_code=exit_code,
        log_tail=tail,
    )


def timeout(
    model_id: str, timeout_s: float, phase: LoadPhase | None, lines: Sequence[str]
) -> Problem:
    """The load did not become ready in time; a cold first load compiles kernels first."""
    raised = int(min(MAX_LOAD_TIMEOUT_S, max(2 * timeout_s, timeout_s + 600)))
    return problem(
        "load.timeout",
        tr_noop(
            "{model_id} was not ready after {timeout_s} seconds. A cold first load compiles "
            "kernels and can take many minutes; raise the load timeout and try again."
        ),
        fix=Fix(
            "set_setting", "load_timeout_s", raised, tr_noop("Set the load timeout to {value} s")
        ),
        model_id=model_id,
        timeout_s=round(timeout_s, 1),
        phase=phase.value if phase is not None else None,
        log_tail=tail_text(lines),
    )


def health_lost(model_id: str, failures: int, lines: Sequence[str]) -> Problem:
    return problem(
        "run.health_lost",
        tr_noop(
            "The vLLM server of {model_id} stopped answering its health check ({failures} "
            "times in a row) and was stopped."
        ),
        model_id=model_id,
        failures=failures,
        log_tail=tail_text(lines),
    )


def engine_unusable(command: str, *, found: bool) -> Problem:
    """The engine command itself cannot be run (`engine.not_executable` / `engine.missing`)."""
    if found:
        return problem(
            "engine.not_executable",
            tr_noop("The engine command {command} exists but cannot be executed."),
            command=command,
        )
    return problem(
        "engine.missing",
        tr_noop(
            "The engine command {command} was not found. Install an engine with "
            "vllm-tray engine install, or set the custom engine command."
        ),
        command=command,
    )


def cancelled(model_id: str) -> Problem:
    return problem(
        "load.cancelled",
        tr_noop("Loading {model_id} was stopped before it finished."),
        model_id=model_id,
    )


def shutting_down(model_id: str) -> Problem:
    return problem(
        "supervisor.shutting_down",
        tr_noop("{model_id} cannot start: the app is shutting down."),
        model_id=model_id,
    )


def _watchdog_command(text: str) -> str:
    for line in text.splitlines():
        if line.startswith(MARKER) and (m := re.search(r"(?:start|execute) (.+?):", line)):
            return m.group(1)
    return ""
