"""The CPU engine's gpu-memory-utilization judged against RAM (issue 32, item 4): on a machine
without a GPU the settings dialog said "No recommendation: the GPU's free memory could not be
read" and took 0.95 without a word; the load failed 37 s later. The GUI runs on the real
runtime thread and facade, on a fake /proc/meminfo with no GPU in a fake /sys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.gui.settings.models_page import ModelsPage
from tests.gui.test_runtime_thread_gui import EngineGui
from tests.harness import internals

GIB = 1024**3


def write_meminfo(path: Path, available_gib: float, total_gib: float) -> Path:
    path.write_text(
        f"MemTotal:       {int(total_gib * GIB / 1024)} kB\n"
        "MemFree:         1048576 kB\n"
        f"MemAvailable:   {int(available_gib * GIB / 1024)} kB\n"
    )
    return path


def test_the_cpu_engines_share_is_judged_against_ram(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    meminfo = write_meminfo(tmp_path / "meminfo", available_gib=20, total_gib=32)
    app = EngineGui(
        qtbot,
        tmp_path,
        monkeypatch,
        settings={"engine.kind": "cpu", "memory.host_reserve_gb": 4},
        meminfo_path=meminfo,
    )
    settings_file = internals(app.runtime).paths.config_dir / "settings.json"
    try:
        dialog = app.gui.window.open_settings()
        models = dialog.page(ModelsPage)
        assert isinstance(models, ModelsPage)
        # (20 GiB available - 4 GB kept) / 32 GiB = 0.508…: 0.50 fits.
        assert models.recommended_label.text() == (
            "Recommended for this machine: 0.50. The engine runs models in RAM: 20.0 GiB of "
            "its 32.0 GiB are available, less 3.7 GiB kept for the system."
        )
        assert models.use_recommended.isEnabled()
        edit = models.utilization.edit
        edit.selectAll()
        qtbot.keyClicks(edit, "0.95")
        assert models.utilization_warning.isVisible()
        assert models.utilization_warning.text() == (
            "Above the recommended 0.50: at 0.95 vLLM asks for more RAM than is available "
            "less what is kept for the system, so loading a model is likely to fail (“less "
            "than desired CPU memory utilization”) or the computer may start swapping."
        )
        assert not dialog.ok_button.isEnabled()  # stored only once the user says so
        assert models.use_anyway.isVisible() and models.use_anyway.text() == "&Use 0.95 anyway"
        qtbot.mouseClick(models.use_recommended, Qt.MouseButton.LeftButton)
        assert models.utilization.text() == "0.5"
        assert not models.utilization_warning.isVisible() and dialog.ok_button.isEnabled()
        with qtbot.waitSignal(dialog.saved, timeout=10_000):
            qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        assert json.loads(settings_file.read_text())["models.gpu_memory_utilization"] == 0.5
    finally:
        app.close()
