"""Tokens per second that are true (issue 20.2): `vllm-tray bench` and `tune` as subprocesses
on an engine whose streamed answers carry no token counts.

The fake engine's `--fake-no-usage` ignores `stream_options.include_usage`, as the engine of
the report did (the benchmark said 0 tok/s for 10 completed requests while the engine's own
counter said ~450 tok/s, and the tune proposed --max-num-seqs 1 from the zeros). Its
`--fake-no-metrics` takes the engine's counter away too.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from app.core.problems.problems import ProblemError
from app.runtime.api.bench import BenchRecord
from app.runtime.bench.bench import BenchHistory
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import make_model_folder, make_runtime
from tests.harness import internals
from tests.integration.test_bench_cli import cli
from tests.integration.test_tune_fake import knee_engine


def home_with(tmp_path: Path, *switches: str) -> Path:
    home = tmp_path / "home"
    model = make_model_folder(tmp_path / "a")
    engine = " ".join([knee_engine(8), *switches])
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


BENCH = ("bench", "user.a", "--requests", "6", "--output-len", "16", "--generator", "built-in")
TUNE = (
    "tune",
    "user.a",
    "--requests",
    "4",
    "--output-len",
    "16",
    "--max-concurrency",
    "16",
    "--generator",
    "built-in",
)


@pytest.mark.timeout(420)
def test_a_stream_without_counts_is_counted_by_the_engines_metrics(tmp_path: Path) -> None:
    home = home_with(tmp_path, "--fake-no-usage")
    done = cli(home, *BENCH, "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    points = record["points"]
    assert [p["concurrency"] for p in points] == [1, 6]
    # Exactly what the engine generated for the measured requests (the warm-up not counted).
    assert all(p["completion_tokens"] == 6 * 16 for p in points)
    assert all(p["token_source"] == "engine" for p in points)
    assert all(p["tok_per_s"] > 0 for p in points)
    assert float(record["speedups"]["6"]) > 3.0

    table = cli(home, *BENCH)
    assert table.returncode == 0, table.stderr
    assert "tokens counted by the engine (vllm:generation_tokens_total" in table.stdout
    assert "simultaneous/sequential:" in table.stdout

    # The tune finds the fake's knee from the engine's counts, not --max-num-seqs 1.
    tune = cli(home, *TUNE, timeout=280)
    assert tune.returncode == 0, tune.stderr
    # The fake's knee is at 8; the measured one may sit next to it on a busy machine.
    proposed = re.search(r"proposed --max-num-seqs (\d+) \(now 16\)", tune.stdout)
    assert proposed is not None, tune.stdout
    assert 6 <= int(proposed.group(1)) <= 10


@pytest.mark.timeout(300)
def test_without_any_count_bench_says_so_and_tune_proposes_and_saves_nothing(
    tmp_path: Path,
) -> None:
    home = home_with(tmp_path, "--fake-no-usage", "--fake-no-metrics")
    done = cli(home, *BENCH, "--json")
    assert done.returncode == 0, done.stderr
    points = json.loads(done.stdout)["points"]
    assert all(p["token_source"] == "none" and p["completed"] == 6 for p in points)
    assert json.loads(done.stdout)["speedups"] == {}  # no ratio of unknowns

    table = cli(home, *BENCH)
    lines = table.stdout.splitlines()
    row = next(line for line in lines if line.strip().startswith("6 "))
    assert " n/a " in row and " 0.0 " not in row
    assert (
        "Tokens per second of user.a cannot be measured: its answers carry no token counts "
        "and its engine's /metrics has no vllm:generation_tokens_total." in table.stdout
    )
    assert "simultaneous/sequential" not in table.stdout

    tune = cli(home, *TUNE, "--apply", timeout=280)
    assert tune.returncode == 1, tune.stdout
    assert "The tune cannot measure the tokens per second of user.a" in tune.stderr
    assert "proposed --max-num-seqs" not in tune.stdout
    assert "putting the model back as it was" in tune.stderr
    options = home / "recipe_options.json"
    assert not options.exists() or "max-num-seqs" not in options.read_text()


def old_zero_point(concurrency: int) -> dict[str, object]:
    """A point as kept before token sources were: completed requests and no tokens."""
    return {
        "concurrency": concurrency,
        "requests": 4,
        "completed": 4,
        "failed": 0,
        "wall_s": 1.0,
        "completion_tokens": 0,
        "tok_per_s": 0.0,
    }


@pytest.mark.timeout(120)
def test_apply_refuses_a_value_from_a_run_without_tokens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = make_runtime(tmp_path, monkeypatch, models=("a",), proxy_host="127.0.0.1", proxy_port=0)
    # The report's tune, kept in the history before this fix: all zeros, "proposed" 1.
    history = BenchHistory(internals(rt).paths.config_dir, BenchRecord.from_json)
    history.folder.mkdir(parents=True)
    record = {
        "kind": "tune",
        "model_id": "user.a",
        "time": time.time(),
        "points": [old_zero_point(c) for c in (1, 2, 4)],
        "tune": {"chosen": 1},
    }
    history.path("user.a").write_text(json.dumps({"schema_version": 1, "records": [record]}))
    assert not any(p.measured for p in history.load("user.a")[-1].points)
    thread = RuntimeThread(rt, serve=True)
    thread.start()
    facade = ThreadFacade(thread)
    try:
        # The Benchmark window's Apply button calls exactly this.
        for value in (1, 7):
            with pytest.raises(ProblemError) as refused:
                facade.submit(lambda s, v=value: s.tune.apply("user.a", v)).result(30)
            assert refused.value.problem.code == "tune.no_tokens"
        assert rt.services.models.options("user.a").vllm_args == ""
    finally:
        facade.shutdown()
