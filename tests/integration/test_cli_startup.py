"""A quick command starts quickly: `vllm-tray config get` and `options` import only what they
use (app.cli.routing, app.runtime.composition.parts build on first use), not the HTTP clients, the
Hugging Face library or the engine code that `serve`, `pull` and `bench` need. Measured on
this 2-core machine: `config get` took 1.1 s of CPU before, 0.2 s after."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# huggingface_hub itself is imported (its logger is set up for every command; 2 ms), its
# client is not.
HEAVY = ("aiohttp", "huggingface_hub.hf_api", "httpx", "httpx2", "PySide6", "app.supervisor")


def imported_by(tmp_path: Path, *argv: str) -> set[str]:
    """The top-level modules (and app packages) `vllm-tray ARGV` imported, from -X importtime."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "app", *argv],
        env={**os.environ, "VLLM_TRAY_HOME": str(tmp_path / "home")},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    names = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            names.add(name)
            names.add(name.split(".")[0])
    return names


@pytest.mark.parametrize(
    "argv",
    [
        ("config", "get", "models.ctx_size"),
        ("config", "set", "proxy.max_n=8"),
        ("options", "--help"),
    ],
)
def test_a_quick_command_loads_no_http_client_hub_or_engine_code(
    tmp_path: Path, argv: tuple[str, ...]
) -> None:
    loaded = imported_by(tmp_path, *argv)
    assert "app.cli.context" in loaded  # the command ran, through the services
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


def test_help_still_lists_every_command(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app", "--help"],
        env={**os.environ, "VLLM_TRAY_HOME": str(tmp_path / "home")},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    from app.cli.routing import COMMAND_MODULES

    for command in COMMAND_MODULES:
        assert command in done.stdout, command
