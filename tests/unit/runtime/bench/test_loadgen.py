"""The load generators' plumbing: which Python runs vLLM's benchmark, its flags, its figures."""

from __future__ import annotations

import itertools
from pathlib import Path

from app.runtime.api.bench import Workload
from app.runtime.bench.loadgen import Target, point_from_vllm, vllm_bench_argv
from app.supervisor.engines.custom import engine_python


def test_the_engines_python_is_found_where_the_command_shows_it(tmp_path: Path) -> None:
    assert engine_python(["/opt/venv/bin/python3", "-m", "vllm.entrypoints.openai.api_server"]) == (
        "/opt/venv/bin/python3"
    )
    script = tmp_path / "vllm"
    script.write_text("#!/opt/venv/bin/python3.12\nimport sys\n")
    assert engine_python([str(script), "serve"]) == "/opt/venv/bin/python3.12"
    launcher = tmp_path / "vllm-server"
    launcher.write_text('#!/bin/sh\nexec python -m vllm.entrypoints.openai.api_server "$@"\n')
    assert engine_python([str(launcher)]) is None  # a shell launcher hides its Python
    assert engine_python([]) is None


def test_vllm_benchmark_flags_target_the_apps_endpoint_with_the_models_id() -> None:
    target = Target("http://127.0.0.1:9/", "user.tiny", tokenizer="/models/tiny")
    argv = vllm_bench_argv(target, Workload(16, 32))
    pairs = dict(itertools.pairwise(argv))  # each flag to the token after it
    assert pairs["--base-url"] == "http://127.0.0.1:9"
    assert pairs["--served-model-name"] == "user.tiny"
    assert pairs["--tokenizer"] == pairs["--model"] == "/models/tiny"
    assert pairs["--random-input-len"] == "16" and pairs["--random-output-len"] == "32"
    assert "--ignore-eos" in argv and pairs["--backend"] == "openai-chat"


def test_vllm_results_become_bench_points() -> None:
    result = {
        "duration": 2.0,
        "completed": 9,
        "total_output_tokens": 576,
        "output_throughput": 288.0,
        "median_ttft_ms": 40.0,
        "p99_ttft_ms": 90.0,
        "median_itl_ms": 12.0,
        "p99_itl_ms": 30.0,
    }
    point = point_from_vllm(result, concurrency=10, requests=10)
    assert (point.completed, point.failed, point.completion_tokens) == (9, 1, 576)
    assert (point.tok_per_s, point.wall_s) == (288.0, 2.0)
    assert (point.ttft_p50_ms, point.ttft_p99_ms, point.itl_p99_ms) == (40.0, 90.0, 30.0)
