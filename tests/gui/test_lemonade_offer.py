"""The first-run offer to import a Lemonade setup (issue 22, item 3): shown once, remembered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.core.lemonade_plan import Change, ChangeKind, ImportPlan
from app.gui import window_state
from app.gui.app import GuiApp
from app.gui.lemonade_offer import OFFERED, LemonadeImportDialog
from app.runtime.facade import ThreadFacade
from app.runtime.thread import RuntimeThread
from tests.fakes.engine_runtime import make_runtime
from tests.fakes.lemonade_home import USER_MODEL, build_lemonade_home
from tests.gui.conftest import flush_deletes, run, start_gui
from tests.gui.fake_facade import FakeFacade

PLAN = ImportPlan(
    Path("/home/me/.config/lemonade"),
    True,
    changes=(
        Change(ChangeKind.ADD_MODEL, "user.mine", "org/mine", None, {"name": "mine"}),
        Change(
            ChangeKind.LINK_FILES,
            "org/mine",
            "/x",
            None,
            {"models": ["user.mine"], "bytes": 3 * 1024**3},
        ),
    ),
)


def offered_dialog(qtbot: QtBot) -> LemonadeImportDialog:
    def shown() -> LemonadeImportDialog | None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, LemonadeImportDialog) and widget.isVisible():
                return widget
        return None

    qtbot.waitUntil(lambda: shown() is not None)
    found = shown()
    assert found is not None
    return found


def close(gui: GuiApp) -> None:
    gui.close()
    flush_deletes()


def test_import_accepted(qtbot: QtBot, fake: FakeFacade, tmp_path: Path) -> None:
    fake.lemonade = PLAN
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        dialog = offered_dialog(qtbot)
        texts = [dialog.changes.item(i).text() for i in range(dialog.changes.count())]
        assert texts == [
            "Add the model user.mine (org/mine)",
            "Use the downloaded files of org/mine (3.0 GiB) without copying them",
        ]
        dialog.import_button.click()
        qtbot.waitUntil(lambda: bool(fake.called("lemonade.apply")))
        assert fake.called("lemonade.apply") == [(PLAN,)]
        qtbot.waitUntil(lambda: window_state.flag(OFFERED))
        qtbot.waitUntil(lambda: "Imported 2 changes from Lemonade." in gui.window.notice.text())
    finally:
        close(gui)


def test_not_now_imports_nothing_and_is_not_asked_again(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    fake.lemonade = PLAN
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        offered_dialog(qtbot).later_button.click()
        qtbot.waitUntil(lambda: window_state.flag(OFFERED))
        assert fake.called("lemonade.apply") == []
    finally:
        close(gui)
    fake.calls.clear()
    again = start_gui(qtbot, fake, tmp_path)
    try:
        qtbot.wait(200)  # the offer would be a task of the start: give it its turn
        assert fake.called("lemonade.plan") == []
    finally:
        close(again)


def test_no_lemonade_no_offer_and_asked_again_next_start(
    qtbot: QtBot, fake: FakeFacade, tmp_path: Path
) -> None:
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        qtbot.waitUntil(lambda: bool(fake.called("lemonade.plan")))
        qtbot.wait(100)
        assert not any(isinstance(w, LemonadeImportDialog) for w in QApplication.topLevelWidgets())
        assert not window_state.flag(OFFERED)
    finally:
        close(gui)


def test_offer_on_the_real_runtime_imports_the_fixture(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app on its real runtime finds the Lemonade home, offers it, and imports it."""
    lemonade = build_lemonade_home(tmp_path / "lemonade")
    monkeypatch.setenv("HOME", str(lemonade.home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(lemonade.home / ".config"))
    monkeypatch.setenv("LEMONADE_CACHE_DIR", str(lemonade.cache_dir))
    runtime = make_runtime(tmp_path, monkeypatch, models=())
    thread = RuntimeThread(runtime, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    try:
        dialog = offered_dialog(qtbot)
        assert dialog.changes.count() == 8  # the lowconc model comes too, without its --port
        dialog.import_button.click()
        model_id = f"user.{USER_MODEL}"

        def imported() -> bool:
            row = gui.store.row(model_id)
            return row is not None and row.file_state == "complete"

        qtbot.waitUntil(imported, timeout=10_000)
        qtbot.waitUntil(lambda: "Imported 8 changes" in gui.window.notice.text())
        assert window_state.flag(OFFERED)
        stored = json.loads((tmp_path / "home" / "settings.json").read_text())
        assert "gui.lemonade_offered" not in stored
        # Every event of the import is out by now: one more refresh covers the refreshes
        # they asked for, so none is still on its way to the runtime when it stops.
        run(qtbot, gui.store.refresh())
    finally:
        close(gui)
        facade.shutdown()


def test_the_offer_says_what_a_code_flag_would_do_and_imports_the_rest_without_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31 item 11: Lemonade's global `--middleware evil.Mw` is a line of the dialog
    saying what it would do; Import brings the rest, never the flag."""
    lemonade = build_lemonade_home(tmp_path / "lemonade")
    config = lemonade.config_dir / "config.json"
    data = json.loads(config.read_text())
    data["vllm"]["args"] = "--max-num-batched-tokens 4096 --middleware evil.Mw"
    config.write_text(json.dumps(data))
    monkeypatch.setenv("HOME", str(lemonade.home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(lemonade.home / ".config"))
    monkeypatch.setenv("LEMONADE_CACHE_DIR", str(lemonade.cache_dir))
    runtime = make_runtime(tmp_path, monkeypatch, models=())
    thread = RuntimeThread(runtime, serve=False)
    thread.start()
    facade = ThreadFacade(thread)
    gui = start_gui(qtbot, facade, tmp_path)
    try:
        dialog = offered_dialog(qtbot)
        assert (
            "Not imported: --middleware evil.Mw in Lemonade's global vLLM arguments would make "
            "vLLM import and run the Python code evil.Mw"
        ) in dialog.skipped.text()
        dialog.import_button.click()
        qtbot.waitUntil(lambda: "Imported 8 changes" in gui.window.notice.text())
        stored = json.loads((tmp_path / "home" / "settings.json").read_text())
        assert stored["models.vllm_args"] == "--max-num-batched-tokens 4096"
        run(qtbot, gui.store.refresh())
    finally:
        close(gui)
        facade.shutdown()
