"""Swap policy: which running models to unload so that a new one fits in the memory budget."""

from __future__ import annotations

from collections.abc import Sequence
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
    """
    if min(needed_bytes, budget_bytes, used_bytes) < 0:
        raise ValueError("memory sizes must not be negative")
    ids = [c.model_id for c in candidates]
    if len(set(ids)) != len(ids):
        raise ValueError("each model may be a candidate only once")
    for candidate in candidates:
        if candidate.planned_bytes < 0 or candidate.in_flight < 0:
            raise ValueError(f"{candidate.model_id}: sizes and counts must not be negative")

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
            return _drop_unneeded(victims, idle, excess)
    return None


def _drop_unneeded(victims: list[str], idle: Sequence[SwapCandidate], slack: int) -> list[str]:
    """Spare earlier (older) victims the last, larger one made unnecessary.

    LRU order can pick a small old model and then a big one that alone frees enough; keeping
    the small one loaded costs nothing. `slack` is the (non-positive) excess left over.
    """
    size = {c.model_id: c.planned_bytes for c in idle}
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
