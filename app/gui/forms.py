"""Form pieces shared by the dialogs and windows: buddy labels, wrapping hints, tables of
texts, and text fields (for one declared setting, or for any rule) that take what the user
types and say which rule it breaks."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.problems.problems import TRANSLATION_CONTEXT, Problem, ProblemError
from app.core.settings import setting_rules
from app.core.settings.setting_rules import SPEC_BY_KEY, SettingValue
from app.gui.i18n import problem_text
from app.gui.theme import error_color, set_text_color
from app.gui.window_state import keep_on_screen

# Direct translate("Settings", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate

_MNEMONIC = re.compile(r"&(?!&)")


def buddy_label(text: str, buddy: QWidget) -> QLabel:
    """A form label whose "&" mnemonic focuses `buddy`. QFormLayout.addRow(text, layout)
    cannot set a buddy for a layout, and then shows the "&" itself."""
    label = QLabel(text)
    label.setBuddy(buddy)
    return label


def plain(text: str) -> str:
    """A label's text without its mnemonic and colon: "GPU memory &utilization:" → "GPU
    memory utilization"."""
    return _MNEMONIC.sub("", text).replace("&&", "&").rstrip(": ")


def wrap(label: QLabel) -> QLabel:
    """Word-wrap and take the row's full width (a form gives labels only their hint)."""
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    return label


def text_columns(table: QTableWidget, titles: Sequence[str]) -> None:
    """Make `table` a read-only table of texts: each column as wide as its texts (titles
    included, in any language) but the last, which takes the rest and wraps; each row as
    tall as its texts."""
    table.setColumnCount(len(titles))
    table.setHorizontalHeaderLabels(list(titles))
    header = table.horizontalHeader()
    for column in range(len(titles) - 1):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(len(titles) - 1, QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)


def set_text_row(table: QTableWidget, row: int, texts: Sequence[str], tips: Sequence[str]) -> None:
    """Fill `row` with `texts`, each cell's tooltip from `tips` (the whole text, where a
    cell cuts it)."""
    for column, (text, tip) in enumerate(zip(texts, tips, strict=True)):
        item = QTableWidgetItem(text)
        item.setToolTip(tip)
        table.setItem(row, column, item)


class Grower(QObject):
    """Fits `window` to its contents on the next turn of the event loop, after the layout
    requests that hints appearing and rows showing post have been handled: it grows for a
    hint that appears and shrinks back when the hint goes, unless the user has resized the
    window meanwhile (then it only grows)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._fitted: int | None = None  # the height it gave the window last
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._on_timer_timeout)

    def request(self) -> None:
        if self._window.isVisible():
            self._timer.start()

    def _on_timer_timeout(self) -> None:
        before = self._window.height()
        shrink = self._fitted is None or before == self._fitted
        height = grow_to_fit(self._window, shrink=shrink)
        if shrink or height != before:  # a height the user chose is left theirs
            self._fitted = height


def grow_to_fit(window: QWidget, *, shrink: bool = False) -> int:
    """Fit a shown window's height to what its layout needs now: word-wrapped hints come and
    go, and a layout does not grow a window that is already shown (it squeezes instead).
    With `shrink`, a window taller than it needs becomes shorter too. Returns the height."""
    layout = window.layout()
    if layout is None:
        return window.height()
    layout.activate()
    width = max(window.width(), window.minimumSizeHint().width())
    if window.hasHeightForWidth():
        needed = window.heightForWidth(width)
    else:
        needed = window.sizeHint().height()
    needed = max(needed, window.minimumSizeHint().height())
    height = needed if shrink else max(needed, window.height())
    if height != window.height() or width != window.width():
        window.resize(width, height)
        keep_on_screen(window)  # grown past the screen's edge: moved (and cut) back
    return window.height()


class CommandView(QPlainTextEdit):
    """A read-only command line, as tall as its wrapped lines (up to `most` of them, then it
    scrolls): never a line cut in half, never empty lines below a short one."""

    def __init__(self, *, fewest: int = 2, most: int = 10) -> None:
        super().__init__()
        self._fewest = fewest
        self._most = most
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.textChanged.connect(self._fit)
        self._fit()

    def wrapped_lines(self) -> int:
        """Lines on screen at the present width (a long line wraps into several)."""
        lines = 0
        block = self.document().begin()
        while block.isValid():
            layout = block.layout()
            lines += max(1, layout.lineCount()) if layout is not None else 1
            block = block.next()
        return lines

    def _fit(self) -> None:
        shown = min(max(self.wrapped_lines(), self._fewest), self._most)
        margins = self.contentsMargins()
        document = round(self.document().documentMargin() * 2)
        height = shown * self.fontMetrics().lineSpacing() + document + 2 * self.frameWidth()
        self.setFixedHeight(height + margins.top() + margins.bottom())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()  # the lines wrap anew at another width

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()


def setting_label(key: str) -> str:
    """The short name people read for a setting (its declared label), translated."""
    spec = SPEC_BY_KEY.get(key)
    if spec is None or not spec.label:
        return key
    return translate(TRANSLATION_CONTEXT, spec.label)


def parse_setting_text(key: str, text: str, label: str = "") -> SettingValue:
    """What the user typed for `key`, validated by the rules the CLI uses.

    The one adapter between the GUI's fields and the settings' declared rules
    (app.core.settings.setting_rules.parse_setting_text: nothing clamped, rounded or guessed, one
    sentence that names no internal key). A decimal takes the locale's mark or a point
    ("0,9" or "0.9" in German). Raises ProblemError; a sentence that names the setting by its
    `key` gets the field's `label` (or the declared one) instead, and its bounds are written
    as the locale writes numbers.
    """
    try:
        return setting_rules.parse_setting_text(key, text, decimal_point=decimal_point())
    except ProblemError as exc:
        raise ProblemError(_in_locale(_with_label(exc.problem, key, label))) from None


def decimal_point() -> str:
    """The decimal mark of the user's locale ("," in German)."""
    return QLocale().decimalPoint() or "."


def _with_label(problem: Problem, key: str, label: str) -> Problem:
    """Only for templates that print {key} (e.g. settings.unknown_key); the declared
    sentences carry `key` as a parameter but do not print it."""
    if "{key}" not in problem.template or problem.params.get("key") != key:
        return problem
    named = label or setting_label(key)
    return Problem(problem.code, problem.template, {**problem.params, "key": named})


def _in_locale(problem: Problem) -> Problem:
    """The bounds a refusal names ("between 0.1 and 0.99"), written as the locale writes
    decimals; the core writes them as the CLI reads them."""
    point = decimal_point()
    bounds = {
        name: value.replace(".", point)
        for name in ("low", "high")
        if isinstance(value := problem.params.get(name), str)
    }
    if point == "." or not bounds:
        return problem
    return Problem(problem.code, problem.template, {**problem.params, **bounds})


def edit_text(value: object) -> str:
    """A stored value as the user would type it: `0.85` (`0,85` in German), `8192` (no
    grouping: it parses)."""
    if isinstance(value, float):
        return repr(value).replace(".", decimal_point())  # the shortest text that reads back
    return str(value)


class ParsedField(QWidget):
    """A line edit, a unit after it, and under it the one sentence saying which rule the text
    breaks (hidden while the text is valid).

    `parse` reads the text or raises ProblemError; `check` adds a rule of the GUI's own
    (e.g. "an address is needed") and returns a sentence or "". It never changes what the
    user typed: no clamping, no rounding, no dropped input.
    """

    changed = Signal()

    def __init__(
        self,
        parse: Callable[[str], Any],
        *,
        unit: str = "",
        placeholder: str = "",
        numeric: bool = False,
        label: str = "",
        check: Callable[[Any], str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._parse = parse
        self._check = check
        self._external = ""  # a refusal from the engine side, until the text changes
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(placeholder)
        self.edit.setAccessibleName(label)
        if numeric:
            self.edit.setMaximumWidth(self.edit.fontMetrics().horizontalAdvance("0" * 16))
        self.unit = QLabel(unit)
        self.unit.setVisible(bool(unit))
        self.hint = wrap(QLabel())
        set_text_color(self.hint, error_color(self.palette()))
        self.hint.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1 if not numeric else 0)
        row.addWidget(self.unit)
        if numeric:
            row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.hint)
        self.edit.textChanged.connect(self._on_edit_text_changed)

    def text(self) -> str:
        return self.edit.text()

    def parsed(self) -> Any:
        """What the text means; raises ProblemError when it breaks its rule."""
        return self._parse(self.edit.text())

    def problem(self) -> str:
        """The sentence for what is wrong with the text, or ""."""
        if self._external:
            return self._external
        try:
            value = self.parsed()
        except ProblemError as exc:
            return problem_text(exc.problem)
        return self._check(value) if self._check is not None else ""

    def refuse(self, text: str) -> None:
        """Show why the engine side refused this value; cleared when the user edits it (or
        by `refuse("")`, when a change elsewhere made the engine accept it)."""
        self._external = text
        self.update_hint()

    def update_hint(self) -> None:
        text = self.problem() if self.isEnabled() else ""
        self.hint.setText(text)
        self.hint.setVisible(bool(text))

    def _on_edit_text_changed(self, text: str) -> None:
        del text
        self._external = ""
        self.update_hint()
        self.changed.emit()


class SettingField(ParsedField):
    """A ParsedField for one declared setting: the rules are the ones the CLI uses."""

    def __init__(
        self,
        key: str,
        *,
        unit: str = "",
        placeholder: str = "",
        numeric: bool = False,
        label: str = "",
        check: Callable[[SettingValue], str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        # `label` names the setting in sentences when it differs from the declared one.
        super().__init__(
            lambda text: parse_setting_text(key, text, label),
            unit=unit,
            placeholder=placeholder,
            numeric=numeric,
            label=label or setting_label(key),
            check=check,
            parent=parent,
        )
        self.key = key

    def set_value(self, value: object) -> None:
        self.edit.setText(edit_text(value))

    def value(self) -> SettingValue | None:
        """The parsed value, or None while the text breaks a rule."""
        if self.problem():
            return None
        value: SettingValue = self.parsed()
        return value
