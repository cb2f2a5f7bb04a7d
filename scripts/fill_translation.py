"""Write a language's translations from a Python dict into its Qt Linguist file.

Usage: python scripts/fill_translation.py LANG            fill translations/vllm_tray_LANG.ts
       python scripts/fill_translation.py LANG --missing  list what is still untranslated
       python scripts/fill_translation.py LANG --prune    also drop the entries of LANG.py
                                                          whose English the code no longer has

translations/LANG.py defines UI (and may define PROBLEMS and CONTEXT): {English source: text},
a tuple (singular, plural, …) for a numerus message (%n), and CONTEXT {(context, source): text}
for the few sources whose translation depends on where they appear. Every message found there
is written and marked finished; the others are left as they are (translated in Qt Linguist, or
still unfinished). --missing prints the unfinished ones as dict lines to paste and translate.
The file is first brought up to date with the code (lupdate), and written in lupdate's layout.
"""

from __future__ import annotations

import ast
import runpy
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.translations import ENGLISH_PLURALS, TS_DIR, run_lupdate  # noqa: E402

Text = str | tuple[str, ...]


def load(language: str) -> tuple[dict[str, Text], dict[tuple[str, str], Text]]:
    namespace: dict[str, Any] = runpy.run_path(str(TS_DIR / f"{language}.py"))
    plain: dict[str, Text] = {**namespace.get("UI", {}), **namespace.get("PROBLEMS", {})}
    return plain, dict(namespace.get("CONTEXT", {}))


def is_unfinished(message: ET.Element) -> bool:
    translation = message.find("translation")
    if translation is None or translation.get("type") == "unfinished":
        return True
    forms = translation.findall("numerusform")
    texts = [f.text or "" for f in forms] if forms else [translation.text or ""]
    return not all(t.strip() for t in texts)


def write(message: ET.Element, text: Text) -> None:
    translation = message.find("translation")
    if translation is None:
        translation = ET.SubElement(message, "translation")
    translation.attrib.pop("type", None)
    forms = translation.findall("numerusform")
    if message.get("numerus") == "yes":
        if not forms:
            forms = [ET.SubElement(translation, "numerusform") for _ in range(2)]
        variants = (text,) if isinstance(text, str) else text
        for i, form in enumerate(forms):
            form.text = variants[min(i, len(variants) - 1)]
    else:
        translation.text = text if isinstance(text, str) else text[-1]


def prune(language: str, used: set[str]) -> list[str]:
    """Remove from LANG.py each one-line entry whose English source is not in `used`."""
    path = TS_DIR / f"{language}.py"
    kept: list[str] = []
    dropped: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        try:
            entry = ast.literal_eval("{" + line.strip().rstrip(",") + "}")
        except (SyntaxError, ValueError):
            entry = None
        key = next(iter(entry), None) if isinstance(entry, dict) and len(entry) == 1 else None
        if isinstance(key, str) and key not in used:
            dropped.append(key)
        else:
            kept.append(line)
    path.write_text("".join(kept), encoding="utf-8")
    return dropped


def sources_in(path: Path) -> set[str]:
    return {m.findtext("source") or "" for m in ET.parse(path).getroot().iter("message")}


def fill(language: str) -> tuple[int, list[tuple[str, str]]]:
    path = TS_DIR / f"vllm_tray_{language}.ts"
    plain, by_context = load(language)
    plural_only = language == ENGLISH_PLURALS  # English needs its plural forms only
    run_lupdate([path], plural_only=plural_only)  # new strings arrive unfinished
    tree = ET.parse(path)
    written = 0
    missing: list[tuple[str, str]] = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            text = by_context.get((name, source), plain.get(source))
            if text is not None:
                write(message, text)
                written += 1
            elif is_unfinished(message):
                missing.append((name, source))
    ET.indent(tree)
    body = ET.tostring(tree.getroot(), encoding="unicode")
    path.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n', "utf-8")
    run_lupdate([path], plural_only=plural_only)  # lupdate's layout: its next run keeps it
    return written, missing


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    language = argv[1]
    written, missing = fill(language)
    if "--missing" in argv[2:]:
        for context, source in missing:
            print(f"    {source!r}: '',  # {context}")
    plain, by_context = load(language)
    used = sources_in(TS_DIR / f"vllm_tray_{language}.ts")
    unused = [s for s in [*plain, *(s for _, s in by_context)] if s not in used]
    if "--prune" in argv[2:]:
        for source in prune(language, used):
            print(f"dropped from {language}.py: {source!r}", file=sys.stderr)
    elif unused:
        print(
            f"{language}.py: {len(unused)} entries the code no longer has (--prune)",
            file=sys.stderr,
        )
    print(f"vllm_tray_{language}.ts: {written} translated, {len(missing)} missing", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
