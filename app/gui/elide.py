"""Shortening text to a width with "…": at a word boundary, never in the middle of a word;
a file's path keeps its file name."""

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


def elide_path(path: str, metrics: QFontMetrics, width: int) -> str:
    """`path` if it fits in `width` pixels, else its folders cut in the middle and its file
    name whole ("~/batches/…/file-1.jsonl"); only a name wider than `width` is cut itself."""
    if metrics.horizontalAdvance(path) <= width:
        return path
    folder, slash, name = path.rpartition("/")
    tail = f"{ELLIPSIS}{slash}{name}"
    if not slash or metrics.horizontalAdvance(tail) > width:
        return metrics.elidedText(path, Qt.TextElideMode.ElideMiddle, width)
    # Widths do not add up where letters join across the cut (Telugu, Arabic…): the
    # joined text is measured and the folders' room shrinks until it fits.
    room = width - metrics.horizontalAdvance(f"{slash}{name}")
    while room > 0:
        head = metrics.elidedText(folder, Qt.TextElideMode.ElideRight, room)
        if not head.endswith(ELLIPSIS):
            break
        shown = f"{head}{slash}{name}"
        over = metrics.horizontalAdvance(shown) - width
        if over <= 0:
            return shown
        room -= over
    return tail
