"""Problems whose code starts with "supervisor."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "supervisor.internal_error",
        tr_noop(
            "Something went wrong inside the app while handling {model_id}. The app's "
            "log has the details; stopping and loading the model again may help."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "supervisor.shutting_down",
        tr_noop("{model_id} cannot start: the app is shutting down."),
        status=503,
        fix=None,
    ),
)
