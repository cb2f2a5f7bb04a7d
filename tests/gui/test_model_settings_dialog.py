"""Per-model settings: live memory fit, inline argument validation, Apply asks before a restart."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.core.problems import problem, tr_noop
from app.gui.app import GuiApp
from tests.gui.fake_facade import FakeFacade, load_events

MODEL = "Qwen3.5-4B-FP16-vLLM"


def test_memory_estimate_updates_as_you_type(qtbot: QtBot, gui: GuiApp) -> None:
    dialog = gui.window.open_model_settings(MODEL)
    assert dialog.ctx.value() == 8192
    assert dialog.fit_label.text().startswith("✓ Fits: needs")
    assert "--max-model-len 8192" in dialog.command_view.toPlainText()

    dialog.ctx.lineEdit().selectAll()
    qtbot.keyClicks(dialog.ctx, "1000000")
    qtbot.waitUntil(lambda: dialog.fit_label.text().startswith("✗ Does not fit"))
    assert "--max-model-len 1000000" in dialog.command_view.toPlainText()
    plan = dialog.preview.memory
    assert plan is not None and not plan.fits
    assert dialog.max_ctx_label.text() == f"Largest ctx_size that fits: {plan.max_ctx} tokens"
    assert dialog.concurrency_label.text() == (
        f"Max concurrency at this ctx_size: {plan.concurrency:.1f} full-length requests at once."
    )
    assert dialog.use_max_button.isVisible()
    qtbot.mouseClick(dialog.use_max_button, Qt.MouseButton.LeftButton)
    assert dialog.ctx.value() == plan.max_ctx
    assert dialog.fit_label.text().startswith("✓ Fits")
    dialog.reject()


def test_a_managed_flag_is_rejected_inline_and_apply_is_disabled(qtbot: QtBot, gui: GuiApp) -> None:
    dialog = gui.window.open_model_settings(MODEL)
    qtbot.keyClicks(dialog.args, "--max-num-seqs 8 --max-model-len 4096")
    qtbot.waitUntil(dialog.problem_label.isVisible)
    assert dialog.problem_label.text() == (
        "In model vllm_args, remove --max-model-len: the context length comes from the "
        "option ctx_size."
    )
    assert not dialog.apply_button.isEnabled()
    assert "fix the error" in dialog.command_caption.text()
    assert "--max-model-len 8192" in dialog.command_view.toPlainText()  # last valid command

    dialog.args.setText("--max-num-seqs 8")
    dialog.update_preview()
    assert not dialog.problem_label.isVisible() and dialog.apply_button.isEnabled()
    assert "--max-num-seqs 8" in dialog.command_view.toPlainText()
    layers = dialog.layers_label.text()
    assert "model vllm_args: --max-num-seqs 8" in layers and "family qwen3." in layers
    dialog.reject()


def test_apply_on_a_stopped_model_saves_without_asking(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog = gui.window.open_model_settings(MODEL)
    dialog.ctx.setValue(32768)
    dialog.args.setText("--max-num-seqs 8")
    with qtbot.waitSignal(dialog.applied):
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert fake.called("set_options") == [(MODEL, 32768, "--max-num-seqs 8", False)]
    qtbot.waitUntil(lambda: gui.store.row(MODEL).ctx_size == 32768)


def test_apply_on_a_running_model_asks_then_restarts(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.publish_from_thread(*load_events(MODEL))
    qtbot.waitUntil(lambda: gui.store.row(MODEL).process == "running")
    dialog = gui.window.open_model_settings(MODEL)
    dialog.ctx.setValue(16384)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    box: QMessageBox = dialog.restart_box
    qtbot.waitUntil(box.isVisible)
    assert fake.called("set_options") == []  # nothing saved before the answer
    assert "is loaded" in box.text()
    with qtbot.waitSignal(dialog.applied):
        qtbot.mouseClick(dialog.restart_button, Qt.MouseButton.LeftButton)
    assert fake.called("set_options") == [(MODEL, 16384, "", True)]


def test_cancel_in_the_restart_question_saves_nothing(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.publish_from_thread(*load_events(MODEL))
    qtbot.waitUntil(lambda: gui.store.row(MODEL).process == "running")
    dialog = gui.window.open_model_settings(MODEL)
    dialog.ctx.setValue(16384)
    dialog.apply()
    box = dialog.restart_box
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible())
    assert fake.called("set_options") == [] and dialog.isVisible()
    dialog.reject()


def test_reset_to_defaults_follows_the_global_default(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.options[MODEL] = "--max-num-seqs 4"
    dialog = gui.window.open_model_settings(MODEL)
    dialog.ctx.setValue(4096)
    assert dialog.args.text() == "--max-num-seqs 4"
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert dialog.ctx.value() == 8192 and dialog.args.text() == ""
    with qtbot.waitSignal(dialog.applied):
        dialog.apply()
    assert fake.called("set_options") == [(MODEL, None, "", False)]


def test_a_refused_save_keeps_the_dialog_open(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.fail_next["set_options"] = problem(
        "options.locked", tr_noop("{model} is being deleted."), model=MODEL
    )
    dialog = gui.window.open_model_settings(MODEL)
    dialog.apply()
    qtbot.waitUntil(lambda: dialog.problem_label.text() == f"{MODEL} is being deleted.")
    assert dialog.isVisible() and dialog.apply_button.isEnabled()
    dialog.reject()
