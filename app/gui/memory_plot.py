"""A small QPainter plot of GPU memory use (VRAM, and GTT on APUs) over the last minutes."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.core.events import GpuSampled
from app.gui.theme import is_dark

WINDOW_SECONDS = 600.0


def series_colors(palette: QPalette) -> tuple[QColor, QColor]:
    """VRAM in the palette's highlight; GTT in an orange that reads on either background."""
    gtt = QColor("#f59e0b") if is_dark(palette) else QColor("#b45309")
    return palette.color(QPalette.ColorRole.Highlight), gtt


def fractions(samples: Sequence[GpuSampled], used: str, total: str) -> list[tuple[float, float]]:
    """(timestamp, used/total) for the samples where both counters are known."""
    out: list[tuple[float, float]] = []
    for s in samples:
        u, t = getattr(s, used), getattr(s, total)
        if u is not None and t:
            out.append((s.ts, max(0.0, min(1.0, u / t))))
    return out


class MemoryPlot(QWidget):
    """Used share of each memory pool, 0-100 %, the newest sample at the right edge."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._samples: Sequence[GpuSampled] = ()
        self._show_gtt = False
        self.setMinimumHeight(90)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setAccessibleName(self.tr("GPU memory over the last ten minutes"))

    def sizeHint(self) -> QSize:
        return QSize(280, 110)

    def set_samples(self, samples: Sequence[GpuSampled], show_gtt: bool) -> None:
        self._samples = tuple(samples)
        self._show_gtt = show_gtt
        vram = fractions(self._samples, "vram_used", "vram_total")
        if vram:
            self.setAccessibleDescription(
                self.tr("VRAM now {percent} % used").format(percent=round(vram[-1][1] * 100))
            )
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        del event
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        metrics = self.fontMetrics()
        text_h = metrics.height()
        left = metrics.horizontalAdvance("100 %") + 6
        top = text_h / 2 + 2  # room for the top label, which is centred on the 100 % line
        plot = QRectF(left, top, self.width() - left - 4, self.height() - text_h - top - 6)
        painter.fillRect(plot, palette.color(QPalette.ColorRole.Base))
        grid = QPen(palette.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DotLine)
        text_color = palette.color(QPalette.ColorRole.WindowText)
        for share in (0.0, 0.5, 1.0):
            y = plot.bottom() - share * plot.height()
            painter.setPen(grid)
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(text_color)
            label = f"{round(share * 100)} %"
            painter.drawText(
                QRectF(0, y - text_h / 2, left - 4, text_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
        painter.setPen(text_color)
        bottom = QRectF(plot.left(), plot.bottom() + 3, plot.width(), text_h)
        painter.drawText(bottom, Qt.AlignmentFlag.AlignLeft, self.tr("10 min ago"))
        painter.drawText(bottom, Qt.AlignmentFlag.AlignRight, self.tr("now"))

        vram_color, gtt_color = series_colors(palette)
        if not self._samples:
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, self.tr("No readings yet"))
            return
        now = self._samples[-1].ts
        series = [(fractions(self._samples, "vram_used", "vram_total"), vram_color)]
        if self._show_gtt:
            series.append((fractions(self._samples, "gtt_used", "gtt_total"), gtt_color))
        for points, color in series:
            self._draw_series(painter, plot, points, color, now)

    def _draw_series(
        self,
        painter: QPainter,
        plot: QRectF,
        points: list[tuple[float, float]],
        color: QColor,
        now: float,
    ) -> None:
        if not points:
            return
        path = QPainterPath()
        for i, (ts, share) in enumerate(points):
            x = plot.right() - (now - ts) / WINDOW_SECONDS * plot.width()
            y = plot.bottom() - share * plot.height()
            point = QPointF(max(plot.left(), x), y)
            if i == 0:
                path.moveTo(point)
            else:
                path.lineTo(point)
        if len(points) == 1:
            path.lineTo(QPointF(plot.right(), path.currentPosition().y()))
        area = QPainterPath(path)
        area.lineTo(QPointF(path.currentPosition().x(), plot.bottom()))
        area.lineTo(QPointF(path.elementAt(0).x, plot.bottom()))
        area.closeSubpath()
        fill = QColor(color)
        fill.setAlpha(50)
        painter.fillPath(area, fill)
        painter.setPen(QPen(color, 2))
        painter.drawPath(path)
