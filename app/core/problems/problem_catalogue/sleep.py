"""Problems whose code starts with "sleep."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "sleep.failed",
        tr_noop("{model} did not go to sleep ({detail}); it is unloaded instead."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "sleep.wake_failed",
        tr_noop("{model} did not wake up from sleep ({detail}); it is loaded again instead."),
        status=503,
        fix=None,
    ),
)
