"""Problems whose code starts with "lemonade."."""

from __future__ import annotations

from app.core.problems.problem_spec import ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "lemonade.bundle_other_gpu",
        tr_noop(
            "Lemonade's vLLM bundle {tag} is built for {bundle_gpu}, not for this "
            "computer's GPU ({gpu}); it is not used."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.changed",
        tr_noop(
            "Lemonade's files or vLLM Tray's changed since the import was shown; nothing "
            "was imported. Look at the import again."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.code_flag_module",
        tr_noop(
            "{flag} {value} in Lemonade's {source} would make vLLM import and run the Python "
            "code {value}, with your rights, in the engine of every model these arguments "
            "apply to; it is not imported. If you trust that code, set it yourself with "
            "vllm-tray options or vllm-tray config set."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.code_flag_repository",
        tr_noop(
            "{flag} in Lemonade's {source} lets a model's repository run its own Python code "
            "on this computer when the model loads; it is not imported. If you trust the "
            "repository, set it yourself in the options of the model that needs it."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.code_flag_requests",
        tr_noop(
            "{flag} {value} in Lemonade's {source} would let whoever sends a request name "
            "Python code for vLLM to import and run with your rights; it is not imported. If "
            "you want that, set it yourself with vllm-tray options or vllm-tray config set."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.engine_kept",
        tr_noop(
            "vLLM Tray's own ROCm engine {version} is installed and stays in use; "
            "Lemonade's bundle {tag} is not needed."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.not_found",
        tr_noop("No Lemonade setup was found in {path}; give its folder as DIR."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.partial_files",
        tr_noop(
            "Lemonade's download of {repo} is not complete, so its files are not reused; "
            "download {model} in vLLM Tray."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.unknown_model",
        tr_noop(
            "Lemonade has options for {model}, which is neither one of its vLLM models "
            "nor built into vLLM Tray."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "lemonade.unreadable",
        tr_noop("Lemonade's {file} cannot be read ({reason}); it is left out of the import."),
        status=503,
        fix=None,
    ),
)
