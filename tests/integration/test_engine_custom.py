"""The custom engine: validating user-given command prefixes by running them with --help."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from app.core.engines.engine_values import InstallProgress
from app.core.problems.problems import Problem, ProblemError
from app.core.states import EngineKind
from app.supervisor.engines.custom import CustomEngine

FULL_HELP = """usage: vllm serve [model_tag] [options]
  --host HOST           Host name.
  --port PORT           Port number.
  --served-model-name SERVED_MODEL_NAME [SERVED_MODEL_NAME ...]
  --max-model-len MAX_MODEL_LEN
"""

# What recent vLLM prints for a plain --help: the argument groups only.
GROUPS_HELP = """usage: vllm serve [model_tag] [options]

Config Groups:
  Frontend      Arguments for the OpenAI-compatible frontend server.
  ModelConfig   Configuration for the model.

Tip: use --help=<ConfigGroup> to explore a group, or --help=all for every flag.
"""


def write_script(path: Path, body: str, executable: bool = True) -> Path:
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755 if executable else 0o644)
    return path


def fake_vllm(tmp_path: Path, grouped: bool) -> Path:
    """A `vllm`-like program that logs its arguments and answers --help like vLLM does."""
    log = tmp_path / "calls.log"
    plain = GROUPS_HELP if grouped else FULL_HELP
    return write_script(
        tmp_path / "vllm",
        f"""echo "$@" >> {log}
for last in "$@"; do :; done
case "$last" in
  --help=all) cat <<'EOF'
{FULL_HELP}EOF
  ;;
  --help) cat <<'EOF'
{plain}EOF
  ;;
  *) echo "unexpected arguments: $*" >&2; exit 2 ;;
esac
""",
    )


def problem_key(problem: Problem) -> tuple[str, str]:
    return problem.code, problem.params["reason"]


def calls(tmp_path: Path) -> list[str]:
    return (tmp_path / "calls.log").read_text().splitlines()


async def test_vllm_like_command_is_accepted(tmp_path: Path) -> None:
    program = fake_vllm(tmp_path, grouped=False)

    found = await CustomEngine.validate([str(program), "serve"])

    assert found == str(program)
    assert calls(tmp_path) == ["serve --help"]
    engine = CustomEngine([str(program), "serve"])
    assert engine.kind is EngineKind.CUSTOM
    assert engine.command().prefix == (str(program), "serve")
    status = engine.status()
    assert status.installed and status.location == program and status.problem is None


async def test_grouped_help_is_followed_by_help_all(tmp_path: Path) -> None:
    program = fake_vllm(tmp_path, grouped=True)

    assert await CustomEngine.validate([str(program), "serve"]) == str(program)
    assert calls(tmp_path) == ["serve --help", "serve --help=all"]


async def test_program_on_path_is_resolved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = fake_vllm(tmp_path, grouped=False)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")

    assert await CustomEngine.validate(["vllm", "serve"]) == str(program)


async def test_false_is_rejected_with_its_exit_code() -> None:
    false = shutil.which("false")
    assert false is not None

    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate([false])

    problem = caught.value.problem
    assert problem.code == "engine.custom_invalid"
    assert problem.params["reason"] == "failed"
    assert problem.params["exit_code"] == 1


async def test_failure_shows_the_last_lines(tmp_path: Path) -> None:
    script = write_script(
        tmp_path / "broken",
        "echo one; echo two; echo three; echo four; echo five; echo six; echo 'ImportError: x'\n"
        "exit 3\n",
    )

    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate([str(script)])

    problem = caught.value.problem
    assert (problem.params["reason"], problem.params["exit_code"]) == ("failed", 3)
    assert problem.params["tail"].splitlines() == ["three", "four", "five", "six", "ImportError: x"]
    assert "exit code 3" in problem.english()


async def test_missing_program_is_rejected_in_a_clear_sentence(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-vllm"

    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate([str(missing), "serve"])

    problem = caught.value.problem
    assert problem_key(problem) == ("engine.custom_invalid", "not_found")
    assert problem.english() == f"The custom engine command “{missing}” was not found."
    status = CustomEngine([str(missing)]).status()
    assert not status.installed and status.problem is not None
    assert (status.problem.code, status.problem.params["reason"]) == problem_key(problem)


async def test_missing_program_on_path_is_rejected() -> None:
    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate(["vllm-tray-no-such-program-xyz", "serve"])
    assert caught.value.problem.params["reason"] == "not_found"
    with pytest.raises(ProblemError):
        CustomEngine(["vllm-tray-no-such-program-xyz"]).command()


async def test_file_without_execute_bit_is_rejected(tmp_path: Path) -> None:
    script = write_script(tmp_path / "vllm", f"cat <<'EOF'\n{FULL_HELP}EOF\n", executable=False)

    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate([str(script)])

    assert caught.value.problem.params["reason"] == "not_executable"


async def test_program_that_is_not_vllm_is_rejected(tmp_path: Path) -> None:
    script = write_script(tmp_path / "other", "echo 'usage: other [--port PORT]'\n")

    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate([str(script)])

    problem = caught.value.problem
    assert problem.params["reason"] == "not_vllm"
    assert problem.params["missing"] == "--max-model-len, --served-model-name"


async def test_empty_command_is_rejected() -> None:
    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate([])
    assert caught.value.problem.params["reason"] == "empty"


async def test_hanging_command_times_out_and_is_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    script = write_script(tmp_path / "hang", f"echo $$ > {pid_file}\nexec sleep 60\n")

    with pytest.raises(ProblemError) as caught:
        await CustomEngine.validate([str(script)], time_limit=1.0)

    assert caught.value.problem.params["reason"] == "timeout"
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_install_validates(tmp_path: Path) -> None:
    program = fake_vllm(tmp_path, grouped=False)
    events: list[InstallProgress] = []

    status = await CustomEngine([str(program), "serve"]).install(events.append)

    assert status.installed and status.location == program
    assert [e.phase for e in events] == ["validating", "done"]
    with pytest.raises(ProblemError) as caught:
        await CustomEngine([str(tmp_path / "nope")]).install(events.append)
    assert caught.value.problem.code == "engine.custom_invalid"
