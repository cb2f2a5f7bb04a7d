"""One load's progress as the app reports it: parsed phases, the time taken, the estimate."""

from __future__ import annotations

import dataclasses
import time

from app.core.contracts import LaunchSpec
from app.core.events import EventBus, LoadProgressed, LoadTimed
from app.supervisor.compile_cache import FORCE_AOT_VAR, StartMarks, aot_seen, has_compiled, root_of
from app.supervisor.load_phases import StepClock
from app.supervisor.loadtimes import LoadTimes, load_key
from app.supervisor.logparse import LoadProgressParser


class LoadReport:
    """Turns one start's log lines into LoadProgressed events on the bus, each with the time
    since the spawn, whether the load is cold or warm and what earlier loads of that kind of
    this model on this engine took; at the end, one LoadTimed with each step's time.

    Until the log tells, a load is expected warm when the folder the child keeps its compile
    caches in (app.supervisor.compile_cache, from the spec's environment) holds compiled
    graphs; an engine whose caches the app does not place is not guessed at. A load of a
    model the app put aside for another is a swap back, estimated and kept as one.
    """

    def __init__(
        self, model_id: str, spec: LaunchSpec, bus: EventBus, times: LoadTimes | None
    ) -> None:
        self.parser = LoadProgressParser(model_id)
        self.last: LoadProgressed | None = None
        self._key = load_key(model_id, spec.prefix)
        self._bus = bus
        self._times = times
        self.swap_back = times is not None and times.take_swap(model_id)
        self._started = time.monotonic()
        self._started_ts = time.time()
        self.steps = StepClock()
        cache = root_of(spec.env)
        self._cache_warm = has_compiled(cache) if cache is not None else None
        # Whether this build loads its AOT-compiled graphs, as an unforced start's log says.
        self._aot_root = cache if FORCE_AOT_VAR not in spec.env else None
        self._aot: bool | None = None

    @property
    def cold(self) -> bool | None:
        """Cold or warm: as the log said once it did (vLLM compiled, found its cache or had
        nothing to compile), else as the compile cache suggests; None when nothing tells."""
        parser = self.parser
        if parser.compiled or parser.compile_cache_found:
            return parser.cold
        return None if self._cache_warm is None else not self._cache_warm

    def spawned(self) -> None:
        self._emit(self.parser.spawned())

    def line(self, line: str) -> None:
        self.steps.mark(line)
        if self._aot_root is not None and self._aot is not False:
            seen = aot_seen(line)
            self._aot = seen if seen is not None else self._aot
        event = self.parser.feed(line)
        if event is not None:
            self._emit(event)

    def heartbeat(self) -> None:
        """No news for a while: the same progress again, with the time it has taken."""
        if self.last is not None:
            self._emit(dataclasses.replace(self.last, ts=time.time()))

    def ready(self) -> float:
        """The load is done: report it and its steps; returns the seconds it took."""
        took = time.monotonic() - self._started
        steps = self.steps.finish()
        self._emit(self.parser.ready(), took)
        self._bus.publish(
            LoadTimed(
                model_id=self.parser.model_id,
                total_s=round(took, 3),
                steps=tuple((str(step), seconds) for step, seconds in steps),
                cold=self.cold is True,
                started_ts=self._started_ts,
            )
        )
        return took

    def record(self, seconds: float) -> None:
        """Keep this load's time (cold or warm, as `cold` says); blocking: call off the loop."""
        if self._times is not None:
            self._times.record(self._key, seconds, cold=self.cold is True, swap=self.swap_back)
        if self._aot_root is not None and self._aot is not None:
            StartMarks(self._aot_root).note_aot(self._aot)

    def _emit(self, event: LoadProgressed, took: float | None = None) -> None:
        elapsed = round(time.monotonic() - self._started if took is None else took, 1)
        cold = self.cold
        event = dataclasses.replace(event, elapsed_s=elapsed, cold=cold, swap_back=self.swap_back)
        if self._times is not None:
            estimate = self._times.estimate(self._key, cold, swap=self.swap_back)
            event = dataclasses.replace(
                event,
                expected_s=estimate.expected_s,
                last_cold_s=estimate.last_cold_s,
                last_warm_s=estimate.last_warm_s,
                last_swap_s=estimate.last_swap_s,
            )
        self.last = event
        self._bus.publish(event)
