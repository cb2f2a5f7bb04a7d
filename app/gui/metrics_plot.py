"""Small QPainter plots: a benchmark curve against concurrency, and a running model's live metrics.

QPainter rather than QtCharts: PySide6-Essentials, the app's dependency, has no QtCharts, and
these two plots need a few lines and labels only (the same choice as app/gui/memory_plot.py).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.core.bench.tuning import BenchPoint
from app.core.events import MetricsSampled
from app.gui.i18n import format_compact, format_number
from app.gui.theme import is_dark

LIVE_WINDOW_S = 300.0  # the live plot shows the last five minutes


def accent_colors(palette: QPalette) -> tuple[QColor, QColor, QColor]:
    """Throughput in the highlight colour; latency in orange, waiting requests in red."""
    dark = is_dark(palette)
    orange = QColor("#f59e0b") if dark else QColor("#b45309")
    red = QColor("#f87171") if dark else QColor("#b91c1c")
    return palette.color(QPalette.ColorRole.Highlight), orange, red


def nice_ceiling(value: float) -> float:
    """The next 1, 2 or 5 times a power of ten at or above `value` (an axis top)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if value <= step * power:
            return float(step * power)
    return float(10 * power)


class CurvePlot(QWidget):
    """Tokens per second (left axis) and p99 inter-token latency (right axis) against the
    number of requests in flight, on a doubling scale; `highlight` marks the chosen value."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._points: tuple[BenchPoint, ...] = ()
        self._highlight: int | None = None
        self.setMinimumHeight(180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Throughput and latency against concurrency"))

    def sizeHint(self) -> QSize:
        return QSize(520, 260)

    def set_points(self, points: Sequence[BenchPoint], highlight: int | None = None) -> None:
        by_c: dict[int, BenchPoint] = {}
        for p in points:
            by_c[p.concurrency] = p  # a later measurement of the same value replaces one
        self._points = tuple(by_c[c] for c in sorted(by_c))
        self._highlight = highlight
        if self._points:
            top = max(self._points, key=lambda p: p.tok_per_s)
            self.setAccessibleDescription(
                self.tr("Best: {tps} tokens per second at concurrency {c}").format(
                    tps=round(top.tok_per_s), c=top.concurrency
                )
            )
        self.update()

    @property
    def points(self) -> tuple[BenchPoint, ...]:
        return self._points

    def paintEvent(self, event: QPaintEvent) -> None:
        del event
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        fm = self.fontMetrics()
        text_h = fm.height()
        tps_color, itl_color, _ = accent_colors(palette)
        text_color = palette.color(QPalette.ColorRole.WindowText)
        left = fm.horizontalAdvance("00000") + 8
        right = fm.horizontalAdvance("0000") + 8
        top = text_h * 1.6
        plot = QRectF(left, top, self.width() - left - right, self.height() - top - 2.4 * text_h)
        painter.fillRect(plot, palette.color(QPalette.ColorRole.Base))
        # Legend, above the plot.
        painter.setPen(tps_color)
        painter.drawText(
            QRectF(left, 0, plot.width() / 2, text_h * 1.3),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.tr("— tokens/s"),
        )
        painter.setPen(itl_color)
        painter.drawText(
            QRectF(left + plot.width() / 2, 0, plot.width() / 2, text_h * 1.3),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            self.tr("- - inter-token latency p99 (ms)"),
        )
        painter.setPen(text_color)
        painter.drawText(
            QRectF(plot.left(), plot.bottom() + text_h + 2, plot.width(), text_h),
            Qt.AlignmentFlag.AlignCenter,
            self.tr("requests in flight"),
        )
        if not self._points:
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, self.tr("No measurements yet"))
            return
        cs = [p.concurrency for p in self._points]
        lo, hi = math.log2(min(cs)), math.log2(max(cs))
        span = hi - lo or 1.0

        def x_of(c: int) -> float:
            if hi == lo:
                return plot.center().x()
            return plot.left() + (math.log2(c) - lo) / span * plot.width()

        tps_top = nice_ceiling(max(p.tok_per_s for p in self._points))
        itls = [p.itl_p99_ms for p in self._points if p.itl_p99_ms is not None]
        itl_top = nice_ceiling(max(itls)) if itls else 1.0
        grid = QPen(palette.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DotLine)
        for share in (0.0, 0.5, 1.0):
            y = plot.bottom() - share * plot.height()
            painter.setPen(grid)
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(tps_color)
            painter.drawText(
                QRectF(0, y - text_h / 2, left - 4, text_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                format_compact(share * tps_top),
            )
            if itls:
                painter.setPen(itl_color)
                painter.drawText(
                    QRectF(plot.right() + 4, y - text_h / 2, right - 4, text_h),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    format_compact(share * itl_top),
                )
        painter.setPen(text_color)
        last_label_right = -math.inf
        for c in cs:
            label = str(c)
            w = fm.horizontalAdvance(label)
            x = x_of(c)
            if x - w / 2 <= last_label_right + 4:
                continue  # crowded: dense bisection points keep only the labels that fit
            painter.drawText(
                QRectF(x - w / 2 - 2, plot.bottom() + 2, w + 4, text_h),
                Qt.AlignmentFlag.AlignCenter,
                label,
            )
            last_label_right = x + w / 2
        if self._highlight is not None and self._highlight in cs:
            x = x_of(self._highlight)
            painter.setPen(QPen(text_color, 1, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        self._draw_line(
            painter,
            [
                QPointF(x_of(p.concurrency), plot.bottom() - p.tok_per_s / tps_top * plot.height())
                for p in self._points
            ],
            QPen(tps_color, 2),
            dots=True,
        )
        if itls:
            self._draw_line(
                painter,
                [
                    QPointF(
                        x_of(p.concurrency),
                        plot.bottom() - p.itl_p99_ms / itl_top * plot.height(),
                    )
                    for p in self._points
                    if p.itl_p99_ms is not None
                ],
                QPen(itl_color, 2, Qt.PenStyle.DashLine),
                dots=False,
            )

    @staticmethod
    def _draw_line(painter: QPainter, points: list[QPointF], pen: QPen, *, dots: bool) -> None:
        if not points:
            return
        path = QPainterPath(points[0])
        for pt in points[1:]:
            path.lineTo(pt)
        painter.setPen(pen)
        painter.drawPath(path)
        if dots:
            painter.setBrush(pen.color())
            for pt in points:
                painter.drawEllipse(pt, 3.0, 3.0)
            painter.setBrush(Qt.BrushStyle.NoBrush)


@dataclass(frozen=True)
class _Strip:
    title: str
    series: list[tuple[list[tuple[float, float]], QColor]]  # (ts, value) points per colour
    top: float
    now_text: str


class LivePlot(QWidget):
    """A running model's tokens/s, requests running and waiting, and KV-cache use, over the
    last five minutes, from the MetricsSampled events of the model it is set to."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_id: str | None = None
        self._samples: deque[MetricsSampled] = deque(maxlen=int(LIVE_WINDOW_S) * 2)
        self.setMinimumHeight(210)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Live metrics of the running model"))

    def sizeHint(self) -> QSize:
        return QSize(520, 240)

    def set_model(self, model_id: str | None) -> None:
        if model_id != self.model_id:
            self.model_id = model_id
            self._samples.clear()
            self.update()

    def add_sample(self, sample: MetricsSampled) -> None:
        if sample.model_id != self.model_id:
            return
        self._samples.append(sample)
        while self._samples and sample.ts - self._samples[0].ts > LIVE_WINDOW_S:
            self._samples.popleft()
        self.update()

    @property
    def samples(self) -> tuple[MetricsSampled, ...]:
        return tuple(self._samples)

    def _series(self, get: Callable[[MetricsSampled], float | None]) -> list[tuple[float, float]]:
        out = []
        for s in self._samples:
            value = get(s)
            if value is not None:
                out.append((s.ts, float(value)))
        return out

    def _strips(self) -> list[_Strip]:
        tps_color, _, red = accent_colors(self.palette())
        kv_color = QColor("#16a34a")
        tps = self._series(lambda s: s.generation_tokens_per_s)
        running = self._series(lambda s: s.requests_running)
        waiting = self._series(lambda s: s.requests_waiting)
        kv = self._series(lambda s: None if s.kv_cache_usage is None else s.kv_cache_usage * 100)

        def last(points: list[tuple[float, float]], fmt: str = "{0}") -> str:
            return fmt.format(format_number(points[-1][1], 0)) if points else "–"

        return [
            _Strip(
                self.tr("tokens/s"),
                [(tps, tps_color)],
                nice_ceiling(max((v for _, v in tps), default=1.0)),
                last(tps),
            ),
            _Strip(
                self.tr("requests running / waiting"),
                [(running, tps_color), (waiting, red)],
                nice_ceiling(max((v for _, v in running + waiting), default=1.0)),
                f"{last(running)} / {last(waiting)}",
            ),
            _Strip(self.tr("KV cache %"), [(kv, kv_color)], 100.0, last(kv, "{0} %")),
        ]

    def paintEvent(self, event: QPaintEvent) -> None:
        del event
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        fm = self.fontMetrics()
        text_h = fm.height()
        text_color = palette.color(QPalette.ColorRole.WindowText)
        strips = self._strips()
        bottom_labels = text_h + 4
        gap = 4.0
        strip_h = (self.height() - bottom_labels - gap * (len(strips) - 1)) / len(strips)
        left = fm.horizontalAdvance("00000") + 8
        now = self._samples[-1].ts if self._samples else 0.0
        for i, strip in enumerate(strips):
            top = i * (strip_h + gap)
            area = QRectF(left, top + text_h, self.width() - left - 4, strip_h - text_h)
            painter.fillRect(area, palette.color(QPalette.ColorRole.Base))
            painter.setPen(text_color)
            painter.drawText(
                QRectF(left, top, area.width(), text_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                strip.title,
            )
            painter.drawText(
                QRectF(left, top, area.width(), text_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                self.tr("now: {value}").format(value=strip.now_text),
            )
            painter.drawText(
                QRectF(0, area.top(), left - 4, text_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                format_compact(strip.top),
            )
            painter.drawText(
                QRectF(0, area.bottom() - text_h, left - 4, text_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                "0",
            )
            for points, color in strip.series:
                self._draw_series(painter, area, points=points, top=strip.top, color=color, now=now)
        painter.setPen(text_color)
        labels = QRectF(left, self.height() - text_h - 2, self.width() - left - 4, text_h)
        painter.drawText(labels, Qt.AlignmentFlag.AlignLeft, self.tr("5 min ago"))
        painter.drawText(labels, Qt.AlignmentFlag.AlignRight, self.tr("now"))
        if not self._samples:
            painter.drawText(
                QRectF(left, 0, self.width() - left, self.height()),
                Qt.AlignmentFlag.AlignCenter,
                self.tr("No readings yet: the model must be running"),
            )

    @staticmethod
    def _draw_series(
        painter: QPainter,
        area: QRectF,
        *,
        points: list[tuple[float, float]],
        top: float,
        color: QColor,
        now: float,
    ) -> None:
        if not points:
            return
        path = QPainterPath()
        for i, (ts, value) in enumerate(points):
            x = max(area.left(), area.right() - (now - ts) / LIVE_WINDOW_S * area.width())
            y = area.bottom() - min(1.0, value / top) * area.height()
            if i == 0:
                path.moveTo(x, y)
            else:
                path.lineTo(x, y)
        painter.setPen(QPen(color, 2))
        painter.drawPath(path)
