"""`make test`'s runner (scripts/tiers.py): every tier runs, a failed one fails the run, the
real-engine tier runs beside the others and its output closes the run."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import psutil
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
    # In this worker, with pytest's capture off (-s), the output pipe would be CI's, shared
    # with the other workers: the sweep is tested on its own, in a process of its own.
    runner.sweep_output_holders = list


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


def test_a_tier_that_hangs_is_stopped_at_its_deadline_with_its_stacks_and_the_run_ends(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    runner = load_runner()
    fake_tiers(runner, tmp_path, "none")
    made = runner.tiers
    hang = (
        "import signal, time\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)  # deaf to pytest's polite stop\n"
        f"open({str(tmp_path / 'tests-ran')!r}, 'w').close()\n"
        "time.sleep(600)"
    )

    def tiers(workers: str, screenshots: str, log_dir: Path) -> dict[str, object]:
        todo = made(workers, screenshots, log_dir)
        todo["tests"] = runner.Tier("tests", [sys.executable, "-c", hang], deadline_s=1.0)
        return todo

    runner.tiers = tiers
    runner.INTERRUPT_GRACE_S = 1.0
    status = runner.main([])
    out = capfd.readouterr().out
    assert status == 1
    assert "tests: still running after 1 s" in out
    assert "--- stacks of" in out and "<module>" in out  # py-spy read the hung one's stack
    table = out[out.index("=== where the time went") :]
    hung = [line for line in table.splitlines() if line.startswith("tests ")]
    assert hung and hung[0].endswith("HUNG: stopped (its stacks are above)")
    assert out.rstrip().endswith("3 passed in 1.0s")  # the other tiers still ran and reported


def in_a_process(body: str) -> str:
    """A program that loads the runner as `tiers`, then runs `body`."""
    return (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('tiers', {str(SCRIPT)!r})\n"
        "tiers = importlib.util.module_from_spec(spec); sys.modules['tiers'] = tiers\n"
        "spec.loader.exec_module(tiers)\n"
    ) + body


def test_a_process_left_holding_the_output_pipe_is_named_and_killed(tmp_path: Path) -> None:
    # CI reads the run's output until every writer has closed it: a server a test left
    # running with it would keep a finished run open until CI's own limit.
    code = in_a_process(
        "import os, subprocess\n"
        "os.environ[tiers.RUN_MARK] = str(os.getpid())  # as main() sets it\n"
        "subprocess.Popen(['sleep', '300'], start_new_session=True)\n"
        "subprocess.Popen(['sleep', '301'], start_new_session=True, env={})  # not ours\n"
        "print(tiers.sweep_output_holders(), flush=True)\n"
    )
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        said = run.stdout.readline()  # not to the end: the stranger still holds the pipe
        assert run.wait(timeout=60) == 0
    assert "sleep 300" in said  # named, and killed: else CI would wait on the pipe
    assert "sleep 301" not in said  # a process this run did not start is not touched
    strangers = [
        p for p in psutil.process_iter(["cmdline"]) if p.info["cmdline"] == ["sleep", "301"]
    ]
    assert strangers
    for stranger in strangers:
        stranger.kill()


HANGS_ONCE = """
import os, time
from pathlib import Path

def test_a():
    pass

def test_b():
    mark = Path(os.environ["HANG_MARK"])
    if not mark.exists():
        mark.touch()
        time.sleep(600)  # hung, the first time only

def test_c():
    pass
"""


def hanging_suite(runner: ModuleType, tmp_path: Path) -> None:
    """The `tests` tier as pytest on HANGS_ONCE, keeping its ledger."""
    fake_tiers(runner, tmp_path, "none")
    made = runner.tiers
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "test_hangs.py").write_text(HANGS_ONCE, encoding="utf-8")
    (suite / "conftest.py").write_text(
        "from tests.ledger import register\n\n"
        "def pytest_configure(config):\n    register(config)\n",
        encoding="utf-8",
    )
    root = str(SCRIPT.parents[1])

    def tiers(workers: str, screenshots: str, log_dir: Path) -> dict[str, object]:
        todo = made(workers, screenshots, log_dir)
        todo["tests"] = runner.Tier(
            "tests",
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-p", "no:randomly"],
            {"PYTHONPATH": root, "HANG_MARK": str(tmp_path / "hung-once")},
            ledger=log_dir / "ledger",
            cwd=suite,
        )
        (tmp_path / "tests-ran").touch()  # the real-engine stand-in need not wait
        return todo

    runner.tiers = tiers


def test_a_tests_tier_that_stops_making_progress_is_stopped_and_its_unfinished_tests_run_again(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    runner = load_runner()
    hanging_suite(runner, tmp_path)
    runner.STALL_S = 6.0
    runner.INTERRUPT_GRACE_S = 5.0
    status = runner.main([])
    out = capfd.readouterr().out
    assert "tests: no test has ended for 6 s" in out
    assert "--- stacks of" in out and "test_b" in out  # where it hung
    assert "1 ended (0 of them failed: none) and 2 did not: test_hangs.py::test_b" in out
    table = out[out.index("=== where the time went") :]
    assert "passed, after a hang (stacks above) and 2 unfinished tests run again" in table
    assert status == 0


def test_a_tier_that_stops_its_own_process_group_stops_only_itself() -> None:
    # A test that signals "its" process group by mistake (kill(0, SIGSTOP)) must not freeze
    # the runner with it: each tier has a group of its own. The runner runs in a session of
    # its own here, and with a timeout, so that a regression fails instead of freezing.
    code = in_a_process(
        "stop = 'import os, signal; os.kill(0, signal.SIGSTOP)'\n"
        "tiers.tiers = lambda *_: {'tests': tiers.Tier('tests', [sys.executable, '-c', stop],"
        " deadline_s=1.0)}\n"
        "tiers.INTERRUPT_GRACE_S = 1.0\n"
        "sys.exit(tiers.main(['--only', 'tests']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        start_new_session=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "stopped, " in done.stdout  # the hung tier's state, as printed with its process
    assert "HUNG: stopped (its stacks are above)" in done.stdout


def test_past_the_runs_own_deadline_a_tier_is_stopped_with_no_second_try(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # The run must end within CI's limit whatever happened: no retry then.
    runner = load_runner()
    hanging_suite(runner, tmp_path)
    runner.RUN_DEADLINE_S = 3.0
    runner.INTERRUPT_GRACE_S = 5.0
    status = runner.main([])
    out = capfd.readouterr().out
    assert "tests: the run is past its own deadline of 3 s: a hang" in out
    assert "run again" not in out
    assert status == 1


def test_no_test_of_the_tests_tier_may_run_longer_than_the_stall_that_ends_it() -> None:
    # The runner takes the `tests` tier for hung when no test has ended for STALL_S: a test
    # allowed longer than that (its pytest-timeout) would be stopped while still legitimately
    # running. The real-engine tier has no ledger and no such rule.
    runner = load_runner()
    root = SCRIPT.parents[1]
    default = re.search(r"^timeout = (\d+)", (root / "pyproject.toml").read_text(), re.M)
    assert default is not None
    allowed = {"pyproject.toml": int(default.group(1))}
    for path in (root / "tests").rglob("*.py"):
        if "real_engine" not in path.parts:
            for found in re.finditer(r"mark\.timeout\((\d+)", path.read_text(encoding="utf-8")):
                allowed[f"{path.relative_to(root)}"] = int(found.group(1))
    longest = max(allowed, key=allowed.__getitem__)
    assert allowed[longest] < runner.STALL_S, (longest, allowed[longest])
