"""The fast-start environment: vLLM's startup plan where its worker applies one, and the AOT
load forced only for the launch a pre-warm compiled."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.core.contracts import LaunchSpec
from app.core.states import EngineKind
from app.runtime.control.fast_start import NO_AOT_COMPILE, STARTUP_PLAN, fast_spec
from app.supervisor.compile_cache import (
    FORCE_AOT_VAR,
    PLANS,
    StartMarks,
    cache_env,
    launch_key,
    with_kept_work,
)


@pytest.mark.parametrize(
    ("kind", "planned"),
    # vLLM 0.32's CPU worker sizes its KV cache without profiling and never reads a plan.
    [(EngineKind.ROCM, True), (EngineKind.CPU, False), (EngineKind.CUSTOM, False)],
)
def test_the_startup_plan_is_enabled_where_the_engines_worker_applies_it(
    tmp_path: Path, kind: EngineKind, planned: bool
) -> None:
    env = fast_spec(
        spec(tmp_path),
        tmp_path,
        kind=kind,
        version="0.32.0",
        prefix=("vllm", "serve"),
        optimize=None,
    ).env
    assert (STARTUP_PLAN.items() <= env.items()) is planned


def spec(root: Path, **changes: object) -> LaunchSpec:
    base = LaunchSpec(
        model_id="user.a",
        served_name="user.a",
        model_path="/models/a",
        ctx_size=512,
        prefix=("vllm", "serve"),
        args=("--gpu-memory-utilization", "0.5"),
        env=cache_env(root),
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_only_the_launch_a_prewarm_compiled_is_forced(tmp_path: Path) -> None:
    root = tmp_path / "cpu-0.32.0"
    root.mkdir()
    first = spec(root)
    assert FORCE_AOT_VAR not in with_kept_work(first).env  # nothing compiled it
    StartMarks(root).mark_prewarmed("user.a", launch_key(first), False)  # a pre-warm begins
    assert FORCE_AOT_VAR not in with_kept_work(first).env  # …never forced itself
    StartMarks(root).mark_prewarmed("user.a", launch_key(first), True)
    assert FORCE_AOT_VAR not in with_kept_work(first).env  # AOT loads never seen to work here
    StartMarks(root).note_aot(True)
    forced = with_kept_work(first)
    assert forced.env[FORCE_AOT_VAR] == "1"
    assert launch_key(forced) == launch_key(first)  # the flag itself changes no launch
    assert with_kept_work(forced).env[FORCE_AOT_VAR] == "1"

    other = spec(root, args=("--gpu-memory-utilization", "0.9"))
    assert FORCE_AOT_VAR not in with_kept_work(other).env
    assert FORCE_AOT_VAR not in with_kept_work(first).env  # the mark went with the change


def test_a_changed_launch_drops_the_builds_startup_plans(tmp_path: Path) -> None:
    """vLLM's plan fingerprint leaves out --gpu-memory-utilization: a plan measured at 0.5
    would size the KV cache of a start at 0.9 (or the reverse) without the app."""
    root = tmp_path / "rocm-x"
    plans = root / PLANS
    plans.mkdir(parents=True)
    with_kept_work(spec(root))  # a launch the marks never saw: no plan can be told its own
    assert not plans.exists()
    plans.mkdir()
    (plans / "startup_plan_0123.json").write_text("{}")
    with_kept_work(spec(root))  # the same launch: kept
    assert list(plans.iterdir())
    with_kept_work(spec(root, args=("--gpu-memory-utilization", "0.9")))
    assert not plans.exists()


def test_a_spec_whose_caches_the_app_does_not_place_is_left_alone(tmp_path: Path) -> None:
    bare = spec(tmp_path, env={"X": "1"})
    assert with_kept_work(bare) is bare


@pytest.mark.parametrize(
    ("kind", "aot_off"),
    # Only the CPU build fails to load its own AOT artifacts (and then compiles again).
    [(EngineKind.CPU, True), (EngineKind.ROCM, False), (EngineKind.CUSTOM, False)],
)
def test_the_cpu_build_starts_without_aot_compile(
    tmp_path: Path, kind: EngineKind, aot_off: bool
) -> None:
    env = fast_spec(
        spec(tmp_path),
        tmp_path,
        kind=kind,
        version="0.32.0",
        prefix=("vllm", "serve"),
        optimize=None,
    ).env
    assert (NO_AOT_COMPILE.items() <= env.items()) is aot_off
