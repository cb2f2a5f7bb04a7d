"""The app in German (issue 22, 4): the shipped catalogue, built from translations/vllm_tray_de.ts.

The window is started as run_gui starts it with the setting gui.language=de: the language
chosen from the setting, the app's and Qt's catalogues installed, numbers in German. The
catalogue is compiled here from the committed .ts file (as building the package does), so the
test reads what a user of the wheel reads. One more test starts `vllm-tray` itself with
gui.language=de in its settings.json and a C locale, and reads from its log that it loaded
the German catalogue.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app.core.events import ProcessStateChanged
from app.core.states import ProcessState
from app.gui.app import GuiApp
from app.gui.i18n import (
    LANG_ENV,
    QM_DIR_ENV,
    chosen_language,
    format_bytes,
    install_translators,
    number_locale,
)
from app.gui.model_table import Column
from app.gui.settings.models_page import ModelsPage
from app.supervisor.diagnosis import diagnose
from scripts.translations import TS_DIR, tool
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade
from tests.gui.test_language_start import settings, start_app

ROOT = Path(__file__).resolve().parents[2]
MODEL = "Qwen3.5-4B-FP16-vLLM"
# The real CPU engine's output for a context size over the model's limit (tests/real_engine).
CTX_OVER_LIMIT_LOG = ROOT / "tests" / "fakes" / "data" / "vllm_cpu_fail_ctx_over_limit.log"


@pytest.fixture
def german_catalogue(tmp_path: Path) -> Path:
    """translations/vllm_tray_de.ts compiled as the wheel's build compiles it."""
    folder = tmp_path / "qm"
    folder.mkdir()
    subprocess.run(
        [
            tool("pyside6-lrelease"),
            "-silent",
            str(TS_DIR / "vllm_tray_de.ts"),
            "-qm",
            str(folder / "vllm_tray_de.qm"),
        ],
        check=True,
    )
    return folder


@pytest.fixture
def german(
    qapp: QApplication, german_catalogue: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """What run_gui does with gui.language=de before it builds the window."""
    monkeypatch.delenv(LANG_ENV, raising=False)
    monkeypatch.setenv(QM_DIR_ENV, str(german_catalogue))
    language = chosen_language("de")  # the setting's value, as app/launcher.py passes it
    translators = install_translators(qapp, language)
    QLocale.setDefault(number_locale(language))
    try:
        yield language
    finally:
        for translator in translators:
            qapp.removeTranslator(translator)
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


@pytest.fixture
def german_gui(german: str, qtbot: QtBot, fake: FakeFacade, tmp_path: Path) -> Iterator[GuiApp]:
    assert german == "de"
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        yield gui
    finally:
        gui.close()


def test_the_main_window_speaks_german(qtbot: QtBot, german_gui: GuiApp) -> None:
    window = german_gui.window
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&Datei", "&Modell"]
    actions = window.actions_
    assert actions.download.text() == "&Herunterladen"
    assert actions.load.text() == "&Laden"
    assert actions.unload.text() == "&Entladen"
    table = window.table.model()
    assert table is not None
    assert [
        table.headerData(column, Qt.Orientation.Horizontal)
        for column in (Column.NAME, Column.STATE, Column.SIZE)
    ] == ["Name", "Zustand", "Größe"]
    # Sizes in German number format: a decimal comma.
    assert format_bytes(8.7 * 1024**3) == "8,7 GiB"
    labels = " ".join(label.text() for label in window.findChildren(QLabel))
    assert "Modelle im Speicher" in labels or "Kein Modell geladen." in labels


def test_the_settings_dialog_speaks_german(german_gui: GuiApp) -> None:
    dialog = german_gui.window.open_settings()
    try:
        pages = [dialog.page_list.item(i).text() for i in range(dialog.page_list.count())]
        assert pages == ["Modelle", "Endpunkt", "Grenzen", "Hugging Face", "Desktop"]
        models = dialog.page(ModelsPage)
        assert isinstance(models, ModelsPage)
        texts = {label.text() for label in models.findChildren(QLabel)}
        assert "&GPU-Speicherauslastung:" in texts
        assert "Standard-&Kontextlänge:" in texts
        models.utilization.edit.setText("1.5")
        assert "Sie haben 1.5 eingegeben" in " ".join(
            label.text() for label in models.findChildren(QLabel) if label.isVisibleTo(dialog)
        )
    finally:
        dialog.reject()


def test_a_failed_load_is_explained_in_german(
    qtbot: QtBot, german_gui: GuiApp, fake: FakeFacade
) -> None:
    """The real CPU engine's refusal of a too long context, diagnosed by the app, in German
    in the banner, with the fix's button in German too."""
    lines = CTX_OVER_LIMIT_LOG.read_text(encoding="utf-8").splitlines()
    failure = diagnose(lines, 1, model_id=MODEL)
    assert failure.code == "load.ctx_over_limit" and failure.fix is not None
    fake.publish_from_thread(
        ProcessStateChanged(MODEL, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(MODEL, ProcessState.STARTING, ProcessState.FATAL, problem=failure),
    )
    assert german_gui.window.select_model(MODEL)
    banner = german_gui.window.banner
    qtbot.waitUntil(banner.isVisible)
    limit = failure.params["limit"]
    assert banner.title.text() == f"{MODEL} konnte nicht starten"
    assert banner.message.text().startswith(
        f"Die Kontextlänge {failure.params['ctx_size']} ist größer, als dieses Modell "
        f"unterstützt ({limit}, "
    )
    assert banner.message.text().endswith(f"Setzen Sie die Kontextlänge auf {limit} oder weniger.")
    assert banner.fix_button.text() == f"Kontextlänge auf {failure.fix.value} setzen"


def test_vllm_tray_with_the_language_setting_loads_the_german_catalogue(
    tmp_path: Path, german_catalogue: Path
) -> None:
    """`vllm-tray` on a machine without a locale (C) follows gui.language=de."""
    home = tmp_path / "home"
    settings(home, **{"gui.language": "de"})
    log = "\n".join(start_app(home, german_catalogue, "C"))
    assert "interface language: de" in log
    assert f"translation loaded: {german_catalogue / 'vllm_tray_de.qm'}" in log
