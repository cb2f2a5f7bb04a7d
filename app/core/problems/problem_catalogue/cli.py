"""Problems whose code starts with "cli."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "cli.bad_assignment",
        tr_noop("{text!r} is not of the form KEY=VALUE."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.bad_limit",
        tr_noop("--limit must be between 1 and {max}; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.bad_objective",
        tr_noop("{name} must be a positive number of milliseconds; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.confirm_needed",
        tr_noop("Deleting {size} of {model} needs confirmation: add --yes."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.confirm_shared",
        tr_noop(
            "Deleting {size} of {model} needs confirmation: add --yes. They are {others}'s files "
            "too, which would need them downloaded again."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.empty_secret",
        tr_noop("No value was given for {name}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.lemonade_code_flags",
        tr_noop(
            "Lemonade's setup holds flags that would run code, said above; nothing was "
            "imported. Add --without-code-flags to import the rest without them, and set "
            "those flags yourself if you trust that code."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.lemonade_not_found",
        tr_noop(
            "{path} holds no Lemonade setup (no user_models.json, recipe_options.json or "
            "config.json, and no vLLM bundle)."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.model_in_use",
        tr_noop(
            "{model} is loaded in the vLLM Tray running at {url}. Unload it there first, "
            "or tune it from that app's window."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.name_without_add",
        tr_noop("--name needs --add."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.needs_checkpoint",
        tr_noop("{flag} needs --checkpoint."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.reset_and_set",
        tr_noop("Use either --reset or KEY=VALUE changes, not both."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.unknown_option",
        tr_noop(
            '{key} is not a model option; use ctx_size=N, vllm_args="...", '
            "tensor_parallel_size=N, pipeline_parallel_size=N, gpus=0,1 or "
            "optimize=start|serve."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "cli.option_needs_value",
        tr_noop("--config-dir needs a folder."),
        status=503,
        fix=None,
        kind="input",
    ),
)
