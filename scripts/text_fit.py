"""Text that does not fit its widget, found by walking a window's visible widgets.

Used by scripts/screenshots.py on the pseudo-locale screenshots (every string 40 % longer, as
translations run): a label, button, check box, group box title, tab or header section whose
text needs more room than the widget has is reported with the widget's object path, and so is
a table cell whose text is cut without a tooltip that has the rest. A label
that wraps is clipped when the height its text needs at its width exceeds its height.

What "needs" means is Qt's own answer (sizeHint, heightForWidth, sectionSizeFromContents,
tabSizeHint): it includes the style's margins, icons and indicators, which a bare
fontMetrics().horizontalAdvance(text) would miss.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QTabBar,
    QTableView,
    QToolButton,
    QWidget,
)

from app.gui.delegates import CellDelegate

SLACK = 1  # pixels of rounding Qt's hints may differ by


def object_path(widget: QWidget, top: QWidget) -> str:
    """`MainWindow/QFrame#notice/QLabel[2]`: names where set, else class and index."""
    parts: list[str] = []
    current: QWidget | None = widget
    while current is not None:
        name = type(current).__name__
        if current.objectName():
            name += f"#{current.objectName()}"
        else:
            parent = current.parentWidget()
            if parent is not None:
                siblings = [w for w in parent.findChildren(type(current)) if w.parent() is parent]
                if len(siblings) > 1:
                    name += f"[{siblings.index(current)}]"
        parts.append(name)
        if current is top:
            break
        current = current.parentWidget()
    return "/".join(reversed(parts))


def _shown(widget: QWidget, top: QWidget) -> bool:
    return widget.isVisibleTo(top) and widget.width() > 0 and widget.height() > 0


def _label_problem(label: QLabel) -> str | None:
    if not label.text() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return None
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        if needed > label.height() + SLACK:
            return f"needs {needed} px of height, has {label.height()}"
        return None
    needed = label.sizeHint().width()
    if needed > label.width() + SLACK:
        return f"needs {needed} px, has {label.width()}"
    return None


def _button_problem(button: QAbstractButton) -> str | None:
    if not button.text():
        return None
    needed = button.sizeHint().width()
    if needed > button.width() + SLACK:
        return f"needs {needed} px, has {button.width()}"
    return None


def _header_problems(header: QHeaderView) -> list[tuple[str, str]]:
    model = header.model()
    if model is None:
        return []
    found: list[tuple[str, str]] = []
    for section in range(header.count()):
        if header.isSectionHidden(section):
            continue
        text = str(model.headerData(section, header.orientation()) or "")
        if not text:
            continue
        needed = header.sectionSizeFromContents(section).width()
        has = header.sectionSize(section)
        if needed > has + SLACK:
            found.append((text, f"needs {needed} px, has {has}"))
    return found


def _tab_problems(tabs: QTabBar) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for index in range(tabs.count()):
        if not tabs.isTabVisible(index):
            continue
        needed = tabs.tabSizeHint(index).width()
        has = tabs.tabRect(index).width()
        if needed > has + SLACK:
            found.append((tabs.tabText(index), f"needs {needed} px, has {has}"))
    return found


def _group_problem(group: QGroupBox) -> str | None:
    if not group.title():
        return None
    needed = group.fontMetrics().horizontalAdvance(group.title()) + 2 * group.fontMetrics().height()
    if needed > group.width() + SLACK:
        return f"needs {needed} px, has {group.width()}"
    return None


def _problems(widget: QWidget) -> list[tuple[str, str]]:
    """(text, what is wrong) for each text of `widget` that does not fit."""
    problem: str | None = None
    if isinstance(widget, QLabel):
        text, problem = widget.text(), _label_problem(widget)
    elif isinstance(widget, (QPushButton, QToolButton, QCheckBox, QRadioButton)):
        text, problem = widget.text(), _button_problem(widget)
    elif isinstance(widget, QGroupBox):
        text, problem = widget.title(), _group_problem(widget)
    elif isinstance(widget, QHeaderView):
        return _header_problems(widget)
    elif isinstance(widget, QTabBar):
        return _tab_problems(widget)
    elif isinstance(widget, QAbstractItemView):
        return _cell_problems(widget)
    return [(text, problem)] if problem else []


CELL_PADDING = 12  # px the style takes around a cell's text
MOST_ROWS = 50


def _cell_problems(view: QAbstractItemView) -> list[tuple[str, str]]:
    """Cells of a table whose text is cut: each needs a tooltip with the whole text (the
    model's own, or CellDelegate's, which shows a cut text whole)."""
    model = view.model()
    if model is None or not isinstance(view, QTableView):
        return []
    found: list[tuple[str, str]] = []
    room = view.viewport().rect()
    metrics = view.fontMetrics()
    for row in range(min(model.rowCount(), MOST_ROWS)):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            rect = view.visualRect(index)
            if view.isColumnHidden(column) or not room.contains(rect):
                continue  # scrolled out of sight: the user scrolls to it
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
            lines = max(1, rect.height() // metrics.lineSpacing()) if view.wordWrap() else 1
            needed = metrics.horizontalAdvance(text) + CELL_PADDING
            if not text or needed <= rect.width() * lines:
                continue
            tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
            if text in tip or isinstance(view.itemDelegateForIndex(index), CellDelegate):
                continue
            found.append((text, f"cut to {rect.width()} px, and no tooltip has the rest"))
    return found


def clipped_texts(top: QWidget) -> list[str]:
    """Every text under `top` (itself included) that does not fit; one line each."""
    found: list[str] = []
    for widget in [top, *top.findChildren(QWidget)]:
        if _shown(widget, top):
            path = object_path(widget, top)
            found += [f"{path} {text!r}: {problem}" for text, problem in _problems(widget)]
    return found
