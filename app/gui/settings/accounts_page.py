"""The Hugging Face page: the access token for gated or private models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from app.core.hf_token import hf_token_problem
from app.gui.forms import buddy_label, wrap
from app.gui.i18n import problem_text
from app.gui.settings.page import SettingsPage
from app.gui.settings.secret_field import SECRET_HF_TOKEN, SecretField
from app.gui.theme import error_color, set_text_color
from app.runtime.api import Facade


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
        # What was typed, checked as it is typed (the rule the engine applies when storing).
        self.token_hint = wrap(QLabel())
        self.token_hint.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.token_hint, error_color(self.palette()))
        self.token_hint.hide()
        self.form.addRow("", self.token_hint)
        self.hf_token.edit.textChanged.connect(self.changed)
        self.hf_token.edit.textChanged.connect(self._update_token_hint)

    def title(self) -> str:
        return self.tr("Hugging Face")

    def set_values(self, values: Mapping[str, Any]) -> None:
        del values

    def values(self) -> dict[str, Any]:
        return {}

    def secret_changes(self) -> dict[str, str | None]:
        return self.hf_token.change()

    def token_problem(self) -> str:
        typed = self.hf_token.edit.text()
        found = hf_token_problem(typed) if typed else None
        return problem_text(found) if found is not None else ""

    def problems(self) -> list[str]:
        found = super().problems()
        if self.token_problem():
            found.append(self.token_problem())
        return found

    def _update_token_hint(self) -> None:
        text = self.token_problem()
        self.token_hint.setText(text)
        self.token_hint.setVisible(bool(text))
