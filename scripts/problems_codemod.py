"""Move problems built inline into the catalogue, and build them from it (issue 19.3).

Usage: python scripts/problems_codemod.py [--check] [PATH ...]   (default: app scripts)

A site that still builds a problem the old way,

    problem("models.unknown", tr_noop("There is no model called {model}…"), model=m, …)

is rewritten to the catalogue form `problem("models.unknown", model=m, …)`, and a code the
catalogue (app/core/problems/problem_catalogue/) does not have yet is added to it: its sentence, its
parameters beyond the sentence (`data`), its HTTP status (from any `*_HTTP_STATUS` table still
in app/, else 503, the endpoint's answer for a problem nobody gave a status) and its fix
kind (from `fix=Fix(FixKind.X, …)` at the site, or in the helper the site calls).

Nothing is guessed where two sites disagree: a code built with two sentences, or with a
sentence other than the catalogue's, is reported as a CONFLICT and its sites are left as they
are (the unit test tests/unit/core/test_problem_catalogue.py then fails) until a human picks
one sentence or splits the code. A decision taken once is kept in RESOLUTIONS below, so that
running this again on a branch that still has the old sites applies it again.

Under tests/ a problem is test data: a site that builds a catalogue problem as the catalogue
declares it takes the catalogue form, and any other (a made-up code, a shorter sentence) becomes
a plain `Problem(code, sentence, {params})`, which does not claim to be the app's.

Idempotent: a second run changes nothing. `--check` changes nothing and exits 1 when a run
would change something or a conflict is left. Rewritten files are formatted with ruff.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE_DIR = ROOT / "app" / "core" / "problems" / "problem_catalogue"
DEFAULT_PATHS = ("app", "scripts", "tests")
TESTS = ROOT / "tests"
SKIP = {
    ROOT / "app" / "core" / "problems" / "problems.py",
    ROOT / "app" / "core" / "problems" / "problem_spec.py",
}
DEFAULT_STATUS = 503

# Decisions on conflicting sites, kept so that a re-run applies them to sites a branch still
# has: (code, how the site's sentence starts; "" for every sentence) -> what to do.
#   Worded(): the sentences say the same thing with more or less of what is known (a folder
#     missing or unusable; the KV cache short by an estimate or not): the code is declared
#     worded=True and each site keeps its sentence, built with worded_problem(...).
#   Split(new_code): the site means something else; it keeps its sentence under a code of its
#     own (which inherits the old code's HTTP status).
#   Reword(renames): the site says what the catalogue's sentence for the code says; it takes
#     that sentence, its parameters renamed to the sentence's.
# The first matching entry wins.


@dataclass(frozen=True)
class Worded:
    pass


@dataclass(frozen=True)
class Split:
    code: str


@dataclass(frozen=True)
class Reword:
    renames: dict[str, str] = field(default_factory=dict)


RESOLUTIONS: dict[tuple[str, str], Worded | Split | Reword] = {
    ("downloads.unknown", "There is no download with the id"): Reword(),
    ("engine.unsupported_gpu", "{name} ({target}) is not supported"): Reword(),
    ("load.engine_dead", "vLLM's engine process died while it started."): Reword(),
    ("models.unknown", "There is no model called {model}. Known models"): Reword(
        {"known": "available"}
    ),
    **{
        (code, ""): Worded()
        for code in (
            "batch.bad_request",
            "batch.bad_upload",
            "downloads.failed",
            "downloads.not_found",
            "engine.install_failed",
            "engine.missing",
            "load.kv_cache_too_small",
            "load.no_room",
            "models.builtin_readonly",
            "models.local_invalid",
            "models.not_downloaded",
            "options.gpu_unknown",
            "proxy.body_timeout",
            "proxy.upstream_timeout",
            "search.not_loadable",
        )
    },
}


def resolution(code: str, template: str) -> Worded | Split | Reword | None:
    return next(
        (r for (c, start), r in RESOLUTIONS.items() if c == code and template.startswith(start)),
        None,
    )


@dataclass
class Site:
    path: Path
    call: ast.Call
    code: str
    template: str
    params: list[str]
    fix_kind: str | None  # "SET_SETTING"…, "" for no fix, None when it cannot be told
    renames: dict[str, str] = field(default_factory=dict)
    new_code: str = ""
    resolved: bool = False
    worded: bool = False  # keeps its sentence: worded_problem(code, tr_noop(sentence), …)
    named: bool = False  # the code is a module constant: the site keeps naming it

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.call.lineno}"


@dataclass
class Entry:
    code: str
    template: str
    status: int
    fix: str  # "None" or "FixKind.X"
    data: tuple[str, ...]
    worded: bool = False


def _placeholders(template: str) -> set[str]:
    import string

    return {
        n.split(".", 1)[0].split("[", 1)[0]
        for _, n, _, _ in string.Formatter().parse(template)
        if n
    }


# -- reading ------------------------------------------------------------------------------------
def read_catalogue() -> dict[str, Entry]:
    found: dict[str, Entry] = {}
    for path in sorted(CATALOGUE_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ProblemSpec"):
                continue
            code = ast.literal_eval(node.args[0])
            template = ast.literal_eval(node.args[1].args[0])  # type: ignore[attr-defined]
            kw = {k.arg: k.value for k in node.keywords}
            data = tuple(ast.literal_eval(kw["data"])) if "data" in kw else ()
            status, fix = ast.literal_eval(kw["status"]), ast.unparse(kw["fix"])
            worded = "worded" in kw and bool(ast.literal_eval(kw["worded"]))
            found[code] = Entry(code, template, status, fix, data, worded)
    return found


def read_status_tables(paths: list[Path]) -> dict[str, int]:
    """Every `*_HTTP_STATUS = {"code": 404, …}` table still in the code (the old way)."""
    table: dict[str, int] = {}
    for path in paths:
        for node in ast.parse(path.read_text()).body:
            target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
            name = getattr(target, "id", "")
            value = getattr(node, "value", None)
            if name.endswith("_HTTP_STATUS") and isinstance(value, ast.Dict):
                for k, v in zip(value.keys, value.values, strict=True):
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Constant):
                        table.setdefault(k.value, v.value)
    return table


def _fix_kind(call: ast.Call, tree: ast.Module) -> str | None:
    fix = next((k.value for k in call.keywords if k.arg == "fix"), None)
    if fix is None and len(call.args) > 2:
        fix = call.args[2]
    if fix is None or (isinstance(fix, ast.Constant) and fix.value is None):
        return ""
    if isinstance(fix, ast.Call) and isinstance(fix.func, ast.Name):
        if fix.func.id == "Fix":
            kinds = {ast.unparse(a) for a in fix.args[:1]}
        else:  # a helper in the same module that returns a Fix
            helper = next(
                (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == fix.func.id),
                None,
            )
            src = ast.unparse(helper) if helper else ""
            kinds = set(re.findall(r"FixKind\.[A-Z_]+", src))
        if len(kinds) == 1:
            return kinds.pop().removeprefix("FixKind.")
    return None


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level `NAME = "a.code"` (or `NAME: Final = …`): codes a site may name."""
    found = {}
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = getattr(node, "value", None)
        is_text = isinstance(value, ast.Constant) and isinstance(value.value, str)
        if isinstance(target, ast.Name) and is_text:
            found[target.id] = value.value  # type: ignore[union-attr]
    return found


def inline_sites(path: Path) -> list[Site]:
    tree = ast.parse(path.read_text())
    constants = _constants(tree)
    sites = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "problem"
            and len(node.args) >= 2
        ):
            continue
        code, tmpl = node.args[0], node.args[1]
        name = code.id if isinstance(code, ast.Name) else None
        if name in constants:
            code = ast.Constant(constants[name])
        if isinstance(tmpl, ast.Call) and getattr(tmpl.func, "id", "") == "tr_noop":
            tmpl = tmpl.args[0]  # else a bare string: a sentence nobody marked for translation
        if not (
            isinstance(code, ast.Constant)
            and isinstance(tmpl, ast.Constant)
            and isinstance(tmpl.value, str)
        ):
            continue
        params = [k.arg for k in node.keywords if k.arg not in (None, "fix")]
        if any(k.arg is None for k in node.keywords):
            params.append("**")
        sites.append(Site(path, node, code.value, tmpl.value, params, _fix_kind(node, tree)))
        sites[-1].named = name is not None
    return sites


# -- writing -----------------------------------------------------------------------------------
def rewrite(path: Path, sites: list[Site]) -> None:
    """Drop each site's sentence (and rename its code and parameters) by precise source edits."""
    text = path.read_text()
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(line: int, col: int) -> int:  # ast columns are UTF-8 byte offsets
        raw = text[starts[line - 1] : starts[line]].encode()[:col]
        return starts[line - 1] + len(raw.decode())

    edits: list[tuple[int, int, str]] = []
    for s in sites:
        code, tmpl = s.call.args[0], s.call.args[1]
        if s.worded:
            edits.extend(_worded_edits(s, offset))
            continue
        a = offset(code.lineno, code.col_offset)
        b = offset(tmpl.end_lineno or 0, tmpl.end_col_offset or 0)
        keep = s.named and s.new_code == s.code
        edits.append((a, b, ast.unparse(code) if keep else _lit(s.new_code)))
        for kw in s.call.keywords:
            if kw.arg in s.renames:
                k = offset(kw.lineno, kw.col_offset)
                edits.append((k, k + len(kw.arg), s.renames[kw.arg]))
        edits.extend(_trailing_comma(text, s.call, offset))
        if len(s.call.args) > 2:  # a positional fix becomes fix=
            f = offset(s.call.args[2].lineno, s.call.args[2].col_offset)
            edits.append((f, f, "fix="))
    for a, b, new in sorted(edits, reverse=True):
        text = text[:a] + new + text[b:]
    if any(s.worded for s in sites):
        text = _importing(text, ("worded_problem", "tr_noop"))
    path.write_text(text)


def _trailing_comma(
    text: str, call: ast.Call, offset: Callable[[int, int], int]
) -> list[tuple[int, int, str]]:
    """Drop the call's magic trailing comma, so that ruff joins a call that now fits a line."""
    last = (call.args + [k.value for k in call.keywords])[-1]
    tail_at = offset(last.end_lineno or 0, last.end_col_offset or 0)
    tail = text[tail_at : offset(call.end_lineno or 0, call.end_col_offset or 0)]
    if not tail.lstrip().startswith(","):
        return []
    comma = tail_at + tail.index(",")
    return [(comma, comma + 1, "")]


def _worded_edits(s: Site, offset: Callable[[int, int], int]) -> list[tuple[int, int, str]]:
    """A worded site keeps its sentence: only `problem` becomes `worded_problem`."""
    func, tmpl = s.call.func, s.call.args[1]
    start = offset(func.lineno, func.col_offset)
    edits = [(start, start + len("problem"), "worded_problem")]
    if isinstance(tmpl, ast.Constant):  # a bare sentence gets its translation marker
        t0 = offset(tmpl.lineno, tmpl.col_offset)
        t1 = offset(tmpl.end_lineno or 0, tmpl.end_col_offset or 0)
        edits.extend([(t1, t1, ")"), (t0, t0, "tr_noop(")])
    return edits


def _importing(text: str, names: tuple[str, ...]) -> str:
    """`text` with `names` imported from app.core.problems.problems too (ruff sorts them after)."""
    found = re.search(
        r"^from app\.core\.problems\.problems import \(?([^)\n]*(?:\n[^)\n]*)*?)\)?\n", text, re.M
    )
    if found is None:
        return "from app.core.problems.problems import " + ", ".join(names) + "\n" + text
    have = {n.strip() for n in found.group(1).replace("\n", " ").split(",") if n.strip()}
    line = "from app.core.problems.problems import " + ", ".join(sorted(have | set(names))) + "\n"
    return text[: found.start()] + line + text[found.end() :]


def _lit(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _wrapped(template: str, width: int = 78) -> str:
    """The sentence as implicitly joined literals short enough for the line-length rule."""
    chunks, line = [], ""
    for word in re.split(r"(?<= )", template):
        if line and len(_lit(line + word)) > width:
            chunks.append(line)
            line = ""
        line += word
    chunks.append(line)
    if len(chunks) == 1:
        return _lit(template)
    return "\n".join(f"            {_lit(c)}" for c in chunks).join(("\n", "\n        "))


def _entry_source(e: Entry) -> str:
    data = (f", data={e.data!r}" if e.data else "") + (", worded=True" if e.worded else "")
    return (
        f"    ProblemSpec(\n        {_lit(e.code)},\n        tr_noop({_wrapped(e.template)}),\n"
        f"        status={e.status},\n        fix={e.fix}{data},\n    ),\n"
    )


def add_entries(entries: list[Entry]) -> list[Path]:
    CATALOGUE_DIR.mkdir(parents=True, exist_ok=True)
    by_area: dict[str, list[Entry]] = defaultdict(list)
    for e in entries:
        by_area[e.code.split(".", 1)[0]].append(e)
    touched = []
    for area, new in sorted(by_area.items()):
        path = CATALOGUE_DIR / f"{area}.py"
        if not path.exists():
            path.write_text(
                f'"""Problems whose code starts with "{area}.".'
                '"""\n\nfrom __future__ import annotations\n\n'
                "from app.core.problems.problem_spec import FixKind, ProblemSpec, tr_noop\n\n"
                "SPECS: tuple[ProblemSpec, ...] = (\n)\n"
            )
        text = path.read_text().rstrip()
        assert text.endswith(")"), path
        text = text[:-1] + "".join(_entry_source(e) for e in new) + ")\n"
        path.write_text(text)
        touched.append(path)
    return touched


def write_index(codes: list[str]) -> list[Path]:
    areas = sorted(
        p.stem for p in CATALOGUE_DIR.glob("*.py") if p.stem not in {"__init__", "codes"}
    )
    init = CATALOGUE_DIR / "__init__.py"
    imports = "".join(f"from app.core.problems.problem_catalogue import {a}\n" for a in areas)
    specs = "".join(f"    *{a}.SPECS,\n" for a in areas)
    init_text = (
        '"""Every problem the app reports, declared once (docs/architecture.md, "Problems").\n\n'
        "Generated index: scripts/problems_codemod.py rewrites it; declare problems in the area\n"
        'modules beside it."""\n\n'
        "from __future__ import annotations\n\n"
        "from collections.abc import Mapping\n"
        "from types import MappingProxyType\n\n"
        f"{imports}"
        "from app.core.problems.problem_catalogue.codes import ProblemCode\n"
        "from app.core.problems.problem_spec import ProblemClass, ProblemSpec\n\n"
        "__all__ = [\n"
        '    "CATALOGUE",\n    "INPUT_CODES",\n    "MEMORY_CODES",\n    "PERMANENT_CODES",\n'
        '    "PROBE_CODES",\n    "SPECS",\n    "ProblemCode",\n]\n\n'
        f"SPECS: tuple[ProblemSpec, ...] = (\n{specs})\n\n"
        "CATALOGUE: Mapping[str, ProblemSpec] = MappingProxyType({s.code: s for s in SPECS})\n"
        'assert len(CATALOGUE) == len(SPECS), "a code is declared twice"\n\n\n'
        "def _of_kind(kind: ProblemClass) -> frozenset[str]:\n"
        "    return frozenset(s.code for s in SPECS if s.kind == kind)\n\n\n"
        "# The classes the catalogue declares with each code (ProblemSpec.kind, .permanent,\n"
        "# .memory), as the sets the front-ends and the supervisor test a problem against.\n"
        'INPUT_CODES = _of_kind("input")\n'
        'PROBE_CODES = _of_kind("probe")\n'
        "PERMANENT_CODES = frozenset(s.code for s in SPECS if s.permanent)\n"
        "MEMORY_CODES = frozenset(s.code for s in SPECS if s.memory)\n"
    )
    literal = "".join(f"    {c!r},\n".replace("'", '"') for c in sorted(codes))
    codes_text = (
        '"""Every code in the catalogue, as a type mypy checks each `problem(code, …)` against.\n\n'
        'Generated by scripts/problems_codemod.py from the area modules; do not edit."""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import Literal\n\n"
        f"ProblemCode = Literal[\n{literal}]\n"
    )
    touched = []
    for path, text in ((init, init_text), (CATALOGUE_DIR / "codes.py", codes_text)):
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            touched.append(path)
    return touched


def ruff(paths: list[Path]) -> None:
    if not paths:
        return
    bin_dir = Path(sys.executable).parent
    files = [str(p) for p in paths]
    fix_unused = [str(bin_dir / "ruff"), "check", "--fix", "--select", "F401,I001", "-q", *files]
    subprocess.run(fix_unused, check=False)
    subprocess.run([str(bin_dir / "ruff"), "format", "-q", *files], check=False)


# -- the run -----------------------------------------------------------------------------------
def _sources(args: list[str]) -> list[Path]:
    out: list[Path] = []
    for arg in args or DEFAULT_PATHS:
        p = ROOT / arg
        out.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
    return [p for p in out if p not in SKIP and CATALOGUE_DIR not in p.parents]


def plan(
    sites: list[Site], catalogue: dict[str, Entry], statuses: dict[str, int]
) -> tuple[list[Site], list[Entry], list[str]]:
    """Which sites to rewrite, which entries to add, and the conflicts left for a human."""
    by_code: dict[str, list[Site]] = defaultdict(list)
    for s in sites:
        found = resolution(s.code, s.template)
        s.new_code = found.code if isinstance(found, Split) else s.code
        s.renames = found.renames if isinstance(found, Reword) else {}
        s.resolved = isinstance(found, Reword)  # takes the code's sentence
        s.worded = isinstance(found, Worded)
        s.params = [s.renames.get(p, p) for p in s.params]
        by_code[s.new_code].append(s)
    ok: list[Site] = []
    new: list[Entry] = []
    conflicts: list[str] = []
    for code, group in sorted(by_code.items()):
        entry, why = _settle(code, group, catalogue.get(code), statuses)
        if why:
            conflicts.append(why)
            continue
        if entry is not None:
            new.append(entry)
        ok.extend(group)
    return ok, new, conflicts


def _settle(
    code: str, group: list[Site], known: Entry | None, statuses: dict[str, int]
) -> tuple[Entry | None, str]:
    """(the entry to add, "") when the group can be rewritten, else (None, the conflict)."""
    if any(s.worded for s in group):
        return _settle_worded(code, group, known, statuses)
    sentences = {s.template for s in group if not s.resolved}
    if known is None and len(sentences) != 1:
        return None, _conflict(code, group, "built with different sentences (or none declared)")
    template = known.template if known else sentences.pop()
    placeholders = _placeholders(template)
    bad = [
        s
        for s in group
        if (not s.resolved and s.template != template)
        or ("**" not in s.params and placeholders - set(s.params))
    ]
    if bad:
        return None, _conflict(code, bad, "sentence or parameters differ", template)
    data = {p for s in group for p in s.params} - placeholders - {"**"}
    kinds = {s.fix_kind for s in group}
    if known is not None:
        extra = data - set(known.data)
        declared = {"", known.fix.removeprefix("FixKind.")}
        if extra or not kinds <= declared:
            why = f"passes {sorted(extra)} beyond the catalogue" if extra else "fix kind differs"
            return None, _conflict(code, group, why, known.template)
        return None, ""
    told = {k for k in kinds if k}
    if None in kinds or len(told) > 1:
        return None, _conflict(code, group, "cannot tell the fix kind")
    fix = f"FixKind.{told.pop()}" if told else "None"
    old = {s.code for s in group}  # a split code answers as the code it was split from did
    status = statuses.get(code) or next((statuses[c] for c in old if c in statuses), DEFAULT_STATUS)
    return Entry(code, template, status, fix, tuple(sorted(data))), ""


def _settle_worded(
    code: str, group: list[Site], known: Entry | None, statuses: dict[str, int]
) -> tuple[Entry | None, str]:
    """A worded code: each site keeps its sentence; the entry declares every parameter."""
    if not all(s.worded for s in group) or (known is not None and not known.worded):
        return None, _conflict(code, group, "worded in RESOLUTIONS: declare it worded=True")
    bad = [s for s in group if "**" not in s.params and _placeholders(s.template) - set(s.params)]
    if bad:
        return None, _conflict(code, bad, "a sentence needs parameters the site does not pass")
    template = known.template if known else min(s.template for s in group)
    data = {p for s in group for p in s.params} - _placeholders(template) - {"**"}
    kinds = {s.fix_kind for s in group}
    if known is not None:
        declared = {"", None, known.fix.removeprefix("FixKind.")}
        if data - set(known.data) or not kinds <= declared:
            return None, _conflict(code, group, "parameters or fix kind beyond the catalogue")
        return None, ""
    told = {k for k in kinds if k}
    fix = f"FixKind.{told.pop()}" if len(told) == 1 else "None"
    status = statuses.get(code, DEFAULT_STATUS)
    return Entry(code, template, status, fix, tuple(sorted(data)), worded=True), ""


def _conflict(code: str, sites: list[Site], why: str, catalogue: str | None = None) -> str:
    lines = [f"CONFLICT {code}: {why}"]
    if catalogue is not None:
        lines.append(f"    catalogue: {catalogue!r}")
    for s in sites:
        lines.append(f"    {s.where}: {s.template!r} params={s.params} fix={s.fix_kind!r}")
    return "\n".join(lines)


def _as_catalogued(s: Site, known: Entry | None) -> bool:
    """Whether a test's site builds the catalogue's problem exactly as declared."""
    if known is None or s.template != known.template:
        return False
    placeholders = _placeholders(known.template)
    extra = set(s.params) - placeholders - set(known.data)
    kind_ok = s.fix_kind in ("", known.fix.removeprefix("FixKind."))
    return not extra and kind_ok and ("**" in s.params or placeholders <= set(s.params))


def rewrite_as_data(path: Path, sites: list[Site]) -> None:
    """`problem(code, tr_noop(sentence), k=v)` -> `Problem(code, sentence, {"k": v})`."""
    text = path.read_text()
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def span(node: ast.AST) -> tuple[int, int]:
        def at(line: int, col: int) -> int:
            return starts[line - 1] + len(
                text[starts[line - 1] : starts[line]].encode()[:col].decode()
            )

        end = (node.end_lineno or 0, node.end_col_offset or 0)
        return at(node.lineno, node.col_offset), at(*end)  # type: ignore[attr-defined]

    edits = []
    for s in sites:
        src = lambda n: text[slice(*span(n))]  # noqa: E731
        items = [
            f"{k.arg!r}: {src(k.value)}" if k.arg else f"**{src(k.value)}"
            for k in s.call.keywords
            if k.arg != "fix"
        ]
        fix = next((src(k.value) for k in s.call.keywords if k.arg == "fix"), None)
        if fix is None and len(s.call.args) > 2:
            fix = src(s.call.args[2])
        sentence = s.call.args[1]
        if isinstance(sentence, ast.Call):  # tr_noop("…"): tests need no translation marker
            sentence = sentence.args[0]
        args = [src(s.call.args[0]), src(sentence), "{" + ", ".join(items) + "}"]
        if fix is not None:
            args.append(f"fix={fix}")
        edits.append((*span(s.call), f"Problem({', '.join(args)})"))
    for a, b, new in sorted(edits, reverse=True):
        text = text[:a] + new + text[b:]
    if not re.search(r"^from app\.core\.problems\.problems import [^\n]*\bProblem\b", text, re.M):
        future = re.search(r"^from __future__ import annotations\n", text, re.M)
        at = future.end() if future else 0
        text = text[:at] + "from app.core.problems.problems import Problem\n" + text[at:]
    path.write_text(text)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    sources = _sources([a for a in argv if a != "--check"])
    catalogue = read_catalogue()
    statuses = read_status_tables(_sources(["app"]))
    sites = [s for p in sources for s in inline_sites(p)]
    tests = [s for s in sites if TESTS in s.path.parents]
    sites = [s for s in sites if TESTS not in s.path.parents]
    data_sites = [s for s in tests if not _as_catalogued(s, catalogue.get(s.code))]
    ok, new, conflicts = plan(sites, catalogue, statuses)
    for s in tests:
        s.new_code = s.code
    ok += [s for s in tests if s not in data_sites]
    data_files: dict[Path, list[Site]] = defaultdict(list)
    for s in data_sites:
        data_files[s.path].append(s)
        print(f"{'would make' if check else 'made'} test data of {s.where} ({s.code})")
    for c in conflicts:
        print(c)
    for e in new:
        print(f"new code {e.code}: status {e.status}, fix {e.fix}, data {list(e.data)}")
    by_file: dict[Path, list[Site]] = defaultdict(list)
    for s in ok:
        by_file[s.path].append(s)
    verb = "would rewrite" if check else "rewrote"
    for path, group in sorted(by_file.items()):
        print(f"{verb} {len(group)} site(s) in {path.relative_to(ROOT)}")
    codes = sorted(set(catalogue) | {e.code for e in new})
    if check:
        return 1 if new or ok or conflicts or data_sites else 0
    touched = add_entries(new)
    for path, group in by_file.items():
        rewrite(path, group)
    for path in data_files:  # parsed again: the catalogue sites above may have moved them
        fresh = [s for s in inline_sites(path) if not _as_catalogued(s, catalogue.get(s.code))]
        rewrite_as_data(path, fresh)
    touched += write_index(codes) + list(by_file) + list(data_files)
    ruff(touched)
    print(
        f"{len(ok)} site(s) rewritten in {len(by_file)} file(s), {len(new)} code(s) added, "
        f"{len(conflicts)} conflict(s) left"
    )
    return 1 if conflicts else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
