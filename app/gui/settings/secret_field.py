"""A password field for a secret kept in the keyring, or the app's 0600 file where there is
none (the endpoint's key, the HF token)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QWidget

from app.gui.commands import CommandFailed, call, tasks_of
from app.runtime.api.services import Facade

SECRET_API_KEY = "api_key"  # the endpoint's bearer token
SECRET_HF_TOKEN = "hf_token"  # Hugging Face access token for gated repositories


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
        self._stored: bool | None = None  # unknown until the runtime answers
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
        self.edit.setPlaceholderText(self.tr("checking whether one is saved…"))
        self.clear_button.setEnabled(False)
        self._tasks.start(self._ask_stored())

    async def _ask_stored(self) -> None:
        name = self.name
        try:
            self._stored = await call(self._facade.submit(lambda s: s.config.has_secret(name)))
        except CommandFailed:
            self._stored = False
            self.edit.setPlaceholderText(self.tr("the keyring did not answer"))
        else:
            self.edit.setPlaceholderText(
                self.tr("saved — type to replace") if self._stored else self.tr("not set")
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
