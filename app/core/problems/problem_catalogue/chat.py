"""Problems whose code starts with "chat."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "chat.bad_max_tokens",
        tr_noop("The maximum number of tokens must be 1 or more; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "chat.bad_temperature",
        tr_noop("The temperature must be between 0 and {max}; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "chat.busy",
        tr_noop("{model} is still answering; stop that reply first."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "chat.empty",
        tr_noop("Type a message first."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "chat.endpoint_error",
        tr_noop("{message}"),
        status=503,
        fix=None,
        data=("endpoint_code", "status"),
    ),
    ProblemSpec(
        "chat.endpoint_off",
        tr_noop(
            "The endpoint is stopped, and the chat talks to models through it. Start the "
            "endpoint, then send the message again."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "chat.endpoint_unreachable",
        tr_noop("The endpoint at {url} did not answer ({reason})."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "chat.nothing_to_regenerate",
        tr_noop("There is no message to answer."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "chat.event_too_long",
        tr_noop(
            "The reply is too long: one event of its stream passed {limit_mib} MiB, the most the "
            "chat reads at once. What came before it is kept."
        ),
        status=502,
        fix=None,
    ),
    ProblemSpec(
        "chat.reply_too_long",
        tr_noop(
            "The reply is too long: it passed {limit_mib} MiB of text, the most the chat keeps. "
            "What came before it is kept."
        ),
        status=502,
        fix=None,
    ),
    ProblemSpec(
        "chat.reply_malformed",
        tr_noop(
            "The reply broke off: the endpoint sent an event the chat cannot read ({event}). "
            "What came before it is kept."
        ),
        status=502,
        fix=None,
    ),
    ProblemSpec(
        "chat.reply_cut",
        tr_noop(
            "The reply broke off: its stream ended before the endpoint said the reply was "
            "complete. What came before it is kept."
        ),
        status=502,
        fix=None,
    ),
)
