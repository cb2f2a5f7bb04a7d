"""Problems whose code starts with "downloads."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "downloads.corrupt",
        tr_noop(
            "{file} of {repo} arrived damaged twice (its checksum does not match). Try again later."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "downloads.damaged",
        tr_noop("Some files of {model} are damaged ({files}). Download it again to repair them."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "downloads.failed",
        tr_noop("Downloading {repo} failed: {error}. Try again; finished files are kept."),
        status=503,
        fix=None,
        data=("download_id",),
        worded=True,
    ),
    ProblemSpec(
        "downloads.local_not_deleted",
        tr_noop(
            "{model} uses your folder {path} in place; vLLM Tray never deletes it. "
            "Remove the folder yourself if you no longer need it."
        ),
        status=409,
        fix=None,
    ),
    ProblemSpec(
        "downloads.no_space",
        tr_noop(
            "Not enough disk space: the download needs {needed_gb} GB more but only "
            "{free_gb} GB are free on {path}. Free some space (or point HF_HOME at a "
            "larger disk) and try again."
        ),
        status=507,
        fix=None,
        data=("free_bytes", "needed_bytes"),
    ),
    ProblemSpec(
        "downloads.no_weights",
        tr_noop(
            "{repo} has no weights vLLM can load (no .safetensors or PyTorch .bin "
            "files), so there is nothing to download for it."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "downloads.not_found",
        tr_noop("There is no model {repo} on Hugging Face. Check the name."),
        status=404,
        fix=None,
        data=("file", "revision"),
        worded=True,
    ),
    ProblemSpec(
        "downloads.offline",
        tr_noop(
            "Downloads are switched off because HF_HUB_OFFLINE is set in the "
            "environment. Unset it to download models."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "downloads.unknown",
        tr_noop("There is no download {download_id}."),
        status=404,
        fix=None,
    ),
    ProblemSpec(
        "downloads.unreachable",
        tr_noop(
            "Hugging Face ({endpoint}) cannot be reached: {error}. Check the network "
            "connection and try again; finished files are kept."
        ),
        status=502,
        fix=None,
    ),
    # Worded by why Hugging Face refused (app/downloads/hub.py).
    ProblemSpec(
        "downloads.gated",
        tr_noop(
            "{repo} is gated: Hugging Face only lets signed-in users who accepted its terms "
            "download it. Accept them on the model's page, add an access token with read "
            "access, then download again."
        ),
        status=401,
        fix=None,
        data=("reason",),
        worded=True,
    ),
    ProblemSpec(
        "downloads.token_refused",
        tr_noop("{host} does not accept this token: it is wrong, expired or revoked."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "downloads.token_unchecked",
        tr_noop("The token could not be checked: {host} did not answer ({reason})."),
        status=503,
        fix=None,
    ),
    # Worded by which part of the hub's answer was refused (app/downloads/hub.py).
    ProblemSpec(
        "downloads.hub_bad_answer",
        tr_noop(
            "The hub at {endpoint} answered for {repo} with {value}, which cannot safely name a "
            "file in the cache; nothing was downloaded. Check HF_ENDPOINT."
        ),
        status=502,
        fix=None,
        data=("part",),
        worded=True,
    ),
    ProblemSpec(
        "downloads.no_progress",
        tr_noop(
            "{file} of {repo} is not arriving: {tries} tries in a row each brought less than "
            "{useful_mib} MiB ({error}). Try again later; what arrived is kept."
        ),
        status=502,
        fix=None,
    ),
)
