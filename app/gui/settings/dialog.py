"""The global settings dialog: a list of pages, inline validation, restart notes, one OK."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
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

from app.core.settings.settings import SPEC_BY_KEY
from app.gui.commands import CommandFailed, async_slot, call, tasks_of
from app.gui.forms import Grower, setting_label, wrap
from app.gui.settings.accounts_page import AccountsPage
from app.gui.settings.desktop_page import DesktopPage
from app.gui.settings.endpoint_page import EndpointPage
from app.gui.settings.limits_page import LimitsPage
from app.gui.settings.models_page import ModelsPage
from app.gui.settings.page import SettingsPage
from app.gui.settings.secret_field import SecretField
from app.gui.store import AppStore
from app.gui.theme import error_color, set_text_color
from app.gui.window_state import track
from app.runtime.api.services import Facade


class SettingsDialog(QDialog):
    """Opened with `open()`. OK first checks and selects a custom engine command (if one
    was typed), then sends every changed setting in one `set_settings` call (validated as a
    whole, nothing stored unless all are valid), then the secrets."""

    saved = Signal(dict)  # the settings that changed

    def __init__(self, facade: Facade, store: AppStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self._store = store
        self._tasks = tasks_of(self)
        self._saving = False
        self._grower = Grower(self)
        # Qt adds " — vLLM Tray" (the application's display name) itself.
        self.setWindowTitle(self.tr("Settings"))
        track(self, "settings")

        self.models_page = ModelsPage(
            facade, store.recommended_utilization, in_ram=store.utilization_in_ram
        )
        self.pages: list[SettingsPage] = [
            self.models_page,
            EndpointPage(facade),
            LimitsPage(facade),
            AccountsPage(facade),
            DesktopPage(facade),
        ]
        self.page_list = QListWidget()
        self.page_list.setAccessibleName(self.tr("Settings pages"))
        self.stack = QStackedWidget()
        for page in self.pages:
            page.load(store.settings)
            page.changed.connect(self._on_page_changed)
            self.page_list.addItem(page.title())
            self.stack.addWidget(page)
        self.page_list.setFixedWidth(self.page_list.sizeHintForColumn(0) + 24)
        self.page_list.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.page_list.setCurrentRow(0)

        self.restart_note = wrap(QLabel())
        self.status_label = wrap(QLabel())  # "Checking …" while OK works
        self.error_label = wrap(QLabel())
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
        layout.addWidget(self.status_label)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.page_list.currentRowChanged.connect(self._update_state)  # another page's height
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

    def label(self, key: str) -> str:
        """The name the user sees for a setting: its field's label, never its key."""
        for page in self.pages:
            if key in page.labels:
                return page.labels[key]
        return setting_label(key)

    def restart_text(self, changes: dict[str, Any]) -> str:
        by_kind: dict[str, list[str]] = {}
        for key in changes:
            kind = SPEC_BY_KEY[key].restart
            if kind:
                by_kind.setdefault(kind, []).append(self.label(key))
        lines = []
        if "models" in by_kind:
            lines.append(
                self.tr(
                    "{settings}: applies to models loaded from now on. Loaded models keep the "
                    "old value until you unload and load them again."
                ).format(settings=", ".join(by_kind["models"]))
            )
        if "server" in by_kind:
            lines.append(
                self.tr("{settings}: applies when the endpoint starts again.").format(
                    settings=", ".join(by_kind["server"])
                )
            )
        if "app" in by_kind:
            lines.append(
                self.tr("{settings}: applies after vLLM Tray restarts.").format(
                    settings=", ".join(by_kind["app"])
                )
            )
        return "\n".join(lines)

    def problems(self) -> list[str]:
        return [text for page in self.pages for text in page.problems()]

    def _on_page_changed(self) -> None:
        # The last OK's refusal was about the values as they were then: once the user
        # changes one, it no longer says what is wrong (OK says it again if still so).
        if not self._saving:
            self.error_label.clear()
        self._update_state()

    def _update_state(self) -> None:
        self.ok_button.setEnabled(not self.problems() and not self._saving)
        changes = self.changes()
        custom = self.models_page.custom_engine_change()
        if custom is not None and not self.models_page.custom_command.problem():
            changes["engine.kind"] = "custom"
        note = self.restart_text(changes)
        self.restart_note.setText(note)
        self.restart_note.setVisible(bool(note))
        self.status_label.setVisible(bool(self.status_label.text()))
        self.error_label.setVisible(bool(self.error_label.text()))
        self._grower.request()

    def _on_buttons_clicked(self, button: QAbstractButton) -> None:
        if button is self.defaults_button:
            self.pages[self.stack.currentIndex()].restore_defaults()
        elif button is self.ok_button:
            self.save()

    # -- saving ---------------------------------------------------------------------------
    @async_slot()
    async def save(self) -> None:
        if self._saving or self.problems():
            return
        self._saving = True
        self.error_label.clear()
        self._update_state()
        try:
            stored = await self._store_all()
        except CommandFailed as failure:
            self._saving = False
            self.status_label.clear()
            self.error_label.setText(failure.text)
            key = failure.problem.params.get("key") if failure.problem is not None else None
            for i, page in enumerate(self.pages):
                if key in page.keys:
                    self.page_list.setCurrentRow(i)
            self._update_state()
            return
        self._saving = False
        self.saved.emit(stored)
        self.accept()

    async def _store_all(self) -> dict[str, Any]:
        """Check and store, slowest and likeliest to be refused first; raises CommandFailed."""
        stored: dict[str, Any] = {}
        command = self.models_page.custom_engine_change()
        if command is not None:
            self.page_list.setCurrentRow(0)
            self.status_label.setText(
                self.tr(
                    "Checking “{command}”: it runs with --help, which can take a minute…"
                ).format(command=command)
            )
            self.status_label.show()
            try:
                await call(self._facade.submit(lambda s: s.engines.use_custom(command)))
            except CommandFailed as failure:
                self.models_page.custom_command.refuse(failure.text)
                raise CommandFailed(
                    self.tr("Your vLLM command was not accepted; nothing was saved."),
                    failure.problem,
                ) from failure
            stored.update({"engine.kind": "custom", "engine.custom_command": command})
            self._store.apply_settings(stored)
            self.status_label.clear()
        changes = self.changes()
        if changes:
            confirmed = await call(self._facade.submit(lambda s: s.config.set_settings(changes)))
            self._store.apply_settings(confirmed)
            stored.update(confirmed)
        secrets = self.secret_changes()
        if secrets:
            await call(self._facade.submit(lambda s: s.config.set_secrets(secrets)))
        return stored

    def done(self, result: int) -> None:
        self._tasks.cancel_all()
        for field in self.findChildren(SecretField):
            field.close_tasks()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._saving:
            event.ignore()  # storing is under way; it closes the dialog when it is done
            return
        super().closeEvent(event)
