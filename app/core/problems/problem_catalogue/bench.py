"""Problems whose code starts with "bench."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "bench.bad_generator",
        tr_noop("The load generator must be one of {choices}; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "bench.bad_number",
        tr_noop("{name} must be a whole number from 1 to {top}; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "bench.busy",
        tr_noop("{model} is being benchmarked or tuned already."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.endpoint_unreachable",
        tr_noop("The endpoint at {url} did not answer: {reason}."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.generator_failed",
        tr_noop("The load generator failed: {detail}. Its log is {log}."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.load_not_timed",
        tr_noop("{model} was loaded already by someone else; measure again."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.model_failed",
        tr_noop("{model} did not answer through the endpoint ({status}): {message}"),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.no_endpoint",
        tr_noop("Benchmarks go through vLLM Tray's endpoint, which is stopped. Start it first."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.no_first_token",
        tr_noop("{model} gave no first token: {reason}"),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.no_tokens",
        tr_noop(
            "Tokens per second of {model} cannot be measured: its answers carry no token "
            "counts and its engine's /metrics has no vllm:generation_tokens_total."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.startup_failed",
        tr_noop("vLLM's own start-up benchmark failed (exit {status}): {tail}"),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "bench.vllm_unavailable",
        tr_noop("vLLM's benchmark cannot run with this engine: {detail}."),
        status=503,
        fix=None,
    ),
)
