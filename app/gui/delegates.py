"""Item delegates: the State column draws a progress bar while a download or load runs, and
cuts its text at a word, never mid-word (the full text is in the tooltip)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QIcon, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
)

from app.gui.elide import elide_words
from app.gui.model_table import PROGRESS_ROLE

BAR_STEPS = 1000  # resolution of the bar: 0.1 %


class ProgressDelegate(QStyledItemDelegate):
    """Draws the style's own progress bar with the state text on it (qBittorrent's approach).

    Rows without progress are painted by the default delegate, so selection, focus and
    palettes (light or dark) behave as everywhere else.
    """

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        progress = index.data(PROGRESS_ROLE)
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        if progress is None:
            item = QStyleOptionViewItem(option)
            self.initStyleOption(item, index)
            room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, item, widget)
            # The style adds a margin on each side of the text rectangle it reports.
            item.text = elide_words(item.text, item.fontMetrics, room.width() - 8)
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
            return
        # Background and selection first, then the bar inset so the selection stays visible.
        background = QStyleOptionViewItem(option)
        self.initStyleOption(background, index)
        background.text = ""
        background.icon = QIcon()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, background, painter, widget)
        bar = QStyleOptionProgressBar()
        if widget is not None:
            bar.initFrom(widget)
        bar.rect = option.rect.adjusted(2, 2, -2, -2)
        bar.minimum = 0
        bar.maximum = BAR_STEPS
        bar.progress = round(max(0.0, min(1.0, float(progress))) * BAR_STEPS)
        # The style wraps text that does not fit, which spills out of the row: elide instead.
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        bar.text = elide_words(text, option.fontMetrics, bar.rect.width() - 8)
        bar.textVisible = True
        bar.textAlignment = Qt.AlignmentFlag.AlignCenter
        # Qt 6 reads the orientation from this flag; without it the bar is drawn vertically.
        bar.state = option.state | QStyle.StateFlag.State_Horizontal
        style.drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter, widget)

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        # Room for the bar's frame around the text.
        return QSize(hint.width() + 16, max(hint.height(), option.fontMetrics.height() + 10))
