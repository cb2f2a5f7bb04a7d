"""Swap policy: which running models to unload (or put to sleep) so that a new one fits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.core.contracts import SleepGauge, SleepSpec
from app.core.gpu import GpuInfo


@dataclass(frozen=True)
class SwapCandidate:
    """A running model that could be unloaded.

    `planned_bytes` is the memory it holds (what unloading it frees); `in_flight` its requests
    being served; `last_used` when its last request started or ended (any monotonic clock,
    only the order matters).
    """

    model_id: str
    planned_bytes: int
    in_flight: int
    last_used: float
    # Bytes it would still hold asleep when it can sleep (vLLM's sleep mode); None: it cannot,
    # making room means stopping it.
    asleep_bytes: int | None = None
    # Already asleep: `planned_bytes` is then what it still holds, and only a stop frees it.
    sleeping: bool = False


def choose_victims(
    candidates: Sequence[SwapCandidate],
    needed_bytes: int,
    budget_bytes: int,
    used_bytes: int,
) -> list[str] | None:
    """Return the models to unload, in order, so that `needed_bytes` fit beside the rest.

    `used_bytes` is what is in use now (it includes every candidate's `planned_bytes` and
    anything else that holds memory); the new model fits when
    `used_bytes - freed + needed_bytes <= budget_bytes`. Idle models go least recently used
    first; a model with requests in flight is never chosen. An empty list means it fits as
    is; None means it cannot fit even after unloading every idle model, so the caller waits
    for in-flight requests to finish (bounded) or refuses the load.
    """
    _check(candidates, needed_bytes, budget_bytes, used_bytes)
    excess = used_bytes + needed_bytes - budget_bytes
    if excess <= 0:
        return []
    # The model id breaks ties so that the same inputs always give the same victims.
    idle = sorted(
        (c for c in candidates if c.in_flight == 0 and c.planned_bytes > 0),
        key=lambda c: (c.last_used, c.model_id),
    )
    victims: list[str] = []
    for candidate in idle:
        victims.append(candidate.model_id)
        excess -= candidate.planned_bytes
        if excess <= 0:
            return _drop_unneeded(victims, {c.model_id: c.planned_bytes for c in idle}, excess)
    return None


def _drop_unneeded(victims: list[str], size: Mapping[str, int], slack: int) -> list[str]:
    """Spare earlier (older) victims the last, larger one made unnecessary.

    LRU order can pick a small old model and then a big one that alone frees enough; keeping
    the small one loaded costs nothing. `slack` is the (non-positive) excess left over.
    """
    spare = -slack
    kept: list[str] = []
    # The last victim is what made it fit, so it always stays; older ones are spared while
    # the slack covers them, oldest considered last so LRU order still decides first.
    for model_id in reversed(victims[:-1]):
        if size[model_id] <= spare:
            spare -= size[model_id]
        else:
            kept.append(model_id)
    return [*reversed(kept), victims[-1]]


def _check(
    candidates: Sequence[SwapCandidate], needed_bytes: int, budget_bytes: int, used_bytes: int
) -> None:
    if min(needed_bytes, budget_bytes, used_bytes) < 0:
        raise ValueError("memory sizes must not be negative")
    ids = [c.model_id for c in candidates]
    if len(set(ids)) != len(ids):
        raise ValueError("each model may be a candidate only once")
    for candidate in candidates:
        if candidate.planned_bytes < 0 or candidate.in_flight < 0:
            raise ValueError(f"{candidate.model_id}: sizes and counts must not be negative")
        if candidate.asleep_bytes is not None and candidate.asleep_bytes < 0:
            raise ValueError(f"{candidate.model_id}: sizes and counts must not be negative")


# ---- sleep mode (docs/sleep-mode.md) -------------------------------------------------------


class EvictAction(StrEnum):
    """How a model makes room: put to sleep (wakes in seconds) or stopped (loads again)."""

    SLEEP = "sleep"
    STOP = "stop"


@dataclass(frozen=True)
class Eviction:
    """One model to put aside, how, and the bytes the plan counts on it freeing."""

    model_id: str
    action: EvictAction
    frees: int


def choose_evictions(
    candidates: Sequence[SwapCandidate],
    needed_bytes: int,
    budget_bytes: int,
    used_bytes: int,
) -> list[Eviction] | None:
    """Like `choose_victims`, but a model that can sleep is put to sleep rather than stopped.

    First, idle awake models are put aside in least-recently-used order, each the light way
    (asleep when it can sleep, else stopped), until the new model fits; models already asleep
    are left asleep. When that is not enough, every light step is taken and then models are
    stopped outright, those already asleep first (nobody waits for them), then those just put
    to sleep, least recently used first. Returns the evictions in LRU order, [] when it fits as
    is, None when it cannot fit even with every idle model stopped.
    """
    _check(candidates, needed_bytes, budget_bytes, used_bytes)
    excess = used_bytes + needed_bytes - budget_bytes
    if excess <= 0:
        return []
    idle = sorted(
        (c for c in candidates if c.in_flight == 0 and c.planned_bytes > 0),
        key=lambda c: (c.last_used, c.model_id),
    )
    light = [e for e in (_light_eviction(c) for c in idle if not c.sleeping) if e.frees > 0]
    taken: list[Eviction] = []
    left = excess
    for eviction in light:
        taken.append(eviction)
        left -= eviction.frees
        if left <= 0:
            sizes = {e.model_id: e.frees for e in light}
            kept = _drop_unneeded([e.model_id for e in taken], sizes, left)
            return [e for e in taken if e.model_id in kept]
    # Sleeping is not enough: stop outright, the models already asleep first.
    chosen = {e.model_id: e for e in light}
    upgrades = [c for c in idle if c.sleeping] + [c for c in idle if not c.sleeping]
    for candidate in upgrades:
        before = chosen.get(candidate.model_id)
        extra = candidate.planned_bytes - (before.frees if before is not None else 0)
        if extra <= 0:
            continue  # already stopped in full
        chosen[candidate.model_id] = Eviction(
            candidate.model_id, EvictAction.STOP, candidate.planned_bytes
        )
        left -= extra
        if left <= 0:
            return [chosen[c.model_id] for c in idle if c.model_id in chosen]
    return None


def _light_eviction(candidate: SwapCandidate) -> Eviction:
    if candidate.asleep_bytes is None:
        return Eviction(candidate.model_id, EvictAction.STOP, candidate.planned_bytes)
    frees = max(0, candidate.planned_bytes - candidate.asleep_bytes)
    return Eviction(candidate.model_id, EvictAction.SLEEP, frees)


# A sleep counts as having freed the model's memory when the measured drop is at least this
# share of what the model was planned to hold, and more than the noise of the measurement
# (other programs, the allocator's own caches). vLLM's CPU worker and GPUs without virtual
# memory support answer a sleep with 200 and free nothing: their drop is about zero.
SLEEP_FREED_SHARE = 0.5
SLEEP_FREED_MIN_BYTES = 32 * 2**20
# Level 1 parks the weights in host RAM; it needs them to fit with this much to spare.
HOST_RAM_MARGIN_BYTES = 2 * 2**30


def sleep_freed(freed_bytes: int, planned_bytes: int) -> bool:
    """Whether a sleep that measurably freed `freed_bytes` did its job for a model that was
    planned to hold `planned_bytes`."""
    return freed_bytes >= max(SLEEP_FREED_MIN_BYTES, int(SLEEP_FREED_SHARE * planned_bytes))


def sleep_level(*, uses_gpu: bool, apu: bool) -> int:
    """The sleep level that frees the budget's memory.

    Level 1 moves the weights to host RAM and drops the KV cache: on a discrete GPU that
    frees VRAM and wakes fastest. On an APU (and on the CPU) host RAM is the very memory the
    budget counts, so only level 2, which drops the weights too, frees anything.
    """
    return 1 if uses_gpu and not apu else 2


def level_for_host_ram(level: int, host_bytes: int, ram_available: int) -> int:
    """Level 1 only when host RAM can take the weights with room to spare, else level 2."""
    if level == 1 and ram_available < host_bytes + HOST_RAM_MARGIN_BYTES:
        return 2
    return level


# Sleep mode per engine when the setting is "auto": the ROCm bundle, where vLLM offers it.
# vLLM 0.32's CPU build refuses --enable-sleep-mode ("Sleep mode is not supported on current
# platform.") and its worker ignores /sleep; a custom engine may be anything.
SLEEPS_BY_DEFAULT = frozenset({"rocm"})
SLEEP_MODES = ("auto", "on", "off")


def verdict_key(engine_kind: str, build: str | None, gpu: GpuInfo | None) -> str:
    """Sleeps are judged per engine kind and build, and per GPU target (or the CPU)."""
    target = (gpu.gfx_target or gpu.name) if gpu is not None else "cpu"
    return f"{engine_kind} {build or 'unknown'} on {target}"


def plan_sleep(
    mode: str, engine_kind: str, build: str | None, gpu: GpuInfo | None, weights_bytes: int
) -> SleepSpec | None:
    """How a model of this engine and GPU would sleep, or None when it is started without.

    `mode` is the setting ("auto", "on", "off"); `gpu` the GPU the engine runs on (None for
    the CPU engine); `weights_bytes` what a level 1 sleep parks in host RAM. Sleeps on a GPU
    are judged by its used memory, on the CPU by the child's resident memory.
    """
    if mode not in SLEEP_MODES:
        raise ValueError(f"unknown sleep mode {mode!r}")
    if mode == "off" or (mode == "auto" and engine_kind not in SLEEPS_BY_DEFAULT):
        return None
    on_gpu = gpu if engine_kind != "cpu" else None
    level = sleep_level(uses_gpu=on_gpu is not None, apu=on_gpu is not None and on_gpu.apu)
    return SleepSpec(
        level=level,
        gauge=SleepGauge.GPU if on_gpu is not None else SleepGauge.PROCESS,
        verdict_key=verdict_key(engine_kind, build, on_gpu),
        host_bytes=weights_bytes if level == 1 else 0,
    )
