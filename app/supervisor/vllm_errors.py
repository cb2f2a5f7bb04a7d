"""Rules that recognise a failure in vLLM's own output and say it as one Problem.

Every pattern here was read off vLLM 0.32's output for that failure (kept verbatim in
tests/fakes/data/vllm_cpu_fail_*.log, captured by tests/real_engine/capture_failures.py) or,
for GPU-only failures, off the message in vLLM's source. Each rule gets the whole output as
one text and returns a Problem, or None when the output is not its failure.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from app.core.problems.problems import Fix, FixKind, Problem, problem, tr_noop, worded_problem

SAFE_UTILIZATION_SHARE = 0.95  # of the free share at start-up (what users found to hold)
MIN_UTILIZATION = 0.10  # the setting's minimum: below it a fix is no fix

_FREE_MEMORY = re.compile(
    r"Free memory on device (?P<device>\S+) \((?P<free>[\d.]+)/(?P<total>[\d.]+) GiB\) on "
    r"startup is less than desired GPU memory utilization \((?P<util>[\d.]+), "
    r"(?P<wanted>[\d.]+) GiB\)"
)
# The CPU build's twin, raised when its worker starts (cpu_worker.py).
_CPU_FREE_MEMORY = re.compile(
    r"Available memory on node (?P<node>\d+) \((?P<free>[\d.]+)/(?P<total>[\d.]+) GiB\) on "
    r"startup is less than desired CPU memory utilization \((?P<util>[\d.]+), "
    r"(?P<wanted>[\d.]+) GiB\)"
)
# Raised after the warm-up when the KV cache (VLLM_CPU_KVCACHE_SPACE or
# --kv-cache-memory-bytes, or the share --gpu-memory-utilization leaves) does not fit.
_CPU_KV_MEMORY = re.compile(
    r"Available memory on node (?P<node>\d+) \((?P<free>[\d.]+)/(?P<total>[\d.]+) GiB\) on "
    r"kv cache allocation is less than requested memory for kv "
    r"\((?P<requested>[\d.]+)(?:/(?P<budget>[\d.]+))? GiB\)"
)
_KV_TOO_SMALL = re.compile(
    r"max seq len \((?P<ctx>\d+)\), \((?P<needed>[\d.]+) GiB KV cache is needed, which is larger "
    r"than the available KV cache memory \((?P<available>[\d.]+) GiB\)"
    r"(?:\. Based on the available memory, the estimated maximum model length is "
    r"(?P<estimated>\d+))?"
)
_NO_CACHE = re.compile(r"No available memory for the cache blocks")
_CTX_OVER_LIMIT = re.compile(
    r"User-specified max_model_len \((?P<ctx>\d+)\) is greater than the derived max_model_len "
    r"\((?P<key>\w+)=(?P<limit>[\d.]+)"
)
_ARCH = re.compile(r"Model architectures? \[?(?P<archs>[^\]]*?)\]? (?:are|is) not supported")
_NO_WEIGHTS = re.compile(r"Cannot find any model weights with [`'\"]?(?P<path>[^`'\"\n]+)")
_BAD_CONFIG = re.compile(
    r"Error: It looks like the config file at '(?P<path>[^']+)' is not a valid JSON file"
    r"|Unrecognized model in (?P<folder>\S+)\. Should have a `model_type` key"
)
_JSON_ERROR = re.compile(r"JSONDecodeError: (?P<detail>.+)")
# argparse's last line (exit status 2): `api_server.py: error: …`.
_ARGPARSE = re.compile(r"^[\w.-]+: error: (?P<message>.+)$", re.MULTILINE)
_UNKNOWN_FLAGS = re.compile(r"unrecognized arguments: (?P<flags>.+)")
_BAD_CHOICE = re.compile(
    r"argument (?P<flag>[^\s:/]+)[^:]*: invalid choice: '(?P<value>[^']*)'"
    r"(?: \(choose from (?P<choices>.+)\))?"
)
_BAD_VALUE = re.compile(r"argument (?P<flag>[^\s:/]+)[^:]*: invalid \S+ value: '(?P<value>[^']*)'")
_PORT_IN_USE = re.compile(r"\[Errno 98\]|Address already in use")
_NO_VLLM = re.compile(
    r"Error while finding module specification for '(?P<module>[\w.]+)' "
    r"\((?P<cause>ModuleNotFoundError: [^)]*)\)"
    r"|No module named '?(?P<missing>vllm[\w.]*)'?"
)
_OOM = re.compile(r"(?:HIP|CUDA) out of memory|OutOfMemoryError")
# vllm/compilation/decorators.py, when an AOT-compiled graph in the cache cannot be loaded;
# with VLLM_FORCE_AOT_LOAD=1 the same error is then raised (the reason comes again).
_AOT_LOAD_FAILED = re.compile(
    r"Compiling model again due to a load failure from (?P<path>\S+), reason: (?P<reason>[^\n]+)"
)
REASON_CHARS = 200


def safe_utilization(free_gib: float, total_gib: float) -> float:
    """Largest utilization that fits in what was free: (free / total) × 0.95, rounded down."""
    # The epsilon keeps an exact 0.75 from becoming 0.74 through binary floating point.
    return math.floor(free_gib / total_gib * SAFE_UTILIZATION_SHARE * 100 + 1e-9) / 100


def _utilization_fix(safe: float) -> Fix | None:
    if safe < MIN_UTILIZATION:
        return None
    return Fix(
        FixKind.SET_SETTING,
        "models.gpu_memory_utilization",
        safe,
        tr_noop("Set GPU memory utilization to {value}"),
    )


def _ctx_fix(value: int) -> Fix:
    return Fix(
        FixKind.SET_MODEL_OPTION, "ctx_size", value, tr_noop("Set the context size to {value}")
    )


def free_memory(text: str, model_id: str) -> Problem | None:
    if (m := _FREE_MEMORY.search(text)) is not None:
        free, total = float(m["free"]), float(m["total"])
        safe = safe_utilization(free, total)
        return problem(
            "load.free_memory",
            fix=_utilization_fix(safe),
            model_id=model_id,
            device=m["device"],
            free_gib=free,
            total_gib=total,
            utilization=float(m["util"]),
            safe=safe,
        )
    if (m := _CPU_FREE_MEMORY.search(text)) is not None:
        free, total = float(m["free"]), float(m["total"])
        safe = safe_utilization(free, total)
        return problem(
            "load.cpu_free_memory",
            fix=_utilization_fix(safe),
            model_id=model_id,
            node=int(m["node"]),
            free_gib=free,
            total_gib=total,
            utilization=float(m["util"]),
            safe=safe,
        )
    return None


def cpu_kv_memory(text: str, model_id: str) -> Problem | None:
    m = _CPU_KV_MEMORY.search(text)
    if m is None:
        return None
    free, requested = float(m["free"]), float(m["requested"])
    # VLLM_CPU_KVCACHE_SPACE counts whole GiB: what fits is the free memory, rounded down.
    fits = max(0, math.floor(free) - 1)
    return problem(
        "load.cpu_kv_cache_memory",
        model_id=model_id,
        node=int(m["node"]),
        free_gib=free,
        total_gib=float(m["total"]),
        requested_gib=requested,
        fits_gib=fits,
    )


def kv_too_small(text: str, model_id: str) -> Problem | None:
    m = _KV_TOO_SMALL.search(text)
    if m is None:
        return None
    estimated = int(m["estimated"]) if m["estimated"] else None
    numbers: dict[str, Any] = {
        "model_id": model_id,
        "ctx_size": int(m["ctx"]),
        "needed_gib": float(m["needed"]),
        "available_gib": float(m["available"]),
    }
    if estimated is None:
        return problem("load.kv_cache_too_small", estimated_max=None, **numbers)
    return worded_problem(
        "load.kv_cache_too_small",
        tr_noop(
            "The KV cache holds fewer tokens than one request of the context size {ctx_size} "
            "needs ({needed_gib} GiB needed, {available_gib} GiB available). Lower the context "
            "size (at most {estimated_max} fits) or make the KV cache bigger."
        ),
        fix=_ctx_fix(estimated),
        estimated_max=estimated,
        **numbers,
    )


def no_cache_memory(text: str, model_id: str) -> Problem | None:
    if not _NO_CACHE.search(text):
        return None
    return problem("load.no_cache_memory", model_id=model_id)


def ctx_over_limit(text: str, model_id: str) -> Problem | None:
    m = _CTX_OVER_LIMIT.search(text)
    if m is None:
        return None
    limit = int(float(m["limit"]))
    return problem(
        "load.ctx_over_limit",
        fix=_ctx_fix(limit),
        model_id=model_id,
        ctx_size=int(m["ctx"]),
        limit=limit,
        limit_key=m["key"],
    )


def unsupported_architecture(text: str, model_id: str) -> Problem | None:
    m = _ARCH.search(text)
    if m is None:
        return None
    return problem(
        "load.unsupported_architecture",
        model_id=model_id,
        architecture=m["archs"].replace("'", "").strip(),
    )


def model_files(text: str, model_id: str) -> Problem | None:
    if (m := _NO_WEIGHTS.search(text)) is not None:
        return problem("load.no_weights", model_id=model_id, path=m["path"].strip())
    if (m := _BAD_CONFIG.search(text)) is not None:
        detail = _JSON_ERROR.search(text)
        return problem(
            "load.bad_config",
            model_id=model_id,
            path=m["path"] or m["folder"],
            detail=detail["detail"].strip() if detail else "not valid",
        )
    return None


def bad_arguments(text: str, model_id: str) -> Problem | None:
    """argparse refused the command line: vLLM exits 2 before any engine starts."""
    m = _ARGPARSE.search(text)
    if m is None:
        return None
    message = m["message"].strip()
    if (u := _UNKNOWN_FLAGS.search(message)) is not None:
        return problem("engine.unknown_flag", model_id=model_id, flags=u["flags"].strip())
    if (c := _BAD_CHOICE.search(message)) is not None:
        return problem(
            "engine.bad_flag_value",
            model_id=model_id,
            flag=c["flag"],
            value=c["value"],
            choices=(c["choices"] or "").replace("'", ""),
        )
    if (v := _BAD_VALUE.search(message)) is not None:
        return problem(
            "engine.bad_flag_value", model_id=model_id, flag=v["flag"], value=v["value"], choices=""
        )
    return problem("engine.bad_arguments", model_id=model_id, message=message)


def port_in_use(text: str, model_id: str) -> Problem | None:
    if not _PORT_IN_USE.search(text):
        return None
    return problem("load.port_in_use", model_id=model_id)


def engine_lacks_vllm(text: str, model_id: str) -> Problem | None:
    m = _NO_VLLM.search(text)
    if m is None:
        return None
    cause = m["cause"] or f"No module named '{m['missing']}'"
    return problem("engine.broken", model_id=model_id, cause=cause)


def out_of_memory(text: str, model_id: str) -> Problem | None:
    if not _OOM.search(text):
        return None
    return problem("load.out_of_memory", model_id=model_id)


def stale_compile_cache(text: str, model_id: str) -> Problem | None:
    """A forced AOT load failed: the warning names the artifact, and the start then failed
    with its reason (unforced, vLLM recompiles and the reason is not raised)."""
    m = _AOT_LOAD_FAILED.search(text)
    if m is None:
        return None
    reason = m["reason"].strip()[:REASON_CHARS]
    if reason not in text[m.end() :]:
        return None
    return problem("load.stale_compile_cache", model_id=model_id, path=m["path"], reason=reason)


Rule = Callable[[str, str], Problem | None]
# Most specific first: a KV-cache failure also ends in "Engine core initialization failed".
RULES: tuple[Rule, ...] = (
    free_memory,
    cpu_kv_memory,
    kv_too_small,
    no_cache_memory,
    ctx_over_limit,
    unsupported_architecture,
    model_files,
    stale_compile_cache,
    bad_arguments,
    port_in_use,
    engine_lacks_vllm,
    out_of_memory,
)
