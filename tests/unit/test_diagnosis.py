"""Failure diagnosis: vLLM's error text → a stable code, its numbers, and a one-action fix."""

from __future__ import annotations

import pytest

from app.core.problems import Problem
from app.core.states import LoadPhase
from app.supervisor.diagnosis import (
    cancelled,
    diagnose,
    engine_unusable,
    health_lost,
    safe_utilization,
    shutting_down,
    timeout,
)

CORE = "(EngineCore pid=9) ERROR 11-21 23:44:40 [core.py:708] "
FREE = (
    CORE + "ValueError: Free memory on device cuda:0 (76.45/96.0 GiB) on startup is less than "
    "desired GPU memory utilization (0.92, 88.32 GiB). Decrease GPU memory utilization or "
    "reduce GPU memory used by other processes."
)
KV = (
    CORE + "ValueError: To serve at least one request with the models's max seq len (40960), "
    "(5.62 GiB KV cache is needed, which is larger than the available KV cache memory (4.50 "
    "GiB). Based on the available memory, the estimated maximum model length is 32768. Try "
    "increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the "
    "engine."
)
TRACEBACK = [CORE + "EngineCore failed to start.", CORE + "Traceback (most recent call last):"]
AFTER = ["(APIServer pid=8) RuntimeError: Engine core initialization failed. See root cause above."]


def run(*lines: str, code: int | None = 1, running: bool = False) -> Problem:
    return diagnose([*TRACEBACK, *lines, *AFTER], code, model_id="user.m", was_running=running)


@pytest.mark.parametrize(
    ("free", "total", "safe"),
    [(76.45, 96.0, 0.75), (75.0, 95.0, 0.75), (10.0, 16.0, 0.59), (95.9, 96.0, 0.94)],
)
def test_safe_utilization_is_free_share_times_095_rounded_down(
    free: float, total: float, safe: float
) -> None:
    assert safe_utilization(free, total) == safe


def test_free_memory_gives_the_safe_utilization_as_a_setting_fix() -> None:
    problem = run(FREE)
    assert problem.code == "load.free_memory"
    assert problem.fix is not None
    assert (problem.fix.kind, problem.fix.target, problem.fix.value) == (
        "set_setting",
        "gpu_memory_utilization",
        0.75,
    )
    assert problem.params["free_gib"] == 76.45 and problem.params["total_gib"] == 96.0
    assert problem.params["utilization"] == 0.92
    assert problem.fix.english() == "Set GPU memory utilization to 0.75"


def test_free_memory_so_low_that_no_setting_helps_has_no_fix() -> None:
    low = FREE.replace("(76.45/96.0 GiB)", "(5.0/96.0 GiB)")
    problem = run(low)
    assert problem.code == "load.free_memory" and problem.params["safe"] == 0.04
    assert problem.fix is None


def test_kv_cache_too_small_offers_the_estimated_maximum_as_ctx_size() -> None:
    problem = run(KV)
    assert problem.code == "load.kv_cache_too_small"
    assert problem.fix is not None
    assert (problem.fix.kind, problem.fix.target, problem.fix.value) == (
        "set_model_option",
        "ctx_size",
        32768,
    )
    assert problem.params["ctx_size"] == 40960
    assert problem.params["needed_gib"] == 5.62 and problem.params["available_gib"] == 4.5
    assert "32768" in problem.english()


def test_kv_cache_too_small_without_an_estimate_has_no_fix() -> None:
    cut = KV.split(" Based on")[0] + ". Try increasing `gpu_memory_utilization`."
    problem = run(cut)
    assert problem.code == "load.kv_cache_too_small" and problem.fix is None


def test_no_cache_memory() -> None:
    line = CORE + "ValueError: No available memory for the cache blocks. Try increasing x."
    assert run(line).code == "load.no_cache_memory"


@pytest.mark.parametrize(
    "line",
    [
        "  Value error, Model architectures ['FakeNetForCausalLM'] are not supported for now. "
        "Supported architectures: dict_keys(['LlamaForCausalLM'])",
        "ValueError: Model architectures ['FakeNetForCausalLM'] are not supported for now.",
    ],
)
def test_unsupported_architecture_names_it(line: str) -> None:
    problem = run(line)
    assert problem.code == "load.unsupported_architecture"
    assert problem.params["architecture"] == "FakeNetForCausalLM"


def test_engine_dead_keeps_the_log_tail() -> None:
    line = "vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue."
    problem = run(line, code=1, running=True)
    assert problem.code == "load.engine_dead"
    assert problem.params["exit_code"] == 1
    assert line in problem.params["log_tail"]


def test_out_of_memory() -> None:
    line = CORE + "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB."
    assert run(line).code == "load.out_of_memory"


def test_the_specific_cause_wins_over_the_generic_engine_dead() -> None:
    dead = "vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue."
    assert run(FREE, dead).code == "load.free_memory"


def test_unknown_failure_shows_exit_code_and_the_last_40_lines() -> None:
    lines = [f"line {i}" for i in range(100)]
    problem = diagnose(lines, 3, model_id="user.m")
    assert problem.code == "load.exited"
    assert problem.params["exit_code"] == 3
    assert problem.params["log_tail"].splitlines() == lines[-40:]
    assert diagnose(lines, 137, model_id="user.m", was_running=True).code == "run.exited"


def test_the_watchdog_reports_an_engine_that_cannot_run() -> None:
    missing = ["vllm-tray watchdog: cannot start /opt/vllm: No such file or directory (not found)"]
    problem = diagnose(missing, 127, model_id="user.m")
    assert (problem.code, problem.params["command"]) == ("engine.missing", "/opt/vllm")
    denied = ["vllm-tray watchdog: cannot execute /opt/vllm: Permission denied"]
    problem = diagnose(denied, 126, model_id="user.m")
    assert (problem.code, problem.params["command"]) == ("engine.not_executable", "/opt/vllm")
    # 127 from the engine itself (not the watchdog) is just an exit code
    assert diagnose(["sh: foo: not found"], 127, model_id="user.m").code == "load.exited"


@pytest.mark.parametrize(("given", "raised"), [(600, 1200), (10, 610), (80_000, 86_400)])
def test_timeout_says_kernels_compile_and_offers_a_longer_timeout(given: int, raised: int) -> None:
    problem = timeout("user.m", given, LoadPhase.COMPILING, ["a", "b"])
    assert problem.code == "load.timeout"
    assert "cold first load compiles kernels" in problem.english()
    assert problem.params["phase"] == "compiling" and problem.params["log_tail"] == "a\nb"
    assert problem.fix is not None
    assert (problem.fix.kind, problem.fix.target, problem.fix.value) == (
        "set_setting",
        "load_timeout_s",
        raised,
    )


def test_every_problem_renders_its_english_sentence() -> None:
    problems = [
        run(FREE),
        run(KV),
        run("No available memory for the cache blocks."),
        run("Model architectures ['X'] are not supported for now."),
        run("EngineDeadError"),
        run("HIP out of memory"),
        run("whatever"),
        run("whatever", running=True),
        timeout("user.m", 5, None, []),
        health_lost("user.m", 3, []),
        engine_unusable("/x", found=True),
        engine_unusable("/x", found=False),
        cancelled("user.m"),
        shutting_down("user.m"),
    ]
    for problem in problems:
        text = problem.english()
        assert text and "{" not in text, problem.code
        if problem.fix is not None:
            assert "{" not in problem.fix.english()
    assert len({p.code for p in problems}) == len(problems)
