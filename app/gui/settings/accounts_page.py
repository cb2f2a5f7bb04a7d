"""The Hugging Face page: the access token for gated or private models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QLabel, QWidget

from app.gui.forms import buddy_label, wrap
from app.gui.settings.page import SettingsPage
from app.gui.settings.secret_field import SECRET_HF_TOKEN, SecretField
from app.runtime.services import Facade


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
