"""Translation sources: extract (.ts), fill the pseudo-locale, compile (.qm), check freshness.

Usage: python scripts/translations.py update | release | check
       python scripts/translations.py check-languages [--ts-dir DIR] [--shipped de,zh_CN]

- update:  pyside6-lupdate over app/gui plus every problem template the core marks with
           tr_noop() (lupdate cannot see through that alias, so they are passed to it as
           QT_TRANSLATE_NOOP("problems", ...) in a generated file); writes translations/*.ts
           (the template, the pseudo-locale and every shipped language: new strings arrive
           there marked unfinished) and fills translations/vllm_tray_en_XA.ts with stretched
           pseudo-translations.
- release: pyside6-lrelease every translations/vllm_tray_<lang>.ts into
           app/gui/translations/vllm_tray_<lang>.qm (package data; built, not committed;
           building the package does the same for the shipped ones, see setup.py).
- check:   exit 1 when translations/vllm_tray.ts misses strings the code has (stale sources),
           when app/gui marks a string lupdate cannot extract (a tr()/translate() call with a
           call among its arguments, or a wrapper function around them), when a translated
           text is joined to another into one sentence (`text + " " + self.tr(…)`: its word
           order would be English in every language), or when a shipped language
           (translations/LANGUAGES) is not complete.
- check-languages: only the second half, on DIR's vllm_tray.ts and vllm_tray_<lang>.ts.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.gui.i18n import ENGLISH_PLURALS, PSEUDO_LOCALE, QM_PREFIX, pseudo_translate  # noqa: E402

TS_DIR = ROOT / "translations"
LANGUAGES_FILE = "LANGUAGES"  # the shipped languages, one code a line
QM_DIR = ROOT / "app" / "gui" / "translations"
TEMPLATE = TS_DIR / "vllm_tray.ts"  # the source catalogue translators start from
PSEUDO = TS_DIR / f"{QM_PREFIX}{PSEUDO_LOCALE}.ts"
# English needs a catalogue too, for its plural forms only ("1 model", "2 models"): Qt
# replaces %n in the source and keeps "model(s)" where no catalogue gives the forms. It is
# lupdate -pluralonly's file, filled from translations/en.py, and loaded under every language
# (app.gui.i18n), so a language without a catalogue of its own gets English plurals.
PLURALS = TS_DIR / f"{QM_PREFIX}{ENGLISH_PLURALS}.ts"


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6-Essentials (it ships the tool)")
    return found


def tr_noop_strings(root: Path) -> list[str]:
    """Every literal passed to tr_noop(...) under `root`, in file order, without repeats."""
    found: dict[str, None] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "tr_noop"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found[node.args[0].value] = None
    return list(found)


def run_lupdate(ts_files: list[Path], *, plural_only: bool = False) -> None:
    """Bring `ts_files` up to date with the code (`plural_only`: its %n messages alone)."""
    with tempfile.TemporaryDirectory() as tmp:
        marks = Path(tmp) / "problem_strings.py"
        lines = [f"QT_TRANSLATE_NOOP({'problems'!r}, {s!r})" for s in tr_noop_strings(ROOT / "app")]
        marks.write_text("\n".join(lines) + "\n", encoding="utf-8")
        sources = sorted(str(p) for p in (ROOT / "app" / "gui").rglob("*.py"))
        subprocess.run(
            [
                tool("pyside6-lupdate"),
                *sources,
                str(marks),
                "-locations",
                "none",
                "-no-obsolete",
                "-silent",
                *(["-pluralonly"] if plural_only else []),
                "-ts",
                *map(str, ts_files),
            ],
            check=True,
        )


def fill_pseudo(path: Path) -> None:
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", PSEUDO_LOCALE)
    for message in root.iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        if translation is None:
            translation = ET.SubElement(message, "translation")
        translation.attrib.pop("type", None)
        forms = translation.findall("numerusform")
        if forms:
            for form in forms:
                form.text = pseudo_translate(source)
        else:
            translation.text = pseudo_translate(source)
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)


def sources(path: Path, *, plurals_only: bool = False) -> set[tuple[str, str]]:
    root = ET.parse(path).getroot()
    return {
        (context.findtext("name") or "", message.findtext("source") or "")
        for context in root.iter("context")
        for message in context.iter("message")
        if not plurals_only or message.get("numerus") == "yes"
    }


def shipped_languages(ts_dir: Path = TS_DIR) -> list[str]:
    """translations/LANGUAGES: one language code a line; # starts a comment."""
    path = ts_dir / LANGUAGES_FILE
    if not path.is_file():
        return []
    lines = (line.split("#")[0].strip() for line in path.read_text("utf-8").splitlines())
    return [line for line in lines if line]


_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _texts(translation: ET.Element) -> list[str]:
    forms = translation.findall("numerusform")
    return [f.text or "" for f in forms] if forms else [translation.text or ""]


def language_problems(ts: Path, template: Path, *, plurals_only: bool = False) -> list[str]:
    """Why the language file `ts` is not ready to ship: strings of the template it lacks
    (`plurals_only`: of its plural messages), strings it leaves untranslated, translations
    that drop or add a {placeholder}."""
    if not ts.is_file():
        return [f"{ts.name}: missing (every shipped language needs its .ts)"]
    found: list[str] = []
    missing = sources(template, plurals_only=plurals_only) - sources(ts)
    found += [f"{ts.name}: not in the file yet: [{c}] {t}" for c, t in sorted(missing)]
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            texts = _texts(translation) if translation is not None else [""]
            if kind == "unfinished" or not all(t.strip() for t in texts):
                found.append(f"{ts.name}: untranslated: [{name}] {source}")
                continue
            wanted = sorted(_PLACEHOLDER.findall(source))
            for text in texts:
                if sorted(_PLACEHOLDER.findall(text)) != wanted:
                    found.append(f"{ts.name}: placeholders differ: [{name}] {source} → {text}")
    return found


def check_languages(ts_dir: Path = TS_DIR, languages: list[str] | None = None) -> int:
    template = ts_dir / TEMPLATE.name
    problems = [
        line
        for language in (shipped_languages(ts_dir) if languages is None else languages)
        for line in language_problems(ts_dir / f"{QM_PREFIX}{language}.ts", template)
    ]
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


def update() -> None:
    TS_DIR.mkdir(exist_ok=True)
    shipped = [TS_DIR / f"{QM_PREFIX}{lang}.ts" for lang in shipped_languages()]
    run_lupdate([TEMPLATE, PSEUDO, *shipped])
    run_lupdate([PLURALS], plural_only=True)
    fill_pseudo(PSEUDO)
    print(f"{TEMPLATE}: {len(sources(TEMPLATE))} strings; pseudo-locale in {PSEUDO.name}")


def release(out: Path = QM_DIR) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for ts in sorted(TS_DIR.glob(f"{QM_PREFIX}*.ts")):
        qm = out / (ts.stem + ".qm")
        subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
        written.append(qm)
        print(qm)
    return written


def _translated_literal(node: ast.Call) -> str | None:
    """The source text of a self.tr("…") or translate("Context", "…", …) call, if literal."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    position = {"tr": 0, "translate": 1}.get(name)
    if position is None or len(node.args) <= position:
        return None
    arg = node.args[position]
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def _is_wrapper(node: ast.Call) -> bool:
    """translate("Context", text) or self.tr(text) with a variable text: a wrapper function
    whose callers' strings lupdate never sees. (The core's templates come with the context
    name TRANSLATION_CONTEXT, not a literal: tr_noop marks those.)"""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    args = node.args
    if name == "tr" and isinstance(func, ast.Name) and len(args) >= 2:
        return True  # an alias of translate(context, text): lupdate reads tr(text, comment)
    if name == "tr":
        return bool(args) and not isinstance(args[0], ast.Constant)
    return (
        name == "translate"
        and len(args) >= 2
        and isinstance(args[0], ast.Constant)
        and isinstance(args[0].value, str)
        and not isinstance(args[1], ast.Constant)
    )


def unextracted(root: Path, extracted: set[str]) -> list[str]:
    """Strings under `root` marked for translation that lupdate did not extract. Its Python
    parser skips some calls (one with a call among its arguments, such as len(found)) and
    cannot follow a wrapper function; such a string would stay English in every language
    without any other check noticing."""
    found: list[tuple[Path, int, str]] = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call):
                continue
            text = _translated_literal(node)
            if text is not None and text not in extracted:
                found.append((where, node.lineno, f"lupdate skips {text!r}"))
            elif _is_wrapper(node):
                found.append((where, node.lineno, "lupdate cannot see what this wrapper gets"))
    return [f"{where}:{line}: {what}" for where, line, what in sorted(found)]


def _translates(node: ast.AST, names: set[str]) -> bool:
    """`node` is a translated text: a tr()/translate() call, one's .format(…), or a name
    given one in the same function."""
    if isinstance(node, ast.Name):
        return node.id in names
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "format":
        return _translates(func.value, names)
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in ("tr", "translate")


def _glued_in(scope: ast.AST) -> list[int]:
    """Lines in `scope` (not in functions nested in it) that join a translated text to
    another text with `+`, `+=` or an f-string. (A separator joining whole phrases,
    `" · ".join(items)`, makes a list, not a sentence.)"""
    names: set[str] = set()
    found: list[int] = []
    nodes: list[ast.AST] = list(ast.iter_child_nodes(scope))
    while nodes:
        node = nodes.pop(0)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue  # a scope of its own
        nodes[:0] = list(ast.iter_child_nodes(node))
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and _translates(node.value, names)
        ):
            names.add(node.targets[0].id)
        parts: list[ast.AST] = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            parts = _added(node)
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            parts = [node.target, *_added(node.value)]
        elif isinstance(node, ast.JoinedStr):
            parts = [v.value if isinstance(v, ast.FormattedValue) else v for v in node.values]
        if any(_translates(part, names) for part in parts) and not _layout_only(parts):
            found.append(node.lineno)
    return found


def _added(node: ast.expr) -> list[ast.expr]:
    """The operands of a chain a + b + c."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [*_added(node.left), *_added(node.right)]
    return [node]


def _layout_only(parts: list[ast.AST]) -> bool:
    """Pieces put on lines of their own, or wrapped in Markdown emphasis or a quote: each
    stays whole, none is glued into another's sentence."""
    glue = [p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)]
    return bool(glue) and all(set(g) <= set(" \n*_>") and (set(g) & set("\n*_>")) for g in glue)


def glued(root: Path) -> list[str]:
    """Sentences glued together from translated pieces under `root`: each piece is
    translated alone, so their order and the words between them are English in every
    language. A whole sentence is one translatable template with placeholders."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        scopes = [
            tree,
            *(
                n
                for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda)
            ),
        ]
        lines = sorted({line for scope in scopes for line in _glued_in(scope)})
        found += [f"{where}:{line}: a translated text joined to another text" for line in lines]
    return found


def check() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.ts"
        run_lupdate([fresh])
        missing = sources(fresh) - sources(TEMPLATE)
        skipped = unextracted(ROOT / "app" / "gui", {text for _, text in sources(fresh)})
        singular = {m for m in sources(fresh) if "%n" in m[1]} - sources(fresh, plurals_only=True)
    for context, text in sorted(singular):
        # lupdate takes a plural from self.tr(text, "", n) in a QObject class, not from
        # translate(context, text, None, n) with a variable n: see
        # app/gui/cluster/cluster_outcome.py.
        print(
            f"not a plural message (use self.tr(text, '', n)): [{context}] {text}", file=sys.stderr
        )
    for context, text in sorted(missing):
        print(f"not in {TEMPLATE.name}: [{context}] {text}", file=sys.stderr)
    if missing:
        print("run: python scripts/translations.py update", file=sys.stderr)
    for line in skipped:
        print(line, file=sys.stderr)
    if skipped:
        print(
            "call translate()/tr() with literal strings and no call among the arguments",
            file=sys.stderr,
        )
    plurals = language_problems(PLURALS, TEMPLATE, plurals_only=True)  # English's forms
    for line in plurals:
        print(line, file=sys.stderr)
    glue = glued(ROOT / "app")
    for line in glue:
        print(line, file=sys.stderr)
    if glue:
        print("make each sentence one translatable template with placeholders", file=sys.stderr)
    failed = missing or skipped or singular or plurals or glue
    return 1 if failed or check_languages() or check_setting_languages() else 0


def check_setting_languages(ts_dir: Path = TS_DIR) -> int:
    """The setting gui.language accepts the shipped languages: app.core.settings.setting_spec keeps
    their list (an installed app has no translations/ folder) and must name the same."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from app.core.settings.setting_spec import SHIPPED_LANGUAGES

    shipped = shipped_languages(ts_dir)
    if sorted(shipped) == sorted(SHIPPED_LANGUAGES):
        return 0
    print(
        f"translations/{LANGUAGES_FILE} ships {shipped}, but SHIPPED_LANGUAGES in "
        f"app/core/settings/setting_spec.py names {list(SHIPPED_LANGUAGES)}: make them the same",
        file=sys.stderr,
    )
    return 1


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else ""
    if command == "update":
        update()
        return 0
    if command == "release":
        release()
        return 0
    if command == "check":
        return check()
    if command == "check-languages":
        options = argparse.ArgumentParser(prog="translations.py check-languages")
        options.add_argument("--ts-dir", type=Path, default=TS_DIR)
        options.add_argument("--shipped", help="comma-separated codes (default: LANGUAGES)")
        parsed = options.parse_args(argv[2:])
        languages = parsed.shipped.split(",") if parsed.shipped else None
        return check_languages(parsed.ts_dir, languages)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
