"""The Models page: GPU memory utilization, concurrency, context, load limits, memory budget
and sleep mode, the engine."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from concurrent.futures import Future
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from app.core.memory.memory_room import RamShare
from app.core.models.vllm_args import check_global_args
from app.core.problems.problems import Problem, ProblemError
from app.core.settings.settings import SettingValue
from app.gui.forms import SettingField, buddy_label, plain, wrap
from app.gui.i18n import format_bytes, format_number, problem_text
from app.gui.settings.field_check import FieldCheck
from app.gui.settings.page import SettingsPage, spec_doc
from app.gui.theme import monospace_font, set_text_color, warning_color
from app.runtime.api.services import Facade


class ModelsPage(SettingsPage):
    keys = (
        "models.gpu_memory_utilization",
        "models.max_num_seqs",
        "models.ctx_size",
        "models.load_timeout_s",
        "models.idle_ttl_min",
        "memory.budget_gb",
        "memory.host_reserve_gb",
        "memory.sleep_mode",
        "models.prewarm_after_download",
        "models.vllm_args",
        "engine.kind",
        "engine.rocm_stable_only",
        "engine.custom_command",
    )

    def __init__(
        self,
        facade: Facade,
        recommended: float | None,
        parent: QWidget | None = None,
        *,
        in_ram: RamShare | None = None,
    ) -> None:
        super().__init__(facade, parent)
        self.recommended = recommended
        self.in_ram = in_ram  # set: models run in RAM, and the recommendation is a share of it
        self.utilization = SettingField("models.gpu_memory_utilization", numeric=True)
        # Not "&r": "Max concurrent &requests" has it on this page.
        self.use_recommended = QPushButton(self.tr("Use recomme&nded"))
        self.use_recommended.clicked.connect(self._on_use_recommended_clicked)
        self.use_recommended.setEnabled(recommended is not None)
        self.recommended_label = wrap(QLabel(self._recommendation()))
        self.utilization_warning = wrap(QLabel())
        set_text_color(self.utilization_warning, warning_color(self.palette()))
        # Above the safe value, OK waits for this: the user has read what will happen.
        self.use_anyway = QCheckBox()
        self.use_anyway.hide()
        self.vllm_args = SettingField(
            "models.vllm_args",
            placeholder=self.tr("flags added for every model"),
            check=_args_problem,
        )
        self.vllm_args.edit.setFont(monospace_font())
        # Its flags against the engine's own --help, once typing pauses.
        self.args_check = FieldCheck(self.vllm_args, self._ask_args, self)
        self.args_check.checked.connect(self.changed)
        self.engine = QComboBox()
        for kind, text in (
            ("auto", self.tr("Automatic (ROCm on a supported AMD GPU, else CPU)")),
            ("rocm", self.tr("AMD ROCm build of vLLM")),
            ("cpu", self.tr("vLLM CPU build")),
            ("custom", self.tr("Your own vLLM command")),
        ):
            self.engine.addItem(text, kind)
        self.custom_command = SettingField(
            "engine.custom_command",
            placeholder=self.tr("e.g. vllm serve, or /path/to/python -m vllm.entrypoints…"),
            check=self._command_problem,
        )
        self.custom_command.edit.setFont(monospace_font())
        self.custom_note = wrap(QLabel())

        utilization_row = QWidget()
        row = QHBoxLayout(utilization_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.utilization, 1)
        row.addWidget(self.use_recommended, 0)
        label = self.tr("&GPU memory utilization:")
        self.fields["models.gpu_memory_utilization"] = self.utilization
        self.labels["models.gpu_memory_utilization"] = plain(label)
        self.utilization.edit.setToolTip(spec_doc("models.gpu_memory_utilization"))
        self.utilization.changed.connect(self.changed)
        self.form.addRow(buddy_label(label, self.utilization.edit), utilization_row)
        self.form.addRow("", self.recommended_label)
        self.form.addRow("", self.utilization_warning)
        self.form.addRow("", self.use_anyway)
        self.add_field(
            self.tr("Max concurrent &requests per model:"),
            SettingField("models.max_num_seqs", numeric=True),
        )
        self.add_field(
            self.tr("Default &context size:"),
            SettingField("models.ctx_size", unit=self.tr("tokens"), numeric=True),
        )
        self.add_field(
            self.tr("Load &timeout:"),
            SettingField("models.load_timeout_s", unit=self.tr("seconds"), numeric=True),
        )
        self.add_field(
            self.tr("&Unload after idle for:"),
            SettingField("models.idle_ttl_min", unit=self.tr("minutes (0: never)"), numeric=True),
        )
        self.add_field(
            self.tr("Memory &budget for all models:"),
            SettingField("memory.budget_gb", unit=self.tr("GB (0: all of it)"), numeric=True),
        )
        self.add_field(
            self.tr("RAM ke&pt for the system:"),
            SettingField("memory.host_reserve_gb", unit=self.tr("GB"), numeric=True),
        )
        self.sleep_mode = QComboBox()
        for mode, text in (
            ("auto", self.tr("Automatic (with the ROCm engine)")),
            ("on", self.tr("With any engine")),
            ("off", self.tr("Never: unload")),
        ):
            self.sleep_mode.addItem(text, mode)
        sleep_label = self.tr("&Sleep instead of unloading:")
        self.labels["memory.sleep_mode"] = plain(sleep_label)
        self.sleep_mode.setToolTip(spec_doc("memory.sleep_mode"))
        self.form.addRow(buddy_label(sleep_label, self.sleep_mode), self.sleep_mode)
        self.prewarm = QCheckBox(self.tr("&Pre-warm a model once its download finishes"))
        self.prewarm.setToolTip(spec_doc("models.prewarm_after_download"))
        self.form.addRow("", self.prewarm)
        self.add_field(self.tr("Extra vLLM &arguments:"), self.vllm_args)
        engine_label = self.tr("&Engine:")
        self.labels["engine.kind"] = plain(engine_label)
        self.engine.setToolTip(spec_doc("engine.kind"))
        self.form.addRow(buddy_label(engine_label, self.engine), self.engine)
        self.stable_only = QCheckBox(self.tr("Install only stable R&OCm builds by default"))
        self.stable_only.setToolTip(spec_doc("engine.rocm_stable_only"))
        self.form.addRow("", self.stable_only)
        self.add_field(self.tr("Your vLLM co&mmand:"), self.custom_command)
        self._command_rows = (self.form.rowCount() - 1, self.form.rowCount())
        self.form.addRow("", self.custom_note)  # shown only while a check is due
        self._watch(self.engine, self.sleep_mode, self.prewarm, self.use_anyway, self.stable_only)
        self.changed.connect(self._update_hints)

    def title(self) -> str:
        return self.tr("Models")

    def _recommendation(self) -> str:
        if self.recommended is None:
            return self.tr("No recommendation: the GPU's free memory could not be read.")
        value = format_number(self.recommended, 2)
        if self.in_ram is not None:
            return self.tr(
                "Recommended for this machine: {value}. The engine runs models in RAM: "
                "{available} of its {total} are available, less {reserve} kept for the system."
            ).format(
                value=value,
                available=format_bytes(self.in_ram.available),
                total=format_bytes(self.in_ram.total),
                reserve=format_bytes(self.in_ram.reserve),
            )
        return self.tr(
            "Recommended for this machine: {value}, 95 % of the memory that was "
            "free when the app started. vLLM's own default, 0.92, crashes on many APUs."
        ).format(value=value)

    def set_values(self, values: Mapping[str, Any]) -> None:
        super().set_values(values)
        self.engine.setCurrentIndex(max(0, self.engine.findData(values["engine.kind"])))
        self.sleep_mode.setCurrentIndex(
            max(0, self.sleep_mode.findData(values["memory.sleep_mode"]))
        )
        self.prewarm.setChecked(bool(values["models.prewarm_after_download"]))
        self.stable_only.setChecked(bool(values["engine.rocm_stable_only"]))
        self._update_hints()

    def values(self) -> dict[str, Any]:
        out = super().values()
        out["engine.kind"] = self.engine.currentData()
        out["memory.sleep_mode"] = self.sleep_mode.currentData()
        out["models.prewarm_after_download"] = self.prewarm.isChecked()
        out["engine.rocm_stable_only"] = self.stable_only.isChecked()
        if out["engine.kind"] != "custom":
            # The command only matters for the custom engine; keep what is stored.
            out.pop("engine.custom_command", None)
        return out

    def custom_selected(self) -> bool:
        return bool(self.engine.currentData() == "custom")

    def custom_engine_change(self) -> str | None:
        """The command to check and select when OK is pressed, or None when the custom
        engine is not being (re)chosen. The facade's `use_custom_engine` validates it, as
        `vllm-tray engine use` does, and stores it with engine.kind only if it passes."""
        if not self.custom_selected():
            return None
        command = self.custom_command.text().strip()
        chosen_now = self._loaded.get("engine.kind") != "custom"
        if chosen_now or command != str(self._loaded.get("engine.custom_command", "")):
            return command
        return None

    def save(self) -> dict[str, Any]:
        # engine.kind=custom and its command are stored by use_custom_engine, after the check.
        changes = super().save()
        if self.custom_selected():
            changes.pop("engine.kind", None)
            changes.pop("engine.custom_command", None)
        return changes

    def _ask_args(self) -> Future[Problem | None] | None:
        text = self.vllm_args.text().strip()
        if self.vllm_args.problem() or text == str(self._loaded.get("models.vllm_args", "")):
            return None
        return self._facade.submit(lambda s: s.config.global_args_problem(text))

    def _command_problem(self, value: SettingValue) -> str:
        if not self.custom_selected():
            return ""
        text = str(value)
        if not text:
            return self.tr("Type the command that starts your vLLM, e.g. vllm serve.")
        try:
            shlex.split(text)
        except ValueError:
            return self.tr("A quote in the command is not closed.")
        return ""

    def _on_use_recommended_clicked(self) -> None:
        if self.recommended is not None:
            self.utilization.set_value(self.recommended)

    def too_high(self) -> float | None:
        """The typed utilization when it is above the recommended value, else None."""
        value = self.utilization.value()
        if self.recommended is not None and isinstance(value, float) and value > self.recommended:
            return value
        return None

    def asks_to_confirm(self) -> bool:
        """A new value above the safe one: stored only with "use anyway" ticked. (A stored
        value was confirmed when it was stored, or is the default: it keeps its warning.)"""
        value = self.too_high()
        return value is not None and value != self._loaded.get("models.gpu_memory_utilization")

    def problems(self) -> list[str]:
        found = super().problems()
        if self.asks_to_confirm() and not self.use_anyway.isChecked():
            found.append(self.utilization_warning.text())
        return found

    def _update_hints(self) -> None:
        self._update_utilization_warning()
        self._update_engine_hints()

    def _update_utilization_warning(self) -> None:
        value = self.too_high()
        self.utilization_warning.setText(
            self._warning(self.recommended, value)
            if value is not None and self.recommended is not None
            else ""
        )
        self.utilization_warning.setVisible(value is not None)
        confirm = self.asks_to_confirm()
        if confirm and value is not None:
            text = self.tr("&Use {value} anyway").format(value=format_number(value, 2))
            if text != self.use_anyway.text():  # another value: ticked for the old one only
                self.use_anyway.setText(text)
                self.use_anyway.setChecked(False)
        elif self.use_anyway.isChecked():
            self.use_anyway.setChecked(False)
        self.use_anyway.setVisible(confirm)

    def _warning(self, recommended: float, value: float) -> str:
        if self.in_ram is not None:
            text = self.tr(
                "Above the recommended {recommended}: at {value} vLLM asks for more RAM than "
                "is available less what is kept for the system, so loading a model is likely "
                "to fail (“less than desired CPU memory utilization”) or the computer may "
                "start swapping."
            )
        else:
            text = self.tr(
                "Above the recommended {recommended}: at {value} vLLM reserves more GPU memory "
                "than was free when the app started, so loading a model is likely to fail "
                "(“less than desired GPU memory utilization”) or to crash the GPU driver, and "
                "on an APU the computer may start swapping."
            )
        return text.format(recommended=format_number(recommended, 2), value=format_number(value, 2))

    def _update_engine_hints(self) -> None:
        custom = self.custom_selected()
        self.form.setRowVisible(self._command_rows[0], custom)
        self.custom_command.update_hint()
        checked = self.custom_engine_change() is not None and not self.custom_command.problem()
        self.custom_note.setText(
            self.tr(
                "OK runs “{command} --help” to check that it is a vLLM server; that can "
                "take a minute."
            ).format(command=self.custom_command.text().strip() or "…")
            if checked
            else ""
        )
        self.form.setRowVisible(self._command_rows[1], checked)


def _args_problem(value: SettingValue) -> str:
    try:
        check_global_args(str(value))
    except ProblemError as exc:
        return problem_text(exc.problem)
    return ""
