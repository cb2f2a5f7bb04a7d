"""The steps of a load, timed on the real CPU engine's output as it arrived (captured data)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.supervisor.load_phases import LoadStep, StepClock, step_of
from app.supervisor.logparse import LoadProgressParser

DATA = Path(__file__).parents[2] / "fakes" / "data"
_TIMED = re.compile(r"^\s*(\d+\.\d+) (.*)$")
_READY = re.compile(r"/health answered 200 at ([\d.]+) s")


def replay(name: str) -> tuple[dict[LoadStep, float], list[LoadStep], LoadProgressParser, float]:
    """Feed a timed capture to a StepClock (and the progress parser) on its own clock."""
    now = [0.0]
    clock = StepClock(clock=lambda: now[0])
    parser = LoadProgressParser("m")
    ready = 0.0
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        if raw.startswith("#"):
            if (found := _READY.search(raw)) is not None:
                ready = float(found.group(1))
            continue
        match = _TIMED.match(raw)
        assert match is not None, raw
        now[0] = float(match.group(1))
        clock.mark(match.group(2))
        parser.feed(match.group(2))
    now[0] = ready
    steps = clock.finish()
    return dict(steps), [step for step, _ in steps], parser, ready


def test_a_cold_start_of_the_real_cpu_engine_in_steps() -> None:
    took, order, parser, ready = replay("vllm_cpu_startup_timed_cold.log")
    assert order == [
        LoadStep.PROCESS,
        LoadStep.WEIGHTS,
        LoadStep.KV_CACHE,
        LoadStep.COMPILE,
        LoadStep.SERVER,
        LoadStep.READINESS,
    ]
    assert sum(took.values()) == pytest.approx(ready, abs=0.01)
    # Three Python processes importing vLLM and torch, and the model-class inspection in a
    # fourth: most of a cold start of a small model.
    assert took[LoadStep.PROCESS] == pytest.approx(97.900, abs=0.01)
    assert took[LoadStep.WEIGHTS] == pytest.approx(0.393, abs=0.01)
    assert took[LoadStep.COMPILE] == pytest.approx(159.103 - 100.247, abs=0.01)
    assert took[LoadStep.KV_CACHE] == pytest.approx(100.247 - 98.293 + 160.100 - 159.103, abs=0.01)
    assert took[LoadStep.SERVER] == pytest.approx(162.603 - 160.100, abs=0.01)
    assert took[LoadStep.READINESS] == pytest.approx(ready - 162.603, abs=0.01)
    assert parser.cold


def test_a_warm_start_compiles_a_fraction_and_skips_the_inspection() -> None:
    cold, _, _, cold_total = replay("vllm_cpu_startup_timed_cold.log")
    warm, _, parser, warm_total = replay("vllm_cpu_startup_timed_warm.log")
    assert not parser.cold  # vLLM found its cache entry (and recompiled from torch's caches)
    assert warm[LoadStep.COMPILE] < 0.3 * cold[LoadStep.COMPILE]
    assert warm[LoadStep.PROCESS] < cold[LoadStep.PROCESS] - 20  # no `modelinfos` subprocess
    assert warm_total <= 0.6 * cold_total  # the goal, on real output


@pytest.mark.parametrize(
    ("message", "step"),
    [
        ("Starting to load model /m...", LoadStep.WEIGHTS),
        ("Model loading took 14.2 GiB memory and 9.1 seconds", LoadStep.KV_CACHE),
        ("[backbone] Starting torch.compile", LoadStep.COMPILE),
        ("Capturing CUDA graphs (mixed prefill-decode, PIECEWISE):  45%|███", LoadStep.COMPILE),
        ("Graph capturing finished in 12 secs, took 0.31 GiB", LoadStep.KV_CACHE),
        ("Memory profiling takes 3.10 seconds", LoadStep.KV_CACHE),
        ("init engine (profile, create kv cache, warmup model) took 59.87 s", LoadStep.SERVER),
        ("INFO:     Application startup complete.", LoadStep.READINESS),
        ("Resolved architecture: LlamaForCausalLM", None),
    ],
)
def test_gpu_builds_lines_mark_their_steps(message: str, step: LoadStep | None) -> None:
    assert step_of(message) is step


def test_a_step_that_comes_back_adds_up() -> None:
    now = [0.0]
    clock = StepClock(clock=lambda: now[0])
    for t, message in (
        (10.0, "Starting to load model /m..."),
        (12.0, "Model loading took 1 GiB memory and 2 seconds"),
        (13.0, "Starting torch.compile"),
        (40.0, "Memory profiling takes 2.0 seconds"),
        (42.0, "Capturing CUDA graphs (decode, FULL):   0%|"),
        (50.0, "Graph capturing finished in 8 secs"),
        (51.0, "init engine (profile, create kv cache, warmup model) took 39 s"),
    ):
        now[0] = t
        clock.mark(message)
    now[0] = 53.0
    assert dict(clock.finish()) == {
        LoadStep.PROCESS: 10.0,
        LoadStep.WEIGHTS: 2.0,
        LoadStep.KV_CACHE: 1.0 + 2.0 + 1.0,
        LoadStep.COMPILE: 27.0 + 8.0,
        LoadStep.SERVER: 2.0,
    }
