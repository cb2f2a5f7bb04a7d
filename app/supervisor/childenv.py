"""The environment an engine child gets: an allow-list of the app's, the spec's, never a secret.

An engine child is a vLLM server that serves one model from a local folder, offline. It needs
to find programs and libraries, its caches, its locale, the GPU it may use and how many
threads to run; it needs none of the app's credentials. So the child's environment is built,
not copied: the app's variables pass only when `_inherited()` allows them, then the spec's
own variables (the engine's and the runtime's) are laid over them, then the few the
supervisor always sets. Secrets never pass, whoever sets them (see `_secret()`).

`child_environment()` is the one place that computes it: the supervisor spawns children with
it, and the memory planner reads it to see e.g. the `VLLM_CPU_KVCACHE_SPACE` a child will get.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

# Variables passed as they are. Why each group:
_EXACT = frozenset(
    {
        # finding programs, the user's home (caches default below it), who runs it
        "PATH",
        "HOME",
        "USER",
        "LOGNAME",
        "SHELL",
        # locale and time zone: log timestamps, decoding of file names
        "LANG",
        "LANGUAGE",
        "TZ",
        # where temporary files go (vLLM's IPC sockets, torch.compile's scratch)
        "TMPDIR",
        "TEMP",
        "TMP",
        # shared libraries: the ROCm bundle and user-built engines may need their own, and
        # vLLM's CPU docs recommend preloading tcmalloc/libiomp
        "LD_LIBRARY_PATH",
        "LD_PRELOAD",
        # C/C++ compilers: torch inductor builds kernels with them on the CPU
        "CC",
        "CXX",
        # Hugging Face locations and offline switches (never its token: see _SECRET_NAMES)
        "HF_HOME",
        "HF_HUB_CACHE",
        "HF_HUB_OFFLINE",
        "HF_HUB_DISABLE_TELEMETRY",
        "TRANSFORMERS_OFFLINE",
        "TRANSFORMERS_CACHE",
        "HF_DATASETS_OFFLINE",
        "HF_DATASETS_CACHE",
        "DO_NOT_TRACK",
        # threading of the CPU math libraries
        "OPENBLAS_NUM_THREADS",
        "NUMEXPR_NUM_THREADS",
        "VECLIB_MAXIMUM_THREADS",
        # GPU selection outside the prefixes below
        "GPU_DEVICE_ORDINAL",
        "NVIDIA_VISIBLE_DEVICES",
    }
)
# Families passed by prefix, each with its reason:
_PREFIXES = (
    "LC_",  # locale categories
    "XDG_",  # cache/config/data/runtime dirs: vLLM and torch keep their caches there
    "VLLM_",  # vLLM's own settings (VLLM_CPU_KVCACHE_SPACE, VLLM_CACHE_ROOT, …); not the app's
    "OMP_",  # OpenMP threads and binding
    "KMP_",  # Intel OpenMP
    "GOMP_",  # GNU OpenMP
    "MKL_",  # oneMKL threading
    "ONEDNN_",  # oneDNN (CPU kernels)
    "DNNL_",
    "TORCH_",  # torch's caches and switches (TORCH_HOME, …)
    "TORCHINDUCTOR_",  # torch.compile's cache dir: a warm cache makes later loads fast
    "PYTORCH_",  # allocator settings (PYTORCH_HIP_ALLOC_CONF, PYTORCH_CUDA_ALLOC_CONF)
    "TRITON_",  # Triton's kernel cache
    "HIP_",  # ROCm device selection (HIP_VISIBLE_DEVICES) and HIP switches
    "ROCR_",  # ROCR_VISIBLE_DEVICES
    "HSA_",  # HSA_OVERRIDE_GFX_VERSION and friends: some APUs need them to run at all
    "ROCM_",  # ROCM_PATH
    "AMD_",  # AMD_LOG_LEVEL, AMD_SERIALIZE_KERNEL
    "MIOPEN_",  # MIOpen's kernel database location
    "GPU_",  # GPU_MAX_HW_QUEUES and other HIP runtime switches
    "CUDA_",  # CUDA_VISIBLE_DEVICES, CUDA_HOME
    "NCCL_",  # multi-GPU communication
    "RCCL_",
)
# Never passed, whoever sets them: the endpoint's key and the app's own variables, and the
# Hugging Face token (children load a local folder offline and need no token).
_SECRET_NAMES = frozenset({"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_TOKEN_PATH"})
_APP_PREFIX = "VLLM_TRAY_"
# An inherited variable whose name says it is a credential is dropped even inside an allowed
# family (a VLLM_API_KEY of the user's shell would replace the child's own key).
_SECRET_WORDS = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL", re.IGNORECASE)
# Allowed family members the app decides alone, never the app's own environment: dev mode
# opens /sleep, /wake_up and /collective_rpc on the child's port, which vLLM's own key does not
# guard (the app's guard does, for keyed children), so only a spec started with sleep mode
# (the planner's launch env) may turn it on.
_APP_DECIDES = frozenset({"VLLM_SERVER_DEV_MODE"})

# Python 3.11+: no current folder (for -m/-c) and no script folder on the import path, in the
# whole tree; app.supervisor.spawn says why (a module planted where the app was started).
SAFE_PATH_VAR = "PYTHONSAFEPATH"
# What the supervisor always sets, after everything else.
FIXED = {
    "PYTHONNOUSERSITE": "1",  # a user-site package (e.g. huggingface_hub) must not shadow
    "PYTHONUNBUFFERED": "1",  # log lines must arrive while loading, not at exit
    SAFE_PATH_VAR: "1",
}
# Defaults the spec may override: children run offline from a local folder.
DEFAULTS = {"HF_HUB_OFFLINE": "1"}
API_KEY_VAR = "VLLM_API_KEY"  # vLLM guards /v1, /v2, /inference and /cohere with it


def _secret(name: str) -> bool:
    return name in _SECRET_NAMES or name.startswith(_APP_PREFIX)


def _inherited(name: str) -> bool:
    if _secret(name) or _SECRET_WORDS.search(name) or name in _APP_DECIDES:
        return False
    return name in _EXACT or name.startswith(_PREFIXES)


def child_environment(
    spec_env: Mapping[str, str],
    *,
    api_key: str | None = None,
    parent: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The exact environment of an engine child started with a spec whose env is `spec_env`.

    `parent` is the app's environment (os.environ when None); `api_key`, when given, becomes
    the child's VLLM_API_KEY. Secrets are dropped from the spec's env too.
    """
    source = os.environ if parent is None else parent
    env = {name: value for name, value in source.items() if _inherited(name)}
    env.update(DEFAULTS)
    env.update({name: value for name, value in spec_env.items() if not _secret(name)})
    env.update(FIXED)
    if api_key is not None:
        env[API_KEY_VAR] = api_key
    else:
        env.pop(API_KEY_VAR, None)
    return env


def helper_environment(
    extra: Mapping[str, str] | None = None, *, parent: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The environment of a helper the app starts with an engine's or its own Python (a load
    generator, the engine version probe, a custom engine's `--help`): the children's
    allow-list, `extra` laid over it, and no key at all (a caller that must send one to the
    endpoint sets it itself, by its own name)."""
    return child_environment(extra or {}, parent=parent)


# What pip needs beyond a child's allow-list, to reach the package index the user configured:
# its own settings (PIP_INDEX_URL, PIP_FIND_LINKS, PIP_CERT… — pip reads every PIP_<OPTION>;
# none of its options is a bare secret, and PIP_KEYRING_PROVIDER only names a provider), the
# proxies, and the certificate bundles of an intercepting proxy.
_INSTALLER_EXACT = frozenset(
    {
        "SSL_CERT_FILE",
        "SSL_CERT_DIR",
        "REQUESTS_CA_BUNDLE",
        "CURL_CA_BUNDLE",
        "NETRC",
        "PIP_CONFIG_FILE",
    }
)
_INSTALLER_PREFIXES = ("PIP_",)
_PROXY_NAMES = frozenset({"http_proxy", "https_proxy", "no_proxy", "all_proxy"})


def _installer_inherited(name: str) -> bool:
    if _secret(name):
        return False
    return (
        name in _INSTALLER_EXACT
        or name.startswith(_INSTALLER_PREFIXES)
        or name.lower() in _PROXY_NAMES
    )


def installer_environment(*, parent: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of the engine installer's steps (venv, pip, the import check): a
    helper's, plus pip's settings, proxies and certificate bundles; never a key or token."""
    source = os.environ if parent is None else parent
    env = helper_environment(parent=source)
    env.update({name: value for name, value in source.items() if _installer_inherited(name)})
    return env


def api_key_in_args(args: Sequence[str]) -> str | None:
    """The key a user's own `--api-key` flag sets; vLLM prefers it to VLLM_API_KEY."""
    for i, arg in enumerate(args):
        if arg == "--api-key" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--api-key="):
            return arg.split("=", 1)[1]
    return None


def api_key_in_command(prefix: Sequence[str]) -> str | None:
    """The key the engine command itself sets: its own `--api-key`, or `VLLM_API_KEY=…`
    given to `env` in front of it (`env VLLM_API_KEY=k vllm`). Either way the child requires
    that key, not the one the app put in its environment; without knowing it, every request
    was refused with advice to unload the model, which never helped."""
    flag = api_key_in_args(prefix)
    if flag is not None or not prefix or Path(prefix[0]).name != "env":
        return flag
    for word in prefix[1:]:
        if word.startswith("-"):
            continue  # env's own options
        name, equals, value = word.partition("=")
        if not equals:
            break  # the program env runs: assignments end here
        if name == "VLLM_API_KEY":
            return value
    return None


# The ASGI middleware every keyed child loads (guard/vllm_tray_guard.py): vLLM checks its key
# only under /v1, /v2, /inference and /cohere; the guard asks for it everywhere else too.
GUARD_DIR = Path(__file__).resolve().parent / "guard"
GUARD_KEY_VAR = "VLLM_TRAY_CHILD_KEY"
GUARD_ARGS = ("--middleware", "vllm_tray_guard.KeyGuard")


def guard_env(key: str, env: Mapping[str, str]) -> dict[str, str]:
    """What a keyed child's environment `env` gets for the guard: the key, and the guard's
    folder first on its import path (it holds that one module, so it shadows nothing; an
    engine's own PYTHONPATH stays behind it)."""
    path = os.pathsep.join(p for p in (str(GUARD_DIR), env.get("PYTHONPATH", "")) if p)
    return {GUARD_KEY_VAR: key, "PYTHONPATH": path}
