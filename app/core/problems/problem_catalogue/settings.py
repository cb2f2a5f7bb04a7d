"""Problems whose code starts with "settings."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "settings.bad_choice",
        tr_noop("Must be one of {choices}; you typed “{typed}”."),
        status=503,
        fix=None,
        kind="input",
        data=("key", "value"),
    ),
    ProblemSpec(
        "settings.body_budget_below_max_body",
        tr_noop(
            "The memory for request bodies ({budget} MiB) must hold at least one request "
            "of the largest size ({largest} MiB)."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("key",),
    ),
    ProblemSpec(
        "settings.out_of_range",
        tr_noop("Must be between {low} and {high}; you typed {typed}."),
        status=503,
        fix=None,
        kind="input",
        data=("key", "maximum", "minimum", "value"),
    ),
    ProblemSpec(
        "settings.unknown_key",
        tr_noop("There is no setting called {key}. Known settings: {known}."),
        status=503,
        fix=None,
        kind="input",
    ),
    # Worded by the setting's type and bounds (app/core/settings/setting_rules.py).
    ProblemSpec(
        "settings.empty",
        tr_noop("Must be a number; nothing was typed."),
        status=503,
        fix=None,
        kind="input",
        data=("high", "key", "low"),
        worded=True,
    ),
    ProblemSpec(
        "settings.bad_type",
        tr_noop("Must be text; you typed {typed}."),
        status=503,
        fix=None,
        kind="input",
        data=("high", "key", "kind", "low", "value"),
        worded=True,
    ),
    ProblemSpec(
        "settings.bad_language",
        tr_noop(
            "Must be auto (the system's language) or one of the languages vLLM Tray "
            "ships: {languages}; you typed “{typed}”."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("key", "value"),
    ),
    ProblemSpec(
        "settings.not_a_local_address",
        tr_noop(
            "“{host}” is not an address of this computer. Give an IP address such as "
            "127.0.0.1 (this computer only) or 0.0.0.0 (every network), or a name of this "
            "computer such as localhost."
        ),
        status=400,
        fix=None,
        kind="input",
        data=("key",),
    ),
    ProblemSpec(
        "settings.port_in_use",
        tr_noop(
            "Port {port} is already in use by another program on this computer; choose another."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("host", "key"),
    ),
)
