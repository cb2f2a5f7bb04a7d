"""A reply's server-sent events read as untrusted input: bounded lines, checked events, a bounded
text, and a stream that must say it is complete ("[DONE]") to count as a finished answer.

Pure (bytes in, text pieces out, `ProblemError` for everything wrong with the stream), so the
chat service feeds it what the endpoint sends and a fuzz test feeds it anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from app.core.chat.chat import ChatMessage, DeltaKind, ReplyStats, ThinkSplitter
from app.core.problems.problems import Problem, ProblemError, echoed, problem
from app.core.untrusted import one_line, parse_json

MIB = 1 << 20
# One event holds one delta of a few tokens (a few hundred bytes of JSON); a megabyte is
# thousands of times that, and is what one line may make the chat hold before it has a newline.
MAX_EVENT_BYTES = 1 * MIB
# A long answer is some tens of thousands of characters, and 4 Mi characters is about a million
# tokens, more than any model's context: past it, the reply would only fill memory, the window
# and the conversation's file.
MAX_REPLY_CHARS = 4 * MIB
DONE = "[DONE]"

Pieces = list[tuple[DeltaKind, str]]


class SseLines:
    """The lines of an SSE body from its byte chunks; a line longer than `limit` bytes is the
    problem "chat.event_too_long" as soon as that many bytes came without a newline."""

    def __init__(self, limit: int = MAX_EVENT_BYTES) -> None:
        self._limit = limit
        self._held = bytearray()

    def feed(self, chunk: bytes) -> Iterator[str]:
        start = 0
        while (at := chunk.find(b"\n", start)) >= 0:
            self._hold(chunk[start:at])
            yield self._take()
            start = at + 1
        self._hold(chunk[start:])

    def rest(self) -> str | None:
        """The last line when the body ended without a newline."""
        return self._take() if self._held else None

    def _hold(self, piece: bytes) -> None:
        if len(self._held) + len(piece) > self._limit:
            raise ProblemError(problem("chat.event_too_long", limit_mib=self._limit // MIB))
        self._held += piece

    def _take(self) -> str:
        line = self._held.decode("utf-8", "replace").removesuffix("\r")
        self._held.clear()
        return line


@dataclass
class ReplyParts:
    """A reply as it arrives: its text and thinking (kept as parts: joining a growing string
    per delta would copy it whole each time), and the times and counts for its stats."""

    began: float
    content_parts: list[str] = field(default_factory=list)
    reasoning_parts: list[str] = field(default_factory=list)
    size: int = 0  # characters of text and thinking so far
    first_at: float | None = None
    ended_at: float | None = None
    deltas: int = 0
    usage: dict[str, Any] = field(default_factory=dict)
    finish_reason: str | None = None
    done: bool = False
    limit: int = MAX_REPLY_CHARS

    @property
    def content(self) -> str:
        return "".join(self.content_parts)

    @property
    def reasoning(self) -> str:
        return "".join(self.reasoning_parts)

    def take(self, chunk: dict[str, Any], splitter: ThinkSplitter, now: float) -> Pieces:
        """The text pieces of one chunk (a checked JSON object), or "chat.reply_malformed"."""
        usage = chunk.get("usage")
        if isinstance(usage, dict):
            self.usage = usage
        choices = chunk.get("choices")
        if not isinstance(choices, list):
            raise malformed(chunk)
        pieces: Pieces = []
        for choice in choices:
            delta = choice.get("delta") if isinstance(choice, dict) else None
            delta = {} if delta is None else delta
            if not isinstance(choice, dict) or not isinstance(delta, dict):
                raise malformed(chunk)
            # vLLM 0.32 says `reasoning`; earlier releases and other servers `reasoning_content`.
            thinking = delta.get("reasoning") or delta.get("reasoning_content")
            content, finish = delta.get("content"), choice.get("finish_reason")
            if not all(v is None or isinstance(v, str) for v in (thinking, content, finish)):
                raise malformed(chunk)
            if thinking:
                pieces.append(("reasoning", thinking))
            if content:
                pieces.extend(splitter.feed(content))
            if content or thinking:
                self.deltas += 1
            if finish:
                self.finish_reason = finish
        return self.add(pieces, now)

    def add(self, pieces: Pieces, now: float) -> Pieces:
        for kind, text in pieces:
            if self.size + len(text) > self.limit:
                raise ProblemError(problem("chat.reply_too_long", limit_mib=self.limit // MIB))
            self.size += len(text)
            if self.first_at is None:
                self.first_at = now
            (self.reasoning_parts if kind == "reasoning" else self.content_parts).append(text)
        return pieces

    def finish(self, now: float) -> None:
        self.ended_at, self.done = now, True

    def stats(self) -> ReplyStats:
        end = self.ended_at if self.ended_at is not None else time.monotonic()
        completion = self.usage.get("completion_tokens")
        prompt = self.usage.get("prompt_tokens")
        return ReplyStats(
            prompt_tokens=prompt if isinstance(prompt, int) else None,
            completion_tokens=completion if isinstance(completion, int) else self.deltas,
            ttft_s=None if self.first_at is None else self.first_at - self.began,
            total_s=end - self.began,
            finish_reason=self.finish_reason,
        )

    def message(self, *, stopped: bool) -> ChatMessage:
        return ChatMessage(
            "assistant", self.content, self.reasoning, stats=self.stats(), stopped=stopped
        )

    def partial(self) -> ChatMessage | None:
        return self.message(stopped=True) if self.size else None

    def seen_as(self, shown: ReplyParts) -> ReplyParts:
        """This reply with only the text its reader was given (a stopped reply), its times
        and usage kept."""
        return replace(
            self,
            content_parts=list(shown.content_parts),
            reasoning_parts=list(shown.reasoning_parts),
            size=shown.size,
            deltas=shown.deltas,
            done=False,
        )


class ReplyReader:
    """An SSE reply body, chunk by chunk, into the reply's text pieces. Every way the stream
    can be wrong is a `ProblemError`: an overlong line or reply, an event that is not a chat
    completion chunk, an error event, an end without "[DONE]"."""

    def __init__(self, reply: ReplyParts, clock: Callable[[], float]) -> None:
        self.reply = reply
        self.done = False
        self._clock = clock
        self._lines = SseLines()
        self._splitter = ThinkSplitter()

    def feed(self, chunk: bytes) -> Iterator[tuple[DeltaKind, str]]:
        """The pieces of `chunk`, each given before a later event of it fails the stream."""
        for line in self._lines.feed(chunk):
            if self.done:
                return
            yield from self._line(line)

    def finish(self) -> Pieces:
        """At the body's end: the held-back text, or "chat.reply_cut" when "[DONE]" never came."""
        last = self._lines.rest()
        pieces = self._line(last) if last is not None and not self.done else []
        if not self.done:
            raise ProblemError(problem("chat.reply_cut"))
        now = self._clock()
        pieces.extend(self.reply.add(self._splitter.flush(), now))
        self.reply.finish(now)
        return pieces

    def _line(self, line: str) -> Pieces:
        if not line.startswith("data:"):
            return []  # a comment, an `event:` or `id:` field, the blank line between events
        data = line[len("data:") :].strip()
        if data == DONE:
            self.done = True
            return []
        try:
            chunk = parse_json(data)
        except ValueError:
            raise malformed(data) from None
        if not isinstance(chunk, dict):
            raise malformed(chunk)
        error = chunk.get("error")
        if error is not None:  # the endpoint ended a started stream with an error
            raise ProblemError(envelope_problem(error if isinstance(error, dict) else {}, 502))
        return self.reply.take(chunk, self._splitter, self._clock())


def malformed(what: object) -> ProblemError:
    """ "chat.reply_malformed", quoting the start of the event on one line."""
    text = what if isinstance(what, str) else repr(what)
    return ProblemError(problem("chat.reply_malformed", event=echoed(one_line(text[:200]))))


def envelope_problem(error: dict[str, Any], status: int) -> Problem:
    """An error in OpenAI's envelope as the reply's problem."""
    message, code = error.get("message"), error.get("code")
    return problem(
        "chat.endpoint_error",
        message=one_line(str(message))[:300] if message else f"HTTP {status}",
        status=status,
        endpoint_code=code if isinstance(code, str | int) else None,
    )
