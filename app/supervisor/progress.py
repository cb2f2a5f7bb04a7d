"""One load's progress as the app reports it: parsed phases, the time taken, the estimate."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence

from app.core.events import EventBus, LoadProgressed
from app.supervisor.loadtimes import LoadTimes, load_key
from app.supervisor.logparse import LoadProgressParser


class LoadReport:
    """Turns one start's log lines into LoadProgressed events on the bus, each with the time
    since the spawn and what earlier loads of this model on this engine took."""

    def __init__(
        self, model_id: str, prefix: Sequence[str], bus: EventBus, times: LoadTimes | None
    ) -> None:
        self.parser = LoadProgressParser(model_id)
        self.last: LoadProgressed | None = None
        self._key = load_key(model_id, prefix)
        self._bus = bus
        self._times = times
        self._started = time.monotonic()

    def spawned(self) -> None:
        self._emit(self.parser.spawned())

    def line(self, line: str) -> None:
        event = self.parser.feed(line)
        if event is not None:
            self._emit(event)

    def heartbeat(self) -> None:
        """No news for a while: the same progress again, with the time it has taken."""
        if self.last is not None:
            self._emit(dataclasses.replace(self.last, ts=time.time()))

    def ready(self) -> float:
        """The load is done: report it; returns the seconds it took."""
        took = time.monotonic() - self._started
        self._emit(self.parser.ready(), took)
        return took

    def record(self, seconds: float) -> None:
        """Keep this load's time (cold or warm, as the log said); blocking: call off the loop."""
        if self._times is not None:
            self._times.record(self._key, seconds, cold=self.parser.cold)

    def _emit(self, event: LoadProgressed, took: float | None = None) -> None:
        elapsed = round(time.monotonic() - self._started if took is None else took, 1)
        if self._times is not None:
            estimate = self._times.estimate(self._key)
            event = dataclasses.replace(
                event,
                elapsed_s=elapsed,
                expected_s=estimate.expected_s,
                last_cold_s=estimate.last_cold_s,
                last_warm_s=estimate.last_warm_s,
            )
        else:
            event = dataclasses.replace(event, elapsed_s=elapsed)
        self.last = event
        self._bus.publish(event)
