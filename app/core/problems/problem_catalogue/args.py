"""Problems whose code starts with "args."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    # Worded by the flag (app/core/models/vllm_args.py, _MANAGED_TEMPLATES).
    ProblemSpec(
        "args.managed_flag",
        tr_noop(
            "In {source}, remove {flag}: the app picks each model's port itself; the port "
            "clients use is the setting {setting}."
        ),
        status=503,
        fix=None,
        kind="input",
        worded=True,
    ),
    ProblemSpec(
        "args.not_a_flag",
        tr_noop(
            "In {source}, {token!r} is neither a flag nor the value of one: vLLM "
            "arguments are flags such as --max-num-seqs, each followed by its value."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "args.unbalanced_quote",
        tr_noop(
            "In {source}, a quotation mark is not closed, or the text ends with a lone backslash."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("reason", "text"),
    ),
    ProblemSpec(
        "args.global_trust_remote_code",
        tr_noop(
            "{flag} cannot be set for every model: any model added through the endpoint "
            "could then run its own code on this computer; set it in the options of the "
            "one model that needs it."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("key", "source"),
    ),
    # Worded by whether the vLLM version is known (app/core/models/vllm_args.py).
    ProblemSpec(
        "args.unknown_flag",
        tr_noop(
            "In {source}, {flag} is not a flag of this vLLM: its --help does not list it. "
            "Check the spelling, or remove it."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("key", "version"),
        worded=True,
    ),
)
