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
from app.gui.forms import SettingField
from app.gui.i18n import (
    LANG_ENV,
    QM_DIR_ENV,
    chosen_language,
    format_bytes,
    install_translators,
    number_locale,
)
from app.gui.model_table import Column
from app.gui.settings.dialog import SettingsDialog
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


# ---- numbers typed and shown as German writes them, labels not keys (issue 32, 8 and 14) ----


def save(qtbot: QtBot, dialog: SettingsDialog) -> dict[str, object]:
    with qtbot.waitSignal(dialog.saved) as saved:
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    return saved.args[0]  # type: ignore[no-any-return]  # the signal's dict


def retype(qtbot: QtBot, field: SettingField, text: str) -> None:
    field.edit.selectAll()
    qtbot.keyClicks(field.edit, text)


def test_a_decimal_comma_is_read_and_shown_in_german(
    qtbot: QtBot, german: str, fake: FakeFacade, tmp_path: Path
) -> None:
    """Issue 32, 8: "0,9" was refused "mit Punkt als Dezimaltrennzeichen", fields showed
    "0.8". Now German numbers are read (a point still works) and shown with a comma."""
    del german
    fake.settings["models.gpu_memory_utilization"] = 0.8
    fake.settings["memory.host_reserve_gb"] = 2.5
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        dialog = gui.window.open_settings()
        models = dialog.page(ModelsPage)
        assert isinstance(models, ModelsPage)
        assert models.utilization.text() == "0,8"
        assert models.fields["memory.host_reserve_gb"].text() == "2,5"
        assert "Empfohlen für diesen Rechner: 0,78" in models.recommended_label.text()
        assert "0,92" in models.recommended_label.text()
        retype(qtbot, models.utilization, "1,5")  # read as 1.5: out of range, said in German
        assert models.utilization.hint.text() == (
            "Muss zwischen 0,10 und 0,99 liegen; Sie haben 1,5 eingegeben."
        )
        retype(qtbot, models.utilization, "0.9x")
        assert models.utilization.hint.text() == (
            "Muss eine Zahl zwischen 0,10 und 0,99 sein; Sie haben „0.9x“ eingegeben."
        )
        assert "Punkt" not in models.utilization.hint.text()
        retype(qtbot, models.utilization, "0,75")  # below the recommended 0,78: no question
        assert not models.utilization.hint.isVisible() and dialog.ok_button.isEnabled()
        assert save(qtbot, dialog) == {"models.gpu_memory_utilization": 0.75}
        dialog = gui.window.open_settings()
        models = dialog.page(ModelsPage)
        assert isinstance(models, ModelsPage)
        assert models.utilization.text() == "0,75"
        retype(qtbot, models.utilization, "0,9")  # above it: asked, in German numbers
        assert "0,90" in models.use_anyway.text()
        assert "0,78" in models.utilization_warning.text()
        models.use_anyway.setChecked(True)
        assert save(qtbot, dialog) == {"models.gpu_memory_utilization": 0.9}
        assert fake.settings["models.gpu_memory_utilization"] == 0.9
    finally:
        gui.close()


def test_the_arguments_origin_is_named_in_german(
    qtbot: QtBot, german_gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 32, 14: "family qwen3.:" was shown, in English, in the German window."""
    fake.options[MODEL] = "--max-num-seqs 8"
    dialog = german_gui.window.open_model_settings(MODEL)
    qtbot.waitUntil(dialog.is_ready)
    try:
        layers = dialog.layers_label.text()
        assert "Voreinstellungen der Familie Qwen3: " in layers
        assert "vLLM-Argumente dieses Modells: --max-num-seqs 8" in layers
        assert "family" not in layers and "qwen3." not in layers and "vllm_args" not in layers
    finally:
        dialog.reject()
