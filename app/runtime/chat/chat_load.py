"""A reply waiting for its model: the load's progress as the chat shows it, from the runtime's
events or from the endpoint's /v1/health (which reports each load's phase and fraction)."""

from __future__ import annotations

from typing import Any

import httpx

from app.core.chat.chat import ReplyLoading
from app.core.events import LoadProgressed
from app.runtime.api.values import Endpoint


def loading(
    model_id: str, state: str, elapsed: float, event: LoadProgressed | None
) -> ReplyLoading:
    if event is None:
        return ReplyLoading(model_id, state, elapsed)
    return ReplyLoading(
        model_id,
        state,
        elapsed,
        fraction=event.fraction,
        phase=event.phase.value,
        expected_s=event.expected_s,
    )


def reported_loading(
    model_id: str, state: str, elapsed: float, load: dict[str, Any]
) -> ReplyLoading:
    """The load as /v1/health reports it (LoadProgressed.summary)."""
    fraction, phase, expected = load.get("fraction"), load.get("phase"), load.get("expected_s")
    return ReplyLoading(
        model_id,
        state,
        elapsed,
        fraction=float(fraction) if isinstance(fraction, int | float) else None,
        phase=phase if isinstance(phase, str) else None,
        expected_s=float(expected) if isinstance(expected, int | float) else None,
    )


async def model_load(
    client: httpx.AsyncClient, endpoint: Endpoint, model_id: str
) -> tuple[str | None, dict[str, Any] | None]:
    """The model's state and its load's progress as the endpoint's /v1/health reports them
    (None, None: it could not tell, or the model is stopped). A model that is not
    downloaded stays "stopped" there: it will not start, and the request is refused saying
    so."""
    try:
        response = await client.get(
            f"{endpoint.url}/v1/health", headers=endpoint.headers(), timeout=5.0
        )
        health = response.json() if response.status_code == 200 else None
    except (httpx.HTTPError, ValueError):
        return None, None
    models = health.get("models") if isinstance(health, dict) else None
    card = next(
        (m for m in models or () if isinstance(m, dict) and m.get("model_name") == model_id),
        None,
    )
    if card is None:
        return None, None
    state, load = card.get("state"), card.get("load")
    return (
        state if isinstance(state, str) else None,
        load if isinstance(load, dict) else None,
    )
