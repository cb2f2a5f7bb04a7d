"""The Chat page's transcript view: each turn under an author line the page draws, its text as
Markdown without HTML, nothing loaded from anywhere, and only the turn on its way redrawn.

A reply is untrusted text (issue 31): with HTML it could hide text, fake a "You" turn or hide
what follows it, and an image, Markdown's or HTML's, would load any file the user can read.
So each piece is read on its own (an unclosed code fence stays inside its turn) into a
document that is never laid out, where its images become their alt text before it joins the
view's, and the view's document refuses whatever resource is asked. The author
line is a band in the palette's highlight colours, which no Markdown without HTML can make.
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
    QTextDocumentFragment,
    QTextFormat,
)
from PySide6.QtWidgets import QTextBrowser, QWidget

from app.gui.chat.chat_render import Segment, Turn

_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)


class _NoResources(QTextDocument):
    """A document that loads nothing. Refusing in the browser alone is not enough: when the
    browser gives nothing back, QTextDocument's own loadResource reads a local file itself."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.refused = 0  # resources asked for and not loaded (a reply's images)

    def loadResource(self, type: int, name: QUrl | str) -> Any:  # the names are Qt's
        self.refused += 1
        return None


Piece = Segment | tuple[str, str]  # a piece of Markdown, or ("author", name)


class TranscriptView(QTextBrowser):
    """Turns drawn into the document. Each `show` keeps what is drawn up to the first piece
    that differs and draws the rest: while a reply streams, only its last piece."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setDocument(_NoResources(self))
        self.last_draw_s = 0.0  # how long the last `show` took (the page spaces its redraws)
        self._drawn: list[tuple[Piece, int]] = []  # each piece drawn, and where it ends

    def show_turns(self, turns: list[Turn]) -> None:
        began = time.perf_counter()
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 4
        pieces: list[Piece] = []
        for turn in turns:
            if turn.author is not None:
                pieces.append(("author", turn.author))
            pieces.extend(turn.segments)
        same = 0
        limit = min(len(pieces), len(self._drawn))
        while same < limit and self._drawn[same][0] == pieces[same]:
            same += 1
        cursor = QTextCursor(self.document())
        if same == 0:
            self.document().clear()
        else:
            cursor.setPosition(self._drawn[same - 1][1])
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        del self._drawn[same:]
        for piece in pieces[same:]:
            if isinstance(piece, Segment):
                self._segment(cursor, piece)
            else:
                self._author(cursor, piece[1])
            self._drawn.append((piece, cursor.position()))
        if at_end:
            bar.setValue(bar.maximum())
        self.last_draw_s = time.perf_counter() - began

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
        cursor.insertFragment(QTextDocumentFragment(_imported(segment.markdown)))
        self._shade(start, cursor.position())

    @staticmethod
    def _new_block(cursor: QTextCursor, block: QTextBlockFormat, text: QTextCharFormat) -> None:
        if cursor.position() == 0:
            cursor.setBlockFormat(block)
            cursor.setBlockCharFormat(text)
            cursor.setCharFormat(text)
        else:
            cursor.insertBlock(block, text)

    def _shade(self, start: int, end: int) -> None:
        """Code blocks between `start` and `end` on a shaded ground, as every chat shows them
        (Markdown's import marks them with the code-fence property; it applies no style)."""
        shade = QTextBlockFormat()
        shade.setBackground(self.palette().color(QPalette.ColorRole.AlternateBase))
        block = self.document().findBlock(start)
        while block.isValid() and block.position() <= end:
            if block.blockFormat().hasProperty(QTextFormat.Property.BlockCodeFence):
                QTextCursor(block).mergeBlockFormat(shade)
            block = block.next()


def _imported(markdown: str) -> QTextDocument:
    """`markdown` read without HTML into a document of its own, never laid out, its images
    turned into their alt text in brackets. Refusing them when the view asks is not enough:
    Qt's image handler then reads a local file by itself."""
    document = _NoResources(None)
    QTextCursor(document).insertMarkdown(markdown, _FEATURES)
    images: list[tuple[int, int, str]] = []
    block = document.begin()
    while block.isValid():
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
    return document
