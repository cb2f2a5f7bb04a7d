"""The screen the offscreen platform pretends to have (its default is 800×800).

1600×1000 is the desktop of issue 20's report, where windows opened with their bottom edge off
the screen: the GUI tests and scripts/screenshots.py place windows on it (app.gui.window_state
keeps them inside it). Imports no Qt: it is used before QApplication exists.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

WIDTH, HEIGHT = 1600, 1000


def offscreen_platform(width: int = WIDTH, height: int = HEIGHT) -> str:
    """A QT_QPA_PLATFORM value: the offscreen platform with one screen of this size."""
    config = {
        "screens": [
            {
                "name": f"offscreen-{width}x{height}",
                "x": 0,
                "y": 0,
                "width": width,
                "height": height,
                "logicalDpi": 96,
                "logicalBaseDpi": 96,
                "dpr": 1,
            }
        ]
    }
    folder = Path(tempfile.mkdtemp(prefix="vllm-tray-screen-"))
    path = folder / "screen.json"
    path.write_text(json.dumps(config))
    return f"offscreen:configfile={path}"
