"""The global settings dialog: a list of pages, inline validation, restart notes, one OK."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.core.problems import Problem
from app.core.settings import SPEC_BY_KEY
from app.gui.settings_pages import (
    AccountsPage,
    DesktopPage,
    EndpointPage,
    ModelsPage,
    SettingsPage,
)
from app.gui.store import AppStore
from app.gui.tasks import CommandRunner
from app.gui.theme import error_color, set_text_color
from app.runtime.api import Facade


class SettingsDialog(QDialog):
    """Opened with `open()`. OK sends every changed setting in one `set_settings` call
    (validated as a whole, nothing stored unless all are valid), then the secrets."""

    saved = Signal(dict)  # the settings that changed

    def __init__(
        self, facade: Facade, store: AppStore, runner: CommandRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._runner = runner
        self._pending = 0
        self._saved_changes: dict[str, Any] = {}
        self.setWindowTitle(self.tr("vLLM Tray settings"))

        self.pages: list[SettingsPage] = [
            ModelsPage(facade, store.recommended_utilization),
            EndpointPage(facade),
            AccountsPage(facade),
            DesktopPage(facade),
        ]
        self.page_list = QListWidget()
        self.page_list.setAccessibleName(self.tr("Settings pages"))
        self.stack = QStackedWidget()
        for page in self.pages:
            page.load(store.settings)
            page.changed.connect(self._update_state)
            self.page_list.addItem(page.title())
            self.stack.addWidget(page)
        self.page_list.setFixedWidth(self.page_list.sizeHintForColumn(0) + 24)
        self.page_list.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.page_list.setCurrentRow(0)

        self.restart_note = QLabel()
        self.restart_note.setWordWrap(True)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        set_text_color(self.error_label, error_color(self.palette()))
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.RestoreDefaults
            | QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.defaults_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.defaults_button.setText(self.tr("Restore &defaults of this page"))
        self.buttons.clicked.connect(self._on_buttons_clicked)
        self.buttons.rejected.connect(self.reject)

        body = QHBoxLayout()
        body.addWidget(self.page_list)
        body.addWidget(self.stack, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(self.restart_note)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self._update_state()

    def page(self, cls: type[SettingsPage]) -> SettingsPage:
        return next(p for p in self.pages if isinstance(p, cls))

    def changes(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for page in self.pages:
            out.update(page.save())
        return out

    def secret_changes(self) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        for page in self.pages:
            out.update(page.secret_changes())
        return out

    def restart_text(self, changes: dict[str, Any]) -> str:
        by_kind: dict[str, list[str]] = {}
        for key in changes:
            kind = SPEC_BY_KEY[key].restart
            if kind:
                by_kind.setdefault(kind, []).append(key)
        lines = []
        if "models" in by_kind:
            lines.append(
                self.tr(
                    "{keys}: applies to models loaded from now on. Loaded models keep the old "
                    "value until you unload and load them again."
                ).format(keys=", ".join(by_kind["models"]))
            )
        if "server" in by_kind:
            lines.append(
                self.tr("{keys}: applies when the endpoint starts again.").format(
                    keys=", ".join(by_kind["server"])
                )
            )
        if "app" in by_kind:
            lines.append(
                self.tr("{keys}: applies after vLLM Tray restarts.").format(
                    keys=", ".join(by_kind["app"])
                )
            )
        return "\n".join(lines)

    def _update_state(self) -> None:
        problems = [text for page in self.pages for text in page.problems()]
        self.ok_button.setEnabled(not problems and self._pending == 0)
        note = self.restart_text(self.changes())
        self.restart_note.setText(note)
        self.restart_note.setVisible(bool(note))

    def _on_buttons_clicked(self, button: QAbstractButton) -> None:
        if button is self.defaults_button:
            self.pages[self.stack.currentIndex()].restore_defaults()
        elif button is self.ok_button:
            self.save()

    # -- saving ---------------------------------------------------------------------------
    def save(self) -> None:
        if any(page.problems() for page in self.pages):
            return
        changes = self.changes()
        secrets = self.secret_changes()
        self.error_label.clear()
        self._saved_changes = {}
        self._pending = (1 if changes else 0) + len(secrets)
        if self._pending == 0:
            self.accept()
            return
        self.ok_button.setEnabled(False)
        if changes:
            self._runner.run(
                self._facade.set_settings(changes),
                on_done=self._on_settings_stored,
                on_error=self._on_save_failed,
            )
        for name, value in secrets.items():
            self._runner.run(
                self._facade.set_secret(name, value),
                on_done=lambda _none: self._one_done(),
                on_error=self._on_save_failed,
            )

    def _on_settings_stored(self, stored: dict[str, Any]) -> None:
        self._saved_changes = dict(stored)
        self._store.apply_settings(stored)
        self._one_done()

    def _one_done(self) -> None:
        self._pending -= 1
        if self._pending == 0 and not self.error_label.text():
            self.saved.emit(self._saved_changes)
            self.accept()
        elif self._pending == 0:
            self._update_state()

    def _on_save_failed(self, text: str, problem: Problem | None) -> None:
        self.error_label.setText(text)
        key = problem.params.get("key") if problem is not None else None
        for i, page in enumerate(self.pages):
            if key in page.keys:
                self.page_list.setCurrentRow(i)
        self._pending -= 1
        if self._pending == 0:
            self._update_state()
