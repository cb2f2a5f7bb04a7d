"""The main window: row actions call the facade, failures show a diagnosis with a fix."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from app.core.events import (
    DownloadFinished,
    DownloadProgressed,
    ProcessStateChanged,
    RegistryChanged,
)
from app.core.problems.problems import Problem
from app.core.states import ProcessState
from app.gui import window_state
from app.gui.app import GuiApp
from app.gui.model_state import state_text
from app.gui.model_table import Column
from tests.gui.conftest import start_gui
from tests.gui.fake_facade import FakeFacade, load_events, memory_problem

NOT_DOWNLOADED = "Qwen3.6-27B-FP8-vLLM-lowconc"
DOWNLOADED = "Qwen3.5-4B-FP16-vLLM"


def select(qtbot: QtBot, gui: GuiApp, model_id: str) -> None:
    assert gui.window.select_model(model_id)
    qtbot.waitUntil(lambda: gui.window.actions_.current == model_id)


def test_actions_follow_the_selected_row(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    actions = gui.window.actions_
    select(qtbot, gui, NOT_DOWNLOADED)
    assert actions.download.isEnabled() and actions.download.isVisible()
    assert not actions.load.isEnabled()
    actions.download.trigger()
    qtbot.waitUntil(lambda: fake.called("models.pull") == [(NOT_DOWNLOADED,)])

    fake.publish_from_thread(DownloadProgressed("dl-9", NOT_DOWNLOADED, 10, 100))
    qtbot.waitUntil(actions.cancel_download.isVisible)
    assert not actions.download.isVisible()
    actions.cancel_download.trigger()
    qtbot.waitUntil(lambda: fake.called("models.cancel_download") == [("dl-9",)])

    select(qtbot, gui, DOWNLOADED)
    assert actions.load.isEnabled() and not actions.unload.isVisible()
    actions.load.trigger()
    qtbot.waitUntil(lambda: fake.called("models.load") == [(DOWNLOADED,)])
    fake.publish_from_thread(*load_events(DOWNLOADED))
    qtbot.waitUntil(actions.unload.isVisible)
    assert not actions.load.isVisible() and not actions.delete.isEnabled()
    actions.unload.trigger()
    qtbot.waitUntil(lambda: fake.called("models.unload") == [(DOWNLOADED,)])


def test_keyboard_shortcut_loads_the_selected_model(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    gui.window.activateWindow()
    select(qtbot, gui, DOWNLOADED)
    gui.window.table.setFocus()
    qtbot.keyClick(gui.window.table, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: fake.called("models.load") == [(DOWNLOADED,)])


def test_failed_model_shows_its_diagnosis_and_the_fix_button_applies_it(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    failure = memory_problem(0.78)
    fake.publish_from_thread(
        ProcessStateChanged(DOWNLOADED, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(DOWNLOADED, ProcessState.STARTING, ProcessState.FATAL, problem=failure),
    )
    select(qtbot, gui, DOWNLOADED)
    banner = gui.window.banner
    qtbot.waitUntil(banner.isVisible)
    assert "gpu-memory-utilization 0.92" in banner.message.text()
    assert banner.fix_button.text() == "Set GPU memory utilization to 0.78"
    qtbot.mouseClick(banner.fix_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: fake.called("models.apply_fix") == [(DOWNLOADED, failure.fix, True)])
    assert not banner.fix_button.isEnabled() and banner.status.isVisible()

    # Loading again clears the banner.
    fake.publish_from_thread(
        ProcessStateChanged(DOWNLOADED, ProcessState.FATAL, ProcessState.STARTING)
    )
    qtbot.waitUntil(lambda: not banner.isVisible())


def test_a_sleeping_model_says_so_and_can_be_unloaded(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.publish_from_thread(
        *load_events(DOWNLOADED),
        ProcessStateChanged(DOWNLOADED, ProcessState.RUNNING, ProcessState.SLEEPING, pid=4242),
    )
    select(qtbot, gui, DOWNLOADED)
    actions = gui.window.actions_
    qtbot.waitUntil(lambda: fake_row_state(gui) == "asleep: wakes on the next request")
    assert actions.unload.isVisible() and actions.unload.isEnabled()
    assert not actions.load.isVisible() and not actions.delete.isEnabled()
    actions.unload.trigger()
    qtbot.waitUntil(lambda: fake.called("models.unload") == [(DOWNLOADED,)])


def fake_row_state(gui: GuiApp) -> str:
    return str(gui.window.table_model.index_of(DOWNLOADED, Column.STATE).data())


def test_a_failed_command_is_shown_not_lost(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.fail_next["models.unload"] = Problem(
        "models.busy", "{model} is being deleted; try again in a moment.", {"model": "m"}
    )
    fake.publish_from_thread(*load_events(DOWNLOADED))
    select(qtbot, gui, DOWNLOADED)
    qtbot.waitUntil(gui.window.actions_.unload.isEnabled)
    gui.window.actions_.unload.trigger()
    qtbot.waitUntil(lambda: "being deleted" in gui.window.notice.text())
    assert gui.window.notice_frame.isVisible()
    assert gui.window.notice.text() == "m is being deleted; try again in a moment."
    qtbot.mouseClick(gui.window.notice_frame.dismiss_button, Qt.MouseButton.LeftButton)
    assert not gui.window.notice_frame.isVisible()


def test_a_download_that_cannot_start_fails_on_its_row_with_retry(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.fail_next["models.pull"] = Problem(
        "downloads.disk_full",
        "Not enough disk space: {needed} GB needed, {free} GB free.",
        {"needed": 27.8, "free": 3.1},
    )
    select(qtbot, gui, NOT_DOWNLOADED)
    gui.window.actions_.download.trigger()
    banner = gui.window.banner
    qtbot.waitUntil(banner.isVisible)
    row = gui.store.row(NOT_DOWNLOADED)
    assert state_text(row) == (
        "download failed: Not enough disk space: 27.8 GB needed, 3.1 GB free."
    )
    assert "disk space" not in gui.window.notice.text()  # the row says it, once
    assert banner.retry_button.text() == "&Retry download"
    assert gui.window.actions_.download.text() == "&Retry download"
    qtbot.mouseClick(banner.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(fake.called("models.pull")) == 2)


def test_start_up_problems_are_shown(qtbot: QtBot, fake: FakeFacade, tmp_path) -> None:
    fake.problems = (
        Problem(
            "config.corrupt",
            "{file} was not valid JSON; it was moved to {backup}.",
            {"file": "settings.json", "backup": "settings.json.bad"},
        ),
    )
    gui = start_gui(qtbot, fake, tmp_path)
    try:
        # First, whatever the tray's watch adds below it (no tray here).
        assert gui.window.notice.text().split("\n\n")[0] == (
            "settings.json was not valid JSON; it was moved to settings.json.bad."
        )
    finally:
        gui.close()


def test_closing_without_a_tray_quits(qtbot: QtBot, gui: GuiApp) -> None:
    assert not gui.tray.available  # offscreen has no system tray
    with qtbot.waitSignal(gui.quit_requested):
        gui.window.close()


def test_closing_with_a_tray_hides_and_explains_once(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    gui.window.tray_available = True  # as on a desktop with a tray
    with qtbot.waitSignal(gui.tray.notified) as note:
        gui.window.close()
    assert not gui.window.isVisible()
    assert note.args[0] == "vLLM Tray is still running"
    # What the windows remember, not a setting (issue 19.4).
    assert window_state.flag(window_state.TRAY_HINT_SHOWN)
    assert fake.called("config.set_settings") == []

    gui.window.show_and_raise()
    with qtbot.assertNotEmitted(gui.tray.notified, wait=50):
        gui.window.close()
    assert not gui.window.isVisible()


def test_metrics_are_watched_only_while_the_window_shows(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    assert fake.metrics_watched[-1] is True
    gui.window.hide()
    assert fake.metrics_watched[-1] is False


def test_delete_asks_first(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    box = gui.window.confirm_delete(DOWNLOADED)
    assert box is not None and "Delete the downloaded files" in box.text()
    delete = next(b for b in box.buttons() if b.text() == "&Delete")
    qtbot.mouseClick(delete, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: fake.called("models.delete") == [(DOWNLOADED,)])

    box = gui.window.confirm_delete("user.my-llama")
    assert "Its folder stays where it is" in box.text()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    assert fake.called("models.delete") == [(DOWNLOADED,)]


def test_delete_names_the_models_that_share_the_files(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 32 item 3: the question named only the model being deleted."""
    fake.update(DOWNLOADED, shares_files_with=("user.mine",))
    fake.publish_from_thread(RegistryChanged(DOWNLOADED))  # the store takes a new snapshot
    qtbot.waitUntil(lambda: getattr(gui.store.row(DOWNLOADED), "shares_files_with", ()) != ())
    box = gui.window.confirm_delete(DOWNLOADED)
    assert box is not None
    assert box.text().endswith(
        "One other model uses the same files and would need them downloaded again too: user.mine."
    )
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    assert fake.called("models.delete") == []


def test_add_model_validates_and_registers(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    dialog = gui.window.open_add_model()
    dialog.show_by_name()
    qtbot.keyClicks(dialog.repo, "not a repo")
    assert not dialog.ok_button.isEnabled()
    assert "neither a Hugging Face repository" in dialog.problem_label.text()
    dialog.repo.clear()
    qtbot.keyClicks(dialog.repo, "Qwen/Qwen3-4B")
    assert dialog.name.text() == "Qwen3-4B"
    assert dialog.ok_button.isEnabled()
    qtbot.keyClicks(dialog.labels, "chat, tool-calling")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert fake.called("models.add_user_model") == [
        ("Qwen3-4B", "Qwen/Qwen3-4B", ("chat", "tool-calling"))
    ]
    assert fake.called("models.pull") == [("user.Qwen3-4B",)]
    qtbot.waitUntil(lambda: gui.window.actions_.current == "user.Qwen3-4B")


def test_add_model_from_a_folder_shows_the_registry_refusal(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.fail_next["models.add_user_model"] = Problem(
        "models.exists", "A model called user.{name} exists already.", {"name": "x"}
    )
    dialog = gui.window.open_add_model()
    dialog.show_by_name()
    dialog.from_folder.setChecked(True)
    qtbot.keyClicks(dialog.folder, "/models/x")
    assert dialog.name.text() == "x" and not dialog.download_now.isEnabled()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.problem_label.text() == "A model called user.x exists already.")
    assert dialog.isVisible() and fake.called("models.pull") == []
    dialog.reject()


def test_a_failed_download_shows_why_without_a_log_button(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    gated = Problem(
        "downloads.gated",
        "{repo} is gated: accept its licence on Hugging Face and set a token.",
        {"repo": "Qwen/Qwen3.6-27B-FP8"},
    )
    select(qtbot, gui, NOT_DOWNLOADED)
    fake.publish_from_thread(
        DownloadProgressed("dl-3", NOT_DOWNLOADED, 1, 100),
        DownloadFinished("dl-3", NOT_DOWNLOADED, "failed", problem=gated),
    )
    banner = gui.window.banner
    qtbot.waitUntil(banner.isVisible)
    assert banner.title.text() == f"The download of {NOT_DOWNLOADED} failed"
    assert banner.message.text().startswith("Qwen/Qwen3.6-27B-FP8 is gated")
    assert not banner.logs_button.isVisible() and not banner.fix_button.isVisible()
    assert gui.window.actions_.download.isEnabled()  # try again

    fake.publish_from_thread(
        ProcessStateChanged(DOWNLOADED, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(DOWNLOADED, ProcessState.STARTING, ProcessState.FATAL),
    )
    select(qtbot, gui, DOWNLOADED)
    qtbot.waitUntil(lambda: banner.model_id == DOWNLOADED)
    assert banner.logs_button.isVisible()
    assert banner.message.text() == "vLLM stopped without a known cause. The log says more."
    with qtbot.waitSignal(banner.logs_requested):
        qtbot.mouseClick(banner.logs_button, Qt.MouseButton.LeftButton)


def test_a_failed_model_can_be_loaded_again_from_toolbar_menu_and_banner(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    for given_up in (ProcessState.FATAL, ProcessState.BACKOFF, ProcessState.EXITED):
        fake.publish_from_thread(
            ProcessStateChanged(DOWNLOADED, ProcessState.STOPPED, ProcessState.STARTING),
            ProcessStateChanged(
                DOWNLOADED, ProcessState.STARTING, given_up, problem=memory_problem()
            ),
        )
        select(qtbot, gui, DOWNLOADED)
        actions = gui.window.actions_
        qtbot.waitUntil(lambda: gui.store.row(DOWNLOADED).process == given_up)  # noqa: B023
        assert actions.load.isVisible() and actions.load.isEnabled()
        assert actions.load.text() == "&Load again" and not actions.unload.isVisible()
        toolbar = [a.text() for a in gui.window.toolbar.actions() if a.isVisible()]
        assert "&Load again" in toolbar and "&Unload" not in toolbar
        words = state_text(gui.store.row(DOWNLOADED))
        assert "retrying" not in words and words.endswith("Lower it to 0.78.")
        fake.publish_from_thread(ProcessStateChanged(DOWNLOADED, given_up, ProcessState.STOPPED))
        qtbot.waitUntil(lambda: gui.store.row(DOWNLOADED).process == ProcessState.STOPPED)

    fake.publish_from_thread(
        ProcessStateChanged(DOWNLOADED, ProcessState.STOPPED, ProcessState.STARTING),
        ProcessStateChanged(
            DOWNLOADED, ProcessState.STARTING, ProcessState.FATAL, problem=memory_problem()
        ),
    )
    banner = gui.window.banner
    qtbot.waitUntil(banner.isVisible)
    assert banner.retry_button.text() == "&Load again"
    qtbot.mouseClick(banner.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: fake.called("models.load") == [(DOWNLOADED,)])


def test_the_banner_can_be_dismissed_and_goes_when_the_problem_does(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    gated = Problem("downloads.gated", "{repo} is gated.", {"repo": "Qwen/x"})
    select(qtbot, gui, NOT_DOWNLOADED)
    fake.publish_from_thread(
        DownloadProgressed("dl-3", NOT_DOWNLOADED, 1, 100),
        DownloadFinished("dl-3", NOT_DOWNLOADED, "failed", problem=gated),
    )
    banner = gui.window.banner
    qtbot.waitUntil(banner.isVisible)
    qtbot.mouseClick(banner.dismiss_button, Qt.MouseButton.LeftButton)
    assert not banner.isVisible()
    select(qtbot, gui, DOWNLOADED)
    select(qtbot, gui, NOT_DOWNLOADED)
    assert not banner.isVisible()  # dismissed stays dismissed for the same problem
    # A new attempt: the failure is gone, and so is the banner; a new failure shows again.
    fake.publish_from_thread(DownloadProgressed("dl-4", NOT_DOWNLOADED, 2, 100))
    qtbot.waitUntil(lambda: gui.store.row(NOT_DOWNLOADED).problem is None)
    assert not banner.isVisible()
    fake.publish_from_thread(DownloadFinished("dl-4", NOT_DOWNLOADED, "failed", problem=gated))
    qtbot.waitUntil(banner.isVisible)


def test_add_model_labels_have_their_mnemonics(gui: GuiApp) -> None:
    dialog = gui.window.open_add_model()
    form = dialog.form
    labels = {
        form.labelForField(field).text(): form.labelForField(field)
        for field in (dialog.repo, dialog.name, dialog.labels)
    }
    assert set(labels) == {"&Repository:", "&Name:", "&Labels:"}
    folder = next(label for label in dialog.findChildren(QLabel) if label.text() == "F&older:")
    # With a buddy the "&" is a mnemonic (underlined o, Alt+O), not a character shown.
    assert folder.buddy() is dialog.folder
    assert all(label.buddy() is not None for label in labels.values())
    dialog.reject()


def test_quit_from_the_tray_closes_the_window_instead_of_hiding_it(
    qtbot: QtBot, gui: GuiApp
) -> None:
    # Qt's quit closes every window first; a window that only hid itself would cancel it.
    gui.window.tray_available = True  # as on a desktop with a tray
    with qtbot.waitSignal(gui.quit_requested):
        gui.tray.quit_requested.emit()  # the tray menu's Quit
    assert gui.window.close()  # accepted: the quit goes on


def test_add_model_starts_with_the_cursor_in_the_field_to_type_in(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """QA (issue 20): the first keys typed go into the search (or, on the other tab, the
    repository field), not to the tab bar or the radio button above it."""
    del fake
    gui.window.show()
    gui.window.add_action.trigger()  # Model ▸ Add model… (or the toolbar's button)
    dialog = gui.window.add_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    qtbot.waitUntil(lambda: dialog.focusWidget() is dialog.search.query)
    qtbot.keyClicks(dialog.focusWidget(), "qwen3")
    assert dialog.search.query.text() == "qwen3"
    dialog.show_by_name()
    qtbot.waitUntil(lambda: dialog.focusWidget() is dialog.repo)
    qtbot.keyClicks(dialog.focusWidget(), "Qwen/Qwen3-4B")
    assert dialog.repo.text() == "Qwen/Qwen3-4B"
    dialog.reject()


def test_the_first_load_without_an_engine_offers_to_install_it(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """QA (issue 20): Load on a machine without the engine said only that it is missing;
    now the notice offers the install, which then loads the model."""
    from app.core.states import EngineKind
    from app.supervisor.engines.base import engine_missing

    missing = engine_missing(EngineKind.CPU)
    fake.fail_next["models.load"] = missing
    model = next(r.id for r in gui.store.rows if r.downloaded)
    assert gui.window.select_model(model)
    gui.window.actions_.load.trigger()
    qtbot.waitUntil(lambda: "engine is not installed" in gui.window.notice.text())
    assert gui.window.notice.text().startswith("The cpu engine is not installed.")
    button = gui.window.notice_frame.fix_button
    assert button.isVisible() and button.text() == "Install the cpu engine and load"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(fake.called("models.apply_fix")))
    assert fake.called("models.apply_fix") == [(model, missing.fix, True)]
    qtbot.waitUntil(lambda: not gui.window.notice_frame.isVisible())
