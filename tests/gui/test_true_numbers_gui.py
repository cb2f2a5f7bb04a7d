"""Numbers that are true (issue 20.2), in the assembled window on the real runtime thread.

The GPUs are a fake `nvidia-smi` on PATH (reading a CSV the test rewrites, as the report's
16 GiB card with 11.7 GiB in use) and a fake /sys; the engine is the fake vLLM; the hub the
fake hub. What the user saw: a fit check that said "Fits" with 4.3 GiB free, an NVIDIA bar
that never moved, a load estimate that never adapted, and a download that kept its speed
after the hub died.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.core.events import DownloadFinished
from app.core.paths import resolve_paths
from app.core.states import DownloadStatus, EngineKind, ProcessState
from app.gui.app import GuiApp
from app.gui.model_state import StateKind, state_kind, state_text
from app.gui.model_table import Column
from app.supervisor.compile_cache import COMPILED, FOLDER, build_name
from app.supervisor.loadtimes import FILE_NAME, load_key
from tests.fakes.engine_runtime import fake_engine
from tests.fakes.fake_hub import FakeHub, build_tiny_model
from tests.gui.test_runtime_thread_gui import EngineGui, click_toolbar, free_port, row_state
from tests.unit import sysfs_trees as trees

MIB = 1024**2
GIB = 1024**3


class FakeNvidiaSmi:
    """`nvidia-smi` on PATH answering the app's query from a CSV (MiB), as the real one does."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        folder.mkdir(parents=True)
        self.csv = folder / "gpus.csv"
        script = folder / "nvidia-smi"
        script.write_text(f"#!/bin/sh\ncat {shlex.quote(str(self.csv))}\n")
        script.chmod(0o755)
        monkeypatch.setenv("PATH", f"{folder}:{os.environ.get('PATH', '')}")

    def set_used(self, used_mib: int, total_mib: int = 16384) -> None:
        self.csv.write_text(f"NVIDIA GeForce RTX 4080, {total_mib}, {used_mib}\n")


@pytest.fixture
def nvidia(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeNvidiaSmi:
    smi = FakeNvidiaSmi(tmp_path / "bin", monkeypatch)
    smi.set_used(11980)  # 11.7 GiB of 16 GiB held by other programs
    return smi


def gui_app(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    settings: dict[str, object] | None = None,
    **options: object,
) -> EngineGui:
    """The window on a started runtime that samples the GPUs and the host live."""
    chosen = {"proxy.port": free_port(), **(settings or {})}
    return EngineGui(qtbot, tmp_path, monkeypatch, settings=chosen, sample_gpu=True, **options)


@pytest.fixture
def on_nvidia(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nvidia: FakeNvidiaSmi
) -> Iterator[EngineGui]:
    app = gui_app(qtbot, tmp_path, monkeypatch)
    try:
        yield app
    finally:
        app.close()


@pytest.mark.timeout(120)
def test_the_fit_check_and_the_load_see_what_other_programs_hold(
    qtbot: QtBot, on_nvidia: EngineGui, nvidia: FakeNvidiaSmi
) -> None:
    gui = on_nvidia.gui
    qtbot.waitUntil(lambda: gui.store.memory_room is not None, timeout=10_000)
    dialog = gui.window.open_model_settings("user.tiny")
    qtbot.waitUntil(dialog.is_ready)
    fit = dialog.fit_label.text()
    # 0.85 of 16 GiB would be reserved; 4.3 GiB are free: not "✓ Fits".
    assert fit.startswith("✗ Does not fit now: a start would reserve 13.6 GiB"), fit
    assert "GPU 0: 4.3 GiB free now of 16.0 GiB; other programs hold 11.7 GiB." in fit
    dialog.reject()

    assert gui.window.select_model("user.tiny")
    click_toolbar(qtbot, gui, "&Load")
    qtbot.waitUntil(lambda: "needs about" in gui.window.notice.text(), timeout=30_000)
    notice = gui.window.notice.text()
    assert "user.tiny needs about 14.60 GB on GPU 0 (NVIDIA GeForce RTX 4080)" in notice
    assert "other programs hold 12.56 of its 17.18 GB" in notice
    assert "lower GPU memory utilization to 0.26" in notice
    assert row_state(gui, "user.tiny") is ProcessState.STOPPED  # nothing was started

    nvidia.set_used(1024)  # the other program quit

    def others_now() -> int | None:
        reading = gui.store.memory_room
        room = reading.room("gpu0") if reading is not None else None
        return room.others if room is not None else None

    qtbot.waitUntil(lambda: others_now() == 1 * GIB, timeout=10_000)
    dialog = gui.window.open_model_settings("user.tiny")
    qtbot.waitUntil(dialog.is_ready)
    assert dialog.fit_label.text().startswith("✓ Fits"), dialog.fit_label.text()
    dialog.reject()
    click_toolbar(qtbot, gui, "&Load")
    qtbot.waitUntil(lambda: row_state(gui, "user.tiny") is ProcessState.RUNNING, timeout=60_000)


@pytest.mark.timeout(120)
def test_every_gpu_is_sampled_live_and_shown(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nvidia: FakeNvidiaSmi
) -> None:
    sysfs = trees.rdna3_card(tmp_path / "sys")  # an AMD card beside the NVIDIA one
    app = gui_app(qtbot, tmp_path, monkeypatch, sysfs_root=sysfs)
    gui = app.gui
    try:
        panel = gui.window.gpu_panel
        qtbot.waitUntil(lambda: len(panel.sections) == 2, timeout=10_000)
        amd, nv = panel.sections
        assert amd.name_label.text() == "Radeon RX 7900 XTX/XT"
        assert nv.name_label.text() == "NVIDIA GeForce RTX 4080"
        qtbot.waitUntil(lambda: nv.vram_bar.full_text() == "11.7 / 16.0 GiB · 73 %", timeout=10_000)
        nvidia.set_used(4096)
        trees.set_memory(sysfs, 128, vram_used=12 * GIB)
        qtbot.waitUntil(lambda: nv.vram_bar.full_text() == "4.0 / 16.0 GiB · 25 %", timeout=10_000)
        qtbot.waitUntil(lambda: amd.vram_bar.full_text().startswith("12.0 / 24.0 GiB"))
        # Each GPU keeps a history of its own: the plots are not a start-up snapshot.
        qtbot.waitUntil(lambda: len(gui.store.gpu_samples(1)) >= 3, timeout=10_000)
        assert len({s.vram_used for s in gui.store.gpu_samples(1)}) >= 2
        assert nv.plot.accessibleDescription() == "VRAM now 25 % used"
        assert "Models may use" in nv.room_label.text()
    finally:
        app.close()


@pytest.mark.timeout(120)
def test_a_load_past_its_estimate_says_so_and_keeps_counting(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = fake_engine("--fake-start-delay", "6")
    # The last warm load of this model on this engine took 1 s.
    state = resolve_paths(tmp_path / "home").state_dir
    state.mkdir(parents=True, exist_ok=True)
    key = load_key("user.tiny", shlex.split(command))
    (state / FILE_NAME).write_text(json.dumps({"version": 1, "loads": {key: {"warm": [1.0]}}}))
    # ...and left its compiled graphs where this engine keeps them, so this load is expected
    # warm (with an empty compile cache it is expected cold, and no cold load is on record).
    cache = resolve_paths(tmp_path / "home").cache_dir
    root = cache / FOLDER / build_name(EngineKind.CUSTOM, None, shlex.split(command))
    (root / COMPILED / "graph").mkdir(parents=True)
    app = gui_app(qtbot, tmp_path, monkeypatch, settings={"engine.custom_command": command})
    gui = app.gui
    try:
        assert gui.window.select_model("user.tiny")
        click_toolbar(qtbot, gui, "&Load")

        def said() -> str:
            row = gui.store.row("user.tiny")
            return state_text(row) if row is not None else ""

        qtbot.waitUntil(lambda: "longer than usual" in said(), timeout=30_000)
        first = said()
        assert first.endswith(", usually 1 s"), first
        assert "of about" not in first and "last warm load" not in first
        # The time keeps growing between the engine's log lines.
        qtbot.waitUntil(lambda: said() != first and "longer than usual" in said(), timeout=5_000)
        qtbot.waitUntil(lambda: row_state(gui, "user.tiny") is ProcessState.RUNNING, timeout=60_000)
    finally:
        app.close()


@pytest.mark.timeout(180)
def test_a_download_whose_hub_goes_silent_says_stalled_then_finishes_and_is_announced(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_tiny_model(tmp_path / "repos" / "test-org" / "tiny-llama", weights_bytes=24 << 20)
    with FakeHub(throttle_bps=8 << 20, hold_after=12 << 20) as hub:
        hub.start(tmp_path / "repos")
        app = EngineGui(
            qtbot, tmp_path, monkeypatch, models=(), hub_models=("hubby",), hf_endpoint=hub.url
        )
        gui = app.gui
        announced: list[tuple[str, str]] = []
        gui.tray.notified.connect(lambda title, text: announced.append((title, text)))
        try:

            def said() -> str:
                """The State column's words, as the table shows them."""
                row = gui.store.row("user.hubby")
                speed = gui.store.download_speed.get("user.hubby")
                return "" if row is None else state_text(row, speed)

            assert gui.window.select_model("user.hubby")
            click_toolbar(qtbot, gui, "&Download")
            qtbot.waitUntil(lambda: "MiB/s" in said(), timeout=30_000)
            # The hub goes silent mid-file: within a few seconds the row says so.
            qtbot.waitUntil(lambda: said().endswith("· stalled"), timeout=8_000)
            assert said().startswith("downloading ")
            hub.release.set()

            def downloaded() -> bool:
                row = gui.store.row("user.hubby")
                return row is not None and row.file_state == "complete"

            qtbot.waitUntil(downloaded, timeout=60_000)
            qtbot.waitUntil(lambda: bool(announced), timeout=10_000)
            assert announced[-1] == (
                "hubby is downloaded",
                "Load it from the window or the tray menu, or send it a request.",
            )
        finally:
            app.close()


@pytest.mark.timeout(180)
def test_a_cancelled_download_says_how_much_is_there(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_tiny_model(tmp_path / "repos" / "test-org" / "tiny-llama", weights_bytes=24 << 20)
    with FakeHub(throttle_bps=8 << 20, hold_after=12 << 20) as hub:
        hub.start(tmp_path / "repos")
        app = EngineGui(
            qtbot, tmp_path, monkeypatch, models=(), hub_models=("hubby",), hf_endpoint=hub.url
        )
        gui = app.gui
        finished: list[DownloadFinished] = []
        gui.store.download_finished.connect(finished.append)
        announced: list[str] = []
        gui.tray.notified.connect(lambda title, _text: announced.append(title))
        try:
            assert gui.window.select_model("user.hubby")
            click_toolbar(qtbot, gui, "&Download")

            def held() -> bool:
                row = gui.store.row("user.hubby")
                return row is not None and row.download is not None and row.download.done > 0

            qtbot.waitUntil(held, timeout=30_000)
            qtbot.waitUntil(lambda: hub.total_served() >= 12 << 20, timeout=30_000)
            click_toolbar(qtbot, gui, "&Cancel download")
            qtbot.waitUntil(lambda: bool(finished), timeout=30_000)
            assert finished[-1].status == DownloadStatus.CANCELLED

            def partial() -> str:
                row = gui.store.row("user.hubby")
                if row is None or state_kind(row) is not StateKind.PARTIAL:
                    return ""
                return state_text(row)

            qtbot.waitUntil(lambda: " of " in partial(), timeout=10_000)
            text = partial()
            # 12 MiB of the weights and the small files were there when it was cancelled.
            assert text.startswith("partly downloaded: 12 MiB of 24 MiB ("), text
            assert announced == []  # only a finished download is announced
        finally:
            app.close()


def table_cells(gui: GuiApp, model_id: str) -> dict[Column, str]:
    """What the model table shows on `model_id`'s row, column by column."""
    model = gui.window.table.model()
    for r in range(model.rowCount()):
        if model.index(r, Column.NAME).data() == model_id:
            return {c: str(model.index(r, c).data()) for c in Column}
    raise AssertionError(f"no row {model_id}")


@pytest.mark.timeout(180)
def test_a_partial_download_keeps_its_total_after_a_restart(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 item 5: after a restart a model added from the hub read "22 MiB so far" and
    its Size column lost the total; the hub's total is kept with the partial download."""
    build_tiny_model(tmp_path / "repos" / "test-org" / "tiny-llama", weights_bytes=24 << 20)
    with FakeHub(throttle_bps=8 << 20, hold_after=12 << 20) as hub:
        hub.start(tmp_path / "repos")
        app = EngineGui(
            qtbot, tmp_path, monkeypatch, models=(), hub_models=("hubby",), hf_endpoint=hub.url
        )
        gui = app.gui
        finished: list[DownloadFinished] = []
        gui.store.download_finished.connect(finished.append)
        try:
            assert gui.window.select_model("user.hubby")
            click_toolbar(qtbot, gui, "&Download")
            qtbot.waitUntil(lambda: hub.total_served() >= 12 << 20, timeout=30_000)
            click_toolbar(qtbot, gui, "&Cancel download")
            qtbot.waitUntil(lambda: bool(finished), timeout=30_000)
        finally:
            app.close()
        # The app starts again: no download runs, only the files on disk tell.
        app = EngineGui(qtbot, tmp_path, monkeypatch, models=(), hf_endpoint=hub.url)
        try:
            cells = table_cells(app.gui, "user.hubby")
            assert cells[Column.STATE].startswith("partly downloaded: 12 MiB of 24 MiB ("), cells
            assert cells[Column.SIZE] == "24 MiB", cells
        finally:
            app.close()
