"""Problems whose code starts with "engine."."""

from __future__ import annotations

from app.core.problems.problem_spec import FixKind, ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "engine.bad_archive",
        tr_noop("The engine archive {file} is damaged ({reason}). Download it again."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.bad_arguments",
        tr_noop("vLLM refused its command line: {message}"),
        status=503,
        fix=None,
        permanent=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "engine.bad_bundle",
        tr_noop("The ROCm engine {tag} has no {launcher}; it cannot be started."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.bad_flag_value",
        tr_noop(
            "vLLM does not accept {value} for {flag}; it accepts {choices}. Change it in "
            "the model's vLLM arguments."
        ),
        status=503,
        fix=None,
        permanent=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "engine.bad_release",
        tr_noop("The release {tag} lists “{text}” as its number of parts."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.broken",
        tr_noop(
            "The engine command runs a Python without a working vLLM ({cause}). "
            "Reinstall the engine, or fix the custom engine command."
        ),
        status=503,
        fix=None,
        permanent=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "engine.build_for_rocm_only",
        tr_noop(
            "Only the ROCm engine has builds to choose from; install the CPU build without "
            "“{build}”."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "engine.checksum_mismatch",
        tr_noop(
            "{file} of the ROCm build {tag} arrived damaged or altered: its SHA-256 is not the "
            "one the release lists. It was deleted; the engine in use stays as it was."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.command_missing",
        tr_noop("Give the command that starts your vLLM, e.g. 'vllm serve'."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "engine.custom_invalid",
        tr_noop("The custom engine command {command!r} cannot be read: {detail}."),
        status=503,
        fix=None,
        kind="input",
        data=("exit_code", "missing", "program", "reason", "seconds", "tail"),
        worded=True,
    ),
    ProblemSpec(
        "engine.custom_missing",
        tr_noop("No custom engine command is set. Set one with 'vllm-tray engine use COMMAND…'."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.damaged",
        tr_noop(
            "The {kind} engine in {path} is incomplete. Reinstall it with: vllm-tray "
            "engine install {kind}"
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.download_failed",
        tr_noop("Downloading {url} failed: {reason}. Try again; finished parts are kept."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.feed_unusable",
        tr_noop(
            "The list of qualified ROCm builds at {url} could not be used ({reason}); "
            "showing {used}."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.install_cancelled",
        tr_noop("Installing the {kind} engine was cancelled."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.install_failed",
        tr_noop("Installing the {kind} engine failed: {reason}"),
        status=503,
        fix=None,
        data=("detail", "phase"),
        worded=True,
    ),
    ProblemSpec(
        "engine.kernel_prerequisite",
        tr_noop(
            "Your GPU ({target}) needs a newer Linux kernel before the ROCm engine can "
            "run: its KFD topology lacks cwsr_size and ctl_stack_size, which come with "
            "kernel {required} or newer or a distribution kernel that carries the "
            "backport. Without them ROCm workloads hang or crash, so the engine was not "
            "installed."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.missing",
        tr_noop(
            "The {kind} engine is not installed. Install it with: vllm-tray engine install {kind}"
        ),
        status=503,
        fix=FixKind.INSTALL_ENGINE,
        permanent=True,
        data=("command",),
        worded=True,
    ),
    ProblemSpec(
        "engine.no_gpu",
        tr_noop(
            "No AMD GPU was found, so the ROCm engine cannot be installed. Use the CPU "
            "engine or a custom engine instead."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.no_space",
        tr_noop("There is not enough free disk space in {path} for the engine."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.not_executable",
        tr_noop("The engine command {command} exists but cannot be executed."),
        status=503,
        fix=None,
        permanent=True,
    ),
    ProblemSpec(
        "engine.outdated",
        tr_noop("The ROCm engine {installed} is installed; this GPU needs {wanted}."),
        status=503,
        fix=FixKind.INSTALL_ENGINE,
    ),
    ProblemSpec(
        "engine.superseded",
        tr_noop(
            "A newer qualified ROCm build is available: {wanted} (vLLM {vllm}, {channel}) "
            "supersedes {installed}. Install it with: vllm-tray engine install rocm"
        ),
        status=503,
        fix=FixKind.INSTALL_ENGINE,
    ),
    ProblemSpec(
        "engine.unknown_build",
        tr_noop(
            "There is no ROCm build “{build}” for your GPU ({target}). vllm-tray engine list "
            "rocm lists the builds."
        ),
        status=400,
        fix=None,
    ),
    ProblemSpec(
        "engine.unknown_flag",
        tr_noop(
            "This vLLM does not know the option {flags}. Remove it from the model's vLLM "
            "arguments (or the settings' extra arguments)."
        ),
        status=503,
        fix=None,
        permanent=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "engine.unsafe_archive",
        tr_noop(
            "The engine archive was refused: its entry “{member}” {reason}. Nothing from "
            "it was installed."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "engine.unsupported_gpu",
        tr_noop(
            "There is no ROCm engine for your GPU ({target}). Supported GPU families: "
            "{supported}. Use the CPU engine or a custom engine instead."
        ),
        status=503,
        fix=None,
        data=("name",),
    ),
    # Each kind of weakness has its own sentence (app/core/engines/advisories.py, _SENTENCES).
    ProblemSpec(
        "engine.advisory",
        tr_noop("vLLM {version} has a known problem ({id}), fixed in {fixed_in}."),
        status=503,
        fix=None,
        data=("affected",),
        worded=True,
    ),
    # osv-advisories: the advisory list refreshed from osv.dev (app.runtime.services.osv_refresh).
    ProblemSpec(
        "engine.advisories_not_updated",
        tr_noop(
            "The list of vLLM advisories could not be updated from {url} ({reason}); the "
            "list of {taken} is used."
        ),
        status=503,
        fix=None,
    ),
)
