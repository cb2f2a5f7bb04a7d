"""Fail when a unit test cannot be found from the module it tests.

Usage: python scripts/check_test_layout.py   (run by `make lint`)

The rule (docs/DEVELOPING.md): the unit tests of `app/PKG/…/MODULE.py` are in
`tests/unit/PKG/…/test_MODULE.py`, or, when one module has several, in
`test_MODULE_TOPIC.py` beside it (a package's modules are tested in the package's folder:
`app/runtime/control/planning/rules.py` in `tests/unit/runtime/planning/test_rules.py`). The
scripts under `scripts/` are tested the same way from `tests/unit/scripts/`, and the tests'
own machinery (`tests/stall.py`) from `tests/unit/tests/`. So from a
module, `ls tests/unit/PKG/test_MODULE*` lists its unit tests; a test file whose name does
not lead back to a module — a new one in the old flat place, or one left behind by a
rename — is named here with the place it belongs.

A second rule: a test module (tests/**/test_*.py) does not reach a runtime's private
`._parts`. A test drives the runtime through `Services`, or through the documented door of
tests/harness.py (`internals`, `process`) for a test of an internal part; a fixture
(`@pytest.fixture`) may build a runtime's internals, a test body may not.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNIT = Path("tests") / "unit"
# First folder under tests/unit -> where those modules live (any other: app/<folder>).
OTHER_ROOTS = {"scripts": Path("scripts"), "tests": Path("tests")}
# Test modules still reaching `._parts`, each with its reason: the list only shrinks.
PARTS_ALLOWED: set[str] = set()


def modules_in(folder: Path) -> set[str]:
    """The names a test file there may start with: its modules (not its subpackages, whose
    modules have their own folder: test_proxy_x.py beside app/proxy/ would hide a proxy
    test from app/proxy/x.py)."""
    if not folder.is_dir():
        return set()
    return {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"}


def tested_module(root: Path, test: Path) -> Path | None:
    """The module `test` (relative to tests/unit) is for, or None."""
    parts = test.parent.parts
    if parts and parts[0] in OTHER_ROOTS:
        folder = root / OTHER_ROOTS[parts[0]] / Path(*parts[1:])
    else:
        folder = root / "app" / Path(*parts)
    stem = test.stem.removeprefix("test_")
    # The longest module name that the test's name is, or starts with followed by "_".
    for name in sorted(modules_in(folder), key=len, reverse=True):
        if stem == name or stem.startswith(name + "_"):
            return folder / f"{name}.py"
    return None


def problems(root: Path = ROOT) -> list[str]:
    """One line per unit test file that does not lead back to a module."""
    found = []
    for path in sorted((root / UNIT).rglob("test_*.py")):
        test = path.relative_to(root / UNIT)
        if tested_module(root, test) is None:
            rel = (UNIT / test).as_posix()
            found.append(
                f"{rel}: names no module; the unit tests of app/PKG/MODULE.py are"
                " tests/unit/PKG/test_MODULE.py or tests/unit/PKG/test_MODULE_TOPIC.py"
            )
    return found


def _is_fixture(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any("fixture" in ast.unparse(d) for d in node.decorator_list)


def parts_reaches(source: str) -> list[int]:
    """The lines of `source` (a test module) that reach `._parts` outside a fixture."""
    tree = ast.parse(source)
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_fixture(node):
            allowed.update(id(n) for n in ast.walk(node))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "_parts" and id(node) not in allowed
    )


def parts_problems(root: Path = ROOT) -> list[str]:
    """One line per place a test module reaches a runtime's `._parts`."""
    found = []
    for path in sorted((root / "tests").rglob("test_*.py")):
        rel = path.relative_to(root).as_posix()
        if rel in PARTS_ALLOWED:
            continue
        for line in parts_reaches(path.read_text(encoding="utf-8")):
            found.append(
                f"{rel}:{line}: reaches `._parts`; use the runtime's `services`, or"
                " tests/harness.py's `internals()` for a test of an internal part"
            )
    return found


def main() -> int:
    found = problems() + parts_problems()
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
