"""Problems whose code starts with "endpoint."."""

from __future__ import annotations

from app.core.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "endpoint.refused_key",
        tr_noop(
            "The vLLM Tray running at {url} refused its API key. Save the key with "
            "`vllm-tray config set-secret api_key` or set VLLM_TRAY_API_KEY."
        ),
        status=503,
        fix=None,
    ),
)
