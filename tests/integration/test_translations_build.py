"""Translations as shipped (issue 22, item 4): the completeness check, the wheel's catalogues."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from scripts.translations import shipped_languages, sources, tool, unextracted

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "translations.py"

TEMPLATE = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {name}?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
"""


def german(load: str, delete: str, delete_type: str = "") -> str:
    kind = f' type="{delete_type}"' if delete_type else ""
    return f"""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Load</source>
        <translation>{load}</translation>
    </message>
    <message>
        <source>Delete {{name}}?</source>
        <translation{kind}>{delete}</translation>
    </message>
</context>
</TS>
"""


def check(ts_dir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "check-languages", "--ts-dir", str(ts_dir), *extra],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def fixture(tmp_path: Path, german_ts: str, languages: str = "de\n") -> Path:
    (tmp_path / "vllm_tray.ts").write_text(TEMPLATE, encoding="utf-8")
    (tmp_path / "vllm_tray_de.ts").write_text(german_ts, encoding="utf-8")
    (tmp_path / "LANGUAGES").write_text(languages, encoding="utf-8")
    return tmp_path


def test_one_untranslated_string_fails_the_check(tmp_path: Path) -> None:
    ts_dir = fixture(tmp_path, german("&amp;Laden", "", "unfinished"))
    proc = check(ts_dir)
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == [
        "vllm_tray_de.ts: untranslated: [MainWindow] Delete {name}?"
    ]


def test_a_complete_language_passes_and_a_lost_placeholder_does_not(tmp_path: Path) -> None:
    assert check(fixture(tmp_path, german("&amp;Laden", "{name} löschen?"))).returncode == 0
    broken = check(fixture(tmp_path, german("&amp;Laden", "Löschen?")))
    assert broken.returncode == 1
    assert "placeholders differ: [MainWindow] Delete {name}?" in broken.stderr


def test_only_listed_languages_are_checked(tmp_path: Path) -> None:
    """Shipping a language is one line in LANGUAGES; an unlisted draft is not held to it."""
    ts_dir = fixture(tmp_path, german("", "", "unfinished"), languages="# none yet\n")
    assert check(ts_dir).returncode == 0
    (ts_dir / "LANGUAGES").write_text("# none yet\nde\n", encoding="utf-8")
    assert check(ts_dir).returncode == 1
    assert check(ts_dir, "--shipped", "de").returncode == 1
    missing = check(ts_dir, "--shipped", "fr")
    assert "vllm_tray_fr.ts: missing" in missing.stderr


def test_a_string_lupdate_skips_fails_the_check(tmp_path: Path) -> None:
    """lupdate's Python parser drops a translate() call that has a call among its arguments,
    and cannot see through a wrapper function; `check` names both instead of letting their
    strings stay English in every language."""
    code = tmp_path / "window.py"
    code.write_text(
        "from PySide6.QtCore import QCoreApplication\n"
        "translate = QCoreApplication.translate\n"
        "def outcome(found: list[str]) -> str:\n"
        "    count = len(found)\n"
        '    seen = translate("W", "%n problem(s) to fix.", None, count)\n'
        '    return seen + translate("W", "%n problem(s) left.", None, len(found))\n'
        "def _tr(text: str) -> str:\n"
        '    return translate("W", text)\n',
        encoding="utf-8",
    )
    ts = tmp_path / "out.ts"
    subprocess.run(
        [tool("pyside6-lupdate"), str(code), "-silent", "-ts", str(ts)], check=True, timeout=60
    )
    extracted = {text for _, text in sources(ts)}
    assert extracted == {"%n problem(s) to fix."}
    assert unextracted(tmp_path, extracted) == [
        f"{code}:6: lupdate skips '%n problem(s) left.'",
        f"{code}:8: lupdate cannot see what this wrapper gets",
    ]


def test_the_wheel_ships_the_compiled_catalogues(tmp_path: Path) -> None:
    """`pip wheel .` compiles the committed .ts files (setup.py) into the package."""
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=540,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = tmp_path.glob("vllm_tray-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    catalogues = {n for n in names if n.startswith("app/gui/translations/")}
    expected = {
        f"app/gui/translations/vllm_tray_{lang}.qm"
        for lang in [*shipped_languages(), "en_XA", "en"]  # en: English plural forms
    }
    assert catalogues == expected
