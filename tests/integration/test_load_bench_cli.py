"""`vllm-tray bench load`, `engine clean-cache` and `options optimize=` as a user runs them,
on the fake engine (which keeps a compile-cache entry in VLLM_CACHE_ROOT as vLLM does, and
prints vLLM's captured cold or warm start-up log accordingly)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from tests.fakes.engine_runtime import make_model_folder
from tests.fakes.fake_startup_bench import engine_python
from tests.integration.test_bench_cli import cli

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_vllm.py"
ENGINE_STEPS = {"process", "weights", "compile", "kv_cache", "server", "readiness"}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    model = make_model_folder(tmp_path / "a")
    # A cold start spreads its log over 3 s, a warm one over 0.6 s: the fake's stand-in for
    # a compile that the cache saves.
    engine = shlex.join(
        [sys.executable, str(FAKE), "--fake-start-delay", "3", "--fake-warm-delay", "0.6"]
    )
    done = cli(
        home,
        "config",
        "set",
        "engine.kind=custom",
        f"engine.custom_command={engine}",
        "proxy.port=1",
    )
    assert done.returncode == 0, done.stderr
    assert cli(home, "pull", "user.a", "--checkpoint", str(model)).returncode == 0
    return home


def builds(home: Path) -> list[Path]:
    folder = home / "cache" / "compile"
    return sorted(folder.iterdir()) if folder.is_dir() else []


@pytest.mark.timeout(240)
def test_bench_load_times_a_cold_and_a_warm_load_step_by_step_and_keeps_them(home: Path) -> None:
    done = cli(home, "bench", "load", "user.a", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    cold, warm, swap = record["runs"]
    assert (cold["kind"], cold["cold"]) == ("cold", True)  # vLLM's log: it compiled afresh
    assert (warm["kind"], warm["cold"]) == ("warm", False)  # …and found its cache entry
    assert (swap["kind"], swap["cold"]) == ("swap", False)  # put aside, then back warm
    assert set(record["ratios"]) == {"swap_vs_warm"}  # the others need --direct
    for run in (cold, warm, swap):
        steps = run["steps"]
        assert set(steps) >= ENGINE_STEPS
        assert {"before_spawn", "handover", "first_token", "relay"} <= set(steps)
        assert sum(steps.values()) == pytest.approx(run["total_s"], abs=0.01)
        app = steps["before_spawn"] + steps["readiness"] + steps["handover"] + steps["relay"]
        assert run["app_s"] == pytest.approx(app, abs=0.01)
        assert run["app_s"] < 1.0  # generous: the goal (0.2 s) is held on the real engine
    # The fake spreads its log over 3 s cold and 0.6 s warm; the steps show where.
    assert cold["steps"]["compile"] > warm["steps"]["compile"]
    assert record["warm_ratio"] < 0.8
    (build,) = builds(home)
    assert record["engine"]["kind"] == "custom" and record["engine"]["build"] == build.name
    assert (build / "torch_compile_cache").is_dir()  # where the child kept its cache entry
    assert "cold load: emptying the compile caches" in done.stderr

    # Kept per model with its engine build; a second benchmark empties what the first left.
    again = cli(home, "bench", "load", "user.a")
    assert again.returncode == 0, again.stderr
    assert "warm/cold:" in again.stdout and "the app's own share: at most" in again.stdout
    assert "swap back / warm load: " in again.stdout
    assert "of caches emptied" in again.stdout
    shown = cli(home, "bench", "load", "user.a", "--history", "--json")
    assert shown.returncode == 0, shown.stderr
    history = json.loads(shown.stdout)
    assert len(history) == 2 and all(r["engine"]["build"] == build.name for r in history)
    assert history[1]["runs"][0]["freed_bytes"] > 0


@pytest.mark.timeout(120)
def test_clean_cache_says_what_it_freed_and_the_next_load_is_cold(home: Path) -> None:
    done = cli(home, "bench", "load", "user.a", "--warm-only", "--json")
    assert done.returncode == 0, done.stderr
    (run,) = json.loads(done.stdout)["runs"]
    assert run["cold"] is True  # nothing in the cache yet: a "warm" run that was cold
    (build,) = builds(home)
    cleaned = cli(home, "engine", "clean-cache", "--json")
    assert cleaned.returncode == 0, cleaned.stderr
    report = json.loads(cleaned.stdout)
    assert report["freed_bytes"] > 0 and report["builds"] == [build.name]
    assert not build.exists()
    words = cli(home, "engine", "clean-cache")
    assert words.returncode == 0 and "no compile caches to delete" in words.stdout


def test_optimize_is_a_model_option_validated_like_the_others(home: Path) -> None:
    done = cli(home, "options", "user.a", "optimize=start", "--json")
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["optimize"] == "start" and "-O0" in shown["argv"]
    assert {"source": "optimize option", "args": ["-O0"]} in shown["layers"]
    options = json.loads((home / "recipe_options.json").read_text())
    assert options["user.a"]["optimize"] == "start"

    serve = cli(home, "options", "user.a", "optimize=serve")
    assert serve.returncode == 0 and "optimize:   serve (answers fastest: -O3)" in serve.stdout

    for argv, needle in (
        (["optimize=fast"], "optimize must be start (loads fastest), serve (answers fastest)"),
        (["vllm_args=-O2"], "both choose the optimization level; keep one of them"),
    ):
        refused = cli(home, "options", "user.a", *argv)
        assert refused.returncode == 2, refused.stderr
        assert needle in refused.stderr
    assert json.loads((home / "recipe_options.json").read_text()) == {
        "user.a": {"optimize": "serve"}
    }
    back = cli(home, "options", "user.a", "optimize=default", "--json")
    assert back.returncode == 0 and json.loads(back.stdout)["optimize"] is None


@pytest.mark.timeout(240)
def test_direct_puts_vllms_own_start_beside_the_apps_with_the_ratios(
    home: Path, tmp_path: Path
) -> None:
    """The engine's Python has a `vllm bench startup` (a fake one: cold 4 s, warm 2 s)."""
    python = engine_python(tmp_path / "engine")
    engine = shlex.join(
        [str(python), str(FAKE), "--fake-start-delay", "3", "--fake-warm-delay", "0.6"]
    )
    assert cli(home, "config", "set", f"engine.custom_command={engine}").returncode == 0
    done = cli(home, "bench", "load", "user.a", "--direct")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "vLLM's own `vllm bench startup` (no server): cold 4.00 s" in out
    for title, goal in (
        ("warm load / vLLM's warm start", 0.8),
        ("cold load / vLLM's cold start", 1.2),
        ("swap back / warm load", 0.25),
    ):
        assert f"{title}: " in out and f"(goal ≤ {goal}: " in out, out
    assert "the app's own share: at most" in out
    shown = cli(home, "bench", "load", "user.a", "--history", "--json")
    (record,) = json.loads(shown.stdout)
    cold, warm, swap = (run["total_s"] for run in record["runs"])
    assert record["ratios"] == {
        "warm_vs_vllm": pytest.approx(warm / 2.0, abs=0.002),
        "cold_vs_vllm": pytest.approx(cold / 4.0, abs=0.002),
        "swap_vs_warm": pytest.approx(swap / warm, abs=0.002),
    }
    history = cli(home, "bench", "load", "user.a", "--history")
    assert "SWAP s" in history.stdout


@pytest.mark.timeout(120)
@pytest.mark.parametrize("figures", ["[1, 2]", '{"avg_warm_startup_time": "fast"}', "{half"])
def test_direct_with_figures_that_are_not_numbers_shows_no_ratio_against_them(
    home: Path, tmp_path: Path, figures: str
) -> None:
    python = engine_python(tmp_path / "engine", figures)
    engine = shlex.join([str(python), str(FAKE), "--fake-start-delay", "0.3"])
    assert cli(home, "config", "set", f"engine.custom_command={engine}").returncode == 0
    done = cli(home, "bench", "load", "user.a", "--warm-only", "--direct", "--json")
    if figures == "{half":  # not JSON: one sentence, non-zero
        assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
        return
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["direct"] == {"available": True} and record["ratios"] == {}
