"""The model dialog fits what it shows (issue 20.5): it grows for an error and shrinks back when
the error goes (it stayed tall, with empty rows), and its command box shows every line of the
command (a fixed five lines cut the last one in half)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.gui.app import GuiApp
from app.gui.model_settings_dialog import ModelSettingsDialog

MODEL = "Qwen3.5-4B-FP16-vLLM"


def settle(qtbot: QtBot, dialog: ModelSettingsDialog) -> int:
    qtbot.waitUntil(dialog.is_settled)
    qtbot.wait(50)  # the grower runs on the next turn of the loop
    return dialog.height()


def test_the_dialog_shrinks_back_and_shows_the_whole_command(qtbot: QtBot, gui: GuiApp) -> None:
    dialog = gui.window.open_model_settings(MODEL)
    qtbot.waitUntil(dialog.is_ready)
    dialog.ctx.edit.setText("32768")
    dialog.args.edit.setText("--max-num-seqs 8")
    normal = settle(qtbot, dialog)

    dialog.args.edit.setText("--max-num-seqs 8 --max-model-len 65536")  # refused: two lines
    refused = settle(qtbot, dialog)
    assert refused > normal
    assert dialog.problem_label.isVisible()

    dialog.args.edit.setText("--max-num-seqs 8")
    assert abs(settle(qtbot, dialog) - normal) <= 2  # back, not left tall with empty rows

    command = dialog.command_view
    assert command.wrapped_lines() >= 3  # the long command wraps at this width …
    assert command.verticalScrollBar().maximum() == 0  # … and every line is in sight
    line = command.fontMetrics().lineSpacing()
    assert command.height() >= command.wrapped_lines() * line

    # A user who made the dialog taller keeps that height: only a fitted height shrinks.
    dialog.resize(dialog.width(), normal + 150)
    dialog.ctx.edit.setText("abc")
    settle(qtbot, dialog)
    dialog.ctx.edit.setText("32768")
    assert settle(qtbot, dialog) == normal + 150
    dialog.reject()
