"""The app's SVG icons (app icon, tray states), loaded from the package's resources folder."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path

from PySide6.QtGui import QIcon


class TrayStatus(StrEnum):
    """The one aggregate state the tray shows; the order of PRECEDENCE decides ties."""

    IDLE = "idle"
    LOADING = "loading"
    RUNNING = "running"
    ERROR = "error"


# Highest first: a failure must never hide behind a running model, and a load in progress
# is news while a steady running model is not.
PRECEDENCE: tuple[TrayStatus, ...] = (
    TrayStatus.ERROR,
    TrayStatus.LOADING,
    TrayStatus.RUNNING,
    TrayStatus.IDLE,
)


def resources_dir() -> Path:
    """The single home of the icons (shipped as package data, see pyproject.toml)."""
    return Path(str(resources.files("app.gui").joinpath("resources")))


def icon_path(name: str) -> Path:
    return resources_dir() / f"{name}.svg"


@cache
def _icon(name: str) -> QIcon:
    path = icon_path(name)
    if not path.is_file():
        raise FileNotFoundError(path)
    return QIcon(str(path))


def app_icon() -> QIcon:
    return _icon("app")


def tray_icon(status: TrayStatus) -> QIcon:
    return _icon(f"tray-{status.value}")
