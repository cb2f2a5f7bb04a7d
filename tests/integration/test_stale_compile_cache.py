"""A pre-warm makes its launch's AOT load forced; a stale compile cache is then a diagnosed
failure with its fix, and a pre-warm again (or clean-cache) is that fix. On the real runtime
with the fake engine, which keeps a compile-cache entry in VLLM_CACHE_ROOT as vLLM does and,
with VLLM_FORCE_AOT_LOAD=1, fails on an entry it did not write as vLLM 0.32 did
(tests/fakes/data/vllm_cpu_fail_stale_aot.log)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.events import Event, PrewarmChanged
from app.core.models.registry import ModelOptions
from app.core.problems.problems import ProblemError
from app.runtime.composition.runtime import Runtime
from app.supervisor.compile_cache import FORCE_AOT_VAR, MARKS, root_of
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.harness import internals
from tests.integration.test_bench_cli import cli
from tests.integration.test_load_bench_cli import home  # noqa: F401 — the CLI's fixture
from tests.waiting import until

# A build that loads its AOT-compiled graphs (as vLLM's GPU builds do; the CPU build never).
ENGINE = fake_engine("--fake-start-delay", "0.6", "--fake-warm-delay", "0.2", "--fake-aot-loads")


def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Runtime:
    return make_runtime(
        tmp_path, monkeypatch, models=("a",), settings={"engine.custom_command": ENGINE}
    )


def spoil(root: Path) -> int:
    entries = list(root.glob("torch_compile_cache/torch_aot_compile/*/model"))
    for entry in entries:
        entry.write_text("cut short", encoding="utf-8")
    return len(entries)


async def prewarm(rt: Runtime, events: list[Event], model_id: str) -> None:
    before = len(events)
    assert rt.services.prewarm.prewarm(model_id)
    await until(
        lambda: any(isinstance(e, PrewarmChanged) and not e.active for e in events[before:])
    )
    (done,) = [e for e in events[before:] if isinstance(e, PrewarmChanged) and not e.active]
    assert done.outcome == "done", done.problem


@pytest.mark.timeout(120)
async def test_a_stale_cache_after_a_prewarm_fails_with_its_fix_and_a_prewarm_mends_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = runtime(tmp_path, monkeypatch)
    events: list[Event] = []
    rt.bus.subscribe(events.append)
    await rt.start(serve=False)
    try:
        planner = internals(rt).planner
        spec = planner.plan_launch("user.a").spec
        assert FORCE_AOT_VAR not in spec.env  # nothing compiled it yet: never forced
        await rt.services.models.load("user.a")  # a user's load compiles, forces nothing
        await rt.services.models.unload("user.a")
        assert FORCE_AOT_VAR not in planner.plan_launch("user.a").spec.env

        await prewarm(rt, events, "user.a")
        spec = planner.plan_launch("user.a").spec
        assert spec.env[FORCE_AOT_VAR] == "1"  # the warm load above showed AOT loads work
        root = root_of(spec.env)
        assert root is not None and spoil(root) == 1

        with pytest.raises(ProblemError) as failed:
            await rt.services.models.load("user.a")
        said = failed.value.problem.english()
        assert failed.value.problem.code == "load.stale_compile_cache", said
        assert "pickle data was truncated" in said
        assert "Pre-warm the model again, or clear the compile cache" in said

        # The fix: a pre-warm is never forced, so it recompiles what was stale.
        await rt.services.models.unload("user.a")
        await prewarm(rt, events, "user.a")
        await rt.services.models.load("user.a")
        await rt.services.models.unload("user.a")

        # A changed launch (another context size) is not what the pre-warm compiled.
        await rt.services.models.set_options("user.a", ModelOptions(ctx_size=1024))
        assert FORCE_AOT_VAR not in planner.plan_launch("user.a").spec.env
    finally:
        await rt.stop()


@pytest.mark.timeout(120)
def test_the_cli_says_the_stale_cache_sentence_and_clean_cache_mends_it(home: Path) -> None:  # noqa: F811 — pytest's fixture
    engine = f"{ENGINE} --fake-start-delay 0.6"
    assert cli(home, "config", "set", f"engine.custom_command={engine}").returncode == 0
    for _ in range(2):  # the second start is warm: this build loads its AOT-compiled graphs
        warm = cli(home, "bench", "load", "user.a", "--warm-only")
        assert warm.returncode == 0, warm.stderr
    (build,) = sorted((home / "cache" / "compile").iterdir())
    marks = json.loads((build / MARKS).read_text(encoding="utf-8"))
    assert marks["aot_loads"] is True
    # What a pre-warm leaves (the runtime test above makes it so): the launch marked compiled.
    for mark in marks["models"].values():
        mark["prewarmed"] = True
    (build / MARKS).write_text(json.dumps(marks), encoding="utf-8")
    assert spoil(build) == 1
    failed = cli(home, "bench", "load", "user.a", "--warm-only")
    assert failed.returncode != 0
    assert "could not be loaded from the engine's compile cache (pickle data was truncated)" in (
        failed.stderr
    )
    assert cli(home, "engine", "clean-cache").returncode == 0
    mended = cli(home, "bench", "load", "user.a", "--warm-only")
    assert mended.returncode == 0, mended.stderr


def test_a_build_that_cannot_load_its_aot_graphs_is_never_forced(tmp_path: Path) -> None:
    """vLLM 0.32's CPU build: every warm start says it compiles again (its log, captured)."""
    from app.supervisor.compile_cache import StartMarks, aot_seen

    warm_log = Path(__file__).parents[1] / "fakes" / "data" / "vllm_cpu_startup_warm.log"
    seen = {aot_seen(line) for line in warm_log.read_text(encoding="utf-8").splitlines()}
    assert seen == {None, False}
    root = tmp_path / "cpu-0.32.0"
    root.mkdir()
    marks = StartMarks(root)
    marks.mark_prewarmed("user.a", "k", True)
    marks.note_aot(False)
    assert StartMarks(root).forced("user.a", "k") is False
    marks.note_aot(True)
    assert StartMarks(root).forced("user.a", "k") is True


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(garbage=st.binary(max_size=300))
def test_marks_that_cannot_be_read_force_nothing(tmp_path: Path, garbage: bytes) -> None:
    from app.supervisor.compile_cache import StartMarks

    root = tmp_path / "build"
    root.mkdir(exist_ok=True)
    (root / MARKS).write_bytes(garbage)
    marks = StartMarks(root)
    assert marks.forced("user.a", "k") in (True, False)
    marks.settle("user.a", "another launch")
    assert StartMarks(root).forced("user.a", "another launch") is False
