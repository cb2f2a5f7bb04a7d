"""A conversation as turns for the Chat page: messages, folded thinking, a reply's numbers, and
the reply on its way (load progress or an error in its place). Each turn is its author's name
(drawn by the page, app.gui.chat.chat_view) and pieces of Markdown, each drawn on its own.

Markdown because QTextDocument renders it (code blocks included) and a reply is Markdown
already; the thinking of a reasoning model is a link that unfolds it (`think:N`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from app.core.chat.chat import ChatMessage, ReplyLoading, ReplyStats
from app.core.states import LoadPhase
from app.gui.i18n import format_duration, format_int, format_number, format_percent
from app.gui.model_state import phase_text

PHASES = frozenset(phase.value for phase in LoadPhase)

THINK_SCHEME = "think"
# A text is drawn in pieces of about this many characters, cut at blank lines outside code
# blocks (a cut depends only on the text before it): while a reply streams, the pieces before
# its last one stay as they were drawn, and only the last is drawn again.
CHUNK_CHARS = 16_384
_FENCE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})", re.MULTILINE)
PENDING = -1  # the index of the reply on its way, for its thinking's link


# Direct translate("ChatPage", "…") calls with literals, which lupdate reads (it cannot see
# the strings a wrapper function is given).
translate = QCoreApplication.translate


@dataclass(frozen=True)
class Segment:
    """One piece of a turn, inserted as Markdown on its own (`own`: made by the page, else the
    text of a person or a model; both are drawn without HTML)."""

    markdown: str
    own: bool = False


@dataclass(frozen=True)
class Turn:
    """A turn under its author's name (None: a line of the page's own, e.g. a failure)."""

    author: str | None
    segments: tuple[Segment, ...]


@dataclass
class Pending:
    """The exchange on its way: the message sent (None when regenerating) and the reply."""

    text: str | None
    loading: ReplyLoading | None = None
    content_parts: list[str] = field(default_factory=list)
    reasoning_parts: list[str] = field(default_factory=list)
    waiting: bool = True  # nothing came back yet

    @property
    def content(self) -> str:
        return "".join(self.content_parts)

    @property
    def reasoning(self) -> str:
        return "".join(self.reasoning_parts)


@dataclass
class Transcript:
    """What the page shows: the kept messages, the exchange on its way, the last failure."""

    model_name: str = ""
    messages: tuple[ChatMessage, ...] = ()
    pending: Pending | None = None
    failure: str | None = None  # the sentence shown in place of the reply
    unfolded: set[int] = field(default_factory=set)  # messages whose thinking is shown

    def turns(self) -> list[Turn]:
        """Every turn: the kept messages, then the exchange on its way or the last failure."""
        kept = [t for i, m in enumerate(self.messages) if (t := self._message(i, m))]
        if self.pending is not None:
            asked = [] if self.pending.text is None else [self._user(self.pending.text)]
            return [*kept, *asked, self._pending(self.pending)]
        if self.failure is not None:
            # After a part of a reply (kept, marked stopped) the failure says it broke off.
            cut = bool(self.messages) and self.messages[-1].role == "assistant"
            return [*kept, Turn(None, (Segment(_failure(self.failure, cut=cut), own=True),))]
        return kept

    def _message(self, index: int, m: ChatMessage) -> Turn | None:
        if m.role == "user":
            return self._user(m.content)
        if m.role != "assistant":
            return None
        segments = []
        if m.reasoning:
            segments.extend(self._thinking(index, m.reasoning))
        segments.extend(Segment(piece) for piece in chunks(m.content))
        if m.stopped:
            segments.append(Segment("*" + translate("ChatPage", "(stopped)") + "*", own=True))
        if m.stats is not None:
            segments.append(Segment("*" + stats_text(m.stats) + "*", own=True))
        return Turn(self.model_name, tuple(segments))

    def _user(self, text: str) -> Turn:
        return Turn(translate("ChatPage", "You"), tuple(Segment(c) for c in chunks(text)))

    def _thinking(self, index: int, reasoning: str) -> list[Segment]:
        if index in self.unfolded:
            hide = translate("ChatPage", "▾ Hide the thinking")
            quoted = [
                Segment("\n".join("> " + line for line in piece.splitlines()))
                for piece in chunks(reasoning)
            ]
            return [Segment(f"[{_escape(hide)}]({THINK_SCHEME}:{index})", own=True), *quoted]
        label = translate("ChatPage", "▸ Thought for {words} words (show)").format(
            words=format_int(len(reasoning.split()))
        )
        return [Segment(f"[{_escape(label)}]({THINK_SCHEME}:{index})", own=True)]

    def _pending(self, p: Pending) -> Turn:
        segments = []
        reasoning, content = p.reasoning, p.content
        if reasoning:
            segments.extend(self._thinking(PENDING, reasoning))
        if content:
            segments.extend(Segment(piece) for piece in chunks(content))
        elif p.loading is not None and not reasoning:
            segments.append(Segment("*" + loading_text(p.loading) + "*", own=True))
        elif p.waiting and not reasoning:
            waiting = translate("ChatPage", "Waiting for the answer…")
            segments.append(Segment("*" + waiting + "*", own=True))
        return Turn(self.model_name, tuple(segments))


def chunks(text: str) -> list[str]:
    """`text` in pieces of at least CHUNK_CHARS (but the last), cut after blank lines that
    are outside a code fence."""
    pieces, start, at, fenced = [], 0, 0, False
    while (cut := text.find("\n\n", at)) >= 0:
        fenced ^= len(_FENCE.findall(text, at, cut)) % 2 == 1
        at = cut + 2
        if not fenced and at - start >= CHUNK_CHARS:
            pieces.append(text[start:at])
            start = at
    pieces.append(text[start:])
    return [piece for piece in pieces if piece]


def loading_text(loading: ReplyLoading) -> str:
    """In place of the reply while the endpoint loads the model."""
    parts = [translate("ChatPage", "Loading the model for this reply…")]
    if loading.fraction is not None:
        parts.append(format_percent(loading.fraction))
    if loading.phase in PHASES:  # the load's step in words, never its raw log line
        parts.append(phase_text(LoadPhase(loading.phase)))
    elapsed = format_duration(loading.elapsed_s)
    if loading.expected_s:
        parts.append(
            translate("ChatPage", "{elapsed} of about {expected}").format(
                elapsed=elapsed, expected=format_duration(loading.expected_s)
            )
        )
    else:
        parts.append(elapsed)
    return " · ".join(parts)


def stats_text(stats: ReplyStats) -> str:
    """Below a reply: tokens, time to first token, tokens/s."""
    parts = [translate("ChatPage", "{n} tokens").format(n=format_int(stats.completion_tokens))]
    if stats.ttft_s is not None:
        parts.append(
            translate("ChatPage", "first token after {s} s").format(
                s=format_number(stats.ttft_s, 2)
            )
        )
    speed = stats.tokens_per_s
    if speed is not None:
        parts.append(translate("ChatPage", "{rate} tokens/s").format(rate=format_number(speed, 1)))
    return " · ".join(parts)


def _failure(text: str, *, cut: bool = False) -> str:
    if cut:
        label = translate("ChatPage", "The reply broke off:")
    else:
        label = translate("ChatPage", "No reply:")
    return "> **" + label + "** " + _escape(text)


def _escape(text: str) -> str:
    """Text shown as it is inside Markdown (a model name with underscores, an error)."""
    out = []
    for ch in text:
        if ch in "\\`*_[]<>#|":
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)
