"""Per-model settings: ctx_size with a live memory-fit estimate, vllm_args, the command line."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.core.problems import Problem, ProblemError
from app.core.settings import SPEC_BY_KEY
from app.core.states import ALIVE
from app.core.vllm_args import format_command
from app.gui.i18n import format_bytes, format_int, problem_text
from app.gui.store import AppStore
from app.gui.tasks import CommandRunner
from app.gui.theme import error_color, monospace_font, ok_color, set_text_color
from app.runtime.api import Facade, OptionsPreview

PREVIEW_DELAY_MS = 150  # recompute after typing pauses, not on every keystroke
_CTX = SPEC_BY_KEY["ctx_size"]


class ModelSettingsDialog(QDialog):
    """Opened with `open()`; Apply saves through `facade.set_options` and closes on success."""

    applied = Signal(str)  # model id

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        runner: CommandRunner,
        model_id: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._runner = runner
        self.model_id = model_id
        row = store.row(model_id)
        name = row.name if row is not None else model_id
        self.setWindowTitle(self.tr("Settings of {name}").format(name=name))
        self.preview: OptionsPreview = self._ask_preview(None, None)
        self._last_valid = self.preview
        # A model without its own ctx_size keeps following the global default unless the
        # user changes the number.
        self._ctx_is_default = self.preview.ctx_is_default

        self.ctx = QSpinBox()
        self.ctx.setRange(int(_CTX.minimum or 64), int(_CTX.maximum or 1_048_576))
        self.ctx.setSingleStep(1024)
        self.ctx.setGroupSeparatorShown(True)
        self.ctx.setSuffix(self.tr(" tokens"))
        self.ctx.setValue(self.preview.ctx_size)
        self.ctx.setAccessibleName(self.tr("Context size"))
        self.fit_label = QLabel()
        self.fit_label.setWordWrap(True)
        self.max_ctx_label = QLabel()
        self.use_max_button = QPushButton(self.tr("Use &largest"))
        self.use_max_button.clicked.connect(self._on_use_max_button_clicked)
        self.concurrency_label = QLabel()
        self.concurrency_label.setWordWrap(True)

        self.args = QLineEdit(self.preview.vllm_args)
        self.args.setFont(monospace_font())
        self.args.setPlaceholderText(self.tr("e.g. --max-num-seqs 8 --kv-cache-dtype fp8"))
        self.args.setAccessibleName(self.tr("vLLM arguments"))
        self.args.setMinimumWidth(480)
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        self.problem_label.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.problem_label, error_color(self.palette()))

        self.command_view = QPlainTextEdit()
        self.command_view.setReadOnly(True)
        self.command_view.setFont(monospace_font())
        self.command_view.setAccessibleName(self.tr("Effective command line"))
        self.command_view.setFixedHeight(self.fontMetrics().height() * 5 + 12)
        self.layers_label = QLabel()
        self.layers_label.setWordWrap(True)
        self.layers_label.setTextFormat(Qt.TextFormat.PlainText)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.RestoreDefaults
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.Apply
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setDefault(True)
        self.reset_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.reset_button.setText(self.tr("&Reset to defaults"))
        self.buttons.clicked.connect(self._on_buttons_clicked)
        self.buttons.rejected.connect(self.reject)

        max_row = QHBoxLayout()
        max_row.addWidget(self.max_ctx_label, 1)
        max_row.addWidget(self.use_max_button)
        form = QFormLayout()
        form.addRow(self.tr("&Context size (ctx_size):"), self.ctx)
        form.addRow("", self.fit_label)
        form.addRow("", max_row)
        form.addRow("", self.concurrency_label)
        form.addRow(self.tr("&vLLM arguments:"), self.args)
        form.addRow("", self.problem_label)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        self.command_caption = QLabel()
        layout.addWidget(self.command_caption)
        layout.addWidget(self.command_view)
        layout.addWidget(self.layers_label)
        layout.addWidget(self.buttons)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PREVIEW_DELAY_MS)
        self._timer.timeout.connect(self.update_preview)
        self.ctx.valueChanged.connect(self._on_ctx_value_changed)
        self.args.textChanged.connect(self._timer.start)
        self._show(self.preview)

    # -- preview --------------------------------------------------------------------------
    def _on_ctx_value_changed(self, value: int) -> None:
        del value
        self._ctx_is_default = False
        self._timer.start()

    def update_preview(self) -> None:
        """Ask the engine what these inputs would mean; nothing is saved."""
        self._timer.stop()
        self.preview = self._ask_preview(self.ctx.value(), self.args.text())
        self._show(self.preview)

    def _ask_preview(self, ctx_size: int | None, vllm_args: str | None) -> OptionsPreview:
        try:
            return self._facade.preview_options(self.model_id, ctx_size, vllm_args)
        except ProblemError as exc:  # e.g. the model was removed meanwhile
            return OptionsPreview(self.model_id, ctx_size or 0, vllm_args or "", exc.problem)

    def _show(self, preview: OptionsPreview) -> None:
        problem = preview.problem
        self.problem_label.setText(problem_text(problem) if problem else "")
        self.problem_label.setVisible(problem is not None)
        self.apply_button.setEnabled(problem is None)
        if problem is None:
            self._last_valid = preview
            self.command_caption.setText(self.tr("Command line the model runs with:"))
        else:
            # Keep showing what the last valid input meant instead of blanking the dialog.
            self.command_caption.setText(
                self.tr("Command line with the last valid arguments (fix the error to update):")
            )
        shown = self._last_valid
        self.command_view.setPlainText(format_command(shown.command) if shown.command else "")
        layers = [f"{layer.source}: {format_command(layer.args)}" for layer in shown.layers]
        self.layers_label.setText(
            self.tr("Where the arguments come from, later lines win:") + "\n" + "\n".join(layers)
            if layers
            else ""
        )
        self.layers_label.setVisible(bool(layers))
        self._show_memory(preview if preview.memory is not None else shown)
        self._fit_height()

    def _fit_height(self) -> None:
        # Word-wrapped messages come and go; a layout does not grow a shown window for them.
        layout = self.layout()
        if layout is not None:
            layout.activate()
        needed = self.heightForWidth(self.width())
        if needed > self.height():
            self.resize(self.width(), needed)

    def _show_memory(self, preview: OptionsPreview) -> None:
        plan = preview.memory
        if plan is None:
            self.fit_label.setText(
                self.tr("No memory estimate yet: it needs the model's config.json on disk.")
            )
            set_text_color(self.fit_label, self.palette().color(self.foregroundRole()))
            self.max_ctx_label.hide()
            self.use_max_button.hide()
            self.concurrency_label.hide()
            return
        needed, budget = format_bytes(plan.needed_bytes), format_bytes(plan.budget_bytes)
        if plan.fits:
            text = self.tr("✓ Fits: needs {needed} of the {budget} vLLM may use.")
            set_text_color(self.fit_label, ok_color(self.palette()))
        else:
            text = self.tr("✗ Does not fit: needs {needed}, but vLLM may use {budget}.")
            set_text_color(self.fit_label, error_color(self.palette()))
        self.fit_label.setText(text.format(needed=needed, budget=budget))
        self.max_ctx_label.show()
        if plan.max_ctx > 0:
            self.max_ctx_label.setText(
                self.tr("Largest ctx_size that fits: {tokens} tokens").format(
                    tokens=format_int(plan.max_ctx)
                )
            )
        else:
            self.max_ctx_label.setText(self.tr("Even the weights alone do not fit."))
        self.use_max_button.setVisible(0 < plan.max_ctx != self.ctx.value())
        self.concurrency_label.show()
        self.concurrency_label.setText(
            self.tr("Max concurrency at this ctx_size: {n} full-length requests at once.").format(
                n=f"{plan.concurrency:.1f}"
            )
        )

    def _on_use_max_button_clicked(self) -> None:
        plan = self.preview.memory or self._last_valid.memory
        if plan is not None and plan.max_ctx > 0:
            self.ctx.setValue(min(plan.max_ctx, self.ctx.maximum()))
            self.update_preview()

    # -- buttons --------------------------------------------------------------------------
    def _on_buttons_clicked(self, button: QAbstractButton) -> None:
        if button is self.reset_button:
            self.restore_defaults()
        elif button is self.apply_button:
            self.apply()

    def restore_defaults(self) -> None:
        defaults = self.preview.defaults
        ctx = defaults.get("ctx_size", self._store.setting("ctx_size", _CTX.default))
        self.ctx.setValue(int(ctx))
        self.args.setText(str(defaults.get("vllm_args", "")))
        self._ctx_is_default = True  # saved as "follow the global default", not a fixed number
        self.update_preview()

    def apply(self) -> None:
        self.update_preview()
        if self.preview.problem is not None:
            return
        row = self._store.row(self.model_id)
        if row is not None and row.process in ALIVE:
            self._ask_restart(row.name)
        else:
            self._save(restart=False)

    def _ask_restart(self, name: str) -> None:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Restart {name}?").format(name=name))
        box.setText(
            self.tr(
                "{name} is loaded. The new settings take effect when it starts again. "
                "Restart it now? Requests in progress are cut off."
            ).format(name=name)
        )
        self.restart_button = box.addButton(
            self.tr("&Restart now"), QMessageBox.ButtonRole.AcceptRole
        )
        self.later_button = box.addButton(
            self.tr("Apply at &next load"), QMessageBox.ButtonRole.ActionRole
        )
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(self.restart_button)
        box.finished.connect(lambda _result: self._on_restart_box_finished(box))
        self.restart_box = box
        box.open()

    def _on_restart_box_finished(self, box: QMessageBox) -> None:
        clicked = box.clickedButton()
        if clicked is self.restart_button:
            self._save(restart=True)
        elif clicked is self.later_button:
            self._save(restart=False)

    def _save(self, *, restart: bool) -> None:
        self.apply_button.setEnabled(False)
        ctx = None if self._ctx_is_default else self.ctx.value()
        self._runner.run(
            self._facade.set_options(self.model_id, ctx, self.args.text(), restart=restart),
            on_done=self._on_saved,
            on_error=self._on_save_failed,
        )

    def _on_saved(self, preview: OptionsPreview) -> None:
        del preview
        self.applied.emit(self.model_id)
        self.accept()

    def _on_save_failed(self, text: str, problem: Problem | None) -> None:
        del problem
        self.apply_button.setEnabled(True)
        self.problem_label.setText(text)
        self.problem_label.show()
