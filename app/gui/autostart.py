"""Start at login: an XDG autostart entry (~/.config/autostart/vllm-tray.desktop)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

DESKTOP_FILE = "vllm-tray.desktop"
COMMAND = "vllm-tray"
# Characters an Exec argument may carry unquoted (Desktop Entry spec, "The Exec key").
_PLAIN = re.compile(r"[A-Za-z0-9_./+,:@=-]+")


def config_home() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME", "")
    return Path(base) if base.startswith("/") else Path.home() / ".config"


def autostart_dir() -> Path:
    return config_home() / "autostart"


def launch_argv() -> list[str]:
    """How to start this installation: the console script beside its interpreter (pipx,
    uv tool and venv installs have one), else the interpreter running the package."""
    script = Path(sys.executable).parent / COMMAND
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [sys.executable, "-m", "app"]


def exec_arg(arg: str) -> str:
    """One argument of a desktop entry's Exec value: quoted as the spec says (inside double
    quotes " ` $ and \\ take a backslash), a literal % doubled, then the file format's own
    string escape, which doubles every backslash."""
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in arg):
        raise ValueError(f"a desktop entry cannot run a path with control characters: {arg!r}")
    quoted = arg if _PLAIN.fullmatch(arg) else '"' + re.sub(r'(["`$\\])', r"\\\1", arg) + '"'
    return quoted.replace("%", "%%").replace("\\", "\\\\")


def exec_value(argv: Sequence[str]) -> str:
    return " ".join(exec_arg(arg) for arg in argv)


def desktop_entry(command: str) -> str:
    """The autostart entry; `command` is an Exec value (see exec_value)."""
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=vLLM Tray\n"
        "Comment=Run vLLM models on your own GPU\n"
        f"Exec={command}\n"
        "Icon=vllm-tray\n"
        "Terminal=false\n"
        "Categories=Development;\n"
        "X-GNOME-Autostart-enabled=true\n"
    )


def set_start_at_login(enabled: bool, directory: Path | None = None) -> Path:
    """Create or remove the autostart entry; returns its path."""
    path = (directory or autostart_dir()) / DESKTOP_FILE
    if enabled:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(desktop_entry(exec_value(launch_argv())), encoding="utf-8")
        tmp.replace(path)
    else:
        path.unlink(missing_ok=True)
    return path
