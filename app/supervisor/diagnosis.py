"""Turns a failed start or a crash (log lines, exit code) into one Problem, with a Fix if any."""

from __future__ import annotations

import re
import signal
from collections.abc import Sequence
from typing import Any

from app.core.problems.problem_catalogue import MEMORY_CODES, PERMANENT_CODES
from app.core.problems.problems import Fix, FixKind, Problem, problem, tr_noop, worded_problem
from app.core.states import LoadPhase
from app.supervisor import vllm_errors
from app.supervisor.logparse import message_of
from app.supervisor.vllm_errors import safe_utilization
from app.supervisor.watchdog import EXIT_NOT_EXECUTABLE, EXIT_NOT_FOUND, MARKER

__all__ = ["diagnose", "is_memory_failure", "is_permanent", "root_cause", "safe_utilization"]

TAIL_LINES = 40
MAX_LOAD_TIMEOUT_S = 86_400

_ENGINE_DEAD = re.compile(r"EngineDeadError|EngineCore encountered (?:an issue|a fatal error)")
# The last line of a Python traceback (`ValueError: …`, `torch.OutOfMemoryError: …`), after
# vLLM's `(EngineCore pid=…) ERROR … [core.py:…]` prefix is stripped. A WARNING line that
# mentions an error (`fd limit errors like OSError: …`) is not one: it has a level prefix.
_ERROR_LINE = re.compile(r"^(?P<kind>[A-Za-z_][\w.]*(?:Error|Exception)): (?P<message>.+)$")
_LOG_LEVEL = re.compile(
    r"^(?:\([\w-]+ pid=\d+\)\s+)?(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)\b"
)
# vLLM's closing lines point back at the real cause; they are never the cause themselves.
_NOT_THE_CAUSE = re.compile(r"See root cause above|See stack trace \(above\)")
_PYDANTIC = re.compile(r"^\s*Value error, (?P<message>.+)$")
# Errors printed before vLLM's logging starts: argparse's `prog: error: …` (exit 2) and
# Python's own `python: Error while finding module specification …`.
_EARLY_ERROR = re.compile(r"^\S+: (?P<message>error: .+|Error while .+)$")


def is_permanent(problem: Problem) -> bool:
    return problem.code in PERMANENT_CODES


def is_memory_failure(problem: Problem) -> bool:
    """Whether the start failed for memory others may be holding (also inside a give-up)."""
    code = problem.params.get("cause_code") if problem.code == "load.given_up" else problem.code
    return code in MEMORY_CODES


def tail_text(lines: Sequence[str], n: int = TAIL_LINES) -> str:
    return "\n".join(lines[-n:])


def root_cause(lines: Sequence[str]) -> str | None:
    """The first error a failing vLLM names: the `…Error: message` line that ends the first
    traceback (chained exceptions print the original first), or pydantic's `Value error`."""
    for i, line in enumerate(lines):
        level = _LOG_LEVEL.match(line)
        if level is not None and level["level"] not in ("ERROR", "CRITICAL"):
            continue
        text = message_of(line)
        if (early := _EARLY_ERROR.match(text)) is not None:
            return early["message"]
        m = _ERROR_LINE.match(text)
        if m is None or _NOT_THE_CAUSE.search(text):
            continue
        if m["kind"].endswith("ValidationError"):
            # pydantic puts the message on the lines below its header.
            for below in lines[i + 1 : i + 4]:
                if (v := _PYDANTIC.match(message_of(below))) is not None:
                    return v["message"].strip()
        return text
    return None


def diagnose(
    lines: Sequence[str], exit_code: int | None, *, model_id: str, was_running: bool = False
) -> Problem:
    """The problem behind an engine that exited: a known vLLM failure, else its root cause."""
    text = "\n".join(lines)
    tail = tail_text(lines)
    if exit_code in (EXIT_NOT_FOUND, EXIT_NOT_EXECUTABLE) and MARKER in text:
        command = _watchdog_command(text)
        return engine_unusable(command, found=exit_code != EXIT_NOT_FOUND)
    for rule in vllm_errors.RULES:
        found = rule(text, model_id)
        if found is not None:
            if found.code == "load.out_of_memory":
                return _with(found, log_tail=tail)
            return found
    cause = root_cause(lines)
    if _ENGINE_DEAD.search(text):
        return problem(
            "load.engine_dead",
            model_id=model_id,
            exit_code=exit_code,
            cause=cause or "the log shows why",
            log_tail=tail,
        )
    if cause is None and (signal := _signal_of(exit_code)) is not None:
        return ended_from_outside(model_id, signal, was_running=was_running, log_tail=tail)
    if was_running:
        return problem(
            "run.exited",
            model_id=model_id,
            exit_code=exit_code,
            cause=cause or "the log shows no error",
            log_tail=tail,
        )
    return problem(
        "load.exited",
        model_id=model_id,
        exit_code=exit_code,
        cause=cause or "the log shows no error",
        log_tail=tail,
    )


def _signal_of(exit_code: int | None) -> int | None:
    # The watchdog passes a signal on as 128 + N; asyncio reports its own death as -N.
    if exit_code is not None and 128 < exit_code < 128 + 65:
        return exit_code - 128
    if exit_code is not None and exit_code < 0:
        return -exit_code
    return None


def ended_from_outside(
    model_id: str, signal_number: int, *, was_running: bool, log_tail: str = ""
) -> Problem:
    """An engine that a signal ended, with nothing in its log: someone outside the app (or
    the kernel) stopped it — it did not stop by itself. A user stop is never diagnosed."""
    if signal_number == signal.SIGKILL:
        template = (
            tr_noop(
                "The vLLM server of {model_id} was killed from outside the app, by another "
                "program or by the system when memory ran out."
            )
            if was_running
            else tr_noop(
                "Loading {model_id} failed: its vLLM server was killed from outside the app, by "
                "another program or by the system when memory ran out."
            )
        )
    else:
        template = (
            tr_noop("The vLLM server of {model_id} was stopped from outside the app ({signal}).")
            if was_running
            else tr_noop(
                "Loading {model_id} failed: its vLLM server was stopped from outside the app "
                "({signal})."
            )
        )
    params: dict[str, Any] = {
        "model_id": model_id,
        "signal": _signal_name(signal_number),
        "signal_number": signal_number,
        "log_tail": log_tail,
    }
    if was_running:
        return worded_problem("run.killed", template, **params)
    return worded_problem("load.killed", template, **params)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _with(found: Problem, **params: Any) -> Problem:
    return found.with_params(**params)


def timeout(
    model_id: str, timeout_s: float, phase: LoadPhase | None, lines: Sequence[str]
) -> Problem:
    """The load did not become ready in time; a cold first load compiles kernels first."""
    raised = int(min(MAX_LOAD_TIMEOUT_S, max(2 * timeout_s, timeout_s + 600)))
    return problem(
        "load.timeout",
        fix=Fix(
            FixKind.SET_SETTING,
            "models.load_timeout_s",
            raised,
            tr_noop("Set the load timeout to {value} s"),
        ),
        model_id=model_id,
        timeout_s=round(timeout_s, 1),
        phase=phase.value if phase is not None else None,
        log_tail=tail_text(lines),
    )


def stalled(
    model_id: str, stall_s: float, phase: LoadPhase | None, lines: Sequence[str]
) -> Problem:
    """The load printed nothing, moved no phase on and used no CPU for `stall_s` seconds."""
    return problem(
        "load.stalled",
        model_id=model_id,
        stall_s=round(stall_s, 1),
        phase=phase.value if phase is not None else None,
        log_tail=tail_text(lines),
    )


def unresponsive(model_id: str, misses: int, silent_s: float, lines: Sequence[str]) -> Problem:
    """A running child stopped answering its health check (hung, or stopped) and was killed."""
    return problem(
        "run.unresponsive",
        model_id=model_id,
        misses=misses,
        silent_s=round(silent_s, 1),
        log_tail=tail_text(lines),
    )


def given_up(model_id: str, failures: int, last: Problem, *, crashed: bool) -> Problem:
    """Too many failed starts or crashes in a row: nothing retries until the user acts.

    The last failure's fix (e.g. a smaller context size) is offered; otherwise a reset."""
    # No fix of its own: the panel's "Load again" is the one way to try again as it is.
    template = (
        tr_noop(
            "{model_id} crashed {failures} times in a row, so the app stopped restarting it. "
            "Last time: {cause} Load it again, or change its options, to try again."
        )
        if crashed
        else tr_noop(
            "{model_id} failed to start {failures} times in a row, so the app stopped trying. "
            "Last time: {cause} Load it again, or change its options, to try again."
        )
    )
    return worded_problem(
        "load.given_up",
        template,
        fix=last.fix,
        model_id=model_id,
        failures=failures,
        crashed=crashed,
        cause_code=last.code,
        cause=sentence(last.english()),
    )


def sentence(text: str) -> str:
    """`text` ending with a full stop, so that a sentence can follow it."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?…" else text + "."


def internal_error(model_id: str) -> Problem:
    """The app itself failed while handling a request about a model (a bug; see the log)."""
    return problem("supervisor.internal_error", model_id=model_id)


def engine_unusable(command: str, *, found: bool) -> Problem:
    """The engine command itself cannot be run (`engine.not_executable` / `engine.missing`)."""
    if found:
        return problem("engine.not_executable", command=command)
    return worded_problem(
        "engine.missing",
        tr_noop(
            "The engine command {command} was not found. Install an engine with "
            "vllm-tray engine install, or set the custom engine command."
        ),
        command=command,
    )


def cancelled(model_id: str) -> Problem:
    return problem("load.cancelled", model_id=model_id)


def shutting_down(model_id: str) -> Problem:
    return problem("supervisor.shutting_down", model_id=model_id)


def _watchdog_command(text: str) -> str:
    for line in text.splitlines():
        if line.startswith(MARKER) and (m := re.search(r"(?:start|execute) (.+?):", line)):
            return m.group(1)
    return ""
