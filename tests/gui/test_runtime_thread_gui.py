"""The GUI on the real runtime thread and facade (fake engine, fake hub), driven through its
widgets: the three ways the app is used — download a model (with and without a network),
load and unload it and start and stop the endpoint from the tray, and the settings dialog
with a right and a wrong gpu-memory-utilization."""

from __future__ import annotations

import json
import re
import shlex
import socket
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMenu, QToolButton
from pytestqt.qtbot import QtBot

from app.core.problems.problems import ProblemError
from app.core.states import ProcessState
from app.gui.app import GuiApp
from app.gui.i18n import format_bytes
from app.gui.icons import TrayStatus
from app.gui.model_state import StateKind, state_kind, state_text
from app.gui.settings.limits_page import LimitsPage
from app.gui.settings.models_page import ModelsPage
from app.runtime.composition.facade import ThreadFacade
from app.runtime.composition.thread import RuntimeThread
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.fake_hub import FakeHub, build_tiny_model
from tests.fakes.vllm_venv import API_SERVER, make_vllm_venv
from tests.gui.conftest import flush_deletes, start_gui
from tests.harness import internals
from tests.harness import request as as_a_request

HUB_REPO = "test-org/tiny-llama"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class EngineGui:
    """A started RuntimeThread, its facade and the GUI on it; closed in the right order."""

    def __init__(
        self,
        qtbot: QtBot,
        tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
        *,
        models: tuple[str, ...] = ("tiny",),
        hub_models: tuple[str, ...] = (),
        settings: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.runtime = make_runtime(
            tmp_path, monkeypatch, models=models, settings=settings, **options
        )
        for name in hub_models:
            internals(self.runtime).registry.add_user_model(name, HUB_REPO)
        self.thread = RuntimeThread(self.runtime, serve=False)
        self.thread.start()
        self.facade = ThreadFacade(self.thread)
        self.gui = start_gui(qtbot, self.facade, tmp_path)

    def close(self) -> None:
        self.gui.close()
        flush_deletes()
        self.facade.shutdown()


@pytest.fixture
def engine_gui(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[EngineGui]:
    # a slow-ish start so the GUI sees STARTING and progress before RUNNING
    app = EngineGui(
        qtbot,
        tmp_path,
        monkeypatch,
        settings={
            "engine.custom_command": fake_engine("--fake-start-delay", "1"),
            "proxy.port": free_port(),
        },
    )
    try:
        yield app
    finally:
        app.close()


def click_toolbar(qtbot: QtBot, gui: GuiApp, text: str) -> None:
    """Click the toolbar button showing `text`, as a user would."""
    for action in gui.window.toolbar.actions():
        if action.text() == text and action.isVisible():
            button = gui.window.toolbar.widgetForAction(action)
            assert isinstance(button, QToolButton) and button.isEnabled(), text
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            return
    raise AssertionError(f"no visible toolbar button {text!r}")


def row_state(gui: GuiApp, model_id: str) -> ProcessState:
    row = gui.store.row(model_id)
    assert row is not None
    return row.process


def test_click_load_then_running_then_unload(qtbot: QtBot, engine_gui: EngineGui) -> None:
    gui = engine_gui.gui
    seen: list[ProcessState] = []
    gui.bridge.process_state_changed.connect(lambda e: seen.append(e.new))
    assert gui.window.select_model("user.tiny")
    click_toolbar(qtbot, gui, "&Load")
    qtbot.waitUntil(lambda: row_state(gui, "user.tiny") is ProcessState.RUNNING, timeout=60_000)
    assert seen[:2] == [ProcessState.STARTING, ProcessState.RUNNING]
    row = gui.store.row("user.tiny")
    assert row is not None and row.progress is not None and row.progress.fraction == 1.0
    assert gui.tray.status is TrayStatus.RUNNING

    click_toolbar(qtbot, gui, "&Unload")
    qtbot.waitUntil(lambda: row_state(gui, "user.tiny") is ProcessState.STOPPED, timeout=60_000)


def open_tray_menu(qtbot: QtBot, gui: GuiApp) -> QMenu:
    """Open the tray's menu as a click on the icon does (the offscreen platform has no tray:
    the same menu pops up at a point)."""
    menu = gui.tray.menu
    menu.popup(QPoint(200, 200))
    qtbot.waitUntil(menu.isVisible)
    return menu


def choose(qtbot: QtBot, menu: QMenu, text: str) -> None:
    """Move to the entry `text` with the arrow keys and press Enter, as with a keyboard."""
    target = next(a for a in menu.actions() if a.text() == text or a.text().startswith(text))
    for _ in range(len(menu.actions()) + 1):
        if menu.activeAction() is target:
            break
        qtbot.keyClick(menu, Qt.Key.Key_Down)
    assert menu.activeAction() is target, text
    if target.menu() is not None:
        qtbot.keyClick(menu, Qt.Key.Key_Right)
    else:
        qtbot.keyClick(menu, Qt.Key.Key_Return)


def test_tray_starts_and_stops_the_endpoint_and_loads_and_unloads(
    qtbot: QtBot, engine_gui: EngineGui
) -> None:
    gui = engine_gui.gui
    port = engine_gui.runtime.services.config.value("proxy.port")
    assert not gui.store.server.running
    assert gui.tray.tooltip(gui.tray.status).endswith("Endpoint stopped")

    choose(qtbot, open_tray_menu(qtbot, gui), "S&tart endpoint")
    qtbot.waitUntil(lambda: gui.store.server.running, timeout=30_000)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=10) as answer:
        listed = {m["id"] for m in json.load(answer)["data"]}
    assert "user.tiny" in listed
    assert gui.tray.tooltip(gui.tray.status).endswith(f"Endpoint: http://127.0.0.1:{port}")

    menu = open_tray_menu(qtbot, gui)
    choose(qtbot, menu, "tiny — local folder")
    submenu = next(a.menu() for a in menu.actions() if a.text().startswith("tiny"))
    assert isinstance(submenu, QMenu)
    qtbot.waitUntil(submenu.isVisible)
    choose(qtbot, submenu, "&Load")
    qtbot.waitUntil(lambda: gui.tray.status is TrayStatus.LOADING, timeout=30_000)
    qtbot.waitUntil(lambda: gui.tray.status is TrayStatus.RUNNING, timeout=60_000)
    assert row_state(gui, "user.tiny") is ProcessState.RUNNING

    menu = open_tray_menu(qtbot, gui)
    choose(qtbot, menu, "tiny — running")
    submenu = next(a.menu() for a in menu.actions() if a.text().startswith("tiny"))
    assert isinstance(submenu, QMenu)
    qtbot.waitUntil(submenu.isVisible)
    choose(qtbot, submenu, "&Unload")
    qtbot.waitUntil(lambda: row_state(gui, "user.tiny") is ProcessState.STOPPED, timeout=60_000)
    assert gui.tray.status is TrayStatus.IDLE

    choose(qtbot, open_tray_menu(qtbot, gui), "S&top endpoint")
    qtbot.waitUntil(lambda: not gui.store.server.running, timeout=30_000)
    assert gui.tray.tooltip(gui.tray.status).endswith("Endpoint stopped")
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=5)


def test_download_without_a_network_fails_on_the_row_with_retry(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nothing listens there: what a machine without a network sees.
    app = EngineGui(
        qtbot,
        tmp_path,
        monkeypatch,
        models=(),
        hub_models=("hubby",),
        hf_endpoint=f"http://127.0.0.1:{free_port()}",
    )
    gui = app.gui
    try:
        assert gui.window.select_model("user.hubby")
        click_toolbar(qtbot, gui, "&Download")

        def failed() -> bool:
            row = gui.store.row("user.hubby")
            return row is not None and state_kind(row) is StateKind.DOWNLOAD_FAILED

        qtbot.waitUntil(failed, timeout=60_000)
        row = gui.store.row("user.hubby")
        assert row is not None and row.problem is not None
        words = state_text(row)
        assert words.startswith("download failed: Hugging Face (http://127.0.0.1:")
        # No exception class name reaches the user.
        assert "Error" not in words and "Exception" not in words, words
        banner = gui.window.banner
        qtbot.waitUntil(banner.isVisible)
        assert banner.retry_button.isVisible() and banner.retry_button.text() == "&Retry download"
        assert banner.message.text() in words
        click_toolbar(qtbot, gui, "&Retry download")
        qtbot.waitUntil(lambda: not banner.retry_button.isEnabled() or failed(), timeout=60_000)
        assert "Hugging Face" not in gui.window.notice.text()  # said on the row, not twice
    finally:
        app.close()


def test_download_from_a_hub_shows_progress_until_done(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_tiny_model(tmp_path / "repos" / "test-org" / "tiny-llama", weights_bytes=4 << 20)
    with FakeHub(throttle_bps=2 << 20) as hub:
        hub.start(tmp_path / "repos")
        app = EngineGui(
            qtbot, tmp_path, monkeypatch, models=(), hub_models=("hubby",), hf_endpoint=hub.url
        )
        gui = app.gui
        try:
            kinds: list[StateKind] = []

            def record(model_id: str) -> None:
                row = gui.store.row(model_id)
                if model_id == "user.hubby" and row is not None:
                    kinds.append(state_kind(row))

            gui.store.model_changed.connect(record)
            assert gui.window.select_model("user.hubby")
            click_toolbar(qtbot, gui, "&Download")
            qtbot.waitUntil(lambda: StateKind.DOWNLOADING in kinds, timeout=30_000)
            assert gui.window.actions_.cancel_download.isVisible()

            def downloaded() -> bool:
                row = gui.store.row("user.hubby")
                return row is not None and row.file_state == "complete"

            qtbot.waitUntil(downloaded, timeout=60_000)
            row = gui.store.row("user.hubby")
            assert row is not None and state_text(row) == "downloaded"
            assert gui.window.actions_.load.isEnabled()
        finally:
            app.close()


def test_settings_dialog_refuses_a_wrong_utilization_and_stores_a_right_one(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = EngineGui(qtbot, tmp_path, monkeypatch)
    settings_file = internals(app.runtime).paths.config_dir / "settings.json"
    before = settings_file.read_bytes()
    try:
        dialog = app.gui.window.open_settings()
        models = dialog.page(ModelsPage)
        assert isinstance(models, ModelsPage)
        edit = models.utilization.edit
        for typed in ("1.5", "0.05"):
            edit.selectAll()
            qtbot.keyClicks(edit, typed)
            assert models.utilization.hint.text() == (
                f"Must be between 0.10 and 0.99; you typed {typed}."
            )
            assert not dialog.ok_button.isEnabled()
            qtbot.keyClick(edit, Qt.Key.Key_Return)
            qtbot.wait(100)
            assert settings_file.read_bytes() == before  # untouched
            assert dialog.isVisible()
        edit.selectAll()
        qtbot.keyClicks(edit, "0.7")
        assert dialog.ok_button.isEnabled()
        with qtbot.waitSignal(dialog.saved, timeout=10_000):
            qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        stored = json.loads(settings_file.read_text())
        assert stored["models.gpu_memory_utilization"] == 0.7
        assert app.runtime.services.config.value("models.gpu_memory_utilization") == 0.7
    finally:
        app.close()


def test_a_crash_loop_is_counted_given_up_and_cleared_by_load(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11.5 through the real supervisor: the row and the banner count the failed starts
    and the time to the next try; after the third the app gives up, and the banner's Load
    (same options, nothing changed) tries again — and succeeds once the engine starts."""
    marker = tmp_path / "fail-next-start"
    app = EngineGui(
        qtbot,
        tmp_path,
        monkeypatch,
        settings={
            "engine.custom_command": fake_engine(
                "--fake-fail", "engine_dead", "--fake-fail-once", str(marker)
            ),
        },
    )
    gui, model = app.gui, "user.tiny"
    runtime = app.runtime

    def request() -> None:
        """What a chat request through the endpoint does: it waits out the back-off."""
        marker.touch()
        with pytest.raises(ProblemError):
            app.thread.submit(as_a_request(runtime.services, model)).result(60)

    try:
        assert gui.window.select_model(model)
        banner = gui.window.banner
        request()
        request()
        qtbot.waitUntil(lambda: gui.store.row(model).failures == 2, timeout=10_000)  # type: ignore[union-attr]
        row = gui.store.row(model)
        assert row is not None and row.process is ProcessState.BACKOFF and row.restarts == 1
        assert state_text(row).startswith("failed to start 2 times in a row: ")
        qtbot.waitUntil(banner.isVisible)
        assert banner.title.text() == "tiny failed to start 2 times in a row"  # its name
        # The second failure backs off 4 s before the next start may begin.
        assert re.fullmatch(
            r"Failed to start 2 times in a row\. The next request tries again, after "
            r"waiting [1-4] s; Load tries at once\.",
            banner.detail.text(),
        ), banner.detail.text()

        request()  # the third in a row: given up
        qtbot.waitUntil(lambda: row_state(gui, model) is ProcessState.FATAL, timeout=10_000)
        row = gui.store.row(model)
        assert row is not None and state_text(row).startswith(
            f"given up: {model} failed to start 3 times in a row, so the app stopped trying."
        )
        qtbot.waitUntil(lambda: banner.title.text() == "The app stopped trying to start tiny")
        # A request alone is refused at once now; the user's Load is what tries again.
        with pytest.raises(ProblemError) as refused:
            app.thread.submit(as_a_request(runtime.services, model)).result(5)
        assert refused.value.problem.code == "load.given_up"

        assert banner.retry_button.text() == "&Load again" and not marker.exists()
        # One button for the one action (no "Try loading it again" beside it), and the last
        # failure's sentence ends before the next one begins (issue 20.3).
        assert not banner.fix_button.isVisible()
        message = banner.message.text()
        assert re.search(r"Last time: .+[.!?] Load it again, or change its options", message)
        assert ". ." not in message and ": Load" not in message, message
        qtbot.mouseClick(banner.retry_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: row_state(gui, model) is ProcessState.RUNNING, timeout=60_000)
        row = gui.store.row(model)
        assert row is not None and (row.failures, row.restarts) == (0, 0)
        assert state_text(row) == "running"
        assert not banner.isVisible()
    finally:
        app.close()


def test_the_limits_page_refuses_a_bad_limit_and_stores_a_right_one(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = EngineGui(qtbot, tmp_path, monkeypatch)
    settings_file = internals(app.runtime).paths.config_dir / "settings.json"
    before = settings_file.read_bytes()
    try:
        dialog = app.gui.window.open_settings()
        limits = dialog.page(LimitsPage)
        assert isinstance(limits, LimitsPage)
        edit = limits.max_body.edit
        edit.selectAll()
        qtbot.keyClicks(edit, "200")  # valid alone, but over the 128 MiB for all bodies
        assert limits.body_budget.hint.text() == (
            "The memory for request bodies (128 MiB) must hold at least one request of the "
            "largest size (200 MiB)."
        )
        assert not dialog.ok_button.isEnabled()
        qtbot.keyClick(edit, Qt.Key.Key_Return)
        qtbot.wait(100)
        assert settings_file.read_bytes() == before and dialog.isVisible()
        limits.body_budget.edit.selectAll()
        qtbot.keyClicks(limits.body_budget.edit, "400")
        assert dialog.ok_button.isEnabled()
        with qtbot.waitSignal(dialog.saved, timeout=10_000):
            qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        stored = json.loads(settings_file.read_text())
        assert (stored["proxy.max_body_mb"], stored["proxy.body_budget_mb"]) == (200, 400)
    finally:
        app.close()


def test_gpu_options_in_the_model_dialog_on_two_gpus(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13.1 through the real planner: two RX 7900 XTX (a fake /sys), the dialog's GPU
    options checked as typed, nothing written while they are refused, then stored."""
    from tests.unit import sysfs_trees as trees

    app = EngineGui(
        qtbot, tmp_path, monkeypatch, sysfs_root=trees.two_rdna3_cards(tmp_path / "sys")
    )
    options_file = internals(app.runtime).paths.recipe_options_file
    try:
        dialog = app.gui.window.open_model_settings("user.tiny")
        qtbot.waitUntil(dialog.is_ready, timeout=10_000)
        gpu = dialog.gpu_options
        assert gpu.machine_label.text().count("GPU ") == 2

        def typed(field: Any, text: str) -> None:
            field.edit.selectAll()
            qtbot.keyClicks(field.edit, text)
            qtbot.waitUntil(dialog.is_settled, timeout=10_000)

        typed(gpu.tensor, "2")
        typed(gpu.gpus, "1")
        assert "Tensor parallel size 2 × Pipeline parallel size 1 = 2" in gpu.gpus.hint.text()
        assert not dialog.apply_button.isEnabled()
        dialog.apply()
        qtbot.wait(100)
        assert not options_file.exists() or "gpus" not in options_file.read_text()
        typed(gpu.gpus, "1,0")
        assert not gpu.gpus.hint.isVisible() and dialog.apply_button.isEnabled()
        share = format_bytes(int(trees.RX7900XTX_VRAM * 0.85))
        assert gpu.placement_label.text() == f"It would reserve {share} on GPU 1, {share} on GPU 0."
        assert "--tensor-parallel-size 2" in dialog.command_view.toPlainText()
        with qtbot.waitSignal(dialog.applied, timeout=10_000):
            qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        stored = json.loads(options_file.read_text())["user.tiny"]
        assert (stored["tensor_parallel_size"], stored["gpus"]) == (2, [1, 0])
    finally:
        app.close()


def test_the_engine_page_shows_the_advisories_of_the_users_own_vllm(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18, item 8: the user's own vLLM 0.19.1 is asked for its version in the
    background (the first snapshot does not wait for it); the engine page then names it and
    how many advisories apply to it, the worst, the release that fixes them all, and on demand
    the list (the Host-header bypass among them)."""
    python = make_vllm_venv(tmp_path / "own-venv", "0.19.1")
    app = EngineGui(
        qtbot,
        tmp_path,
        monkeypatch,
        settings={"engine.custom_command": shlex.join([str(python), "-m", API_SERVER])},
    )
    try:
        panel = app.gui.window.engine_panel
        qtbot.waitUntil(panel.advisories_label.isVisible, timeout=30_000)
        text = panel.advisories_label.text()
        assert text.startswith(
            "vLLM 0.19.1 has 18 known security advisories; the worst is critical. "
            "vLLM 0.32.0 fixes them all. Advisories from the list shipped with vLLM Tray, as of "
            "2026-12-07."
        )
        assert not panel.advisories_list.isVisible()
        panel.advisories_button.click()
        assert panel.advisories_list.isVisible()
        assert panel.advisories_button.text() == "Hide &advisories"
        listed = panel.advisories_list.text().splitlines()
        assert len(listed) == 18
        assert listed[0].startswith("⚠ [critical] vLLM 0.19.1 can let a request past its own")
        assert "CVE-2026-48746, fixed in 0.22.0" in listed[0]
        assert panel.engine_label.text() == "Engine: your own vLLM command, version 0.19.1"
        app.gui.window.grab().save(str(tmp_path / "engine-advisories.png"))  # for review
    finally:
        app.close()


def test_the_settings_of_a_running_model_say_which_command_is_its_next_loads(
    qtbot: QtBot, engine_gui: EngineGui
) -> None:
    """Issue 32 item 12: the dialog showed the next load's command as the one the running
    model "runs with"; a command that differs from the running child's says "at its next load"."""
    gui = engine_gui.gui
    assert gui.window.select_model("user.tiny")
    click_toolbar(qtbot, gui, "&Load")
    qtbot.waitUntil(lambda: row_state(gui, "user.tiny") is ProcessState.RUNNING, timeout=60_000)
    now = "Command line the model runs with:"
    later = (
        "Command line the model runs with at its next load (until then it keeps the one it "
        "started with):"
    )

    dialog = gui.window.open_model_settings("user.tiny")
    qtbot.waitUntil(dialog.is_settled, timeout=10_000)
    assert dialog.command_caption.text() == now  # what the child runs with: the same words
    dialog.args.edit.setText("--max-num-seqs 3")
    qtbot.waitUntil(lambda: dialog.command_caption.text() == later, timeout=10_000)
    qtbot.waitUntil(dialog.apply_button.isEnabled, timeout=10_000)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: getattr(dialog, "restart_box", None) is not None, timeout=10_000)
    with qtbot.waitSignal(dialog.applied, timeout=10_000):
        qtbot.mouseClick(dialog.later_button, Qt.MouseButton.LeftButton)  # keep it running

    again = gui.window.open_model_settings("user.tiny")
    qtbot.waitUntil(again.is_settled, timeout=10_000)
    assert "--max-num-seqs 3" in again.command_view.toPlainText()
    assert again.command_caption.text() == later  # stored, not yet what it runs with
    again.reject()
