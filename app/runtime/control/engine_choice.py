"""Choosing the engine (ROCm bundle, CPU build or the user's own vLLM) from settings and GPU."""

from __future__ import annotations

import shlex
from pathlib import Path

from app.core.memory.gpu import GpuInfo, SystemInfo, rocm_support_problem
from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError, problem
from app.core.settings.settings import Settings
from app.core.states import EngineKind
from app.supervisor.engines.base import Engine
from app.supervisor.engines.cpu import CpuEngine
from app.supervisor.engines.custom import CustomEngine, invalid_command_problem
from app.supervisor.engines.feed import FeedSource
from app.supervisor.engines.rocm import RocmEngine, release_urls


def engine_root(paths: AppPaths, kind: EngineKind) -> Path:
    return paths.engines_dir / kind.value


def make_engine(
    kind: EngineKind, paths: AppPaths, settings: Settings, gpu: GpuInfo | None
) -> Engine:
    if kind is EngineKind.CPU:
        return CpuEngine(engine_root(paths, kind), state_dir=paths.state_dir)
    if kind is EngineKind.ROCM:
        base_url, api_url = release_urls()
        return RocmEngine(
            engine_root(paths, kind),
            gpu.gfx_target if gpu is not None else None,
            gpu.kernel_prereq_ok if gpu is not None else None,
            base_url,
            # The qualification feed last seen (no network here); `engine list` refreshes it.
            feed=FeedSource(paths.cache_dir).known().feed,
            stable_only=bool(settings.get("engine.rocm_stable_only")),
            api_url=api_url,
        )
    text = str(settings.get("engine.custom_command"))
    try:
        prefix = shlex.split(text)
    except ValueError as exc:
        raise ProblemError(invalid_command_problem("unparsable", [text], detail=str(exc))) from None
    if not prefix:
        raise ProblemError(problem("engine.custom_missing"))
    return CustomEngine(prefix, state_dir=paths.state_dir)


def choose_kind(settings: Settings, system: SystemInfo) -> EngineKind:
    """`auto` means the ROCm bundle on a supported AMD GPU, else the CPU build.

    An installed ROCm bundle is only chosen when the GPU supports it; a custom command the
    user configured is never chosen implicitly.
    """
    selected = str(settings.get("engine.kind"))
    if selected != "auto":
        return EngineKind(selected)
    gpu = system.primary
    if gpu is not None and gpu.vendor == "amd" and rocm_support_problem(gpu) is None:
        return EngineKind.ROCM
    return EngineKind.CPU
