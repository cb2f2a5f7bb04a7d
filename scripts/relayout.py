"""Sort app/ into the folders of docs/architecture.md ("Where a feature lives"), on any tree.

Usage: python scripts/relayout.py [--dry-run | --check]   (from the repository's root; exits 1,
moving nothing, when a module of a drawer matches no rule; --check also exits 1 while anything
would move. Idempotent: a tree already laid out is left as it is; run it again after a merge.)

Rules, not a list of files, so that a module split or added meanwhile lands in its place:
`FEATURES` names each optional feature's modules by their name in every layer; `DRAWERS`
sorts what else lies loose in app/core, app/runtime and app/runtime/services (every loose
module there must match, or it is printed). Modules keep their names, only folders change.
Each move is a `git mv`; then every dotted name (`app.x.y`: imports, patch targets, the
import-linter contracts, `python -m`) and every path (`app/x/y.py`, `tests/unit/x/test_y.py`)
in the tree's text files is rewritten, unit tests follow their module
(scripts/check_test_layout.py's rule), and each new package gets an __init__.py with a
one-line docstring.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_test_layout import tested_module  # a sibling script, not a package

# An entry "x" is the module x or any x_…; an entry with "*" is a glob on the module's name.
FEATURES: dict[str, tuple[str, ...]] = {
    "batch": ("batch",),
    "cluster": ("cluster", "node_facts"),
    "bench": ("bench", "tune", "tuning", "load_bench", "loadgen", "startup_bench"),
    "chat": ("chat",),
    "search": ("search", "model_search", "hub_search"),
    "remotes": ("remote", "remotes"),
    "lemonade": ("lemonade",),
}
# In core and runtime every feature has a folder (its rules; its services), gathered from
# these flat folders. In the parts and the GUI a feature gets one once it has two modules there
# (a lone module named after its feature is already one place). The CLI stays flat:
# app/cli/main.py imports `app.cli.<command module>` by name, one module per command.
FEATURE_SOURCES = {
    "app/core": ("app/core",),
    "app/runtime": ("app/runtime", "app/runtime/services"),
}
FEATURE_FROM_TWO = ("app/gui", "app/proxy", "app/downloads", "app/supervisor")
# folder → (topic → entries); topic None: stays at the folder's root.
DRAWERS: dict[str, dict[str | None, tuple[str, ...]]] = {
    "app/core": {
        "settings": ("settings", "setting", "field_labels", "api_key", "hf_token", "port_check"),
        # parallel: a model's placement on the GPUs (memory_room counts by it, it by gpu);
        # model_shape: what a model's config.json says of its size (memory's input). Before
        # models, whose "model" would take model_shape: the first topic that matches wins.
        "memory": ("memory", "meminfo", "fit", "swap", "gpu", "gfx", "parallel", "model_shape"),
        "models": ("registry", "model", "checkpoints", "vllm_args", "vllm_flags", "optimize"),
        "problems": ("problems", "problem_spec", "problem_catalogue"),
        "engines": ("advisories", "osv", "rocm_feed", "shield", "engine_values"),
        # Used by every topic: the states and events every part speaks of, the contracts
        # between packages, files, outside input. (Down here, not in models/: contracts names
        # the states, memory/swap the contracts, models/registry memory/parallel.)
        None: (
            "states",
            "contracts",
            "events",
            "untrusted",
            "jsonstore",
            "paths",
            "resume",
            "redact",
        ),
    },
    "app/runtime": {
        "composition": ("runtime", "parts", "thread", "facade", "endpoint", "endpoint_settings"),
        "control": (
            "controller",
            "planning",
            "watcher",
            "suspend",
            "memory_watch",
            "observed",
            "engine_choice",
            "fast_start",
            "room_maker",
        ),
        # The application API's values and read side, the keyring: the API package's to take.
        None: ("snapshot", "views", "secrets", "services", "api"),
    },
    "app/runtime/services": {
        # The services every start needs; a feature's services are in app/runtime/<feature>/.
        None: (
            "models",
            "engines",
            "engine_advice",
            "config",
            "endpoint",
            "power",
            "prewarm",
            "osv_refresh",
            "protocols",
        ),
    },
}
# Test machinery shipped in the wheel until now: it goes to tests/.
ELSEWHERE = {"app/runtime/stall.py": "tests/stall.py"}

DOCSTRINGS = {
    "app/core/settings": "Settings: declared once as data, their rules, upgrades and store.",
    "app/core/models": "Models: the registry, their files, names, states and vLLM arguments.",
    "app/core/memory": "Memory: the machine's GPUs and RAM, what fits, and whom to swap out.",
    "app/core/problems": "Problems: codes and sentences, and the catalogue that declares them.",
    "app/core/engines": "What is known of vLLM builds: the ROCm feed, advisories, the shield.",
    "app/runtime/composition": "The composition root: builds the parts, hands out Services.",
    "app/runtime/control": "Which models run: the controller, its planning, watcher, suspend.",
}
TEXT_SUFFIXES = {".py", ".toml", ".md", ".cfg", ".ini", ".txt", ".yml", ".yaml", ".sh", ".in"}
TEXT_NAMES = {"Makefile"}
# app.x.y, or app\.x\.y in a regular expression
DOTTED = re.compile(r"(?<![\w.])(?:app|tests)(?:\\?\.[A-Za-z_]\w*)+")
PATH = re.compile(r"(?<![\w./-])(?:app|tests)(?:/[\w.]+)+")
JOINED = re.compile(r'"(?:app|tests)"(?:\s*/\s*"[\w.]+")+')  # ROOT / "app" / "core" / "x.py"
IMPORTED = re.compile(r"^\s*(?:from|import) (app[\w.]*)", re.M)
LIMIT = 100  # ruff's line-length
# from app.x import a, b as c   /   from app.x import (\n a,\n b,\n)
FROM_IMPORT = re.compile(r"^([ \t]*)from (app[\w.]*) import (?:\(([^)#]*)\)|([^\n(#]+))$", re.M)


def matches(stem: str, entries: tuple[str, ...]) -> bool:
    return any(
        fnmatch.fnmatch(stem, e) if "*" in e else stem == e or stem.startswith(e + "_")
        for e in entries
    )


def feature_of(stem: str) -> str | None:
    return next((f for f, entries in FEATURES.items() if matches(stem, entries)), None)


def loose(root: Path, folder: str) -> list[str]:
    """The modules and subpackages lying directly in `folder` (paths relative to root)."""
    base = root / folder
    if not base.is_dir():
        return []
    found = [p for p in base.glob("*.py") if p.name != "__init__.py"]
    found += [p for p in base.iterdir() if (p / "__init__.py").is_file()]
    return sorted(p.relative_to(root).as_posix() for p in found)


@dataclass
class Plan:
    moves: dict[str, str] = field(default_factory=dict)  # old path → new path (files, folders)
    unplaced: list[str] = field(default_factory=list)


def name_of(path: str) -> str:
    return Path(path).stem if path.endswith(".py") else Path(path).name


def feature_moves(root: Path) -> dict[str, str]:
    """Each feature's modules into app/core/<feature>/, app/runtime/<feature>/, and into
    <layer>/<feature>/ where a part or the GUI has two of them (or that folder already)."""
    moves = {}
    for layer, sources in FEATURE_SOURCES.items():
        for path in (p for folder in sources for p in loose(root, folder) if p.endswith(".py")):
            if feature := feature_of(name_of(path)):
                moves[path] = f"{layer}/{feature}/{Path(path).name}"
    for layer in FEATURE_FROM_TWO:
        groups: dict[str, list[str]] = {}
        for path in (p for p in loose(root, layer) if p.endswith(".py")):
            if feature := feature_of(name_of(path)):
                groups.setdefault(feature, []).append(path)
        for feature, paths in groups.items():
            if len(paths) >= 2 or (root / layer / feature / "__init__.py").is_file():
                moves.update({p: f"{layer}/{feature}/{Path(p).name}" for p in paths})
    return moves


def plan(root: Path) -> Plan:
    """Where each loose module goes; what no rule places is listed, not guessed."""
    out = Plan({old: new for old, new in ELSEWHERE.items() if (root / old).exists()})
    out.moves.update(feature_moves(root))
    for folder, topics in DRAWERS.items():
        for path in (p for p in loose(root, folder) if p not in out.moves):
            name = name_of(path)
            if not path.endswith(".py") and (name in topics or name in FEATURES):
                continue  # a folder of this layout: already in its place
            topic = next((t for t, entries in topics.items() if matches(name, entries)), "?")
            if topic == "?":
                out.unplaced.append(path)
            elif topic is not None:
                out.moves[path] = f"{folder}/{topic}/{Path(path).name}"
    return out


def dotted(path: str) -> str:
    """app/core/x.py or app/core/x (a package) → app.core.x"""
    return path.removesuffix(".py").replace("/", ".")


def test_moves(root: Path, moves: dict[str, str]) -> dict[str, str]:
    """Each unit test follows its module: tests/unit/X/test_Y*.py for app/X/Y.py (or the
    tests/unit/<pkg>/ folder of a moved package)."""
    unit = root / "tests" / "unit"
    out = {}
    for test in sorted(unit.rglob("test_*.py")):
        rel = test.relative_to(unit)
        module = tested_module(root, rel)
        if module is None:
            continue
        mod = module.relative_to(root).as_posix()
        new = moves.get(mod) or next(
            (
                moves[p] + mod[len(p) :]
                for p in moves
                if not p.endswith(".py") and mod.startswith(p + "/")
            ),
            None,
        )
        if new is None:
            continue
        new_dir = Path(new).parent
        parts = new_dir.parts[1:] if new_dir.parts[0] == "app" else ("tests", *new_dir.parts[1:])
        out[test.relative_to(root).as_posix()] = (Path("tests/unit", *parts) / test.name).as_posix()
    return out


def longest(token: str, table: dict[str, str], sep: str) -> str:
    """`token` with its longest head that `table` knows replaced: app.a.b.C → app.x.b.C."""
    parts = token.split(sep)
    for i in range(len(parts), 1, -1):
        head = sep.join(parts[:i])
        if head in table:
            return sep.join([table[head], *parts[i:]])
    return token


class Rewriter:
    """Rewrites one text: the dotted names and the paths of moved modules and tests."""

    def __init__(self, moves: dict[str, str]) -> None:
        self.names = {dotted(o): dotted(n) for o, n in moves.items()}
        self.paths = {o.removesuffix(".py"): n.removesuffix(".py") for o, n in moves.items()}

    def __call__(self, text: str, with_paths: bool = True) -> str:
        # Dotted names first: `from app.core import problems` keeps `app.core`, then the
        # module imported by name is looked up whole (the other order rewrote it twice).
        text = DOTTED.sub(lambda m: self.dotted(m.group(0)), text)
        text = FROM_IMPORT.sub(self.from_import, text)
        if not with_paths:
            return text
        text = JOINED.sub(lambda m: self.joined(m.group(0)), text)
        return PATH.sub(lambda m: self.path(m.group(0)), text)

    def dotted(self, token: str) -> str:
        if "\\." not in token:
            return longest(token, self.names, ".")
        return longest(token.replace("\\.", "."), self.names, ".").replace(".", "\\.")

    def from_import(self, m: re.Match[str]) -> str:
        # `from app.core import port_check, settings`: a module imported by name moved; it
        # gets its own line (ruff sorts them after).
        indent, package = m.group(1), m.group(2)
        items = [i.strip() for i in (m.group(3) or m.group(4)).split(",") if i.strip()]
        stay, lines = [], []
        for item in items:
            name, _, alias = item.partition(" as ")
            new = self.names.get(f"{package}.{name.strip()}")
            if new is None:
                stay.append(item)
                continue
            parent, _, leaf = new.rpartition(".")
            lines.append(f"{indent}from {parent} import {leaf}" + (f" as {alias}" if alias else ""))
        if not lines:
            return m.group(0)
        if stay:
            lines.insert(0, f"{indent}from {package} import {', '.join(stay)}")
        return "\n".join(lines)

    def joined(self, token: str) -> str:
        parts = [p.strip().strip('"') for p in token.split("/")]
        new = self.path("/".join(parts)).split("/")
        return " / ".join(f'"{p}"' for p in new) if new != parts else token

    def path(self, token: str) -> str:
        stem, dot, suffix = token.rpartition(".") if token.endswith(".py") else (token, "", "")
        return longest(stem, self.paths, "/") + (dot + suffix if dot else "")


def rewrap(text: str) -> str:
    """Split the lines a longer name pushed past LIMIT where that is safe: a whole-line
    comment, a line of a docstring, a lone string literal inside brackets. Others are left
    for `ruff check` to name."""
    lines = text.split("\n")
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    docs: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docs.update(range(value.lineno, (value.end_lineno or value.lineno) + 1))
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        rest: str | None = line
        while rest is not None:
            head, rest = split_line(rest, number in docs, out[-1] if out else "")
            out.append(head)
    return "\n".join(out)


def split_line(line: str, in_docstring: bool, before: str) -> tuple[str, str | None]:
    """(the line up to LIMIT, what goes on the next line) or (line, None) if it fits or
    cannot be split safely."""
    cut = line.rfind(" ", 0, LIMIT + 1)
    indent = len(line) - len(line.lstrip())
    stripped = line.strip()
    if len(line) <= LIMIT or cut <= indent + 2:
        return line, None
    if stripped.startswith("#"):
        return line[:cut].rstrip(), " " * indent + "# " + line[cut + 1 :]
    if in_docstring:
        return line[:cut].rstrip(), " " * indent + line[cut + 1 :]
    if re.fullmatch(r'"[^"\\{}]*",?', stripped) and before.rstrip()[-1:] in "([,":
        return line[: cut + 1] + '"', " " * indent + '"' + line[cut + 1 :]
    return line, None


PARENTS = re.compile(r"(__file__\)(?:\.resolve\(\))?\.parents\[)(\d+)\]")


def deeper(depth: int) -> Callable[[re.Match[str]], str]:
    return lambda m: f"{m.group(1)}{int(m.group(2)) + depth}]"


def keep_anchors(root: Path, moves: dict[str, str]) -> None:
    """`Path(__file__).parents[N]` (a test finding the repository) counts folders: a module
    that moved deeper counts as many more."""
    for old, new in moves.items():
        depth = len(Path(new).parts) - len(Path(old).parts)
        files = [root / new] if new.endswith(".py") else sorted((root / new).rglob("*.py"))
        for path in files if depth else []:
            text = path.read_text(encoding="utf-8")
            fixed = PARENTS.sub(deeper(depth), text)
            if fixed != text:
                path.write_text(fixed, encoding="utf-8")


def text_files(root: Path) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=root, check=True, capture_output=True, text=True
    ).stdout.split("\0")
    return [
        root / f
        for f in listed
        if f
        and (Path(f).suffix in TEXT_SUFFIXES or Path(f).name in TEXT_NAMES)
        and (root / f).is_file()
    ]


def new_packages(root: Path, moves: dict[str, str]) -> list[Path]:
    """Every folder a move creates under app/ or tests/ that is not yet a package."""
    folders = set()
    for new in moves.values():
        folder = Path(new).parent
        while folder.parts and folder.parts[0] in ("app", "tests") and len(folder.parts) > 1:
            folders.add(folder)
            folder = folder.parent
    return sorted(f for f in folders if not (root / f / "__init__.py").exists())


def docstring(folder: Path) -> str:
    key = folder.as_posix()
    if key in DOCSTRINGS:
        return DOCSTRINGS[key]
    if key.startswith("tests/"):
        return f"Tests of {key.removeprefix('tests/unit/').replace('/', '.')}."
    return f"The {folder.name} feature's part of {folder.parent.as_posix().replace('/', '.')}."


def widen_contract(root: Path, moves: dict[str, str]) -> None:
    """An ignore_imports line `X -> app.pkg.**` covered modules that moved out of app.pkg:
    name each new place the importers (X) actually import, so the contract means the same."""
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    line_re = re.compile(r'^(\s*)"(app\.[\w.]+)\.\*\* -> (app\.[\w.]+)\.\*\*",\n', re.M)
    added = []
    for m in line_re.finditer(text):
        indent, importer, target = m.groups()
        moved = {
            dotted(n)
            for o, n in moves.items()
            if o.endswith(".py") and dotted(o).startswith(target + ".")
        }
        sources = (root / importer.replace(".", "/")).rglob("*.py")
        used = {t for f in sources for t in IMPORTED.findall(f.read_text(encoding="utf-8"))}
        for name in sorted(moved & used):
            line = f'{indent}"{importer}.** -> {name}",\n'
            if line not in text:
                added.append((m.end(), line))
    for pos, line in sorted(added, reverse=True):
        text = text[:pos] + line + text[pos:]
    pyproject.write_text(text, encoding="utf-8")


OWN = {
    Path(__file__).resolve(),
    Path(__file__).resolve().parent.parent / "tests/unit/scripts/test_relayout.py",
}


def rewrite_texts(root: Path, moves: dict[str, str]) -> None:
    rewrite = Rewriter(moves)
    for path in text_files(root):
        if path.resolve() in OWN:
            continue  # its rules, and its test's made-up tree, name the old places
        text = path.read_text(encoding="utf-8")
        # The scripts' tests build made-up trees in tmp_path: their paths are not ours.
        new = rewrite(text, with_paths=not path.is_relative_to(root / "tests/unit/scripts"))
        if new != text and path.suffix == ".py":
            new = rewrap(new)
        if new != text:
            path.write_text(new, encoding="utf-8")


def typecheck_elsewhere(root: Path, moves: dict[str, str]) -> None:
    """mypy checked the test machinery as part of app/: name its new file in mypy's list."""
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    for new in (moves[old] for old in ELSEWHERE if old in moves):
        if f'"{new}"' not in text:
            text = text.replace('"app/launcher.py",', f'"app/launcher.py", "{new}",', 1)
    pyproject.write_text(text, encoding="utf-8")


def apply(root: Path, moves: dict[str, str]) -> None:
    rewrite_texts(root, moves)
    for old, new in moves.items():
        (root / new).parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", old, new], cwd=root, check=True)
    keep_anchors(root, moves)
    for folder in new_packages(root, moves):
        init = root / folder / "__init__.py"
        init.write_text(f'"""{docstring(folder)}"""\n', encoding="utf-8")
        subprocess.run(["git", "add", str(init.relative_to(root))], cwd=root, check=True)
    widen_contract(root, moves)
    typecheck_elsewhere(root, moves)
    # Longer names reorder and rewrap imports: ruff puts them back in the house style (on a
    # tree that passed `ruff format --check` it changes nothing else).
    ruff = [sys.executable, "-m", "ruff"]
    folders = [f for f in ("app", "tests", "scripts", "bench") if (root / f).is_dir()]
    fix = [*ruff, "check", "--quiet", "--select", "I001", "--fix", *folders]
    subprocess.run(fix, cwd=root, check=False)  # fails on what it cannot fix: the gate says
    subprocess.run([*ruff, "format", "--quiet", *folders], cwd=root, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print the moves, change nothing")
    parser.add_argument(
        "--check", action="store_true", help="like --dry-run, and exit 1 if anything would move"
    )
    args = parser.parse_args()
    root = Path.cwd()
    todo = plan(root)
    for path in todo.unplaced:
        print(
            f"no rule places {path}: add one to FEATURES or DRAWERS in {__file__}", file=sys.stderr
        )
    if todo.unplaced:
        return 1
    moves = todo.moves | test_moves(root, todo.moves)
    for old, new in moves.items():
        print(f"{old} -> {new}")
    if args.check or args.dry_run:
        return 1 if moves and args.check else 0
    if moves:
        apply(root, moves)
    return 0


if __name__ == "__main__":
    sys.exit(main())
