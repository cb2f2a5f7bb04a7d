"""Translations: problems and fixes through Qt's translator, the pseudo-locale, formatting."""

from __future__ import annotations

import shutil
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from pytestqt.qtbot import QtBot

from app.core.problems.problems import Fix, Problem, tr_noop
from app.gui.i18n import (
    PSEUDO_LOCALE,
    PseudoTranslator,
    fix_text,
    format_bytes,
    format_duration,
    format_gb,
    format_int,
    format_percent,
    format_speed,
    install_translators,
    number_locale,
    problem_text,
    pseudo_translate,
)

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "translations"


def lrelease() -> str:
    found = shutil.which("pyside6-lrelease", path=str(Path(sys.executable).parent))
    found = found or shutil.which("pyside6-lrelease")
    assert found, "pyside6-lrelease ships with PySide6-Essentials"
    return found


def plain_fields(template: str) -> list[str]:
    """The template's field names when all are plain `{name}` fields, else []."""
    fields = [
        (name, spec, conversion)
        for _text, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    ]
    if any(spec or conversion for _name, spec, conversion in fields):
        return []
    return [name for name, _spec, _conversion in fields]


@pytest.fixture
def installed(qapp: QCoreApplication) -> Iterator[list[QTranslator]]:
    translators: list[QTranslator] = []
    yield translators
    for translator in translators:
        qapp.removeTranslator(translator)


def test_pseudo_translation_stretches_but_keeps_placeholders_and_markup() -> None:
    source = "Set {key} to {value:.2f} for %n models: <b>&Apply</b> &amp; go"
    out = pseudo_translate(source)
    assert out.startswith("[") and out.endswith("]")
    assert len(out) >= len(source) * 1.4
    for kept in ("{key}", "{value:.2f}", "%n", "<b>", "</b>", "&amp;"):
        assert kept in out
    assert "Set" not in out  # letters are accented, so untranslated text stands out


def test_problems_are_translated_in_their_context(
    qapp: QCoreApplication, installed: list[QTranslator], tmp_path: Path
) -> None:
    # Take a problem template from the committed catalogue and compile the pseudo-locale.
    root = ET.parse(TS / "vllm_tray.ts").getroot()
    context = next(c for c in root.iter("context") if c.findtext("name") == "problems")
    templates = [m.findtext("source") or "" for m in context.iter("message")]
    template = next(t for t in templates if "{model}" in t and plain_fields(t))
    qm = tmp_path / "pseudo.qm"
    subprocess.run(
        [lrelease(), "-silent", str(TS / f"vllm_tray_{PSEUDO_LOCALE}.ts"), "-qm", str(qm)],
        check=True,
    )
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    installed.append(translator)

    params = {field: f"<{field}>" for field in plain_fields(template)}
    params["model"] = "Qwen3.5-4B"
    text = problem_text(Problem("x.y", template, params))
    assert text.startswith("[") and "Qwen3.5-4B" in text and "{model}" not in text


def test_a_broken_translation_falls_back_to_english(
    qapp: QCoreApplication, installed: list[QTranslator]
) -> None:
    class Broken(QTranslator):
        def translate(self, context, source, disambiguation=None, n=-1):  # type: ignore[override]
            return "{missing_param}" if context == "problems" else ""

        def isEmpty(self) -> bool:
            return False

    broken = Broken()
    qapp.installTranslator(broken)
    installed.append(broken)
    p = Problem("x.y", "Port {port} is taken.", {"port": 8321})
    assert problem_text(p) == "Port 8321 is taken."


def test_fix_labels(qtbot: QtBot) -> None:
    del qtbot
    assert fix_text(Fix("set_setting", "models.gpu_memory_utilization", 0.78)) == (
        "Set GPU memory utilization to 0.78"
    )
    # The window names a model's option by its field's label, not its key.
    assert fix_text(Fix("set_model_option", "ctx_size", 16384)) == (
        "Set this model's Context size to 16384"
    )
    labelled = Fix("set_setting", "x", 3, label_template=tr_noop("Lower it to {value}"))
    assert fix_text(labelled) == "Lower it to 3"


def test_pseudo_locale_can_be_chosen(qapp: QCoreApplication, installed: list[QTranslator]) -> None:
    translators = install_translators(qapp, PSEUDO_LOCALE)
    installed.extend(translators)
    assert translators
    assert QCoreApplication.translate("MainWindow", "&Quit").startswith("[")
    assert any(isinstance(t, PseudoTranslator) for t in translators) or translators[-1].filePath()


def test_formatting(qtbot: QtBot) -> None:
    del qtbot
    assert format_bytes(12 * 1024**3) == "12.0 GiB"
    assert format_bytes(512 * 1024**2) == "512 MiB"
    assert format_bytes(None) == "unknown"
    assert format_bytes(300 * 1024) == "300 KiB"
    # One unit family in the whole GUI: catalog sizes (decimal GB) are shown in GiB too.
    assert format_gb(1.77) == "1.6 GiB" and format_gb(62.47) == "58.2 GiB"
    assert format_gb(None) == "—"
    assert format_speed(120e6) == "114 MiB/s" and format_speed(None) == ""
    assert format_percent(0.421) == "42 %" and format_percent(1.7) == "100 %"
    assert format_int(2433) == "2,433"
    assert format_duration(40) == "40 s" and format_duration(700) == "11 min 40 s"
    assert format_duration(130, coarse=True) == "2 min" and format_duration(660) == "11 min"
    assert format_duration(3900) == "1 h 5 min"


def test_an_unset_system_locale_writes_numbers_like_english() -> None:
    assert number_locale("C").toString(2433) == "2,433"
    assert number_locale("de_DE").toString(2433) == "2.433"
    assert number_locale("en_US").toString(1048576) == "1,048,576"


@pytest.mark.parametrize(
    "case",
    [
        ("en_US", "Not ready: 1 problem to fix first.", "Not ready: 4 problems to fix first."),
        # No catalogue of its own: English words, with English plural forms.
        ("fr_FR", "Not ready: 1 problem to fix first.", "Not ready: 4 problems to fix first."),
        (
            "de",
            "Nicht bereit: Zuerst 1 Problem beheben.",
            "Nicht bereit: Zuerst 4 Probleme beheben.",
        ),
    ],
)
def test_counted_sentences_take_each_languages_plural_forms(
    qapp: QCoreApplication,
    installed: list[QTranslator],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    case: tuple[str, str, str],
) -> None:
    """Issue 32 item 9: "4 problem(s)" in English and in German ("Problem(e)")."""
    from app.gui.cluster.cluster_outcome import COUNTS

    language, one, four = case

    for name in ("en", "de"):
        ts = TS / f"vllm_tray_{name}.ts"
        qm = tmp_path / f"vllm_tray_{name}.qm"
        subprocess.run([lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)
    monkeypatch.setenv("VLLM_TRAY_TRANSLATIONS", str(tmp_path))
    installed.extend(install_translators(qapp, language))
    assert COUNTS.problems(1) == one
    assert COUNTS.problems(4) == four
