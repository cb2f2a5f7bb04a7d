"""What the model settings dialog shows of a preview: the memory estimate, the command line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.core.models.vllm_args import format_command
from app.gui.forms import CommandView, wrap
from app.gui.i18n import format_int, layer_text
from app.gui.memory_fit import fit_words
from app.gui.theme import error_color, monospace_font, ok_color, set_text_color

if TYPE_CHECKING:
    from app.runtime.api.snapshot import OptionsPreview

# Direct translate("ModelSettingsDialog", "…") calls with literals, which lupdate reads: the
# dialog's sentences, in its context.
translate = QCoreApplication.translate


class FitRows:
    """Whether the context fits, the largest that does (with a button to use it), and how
    many requests fit at once: rows of the dialog's form."""

    def __init__(self, owner: QWidget) -> None:
        self._owner = owner  # its palette colours the verdict
        self.fit_label = wrap(QLabel())
        self.max_ctx_label = wrap(QLabel())
        self.use_max_button = QPushButton(translate("ModelSettingsDialog", "Use &largest"))
        self.concurrency_label = wrap(QLabel())
        self.widgets = (
            self.fit_label,
            self.max_ctx_label,
            self.use_max_button,
            self.concurrency_label,
        )

    def add_rows(self, form: QFormLayout) -> None:
        # In a widget of its own: the wrapped label's height then counts in the form.
        max_row_widget = QWidget()
        max_row = QHBoxLayout(max_row_widget)
        max_row.setContentsMargins(0, 0, 0, 0)
        max_row.addWidget(self.max_ctx_label, 1)
        max_row.addWidget(self.use_max_button, 0, Qt.AlignmentFlag.AlignTop)
        form.addRow("", self.fit_label)
        form.addRow("", max_row_widget)
        form.addRow("", self.concurrency_label)

    def hide(self) -> None:
        for widget in self.widgets:
            widget.hide()

    def show_limit(self, limit: int) -> None:
        """Only the model's own limit, which the planner's fix names."""
        self.hide()
        self.max_ctx_label.setText(
            translate(
                "ModelSettingsDialog", "Largest context size: {tokens} (the model's own limit)"
            ).format(tokens=format_int(limit))
        )
        self.max_ctx_label.show()
        self.use_max_button.show()

    def show_memory(self, preview: OptionsPreview) -> None:
        plan = preview.memory
        palette = self._owner.palette()
        self.fit_label.show()
        if plan is None:
            self.fit_label.setText(
                translate(
                    "ModelSettingsDialog",
                    "No memory estimate yet: it needs the model's config.json on disk.",
                )
            )
            set_text_color(self.fit_label, palette.color(self._owner.foregroundRole()))
            for widget in self.widgets[1:]:
                widget.hide()
            return
        words = fit_words(plan, preview.ctx_size, preview.planned, preview.rooms)
        self.fit_label.setText(words.fit)
        set_text_color(self.fit_label, ok_color(palette) if words.fits else error_color(palette))
        self.max_ctx_label.setText(words.largest)
        self.max_ctx_label.show()
        self.use_max_button.setVisible(words.offer_largest)
        self.concurrency_label.setText(words.concurrency)
        self.concurrency_label.show()


class CommandLine:
    """The command line a preview means, its caption, and the layers its arguments come
    from (later lines win)."""

    def __init__(self) -> None:
        self.caption = QLabel()
        self.view = CommandView()
        self.view.setFont(monospace_font())
        self.view.setAccessibleName(translate("ModelSettingsDialog", "Effective command line"))
        self.layers = wrap(QLabel())
        self.layers.setTextFormat(Qt.TextFormat.PlainText)
        self.layers.hide()

    def add_to(self, layout: QVBoxLayout) -> None:
        for widget in (self.caption, self.view, self.layers):
            layout.addWidget(widget)

    def say_stale(self) -> None:
        """What is shown is the last valid settings', while a field says what is wrong."""
        self.caption.setText(
            translate(
                "ModelSettingsDialog",
                "Command line with the last valid settings (fix the error to update):",
            )
        )

    def say_valid(self, preview: OptionsPreview) -> None:
        # A running model keeps the command it started with: a different one is the next
        # load's (issue 32 item 12), whether stored already or only typed here.
        running = preview.running_command
        if running is not None and running != preview.command:
            self.caption.setText(
                translate(
                    "ModelSettingsDialog",
                    "Command line the model runs with at its next load (until then it keeps "
                    "the one it started with):",
                )
            )
        else:
            self.caption.setText(
                translate("ModelSettingsDialog", "Command line the model runs with:")
            )

    def show(self, shown: OptionsPreview | None) -> None:
        """The command and layers of the last valid preview (none yet: empty)."""
        command = shown.command if shown is not None else ()
        self.view.setPlainText(format_command(command) if command else "")
        layers = [
            f"{layer_text(layer)}: {format_command(layer.args)}"
            for layer in (shown.layers if shown is not None else ())
        ]
        self.layers.setText(
            translate("ModelSettingsDialog", "Where the arguments come from, later lines win:")
            + "\n"
            + "\n".join(layers)
            if layers
            else ""
        )
        self.layers.setVisible(bool(layers))
