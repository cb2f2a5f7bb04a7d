"""Start at login: an XDG autostart entry (~/.config/autostart/vllm-tray.desktop)."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

DESKTOP_FILE = "vllm-tray.desktop"


def autostart_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "autostart"


def launch_command() -> str:
    """How to start this installation: its own interpreter, so a venv install works too."""
    return shlex.join([sys.executable, "-m", "app"])


def desktop_entry(command: str) -> str:
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=vLLM Tray\n"
        "Comment=Run vLLM models on your own GPU\n"
        f"Exec={command}\n"
        "Icon=vllm-tray\n"
        "Terminal=false\n"
        "Categories=Utility;Development;\n"
        "X-GNOME-Autostart-enabled=true\n"
    )


def set_start_at_login(enabled: bool, directory: Path | None = None) -> Path:
    """Create or remove the autostart entry; returns its path."""
    path = (directory or autostart_dir()) / DESKTOP_FILE
    if enabled:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(desktop_entry(launch_command()), encoding="utf-8")
        tmp.replace(path)
    else:
        path.unlink(missing_ok=True)
    return path
