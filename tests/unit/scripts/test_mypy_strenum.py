"""The mypy plugin that makes a StrEnum value compared with a str literal an error, and its
place in the project's mypy configuration (so `make lint` holds the tree to it)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[3]
PLUGIN = ROOT / "scripts" / "mypy_strenum.py"

SAMPLE = """
from enum import StrEnum


class Status(StrEnum):
    RUNNING = "running"
    FAILED = "failed"


ACTIVE = frozenset({"queued", "running"})
MEMBERS = frozenset({Status.RUNNING})


def check(status: Status, text: str, label: str) -> list[bool]:
    return [
        status == "queued",  # BAD
        "failed" != status,  # BAD
        status in ACTIVE,  # BAD
        status in ("queued", "running"),  # BAD
        status in {"queued"},  # BAD
        status == Status.FAILED,
        status in MEMBERS,
        status in (Status.RUNNING, Status.FAILED),
        status == text,
        text == "queued",
        text in ACTIVE,
        label in ("a", "b"),
    ]


def loops(status: Status) -> int:
    return sum(1 for word in ("a", "b") if word) + len([s for s in ACTIVE if s])
"""


def test_every_str_literal_comparison_of_a_strenum_value_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "mypy.ini").write_text(f"[mypy]\nplugins = {PLUGIN}\n", encoding="utf-8")
    (tmp_path / "sample.py").write_text(SAMPLE, encoding="utf-8")
    out, err, status = api.run(
        [
            "--config-file",
            str(tmp_path / "mypy.ini"),
            "--no-incremental",
            "--strict",
            "--no-error-summary",
            str(tmp_path / "sample.py"),
        ]
    )
    assert err == ""
    flagged = {int(line.split(":")[1]) for line in out.splitlines() if "[strenum-str]" in line}
    bad = {n for n, line in enumerate(SAMPLE.splitlines(), 1) if line.endswith("# BAD")}
    assert flagged == bad, out
    assert status == 1
    assert all("[strenum-str]" in line for line in out.splitlines()), out


def test_the_projects_mypy_run_uses_the_plugin() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    plugins = config["tool"]["mypy"]["plugins"]
    assert [(ROOT / p).resolve() for p in plugins] == [PLUGIN]
