"""Problems whose code starts with "shield.": request shapes the endpoint refuses while the
engine in use is affected by the advisory they trigger (app.core.engines.shield)."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "shield.chat_template",
        tr_noop(
            'This request brings its own chat template ("{field}"), which vLLM {version} renders '
            "without bounds ({advisories}); the endpoint does not pass it on unless the setting "
            "{setting} allows it."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "shield.prompt_embeds",
        tr_noop(
            'This request sends prompt embeddings ("{field}"), which can crash vLLM {version} '
            "({advisories}); the endpoint does not pass them on to this engine."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "shield.regex",
        tr_noop(
            'This request asks for output that matches a regular expression ("{field}"), which '
            "can hang vLLM {version} ({advisories}); the endpoint does not pass it on to this "
            "engine."
        ),
        status=400,
        fix=None,
    ),
)
