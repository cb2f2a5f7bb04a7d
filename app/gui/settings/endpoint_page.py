"""The Endpoint page: address, port, API key, allowed host names and web origins."""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Future
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QWidget

from app.core.problems.problems import Problem
from app.gui.forms import SettingField, buddy_label, plain, wrap
from app.gui.settings.field_check import FieldCheck
from app.gui.settings.page import SettingsPage, spec_doc
from app.gui.settings.secret_field import SECRET_API_KEY, SecretField
from app.gui.theme import error_color, set_text_color, warning_color
from app.runtime.api.services import Facade

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


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
        # Another program on the port is found when it is typed, not at the next start.
        self.port_check = FieldCheck(self.port, self._ask_port, self)
        self.port_check.checked.connect(self.changed)
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
            self.tr(
                "Clients must send it as 'Authorization: Bearer <key>'. Kept in the keyring, or "
                "where there is none in a file only you can read."
            )
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

    def _ask_port(self) -> Future[Problem | None] | None:
        port = self.port.value()
        if not isinstance(port, int) or port == self._loaded.get("proxy.port"):
            return None  # a rule of its own, or the endpoint's own port
        host = self.host.currentText().strip()
        return self._facade.submit(lambda s: s.config.port_problem(host, port))

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
