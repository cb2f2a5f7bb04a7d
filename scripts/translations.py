"""Translation sources: extract (.ts), fill the pseudo-locale, compile (.qm), check freshness.

Usage: python scripts/translations.py update | release | check

- update:  pyside6-lupdate over app/gui plus every problem template the core marks with
           tr_noop() (lupdate cannot see through that alias, so they are passed to it as
           QT_TRANSLATE_NOOP("problems", ...) in a generated file); writes translations/*.ts
           and fills translations/vllm_tray_en_XA.ts with stretched pseudo-translations.
- release: pyside6-lrelease every translations/vllm_tray_<lang>.ts into
           app/gui/translations/vllm_tray_<lang>.qm (package data; built, not committed).
- check:   exit 1 when translations/vllm_tray.ts misses strings the code has (stale sources).
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.gui.i18n import PSEUDO_LOCALE, QM_PREFIX, pseudo_translate  # noqa: E402

TS_DIR = ROOT / "translations"
QM_DIR = ROOT / "app" / "gui" / "translations"
TEMPLATE = TS_DIR / "vllm_tray.ts"  # the source catalogue translators start from
PSEUDO = TS_DIR / f"{QM_PREFIX}{PSEUDO_LOCALE}.ts"


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


def run_lupdate(ts_files: list[Path]) -> None:
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


def sources(path: Path) -> set[tuple[str, str]]:
    root = ET.parse(path).getroot()
    return {
        (context.findtext("name") or "", message.findtext("source") or "")
        for context in root.iter("context")
        for message in context.iter("message")
    }


def update() -> None:
    TS_DIR.mkdir(exist_ok=True)
    run_lupdate([TEMPLATE, PSEUDO])
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


def check() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.ts"
        run_lupdate([fresh])
        missing = sources(fresh) - sources(TEMPLATE)
    for context, text in sorted(missing):
        print(f"not in {TEMPLATE.name}: [{context}] {text}", file=sys.stderr)
    if missing:
        print("run: python scripts/translations.py update", file=sys.stderr)
    return 1 if missing else 0


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
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
