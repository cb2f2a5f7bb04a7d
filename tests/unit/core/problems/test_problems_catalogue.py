"""Every problem the app builds is declared once in the catalogue, and built as declared.

Read from the source (ast), so a site no test reaches is checked too: a code built outside
the catalogue, a site whose parameters do not match its sentence, an entry without an HTTP
status or a fix kind, an entry nothing builds, a worded site's own sentence naming a parameter
the site does not pass. A failure names the site and says what to do;
`python scripts/problems_codemod.py` moves inline problems into the catalogue.
"""

from __future__ import annotations

import ast
import typing
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path

import pytest

from app.core.problems import problem_catalogue
from app.core.problems.problem_catalogue import CATALOGUE, SPECS, ProblemCode
from app.core.problems.problem_spec import FixKind, placeholders
from app.core.problems.problems import Problem, ProblemError, http_status, problem, worded_problem

ROOT = Path(__file__).resolve().parents[4]
CATALOGUE_DIR = ROOT / "app" / "core" / "problems" / "problem_catalogue"
FACTORIES = {"problem", "worded_problem"}
# Where a Problem may be made without the catalogue: the factory itself, a problem restored
# from a stored batch record, and a form that names the field a problem is about.
DIRECT_PROBLEM_ALLOWED = {
    "app/core/problems/problems.py",
    "app/core/batch/batch_jobs.py",
    "app/gui/forms.py",
}


@dataclass(frozen=True)
class Site:
    where: str
    factory: str
    code: str | None  # None: not a literal nor a module constant
    inline_template: bool  # the old form: its own sentence as second argument
    params: frozenset[str]
    splat: bool  # **params: only a subset is known here
    fix: str | None  # "FixKind.X" for a literal Fix(...), "?" for another fix, None for none


def _constants(tree: ast.Module) -> dict[str, str]:
    found: dict[str, str] = {}
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = getattr(node, "value", None)
        is_text = isinstance(value, ast.Constant) and isinstance(value.value, str)
        if isinstance(target, ast.Name) and is_text:
            found[target.id] = value.value  # type: ignore[union-attr]
    return found


def _fix(call: ast.Call) -> str | None:
    fix = next((k.value for k in call.keywords if k.arg == "fix"), None)
    if fix is None or (isinstance(fix, ast.Constant) and fix.value is None):
        return None
    if isinstance(fix, ast.Call) and getattr(fix.func, "id", "") == "Fix" and fix.args:
        return ast.unparse(fix.args[0])
    return "?"


def sites(*folders: str) -> Iterator[Site]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if CATALOGUE_DIR in path.parents:
                continue
            tree = ast.parse(path.read_text())
            constants = _constants(tree)
            rel = path.relative_to(ROOT).as_posix()
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                if node.func.id not in FACTORIES or not node.args:
                    continue
                first = node.args[0]
                code = None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    code = first.value
                elif isinstance(first, ast.Name):
                    code = constants.get(first.id)
                second = node.args[1] if len(node.args) > 1 else None
                inline = node.func.id == "problem" and second is not None  # its own sentence
                yield Site(
                    f"{rel}:{node.lineno}",
                    node.func.id,
                    code,
                    inline,
                    frozenset(k.arg for k in node.keywords if k.arg not in (None, "fix")),
                    any(k.arg is None for k in node.keywords),
                    _fix(node),
                )


APP_SITES = [s for s in sites("app") if not s.where.startswith("app/core/problems/problems.py")]
SCRIPT_SITES = list(sites("scripts"))


def test_every_problem_is_built_from_the_catalogue() -> None:
    inline = [s.where for s in APP_SITES + SCRIPT_SITES if s.inline_template]
    assert not inline, (
        "problems built with their own sentence; run `python scripts/problems_codemod.py` "
        f"to move them into app/core/problems/problem_catalogue/: {inline}"
    )
    unknown = [f"{s.where} ({s.code})" for s in APP_SITES + SCRIPT_SITES if s.code not in CATALOGUE]
    assert not unknown, f"codes built that the catalogue does not declare: {unknown}"


def test_sites_pass_the_parameters_their_sentence_needs() -> None:
    wrong = []
    for s in APP_SITES + SCRIPT_SITES:
        spec = CATALOGUE.get(s.code or "")
        if spec is None:
            continue  # the test above names it
        declared = spec.params
        if s.factory == "worded_problem":
            # The sentence is picked at the site: it may need fewer than the general one.
            bad = s.params - declared
        elif spec.worded:  # the general sentence of a worded code: its data is optional
            bad = (s.params - declared) | (set() if s.splat else spec.placeholders - s.params)
        elif s.splat:
            bad = s.params - declared
        else:
            bad = s.params ^ declared
        if bad:
            wrong.append(
                f"{s.where} {s.code}: passes {sorted(s.params)}, the catalogue declares "
                f"{sorted(spec.placeholders)} in the sentence and data={sorted(spec.data)}"
            )
    assert not wrong, "\n".join(wrong)


def test_a_worded_code_is_declared_worded_and_only_it() -> None:
    wrong = [
        f"{s.where} {s.code}"
        for s in APP_SITES + SCRIPT_SITES
        if s.code in CATALOGUE and s.factory == "worded_problem" and not CATALOGUE[s.code].worded
    ]
    assert not wrong, f"worded_problem(...) is for a code declared worded=True: {wrong}"
    # A worded code's own sentence is written once, in the catalogue: a site that means it
    # builds it with problem(...), never restates it.
    restated = [
        f"{rel}:{call.lineno} {code}"
        for rel, _, call, _ in WORDED_SITES
        if (code := _literal_code(call)) in CATALOGUE
        and len(call.args) == 2
        and _tr_noop_literals(call.args[1]) == [CATALOGUE[code].template]
    ]
    assert not restated, f"build the catalogue's own sentence with problem(...): {restated}"


def _literal_code(call: ast.Call) -> str | None:
    first = call.args[0] if call.args else None
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def test_a_fix_is_the_kind_its_entry_declares() -> None:
    wrong = []
    for s in APP_SITES + SCRIPT_SITES:
        spec = CATALOGUE.get(s.code or "")
        if spec is None or s.fix is None:
            continue
        if spec.fix is None or s.fix not in ("?", f"FixKind.{spec.fix.name}"):
            wrong.append(f"{s.where} {s.code}: offers {s.fix}, the catalogue says {spec.fix}")
    assert not wrong, "\n".join(wrong)


def test_every_entry_has_a_status_a_fix_kind_and_a_marked_sentence() -> None:
    marked: dict[str, bool] = {}
    for path in CATALOGUE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ProblemSpec":
                keywords = {k.arg for k in node.keywords}
                sentence = node.args[1]
                marked[ast.literal_eval(node.args[0])] = (
                    {"status", "fix"} <= keywords
                    and isinstance(sentence, ast.Call)
                    and getattr(sentence.func, "id", "") == "tr_noop"
                )
    assert set(marked) == set(CATALOGUE)
    assert [c for c, ok in marked.items() if not ok] == [], (
        "each entry says status=… and fix=… and marks its sentence with tr_noop(…)"
    )
    for spec in SPECS:
        assert 400 <= HTTPStatus(spec.status) < 600, spec.code
        assert spec.fix is None or isinstance(spec.fix, FixKind), spec.code
        assert spec.template.strip(), spec.code
        assert not set(spec.data) & spec.placeholders, f"{spec.code}: data repeats the sentence"
        # The sentence formats with its own placeholders (a bad format spec fails here).
        spec.template.format(**dict.fromkeys(spec.placeholders, 1.5))


def test_every_entry_is_built_somewhere() -> None:
    built = {s.code for s in APP_SITES}
    unused = sorted(set(CATALOGUE) - built)
    assert not unused, f"catalogue entries nothing in app/ builds (remove them): {unused}"


def test_the_code_type_lists_exactly_the_catalogue() -> None:
    assert set(typing.get_args(ProblemCode)) == set(CATALOGUE), (
        "app/core/problems/problem_catalogue/codes.py is stale: run `python "
        "scripts/problems_codemod.py`"
    )
    areas = {p.stem for p in CATALOGUE_DIR.glob("*.py")} - {"__init__", "codes"}
    assert {s.code.split(".", 1)[0] for s in SPECS} == areas
    for area in areas:  # each area module holds its own codes only
        module = getattr(problem_catalogue, area)
        assert {s.code.split(".", 1)[0] for s in module.SPECS} == {area}


def test_problems_are_made_only_by_the_factories() -> None:
    direct = defaultdict(list)
    for path in sorted((ROOT / "app").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Problem":
                direct[rel].append(node.lineno)
    assert set(direct) <= DIRECT_PROBLEM_ALLOWED, dict(direct)


def test_a_problem_takes_its_sentence_and_status_from_the_catalogue() -> None:
    p = problem("models.unknown", model="m", available="a, b")
    assert p.template == CATALOGUE["models.unknown"].template
    assert p.english() == "There is no model called m. Available models: a, b."
    assert http_status("models.unknown") == 404
    assert http_status("proxy.unauthorized") == 401
    assert http_status("batch.file_too_large") == 413
    assert http_status("a.code.from.elsewhere") == 503
    assert str(ProblemError(p)) == p.english()


def test_worded_problem_is_refused_for_a_code_with_one_sentence() -> None:
    with pytest.raises(ValueError, match="not declared worded"):
        worded_problem("models.unknown", "{model}", model="m")
    p = worded_problem("settings.empty", "Nothing was typed.", key="k", low="", high="")
    assert p.english() == "Nothing was typed."


def test_placeholders_are_read_as_format_fields() -> None:
    assert placeholders("{model} has {free_gb:.2f} GB {x!r} {{not}}") == {"model", "free_gb", "x"}
    assert Problem("c", "{a}", {"a": 1}).with_params(b=2).params == {"a": 1, "b": 2}


def _branched_on(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Codes the app compares a problem's code with, or lists in a *_CODES set."""
    for node in ast.walk(tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.Compare) and getattr(node.left, "attr", "") == "code":
            values = list(node.comparators)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(getattr(t, "id", "").endswith("_CODES") for t in targets) and node.value:
                values = [node.value]
        for value in values:
            for leaf in ast.walk(value):
                if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                    yield leaf.lineno, leaf.value


def test_codes_the_app_branches_on_are_declared() -> None:
    unknown = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("app/core/problems/problem_catalogue/"):
            continue  # the catalogue derives its *_CODES sets from the classes it declares
        for line, code in _branched_on(ast.parse(path.read_text())):
            if code not in CATALOGUE:
                unknown.append(f"{rel}:{line} {code}")
    assert not unknown, f"codes compared with or listed that nothing declares: {unknown}"


def _tr_noop_literals(node: ast.AST) -> list[str]:
    return [
        leaf.args[0].value
        for leaf in ast.walk(node)
        if isinstance(leaf, ast.Call)
        and getattr(leaf.func, "id", "") == "tr_noop"
        and leaf.args
        and isinstance(leaf.args[0], ast.Constant)
        and isinstance(leaf.args[0].value, str)
    ]


def _assigned(scopes: list[ast.AST], name: str) -> list[ast.expr]:
    """What `name` is given in the innermost of `scopes` that gives it anything."""
    for scope in scopes:
        values = [
            node.value
            for node in ast.walk(scope)
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign)
            and node.value is not None
            and any(
                getattr(t, "id", None) == name
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
            )
        ]
        if values:
            return values
    return []


WordedSite = tuple[str, ast.Module, ast.Call, list[ast.AST]]


def _worded_sites() -> Iterator[WordedSite]:
    """Each worded_problem call in app/: its file, the file's tree, the call, and its
    enclosing functions, innermost first, then the module."""

    def visit(node: ast.AST, scopes: list[ast.AST]) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
        for child in ast.iter_child_nodes(node):
            inner = [child, *scopes] if isinstance(child, ast.FunctionDef) else scopes
            if isinstance(child, ast.Call) and getattr(child.func, "id", "") == "worded_problem":
                yield child, inner
            yield from visit(child, inner)

    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text())
        for call, scopes in visit(tree, [tree]):
            yield path.relative_to(ROOT).as_posix(), tree, call, scopes


WORDED_SITES = list(_worded_sites())


def _site_sentences(tree: ast.Module, call: ast.Call, scopes: list[ast.AST]) -> list[str]:
    """The sentences a worded site may pick, as its file writes them."""
    sentence = call.args[1]
    holder = sentence.value if isinstance(sentence, ast.Subscript) else sentence
    if isinstance(holder, ast.Name):  # template = tr_noop(…) if … else tr_noop(…); _T[reason]
        return [s for v in _assigned(scopes, holder.id) for s in _tr_noop_literals(v)]
    if isinstance(holder, ast.Attribute):  # self.summary: each summary=tr_noop(…) in the file
        return [
            text
            for node in ast.walk(tree)
            if isinstance(node, ast.keyword) and node.arg == holder.attr
            for text in _tr_noop_literals(node.value)
        ]
    return _tr_noop_literals(sentence)


def _site_params(call: ast.Call, scopes: list[ast.AST]) -> set[str] | None:
    """The parameters a site passes, its **params dict's included; None when that dict
    comes from the site's callers."""
    passed = {k.arg for k in call.keywords if k.arg not in (None, "fix")}
    for splat in (k.value for k in call.keywords if k.arg is None):
        given = _assigned(scopes, splat.id) if isinstance(splat, ast.Name) else []
        if not given or not all(isinstance(v, ast.Dict) for v in given):
            return None
        for value in given:
            assert isinstance(value, ast.Dict)
            passed |= {str(k.value) for k in value.keys if isinstance(k, ast.Constant)}
    return passed


def test_a_worded_sites_sentences_get_every_parameter_they_name() -> None:
    """A worded site writes its sentence where it builds the problem, out of the reach of the
    catalogue's parameter check above: a placeholder the site does not pass would raise
    KeyError the first time the sentence is shown. Read from the source like the rest."""
    wrong, unread = [], []
    for rel, tree, call, scopes in WORDED_SITES:
        if len(call.args) != 2:
            continue  # the factory's own definition and its docstring's example
        sentences = _site_sentences(tree, call, scopes)
        passed = _site_params(call, scopes)
        if not sentences or passed is None:
            unread.append(f"{rel}:{call.lineno}")
            continue
        for text in sentences:
            if missing := placeholders(text) - passed:
                wrong.append(f"{rel}:{call.lineno}: passes no {sorted(missing)} for {text!r}")
            text.format(**dict.fromkeys(placeholders(text), 1.5))  # a bad format spec fails
    assert not wrong, "\n".join(wrong)
    # The one site whose parameters come from its callers: read at theirs, below.
    assert [site.rsplit(":", 1)[0] for site in unread] == ["app/supervisor/engines/custom.py"]


def test_a_custom_engine_problem_gets_every_parameter_its_reason_names() -> None:
    from app.supervisor.engines.custom import _TEMPLATES

    wrong: list[str] = []
    seen: set[str] = set()
    for path in sorted((ROOT / "app").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") in ("_invalid", "invalid_command_problem")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                continue
            reason = str(node.args[0].value)
            seen.add(reason)
            passed = {"reason", "command"} | {k.arg for k in node.keywords if k.arg}
            missing = placeholders(_TEMPLATES[reason]) - passed
            if missing:
                wrong.append(f"{rel}:{node.lineno} ({reason}): passes no {sorted(missing)}")
    assert not wrong, "\n".join(wrong)
    assert seen == set(_TEMPLATES), "a reason nothing raises, or one read from elsewhere"
