"""Problems whose code starts with "runtime."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "runtime.start_failed",
        tr_noop("Part of vLLM Tray did not start: {reason}. The log has the details."),
        status=503,
        fix=None,
    ),
)
