"""Problems whose code starts with "memory."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "memory.config_incomplete",
        tr_noop(
            "The model's config.json has no usable {key}, so its memory needs cannot be estimated."
        ),
        status=503,
        fix=None,
    ),
)
