"""How long each step of one load took, timed by when vLLM's log lines arrived.

vLLM's own lines mark where a step begins; a step lasts until the next one begins, so the
steps add up to the whole load. Lines arrive as vLLM prints them (its logger flushes each
record), which is finer than the whole seconds of its own time stamps. Seen in 0.32's CPU
build (tests/fakes/data/vllm_cpu_startup*.log, captured from real starts) and in its GPU
code paths:

    spawn                                   → process   Python starting and importing vLLM,
                                                        in the API server, then the engine core
                                                        and its worker (each its own process)
    Starting to load model                  → weights
    Loading weights took / Model loading took → kv_cache engine set-up after the weights
    Warming up model for the compilation /
      Starting torch.compile / Capturing … graphs → compile
    Warming up done / Graph capturing finished /
      Memory profiling takes / KV cache size  → kv_cache  profiling, sizing the KV cache
    init engine (profile, create kv cache…)   → server    the HTTP server coming up
    Application startup complete            → readiness  until the app saw /health 200

A step may come back (GPU builds profile memory between torch.compile and graph capture); its
times add up. `readiness` is the app's own share: the engine is serving, the app has not
noticed yet.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum


class LoadStep(StrEnum):
    """A step of a load, in the order they usually come; values are stable (JSON, CLI)."""

    PROCESS = "process"
    WEIGHTS = "weights"
    COMPILE = "compile"
    KV_CACHE = "kv_cache"
    SERVER = "server"
    READINESS = "readiness"


# (pattern, the step it begins), checked in this order against each message.
STEP_MARKERS: tuple[tuple[re.Pattern[str], LoadStep], ...] = tuple(
    (re.compile(pattern), step)
    for pattern, step in (
        (r"Starting to load model", LoadStep.WEIGHTS),
        (r"Loading weights took|Model loading took", LoadStep.KV_CACHE),
        (
            r"Warming up model for the compilation|Starting torch\.compile"
            r"|Capturing (?:CUDA )?[^:]*graph",
            LoadStep.COMPILE,
        ),
        (
            r"Warming up done|Graph capturing finished|Memory profiling takes"
            r"|KV cache size:",
            LoadStep.KV_CACHE,
        ),
        (r"init engine \(profile, create kv cache", LoadStep.SERVER),
        (r"Application startup complete", LoadStep.READINESS),
    )
)


def step_of(message: str) -> LoadStep | None:
    """The step a log message begins, if it marks one."""
    for pattern, step in STEP_MARKERS:
        if pattern.search(message):
            return step
    return None


@dataclass
class StepClock:
    """Times the steps of one load: `mark` each message as it arrives, `finish` at /health 200."""

    clock: Callable[[], float] = time.monotonic
    started: float = field(default=0.0)
    step: LoadStep = LoadStep.PROCESS
    _since: float = field(default=0.0)
    _took: dict[LoadStep, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.started = self._since = self.clock()

    def mark(self, message: str) -> None:
        step = step_of(message)
        if step is not None and step is not self.step:
            self._switch(step)

    def finish(self) -> tuple[tuple[LoadStep, float], ...]:
        """The steps in the order they first came, with their seconds (rounded to ms)."""
        self._switch(self.step)
        return tuple((step, round(seconds, 3)) for step, seconds in self._took.items())

    def _switch(self, step: LoadStep) -> None:
        now = self.clock()
        self._took[self.step] = self._took.get(self.step, 0.0) + (now - self._since)
        self.step, self._since = step, now
