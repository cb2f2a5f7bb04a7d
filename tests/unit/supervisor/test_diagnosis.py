"""Failure diagnosis: vLLM's error text → a stable code, its numbers, and a one-action fix.

Most cases read vLLM's real output for the failure, captured verbatim from the CPU build by
tests/real_engine/capture_failures.py into tests/fakes/data/vllm_cpu_fail_<name>.log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.core.problems.problems import Problem
from app.core.states import LoadPhase
from app.supervisor import vllm_errors
from app.supervisor.diagnosis import (
    cancelled,
    diagnose,
    engine_unusable,
    given_up,
    internal_error,
    is_memory_failure,
    is_permanent,
    root_cause,
    safe_utilization,
    shutting_down,
    stalled,
    timeout,
    unresponsive,
)

DATA = Path(__file__).parents[2] / "fakes" / "data"


def captured(name: str) -> list[str]:
    return (DATA / f"vllm_cpu_fail_{name}.log").read_text(encoding="utf-8").splitlines()


Case = tuple[str, int, str, dict[str, Any], tuple[str, str, Any] | None, bool]
# name, exit code, problem code, params it must carry, fix (kind, target, value) or None,
# whether the same start fails the same way again (FATAL at once).
CAPTURED_CASES: list[Case] = [
    (
        "ctx_over_limit",
        1,
        "load.ctx_over_limit",
        {"ctx_size": 4096, "limit": 2048, "limit_key": "max_position_embeddings"},
        ("set_model_option", "ctx_size", 2048),
        True,
    ),
    ("unknown_flag", 2, "engine.unknown_flag", {"flags": "--no-such-flag"}, None, True),
    (
        "bad_dtype",
        2,
        "engine.bad_flag_value",
        {
            "flag": "--dtype",
            "value": "float99",
            "choices": "auto, bfloat16, float, float16, float32, half",
        },
        None,
        True,
    ),
    ("no_weights", 1, "load.no_weights", {}, None, True),
    (
        "broken_config",
        1,
        "load.bad_config",
        {"detail": "Unterminated string starting at: line 17 column 3 (char 349)"},
        None,
        True,
    ),
    (
        "kv_too_small",
        1,
        "load.kv_cache_too_small",
        {"ctx_size": 512, "estimated_max": 128},
        ("set_model_option", "ctx_size", 128),
        False,
    ),
    (
        "kv_over_memory",
        1,
        "load.cpu_kv_cache_memory",
        {"requested_gib": 64.0, "free_gib": 11.31, "total_gib": 13.09, "fits_gib": 10},
        None,
        False,
    ),
    (
        "memory_at_startup",
        1,
        "load.cpu_free_memory",
        {"utilization": 0.99, "free_gib": 11.67, "total_gib": 13.09, "safe": 0.84},
        ("set_setting", "models.gpu_memory_utilization", 0.84),
        False,
    ),
    ("port_taken", 1, "load.port_in_use", {}, None, False),
    (
        "engine_without_vllm",
        1,
        "engine.broken",
        {"cause": "ModuleNotFoundError: No module named 'vllm'"},
        None,
        True,
    ),
    (
        "stale_aot",
        1,
        "load.stale_compile_cache",
        {"reason": "pickle data was truncated"},
        None,
        True,
    ),
]


@pytest.mark.parametrize("case", CAPTURED_CASES, ids=[c[0] for c in CAPTURED_CASES])
def test_real_vllm_output_of_each_failure_becomes_its_problem(case: Case) -> None:
    name, exit_code, code, params, fix, permanent = case
    problem = diagnose(captured(name), exit_code, model_id="user.tiny")
    assert problem.code == code
    assert {k: problem.params[k] for k in params} == params
    got_fix = (problem.fix.kind, problem.fix.target, problem.fix.value) if problem.fix else None
    assert got_fix == fix
    assert is_permanent(problem) is permanent
    assert problem.english() and "{" not in problem.english()


def test_missing_weights_and_broken_config_name_the_folder() -> None:
    weights = diagnose(captured("no_weights"), 1, model_id="user.tiny")
    assert weights.params["path"].endswith("/tiny-no_weights")
    config = diagnose(captured("broken_config"), 1, model_id="user.tiny")
    assert config.params["path"].endswith("/tiny-broken_config/config.json")


@pytest.mark.parametrize(
    ("name", "cause"),
    [
        ("no_weights", "RuntimeError: Cannot find any model weights with `"),
        ("kv_over_memory", "ValueError: Available memory on node 0 (11.31/13.09 GiB) on kv"),
        ("ctx_over_limit", "User-specified max_model_len (4096) is greater than the derived"),
        ("broken_config", "json.decoder.JSONDecodeError: Unterminated string starting at"),
        ("port_taken", "OSError: [Errno 98] Address already in use"),
        ("unknown_flag", "error: unrecognized arguments: --no-such-flag"),
        ("engine_without_vllm", "Error while finding module specification for 'vllm."),
    ],
)
def test_root_cause_is_the_first_error_vllm_names_not_its_closing_line(
    name: str, cause: str
) -> None:
    found = root_cause(captured(name))
    assert found is not None and found.startswith(cause)
    assert "See root cause above" not in found


def test_output_no_rule_knows_quotes_the_root_cause_with_the_exit_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(vllm_errors, "RULES", ())
    problem = diagnose(captured("no_weights"), 1, model_id="user.tiny")
    assert problem.code == "load.exited"
    assert problem.params["exit_code"] == 1
    assert problem.params["cause"].startswith("RuntimeError: Cannot find any model weights")
    assert "Cannot find any model weights" in problem.english()
    assert "See root cause above" not in problem.english()


def test_a_warning_that_mentions_an_error_is_not_the_root_cause() -> None:
    warning = (
        "(APIServer pid=1) WARNING 11-23 04:32:46 [system_utils.py:255] Found ulimit of 20000 "
        "and failed to automatically increase with error current limit exceeds maximum limit. "
        "This can cause fd limit errors like `OSError: [Errno 24] Too many open files`."
    )
    assert root_cause([warning, "ValueError: the real one"]) == "ValueError: the real one"


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
        "models.gpu_memory_utilization",
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
    assert problem.params["cause"] == "the log shows no error"
    assert problem.params["log_tail"].splitlines() == lines[-40:]


def test_an_engine_ended_by_a_signal_was_stopped_from_outside() -> None:
    lines = [f"line {i}" for i in range(10)]
    killed = diagnose(lines, 137, model_id="user.m", was_running=True)
    assert killed.code == "run.killed" and killed.params["signal"] == "SIGKILL"
    assert "killed from outside the app" in killed.english()
    assert "by itself" not in killed.english() and "signal 9" not in killed.english()
    stopped = diagnose(lines, -15, model_id="user.m")
    assert stopped.code == "load.killed"
    assert stopped.english() == (
        "Loading user.m failed: its vLLM server was stopped from outside the app (SIGTERM)."
    )


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
        "models.load_timeout_s",
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
        stalled("user.m", 120, LoadPhase.COMPILING, []),
        unresponsive("user.m", 2, 9.0, []),
        given_up("user.m", 3, run(KV), crashed=False),
        internal_error("user.m"),
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


def test_given_up_says_how_often_and_keeps_the_last_fix_or_offers_none() -> None:
    last = run(KV)
    problem = given_up("user.m", 3, last, crashed=False)
    assert problem.code == "load.given_up"
    assert (problem.params["failures"], problem.params["cause_code"]) == (
        3,
        "load.kv_cache_too_small",
    )
    assert "failed to start 3 times" in problem.english()
    assert "Load it again" in problem.english()
    assert problem.fix == last.fix
    crashed = given_up("user.m", 3, run("whatever", running=True), crashed=True)
    assert "crashed 3 times" in crashed.english()
    # No fix of its own: "Load again" is the one way to try again as it was.
    assert crashed.fix is None


def test_memory_failures_are_told_apart_also_inside_a_give_up() -> None:
    over = diagnose(captured("kv_over_memory"), 1, model_id="user.tiny")
    assert is_memory_failure(over)
    assert is_memory_failure(given_up("user.tiny", 3, over, crashed=False))
    assert not is_memory_failure(diagnose(captured("no_weights"), 1, model_id="user.tiny"))


def test_a_recompile_the_engine_did_by_itself_is_no_stale_cache_failure() -> None:
    """Unforced, vLLM warns and recompiles: a later failure of another kind is not blamed on
    the cache (the reason must come again as the error)."""
    lines = [
        line
        for line in captured("stale_aot")
        if "Compiling model again" in line or "Engine core initialization failed" in line
    ]
    assert diagnose(lines, 1, model_id="user.tiny").code != "load.stale_compile_cache"
