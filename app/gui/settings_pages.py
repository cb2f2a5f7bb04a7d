"""Pages of the global settings dialog; each has load() / save() / restore_defaults()."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from app.core.problems import TRANSLATION_CONTEXT, ProblemError
from app.core.settings import SPEC_BY_KEY
from app.core.vllm_args import check_user_args, split_args
from app.gui.i18n import problem_text
from app.gui.theme import error_color, monospace_font, set_text_color, warning_color
from app.runtime.api import Facade

SECRET_API_KEY = "api_key"  # the endpoint's bearer token
SECRET_HF_TOKEN = "hf_token"  # Hugging Face access token for gated repositories
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def wrap(label: QLabel) -> QLabel:
    """Word-wrap and take the row's full width (a form gives labels only their hint)."""
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    return label


def spec_doc(key: str) -> str:
    """The setting's description (declared once in app.core.settings), translated."""
    return QCoreApplication.translate(TRANSLATION_CONTEXT, SPEC_BY_KEY[key].doc)


def _spin(key: str, suffix: str = "") -> QSpinBox:
    spec = SPEC_BY_KEY[key]
    box = QSpinBox()
    box.setRange(int(spec.minimum or 0), int(spec.maximum or 2**31 - 1))
    box.setGroupSeparatorShown(True)
    box.setSuffix(suffix)
    return box


class SettingsPage(QWidget):
    """Base of the pages. It calls no tr(): each page translates in its own context."""

    changed = Signal()
    keys: tuple[str, ...] = ()

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self._loaded: dict[str, Any] = {}
        self.form = QFormLayout(self)
        # Text fields grow, numbers and choices keep their natural width.
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)

    def title(self) -> str:
        raise NotImplementedError

    def load(self, settings: Mapping[str, Any]) -> None:
        self._loaded = {k: settings.get(k, SPEC_BY_KEY[k].default) for k in self.keys}
        self.set_values(self._loaded)

    def set_values(self, values: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def values(self) -> dict[str, Any]:
        raise NotImplementedError

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
        return []

    def _watch(self, *widgets: QWidget) -> None:
        for w in widgets:
            for name in ("valueChanged", "textChanged", "toggled", "currentTextChanged"):
                signal = getattr(w, name, None)
                if signal is not None:
                    signal.connect(self.changed)


class SecretField(QWidget):
    """A password field: empty means "keep what is stored"; Clear deletes the stored value."""

    def __init__(self, facade: Facade, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self.name = name
        self._clear = False
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

    def reload(self) -> None:
        self._clear = False
        self.edit.clear()
        stored = self._facade.has_secret(self.name)
        self.edit.setPlaceholderText(
            self.tr("stored in the keyring — type to replace") if stored else self.tr("not set")
        )
        self.clear_button.setEnabled(stored)

    def _on_clear_button_clicked(self) -> None:
        self._clear = True
        self.edit.clear()
        self.edit.setPlaceholderText(self.tr("will be removed"))
        self.clear_button.setEnabled(False)

    def will_be_set(self) -> bool:
        if self.edit.text():
            return True
        return not self._clear and self._facade.has_secret(self.name)

    def change(self) -> dict[str, str | None]:
        if self.edit.text():
            return {self.name: self.edit.text()}
        if self._clear:
            return {self.name: None}
        return {}


class ModelsPage(SettingsPage):
    keys = (
        "gpu_memory_utilization",
        "max_num_seqs",
        "ctx_size",
        "load_timeout_s",
        "idle_ttl_min",
        "vllm_args",
        "engine.kind",
    )

    def __init__(
        self, facade: Facade, recommended: float | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(facade, parent)
        self.recommended = recommended
        spec = SPEC_BY_KEY["gpu_memory_utilization"]
        self.utilization = QDoubleSpinBox()
        self.utilization.setRange(spec.minimum or 0.1, spec.maximum or 0.99)
        self.utilization.setSingleStep(0.01)
        self.utilization.setDecimals(2)
        self.use_recommended = QPushButton(self.tr("Use &recommended"))
        self.use_recommended.clicked.connect(self._on_use_recommended_clicked)
        self.use_recommended.setEnabled(recommended is not None)
        self.recommended_label = QLabel()
        wrap(self.recommended_label)
        if recommended is None:
            self.recommended_label.setText(
                self.tr("No recommendation: the GPU's free memory could not be read.")
            )
        else:
            self.recommended_label.setText(
                self.tr(
                    "Recommended for this machine: {value:.2f}, 95 % of the memory that was "
                    "free when the app started. vLLM's own default, 0.92, crashes on many APUs."
                ).format(value=recommended)
            )
        self.utilization_warning = QLabel()
        wrap(self.utilization_warning)
        set_text_color(self.utilization_warning, warning_color(self.palette()))
        self.max_num_seqs = _spin("max_num_seqs")
        self.ctx_size = _spin("ctx_size", self.tr(" tokens"))
        self.ctx_size.setSingleStep(1024)
        self.load_timeout = _spin("load_timeout_s", self.tr(" s"))
        self.idle = _spin("idle_ttl_min", self.tr(" min"))
        self.idle.setSpecialValueText(self.tr("never"))
        self.vllm_args = QLineEdit()
        self.vllm_args.setFont(monospace_font())
        self.vllm_args.setPlaceholderText(self.tr("flags added for every model"))
        self.args_problem = QLabel()
        wrap(self.args_problem)
        set_text_color(self.args_problem, error_color(self.palette()))
        self.engine = QComboBox()
        for kind, text in (
            ("auto", self.tr("Automatic (ROCm on a supported AMD GPU, else CPU)")),
            ("rocm", self.tr("AMD ROCm build of vLLM")),
            ("cpu", self.tr("vLLM CPU build")),
            ("custom", self.tr("Your own vLLM command")),
        ):
            self.engine.addItem(text, kind)

        row = QHBoxLayout()
        row.addWidget(self.utilization)
        row.addWidget(self.use_recommended)
        row.addStretch(1)
        label = QLabel(self.tr("&GPU memory utilization:"))
        label.setBuddy(self.utilization)
        self.form.addRow(label, row)
        self.form.addRow("", self.recommended_label)
        self.form.addRow("", self.utilization_warning)
        self.form.addRow(self.tr("Max concurrent &requests per model:"), self.max_num_seqs)
        self.form.addRow(self.tr("Default &context size:"), self.ctx_size)
        self.form.addRow(self.tr("Load &timeout:"), self.load_timeout)
        self.form.addRow(self.tr("&Unload after idle for:"), self.idle)
        self.form.addRow(self.tr("Extra vLLM &arguments:"), self.vllm_args)
        self.form.addRow("", self.args_problem)
        self.form.addRow(self.tr("&Engine:"), self.engine)
        for key, widget in (
            ("gpu_memory_utilization", self.utilization),
            ("max_num_seqs", self.max_num_seqs),
            ("ctx_size", self.ctx_size),
            ("load_timeout_s", self.load_timeout),
            ("idle_ttl_min", self.idle),
            ("vllm_args", self.vllm_args),
            ("engine.kind", self.engine),
        ):
            widget.setToolTip(spec_doc(key))
        self._watch(
            self.utilization, self.max_num_seqs, self.ctx_size, self.load_timeout, self.idle
        )
        self._watch(self.vllm_args, self.engine)
        self.changed.connect(self._update_hints)

    def title(self) -> str:
        return self.tr("Models")

    def set_values(self, values: Mapping[str, Any]) -> None:
        self.utilization.setValue(float(values["gpu_memory_utilization"]))
        self.max_num_seqs.setValue(int(values["max_num_seqs"]))
        self.ctx_size.setValue(int(values["ctx_size"]))
        self.load_timeout.setValue(int(values["load_timeout_s"]))
        self.idle.setValue(int(values["idle_ttl_min"]))
        self.vllm_args.setText(str(values["vllm_args"]))
        self.engine.setCurrentIndex(max(0, self.engine.findData(values["engine.kind"])))
        self._update_hints()

    def values(self) -> dict[str, Any]:
        return {
            "gpu_memory_utilization": round(self.utilization.value(), 2),
            "max_num_seqs": self.max_num_seqs.value(),
            "ctx_size": self.ctx_size.value(),
            "load_timeout_s": self.load_timeout.value(),
            "idle_ttl_min": self.idle.value(),
            "vllm_args": self.vllm_args.text().strip(),
            "engine.kind": self.engine.currentData(),
        }

    def _on_use_recommended_clicked(self) -> None:
        if self.recommended is not None:
            self.utilization.setValue(self.recommended)

    def _update_hints(self) -> None:
        too_high = self.recommended is not None and self.utilization.value() > self.recommended
        self.utilization_warning.setText(
            self.tr(
                "Above the recommended value: loading may fail or crash the GPU driver when "
                "other programs hold memory."
            )
            if too_high
            else ""
        )
        self.utilization_warning.setVisible(too_high)
        problems = self.problems()
        self.args_problem.setText("\n".join(problems))
        self.args_problem.setVisible(bool(problems))

    def problems(self) -> list[str]:
        try:
            check_user_args(
                split_args(self.vllm_args.text(), source="global vllm_args"),
                source="global vllm_args",
            )
        except ProblemError as exc:
            return [problem_text(exc.problem)]
        return []


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
        self.port = _spin("proxy.port")
        self.port.setGroupSeparatorShown(False)
        self.autostart = QCheckBox(self.tr("Start the endpoint when the app starts"))
        self.api_key = SecretField(facade, SECRET_API_KEY)
        self.allowed_hosts = QLineEdit()
        self.allowed_hosts.setPlaceholderText(self.tr("e.g. mybox.lan, 192.168.1.20"))
        self.cors = QLineEdit()
        self.cors.setPlaceholderText(self.tr("e.g. http://localhost:3000"))
        self.exposure = QLabel()
        wrap(self.exposure)
        set_text_color(self.exposure, warning_color(self.palette()))
        self.form.addRow(self.tr("Listen on &address:"), self.host)
        self.form.addRow(self.tr("&Port:"), self.port)
        self.form.addRow("", self.autostart)
        self.form.addRow(self.tr("API &key:"), self.api_key)
        self.form.addRow("", self.exposure)
        self.form.addRow(self.tr("Allowed &host names:"), self.allowed_hosts)
        self.form.addRow(self.tr("Allowed &web origins:"), self.cors)
        for key, widget in (
            ("proxy.host", self.host),
            ("proxy.port", self.port),
            ("proxy.allowed_hosts", self.allowed_hosts),
            ("proxy.cors_origins", self.cors),
        ):
            widget.setToolTip(spec_doc(key))
        self.api_key.setToolTip(
            self.tr("Clients must send it as 'Authorization: Bearer <key>'. Kept in the keyring.")
        )
        self._watch(self.host, self.port, self.autostart, self.allowed_hosts, self.cors)
        self.api_key.edit.textChanged.connect(self.changed)
        self.api_key.clear_button.clicked.connect(self.changed)
        self.changed.connect(self._update_hints)

    def title(self) -> str:
        return self.tr("Endpoint")

    def set_values(self, values: Mapping[str, Any]) -> None:
        self.host.setCurrentText(str(values["proxy.host"]))
        self.port.setValue(int(values["proxy.port"]))
        self.autostart.setChecked(bool(values["proxy.autostart"]))
        self.allowed_hosts.setText(str(values["proxy.allowed_hosts"]))
        self.cors.setText(str(values["proxy.cors_origins"]))
        self._update_hints()

    def values(self) -> dict[str, Any]:
        return {
            "proxy.host": self.host.currentText().strip(),
            "proxy.port": self.port.value(),
            "proxy.autostart": self.autostart.isChecked(),
            "proxy.allowed_hosts": self.allowed_hosts.text().strip(),
            "proxy.cors_origins": self.cors.text().strip(),
        }

    def secret_changes(self) -> dict[str, str | None]:
        return self.api_key.change()

    def exposed(self) -> bool:
        return self.host.currentText().strip() not in LOOPBACK_HOSTS

    def _update_hints(self) -> None:
        if self.exposed() and not self.api_key.will_be_set():
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
        if not self.host.currentText().strip():
            return [self.tr("Enter an address to listen on, e.g. 127.0.0.1.")]
        return []


class AccountsPage(SettingsPage):
    keys = ()

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(facade, parent)
        self.hf_token = SecretField(facade, SECRET_HF_TOKEN)
        explanation = QLabel(
            self.tr(
                "Gated or private models on Hugging Face need an access token "
                "(huggingface.co → Settings → Access Tokens, read access is enough). "
                "It is kept in the system keyring, never in the settings files."
            )
        )
        wrap(explanation)
        self.form.addRow(explanation)
        self.form.addRow(self.tr("Hugging Face &token:"), self.hf_token)
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
