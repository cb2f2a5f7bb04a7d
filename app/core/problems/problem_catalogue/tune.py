"""Problems whose code starts with "tune."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "tune.disturbed",
        tr_noop(
            "Another request started {model} with its own settings while the tune was "
            "restarting it. Try again while nothing else uses the model."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "tune.no_tokens",
        tr_noop(
            "The tune cannot measure the tokens per second of {model}: its answers carry "
            "no token counts and its engine's /metrics has no "
            "vllm:generation_tokens_total, so nothing is proposed or saved."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "tune.not_proposed",
        tr_noop(
            "--max-num-seqs {value} is not what the last tune of {model} proposed; run "
            "the tune again and apply its result."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "tune.objective_unreachable",
        tr_noop(
            "Even one request at a time misses the latency objective (time to first "
            "token {ttft} ms, inter-token {itl} ms): nothing to tune. Loosen the "
            "objective or use a smaller model."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "tune.out_of_starts",
        tr_noop("The tune used its {n} engine starts without an answer."),
        status=503,
        fix=None,
    ),
)
