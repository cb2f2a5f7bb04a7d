"""Pages of the global settings dialog; each has load() / save() / restore_defaults().

Every number and text is a SettingField: it takes what the user types, says next to the
field which rule the text breaks (the rules the CLI uses, app.core.settings), and the dialog
keeps OK disabled until every field is valid. Nothing is clamped or rounded.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from app.core.problems import TRANSLATION_CONTEXT, ProblemError
from app.core.settings import SPEC_BY_KEY, SettingValue
from app.core.vllm_args import check_user_args, split_args
from app.gui.commands import CommandFailed, call, tasks_of
from app.gui.forms import SettingField, buddy_label, plain, wrap
from app.gui.i18n import problem_text
from app.gui.theme import error_color, monospace_font, set_text_color, warning_color
from app.runtime.api import Facade

SECRET_API_KEY = "api_key"  # the endpoint's bearer token
SECRET_HF_TOKEN = "hf_token"  # Hugging Face access token for gated repositories
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def spec_doc(key: str) -> str:
    """The setting's description (declared once in app.core.settings), translated."""
    return QCoreApplication.translate(TRANSLATION_CONTEXT, SPEC_BY_KEY[key].doc)


class SettingsPage(QWidget):
    """Base of the pages. It calls no tr(): each page translates in its own context."""

    changed = Signal()
    keys: tuple[str, ...] = ()

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self._loaded: dict[str, Any] = {}
        self.fields: dict[str, SettingField] = {}
        self.labels: dict[str, str] = {}  # key → the label the user sees, for sentences
        self.form = QFormLayout(self)
        # Text fields grow, numbers and choices keep their natural width.
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        # Long (translated) labels go above their field instead of squeezing it.
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)

    def title(self) -> str:
        raise NotImplementedError

    def add_field(self, label: str, field: SettingField) -> SettingField:
        self.fields[field.key] = field
        self.labels[field.key] = plain(label)
        field.edit.setToolTip(spec_doc(field.key))
        field.changed.connect(self.changed)
        self.form.addRow(buddy_label(label, field.edit), field)
        return field

    def load(self, settings: Mapping[str, Any]) -> None:
        self._loaded = {k: settings.get(k, SPEC_BY_KEY[k].default) for k in self.keys}
        self.set_values(self._loaded)

    def set_values(self, values: Mapping[str, Any]) -> None:
        for key, field in self.fields.items():
            field.set_value(values[key])

    def values(self) -> dict[str, Any]:
        """What the fields hold now; a field whose text breaks a rule is left out."""
        out: dict[str, Any] = {}
        for key, field in self.fields.items():
            value = field.value()
            if value is not None:
                out[key] = value
        return out

    def save(self) -> dict[str, Any]:
        """The settings this page changed since load(): what to send to the facade."""
        return {k: v for k, v in self.values().items() if self._loaded.get(k) != v}

    def restore_defaults(self) -> None:
        self.set_values({k: SPEC_BY_KEY[k].default for k in self.keys})
        self.changed.emit()

    def secret_changes(self) -> dict[str, str | None]:
        """Secrets to store (text) or delete (None); unchanged ones are left out."""
        return {}

    def problems(self) -> list[str]:
        """Sentences for invalid input; the dialog's OK stays disabled while any exist."""
        return [text for field in self.fields.values() if (text := field.problem())]

    def _watch(self, *widgets: QWidget) -> None:
        for w in widgets:
            for name in ("textChanged", "toggled", "currentTextChanged"):
                signal = getattr(w, name, None)
                if signal is not None:
                    signal.connect(self.changed)


class SecretField(QWidget):
    """A password field: empty means "keep what is stored"; Clear deletes the stored value.

    Whether a secret is stored is asked of the engine (a keyring call that may wait for an
    unlock prompt) without holding up the dialog: until it answers, Clear is disabled.
    """

    answered = Signal()

    def __init__(self, facade: Facade, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self._tasks = tasks_of(self)
        self.name = name
        self._clear = False
        self._stored: bool | None = None  # unknown until the engine answers
        self.edit = QLineEdit()
        self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.edit.setClearButtonEnabled(True)
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.clicked.connect(self._on_clear_button_clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.clear_button)
        self.reload()

    @property
    def stored(self) -> bool | None:
        return self._stored

    def reload(self) -> None:
        self._clear = False
        self._stored = None
        self.edit.clear()
        self.edit.setPlaceholderText(self.tr("checking the keyring…"))
        self.clear_button.setEnabled(False)
        self._tasks.start(self._ask_stored())

    async def _ask_stored(self) -> None:
        try:
            self._stored = await call(self._facade.has_secret(self.name))
        except CommandFailed:
            self._stored = False
            self.edit.setPlaceholderText(self.tr("the keyring did not answer"))
        else:
            self.edit.setPlaceholderText(
                self.tr("stored in the keyring — type to replace")
                if self._stored
                else self.tr("not set")
            )
        self.clear_button.setEnabled(bool(self._stored))
        self.answered.emit()

    def _on_clear_button_clicked(self) -> None:
        self._clear = True
        self.edit.clear()
        self.edit.setPlaceholderText(self.tr("will be removed"))
        self.clear_button.setEnabled(False)

    def will_be_set(self) -> bool:
        if self.edit.text():
            return True
        return not self._clear and bool(self._stored)

    def change(self) -> dict[str, str | None]:
        if self.edit.text():
            return {self.name: self.edit.text()}
        if self._clear:
            return {self.name: None}
        return {}

    def close_tasks(self) -> None:
        self._tasks.cancel_all()


class ModelsPage(SettingsPage):
    keys = (
        "gpu_memory_utilization",
        "max_num_seqs",
        "ctx_size",
        "load_timeout_s",
        "idle_ttl_min",
        "vllm_args",
        "engine.kind",
        "engine.custom_command",
    )

    def __init__(
        self, facade: Facade, recommended: float | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(facade, parent)
        self.recommended = recommended
        self.utilization = SettingField("gpu_memory_utilization", numeric=True)
        # Not "&r": "Max concurrent &requests" has it on this page.
        self.use_recommended = QPushButton(self.tr("Use recomme&nded"))
        self.use_recommended.clicked.connect(self._on_use_recommended_clicked)
        self.use_recommended.setEnabled(recommended is not None)
        self.recommended_label = wrap(QLabel())
        if recommended is None:
            self.recommended_label.setText(
                self.tr("No recommendation: the GPU's free memory could not be read.")
            )
        else:
            self.recommended_label.setText(
                self.tr(
                    "Recommended for this machine: {value}, 95 % of the memory that was "
                    "free when the app started. vLLM's own default, 0.92, crashes on many APUs."
                ).format(value=f"{recommended:.2f}")
            )
        self.utilization_warning = wrap(QLabel())
        set_text_color(self.utilization_warning, warning_color(self.palette()))
        self.vllm_args = SettingField(
            "vllm_args", placeholder=self.tr("flags added for every model"), check=_args_problem
        )
        self.vllm_args.edit.setFont(monospace_font())
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
        self.fields["gpu_memory_utilization"] = self.utilization
        self.labels["gpu_memory_utilization"] = plain(label)
        self.utilization.edit.setToolTip(spec_doc("gpu_memory_utilization"))
        self.utilization.changed.connect(self.changed)
        self.form.addRow(buddy_label(label, self.utilization.edit), utilization_row)
        self.form.addRow("", self.recommended_label)
        self.form.addRow("", self.utilization_warning)
        self.add_field(
            self.tr("Max concurrent &requests per model:"),
            SettingField("max_num_seqs", numeric=True),
        )
        self.add_field(
            self.tr("Default &context size:"),
            SettingField("ctx_size", unit=self.tr("tokens"), numeric=True),
        )
        self.add_field(
            self.tr("Load &timeout:"),
            SettingField("load_timeout_s", unit=self.tr("seconds"), numeric=True),
        )
        self.add_field(
            self.tr("&Unload after idle for:"),
            SettingField("idle_ttl_min", unit=self.tr("minutes (0: never)"), numeric=True),
        )
        self.add_field(self.tr("Extra vLLM &arguments:"), self.vllm_args)
        engine_label = self.tr("&Engine:")
        self.labels["engine.kind"] = plain(engine_label)
        self.engine.setToolTip(spec_doc("engine.kind"))
        self.form.addRow(buddy_label(engine_label, self.engine), self.engine)
        self.add_field(self.tr("Your vLLM co&mmand:"), self.custom_command)
        self._command_rows = (self.form.rowCount() - 1, self.form.rowCount())
        self.form.addRow("", self.custom_note)  # shown only while a check is due
        self._watch(self.engine)
        self.changed.connect(self._update_hints)

    def title(self) -> str:
        return self.tr("Models")

    def set_values(self, values: Mapping[str, Any]) -> None:
        super().set_values(values)
        self.engine.setCurrentIndex(max(0, self.engine.findData(values["engine.kind"])))
        self._update_hints()

    def values(self) -> dict[str, Any]:
        out = super().values()
        out["engine.kind"] = self.engine.currentData()
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
            self.utilization.set_value(f"{self.recommended:.2f}")

    def _update_hints(self) -> None:
        value = self.utilization.value()
        too_high = (
            self.recommended is not None and isinstance(value, float) and value > self.recommended
        )
        self.utilization_warning.setText(
            self.tr(
                "Above the recommended value: loading may fail or crash the GPU driver when "
                "other programs hold memory."
            )
            if too_high
            else ""
        )
        self.utilization_warning.setVisible(too_high)
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
        check_user_args(
            split_args(str(value), source="global vllm_args"), source="global vllm_args"
        )
    except ProblemError as exc:
        return problem_text(exc.problem)
    return ""


class EndpointPage(SettingsPage):
    keys = (
        "proxy.host",
        "proxy.port",
        "proxy.autostart",
        "proxy.allowed_hosts",
        "proxy.cors_origins",
    )

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(facade, parent)
        self.host = QComboBox()
        self.host.setEditable(True)
        self.host.addItems(["127.0.0.1", "::1", "0.0.0.0"])
        self.host_hint = wrap(QLabel())
        set_text_color(self.host_hint, error_color(self.palette()))
        self.host_hint.hide()
        self.autostart = QCheckBox(self.tr("Start the endpoint when the app starts"))
        self.api_key = SecretField(facade, SECRET_API_KEY)
        self.exposure = wrap(QLabel())
        set_text_color(self.exposure, warning_color(self.palette()))
        host_label = self.tr("Listen on &address:")
        self.labels["proxy.host"] = plain(host_label)
        self.host.setToolTip(spec_doc("proxy.host"))
        self.form.addRow(buddy_label(host_label, self.host), self.host)
        self.form.addRow("", self.host_hint)
        self.port = self.add_field(self.tr("&Port:"), SettingField("proxy.port", numeric=True))
        self.form.addRow("", self.autostart)
        self.form.addRow(buddy_label(self.tr("API &key:"), self.api_key.edit), self.api_key)
        self.form.addRow("", self.exposure)
        self.allowed_hosts = self.add_field(
            self.tr("Allowed &host names:"),
            SettingField(
                "proxy.allowed_hosts", placeholder=self.tr("e.g. mybox.lan, 192.168.1.20")
            ),
        )
        self.cors = self.add_field(
            self.tr("Allowed &web origins:"),
            SettingField("proxy.cors_origins", placeholder=self.tr("e.g. http://localhost:3000")),
        )
        self.api_key.setToolTip(
            self.tr("Clients must send it as 'Authorization: Bearer <key>'. Kept in the keyring.")
        )
        self._watch(self.host, self.autostart)
        self.api_key.edit.textChanged.connect(self.changed)
        self.api_key.clear_button.clicked.connect(self.changed)
        self.api_key.answered.connect(self._update_hints)
        self.changed.connect(self._update_hints)

    def title(self) -> str:
        return self.tr("Endpoint")

    def set_values(self, values: Mapping[str, Any]) -> None:
        super().set_values(values)
        self.host.setCurrentText(str(values["proxy.host"]))
        self.autostart.setChecked(bool(values["proxy.autostart"]))
        self._update_hints()

    def values(self) -> dict[str, Any]:
        out = {**super().values(), "proxy.autostart": self.autostart.isChecked()}
        if not self.host_problem():
            out["proxy.host"] = self.host.currentText().strip()
        return out

    def host_problem(self) -> str:
        if not self.host.currentText().strip():
            return self.tr("Enter an address to listen on, e.g. 127.0.0.1.")
        return ""

    def secret_changes(self) -> dict[str, str | None]:
        return self.api_key.change()

    def exposed(self) -> bool:
        return self.host.currentText().strip() not in LOOPBACK_HOSTS

    def _update_hints(self) -> None:
        problem = self.host_problem()
        self.host_hint.setText(problem)
        self.host_hint.setVisible(bool(problem))
        if problem:
            text = ""
        elif self.exposed() and not self.api_key.will_be_set():
            text = self.tr(
                "Other machines could reach the endpoint on this address, so it will not start "
                "without an API key. Set one above."
            )
        elif self.exposed():
            text = self.tr("Other machines on your network can reach the endpoint with the key.")
        else:
            text = ""
        self.exposure.setText(text)
        self.exposure.setVisible(bool(text))

    def problems(self) -> list[str]:
        found = super().problems()
        if self.host_problem():
            found.insert(0, self.host_problem())
        return found


class AccountsPage(SettingsPage):
    keys = ()

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(facade, parent)
        self.hf_token = SecretField(facade, SECRET_HF_TOKEN)
        explanation = wrap(
            QLabel(
                self.tr(
                    "Gated or private models on Hugging Face need an access token "
                    "(huggingface.co → Settings → Access Tokens, read access is enough). "
                    "It is kept in the system keyring, never in the settings files."
                )
            )
        )
        self.form.addRow(explanation)
        self.form.addRow(
            buddy_label(self.tr("Hugging Face &token:"), self.hf_token.edit), self.hf_token
        )
        self.hf_token.edit.textChanged.connect(self.changed)

    def title(self) -> str:
        return self.tr("Hugging Face")

    def set_values(self, values: Mapping[str, Any]) -> None:
        del values

    def values(self) -> dict[str, Any]:
        return {}

    def secret_changes(self) -> dict[str, str | None]:
        return self.hf_token.change()


class DesktopPage(SettingsPage):
    keys = ("gui.start_at_login", "gui.start_hidden")

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(facade, parent)
        self.start_at_login = QCheckBox(self.tr("Start vLLM Tray when I &log in"))
        self.start_hidden = QCheckBox(self.tr("Start &hidden in the tray, without the window"))
        self.form.addRow(self.start_at_login)
        self.form.addRow(self.start_hidden)
        self._watch(self.start_at_login, self.start_hidden)

    def title(self) -> str:
        return self.tr("Desktop")

    def set_values(self, values: Mapping[str, Any]) -> None:
        self.start_at_login.setChecked(bool(values["gui.start_at_login"]))
        self.start_hidden.setChecked(bool(values["gui.start_hidden"]))

    def values(self) -> dict[str, Any]:
        return {
            "gui.start_at_login": self.start_at_login.isChecked(),
            "gui.start_hidden": self.start_hidden.isChecked(),
        }
