"""Every setting declared once as data: its key, default (and so type), bounds, label and doc."""

from __future__ import annotations

from functools import partial

from app.core.problems.problems import tr_noop
from app.core.settings.setting_spec import SettingSpec
from app.core.settings.setting_table_proxy import PROXY_SPECS

# Read when a model starts: running models must restart for a change to apply.
_models = partial(SettingSpec, restart="models")

SPECS: tuple[SettingSpec, ...] = (
    _models(
        "models.gpu_memory_utilization",
        0.85,
        tr_noop(
            "Fraction of GPU memory each vLLM server may reserve. vLLM's own default of 0.92 "
            "crashes on many shared-memory APUs; the GPU panel shows a safe value."
        ),
        minimum=0.10,
        maximum=0.99,
        label=tr_noop("GPU memory utilization"),
        decimals=2,
    ),
    _models(
        "models.max_num_seqs",
        16,
        tr_noop("Most requests one model serves at once (vLLM's --max-num-seqs)."),
        minimum=1,
        maximum=4096,
        label=tr_noop("Requests served at once"),
    ),
    _models(
        "models.vllm_args",
        "",
        tr_noop("Extra vLLM flags for every model, before each model's own vllm_args."),
        label=tr_noop("Extra vLLM flags"),
    ),
    _models(
        "models.ctx_size",
        8192,
        tr_noop("Default context length (vLLM's --max-model-len) for models without their own."),
        minimum=64,
        maximum=1_048_576,
        label=tr_noop("Default context size"),
    ),
    SettingSpec(
        "models.load_timeout_s",
        3600,
        tr_noop(
            "Longest a load may take in all, in seconds. A load that still makes progress is "
            "never stopped before this: a cold first load compiles kernels for many minutes."
        ),
        minimum=10,
        maximum=86_400,
        label=tr_noop("Load time limit"),
    ),
    SettingSpec(
        "models.load_stall_timeout_s",
        120,
        tr_noop(
            "Seconds a load may go without any sign of progress (no new log line and no CPU "
            "use by the engine) before it is stopped as stuck."
        ),
        minimum=10,
        maximum=86_400,
        label=tr_noop("Stuck load timeout"),
    ),
    SettingSpec(
        "models.idle_ttl_min",
        0,
        tr_noop("Unload a model after this many minutes without requests (0 keeps it loaded)."),
        minimum=0,
        maximum=10_080,
        label=tr_noop("Unload idle models after"),
        effect_test=(
            "its shortest effect is an unload after a minute without requests, checked every "
            "15 s: the runtime's clock is moved instead; "
            "tests/integration/test_runtime.py::test_idle_ttl_unloads"
        ),
    ),
    SettingSpec(
        "models.prewarm_after_download",
        False,
        tr_noop(
            "Once a model's download finishes, start it in the background and stop it again, "
            "so that vLLM compiles it now and your first load is a warm one (without this, "
            "the window offers it: Model ▸ Pre-warm). Skipped while another model is loaded."
        ),
        label=tr_noop("Pre-warm models after download"),
        effect_test=(
            "acts when a download from the hub finishes, and the module's serve has no hub; "
            "tests/integration/test_prewarm.py::test_a_download_is_prewarmed_and_its_first_load_is_warm"
        ),
    ),
    SettingSpec(
        "models.keep_engine_ready",
        True,
        tr_noop(
            "Keep an engine ready for the next load, with vLLM already imported: after the "
            "first, each load on the CPU engine starts seconds sooner, for about 600 MB of "
            "memory while it waits, given back when memory runs short. The ROCm and custom "
            "engines do not use it (not measured there)."
        ),
        label=tr_noop("Keep an engine ready"),
        effect_test=(
            "needs the real CPU engine, which the serve of that module does not run; "
            "tests/real_engine/test_spare_real.py::test_a_load_from_the_spare_serves_and_skipped_the_imports"
        ),
    ),
    *PROXY_SPECS,
    _models(
        "engine.kind",
        "auto",
        tr_noop(
            "Which vLLM runs models: auto (ROCm bundle on a supported AMD GPU, otherwise the "
            "CPU build), rocm, cpu, or custom."
        ),
        choices=("auto", "rocm", "cpu", "custom"),
        label=tr_noop("vLLM engine"),
    ),
    SettingSpec(
        "engine.rocm_stable_only",
        False,
        tr_noop(
            "Install by default only ROCm builds the publisher qualified on its stable "
            "channel. Every qualified build so far is a nightly, so this keeps today's pinned "
            "build until a stable one qualifies."
        ),
        label=tr_noop("Stable ROCm builds only"),
        effect_test=(
            "the default build of `engine list rocm` / `engine install rocm`, on a ROCm GPU "
            "serve's fake engine does not have; "
            "tests/integration/test_engine_rocm_feed.py::test_stable_only_keeps_the_pin"
        ),
    ),
    _models(
        "engine.custom_command",
        "",
        tr_noop("Command prefix of your own vLLM (for the custom engine), e.g. 'vllm serve'."),
        label=tr_noop("Your own vLLM command"),
    ),
    SettingSpec(
        "memory.budget_gb",
        0.0,
        tr_noop(
            "Memory the loaded models may share on each GPU (in RAM for the CPU engine), in GB, "
            "before one is unloaded to make room (0: all of each GPU's memory, or RAM)."
        ),
        minimum=0.0,
        maximum=100_000.0,
        label=tr_noop("Memory for all models"),
    ),
    SettingSpec(
        # 4 GB: what a model's start takes from RAM besides its planned memory (vLLM's
        # API server and engine processes: 1.3 GiB of their own measured on the CPU
        # build, more with ROCm's host runtime) plus room for the desktop to grow (a
        # browser tab, the compositor) after the check. docs/memory.md has the figures.
        "memory.host_reserve_gb",
        4.0,
        tr_noop(
            "RAM, in GB, that models never take from the system: on a GPU that shares the "
            "computer's memory (an APU such as Strix Halo) and with the CPU engine, a model "
            "that would leave less than this available is refused, so the desktop never "
            "swaps."
        ),
        minimum=0.0,
        maximum=100_000.0,
        label=tr_noop("RAM kept for the system"),
    ),
    _models(
        "memory.sleep_mode",
        "auto",
        tr_noop(
            "Put a model to sleep instead of unloading it when another one needs its memory: "
            "it wakes in seconds instead of loading again. auto: with the ROCm engine (vLLM's "
            "CPU build cannot sleep); on: with any engine; off: never. The app checks that a "
            "sleep really freed the memory, and unloads instead where it did not."
        ),
        choices=("auto", "on", "off"),
        label=tr_noop("Sleep instead of unloading"),
    ),
    SettingSpec(
        "batch.disk_quota_gb",
        20.0,
        tr_noop(
            "Disk space all batch files (uploads and results) may take together, in GB; an "
            "upload that would go over it is refused."
        ),
        minimum=0.001,
        maximum=1_000_000.0,
        label=tr_noop("Disk space for batch files"),
        decimals=3,
    ),
    SettingSpec(
        "batch.file_expiry_days",
        30.0,
        tr_noop(
            "Days after which an uploaded batch file is deleted, unless its upload set "
            "expires_after (0 keeps files until they are deleted). Results are kept."
        ),
        minimum=0.0,
        maximum=3650.0,
        label=tr_noop("Delete uploaded batch files after"),
        decimals=3,
    ),
    SettingSpec(
        "gui.start_hidden",
        False,
        tr_noop("Start in the tray without opening the window."),
        label=tr_noop("Start hidden in the tray"),
        effect_test=(
            "the window's setting; "
            "tests/gui/test_tray_e2e.py::test_a_hidden_start_with_the_endpoint_on_a_desktop"
        ),
    ),
    SettingSpec(
        "gui.start_at_login",
        False,
        tr_noop("Start vLLM Tray when you log in."),
        label=tr_noop("Start at login"),
        effect_test=(
            "the window's setting (the desktop's autostart entry); "
            "tests/gui/test_settings_dialog.py::test_start_at_login_writes_the_autostart_entry"
        ),
    ),
    SettingSpec(
        "gui.language",
        "auto",
        tr_noop(
            "The language of the window and the tray: auto (the system's language) or the "
            "code of a language vLLM Tray ships, such as en."
        ),
        restart="app",
        label=tr_noop("Language"),
        effect_test=(
            "the window's language at start-up; "
            "tests/gui/test_language_start.py::test_the_language_setting_overrides_the_locale"
        ),
    ),
)

# -- migrations: what older versions wrote, upgraded by app.core.settings.setting_upgrade
# -------------
# Renamed keys, old name → new name (issue 19.4: every key dotted by what it is about).
RENAMED: dict[str, str] = {
    "gpu_memory_utilization": "models.gpu_memory_utilization",
    "max_num_seqs": "models.max_num_seqs",
    "vllm_args": "models.vllm_args",
    "ctx_size": "models.ctx_size",
    "load_timeout_s": "models.load_timeout_s",
    "load_stall_timeout_s": "models.load_stall_timeout_s",
    "idle_ttl_min": "models.idle_ttl_min",
    "prewarm_after_download": "models.prewarm_after_download",
}
# Never preferences but what the windows remember (a hint shown, an offer made): moved out of
# settings.json into the UI state file's flags (app.gui.window_state), old key → flag name.
MOVED_TO_UI_STATE: dict[str, str] = {
    "gui.lemonade_offered": "lemonade_offered",
    "gui.tray_hint_shown": "tray_hint_shown",
}
