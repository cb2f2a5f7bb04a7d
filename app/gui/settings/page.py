"""The base of the settings pages: declared fields, load() / save() / restore_defaults().

Every number and text is a SettingField: it takes what the user types, says next to the
field which rule the text breaks (the rules the CLI uses, app.core.settings.settings), and the
dialog
keeps OK disabled until every field is valid. Nothing is clamped or rounded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFormLayout, QWidget

from app.core.problems.problems import TRANSLATION_CONTEXT
from app.core.settings.settings import SPEC_BY_KEY
from app.gui.forms import SettingField, buddy_label, plain
from app.runtime.api.services import Facade


def spec_doc(key: str) -> str:
    """The setting's description (declared once in app.core.settings.settings), translated."""
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
