"""Where vLLM and torch keep what a start compiled, per engine build, so a later start finds it.

A cold start of vLLM spends most of its time on work whose result it can keep: torch.compile's
graphs and kernels (inductor, Triton) and the model-class inspection vLLM runs in a separate
Python process (`modelinfos`). vLLM keeps them under `VLLM_CACHE_ROOT` (default
`~/.cache/vllm`), torch under `TORCHINDUCTOR_CACHE_DIR` (default `/tmp/torchinductor_$USER`,
gone after a reboot) and Triton under `TRITON_CACHE_DIR`. The app points all three at one
folder per engine build under its own cache dir: a later start of the same build finds them
(also after a reboot), two builds never read each other's artifacts, and `vllm-tray engine
clean-cache` can say what it frees. docs/throughput.md has the measurements.

Beside vLLM's files the folder holds the app's own record of which launch of each model its
startup plan and AOT artifacts came from (`StartMarks`): a launch whose flags or environment
changed drops the build's startup plans (vLLM's fingerprint leaves out the memory
utilization), and only a launch a pre-warm compiled is started with the AOT load forced.
Emptying the folder (`clean`) forgets both.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import shutil
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from app.core.contracts import LaunchSpec
from app.core.engines.engine_values import Cleaned
from app.core.jsonstore import atomic_write_json
from app.core.states import EngineKind
from app.core.untrusted import parse_json
from app.supervisor.engines.base import Engine

FOLDER = "compile"  # under the app's cache dir
ROOT_VAR = "VLLM_CACHE_ROOT"
INDUCTOR_VAR = "TORCHINDUCTOR_CACHE_DIR"
TRITON_VAR = "TRITON_CACHE_DIR"
# What vLLM writes once a start compiled its graphs (vllm/compilation/decorators.py).
COMPILED = Path("torch_compile_cache")
INDUCTOR = Path("inductor")
# vLLM's startup plans (vllm/v1/worker/startup_plan.py), and the app's marks beside them.
PLANS = Path("startup_plan")
MARKS = Path("vllm-tray-starts.json")
FORCE_AOT_VAR = "VLLM_FORCE_AOT_LOAD"
MAX_MARKS = 500  # models per build; the file is read at every planned start
_MARKS_LOCK = threading.Lock()  # StartMarks._update
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
        INDUCTOR_VAR: str(root / INDUCTOR),
        TRITON_VAR: str(root / "triton"),
    }


def root_of(env: Mapping[str, str]) -> Path | None:
    """The compile-cache folder a child with `env` uses, when the app chose it."""
    value = env.get(ROOT_VAR)
    return Path(value) if value else None


def has_compiled(root: Path) -> bool:
    """Whether an earlier start left compiled graphs in `root` (a later one is then warm).

    vLLM's own cache holds them, or, where vLLM compiles without AOT (its CPU build here,
    app.runtime.control.fast_start), only inductor's. Cheap enough for the runtime loop: at
    most a few directory entries are read."""
    for folder in (root / COMPILED, root / INDUCTOR):
        try:
            with os.scandir(folder) as entries:
                if any(True for _ in entries):
                    return True
        except OSError:
            continue
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


def launch_key(spec: LaunchSpec) -> str:
    """What vLLM's compiled graphs and startup plan of a start depend on that the app sets:
    the model, the context size, the flags and the environment (the forced AOT load aside,
    which the marks themselves decide)."""
    env = sorted((k, v) for k, v in spec.env.items() if k != FORCE_AOT_VAR)
    text = json.dumps([spec.model_path, spec.ctx_size, list(spec.args), env])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# vllm/compilation/decorators.py: an AOT-compiled graph loaded from the cache, or not.
_AOT_LOADED = re.compile(r"Directly load AOT compilation from path")
_AOT_NOT_LOADED = re.compile(r"Compiling model again due to a load failure from")


def aot_seen(line: str) -> bool | None:
    """What a start's log line says about loading AOT-compiled graphs: loaded (True), could
    not (False), nothing (None)."""
    if _AOT_LOADED.search(line):
        return True
    if _AOT_NOT_LOADED.search(line):
        return False
    return None


class StartMarks:
    """`<root>/vllm-tray-starts.json`: per model, the launch key of its last planned start and
    whether a pre-warm compiled that very launch; and whether this build was last seen to
    load its own AOT-compiled graphs (vLLM 0.32's CPU build never does: it fails with
    "'function' object has no attribute 'finalize_loading'" and compiles again, so forcing
    the load there would fail every start). Small; a file that cannot be read is started
    afresh (the worst case is a profiled, unforced start)."""

    def __init__(self, root: Path) -> None:
        self.path = root / MARKS
        self._marks, self.aot_loads = self._read()

    def settle(self, model_id: str, key: str) -> None:
        """A start of `model_id` with `key` is planned: when its launch changed, the build's
        startup plans go (vLLM would reuse one measured for another memory utilization) and
        so does its pre-warm mark."""

        def change() -> bool:
            mark = self._marks.get(model_id)
            if mark is not None and mark.get("launch") == key:
                return False
            # Unknown or changed: no plan of this build can be told to be this launch's.
            shutil.rmtree(self.path.parent / PLANS, ignore_errors=True)
            self._marks[model_id] = {"launch": key, "prewarmed": False}
            return True

        self._update(change)

    def forced(self, model_id: str, key: str) -> bool:
        """Whether a start of this launch forces the AOT load: a pre-warm compiled it, and
        this build was last seen loading its AOT-compiled graphs."""
        mark = self._marks.get(model_id, {})
        prewarmed = mark.get("launch") == key and mark.get("prewarmed") is True
        return prewarmed and self.aot_loads is True

    def mark_prewarmed(self, model_id: str, key: str, done: bool) -> None:
        """A pre-warm of this launch begins (`done` False) or compiled it (True)."""

        def change() -> bool:
            self._marks[model_id] = {"launch": key, "prewarmed": done}
            return True

        self._update(change)

    def note_aot(self, loads: bool) -> None:
        """An unforced start loaded its AOT-compiled graphs (True) or compiled again (False)."""

        def change() -> bool:
            changed = loads is not self.aot_loads
            self.aot_loads = loads
            return changed

        self._update(change)

    def _update(self, change: Callable[[], bool]) -> None:
        """Read, `change` (True: something changed), write, as one step: a load's report and
        a pre-warm write the file from two worker threads, and each writes all it read, so
        one's change was lost now and then (a prewarmed mark, an AOT verdict). Another
        process (a CLI benchmark beside the app) is not serialized: what it could lose is a
        mark, and the worst case is then a profiled, unforced start."""
        with _MARKS_LOCK:
            self._marks, self.aot_loads = self._read()
            if change():
                self._write()

    def _read(self) -> tuple[dict[str, dict[str, object]], bool | None]:
        try:
            raw = parse_json(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}, None
        if not isinstance(raw, dict):
            return {}, None
        models = raw.get("models")
        aot = raw.get("aot_loads")
        marks = (
            {str(k): v for k, v in list(models.items())[:MAX_MARKS] if isinstance(v, dict)}
            if isinstance(models, dict)
            else {}
        )
        return marks, aot if isinstance(aot, bool) else None

    def _write(self) -> None:
        if not self.path.parent.is_dir():
            return  # no start compiled here yet: nothing to mark
        data = {"aot_loads": self.aot_loads, "models": dict(list(self._marks.items())[-MAX_MARKS:])}
        with contextlib.suppress(OSError):  # a cache: the next start is profiled, unforced
            atomic_write_json(self.path, data)


def with_kept_work(spec: LaunchSpec) -> LaunchSpec:
    """`spec` (final but for this) with the AOT load forced when a pre-warm compiled this
    launch; settles the build's marks (blocking, a small file). A spec whose compile caches
    the app does not place is returned unchanged."""
    root = root_of(spec.env)
    if root is None:
        return spec
    key = launch_key(spec)
    marks = StartMarks(root)
    marks.settle(spec.model_id, key)
    if not marks.forced(spec.model_id, key):
        return spec
    return dataclasses.replace(spec, env={**spec.env, FORCE_AOT_VAR: "1"})


def with_build_caches(
    spec: LaunchSpec, cache_dir: Path, kind: EngineKind, version: str | None, prefix: Sequence[str]
) -> LaunchSpec:
    """`spec` with its engine build's compile caches (build_env), then with_kept_work."""
    env = {**spec.env, **build_env(cache_dir, kind, version, prefix)}
    return with_kept_work(dataclasses.replace(spec, env=env))
