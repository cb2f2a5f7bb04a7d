"""Engines: the vLLM builds the supervisor can launch (ROCm bundle, CPU build, custom command)."""

from app.core.engines.engine_values import EngineStatus, InstallProgress
from app.core.states import EngineKind
from app.supervisor.engines.base import (
    VERSION_FILE_NAME,
    Engine,
    EngineCommand,
    ProgressCallback,
    VersionInfo,
    engine_missing,
    read_version_file,
    write_version_file,
)

__all__ = [
    "VERSION_FILE_NAME",
    "Engine",
    "EngineCommand",
    "EngineKind",
    "EngineStatus",
    "InstallProgress",
    "ProgressCallback",
    "VersionInfo",
    "engine_missing",
    "read_version_file",
    "write_version_file",
]
