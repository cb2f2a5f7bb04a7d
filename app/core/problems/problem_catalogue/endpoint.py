"""Problems whose code starts with "endpoint."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

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
    # Something listens on this configuration's port, says it is vLLM Tray, and cannot prove
    # it knows the secret the app wrote in its state folder (app.proxy.instance).
    ProblemSpec(
        "endpoint.port_held",
        tr_noop(
            "Another program holds port {port}, where this configuration's vLLM Tray endpoint "
            "should answer, and could not prove it is that app, so neither the API key nor a "
            "prompt was sent to it."
        ),
        status=503,
        fix=None,
        data=("url",),
    ),
    ProblemSpec(
        "endpoint.port_held_by",
        tr_noop(
            "Another program ({name}, pid {pid}) holds port {port}, where this configuration's "
            "vLLM Tray endpoint should answer, and could not prove it is that app, so neither "
            "the API key nor a prompt was sent to it."
        ),
        status=503,
        fix=None,
        data=("url",),
    ),
)
