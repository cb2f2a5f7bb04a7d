"""vLLM log lines → load progress: phases only move forward, numbers are kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.events import LoadProgressed
from app.core.states import PHASE_END, LoadPhase
from app.supervisor.logparse import LoadProgressParser, message_of, overall

CAPTURED = Path(__file__).parents[2] / "fakes" / "data" / "vllm_cpu_startup.log"
RANK = {phase: i for i, phase in enumerate(LoadPhase)}


def feed_all(lines: list[str]) -> tuple[LoadProgressParser, list[LoadProgressed]]:
    parser = LoadProgressParser("m")
    events = [e for e in (parser.feed(line) for line in lines) if e is not None]
    return parser, events


def assert_forward_only(events: list[LoadProgressed]) -> None:
    fractions = [e.fraction for e in events]
    assert fractions == sorted(fractions)
    ranks = [RANK[e.phase] for e in events]
    assert ranks == sorted(ranks)


def test_the_captured_real_cpu_log_walks_every_phase_in_order() -> None:
    lines = CAPTURED.read_text(encoding="utf-8").splitlines()
    parser, events = feed_all(lines)
    assert_forward_only(events)
    phases = [e.phase for e in events]
    assert sorted(set(phases), key=RANK.__getitem__) == [
        LoadPhase.RESOLVING,
        LoadPhase.LOADING_WEIGHTS,
        LoadPhase.COMPILING,
        LoadPhase.KV_CACHE,
        LoadPhase.SERVER_STARTING,
    ]
    assert events[-1].fraction == PHASE_END[LoadPhase.SERVER_STARTING]
    # vLLM 0.32 prints both numbers on one line: `CPU KV cache size: 1,048,576 tokens, …`
    assert parser.kv_cache_tokens == 1_048_576
    assert parser.max_concurrency == 2048.0
    assert events[-1].kv_cache_tokens == 1_048_576
    ready = parser.ready()
    assert (ready.phase, ready.fraction, ready.kv_cache_tokens, ready.max_concurrency) == (
        LoadPhase.READY,
        1.0,
        1_048_576,
        2048.0,
    )


def test_gpu_order_compile_then_kv_then_graph_capture_never_goes_back() -> None:
    core = "(EngineCore_DP0 pid=7) INFO 11-05 10:00:00 [gpu_model_runner.py:1] "
    lines = [
        core + "Starting to load model /m...",
        "Loading safetensors checkpoint shards:  50% Completed | 1/2 [00:01<00:01,  1.0it/s]",
        "Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:02<00:00,  1.0it/s]",
        core + "Model loading took 7.1 GiB memory and 3.2 seconds",
        core + "Dynamo bytecode transform time: 5.1 s",
        core + "GPU KV cache size: 123,456 tokens",
        core + "Maximum concurrency for 8,192 tokens per request: 15.07x",
        core + "Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): 100%|██████████| 67/67",
        core + "init engine (profile, create kv cache, warmup model) took 37.0 seconds",
    ]
    parser, events = feed_all(lines)
    assert_forward_only(events)
    assert [e.shard for e in events if e.shard] == [(1, 2), (2, 2)]
    assert parser.kv_cache_tokens == 123_456
    assert parser.max_concurrency == 15.07
    kv_events = [e for e in events if e.phase is LoadPhase.KV_CACHE]
    assert kv_events and kv_events[-1].fraction == PHASE_END[LoadPhase.KV_CACHE]


def test_cpu_order_kv_before_warm_up_keeps_numbers_and_still_counts_compile() -> None:
    lines = [
        "INFO 11-05 10:00:00 [default_loader.py:1] Loading weights took 0.02 seconds",
        "INFO 11-05 10:00:00 [kv_cache_utils.py:2] CPU KV cache size: 43,680 tokens",
        "INFO 11-05 10:00:00 [cpu_model_runner.py:3] Warming up model for the compilation...",
        "INFO 11-05 10:00:30 [cpu_model_runner.py:4] Warming up done.",
    ]
    _parser, events = feed_all(lines)
    assert [e.phase for e in events] == [
        LoadPhase.LOADING_WEIGHTS,
        LoadPhase.LOADING_WEIGHTS,  # the KV numbers arrive, the bar waits for the compile
        LoadPhase.COMPILING,
        LoadPhase.COMPILING,
    ]
    assert events[1].kv_cache_tokens == 43_680
    assert events[1].fraction == events[0].fraction
    assert events[-1].kv_cache_tokens == 43_680
    assert events[-1].fraction == PHASE_END[LoadPhase.COMPILING]


def test_shard_progress_inside_the_weights_phase() -> None:
    parser = LoadProgressParser("m")
    event = parser.feed("Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:01<00:03]")
    assert event is not None
    assert event.phase is LoadPhase.LOADING_WEIGHTS
    assert event.shard == (1, 4) and event.phase_fraction == 0.25
    assert event.fraction == pytest.approx(overall(LoadPhase.LOADING_WEIGHTS, 0.25))
    assert event.fraction == pytest.approx(0.2 + (0.5 - 0.2) * 0.25)


def test_lines_that_say_nothing_new_give_no_event() -> None:
    parser = LoadProgressParser("m")
    assert parser.feed("some unrelated warning") is None
    line = "(APIServer pid=1) INFO 11-21 23:44:06 [model.py:733] Resolved architecture: X"
    assert parser.feed(line) is not None
    assert parser.feed(line) is None  # the same point again
    parser.ready()
    assert parser.feed("INFO:     Application startup complete.") is None


@pytest.mark.parametrize(
    ("prefix", "message"),
    [
        ("(VllmWorker-0 pid=17272) WARNING 11-21 23:44:40 [vllm.py:725] ", "Model Runner V2"),
        ("(EngineCore pid=1) ERROR 10-08 20:33:48 [core.py:708] ", "ValueError: x"),
        ("INFO 11-05 10:00:00 [__init__.py:216] ", "Automatically detected platform cpu."),
        ("INFO:     ", "Started server process [16504]"),
        ("", "Loading safetensors checkpoint shards:   0% Completed"),
    ],
)
def test_message_of_strips_vllm_and_uvicorn_prefixes(prefix: str, message: str) -> None:
    assert message_of(prefix + message) == message


def test_overall_spans_each_phase_between_its_neighbours_ends() -> None:
    assert overall(LoadPhase.SPAWNED, 0.0) == 0.0
    assert overall(LoadPhase.RESOLVING, 0.0) == PHASE_END[LoadPhase.SPAWNED]
    assert overall(LoadPhase.COMPILING, 1.0) == PHASE_END[LoadPhase.COMPILING]
    assert overall(LoadPhase.READY, 5.0) == 1.0  # clamped


WARM = CAPTURED.with_name("vllm_cpu_startup_warm.log")


def test_a_load_is_cold_when_vllm_compiled_without_a_cache_entry_warm_when_it_had_one() -> None:
    cold, _ = feed_all(CAPTURED.read_text(encoding="utf-8").splitlines())
    assert cold.compiled and not cold.compile_cache_found and cold.cold
    # vLLM 0.32's CPU build finds its cache entry, fails to load it and recompiles, in a
    # sixth of the cold time: that is a warm load.
    warm, _ = feed_all(WARM.read_text(encoding="utf-8").splitlines())
    assert warm.compiled and warm.compile_cache_found and not warm.cold
    eager, _ = feed_all(["Starting to load model /m...", "Loading weights took 0.01 seconds"])
    assert not eager.cold  # nothing compiled: nothing to wait for next time either


def test_gpu_graph_capture_bars_give_the_compile_phase_a_percentage_and_steps() -> None:
    core = "(EngineCore_DP0 pid=7) INFO 11-05 10:00:00 [gpu_model_runner.py:1] "
    # The bar's text as vLLM's gpu_model_runner.py draws it through tqdm.
    bar = "Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): {p:>3}%|{b:<10}| {k}/67 [00:01]"
    lines = [
        core + "Starting to load model /m...",
        core + "Loading weights took 1.00 seconds",
        core + "Compiling a graph for compile range (1, 8192) takes 10.2 s",
        *(bar.format(p=k * 100 // 67, b="█" * (k // 7), k=k) for k in (0, 17, 34, 67)),
        "Capturing CUDA graphs (decode, FULL): 100%|██████████| 35/35 [00:01<00:00, 30.1it/s]",
        core + "Graph capturing finished in 3 secs, took 0.31 GiB",
    ]
    parser, events = feed_all(lines)
    assert_forward_only(events)
    steps = [e.step for e in events if e.step is not None]
    assert steps == [(0, 67), (17, 67), (34, 67), (67, 67), (35, 35)]
    capture = [e.phase_fraction for e in events if e.step is not None]
    assert capture[:4] == sorted(capture[:4]) and capture[0] == 0.6 and capture[3] == 0.98
    assert all(e.phase is LoadPhase.COMPILING for e in events if e.step is not None)
    assert events[-1].phase_fraction == 1.0
    assert parser.cold  # it compiled, and found nothing in the cache
