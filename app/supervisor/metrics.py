"""Reads a vLLM child's Prometheus /metrics into a MetricsSampled event."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from app.core.events import MetricsSampled

KV_CACHE_USAGE = "vllm:kv_cache_usage_perc"
RUNNING = "vllm:num_requests_running"
WAITING = "vllm:num_requests_waiting"
GENERATION_TOKENS = "vllm:generation_tokens_total"
WANTED = (KV_CACHE_USAGE, RUNNING, WAITING, GENERATION_TOKENS)

# `name{label="x",…} value [timestamp]`; label values may contain spaces and braces.
_SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[^"}]|"(?:[^"\\]|\\.)*")*\})?\s+(\S+)')


def parse_prometheus(text: str, wanted: tuple[str, ...] = WANTED) -> dict[str, float]:
    """Sum of every sample of each wanted metric (vLLM labels per engine and model)."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        m = _SAMPLE.match(line)
        if m is None or m.group(1) not in wanted:
            continue
        try:
            value = float(m.group(3))
        except ValueError:
            continue
        if not math.isnan(value):
            out[m.group(1)] = out.get(m.group(1), 0.0) + value
    return out


@dataclass
class MetricsTracker:
    """Turns successive scrapes of one child into events with a tokens-per-second rate."""

    model_id: str
    _last_tokens: float | None = None
    _last_at: float | None = None

    def sample(self, text: str, at: float) -> MetricsSampled:
        values = parse_prometheus(text)
        rate: float | None = None
        tokens = values.get(GENERATION_TOKENS)
        if tokens is not None:
            if self._last_tokens is not None and self._last_at is not None and at > self._last_at:
                # A restarted child starts its counter at zero again: no negative rates.
                rate = max(0.0, tokens - self._last_tokens) / (at - self._last_at)
            self._last_tokens, self._last_at = tokens, at
        running, waiting = values.get(RUNNING), values.get(WAITING)
        return MetricsSampled(
            model_id=self.model_id,
            kv_cache_usage=values.get(KV_CACHE_USAGE),
            requests_running=int(running) if running is not None else None,
            requests_waiting=int(waiting) if waiting is not None else None,
            generation_tokens_per_s=rate,
        )
