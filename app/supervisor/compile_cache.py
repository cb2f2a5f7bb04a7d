"""Where vLLM and torch keep what a start compiled, per engine build, so a later start finds it.

A cold start of vLLM spends most of its time on work whose result it can keep: torch.compile's
graphs and kernels (inductor, Triton) and the model-class inspection vLLM runs in a separate
Python process (`modelinfos`). vLLM keeps them under `VLLM_CACHE_ROOT` (default
`~/.cache/vllm`), torch under `TORCHINDUCTOR_CACHE_DIR` (default `/tmp/torchinductor_$USER`,
gone after a reboot) and Triton under `TRITON_CACHE_DIR`. The app points all three at one
folder per engine build under its own cache dir: a later start of the same build finds them
(also after a reboot), two builds never read each other's artifacts, and `vllm-tray engine
clean-cache` can say what it frees. docs/throughput.md has the measurements.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

from app.core.engine_values import Cleaned
from app.core.states import EngineKind
from app.supervisor.engines.base import Engine

FOLDER = "compile"  # under the app's cache dir
ROOT_VAR = "VLLM_CACHE_ROOT"
INDUCTOR_VAR = "TORCHINDUCTOR_CACHE_DIR"
TRITON_VAR = "TRITON_CACHE_DIR"
# What vLLM writes once a start compiled its graphs (vllm/compilation/decorators.py).
COMPILED = Path("torch_compile_cache")
_UNSAFE = re.compile(r"[^A-Za-z0-9._+-]+")


def build_name(kind: EngineKind, version: str | None, prefix: Sequence[str]) -> str:
    """A folder name for one engine build: `cpu-0.32.0`, `rocm-<release tag>`; the user's own
    vLLM has no version file, so its command names it (hashed: a path is no folder name)."""
    if kind is EngineKind.CUSTOM or not version:
        digest = hashlib.sha256("\0".join(prefix).encode()).hexdigest()[:12]
        return f"{kind.value}-{digest}"
    return f"{kind.value}-{_UNSAFE.sub('_', version)}"


def cache_root(cache_dir: Path, engine: Engine) -> Path:
    """The compile-cache folder of `engine`'s build (may not exist yet)."""
    if engine.kind is EngineKind.CUSTOM:
        return build_root(cache_dir, EngineKind.CUSTOM, None, engine.command().prefix)
    return build_root(cache_dir, engine.kind, engine.status().version, ())


def build_root(
    cache_dir: Path, kind: EngineKind, version: str | None, prefix: Sequence[str]
) -> Path:
    """The compile-cache folder of one engine build (build_name; may not exist yet)."""
    return cache_dir / FOLDER / build_name(kind, version, prefix)


def build_env(
    cache_dir: Path, kind: EngineKind, version: str | None, prefix: Sequence[str]
) -> dict[str, str]:
    """The variables that make a child of one engine build keep its compile caches."""
    return cache_env(build_root(cache_dir, kind, version, prefix))


def cache_env(root: Path) -> dict[str, str]:
    """The variables that make a child keep and find its compile caches in `root`."""
    return {
        ROOT_VAR: str(root),
        INDUCTOR_VAR: str(root / "inductor"),
        TRITON_VAR: str(root / "triton"),
    }


def root_of(env: Mapping[str, str]) -> Path | None:
    """The compile-cache folder a child with `env` uses, when the app chose it."""
    value = env.get(ROOT_VAR)
    return Path(value) if value else None


def has_compiled(root: Path) -> bool:
    """Whether an earlier start left compiled graphs in `root` (a later one is then warm).

    Cheap enough for the runtime loop: at most a few directory entries are read."""
    try:
        with os.scandir(root / COMPILED) as entries:
            return any(True for _ in entries)
    except OSError:
        return False


def folder_bytes(path: Path) -> int:
    """Bytes the files under `path` take (links not followed; blocking)."""
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += (Path(folder) / name).lstat().st_size
            except OSError:
                continue  # removed meanwhile
    return total


def clean(cache_dir: Path, only: Path | None = None) -> Cleaned:
    """Delete the compile caches under `cache_dir` (every build's, or only the folder `only`);
    blocking. A child running meanwhile keeps what it loaded; its next start is cold."""
    base = cache_dir / FOLDER
    targets = [only] if only is not None else _children(base)
    freed, builds = 0, []
    for target in targets:
        if not target.is_dir():
            continue
        size = folder_bytes(target)
        shutil.rmtree(target, ignore_errors=True)
        freed += size - (folder_bytes(target) if target.exists() else 0)
        builds.append(target.name)
    return Cleaned(freed, tuple(builds), base)


def _children(base: Path) -> list[Path]:
    try:
        return sorted(p for p in base.iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return []
