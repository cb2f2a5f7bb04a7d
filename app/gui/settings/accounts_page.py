"""The Hugging Face page: the access token for gated or private models, where it is kept,
and a check against the hub."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from app.core.settings.hf_token import hf_token_problem
from app.gui.commands import CommandFailed, async_slot, call, tasks_of
from app.gui.forms import buddy_label, wrap
from app.gui.i18n import problem_text
from app.gui.settings.page import SettingsPage
from app.gui.settings.secret_field import SECRET_HF_TOKEN, SecretField
from app.gui.theme import error_color, set_text_color
from app.runtime.api.services import Facade

FILE_BACKEND = "file"  # app.runtime.secrets: no keyring on this computer


class AccountsPage(SettingsPage):
    keys = ()

    def __init__(self, facade: Facade, parent: QWidget | None = None) -> None:
        super().__init__(facade, parent)
        self._tasks = tasks_of(self)
        self.hf_token = SecretField(facade, SECRET_HF_TOKEN)
        explanation = wrap(
            QLabel(
                self.tr(
                    "Gated or private models on Hugging Face need an access token "
                    "(huggingface.co → Settings → Access Tokens, read access is enough)."
                )
            )
        )
        # Where it is really kept: the keyring, or the app's own file where there is none.
        self.place_label = wrap(QLabel(self.tr("Finding where the token is kept…")))
        self.place_label.setTextFormat(Qt.TextFormat.PlainText)
        self.form.addRow(explanation)
        self.form.addRow(self.place_label)
        self.check_button = QPushButton(self.tr("C&heck"))
        self.check_button.setToolTip(self.tr("Ask Hugging Face whose token this is"))
        self.check_button.clicked.connect(self._on_check_button_clicked)
        token_row = QWidget()
        row = QHBoxLayout(token_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.hf_token, 1)
        row.addWidget(self.check_button)
        self.form.addRow(
            buddy_label(self.tr("Hugging Face &token:"), self.hf_token.edit), token_row
        )
        # What was typed, checked as it is typed (the rule the engine applies when storing).
        self.token_hint = wrap(QLabel())
        self.token_hint.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.token_hint, error_color(self.palette()))
        self.token_hint.hide()
        self.form.addRow("", self.token_hint)
        self.check_result = wrap(QLabel())
        self.check_result.setTextFormat(Qt.TextFormat.PlainText)
        self.check_result.hide()
        self.form.addRow("", self.check_result)
        self.hf_token.edit.textChanged.connect(self.changed)
        self.hf_token.edit.textChanged.connect(self._update_token_hint)
        self.hf_token.answered.connect(self._update_token_hint)
        self._tasks.start(self._ask_place())

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
        self.check_result.hide()  # it was about another text
        typed = bool(self.hf_token.edit.text())
        # A typed token of the right shape, or else the stored one, can be checked.
        self.check_button.setEnabled(not text if typed else bool(self.hf_token.stored))

    async def _ask_place(self) -> None:
        try:
            backend, path = await call(self._facade.call(lambda s: s.config.secrets_place()))
        except CommandFailed as failure:
            self.place_label.setText(failure.text)
            return
        if backend == FILE_BACKEND:
            self.place_label.setText(
                self.tr(
                    "This computer has no keyring, so the token is kept in {path}, which only "
                    "you can read; never in the settings files."
                ).format(path=path)
            )
        else:
            self.place_label.setText(
                self.tr("It is kept in the system keyring, never in the settings files.")
            )

    @async_slot()
    async def _on_check_button_clicked(self) -> None:
        typed = self.hf_token.edit.text() or None  # empty: the stored token
        self.check_button.setEnabled(False)
        self.check_result.setText(self.tr("Asking Hugging Face…"))
        self.check_result.show()
        try:
            user = await call(self._facade.submit(lambda s: s.config.check_hf_token(typed)))
        except CommandFailed as failure:
            self.check_result.setText(failure.text)
        else:
            self.check_result.setText(
                self.tr("Hugging Face accepts this token: it belongs to {user}.").format(user=user)
            )
        self.check_button.setEnabled(True)
