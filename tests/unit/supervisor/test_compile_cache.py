"""Compile caches per engine build: folder names, the child's environment, cleaning."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.bench.load_bench import LoadRun, run_steps
from app.core.contracts import LaunchSpec
from app.core.models.optimize import Optimize, parse_optimize, with_optimize
from app.core.models.vllm_args import ArgLayer, ResolvedArgs
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind
from app.runtime.control.fast_start import fast_spec
from app.supervisor.compile_cache import (
    build_name,
    cache_env,
    clean,
    folder_bytes,
    has_compiled,
    root_of,
)


def test_each_engine_build_has_its_own_folder() -> None:
    assert build_name(EngineKind.CPU, "0.32.0", ()) == "cpu-0.32.0"
    assert build_name(EngineKind.ROCM, "vllm0.20.1-rocm7.12.0-gfx1151", ()) == (
        "rocm-vllm0.20.1-rocm7.12.0-gfx1151"
    )
    mine = build_name(EngineKind.CUSTOM, None, ("/opt/vllm/bin/vllm", "serve"))
    other = build_name(EngineKind.CUSTOM, None, ("/usr/bin/vllm", "serve"))
    assert mine.startswith("custom-") and mine != other and "/" not in mine


def test_the_child_keeps_vllm_torch_and_triton_caches_in_one_folder(tmp_path: Path) -> None:
    env = cache_env(tmp_path / "cpu-0.32.0")
    assert env == {
        "VLLM_CACHE_ROOT": str(tmp_path / "cpu-0.32.0"),
        "TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "cpu-0.32.0" / "inductor"),
        "TRITON_CACHE_DIR": str(tmp_path / "cpu-0.32.0" / "triton"),
    }
    assert root_of(env) == tmp_path / "cpu-0.32.0" and root_of({}) is None


def test_clean_says_what_it_freed_and_a_later_load_is_expected_cold(tmp_path: Path) -> None:
    base = tmp_path / "compile"
    for build, size in (("cpu-0.32.0", 1000), ("rocm-x", 24)):
        entry = base / build / "torch_compile_cache" / "torch_aot_compile" / "h" / "model"
        entry.parent.mkdir(parents=True)
        entry.write_bytes(b"x" * size)
    assert has_compiled(base / "cpu-0.32.0") and folder_bytes(base) == 1024
    only = clean(tmp_path, base / "rocm-x")
    assert (only.freed_bytes, only.builds) == (24, ("rocm-x",))
    everything = clean(tmp_path)
    assert (everything.freed_bytes, everything.builds) == (1000, ("cpu-0.32.0",))
    assert not has_compiled(base / "cpu-0.32.0") and clean(tmp_path).builds == ()


def test_optimize_words_and_their_flags() -> None:
    assert parse_optimize(" Start ") == "start" and parse_optimize("default") is None
    with pytest.raises(ProblemError) as bad:
        parse_optimize("fastest")
    assert bad.value.problem.code == "options.bad_optimize"
    base = ResolvedArgs(("--dtype", "float32", "-O2"), (ArgLayer("global vllm_args", ("-O2",)),))
    # The model's option beats a level set for every model; vLLM's -O0 spelling.
    assert with_optimize(base, "start", ()).args == ("--dtype", "float32", "-O0")
    with pytest.raises(ProblemError) as both:
        with_optimize(base, "serve", ("--optimization-level", "1"))
    assert both.value.problem.code == "options.optimize_and_level"


def test_a_runs_steps_add_up_to_load_to_first_token() -> None:
    steps = run_steps(
        called_ts=100.0,
        started_ts=100.02,
        engine_steps=(("process", 50.0), ("compile", 10.0), ("readiness", 0.01)),
        load_s=60.01,
        returned_ts=160.04,
        first_token_s=0.05,
        relay_s=0.002,
    )
    run = LoadRun("warm", False, steps)
    assert run.step("before_spawn") == pytest.approx(0.02)
    assert run.step("handover") == pytest.approx(0.01)
    assert run.step("first_token") == pytest.approx(0.048) and run.step("relay") == 0.002
    assert run.app_s == pytest.approx(0.02 + 0.01 + 0.01 + 0.002)
    assert run.total_s == pytest.approx(60.04 + 0.05, abs=0.002)
    assert LoadRun.from_json(run.to_json()) == run


@pytest.mark.parametrize(
    ("kind", "optimize", "worker_in_core"),
    [
        (EngineKind.CPU, "start", True),
        (EngineKind.CPU, "serve", False),
        (EngineKind.CPU, None, False),
        (EngineKind.ROCM, "start", False),  # measured on the CPU build only
    ],
)
def test_start_fast_on_the_cpu_build_runs_the_worker_in_the_engine_core(
    tmp_path: Path, kind: EngineKind, optimize: Optimize | None, worker_in_core: bool
) -> None:
    bare = LaunchSpec("user.a", "user.a", "/models/a", 512, ("vllm", "serve"), (), {})
    env = fast_spec(
        bare, tmp_path, kind=kind, version="0.32.0", prefix=("vllm", "serve"), optimize=optimize
    ).env
    assert env["VLLM_CACHE_ROOT"] == str(tmp_path / "compile" / f"{kind.value}-0.32.0")
    assert ("VLLM_ENABLE_V1_MULTIPROCESSING" in env) is worker_in_core
