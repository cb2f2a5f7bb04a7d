"""Reads vLLM's start-up log lines as load progress: phases, shard counts, KV-cache numbers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from app.core.events import LoadProgressed
from app.core.states import PHASE_END, LoadPhase

PHASES = tuple(LoadPhase)
_RANK = {phase: i for i, phase in enumerate(PHASES)}

# `(EngineCore_DP0 pid=12) INFO 11-05 10:00:00 [core.py:77] message` or uvicorn's `INFO:  msg`.
_PREFIX = re.compile(
    r"^(?:\([\w-]+ pid=\d+\)\s+)?"
    r"(?:(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\s+\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?\s+\[[^\]]*\]\s+"
    r"|(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):\s+)?"
)
_SHARDS = re.compile(r"Loading \S+ checkpoint shards:\s+(\d+)% Completed \| (\d+)/(\d+)")
_KV_TOKENS = re.compile(r"KV cache size: ([\d,]+) tokens")
_CONCURRENCY = re.compile(r"Maximum concurrency for ([\d,]+) tokens per request: ([\d.]+)x")
# GPU builds draw a tqdm bar per graph-capture pass (gpu_model_runner.py / cudagraph_utils.py):
# `Capturing CUDA graphs (mixed prefill-decode, PIECEWISE):  45%|████▌     | 30/67 [...]`.
_CAPTURE = re.compile(r"^(Capturing [^:]*?graphs[^:]*):\s*(\d+)%\|[^|]*\|\s*(\d+)/(\d+)")
# Where graph capture sits inside the compile phase (after torch.compile's own work).
CAPTURE_START, CAPTURE_END = 0.6, 0.98
# A cold load compiles graphs for which vLLM's compile cache had nothing; a warm one finds an
# entry there. The CPU build 0.32 finds its entry and still recompiles ("Compiling model again
# due to a load failure … 'function' object has no attribute 'finalize_loading'"), yet in a
# fraction of a cold compile's time (torch's own caches are warm), so that counts as warm.
_COMPILED = re.compile(r"saved AOT compiled function|Compiling a graph for")
_COMPILE_CACHE_FOUND = re.compile(
    r"Directly load (?:AOT compilation|the compiled graph)|Compiling model again due to a load"
)


class _Marker(NamedTuple):
    pattern: re.Pattern[str]
    phase: LoadPhase
    fraction: float  # where in its phase the line puts the bar (0..1)


def _m(pattern: str, phase: LoadPhase, fraction: float) -> _Marker:
    return _Marker(re.compile(pattern), phase, fraction)


# Lines seen in vLLM 0.32 (CPU and ROCm builds), in the order they usually appear. The first
# vLLM line means Python finished importing vLLM, which is most of a small model's start.
MARKERS: tuple[_Marker, ...] = (
    _m(r"Automatically detected platform", LoadPhase.RESOLVING, 0.0),
    _m(r"vLLM API server version|█ +version \S+", LoadPhase.RESOLVING, 0.05),
    _m(r"non-default args", LoadPhase.RESOLVING, 0.1),
    _m(r"Resolved architecture", LoadPhase.RESOLVING, 0.3),
    _m(r"Using max model len", LoadPhase.RESOLVING, 0.35),
    _m(r"Waiting for init message", LoadPhase.RESOLVING, 0.45),
    _m(r"Initializing a V1 LLM engine", LoadPhase.RESOLVING, 0.55),
    _m(r"DP group leader|OpenMP thread binding", LoadPhase.RESOLVING, 0.6),
    _m(r"world_size=\d+ rank=\d+|rank \d+ in world size", LoadPhase.RESOLVING, 0.85),
    _m(r"Starting to load model", LoadPhase.LOADING_WEIGHTS, 0.0),
    _m(r"Loading weights took|Model loading took", LoadPhase.LOADING_WEIGHTS, 1.0),
    _m(r"Warming up model for the compilation", LoadPhase.COMPILING, 0.05),
    _m(
        r"Dynamo bytecode transform time|Compiling a graph|torch\.compile", LoadPhase.COMPILING, 0.3
    ),
    _m(r"saved AOT compiled function|Initial profiling/warmup run", LoadPhase.COMPILING, 0.9),
    _m(r"Memory profiling takes|Capturing CUDA graph", LoadPhase.COMPILING, 0.6),
    _m(r"Warming up done|Graph capturing finished", LoadPhase.COMPILING, 1.0),
    _m(r"init engine \(profile, create kv cache", LoadPhase.KV_CACHE, 1.0),
    _m(r"Supported[_ ]tasks", LoadPhase.SERVER_STARTING, 0.05),
    _m(r"Starting vLLM (?:API )?server", LoadPhase.SERVER_STARTING, 0.1),
    _m(r"Available routes are", LoadPhase.SERVER_STARTING, 0.3),
    _m(r"Started server process", LoadPhase.SERVER_STARTING, 0.5),
    _m(r"Waiting for application startup", LoadPhase.SERVER_STARTING, 0.7),
    _m(r"Application startup complete", LoadPhase.SERVER_STARTING, 1.0),
)


def message_of(line: str) -> str:
    """The message of a vLLM log line, without the process tag, level, time and source."""
    return _PREFIX.sub("", line, count=1).strip()


def overall(phase: LoadPhase, phase_fraction: float) -> float:
    """Position of the overall bar for a point inside `phase`."""
    rank = _RANK[phase]
    start = PHASE_END[PHASES[rank - 1]] if rank > 0 else 0.0
    return start + (PHASE_END[phase] - start) * min(1.0, max(0.0, phase_fraction))


@dataclass
class LoadProgressParser:
    """Turns log lines into LoadProgressed events that only ever move forward.

    vLLM's order differs between builds (the CPU build sizes the KV cache before its
    compile warm-up, GPU builds after torch.compile but before graph capture), so phases
    are ranked and a line from an earlier phase never moves the bar back; KV-cache numbers
    are kept whenever they appear and ride along on every later event.
    """

    model_id: str
    phase: LoadPhase = LoadPhase.SPAWNED
    fraction: float = 0.0
    phase_fraction: float = 0.0
    kv_cache_tokens: int | None = None
    max_concurrency: float | None = None
    compiled: bool = False  # vLLM compiled the model's graphs
    compile_cache_found: bool = False  # vLLM found them in its compile cache
    _bar: str = ""  # the step bar in progress (graph capture) and its k/n
    _step: tuple[int, int] | None = None

    @property
    def cold(self) -> bool:
        """Whether this load compiled without a compile-cache entry (see _COMPILED)."""
        return self.compiled and not self.compile_cache_found

    def spawned(self) -> LoadProgressed:
        return self._event("")

    def ready(self) -> LoadProgressed:
        self.phase, self.phase_fraction, self.fraction = LoadPhase.READY, 1.0, 1.0
        return self._event("")

    def feed(self, line: str) -> LoadProgressed | None:
        """The event a line causes, or None when it tells nothing new."""
        if self.phase is LoadPhase.READY:
            return None
        text = message_of(line)
        self._note_compile(text)
        shard: tuple[int, int] | None = None
        step: tuple[int, int] | None = None
        target: tuple[LoadPhase, float] | None = None
        kv_changed = step_news = False
        if (m := _CAPTURE.search(text)) is not None:
            done, total = int(m.group(3)), int(m.group(4))
            # Several passes draw a bar each; every pass shows its k/n, the fraction of the
            # phase only moves forward (the first, largest pass fills the capture's share).
            step = (done, total)
            step_news = (m.group(1), step) != (self._bar, self._step)
            self._bar, self._step = m.group(1), step
            share = done / total if total else 0.0
            target = (LoadPhase.COMPILING, CAPTURE_START + (CAPTURE_END - CAPTURE_START) * share)
        elif (m := _SHARDS.search(text)) is not None:
            done, total = int(m.group(2)), int(m.group(3))
            shard = (done, total)
            target = (LoadPhase.LOADING_WEIGHTS, done / total if total else 0.0)
        elif _KV_TOKENS.search(text) or _CONCURRENCY.search(text):
            # vLLM 0.32 prints both on one line; earlier builds on two.
            if (kv := _KV_TOKENS.search(text)) is not None:
                self.kv_cache_tokens = int(kv.group(1).replace(",", ""))
            if (conc := _CONCURRENCY.search(text)) is not None:
                self.max_concurrency = float(conc.group(2))
            kv_changed = True
            target = (LoadPhase.KV_CACHE, 0.8 if conc is not None else 0.5)
        else:
            target = _marker_target(text)
        if target is None:
            return None
        moved = self._advance(*target)
        shard_news = shard is not None and self.phase is LoadPhase.LOADING_WEIGHTS
        step_news = step_news and self.phase is LoadPhase.COMPILING
        if not (moved or kv_changed or shard_news or step_news):
            return None
        return self._event(text, shard, step)

    def _note_compile(self, text: str) -> None:
        if _COMPILE_CACHE_FOUND.search(text):
            self.compile_cache_found = True
        elif _COMPILED.search(text):
            self.compiled = True

    def _advance(self, phase: LoadPhase, phase_fraction: float) -> bool:
        if _RANK[phase] < _RANK[self.phase]:
            return False
        if phase is self.phase and phase_fraction <= self.phase_fraction:
            return False
        if phase is LoadPhase.KV_CACHE and _RANK[self.phase] < _RANK[LoadPhase.COMPILING]:
            # The CPU build sizes the KV cache before it compiles: keep the numbers, but
            # let the compile warm-up that follows still count as progress.
            return False
        self.phase, self.phase_fraction = phase, phase_fraction
        self.fraction = max(self.fraction, overall(phase, phase_fraction))
        return True

    def _event(
        self,
        detail: str,
        shard: tuple[int, int] | None = None,
        step: tuple[int, int] | None = None,
    ) -> LoadProgressed:
        return LoadProgressed(
            model_id=self.model_id,
            phase=self.phase,
            fraction=round(self.fraction, 4),
            phase_fraction=round(self.phase_fraction, 4),
            detail=detail,
            shard=shard,
            step=step,
            kv_cache_tokens=self.kv_cache_tokens,
            max_concurrency=self.max_concurrency,
        )


def _marker_target(text: str) -> tuple[LoadPhase, float] | None:
    """The phase and fraction of the first marker line `text` matches (MARKERS's order)."""
    for marker in MARKERS:
        if marker.pattern.search(text):
            return marker.phase, marker.fraction
    return None
