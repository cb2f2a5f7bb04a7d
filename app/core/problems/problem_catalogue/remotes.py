"""Problems whose code starts with "remotes."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "remotes.bad_env",
        tr_noop(
            "{var!r} is not the name of an environment variable (letters, digits and "
            "'_', not starting with a digit)."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "remotes.bad_name",
        tr_noop(
            "{name!r} cannot name a remote server: use 1 to 32 lower-case letters, "
            "digits, '-' or '_' (its models are then called NAME/MODEL)."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "remotes.bad_url",
        tr_noop("{url!r} is not the address of a server: {reason}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "remotes.exists",
        tr_noop("There is already a remote server called {name}; remove it first."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "remotes.missing_env_key",
        tr_noop(
            "The key of the remote server {name} is read from the environment variable "
            "{var}, which is not set for vLLM Tray."
        ),
        status=502,
        fix=None,
        kind="probe",
    ),
    ProblemSpec(
        "remotes.needs_key",
        tr_noop(
            "The remote server {name} ({url}) asks for an API key (HTTP {status}): give "
            "its key when you add it."
        ),
        status=502,
        fix=None,
        kind="probe",
    ),
    ProblemSpec(
        "remotes.not_a_model_list",
        tr_noop(
            "The remote server {name} ({url}) answered, but not with a model list as "
            "vLLM's /v1/models gives one: {detail}. Is this the address of a vLLM server?"
        ),
        status=502,
        fix=None,
        kind="probe",
    ),
    ProblemSpec(
        "remotes.not_local",
        tr_noop(
            "{model} runs on the remote server {name}: it is loaded and unloaded there, "
            "and loads by itself on its first request."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "remotes.refused_key",
        tr_noop(
            "The remote server {name} ({url}) refused vLLM Tray's key (HTTP {status}): "
            "set the key it expects (remove the remote and add it again with its key)."
        ),
        status=502,
        fix=None,
        kind="probe",
    ),
    ProblemSpec(
        "remotes.two_keys",
        tr_noop(
            "Give the remote server's key either in the keyring or through an "
            "environment variable, not both."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "remotes.unknown",
        tr_noop("There is no remote server called {name} (remote servers: {known})."),
        status=404,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "remotes.unreachable",
        tr_noop(
            "The remote server {name} ({url}) does not answer: {reason}. Its models come "
            "back when it answers again."
        ),
        status=502,
        fix=None,
        kind="probe",
    ),
)
