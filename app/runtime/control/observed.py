"""What the runtime learns from its own events: metrics, download failures, GPU history."""

from __future__ import annotations

import collections
from collections.abc import Callable, Mapping
from typing import Any

from app.core.events import (
    DownloadFinished,
    DownloadProgressed,
    Event,
    EventBus,
    GpuSampled,
    MemoryRoomSampled,
    MetricsSampled,
    PrewarmChanged,
    ProcessStateChanged,
    RegistryChanged,
    ServerStateChanged,
)
from app.core.problems.problems import Problem
from app.core.states import DownloadStatus

GPU_HISTORY = 600  # ten minutes at one sample a second, per GPU


class Observed:
    """Caches fed by the event bus, read by the views and the endpoint's stats.

    Subscribers run in the publisher's thread; every publisher of these events runs on the
    runtime loop, so the caches are only ever written there. Readers on other threads go
    through the facade, which reads them on the loop too.
    """

    def __init__(self, bus: EventBus, on_files_changed: Callable[[], None]) -> None:
        self._bus = bus
        self._on_files_changed = on_files_changed
        self._gpu_history: dict[int, collections.deque[GpuSampled]] = {}
        self._metrics: dict[str, MetricsSampled] = {}
        self._download_problems: dict[str, Problem] = {}
        self.server_problem: Problem | None = None
        self.prewarming: set[str] = set()  # models being pre-warmed (services.prewarm)
        self.memory_room: MemoryRoomSampled | None = None
        bus.subscribe(self._on_event)

    @property
    def gpu_history(self) -> list[GpuSampled]:
        """Every GPU's samples of the last ten minutes, oldest first."""
        merged = [s for samples in self._gpu_history.values() for s in samples]
        return sorted(merged, key=lambda s: (s.ts, s.index))

    def download_problem(self, model_id: str) -> Problem | None:
        """Why the last download of this model failed, until another one starts."""
        return self._download_problems.get(model_id)

    def metrics_for(self, model_id: str) -> MetricsSampled | None:
        return self._metrics.get(model_id)

    def latest_metrics(self) -> dict[str, Mapping[str, Any]]:
        return {
            model_id: {
                "kv_cache_usage": m.kv_cache_usage,
                "requests_running": m.requests_running,
                "requests_waiting": m.requests_waiting,
                "generation_tokens_per_s": m.generation_tokens_per_s,
            }
            for model_id, m in self._metrics.items()
        }

    def _on_event(self, event: Event) -> None:  # noqa: C901 — a dispatch on the event's type
        if isinstance(event, DownloadProgressed):
            self._download_problems.pop(event.model_id, None)
        elif isinstance(event, MetricsSampled):
            self._metrics[event.model_id] = event
        elif isinstance(event, PrewarmChanged):
            (self.prewarming.add if event.active else self.prewarming.discard)(event.model_id)
        elif isinstance(event, ProcessStateChanged) and event.new is not event.old:
            self._metrics.pop(event.model_id, None)
        elif isinstance(event, DownloadFinished):
            self._on_files_changed()
            if event.status == DownloadStatus.FAILED and event.problem is not None:
                self._download_problems[event.model_id] = event.problem
            else:
                self._download_problems.pop(event.model_id, None)
            self._bus.publish(RegistryChanged(event.model_id))
        elif isinstance(event, RegistryChanged):
            self._on_files_changed()
        elif isinstance(event, ServerStateChanged):
            self.server_problem = event.problem
        elif isinstance(event, GpuSampled):
            history = self._gpu_history.setdefault(event.index, collections.deque())
            history.append(event)
            if len(history) > GPU_HISTORY:
                history.popleft()
        elif isinstance(event, MemoryRoomSampled):
            self.memory_room = event
