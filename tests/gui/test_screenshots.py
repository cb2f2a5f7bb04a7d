"""The screenshot script runs headless and writes every picture a reviewer looks at."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from scripts.translations import shipped_languages

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {
    "main-window": (1200, 700),
    "main-window-failed": (1200, 700),
    "main-window-dark": (1200, 700),
    "main-window-pseudo-locale": (1200, 700),
    "main-window-loading": (1200, 700),
    "main-window-no-gpu-installing": (1200, 700),
    "main-window-download-failed": (1200, 700),
    "main-window-given-up": (1200, 700),
    "main-window-crash-loop": (1200, 700),
    "model-settings": (500, 300),
    "model-settings-rejected": (500, 300),
    "model-settings-does-not-fit": (500, 300),
    "model-settings-invalid-ctx": (500, 300),
    "model-settings-model-limit": (500, 250),
    "model-settings-pseudo-locale": (500, 300),
    "model-settings-gpus": (500, 300),
    "model-settings-gpus-refused": (500, 300),
    "settings-models": (600, 400),
    "settings-models-invalid": (600, 400),
    "settings-custom-engine-refused": (600, 400),
    "settings-models-pseudo-locale": (600, 400),
    "settings-endpoint": (600, 400),
    "settings-limits-invalid": (600, 400),
    "settings-hugging-face": (600, 400),
    "add-model": (400, 200),
    "add-model-pseudo-locale": (400, 200),
    "logs-view": (600, 400),
    "logs-view-with-health-checks": (600, 400),
    "tray-menu": (200, 150),
    "tray-menu-loading": (200, 150),
    "tray-menu-failed": (200, 150),
    "tray-icons": (300, 64),
    "bench-window": (700, 600),
    "bench-window-live": (700, 600),
    "lemonade-import": (500, 300),
    "lemonade-import-pseudo-locale": (500, 300),
}
# The main screens again in every shipped language (translations/LANGUAGES), e.g. -de.
for _language in shipped_languages():
    EXPECTED |= {
        f"main-window-{_language}": (1200, 700),
        f"main-window-given-up-{_language}": (1200, 700),
        f"model-settings-{_language}": (500, 300),
        f"settings-models-{_language}": (600, 400),
        f"settings-limits-{_language}": (600, 400),
        f"add-model-{_language}": (400, 200),
        f"lemonade-import-{_language}": (500, 300),
        f"tray-menu-{_language}": (200, 150),
    }


def test_screenshots_are_written(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "screenshots.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=240,
        check=False,
    )
    # Exit status 1 means Qt printed unexpected warnings while drawing, or a text does not
    # fit its widget in a pseudo-locale or shipped-language screenshot.
    assert result.returncode == 0, result.stderr[-3000:]
    for name, (min_w, min_h) in EXPECTED.items():
        image = QImage(str(tmp_path / f"{name}.png"))
        assert not image.isNull(), name
        assert image.width() >= min_w and image.height() >= min_h, (name, image.size())
