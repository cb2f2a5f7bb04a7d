"""Per-model settings: ctx_size with a live memory-fit estimate, vllm_args, the GPU options
(parallel sizes, which GPUs), the command line."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.core.models.registry import OPTION_FIELDS, ModelOptions
from app.core.settings.settings import SPEC_BY_KEY
from app.core.states import ALIVE
from app.gui.commands import CommandFailed, async_slot, call, tasks_of
from app.gui.forms import Grower, SettingField, buddy_label, wrap
from app.gui.gpu_options import OPTIONS as GPU_OPTIONS
from app.gui.gpu_options import GpuOptions
from app.gui.i18n import problem_text
from app.gui.memory_fit import largest_ctx
from app.gui.model_preview import CommandLine, FitRows
from app.gui.optimize_choice import OptimizeChoice
from app.gui.restart_ask import RestartQuestion
from app.gui.store import AppStore
from app.gui.theme import error_color, monospace_font, set_text_color
from app.gui.window_state import track
from app.runtime.api.services import Facade

if TYPE_CHECKING:
    from app.runtime.api.snapshot import OptionsPreview

PREVIEW_DELAY_MS = 150  # recompute after typing pauses, not on every keystroke
# Refusals of the planner that are about the context size, not the arguments (for an
# answer that does not name its field).
CTX_PROBLEMS = frozenset({"options.ctx_above_model_limit", "options.bad_ctx_size"})
_CTX = SPEC_BY_KEY["models.ctx_size"]


class ModelSettingsDialog(QDialog):
    """Opened with `open()`; Apply saves every option through `facade.set_model_options`
    and closes on success.

    The inputs fill in once the engine answered the first preview (`ready`); every later
    change asks for a preview after typing pauses, and only the newest answer is shown.
    """

    applied = Signal(str)  # model id
    preview_shown = Signal()  # a preview (or the local rule it broke) is on screen

    def __init__(
        self,
        facade: Facade,
        store: AppStore,
        model_id: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._tasks = tasks_of(self)
        self.model_id = model_id
        self.preview: OptionsPreview | None = None
        self._last_valid: OptionsPreview | None = None
        self._asked = 0  # previews asked for; an answer to an older one is dropped
        self._in_flight = 0  # previews asked for and not answered yet
        self._loading = True  # filling the inputs in: not a change by the user
        self._ctx_is_default = True  # follows the global ctx_size until the user types one
        self._saving = False
        self._limit: int | None = None  # the model's own limit, when a refusal names it
        self._grower = Grower(self)
        row = store.row(model_id)
        name = row.name if row is not None else model_id
        self.setWindowTitle(self.tr("Settings of {name}").format(name=name))
        track(self, "model-settings")

        # A model's own ctx_size follows the rules of the global one.
        self.ctx = SettingField(
            "models.ctx_size", unit=self.tr("tokens"), numeric=True, label=self.tr("Context size")
        )
        fit = self.fit = FitRows(self)
        fit.use_max_button.clicked.connect(self._on_use_max_button_clicked)
        self.fit_label, self.max_ctx_label = fit.fit_label, fit.max_ctx_label
        self.use_max_button, self.concurrency_label = fit.use_max_button, fit.concurrency_label

        self.args = SettingField(
            "models.vllm_args", placeholder=self.tr("e.g. --max-num-seqs 8 --kv-cache-dtype fp8")
        )
        self.args.edit.setFont(monospace_font())
        self.args.edit.setAccessibleName(self.tr("vLLM arguments"))
        self.args.setMinimumWidth(480)
        self.problem_label = wrap(QLabel())
        self.problem_label.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.problem_label, error_color(self.palette()))
        self.gpu_options = GpuOptions(self)
        self.optimize = OptimizeChoice(self)  # issue 23: start fast / serve fast

        self.command = CommandLine()
        self.command_caption, self.command_view = self.command.caption, self.command.view
        self.layers_label = self.command.layers

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

        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(buddy_label(self.tr("&Context size:"), self.ctx.edit), self.ctx)
        self.fit.add_rows(form)
        form.addRow(buddy_label(self.tr("&vLLM arguments:"), self.args.edit), self.args)
        form.addRow("", self.problem_label)
        form.addRow(buddy_label(self.tr("&Optimize for:"), self.optimize), self.optimize)
        self.gpu_options.add_rows(form)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        self.command.add_to(layout)
        layout.addWidget(self.buttons)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PREVIEW_DELAY_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.ctx.changed.connect(self._on_ctx_changed)
        self.args.changed.connect(self._on_args_changed)
        self.gpu_options.changed.connect(self._on_args_changed)
        self.optimize.currentIndexChanged.connect(self._on_args_changed)
        inputs: tuple[QWidget, ...] = (self.ctx, self.args, self.optimize, self.apply_button)
        inputs += (self.reset_button,)
        for widget in inputs:
            widget.setEnabled(False)
        self.gpu_options.set_enabled(False)
        self.gpu_options.show_machine(store.system)
        self.fit_label.setText(self.tr("Reading this model's settings…"))
        for widget in self.fit.widgets[1:]:
            widget.hide()
        self.problem_label.hide()
        self._first = self._tasks.start(self._load())

    def is_ready(self) -> bool:
        return not self._loading

    def is_settled(self) -> bool:
        """Ready, and every change is answered: no preview is pending or on its way."""
        return not self._loading and not self._timer.isActive() and self._in_flight == 0

    # -- preview --------------------------------------------------------------------------
    async def _load(self) -> None:
        """Fill the inputs in from what the model has now."""
        model_id = self.model_id
        try:
            preview = await call(self._facade.call(lambda s: s.models.preview_stored(model_id)))
        except CommandFailed as failure:
            self.fit_label.setText(failure.text)
            return
        self.ctx.set_value(preview.ctx_size)
        self.args.set_value(preview.vllm_args)
        self.optimize.set_value(preview.optimize)
        self.gpu_options.set_values(
            preview.tensor_parallel_size, preview.pipeline_parallel_size, preview.gpus
        )
        # A model without its own ctx_size keeps following the global default unless the
        # user changes the number.
        self._ctx_is_default = preview.ctx_is_default
        for widget in (self.ctx, self.args, self.optimize, self.reset_button):
            widget.setEnabled(True)
        self.gpu_options.set_enabled(True)
        self._loading = False
        self._show(preview)

    def _on_ctx_changed(self) -> None:
        if not self._loading:
            self._ctx_is_default = False
            self._changed()

    def _on_args_changed(self) -> None:
        """The arguments or a GPU option changed."""
        if not self._loading:
            self._changed()

    def _changed(self) -> None:
        """Check the typed text at once; ask the engine after typing pauses."""
        self.apply_button.setEnabled(False)
        if self.ctx.problem():
            # The field says what is wrong; the estimate below was for another number.
            self.fit.hide()
            self._fit_height()
        self._timer.start()  # the arguments are still checked

    def _on_timer_timeout(self) -> None:
        self._schedule_preview()

    def _schedule_preview(self) -> None:
        self._in_flight += 1  # counted from now: the task only starts on the next turn
        self._tasks.start(self._counted_preview())

    async def _counted_preview(self) -> None:
        try:
            await self.update_preview()
        finally:
            self._in_flight -= 1  # plain bookkeeping: safe even when cancelled

    def options(self) -> ModelOptions:
        """Every option as the inputs hold it; a field whose text breaks its own rule counts
        as its default here (the field says what is wrong, and Apply stays disabled)."""
        value = self.ctx.value()
        ctx = None if self._ctx_is_default or not isinstance(value, int) else value
        tp, pp, gpus = (
            self.gpu_options.values() if self.gpu_options.valid_locally() else (None,) * 3
        )
        return ModelOptions(
            ctx_size=ctx,
            vllm_args=self.args.text(),
            tensor_parallel_size=tp,
            pipeline_parallel_size=pp,
            gpus=gpus,
            optimize=self.optimize.value(),
        )

    async def update_preview(self) -> None:
        """Ask the engine what these inputs would mean; nothing is saved."""
        self._timer.stop()
        value = self.ctx.value()
        # The number shown, even while it equals the global default: that is what is
        # previewed (an invalid one: the other options are still checked).
        asked_options = self.options()
        if isinstance(value, int):
            asked_options = dataclasses.replace(asked_options, ctx_size=value)
        self._asked += 1
        asked = self._asked
        model_id = self.model_id
        try:
            preview = await call(
                self._facade.call(lambda s: s.models.preview(model_id, asked_options))
            )
        except CommandFailed as failure:
            if asked == self._asked:
                self._show_problem(failure.text)
                self.preview_shown.emit()
            return
        if asked != self._asked:  # typing went on meanwhile: a newer answer is coming
            return
        self._show(preview)
        if preview.problem is None:
            # Then the flags against the engine's own --help (its first reading can take as
            # long as the engine needs to start Python; Apply waits for it).
            try:
                args = asked_options.vllm_args
                found = await call(self._facade.submit(lambda s: s.models.unknown_flag(args)))
            except CommandFailed:
                return  # what cannot be checked is not refused
            if found is not None and asked == self._asked:
                self._show(dataclasses.replace(preview, problem=found, problem_field="vllm_args"))

    def _show_problem(self, text: str) -> None:
        self.problem_label.setText(text)
        self.problem_label.setVisible(bool(text))
        self._fit_height()
        self.apply_button.setEnabled(False)
        self.command.say_stale()

    def _show(self, preview: OptionsPreview) -> None:
        self.preview = preview
        problem = preview.problem
        limit: int | None = None
        field = preview.problem_field
        if problem is not None and field is None:
            field = "ctx_size" if problem.code in CTX_PROBLEMS else "vllm_args"
        # A GPU option the engine refused is said at its field; a change elsewhere may have
        # made an earlier refusal go away.
        if problem is not None and field in GPU_OPTIONS:
            self.gpu_options.refuse(field, problem_text(problem))
            problem = None
        else:
            self.gpu_options.refuse(None, "")
        if problem is not None and field == "ctx_size":
            # About the number in the context size field: said next to it.
            self.ctx.refuse(problem_text(problem))
            if problem.fix is not None and problem.fix.target == "ctx_size":
                limit = int(problem.fix.value)
            problem = None
        ctx_problem = bool(self.ctx.problem())
        gpu_problem = bool(self.gpu_options.problems())
        if problem is None and not ctx_problem and not gpu_problem:
            self._last_valid = preview
            self.problem_label.hide()
            self.apply_button.setEnabled(not self._saving)
            self.command.say_valid(preview)
        elif problem is None:
            # A field shows its own sentence; the arguments are fine.
            self.problem_label.hide()
            self.apply_button.setEnabled(False)
            self.command.say_stale()
        else:
            # Keep showing what the last valid input meant instead of blanking the dialog.
            self._show_problem(problem_text(problem))
        shown = self._last_valid
        self.command.show(shown)
        self.gpu_options.show_placement(None if gpu_problem else shown)
        self._limit = limit
        if ctx_problem and limit is not None:  # the planner's fix: one click to the largest
            self.fit.show_limit(limit)
        elif ctx_problem:
            self.fit.hide()
        else:
            self.fit.show_memory(preview if preview.memory is not None or shown is None else shown)
        self._fit_height()
        self.preview_shown.emit()

    def _fit_height(self) -> None:
        self._grower.request()

    def _on_use_max_button_clicked(self) -> None:
        if self._limit is not None:
            self.ctx.set_value(self._limit)
            self._schedule_preview()
            return
        preview = self.preview or self._last_valid
        plan = preview.memory if preview is not None else None
        if plan is not None and largest_ctx(plan) > 0:
            self.ctx.set_value(min(largest_ctx(plan), int(_CTX.maximum or largest_ctx(plan))))
            self._schedule_preview()

    # -- buttons --------------------------------------------------------------------------
    def _on_buttons_clicked(self, button: QAbstractButton) -> None:
        if button is self.reset_button:
            self.restore_defaults()
        elif button is self.apply_button:
            self.apply()

    def restore_defaults(self) -> None:
        shown = self.preview or self._last_valid
        values = shown.defaults if shown is not None else {}
        ctx = values.get("ctx_size", self._store.setting("models.ctx_size", _CTX.default))
        self.ctx.set_value(int(ctx))
        self.args.set_value(str(values.get("vllm_args", "")))
        self.gpu_options.set_values(None, None, None)
        self.optimize.set_value(None)
        self._ctx_is_default = True  # saved as "follow the global default", not a fixed number
        self._schedule_preview()

    @async_slot()
    async def apply(self) -> None:
        if self._loading or self._saving:
            return
        await self.update_preview()
        if (
            self.ctx.problem()
            or self.gpu_options.problems()
            or self.preview is None
            or self.preview.problem is not None
        ):
            return
        row = self._store.row(self.model_id)
        if row is not None and row.process in ALIVE:
            self._ask_restart(row.name)
        else:
            await self._save(restart=False)

    def _ask_restart(self, name: str) -> None:
        question = RestartQuestion(
            self, name, lambda restart: self._tasks.start(self._save(restart=restart))
        )
        self.restart_box = question.box
        self.restart_button = question.restart_button
        self.later_button = question.later_button
        self._question = question
        question.open()  # never exec() inside an async slot: it would nest an event loop

    async def _save(self, *, restart: bool) -> None:
        self._saving = True
        self.apply_button.setEnabled(False)
        model_id, options = self.model_id, self.options()
        try:
            # Every option as the dialog holds them (the GPU ones too).
            await call(
                self._facade.submit(
                    lambda s: s.models.set_options(
                        model_id, options, fields=OPTION_FIELDS, restart=restart
                    )
                )
            )
        except CommandFailed as failure:
            self._saving = False
            self.apply_button.setEnabled(True)
            self.problem_label.setText(failure.text)
            self.problem_label.show()
            return
        self._saving = False
        self.applied.emit(self.model_id)
        self.accept()

    def done(self, result: int) -> None:
        self._timer.stop()
        self._tasks.cancel_all()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._tasks.cancel_all()
        super().closeEvent(event)
