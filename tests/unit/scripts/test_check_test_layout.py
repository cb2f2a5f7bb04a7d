"""The unit-test layout check (scripts/check_test_layout.py): a test leads back to its module."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "check_test_layout.py"


def load_checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_test_layout", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def touch(root: Path, *paths: str) -> None:
    for rel in paths:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("")


def test_a_test_beside_its_modules_place_is_found(tmp_path: Path) -> None:
    checker = load_checker()
    touch(
        tmp_path,
        "app/core/memory.py",
        "app/core/memory_plan.py",
        "app/runtime/planning/__init__.py",
        "app/runtime/planning/rules.py",
        "app/launcher.py",
        "scripts/check_module_size.py",
    )
    unit = Path("tests/unit")
    assert checker.tested_module(tmp_path, Path("core/test_memory.py")) == (
        tmp_path / "app/core/memory.py"
    )
    # The longest module name wins: memory_plan's topic tests are not memory's.
    assert checker.tested_module(tmp_path, Path("core/test_memory_plan_fit.py")) == (
        tmp_path / "app/core/memory_plan.py"
    )
    assert checker.tested_module(tmp_path, Path("core/test_memory_budget.py")) == (
        tmp_path / "app/core/memory.py"
    )
    assert checker.tested_module(tmp_path, Path("runtime/planning/test_rules.py")) == (
        tmp_path / "app/runtime/planning/rules.py"
    )
    # A package is not a module: its modules' tests are in its folder.
    assert checker.tested_module(tmp_path, Path("runtime/test_planning_rules.py")) is None
    assert checker.tested_module(tmp_path, Path("test_launcher.py")) == (
        tmp_path / "app/launcher.py"
    )
    assert checker.tested_module(tmp_path, Path("scripts/test_check_module_size.py")) == (
        tmp_path / "scripts/check_module_size.py"
    )
    touch(tmp_path, *(str(unit / p) for p in ("core/test_memory.py", "test_launcher.py")))
    assert checker.problems(tmp_path) == []


def test_a_test_that_names_no_module_is_reported_with_the_rule(tmp_path: Path) -> None:
    checker = load_checker()
    touch(
        tmp_path,
        "app/core/memory.py",
        "app/proxy/server.py",
        "tests/unit/test_proxy_server.py",  # the old flat place (proxy is a package)
        "tests/unit/core/test_memorize.py",  # not memory's: no "_" after the name
        "tests/unit/proxy/test_gone.py",  # its module was renamed away
        "tests/unit/proxy/helpers.py",  # not a test: any name
    )
    assert [line.split(":")[0] for line in checker.problems(tmp_path)] == [
        "tests/unit/core/test_memorize.py",
        "tests/unit/proxy/test_gone.py",
        "tests/unit/test_proxy_server.py",
    ]
    assert "tests/unit/PKG/test_MODULE.py" in checker.problems(tmp_path)[0]


def test_this_repositorys_unit_tests_follow_the_rule() -> None:
    assert load_checker().problems() == []


def test_a_test_body_reaching_parts_is_reported_and_a_fixture_is_not(tmp_path: Path) -> None:
    checker = load_checker()
    source = (
        "import pytest\n"
        "@pytest.fixture\n"
        "def rt():\n"
        "    return make()._parts.settings\n"  # line 4: a fixture may build internals
        "async def test_x(rt):\n"
        "    await rt._parts.controller.load('a')\n"  # line 6: a test body may not
        "def helper(rt):\n"
        "    return rt._parts\n"  # line 8: nor a helper of the test module
    )
    assert checker.parts_reaches(source) == [6, 8]
    touch(tmp_path, "tests/integration/test_y.py", "tests/harness.py")
    (tmp_path / "tests/integration/test_y.py").write_text(source)
    (tmp_path / "tests/harness.py").write_text("def internals(rt):\n    return rt._parts\n")
    assert [line.split(":")[:2] for line in checker.parts_problems(tmp_path)] == [
        ["tests/integration/test_y.py", "6"],
        ["tests/integration/test_y.py", "8"],
    ]


def test_no_test_body_in_this_repository_reaches_parts() -> None:
    assert load_checker().parts_problems() == []
