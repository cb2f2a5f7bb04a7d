"""Swap policy: which running models to unload (or put to sleep) so that a new one fits in the
memory budgets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from app.core.contracts import SleepGauge, SleepSpec
from app.core.memory.gpu import GpuInfo


@dataclass(frozen=True)
class DeviceCandidate:
    """A running model that could be put aside, with the memory it holds on each device (a
    GPU, or RAM): what stopping it frees there. `in_flight` is its requests being served;
    `last_used` when its last request started or ended (any monotonic clock, only the order
    matters).

    `asleep` is what it would still hold on each device once asleep (vLLM's sleep mode), None
    when it cannot sleep. `sleeping`: it is asleep already, `holds` is what it still holds and
    only a stop frees more.
    """

    model_id: str
    holds: Mapping[str, int]
    in_flight: int
    last_used: float
    asleep: Mapping[str, int] | None = None
    sleeping: bool = False


class EvictAction(StrEnum):
    """How a model makes room: put to sleep (wakes in seconds) or stopped (loads again)."""

    SLEEP = "sleep"
    STOP = "stop"


@dataclass(frozen=True)
class Eviction:
    """One model to put aside, how, and the bytes the plan counts on it freeing per device."""

    model_id: str
    action: EvictAction
    frees: Mapping[str, int] = field(default_factory=dict)


def choose_evictions_on_devices(
    candidates: Sequence[DeviceCandidate],
    needed: Mapping[str, int],
    budgets: Mapping[str, int],
    used: Mapping[str, int],
) -> list[Eviction] | None:
    """The models to put aside, in order, so that a model needing `needed` bytes on each of
    its devices fits there beside the rest: `used[d]` is what is in use on device d now
    (every candidate's holding there and anything else), and it fits when, on every device d
    it needs, `used[d] - freed[d] + needed[d] <= budgets[d]`. A model that can sleep is put
    to sleep rather than stopped where that makes room; one with requests in flight is never
    chosen.

    First, idle awake models are put aside in least-recently-used order, each the light way
    (asleep when it can sleep, else stopped), skipping those that would free nothing on a
    device where room is lacking, until the new model fits; models already asleep are left
    asleep. When that is not enough, models are stopped outright: those already asleep first
    (nobody waits for them), then the others, least recently used first. A
    model on GPU 1 is never slept nor stopped for a model that needs only GPU 0.

    The choice is then made inclusion-minimal: an eviction a later one made unnecessary is
    dropped, and a stop whose sleep would have been enough becomes that sleep. Returns the
    evictions in least-recently-used order, [] when it fits as is, None when it cannot fit
    even with every idle model stopped.

    What a sleep frees is the candidate's `holds - asleep` on each device: the caller's
    expectation. The controller expects a model that may sleep to free all it holds, and
    once it slept it knows what the sleep measured on each device (the GPUs the model runs
    on, or the child's RAM): it then decides again with those numbers.
    """
    _check(candidates, needed, budgets, used)
    # What is missing on each device the model needs (positive: that much must be freed).
    excess = {d: used.get(d, 0) + n - budgets[d] for d, n in needed.items()}
    if all(e <= 0 for e in excess.values()):
        return []
    # The model id breaks ties so that the same inputs always give the same evictions.
    idle = sorted(
        (c for c in candidates if c.in_flight == 0),
        key=lambda c: (c.last_used, c.model_id),
    )
    plan = _Plan(excess)
    for candidate in idle:
        if not candidate.sleeping and plan.take(_light_eviction(candidate)):
            return plan.minimal(idle)
    # Sleeping is not enough: stop outright, the models already asleep first.
    for candidate in [c for c in idle if c.sleeping] + [c for c in idle if not c.sleeping]:
        if plan.take(Eviction(candidate.model_id, EvictAction.STOP, dict(candidate.holds))):
            return plan.minimal(idle)
    return None


class _Plan:
    """The evictions chosen so far and what is still missing on each needed device."""

    def __init__(self, excess: dict[str, int]) -> None:
        self.excess = excess
        self.chosen: dict[str, Eviction] = {}
        self.order: list[str] = []  # model ids, the one whose eviction grew last at the end

    def take(self, eviction: Eviction) -> bool:
        """Add (or deepen) an eviction if it frees more where room is lacking; True once
        the new model fits."""
        before = self.chosen.get(eviction.model_id)
        extra = {d: eviction.frees.get(d, 0) - _frees(before, d) for d in self.excess}
        if not any(extra[d] > 0 for d, e in self.excess.items() if e > 0):
            return False  # it frees nothing (more) where room is missing
        self.chosen[eviction.model_id] = eviction
        if eviction.model_id in self.order:
            self.order.remove(eviction.model_id)
        self.order.append(eviction.model_id)
        for device in self.excess:
            self.excess[device] -= extra[device]
        return all(e <= 0 for e in self.excess.values())

    def minimal(self, idle: Sequence[DeviceCandidate]) -> list[Eviction]:
        """Spare what later evictions made unnecessary, then list them in LRU order.

        LRU order can pick a small old model and then a big one that alone frees enough;
        keeping the small one costs nothing. What is left over per device (the slack) may be
        used up by sparing: an eviction is dropped when the slack covers all it frees on
        every needed device, else a stop becomes a sleep when the slack covers the
        difference. The slack only shrinks, so each eviction kept as it is could not be
        spared nor lightened without breaking the fit.
        """
        by_id = {c.model_id: c for c in idle}
        spare = {device: -e for device, e in self.excess.items()}

        def covers(frees: Mapping[str, int]) -> bool:
            return all(frees.get(d, 0) <= s for d, s in spare.items())

        def use(frees: Mapping[str, int]) -> None:
            for device in spare:
                spare[device] -= frees.get(device, 0)

        # The last one is what made it fit (it never fits the slack); the others are spared
        # newest first, the oldest considered last, so that LRU order still decides first.
        for model_id in reversed(self.order[:-1]):
            eviction = self.chosen[model_id]
            if covers(eviction.frees):
                use(eviction.frees)
                del self.chosen[model_id]
                continue
            candidate = by_id[model_id]
            if eviction.action is EvictAction.STOP and not candidate.sleeping:
                lighter = _light_eviction(candidate)
                difference = {d: eviction.frees.get(d, 0) - _frees(lighter, d) for d in spare}
                if lighter.action is EvictAction.SLEEP and covers(difference):
                    use(difference)
                    self.chosen[model_id] = lighter
        return [self.chosen[c.model_id] for c in idle if c.model_id in self.chosen]


def _frees(eviction: Eviction | None, device: str) -> int:
    return 0 if eviction is None else eviction.frees.get(device, 0)


def _light_eviction(candidate: DeviceCandidate) -> Eviction:
    """Asleep when it can sleep, else stopped."""
    if candidate.asleep is None:
        return Eviction(candidate.model_id, EvictAction.STOP, dict(candidate.holds))
    frees = {d: max(0, held - candidate.asleep.get(d, 0)) for d, held in candidate.holds.items()}
    return Eviction(candidate.model_id, EvictAction.SLEEP, frees)


def _check(
    candidates: Sequence[DeviceCandidate],
    needed: Mapping[str, int],
    budgets: Mapping[str, int],
    used: Mapping[str, int],
) -> None:
    for device, amount in needed.items():
        if device not in budgets:
            raise ValueError(f"no budget for device {device}")
        if min(amount, budgets[device], used.get(device, 0)) < 0:
            raise ValueError("memory sizes must not be negative")
    ids = [c.model_id for c in candidates]
    if len(set(ids)) != len(ids):
        raise ValueError("each model may be a candidate only once")
    for candidate in candidates:
        sizes = [*candidate.holds.values(), *(candidate.asleep or {}).values()]
        if candidate.in_flight < 0 or any(b < 0 for b in sizes):
            raise ValueError(f"{candidate.model_id}: sizes and counts must not be negative")


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


def verdict_key(engine_kind: str, build: str | None, gpus: Sequence[GpuInfo]) -> str:
    """Sleeps are judged per engine kind and build, and per GPU target (or the CPU); a model
    on GPUs of different targets is judged on that mix."""
    targets = sorted({gpu.gfx_target or gpu.name for gpu in gpus}) or ["cpu"]
    return f"{engine_kind} {build or 'unknown'} on {'+'.join(targets)}"


def plan_sleep(
    mode: str, engine_kind: str, build: str | None, gpus: Sequence[GpuInfo], weights_bytes: int
) -> SleepSpec | None:
    """How a model of this engine and GPUs would sleep, or None when it is started without.

    `mode` is the setting ("auto", "on", "off"); `gpus` the GPUs the model runs on (none for
    the CPU engine, or where no GPU was detected); `weights_bytes` what a level 1 sleep parks
    in host RAM. Sleeps on GPUs are judged by their used memory, without GPUs by the child's
    resident memory. Level 1 only when none of its GPUs is an APU.
    """
    if mode not in SLEEP_MODES:
        raise ValueError(f"unknown sleep mode {mode!r}")
    if mode == "off" or (mode == "auto" and engine_kind not in SLEEPS_BY_DEFAULT):
        return None
    on_gpus = list(gpus) if engine_kind != "cpu" else []
    level = sleep_level(uses_gpu=bool(on_gpus), apu=any(gpu.apu for gpu in on_gpus))
    return SleepSpec(
        level=level,
        gauge=SleepGauge.GPU if on_gpus else SleepGauge.PROCESS,
        verdict_key=verdict_key(engine_kind, build, on_gpus),
        host_bytes=weights_bytes if level == 1 else 0,
    )
