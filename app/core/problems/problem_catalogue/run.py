"""Problems whose code starts with "run."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "run.exited",
        tr_noop("The vLLM server of {model_id} stopped by itself (exit code {exit_code}): {cause}"),
        status=503,
        fix=None,
        data=("log_tail",),
    ),
    ProblemSpec(
        "run.unresponsive",
        tr_noop(
            "The vLLM server of {model_id} stopped responding ({misses} health checks in "
            "a row, about {silent_s} seconds) and was killed. The next request starts it "
            "again."
        ),
        status=503,
        fix=None,
        data=("log_tail",),
    ),
    # Worded by the signal that ended it (app/supervisor/diagnosis.py).
    ProblemSpec(
        "run.killed",
        tr_noop("The vLLM server of {model_id} was stopped from outside the app ({signal})."),
        status=503,
        fix=None,
        data=("log_tail", "signal_number"),
        worded=True,
    ),
)
