"""Problems whose code starts with "models."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "models.bad_checkpoint",
        tr_noop(
            "{checkpoint!r} is neither a Hugging Face repository (org/name or "
            "org/name:revision) nor an absolute path to a local folder."
        ),
        status=400,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "models.bad_name",
        tr_noop(
            "{name!r} is not a usable model name: use letters, digits, '.', '_' and '-' "
            "(up to 128 characters), starting with a letter or digit."
        ),
        status=400,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "models.builtin_readonly",
        tr_noop("{model} is built in: where its files come from is fixed."),
        status=503,
        fix=None,
        kind="input",
        worded=True,
    ),
    ProblemSpec(
        "models.exists",
        tr_noop(
            "{model} exists already and takes its files from {current}. Registering a "
            "model never changes that: to take them from {wanted}, change its source "
            "(vllm-tray pull {model} --checkpoint {wanted} --replace), or remove the "
            "model first."
        ),
        status=409,
        fix=None,
        kind="input",
        data=("name",),
    ),
    ProblemSpec(
        "models.local_invalid",
        tr_noop(
            "The model folder {path} cannot be loaded: {what}. It needs config.json and "
            "the weights (*.safetensors) in the folder itself."
        ),
        status=400,
        fix=None,
        kind="input",
        data=("damaged", "missing"),
        worded=True,
    ),
    ProblemSpec(
        "models.not_downloaded",
        tr_noop("{model} is not downloaded yet. Download it with: vllm-tray pull {model}"),
        status=404,
        fix=None,
        kind="input",
        data=("path",),
        worded=True,
    ),
    ProblemSpec(
        "models.unknown",
        tr_noop("There is no model called {model}. Available models: {available}."),
        status=404,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "models.look_alike",
        tr_noop(
            "The name {name} looks like the existing model {existing} (they differ only "
            "in letter case or in letters drawn alike); use that model or choose a name "
            "that reads differently."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
)
