"""`make test`'s runner (scripts/tiers.py): every tier runs, a failed one fails the run, the
real-engine tier runs beside the others and its output closes the run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "tiers.py"


def load_runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tiers", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tiers"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def fake_tiers(runner: ModuleType, tmp_path: Path, failing: str) -> None:
    def tier(name: str, code: str, log: bool = False) -> object:
        argv = [sys.executable, "-c", code]
        return runner.Tier(name, argv, log=tmp_path / f"{name}.log" if log else None)

    def tiers(workers: str, screenshots: str, log_dir: Path) -> dict[str, object]:
        del workers, screenshots, log_dir
        # The real-engine stand-in ends only after the others have started and ended: it
        # ran beside them. It waits for the last foreground tier's mark.
        mark = tmp_path / "tests-ran"
        return {
            "static": tier("static", "print('static ran')"),
            "screenshots": tier("screenshots", f"raise SystemExit({int(failing == 'shots')})"),
            "tests": tier("tests", f"open({str(mark)!r}, 'w').close(); print('tests ran')"),
            "real-engine": tier(
                "real-engine",
                "import os, time\n"
                f"while not os.path.exists({str(mark)!r}): time.sleep(0.01)\n"
                "print('3 passed in 1.0s')",
                log=True,
            ),
        }

    runner.tiers = tiers


@pytest.mark.parametrize("failing", ["none", "shots"])
def test_every_tier_runs_and_the_real_engine_output_closes_the_run(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], failing: str
) -> None:
    runner = load_runner()
    fake_tiers(runner, tmp_path, failing)
    status = runner.main([])
    out = capfd.readouterr().out
    assert status == (1 if failing == "shots" else 0)
    assert "static ran" in out and "tests ran" in out  # a failed tier stops none after it
    table = out[out.index("=== where the time went") :]
    for name in ("static", "screenshots", "tests", "real-engine"):
        assert name in table
    assert ("FAILED (1)" in table) == (failing == "shots")
    assert out.rstrip().endswith("3 passed in 1.0s")  # pytest's count is the closing line
