"""Item delegates: the State column draws a progress bar while a download or load runs, with
its text once, in one colour and one alignment, cut at a word when the cell is too narrow
(the whole text is in the tooltip)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QHelpEvent, QIcon, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
)

from app.gui.elide import elide_words
from app.gui.model_table import PROGRESS_ROLE

BAR_STEPS = 1000  # resolution of the bar: 0.1 %
TEXT_PADDING = 6  # px between the bar's edge and its text, as the style pads a cell's text
FILL_ALPHA = 0.38  # how much of the highlight colour tints the done part of the bar


def fill_color(palette: QPalette) -> QColor:
    """The done part of a bar: the highlight colour, mixed into the base so that the text
    colour reads on it in light and dark palettes alike."""
    base = palette.color(QPalette.ColorRole.Base)
    accent = palette.color(QPalette.ColorRole.Highlight)
    mix = FILL_ALPHA
    return QColor(
        round(base.red() * (1 - mix) + accent.red() * mix),
        round(base.green() * (1 - mix) + accent.green() * mix),
        round(base.blue() * (1 - mix) + accent.blue() * mix),
    )


def paint_bar(painter: QPainter, rect: QRect, fraction: float, text: str, palette: QPalette) -> str:
    """A progress bar in `rect` with `text` on it, drawn once; returns the text as drawn.

    The style's own bar (Fusion, Breeze…) draws its text twice, clipped, in two colours over
    the done and the rest — "loadi|ng: loading weights" — and centres it, so that a cut text
    loses both ends. Here the done part is a tint and the text one colour, left-aligned like
    every other cell.
    """
    fraction = max(0.0, min(1.0, fraction))
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(palette.color(QPalette.ColorRole.Mid))
    painter.setBrush(palette.color(QPalette.ColorRole.Base))
    frame = rect.adjusted(0, 0, -1, -1)
    painter.drawRoundedRect(frame, 2, 2)
    done = round((frame.width() - 1) * round(fraction * BAR_STEPS) / BAR_STEPS)
    if done > 0:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill_color(palette))
        painter.drawRoundedRect(QRect(frame.x() + 1, frame.y() + 1, done, frame.height() - 1), 1, 1)
    room = rect.adjusted(TEXT_PADDING, 0, -TEXT_PADDING, 0)
    shown = elide_words(text, painter.fontMetrics(), room.width())
    painter.setPen(palette.color(QPalette.ColorRole.Text))
    align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    painter.drawText(room, int(align), shown)
    painter.restore()
    return shown


class CellDelegate(QStyledItemDelegate):
    """Cells whose text is cut at a word, never mid-word; a cut text is whole in the
    tooltip: the model's own when it has one, else the text itself (no tooltip when
    nothing is cut)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, item, widget)
        # The style adds a margin on each side of the text rectangle it reports.
        item.text = self.elide(item.text, item.fontMetrics, room.width() - 8)
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)

    def helpEvent(
        self,
        event: QHelpEvent,
        view: QAbstractItemView,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        tip = index.data(Qt.ItemDataRole.ToolTipRole)
        if event.type() == QHelpEvent.Type.ToolTip and not tip and self.is_cut(option, index):
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
            QToolTip.showText(event.globalPos(), text, view, QRect(QPoint(), QSize()))
            return True
        return super().helpEvent(event, view, option, index)

    def is_cut(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> bool:
        """Whether the cell shows less than its whole text."""
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        width = option.rect.width() - 2 * TEXT_PADDING - 4
        return self.elide(text, option.fontMetrics, width) != text

    def elide(self, text: str, metrics: QFontMetrics, width: int) -> str:
        """The text cut to `width` pixels (at a word here; a subclass may cut otherwise)."""
        return elide_words(text, metrics, width)


class ProgressDelegate(CellDelegate):
    """A cell with a progress value (PROGRESS_ROLE) is a bar with the cell's text on it
    (qBittorrent's approach, drawn by `paint_bar`); other cells are CellDelegate's."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        progress = index.data(PROGRESS_ROLE)
        if progress is None:
            super().paint(painter, option, index)
            return
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        # Background and selection first, then the bar inset so the selection stays visible.
        text = item.text
        item.text = ""
        item.icon = QIcon()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, widget)
        painter.save()
        painter.setFont(option.font)
        paint_bar(
            painter, option.rect.adjusted(2, 2, -2, -2), float(progress), text, option.palette
        )
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        # Room for the bar's frame around the text.
        return QSize(hint.width() + 16, max(hint.height(), option.fontMetrics.height() + 10))
