"""Problems whose code starts with "load."."""

from __future__ import annotations

from app.core.problems.problem_spec import FixKind, ProblemSpec, tr_noop

SPECS: tuple[ProblemSpec, ...] = (
    ProblemSpec(
        "load.bad_config",
        tr_noop(
            "The model's config.json in {path} cannot be read ({detail}). Download the "
            "model again, or repair the file."
        ),
        status=503,
        fix=None,
        permanent=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "load.cancelled",
        tr_noop("Loading {model_id} was stopped before it finished."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "load.cpu_free_memory",
        tr_noop(
            "Only {free_gib} of {total_gib} GiB of memory was free, less than the "
            "{utilization} memory utilization asks for (on the CPU engine GPU memory "
            "utilization is a share of RAM). Use {safe} or less, or close other programs."
        ),
        status=503,
        fix=FixKind.SET_SETTING,
        memory=True,
        data=("model_id", "node"),
    ),
    ProblemSpec(
        "load.cpu_kv_cache_memory",
        tr_noop(
            "The KV cache asks for {requested_gib} GiB of memory, but only {free_gib} of "
            "{total_gib} GiB is free. Make the KV cache smaller (VLLM_CPU_KVCACHE_SPACE "
            "or --kv-cache-memory-bytes; about {fits_gib} GiB fits now), or close other "
            "programs."
        ),
        status=503,
        fix=None,
        memory=True,
        data=("model_id", "node"),
    ),
    ProblemSpec(
        "load.ctx_over_limit",
        tr_noop(
            "The context size {ctx_size} is larger than this model supports ({limit}, "
            "its {limit_key}). Set the context size to {limit} or less."
        ),
        status=503,
        fix=FixKind.SET_MODEL_OPTION,
        permanent=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "load.engine_dead",
        tr_noop("vLLM's engine core died (exit code {exit_code}): {cause}"),
        status=503,
        fix=None,
        data=("log_tail", "model_id"),
    ),
    ProblemSpec(
        "load.exited",
        tr_noop(
            "The vLLM server of {model_id} exited with code {exit_code} while loading: {cause}"
        ),
        status=503,
        fix=None,
        data=("log_tail",),
    ),
    ProblemSpec(
        "load.free_memory",
        tr_noop(
            "Only {free_gib} of {total_gib} GiB of GPU memory was free, less than the "
            "{utilization} GPU memory utilization asks for. Use {safe} or less, or close "
            "what else uses the GPU."
        ),
        status=503,
        fix=FixKind.SET_SETTING,
        memory=True,
        data=("device", "model_id"),
    ),
    ProblemSpec(
        "load.kv_cache_too_small",
        tr_noop(
            "The context size {ctx_size} needs {needed_gib} GiB of KV cache, but only "
            "{available_gib} GiB is available. Lower the context size or make the KV "
            "cache bigger (GPU memory utilization, or the KV cache size)."
        ),
        status=503,
        fix=FixKind.SET_MODEL_OPTION,
        data=("estimated_max",),
        worded=True,
    ),
    ProblemSpec(
        "load.no_cache_memory",
        tr_noop(
            "The model's weights left no memory for the KV cache. Raise GPU memory "
            "utilization or choose a smaller model."
        ),
        status=503,
        fix=None,
        memory=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "load.no_room",
        tr_noop(
            "{model} needs about {needed_gb:.2f} GB but only {free_gb:.2f} of "
            "{budget_gb:.2f} GB are free, and no idle model can be unloaded to make "
            "room. Lower its ctx_size, or raise the memory budget (memory.budget_gb)."
        ),
        status=503,
        fix=None,
        worded=True,
    ),
    ProblemSpec(
        "load.no_weights",
        tr_noop(
            "The model folder {path} has no weights vLLM can load (no .safetensors or "
            ".bin files). Download the model again, or point the model at a complete "
            "folder."
        ),
        status=503,
        fix=None,
        permanent=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "load.not_running",
        tr_noop("{model} is not running."),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "load.out_of_memory",
        tr_noop(
            "The GPU ran out of memory. Lower GPU memory utilization or the context "
            "size, or close what else uses the GPU."
        ),
        status=503,
        fix=None,
        memory=True,
        data=("model_id",),
    ),
    ProblemSpec(
        "load.port_in_use",
        tr_noop(
            "Another program took the port chosen for {model_id} before vLLM could use "
            "it, several times in a row. Try again."
        ),
        status=503,
        fix=None,
    ),
    ProblemSpec(
        "load.stale_compile_cache",
        tr_noop(
            "{model_id} did not start: the graphs a pre-warm compiled for it could not be "
            "loaded from the engine's compile cache ({reason}), and the app asks vLLM not to "
            "recompile them silently. Pre-warm the model again, or clear the compile cache "
            "(vllm-tray engine clean-cache); the next load then compiles afresh."
        ),
        status=503,
        fix=None,
        permanent=True,
        data=("path",),
    ),
    ProblemSpec(
        "load.stalled",
        tr_noop(
            "Loading {model_id} stalled: for {stall_s} seconds vLLM printed nothing and "
            "its processes used no CPU, so it was stopped. The log shows where it "
            "stopped."
        ),
        status=503,
        fix=None,
        data=("log_tail", "phase"),
    ),
    ProblemSpec(
        "load.timeout",
        tr_noop(
            "{model_id} was not ready after {timeout_s} seconds. A cold first load "
            "compiles kernels and can take many minutes; raise the load timeout and try "
            "again."
        ),
        status=503,
        fix=FixKind.SET_SETTING,
        data=("log_tail", "phase"),
    ),
    ProblemSpec(
        "load.unsupported_architecture",
        tr_noop("This vLLM build does not support the model's architecture ({architecture})."),
        status=503,
        fix=None,
        permanent=True,
        data=("model_id",),
    ),
    # Worded by whether a lower gpu_memory_utilization would make room
    # (app/core/memory/memory_room.py).
    ProblemSpec(
        "load.host_memory",
        tr_noop(
            "{model} needs about {needed_gb:.2f} GB on {device}, but only {room_gb:.2f} GB "
            "can be taken without pushing this computer into swap ({available_gb:.2f} GB "
            "of RAM available, {reserve_gb:.2f} GB kept for the system): lower its "
            "ctx_size, or close other programs."
        ),
        status=503,
        fix=None,
        data=("utilization",),
        worded=True,
    ),
    ProblemSpec(
        "load.memory_in_use",
        tr_noop(
            "{model} needs about {needed_gb:.2f} GB on {device}, but other programs hold "
            "{others_gb:.2f} of its {total_gb:.2f} GB, so only {room_gb:.2f} GB are free for "
            "models: lower its ctx_size, or close those programs."
        ),
        status=503,
        fix=None,
        data=("utilization",),
        worded=True,
    ),
    # Worded by whether it crashed or never started (app/supervisor/diagnosis.py); it offers
    # the last failure's fix, else a reset.
    ProblemSpec(
        "load.given_up",
        tr_noop(
            "{model_id} failed to start {failures} times in a row, so the app stopped trying. "
            "Last time: {cause} Load it again, or change its options, to try again."
        ),
        status=503,
        fix=FixKind.RESET_MODEL,
        data=("cause_code", "crashed"),
        worded=True,
    ),
    # Worded by the signal that ended it (app/supervisor/diagnosis.py).
    ProblemSpec(
        "load.killed",
        tr_noop(
            "Loading {model_id} failed: its vLLM server was stopped from outside the app "
            "({signal})."
        ),
        status=503,
        fix=None,
        data=("log_tail", "signal_number"),
        worded=True,
    ),
)
