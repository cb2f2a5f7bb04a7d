"""An engine Python whose `vllm.benchmarks.startup` (what `vllm-tray bench load --direct` runs)
writes fixed figures, or whatever JSON text a test gives, instead of starting an engine.

`engine_python(folder, figures)` makes `folder/bin/python`: a shell script running this
Python with a fake `vllm` package first on its path. Use it as the first word of a custom
engine command (`<it> tests/fakes/fake_vllm.py …`): the app finds the engine's Python there.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

STARTUP = '''"""A fake vllm.benchmarks.startup: no engine, the given figures."""
import json
from pathlib import Path

FIGURES = Path(__file__).with_name("figures.json").read_text()


def add_cli_args(parser):
    parser.add_argument("--output-json")


def main(args):
    Path(args.output_json).write_text(FIGURES)
'''
ARGPARSE = """import argparse


class FlexibleArgumentParser(argparse.ArgumentParser):
    def parse_args(self, args=None, namespace=None):
        return self.parse_known_args(args, namespace)[0]  # the engine's flags: not ours
"""
FIGURES = {
    "avg_cold_startup_time": 4.0,
    "avg_cold_compilation_time": 2.5,
    "avg_warm_startup_time": 2.0,
    "avg_warm_compilation_time": 0.5,
}


def engine_python(folder: Path, figures: str | None = None) -> Path:
    package = folder / "site" / "vllm"
    for sub in ("benchmarks", "utils"):
        (package / sub).mkdir(parents=True, exist_ok=True)
        (package / sub / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "utils" / "argparse_utils.py").write_text(ARGPARSE)
    (package / "benchmarks" / "startup.py").write_text(STARTUP)
    text = json.dumps(FIGURES) if figures is None else figures
    (package / "benchmarks" / "figures.json").write_text(text)
    python = folder / "bin" / "python"
    python.parent.mkdir(parents=True, exist_ok=True)
    site = folder / "site"  # before what the app puts there (its key guard's folder)
    path = f'"{site}${{PYTHONPATH:+:$PYTHONPATH}}"'
    python.write_text(f'#!/bin/sh\nPYTHONPATH={path} exec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    return python
