"""A conversation as Markdown for the Chat page: messages, folded thinking, a reply's numbers,
and the reply on its way (load progress or an error in its place).

Markdown because QTextDocument renders it (code blocks included) and a reply is Markdown
already; the thinking of a reasoning model is a link that unfolds it (`think:N`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from app.core.chat import ChatMessage, ReplyLoading, ReplyStats
from app.core.states import LoadPhase
from app.gui.i18n import format_duration, format_int, format_number, format_percent
from app.gui.model_state import phase_text

PHASES = frozenset(phase.value for phase in LoadPhase)

THINK_SCHEME = "think"
PENDING = -1  # the index of the reply on its way, for its thinking's link


# Direct translate("ChatPage", "…") calls with literals, which lupdate reads (it cannot see
# the strings a wrapper function is given).
translate = QCoreApplication.translate


@dataclass
class Pending:
    """The exchange on its way: the message sent (None when regenerating) and the reply."""

    text: str | None
    loading: ReplyLoading | None = None
    content: str = ""
    reasoning: str = ""
    waiting: bool = True  # nothing came back yet


@dataclass
class Transcript:
    """What the page shows: the kept messages, the exchange on its way, the last failure."""

    model_name: str = ""
    messages: tuple[ChatMessage, ...] = ()
    pending: Pending | None = None
    failure: str | None = None  # the sentence shown in place of the reply
    unfolded: set[int] = field(default_factory=set)  # messages whose thinking is shown

    def markdown(self) -> str:
        parts = [self._message(i, m) for i, m in enumerate(self.messages)]
        if self.pending is not None:
            if self.pending.text is not None:
                parts.append(self._user(self.pending.text))
            parts.append(self._pending(self.pending))
        elif self.failure is not None:
            # After a part of a reply (kept, marked stopped) the failure says it broke off.
            cut = bool(self.messages) and self.messages[-1].role == "assistant"
            parts.append(_failure(self.failure, cut=cut))
        return "\n\n---\n\n".join(p for p in parts if p) + "\n"

    def _message(self, index: int, m: ChatMessage) -> str:
        if m.role == "user":
            return self._user(m.content)
        if m.role != "assistant":
            return ""
        lines = [f"**{_escape(self.model_name)}**"]
        if m.reasoning:
            lines.append(self._thinking(index, m.reasoning))
        if m.content:
            lines.append(m.content)
        if m.stopped:
            lines.append("*" + translate("ChatPage", "(stopped)") + "*")
        if m.stats is not None:
            lines.append("*" + stats_text(m.stats) + "*")
        return "\n\n".join(lines)

    def _user(self, text: str) -> str:
        return "**" + translate("ChatPage", "You") + "**\n\n" + text

    def _thinking(self, index: int, reasoning: str) -> str:
        words = len(reasoning.split())
        if index in self.unfolded:
            hide = translate("ChatPage", "▾ Hide the thinking")
            link = f"[{hide}]({THINK_SCHEME}:{index})"
            quoted = "\n".join("> " + line for line in reasoning.splitlines())
            return link + "\n\n" + quoted
        label = translate("ChatPage", "▸ Thought for {words} words (show)").format(
            words=format_int(words)
        )
        return f"[{label}]({THINK_SCHEME}:{index})"

    def _pending(self, p: Pending) -> str:
        lines = [f"**{_escape(self.model_name)}**"]
        if p.reasoning:
            lines.append(self._thinking(PENDING, p.reasoning))
        if p.content:
            lines.append(p.content)
        elif p.loading is not None and not p.reasoning:
            lines.append("*" + loading_text(p.loading) + "*")
        elif p.waiting and not p.reasoning:
            lines.append("*" + translate("ChatPage", "Waiting for the answer…") + "*")
        return "\n\n".join(lines)


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
