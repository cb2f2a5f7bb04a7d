"""scripts/problems_codemod.py on a small tree: it moves inline problems into the catalogue,
reports a code built with two sentences without touching it, applies a recorded decision,
turns a test's made-up problem into plain data, and changes nothing on a second run."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "problems_codemod.py"

SITES = '''"""Sites."""

from app.core.problems.problems import Fix, FixKind, problem, tr_noop


def one(m):
    return problem(
        "area.unknown",
        tr_noop("There is no {model}."),
        model=m,
        setting="x.y",
    )


def again(m):
    return problem("area.unknown", tr_noop("There is no {model}."), model=m, setting="x.y")


def fixed(v):
    return problem(
        "area.too_big",
        tr_noop("{v} is too big."),
        fix=Fix(FixKind.SET_SETTING, "k", 1, tr_noop("Set it")),
        v=v,
    )


def torn(a):
    return problem("area.torn", tr_noop("First {a}."), a=a)


def torn_too(a):
    return problem("area.torn", tr_noop("Second {a}."), a=a)


def split(a):
    return problem("area.mixed", tr_noop("Meaning one {a}."), a=a)


def split_too(a):
    return problem("area.mixed", tr_noop("Meaning two {a}."), a=a)


def short(a):
    return problem("area.worded", tr_noop("Short {a}."), a=a)


def long(a, b):
    return problem("area.worded", tr_noop("Long {a} and {b}."), a=a, b=b)
'''

TEST_SITES = '''"""A test."""

from app.core.problems.problems import problem, tr_noop

MADE_UP = problem("test.x", tr_noop("Made up {n}."), n=1)
'''


@pytest.fixture
def codemod(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("problems_codemod", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "problems_codemod", module)
    spec.loader.exec_module(module)
    (tmp_path / "app" / "core" / "problem_catalogue").mkdir(parents=True)
    (tmp_path / "app" / "sites.py").write_text(SITES)
    (tmp_path / "app" / "statuses.py").write_text('X_HTTP_STATUS = {"area.unknown": 404}\n')
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_it.py").write_text(TEST_SITES)
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path / "app" / "core" / "problem_catalogue")
    monkeypatch.setattr(module, "TESTS", tmp_path / "tests")
    monkeypatch.setattr(module, "SKIP", set())
    monkeypatch.setattr(
        module,
        "RESOLUTIONS",
        {
            ("area.mixed", "Meaning two"): module.Split("area.mixed_two"),
            ("area.worded", ""): module.Worded(),
        },
    )
    return module


def test_a_run_moves_sentences_to_the_catalogue_and_reports_conflicts(
    codemod: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert codemod.main(["app", "tests"]) == 1  # the conflict is left for a human
    out = capsys.readouterr().out
    assert "CONFLICT area.torn" in out
    assert "new code area.unknown: status 404, fix None, data ['setting']" in out

    catalogue = codemod.read_catalogue()
    assert set(catalogue) == {
        "area.unknown",
        "area.too_big",
        "area.mixed",
        "area.mixed_two",
        "area.worded",
    }
    assert catalogue["area.worded"].worded
    assert catalogue["area.worded"].template == "Long {a} and {b}."  # the first in order
    assert catalogue["area.unknown"].template == "There is no {model}."
    assert catalogue["area.too_big"].fix == "FixKind.SET_SETTING"
    assert catalogue["area.too_big"].status == 503
    assert catalogue["area.mixed_two"].template == "Meaning two {a}."

    sites = (tmp_path / "app" / "sites.py").read_text()
    assert 'problem("area.unknown", model=m, setting="x.y")' in sites
    assert 'problem("area.mixed_two", a=a)' in sites
    assert 'tr_noop("First {a}.")' in sites
    assert 'worded_problem("area.worded", tr_noop("Long {a} and {b}."), a=a, b=b)' in sites
    assert (
        "import Fix, FixKind, problem, tr_noop, worded_problem" in sites
    )  # a conflict's sites are not touched
    tree = ast.parse(sites)  # still Python
    assert tree.body
    codes = (tmp_path / "app" / "core" / "problem_catalogue" / "codes.py").read_text()
    assert '"area.mixed_two"' in codes
    test = (tmp_path / "tests" / "test_it.py").read_text()
    assert 'Problem("test.x", "Made up {n}.", {"n": 1})' in test

    before = {p: p.read_text() for p in tmp_path.rglob("*.py")}
    assert codemod.main(["app", "tests"]) == 1
    assert "0 site(s) rewritten" in capsys.readouterr().out
    assert {p: p.read_text() for p in tmp_path.rglob("*.py")} == before
    assert codemod.main(["--check", "app", "tests"]) == 1  # the conflict is still there

    # A test written later that builds the app's problem as declared takes the catalogue form.
    later = tmp_path / "tests" / "test_later.py"
    later.write_text(
        "from app.core.problems.problems import problem, tr_noop\n\n"
        'P = problem("area.unknown", tr_noop("There is no {model}."), model="m", setting="s")\n'
    )
    codemod.main(["tests"])
    assert 'P = problem("area.unknown", model="m", setting="s")' in later.read_text()
