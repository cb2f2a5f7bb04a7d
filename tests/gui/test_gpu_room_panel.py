"""The GPU panel shows both numbers (issue 23.3): the budget and what the host can spare, per
GPU and for RAM, and follows the readings; every GPU has its own section and history."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.core.events import GpuSampled, MemoryRoomSampled
from app.core.memory.memory import GIB
from app.core.memory.memory_room import DeviceRoom
from app.gui.app import GuiApp
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade, system_with, two_rx7900

GB = 10**9


def apu_room(available: int) -> MemoryRoomSampled:
    """Strix Halo, 64 GiB carve-out + 62 GiB GTT, with `available` RAM left on the host."""
    room = DeviceRoom(
        "gpu0",
        budget=126 * GIB,
        total=126 * GIB,
        others=4 * GIB,
        host_limit=64 * GIB + available - 4 * GB,
        host_available=available,
        reserve=4 * GB,
    )
    ram = DeviceRoom("ram", budget=128 * GIB, total=128 * GIB, host_limit=available - 4 * GB)
    return MemoryRoomSampled(128 * GIB, available, 4 * GB, (ram, room))


def test_an_apu_shows_its_budget_and_what_the_host_can_spare(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    panel = gui.window.gpu_panel
    section = panel.sections[0]
    fake.publish_from_thread(apu_room(available=20 * GIB))
    qtbot.waitUntil(section.room_label.isVisible)
    assert section.room_label.text() == (
        "Models may use 80.3 GiB now, not all 126.0 GiB: without swapping, the computer can "
        "spare only that (20.0 GiB of RAM available, 3.7 GiB kept for the system)."
    )
    assert panel.ram_label.text() == "RAM: 20.0 GiB available of 128.0 GiB"
    # The desktop opened a browser: the next reading is shown at once.
    fake.publish_from_thread(apu_room(available=10 * GIB))
    qtbot.waitUntil(lambda: "10.0 GiB of RAM available" in section.room_label.text())
    assert section.room_label.text().startswith("Models may use 70.3 GiB now")


def test_the_cpu_engine_shows_what_models_may_take_of_ram(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeFacade(system=system_with(None))
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        ram = DeviceRoom(
            "ram",
            budget=128 * GIB,
            total=128 * GIB,
            host_limit=8 * GIB - 4 * GB,
            host_available=8 * GIB,
            reserve=4 * GB,
        )
        fake.publish_from_thread(MemoryRoomSampled(128 * GIB, 8 * GIB, 4 * GB, (ram,)))
        label = gui.window.gpu_panel.ram_label
        qtbot.waitUntil(label.isVisible)
        assert label.text() == (
            "RAM: 8.0 GiB available of 128.0 GiB\n"
            "Models may use 4.3 GiB now, not all 128.0 GiB: without swapping, the computer "
            "can spare only that (8.0 GiB of RAM available, 3.7 GiB kept for the system)."
        )
    finally:
        gui.close()


def test_every_gpu_has_its_own_section_and_history(qtbot: QtBot, tmp_path: Path) -> None:
    fake = FakeFacade(system=two_rx7900())
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        panel = gui.window.gpu_panel
        assert len(panel.sections) == 2
        fake.publish_from_thread(
            GpuSampled(6 * GIB, 24 * GIB, None, None, ts=1000.0, index=0),
            GpuSampled(12 * GIB, 24 * GIB, None, None, ts=1000.0, index=1),
            GpuSampled(18 * GIB, 24 * GIB, None, None, ts=1001.0, index=1),
        )
        second = panel.sections[1]
        qtbot.waitUntil(lambda: second.vram_bar.full_text() == "18.0 / 24.0 GiB · 75 %")
        assert panel.sections[0].vram_bar.full_text() == "6.0 / 24.0 GiB · 25 %"
        assert [s.vram_used for s in gui.store.gpu_samples(1)] == [12 * GIB, 18 * GIB]
        assert [s.vram_used for s in gui.store.gpu_samples(0)] == [6 * GIB]
    finally:
        gui.close()
