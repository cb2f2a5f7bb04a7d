"""Problems whose code starts with "config."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "config.bad_link",
        tr_noop(
            "{file} is a symbolic link that cannot be followed ({reason}), so vLLM Tray "
            "did not change it. Point the link at a file, or put a file in its place."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.busy",
        tr_noop(
            "Another vLLM Tray process has been changing {file} for more than "
            "{seconds:g} seconds. Try again, or stop the process that hangs."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.edit_replaced",
        tr_noop(
            "{file} could not be read ({reason}) when vLLM Tray saved a change, so it "
            "was replaced; your version was kept as {kept_as}."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.edit_unreadable",
        tr_noop(
            "{file} was changed outside vLLM Tray and cannot be read ({reason}). The "
            "values read before stay in use until it is fixed."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.invalid",
        tr_noop("{file} is not a valid vLLM model configuration: {reason}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.serve_unreadable",
        tr_noop(
            "vllm-tray serve does not start while {file} cannot be read ({reason}): it "
            "would run on defaults you did not choose. Fix the file, or move it away to "
            "start with the defaults."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.unknown_secret",
        tr_noop("{name} is not a secret vLLM Tray keeps (api_key or hf_token)."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.unreadable",
        tr_noop(
            "{file} cannot be read ({reason}). The defaults are used for it until it is "
            "fixed; the file was left as it is."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "config.api_key_shape",
        tr_noop(
            "An API key can only have the letters a–z and A–Z, digits and ASCII punctuation, "
            "with no spaces: clients send it in an HTTP header, which takes nothing else."
        ),
        status=400,
        fix=None,
        kind="input",
        data=("key",),
    ),
    ProblemSpec(
        "config.hf_token_shape",
        tr_noop(
            "This is not a Hugging Face access token: a token starts with hf_ followed "
            "by letters and digits (huggingface.co → Settings → Access Tokens)."
        ),
        status=503,
        fix=None,
        kind="input",
        data=("key",),
    ),
    ProblemSpec(
        "config.no_hf_token",
        tr_noop("No Hugging Face token is set."),
        status=503,
        fix=None,
        kind="input",
    ),
)
