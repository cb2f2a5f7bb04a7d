"""Problems whose code starts with "prewarm."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "prewarm.busy",
        tr_noop(
            "{model} was not pre-warmed: {others} is loaded, and pre-warming must not "
            "take its memory. Load {model} when you need it."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "prewarm.done_before",
        tr_noop("{model} has loaded on this engine before."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "prewarm.loaded",
        tr_noop("{model} is loaded already."),
        status=503,
        fix=None,
    ),
)
