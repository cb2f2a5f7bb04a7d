"""What every subcommand needs: the resolved paths and the runtime, built on first use."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app.core.paths import AppPaths, resolve_paths
from app.runtime.runtime import Runtime, RuntimeOptions


def paths_from(args: argparse.Namespace) -> AppPaths:
    return resolve_paths(getattr(args, "config_dir", None))


def runtime_from(args: argparse.Namespace, options: RuntimeOptions | None = None) -> Runtime:
    runtime = Runtime(paths_from(args), options)
    for found in runtime.problems:
        # A config file that cannot be read is worth one line, not a failure of this command.
        print(f"vllm-tray: warning: {found.english()}", file=sys.stderr)
    return runtime


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, default=str)
    sys.stdout.write("\n")


def human_bytes(n: float | None) -> str:
    if n is None:
        return "?"
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if abs(n) < 1000 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} TB"
