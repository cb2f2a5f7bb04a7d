"""The Desktop page: start at login, start hidden in the tray."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QCheckBox, QWidget

from app.gui.settings.page import SettingsPage
from app.runtime.api.services import Facade


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
