"""Build hook: the committed translation sources (translations/*.ts) are compiled into the
catalogues the app loads (app/gui/translations/*.qm) whenever the package is built, so every
wheel ships them. Everything else about the package is in pyproject.toml.

PySide6-Essentials (a build requirement, see pyproject.toml) brings the compiler, lrelease.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SOURCES = ROOT / "translations"
PREFIX = "vllm_tray_"  # vllm_tray.ts is the untranslated template: nothing to compile
PSEUDO_LOCALE = "en_XA"  # always built: it shows clipped layouts in an installed app too


def shipped_languages() -> list[str]:
    """translations/LANGUAGES: one language code a line, # starts a comment."""
    text = (SOURCES / "LANGUAGES").read_text(encoding="utf-8")
    return [line.split("#")[0].strip() for line in text.splitlines() if line.split("#")[0].strip()]


def lrelease() -> str:
    for name in ("pyside6-lrelease", "lrelease"):
        found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
        if found:
            return found
    raise SystemExit("pyside6-lrelease not found: the build needs PySide6-Essentials")


class BuildPyWithTranslations(build_py):
    """build_py, then lrelease each shipped translations/vllm_tray_<lang>.ts into the package."""

    def run(self) -> None:
        super().run()
        # An editable install reads the package from the source tree: compile into it there.
        package_root = ROOT if getattr(self, "editable_mode", False) else Path(self.build_lib)
        out = package_root / "app" / "gui" / "translations"
        out.mkdir(parents=True, exist_ok=True)
        # English: its plural forms (app.gui.i18n.ENGLISH_PLURALS).
        for language in [*shipped_languages(), PSEUDO_LOCALE, "en"]:
            ts = SOURCES / f"{PREFIX}{language}.ts"
            qm = out / (ts.stem + ".qm")
            subprocess.run([lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)


setup(cmdclass={"build_py": BuildPyWithTranslations})
