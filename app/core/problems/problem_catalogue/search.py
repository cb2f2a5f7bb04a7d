"""Problems whose code starts with "search."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    # Why a search result "cannot run" (app.core.memory.fit.VllmArchitectures.cannot_run).
    ProblemSpec(
        "search.cannot_run_custom",
        tr_noop(
            "{architecture} is this repository's own code, not one of the architectures "
            "vLLM {version} can load, so the model cannot run here."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "search.cannot_run_unknown",
        tr_noop(
            "{architecture} is not one of the architectures vLLM {version} can load, so the "
            "model cannot run here."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "search.cannot_run_removed",
        tr_noop(
            "{architecture} was last in vLLM {last}; vLLM {version} cannot load it, so the "
            "model cannot run here."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "search.cannot_run_plugin",
        tr_noop(
            "{architecture} needs a vLLM plugin ({plugin}) that vLLM Tray does not install, "
            "so the model cannot run here."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "search.cannot_run_draft",
        tr_noop(
            "{architecture} is a draft model for speculative decoding, which vLLM {version} "
            "does not serve on its own, so the model cannot run here."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "search.name_taken",
        tr_noop(
            "A model called user.{name} exists already (it is {checkpoint}). Choose another name."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "search.not_found",
        tr_noop("There is no model {repo} on Hugging Face (or it is private)."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "search.not_loadable",
        tr_noop("{repo} holds no model weights (no .safetensors or .bin files)."),
        status=503,
        fix=None,
        kind="input",
        data=("format",),
        worded=True,
    ),
    ProblemSpec(
        "search.offline",
        tr_noop(
            "Search unavailable: HF_HUB_OFFLINE is set in the environment, so nothing is "
            "asked of Hugging Face. Unset it to search for models."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "search.unavailable",
        tr_noop(
            "Search unavailable: Hugging Face ({endpoint}) cannot be reached ({reason}). "
            "Models you already have keep working; try again when you are online."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "search.unreadable",
        tr_noop(
            "Search unavailable: Hugging Face ({endpoint}) answered, but the hub's answer "
            "could not be read ({reason}). Models you already have keep working; if "
            "HF_ENDPOINT is set, check that it names a Hugging Face mirror."
        ),
        status=503,
        fix=None,
    ),
    # Worded by whether a token is set (app/downloads/search/search.py).
    ProblemSpec(
        "search.gated",
        tr_noop(
            "{repo} is gated: accept its terms on https://huggingface.co/{repo}, then save "
            "a Hugging Face access token (vllm-tray config set-secret hf_token, or Settings) "
            "to see its details and download it."
        ),
        status=503,
        fix=None,
        data=("token_set",),
        worded=True,
    ),
    ProblemSpec(
        "search.bad_author",
        tr_noop(
            "“{author}” is not a Hugging Face user or organisation name: use letters, "
            "digits, '-', '_' or '.' (at most 96 characters)."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "search.bad_repo_id",
        tr_noop(
            "“{repo}” is not a Hugging Face repository id: write it as ORG/NAME, each "
            "part letters, digits, '-', '_' or '.' (at most 96 characters)."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "search.refused",
        tr_noop("Hugging Face refused this search: {reason}. Check the words and the author."),
        status=503,
        fix=None,
        kind="input",
    ),
)
