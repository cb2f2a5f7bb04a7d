"""Colours that read on light and dark palettes, and the Fusion palettes used for screenshots."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QWidget


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def error_color(palette: QPalette) -> QColor:
    return QColor("#ff8a80") if is_dark(palette) else QColor("#b3261e")


def ok_color(palette: QPalette) -> QColor:
    return QColor("#81c995") if is_dark(palette) else QColor("#1e7b34")


def warning_color(palette: QPalette) -> QColor:
    return QColor("#fdd663") if is_dark(palette) else QColor("#8a5300")


def set_text_color(widget: QWidget, color: QColor) -> None:
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.WindowText, color)
    palette.setColor(QPalette.ColorRole.Text, color)
    widget.setPalette(palette)


def monospace_font() -> QFont:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


def light_palette() -> QPalette:
    return QApplication.style().standardPalette()


def dark_palette() -> QPalette:
    """A dark Fusion palette (the common recipe), for checking that every widget stays legible."""
    p = QPalette()
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(230, 230, 230)
    disabled = QColor(127, 127, 127)
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: QColor(58, 58, 62),
        QPalette.ColorRole.ToolTipBase: base,
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: window,
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor(255, 80, 80),
        QPalette.ColorRole.Link: QColor(110, 170, 255),
        QPalette.ColorRole.Highlight: QColor(53, 132, 228),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.PlaceholderText: QColor(150, 150, 150),
        QPalette.ColorRole.Mid: QColor(90, 90, 95),
        QPalette.ColorRole.Dark: QColor(25, 25, 25),
        QPalette.ColorRole.Light: QColor(80, 80, 85),
    }
    for role, color in roles.items():
        p.setColor(role, color)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p
