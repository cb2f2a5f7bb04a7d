"""The Chat page's transcript view: each turn under an author line the page draws, its text as
Markdown without HTML, nothing loaded from anywhere, and only the turn on its way redrawn.

A reply is untrusted text (issue 31): with HTML it could hide text, fake a "You" turn or hide
what follows it, and an image, Markdown's or HTML's, would load any file the user can read.
So each piece is inserted on its own (an unclosed code fence stays inside its turn), images
become their alt text, and `loadResource` refuses whatever is asked. The author line is a band
in the palette's highlight colours, which no Markdown without HTML can make.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import (
    QFont,
    QPalette,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import QTextBrowser, QWidget

from app.gui.chat_render import Segment, Turn

_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)


class TranscriptView(QTextBrowser):
    """Turns drawn into the document: the kept ones once, the tail (the exchange on its way,
    or the last failure) again on each `show` while the kept ones are unchanged."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.refused = 0  # resources asked for and not loaded (a reply's images)
        self.last_draw_s = 0.0  # how long the last `show` took (the page spaces its redraws)
        self._kept: tuple[object, ...] | None = None
        self._tail_at = 0

    def loadResource(self, type: int, name: QUrl) -> Any:  # the names are Qt's
        """Nothing, ever: no file, no network, for any image a reply names."""
        self.refused += 1
        return None

    def show_turns(self, key: tuple[object, ...], kept: list[Turn], tail: list[Turn]) -> None:
        """Show `kept` then `tail`; `kept` is drawn again only when `key` changed."""
        began = time.perf_counter()
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 4
        document = self.document()
        cursor = QTextCursor(document)
        if key != self._kept:
            document.clear()
            self._kept = key
            self._draw(cursor, kept)
            self._tail_at = cursor.position()
        else:
            cursor.setPosition(self._tail_at)
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        self._draw(cursor, tail)
        if at_end:
            bar.setValue(bar.maximum())
        self.last_draw_s = time.perf_counter() - began

    def _draw(self, cursor: QTextCursor, turns: list[Turn]) -> None:
        for turn in turns:
            if turn.author is not None:
                self._author(cursor, turn.author)
            for segment in turn.segments:
                self._segment(cursor, segment)

    def _author(self, cursor: QTextCursor, name: str) -> None:
        palette = self.palette()
        band = QTextBlockFormat()
        band.setBackground(palette.color(QPalette.ColorRole.Highlight))
        band.setTopMargin(12 if cursor.position() else 0)
        text = QTextCharFormat()
        text.setForeground(palette.color(QPalette.ColorRole.HighlightedText))
        text.setFontWeight(QFont.Weight.Bold)
        self._new_block(cursor, band, text)
        cursor.insertText(name)  # plain text: a name is never Markdown

    def _segment(self, cursor: QTextCursor, segment: Segment) -> None:
        self._new_block(cursor, QTextBlockFormat(), QTextCharFormat())
        start = cursor.position()
        cursor.insertMarkdown(segment.markdown, _FEATURES)
        self._tidy(start, cursor.position())

    @staticmethod
    def _new_block(cursor: QTextCursor, block: QTextBlockFormat, text: QTextCharFormat) -> None:
        if cursor.position() == 0:
            cursor.setBlockFormat(block)
            cursor.setBlockCharFormat(text)
            cursor.setCharFormat(text)
        else:
            cursor.insertBlock(block, text)

    def _tidy(self, start: int, end: int) -> None:
        """Between `start` and `end`: images become their alt text in brackets, and code
        blocks get a shaded ground, as every chat shows them (Markdown's import marks them with
        the code-fence property; it applies no style sheet)."""
        shade = QTextBlockFormat()
        shade.setBackground(self.palette().color(QPalette.ColorRole.AlternateBase))
        document = self.document()
        block = document.findBlock(start)
        images: list[tuple[int, int, str]] = []
        while block.isValid() and block.position() <= end:
            if block.blockFormat().hasProperty(QTextFormat.Property.BlockCodeFence):
                QTextCursor(block).mergeBlockFormat(shade)
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.charFormat().isImageFormat():
                    alt = fragment.charFormat().stringProperty(QTextFormat.Property.ImageAltText)
                    images.append((fragment.position(), fragment.length(), alt))
                it += 1
            block = block.next()
        for position, length, alt in reversed(images):
            cursor = QTextCursor(document)
            cursor.setPosition(position)
            cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
            cursor.insertText(f"[{alt}]" if alt else "[image]", QTextCharFormat())
