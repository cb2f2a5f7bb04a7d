"""Shortening text to a width at a word boundary, with "…", never in the middle of a word."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

ELLIPSIS = "…"


def elide_words(text: str, metrics: QFontMetrics, width: int) -> str:
    """`text` if it fits in `width` pixels, else as many whole words as fit, then "…".

    Qt's own elidedText cuts mid-word ("failed: Free memory on the G…"); a cut at a word
    reads better. Only when not even the first word fits does it fall back to Qt's cut.
    """
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split(" ")
    # Binary search on the number of words kept: text widths grow with every word.
    low, high = 0, len(words) - 1
    while low < high:
        middle = (low + high + 1) // 2
        candidate = " ".join(words[:middle]).rstrip(" ,;:·—-") + ELLIPSIS
        if metrics.horizontalAdvance(candidate) <= width:
            low = middle
        else:
            high = middle - 1
    if low == 0:
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    return " ".join(words[:low]).rstrip(" ,;:·—-") + ELLIPSIS
