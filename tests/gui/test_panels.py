"""The GPU panel and the engine/endpoint panel."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from app.core.events import EngineInstallProgressed, GpuSampled, ServerStateChanged
from app.core.memory.gpu import kernel_prerequisite_problem, no_gpu_problem
from app.core.memory.memory import GIB
from app.core.problems.problems import Problem
from app.gui.app import GuiApp
from app.runtime.api.snapshot import EngineView
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade, load_events, strix_halo, system_with


def build(qtbot: QtBot, fake: FakeFacade, tmp_path: Path) -> GuiApp:
    return start_gui(qtbot, fake, tmp_path)


def test_gpu_name_target_memory_bars_and_plot(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    panel = gui.window.gpu_panel
    assert panel.name_label.text() == "Radeon 8060S (Strix Halo)"
    assert panel.detail_label.text() == "gfx1151 · shared memory (APU)"
    assert panel.gtt_bar.isVisible()  # an APU: GTT is memory models use too
    fake.publish_from_thread(
        GpuSampled(16 * GIB, 64 * GIB, 31 * GIB, 62 * GIB, ts=1000.0),
        GpuSampled(32 * GIB, 64 * GIB, 31 * GIB, 62 * GIB, ts=1001.0),
    )
    qtbot.waitUntil(lambda: panel.vram_bar.value() == 500)
    assert panel.vram_bar.full_text() == "32.0 / 64.0 GiB · 50 %"
    assert panel.gtt_bar.full_text() == "31.0 / 62.0 GiB · 50 %"
    assert panel.plot.accessibleDescription() == "VRAM now 50 % used"
    assert "Kernel prerequisite for gfx1151: met" in panel.prereq_label.text()

    fake.publish_from_thread(*load_events("Qwen3.5-4B-FP16-vLLM"))
    qtbot.waitUntil(lambda: "Qwen3.5-4B" in panel.models_label.text())
    assert "weights 8.7 GiB · KV cache 180,224 tokens" in panel.models_label.text()


def test_missing_kernel_prerequisite_says_what_to_do(qtbot: QtBot, tmp_path: Path) -> None:
    gpu = strix_halo(prereq_ok=False)
    fake = FakeFacade(system=system_with(gpu, [kernel_prerequisite_problem(gpu, "6.17.1")]))
    gui = build(qtbot, fake, tmp_path)
    try:
        panel = gui.window.gpu_panel
        assert "missing. Update to Linux 6.18.4 or newer" in panel.prereq_label.text()
        assert "this kernel (6.17.1) lacks" in panel.problems_label.text()
    finally:
        gui.close()


def test_no_gpu(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeFacade(system=system_with(None, [no_gpu_problem()]))
    gui = build(qtbot, fake, tmp_path)
    try:
        panel = gui.window.gpu_panel
        assert panel.name_label.text() == "No GPU found"
        assert not panel.vram_bar.isVisible() and not panel.plot.isVisible()
        assert panel.problems_label.text().startswith("⚠ No GPU was found")
    finally:
        gui.close()


def test_engine_install_with_progress(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeFacade()
    fake.engine = EngineView("rocm", "auto", installed=False, version=None, location=None)
    gui = build(qtbot, fake, tmp_path)
    try:
        panel = gui.window.engine_panel
        assert panel.engine_label.text() == "Engine: AMD ROCm build of vLLM, not installed"
        assert panel.install_button.isVisible() and not panel.install_bar.isVisible()
        qtbot.mouseClick(panel.install_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: fake.called("engines.install") == [("rocm",)])
        fake.publish_from_thread(
            EngineInstallProgressed("rocm", "download", 512 * 1024**2, 2 * GIB, "Downloading")
        )
        qtbot.waitUntil(panel.install_bar.isVisible)
        assert panel.install_bar.value() == 250
        assert panel.install_status.text() == "Downloading · 512 MiB of 2.0 GiB"
        assert not panel.install_button.isEnabled()

        fake.engine = EngineView("rocm", "auto", True, "vllm0.20.1-rocm7.12.0-gfx1151", "/e")
        fake.publish_from_thread(EngineInstallProgressed("rocm", "done", 1, 1, finished=True))
        qtbot.waitUntil(lambda: not panel.install_bar.isVisible())
        # The engine's new state comes with the snapshot the finished install asks for.
        qtbot.waitUntil(
            lambda: "version vllm0.20.1-rocm7.12.0-gfx1151" in panel.engine_label.text()
        )
        assert not panel.install_button.isVisible()
    finally:
        gui.close()


def test_endpoint_start_stop_and_copy(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    panel = gui.window.engine_panel
    assert "http://127.0.0.1:8321/v1 (running)" in panel.server_label.text()
    qtbot.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "http://127.0.0.1:8321/v1"
    qtbot.mouseClick(panel.server_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: fake.called("endpoint.stop") == [()])
    qtbot.waitUntil(lambda: panel.server_label.text() == "Endpoint: stopped.")
    # The label follows the store at once; the button comes back when the click's own
    # snapshot has arrived, a turn of the loop later on a busy machine.
    qtbot.waitUntil(panel.server_button.isEnabled)
    assert panel.server_button.text() == "S&tart endpoint"
    fake.publish_from_thread(ServerStateChanged(True, "http://127.0.0.1:8321/v1"))
    qtbot.waitUntil(lambda: "(running)" in panel.server_label.text())


def test_without_a_supported_gpu_the_cpu_build_is_offered(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeFacade(system=system_with(None, [no_gpu_problem()]))
    # The user chose the ROCm build, which cannot run here.
    fake.engine = EngineView("rocm", "rocm", installed=False, version=None, location=None)
    fake.settings["engine.kind"] = "rocm"
    gui = build(qtbot, fake, tmp_path)
    try:
        panel = gui.window.engine_panel
        assert panel.install_button.isVisible() and panel.install_button.isEnabled()
        assert panel.install_button.text() == "&Install the CPU build instead"
        qtbot.mouseClick(panel.install_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: fake.called("config.set_settings") == [({"engine.kind": "cpu"},)])
        assert fake.called("engines.install") == [("cpu",)]
    finally:
        gui.close()


def test_a_failed_install_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeFacade(system=system_with(None, [no_gpu_problem()]))
    fake.engine = EngineView("cpu", "auto", installed=False, version=None, location=None)
    fake.fail_next["engines.install"] = Problem(
        "engine.install_failed", "pip could not reach {index}.", {"index": "pypi.org"}
    )
    gui = build(qtbot, fake, tmp_path)
    try:
        panel = gui.window.engine_panel
        assert panel.install_button.text() == "&Install the CPU build"
        qtbot.mouseClick(panel.install_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: panel.install_status.text() == "pip could not reach pypi.org.")
        assert panel.install_status.isVisible() and panel.install_button.isEnabled()
        assert fake.called("config.set_settings") == []
    finally:
        gui.close()
