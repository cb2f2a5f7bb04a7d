"""Swap policy: which running models to unload so that a new one fits in the memory budgets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


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

    The one-device case of `choose_victims_on_devices`.
    """
    if min(needed_bytes, budget_bytes, used_bytes) < 0:
        raise ValueError("memory sizes must not be negative")
    return choose_victims_on_devices(
        [
            DeviceCandidate(c.model_id, {_ONE: c.planned_bytes}, c.in_flight, c.last_used)
            for c in candidates
        ],
        {_ONE: needed_bytes},
        {_ONE: budget_bytes},
        {_ONE: used_bytes},
    )


_ONE = "memory"


@dataclass(frozen=True)
class DeviceCandidate:
    """A running model that could be unloaded, with the memory it holds on each device
    (a GPU, or RAM): what unloading it frees there. The other fields as in SwapCandidate."""

    model_id: str
    holds: Mapping[str, int]
    in_flight: int
    last_used: float


def choose_victims_on_devices(  # noqa: C901 — input checks, then one greedy pass; swap.py is being changed by other work
    candidates: Sequence[DeviceCandidate],
    needed: Mapping[str, int],
    budgets: Mapping[str, int],
    used: Mapping[str, int],
) -> list[str] | None:
    """Return the models to unload, in order, so that a model needing `needed` bytes on each
    of its devices fits there beside the rest.

    `used[d]` is what is in use on device d now (every candidate's holding there and anything
    else); the new model fits when, on every device d it needs,
    `used[d] - freed[d] + needed[d] <= budgets[d]`. Devices it does not use do not matter, so
    a model on GPU 1 never unloads one on GPU 0. Idle models go least recently used first,
    skipping those that hold nothing where room is lacking; a model with requests in flight
    is never chosen. An empty list means it fits as is; None means it cannot fit even after
    unloading every idle model. The choice is inclusion-minimal: no victim could be kept.
    """
    for device, amount in needed.items():
        if device not in budgets:
            raise ValueError(f"no budget for device {device}")
        if min(amount, budgets[device], used.get(device, 0)) < 0:
            raise ValueError("memory sizes must not be negative")
    ids = [c.model_id for c in candidates]
    if len(set(ids)) != len(ids):
        raise ValueError("each model may be a candidate only once")
    for candidate in candidates:
        if candidate.in_flight < 0 or any(b < 0 for b in candidate.holds.values()):
            raise ValueError(f"{candidate.model_id}: sizes and counts must not be negative")

    # What is missing on each device the model needs (positive: that much must be freed).
    excess = {d: used.get(d, 0) + n - budgets[d] for d, n in needed.items()}
    if all(e <= 0 for e in excess.values()):
        return []
    # The model id breaks ties so that the same inputs always give the same victims.
    idle = sorted(
        (c for c in candidates if c.in_flight == 0),
        key=lambda c: (c.last_used, c.model_id),
    )
    victims: list[DeviceCandidate] = []
    for candidate in idle:
        lacking = [d for d, e in excess.items() if e > 0]
        if not any(candidate.holds.get(d, 0) > 0 for d in lacking):
            continue  # unloading it frees nothing where room is missing
        victims.append(candidate)
        for device in excess:
            excess[device] -= candidate.holds.get(device, 0)
        if all(e <= 0 for e in excess.values()):
            return _drop_unneeded(victims, excess)
    return None


def _drop_unneeded(victims: list[DeviceCandidate], excess: Mapping[str, int]) -> list[str]:
    """Spare earlier (older) victims the later ones made unnecessary.

    LRU order can pick a small old model and then a big one that alone frees enough; keeping
    the small one loaded costs nothing. `excess` is what is left over per device (all
    non-positive): the slack that sparing a victim may use up. A victim is spared only if
    the slack covers what it holds on every device the new model needs; the slack only
    shrinks, so each victim kept is one whose sparing would break the fit.
    """
    spare = {device: -e for device, e in excess.items()}
    kept: list[str] = []
    # The last victim is what made it fit, so it always stays; older ones are spared while
    # the slack covers them, oldest considered last so LRU order still decides first.
    for victim in reversed(victims[:-1]):
        if all(victim.holds.get(d, 0) <= s for d, s in spare.items()):
            for device in spare:
                spare[device] -= victim.holds.get(device, 0)
        else:
            kept.append(victim.model_id)
    return [*reversed(kept), victims[-1].model_id]
