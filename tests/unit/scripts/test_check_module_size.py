"""The module-size gate (scripts/check_module_size.py) flags what it should, and app/ passes."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "check_module_size.py"


def load_checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_module_size", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_lines(path: Path, count: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x = 1\n" * count)


def test_a_module_over_the_limit_is_named(tmp_path: Path) -> None:
    checker = load_checker()
    write_lines(tmp_path / "app" / "small.py", 10)
    write_lines(tmp_path / "app" / "pkg" / "big.py", 11)
    assert checker.problems(tmp_path, {}, 10) == [
        "app/pkg/big.py: 11 lines (limit 10); split it by job"
    ]


def test_an_allowed_module_has_its_own_ceiling(tmp_path: Path) -> None:
    checker = load_checker()
    write_lines(tmp_path / "app" / "big.py", 12)
    assert checker.problems(tmp_path, {"app/big.py": (12, "why")}, 10) == []
    write_lines(tmp_path / "app" / "big.py", 13)
    assert checker.problems(tmp_path, {"app/big.py": (12, "why")}, 10) == [
        "app/big.py: 13 lines (limit 12); split it by job"
    ]


def test_an_entry_no_longer_needed_is_named(tmp_path: Path) -> None:
    checker = load_checker()
    write_lines(tmp_path / "app" / "split.py", 9)
    allowed = {"app/split.py": (12, "why"), "app/gone.py": (12, "why")}
    assert checker.problems(tmp_path, allowed, 10) == [
        "app/split.py: within 10 lines now; remove its ALLOWED entry",
        "app/gone.py: no such module; remove its ALLOWED entry",
    ]
