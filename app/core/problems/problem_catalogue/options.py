"""Problems whose code starts with "options."."""

from __future__ import annotations

from app.core.problems.problem_spec import FixKind, ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "options.bad_ctx_size",
        tr_noop("ctx_size must be a whole number of tokens between {low} and {high}; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.bad_gpus",
        tr_noop("gpus must be GPU numbers separated by commas, such as 0,1; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.bad_optimize",
        tr_noop(
            "optimize must be start (loads fastest), serve (answers fastest) or default; "
            "got {value}."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.bad_parallel_size",
        tr_noop("{name} must be a positive whole number; got {value}."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.ctx_above_model_limit",
        tr_noop(
            "{model} reads at most {limit} tokens of context (its config.json says so), "
            "so vLLM refuses a context size of {ctx_size}. Use {limit} or less."
        ),
        status=503,
        fix=FixKind.SET_MODEL_OPTION,
        kind="input",
    ),
    ProblemSpec(
        "options.gpu_repeated",
        tr_noop("gpus names GPU {index} twice; each GPU can serve a model once."),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.gpu_unknown",
        tr_noop(
            "gpus names GPU {index}, which this machine does not have: its GPUs are "
            "numbered 0 to {last} (vllm-tray system-info lists them)."
        ),
        status=503,
        fix=None,
        kind="input",
        worded=True,
    ),
    ProblemSpec(
        "options.gpu_wrong_family",
        tr_noop(
            "GPU {index} ({name}, {target}) cannot run the engine installed for {family} "
            "GPUs; choose GPUs of that family in gpus."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.gpus_mixed_vendors",
        tr_noop(
            "gpus names both AMD and NVIDIA GPUs ({gpus}); one vLLM server runs on one kind of GPU."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.heads_not_divisible",
        tr_noop(
            "{model} has {heads} attention heads, which vLLM cannot split evenly across "
            "tensor_parallel_size {tp}. Use a size that divides {heads}: {sizes}."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.optimize_and_level",
        tr_noop(
            "The option optimize={value} and a -O level in the model's vllm_args both "
            "choose the optimization level; keep one of them."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.parallel_mismatch",
        tr_noop(
            "The model runs in one part per GPU: tensor_parallel_size {tp} × "
            "pipeline_parallel_size {pp} = {wanted}, but gpus lists {count} ({gpus}). The two "
            "numbers must be the same: change gpus or the sizes."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
    ProblemSpec(
        "options.too_many_gpus",
        tr_noop(
            "{model} needs {wanted} GPUs (tensor_parallel_size {tp} × "
            "pipeline_parallel_size {pp}), but this machine has only {count} that its "
            "engine can use."
        ),
        status=503,
        fix=None,
        kind="input",
    ),
)
