"""A virtual environment with a stand-in `vllm` package of a chosen version: a user's own vLLM
as the app sees it (`<venv>/bin/python -m vllm.entrypoints.openai.api_server`), made in about a
second (no pip). Only its version is real: the app reads it from the distribution's metadata."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

API_SERVER = "vllm.entrypoints.openai.api_server"


def make_vllm_venv(folder: Path, version: str) -> Path:
    """Create the venv in `folder` with vllm `version` installed; its python's path."""
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120
    )
    python = folder / "bin" / "python"
    set_vllm_version(python, version)
    return python


def site_packages(python: Path) -> Path:
    (found,) = (python.parent.parent / "lib").glob("python3*/site-packages")
    return found


def set_vllm_version(python: Path, version: str) -> None:
    """Install (or replace, as an upgrade does) the stand-in vllm distribution."""
    site = site_packages(python)
    for old in site.glob("vllm-*.dist-info"):
        for item in old.iterdir():
            item.unlink()
        old.rmdir()
    package = site / "vllm"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text(f"__version__ = {version!r}\n")
    info = site / f"vllm-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: vllm\nVersion: {version}\n")
    (info / "top_level.txt").write_text("vllm\n")
    (info / "RECORD").write_text("vllm/__init__.py,,\n")
