"""The engine panel's ROCm build chooser: the feed's builds for the GPU, one click to switch."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.runtime.api.snapshot import EngineView
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade

PIN = "vllm0.20.1-rocm7.12.0-gfx1151"
NEWEST = "vllm0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724-gfx1151"


def test_the_builds_are_listed_and_the_newest_qualified_one_installs_in_one_click(
    qtbot: QtBot, tmp_path: Path
) -> None:
    fake = FakeFacade()
    fake.engine = EngineView("rocm", "auto", True, PIN, "/e")
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        panel = gui.window.engine_panel
        qtbot.waitUntil(lambda: panel.builds_combo.count() == 9)
        assert panel.builds_combo.isVisible()
        texts = [panel.builds_combo.itemText(i) for i in range(panel.builds_combo.count())]
        assert texts[0] == (
            "vLLM 0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724 · ROCm 7.15.0 · "
            "nightly · qualified (default)"
        )
        assert texts[-1] == "vLLM 0.20.1 · ROCm 7.12.0 · stable · not qualified (in use)"
        # A long build line does not widen the side panel past the window (it did: the
        # memory bars and the engine line were cut off on the right).
        assert panel.builds_combo.minimumSizeHint().width() < 300
        # The build in use is selected: nothing to do until another is chosen.
        assert panel.builds_combo.currentIndex() == 8
        assert not panel.use_build_button.isEnabled()
        assert "tier0=fail" in str(panel.builds_combo.itemData(7, Qt.ItemDataRole.ToolTipRole))

        panel.builds_combo.setCurrentIndex(0)
        assert panel.use_build_button.text() == "Install this &build"
        qtbot.mouseClick(panel.use_build_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: fake.called("engines.install") == [("rocm", NEWEST)])
    finally:
        gui.close()


def test_no_chooser_for_the_cpu_build(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeFacade()
    fake.engine = EngineView("cpu", "cpu", True, "0.32.0", "/e")
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        panel = gui.window.engine_panel
        assert not panel.builds_combo.isVisible()
        assert fake.called("engines.rocm_builds") == []
    finally:
        gui.close()
