"""Talking to a model: a conversation, its settings, the thinking apart from the answer,
a reply's numbers, and the file each model's conversation is kept in."""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote

from app.core.jsonstore import aside_path, atomic_write_json
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.untrusted import parse_json

log = logging.getLogger(__name__)

Role = Literal["system", "user", "assistant"]
DeltaKind = Literal["content", "reasoning"]
FILE_MODE = 0o600  # a conversation may hold anything a person typed
TEMPERATURE_MAX = 2.0  # OpenAI's range; vLLM accepts more, nobody wants it
THINK_OPEN = "<think>"
THINK_CLOSE = "</think>"


@dataclass(frozen=True)
class ChatOptions:
    """What a conversation sends with every message (None: the model's own default)."""

    system_prompt: str = ""
    temperature: float | None = None
    max_tokens: int | None = None

    def checked(self) -> ChatOptions:
        """These options, or ProblemError naming the one that is out of range."""
        t = self.temperature
        if t is not None and (isinstance(t, bool) or not 0.0 <= t <= TEMPERATURE_MAX):
            raise ProblemError(problem("chat.bad_temperature", max=TEMPERATURE_MAX, value=t))
        n = self.max_tokens
        if n is not None and (isinstance(n, bool) or n < 1):
            raise ProblemError(problem("chat.bad_max_tokens", value=n))
        return self


@dataclass(frozen=True)
class ReplyStats:
    """A reply's numbers: tokens in and out, time to first token, decode speed."""

    prompt_tokens: int | None
    completion_tokens: int
    ttft_s: float | None  # from sending until the first token (a load included)
    total_s: float
    finish_reason: str | None = None

    @property
    def tokens_per_s(self) -> float | None:
        """Tokens per second after the first one (the speed a reader sees)."""
        if self.ttft_s is None or self.completion_tokens < 2:
            return None
        decode = self.total_s - self.ttft_s
        return (self.completion_tokens - 1) / decode if decode > 0 else None


@dataclass(frozen=True)
class ChatMessage:
    role: Role
    content: str
    reasoning: str = ""  # a reasoning model's thinking, apart from the answer
    stats: ReplyStats | None = None
    stopped: bool = False  # the user stopped the reply before its end


@dataclass(frozen=True)
class Conversation:
    model_id: str
    options: ChatOptions = field(default_factory=ChatOptions)
    messages: tuple[ChatMessage, ...] = ()

    def request_messages(self) -> list[dict[str, str]]:
        """The OpenAI `messages` for the next reply: the system prompt, then every message.
        Earlier thinking is not sent back (reasoning models are trained without it)."""
        out = []
        if self.options.system_prompt.strip():
            out.append({"role": "system", "content": self.options.system_prompt})
        out.extend({"role": m.role, "content": m.content} for m in self.messages)
        return out

    def without_last_reply(self) -> Conversation:
        """The conversation up to its last user message (for regenerate)."""
        messages = list(self.messages)
        while messages and messages[-1].role != "user":
            messages.pop()
        return replace(self, messages=tuple(messages))


# -- what a reply stream tells ----------------------------------------------------------------
@dataclass(frozen=True)
class ReplyLoading:
    """The model is being loaded for this reply (the endpoint loads on the first request)."""

    model_id: str
    state: str  # the model's process state ("starting", "stopped", …)
    elapsed_s: float
    fraction: float | None = None  # the load's overall progress, where the log tells
    phase: str | None = None  # the load's phase (app.core.states.LoadPhase), where known
    expected_s: float | None = None  # what earlier loads of it took


@dataclass(frozen=True)
class ReplyDelta:
    kind: DeltaKind
    text: str


@dataclass(frozen=True)
class ReplyDone:
    message: ChatMessage  # the whole reply, with its stats (`stopped` never here)


@dataclass(frozen=True)
class ReplyFailed:
    problem: Problem
    partial: ChatMessage | None = None  # what had arrived before it failed


ReplyEvent = ReplyLoading | ReplyDelta | ReplyDone | ReplyFailed


class ThinkSplitter:
    """Separates `<think>…</think>` from the answer in streamed text, for models whose
    thinking arrives inside the content (no reasoning parser on the server). A tag may be
    split across chunks, so a possible tag's beginning is held back until it is decided."""

    def __init__(self) -> None:
        self._inside = False
        self._held = ""
        self._seen_text = False

    def feed(self, text: str) -> list[tuple[DeltaKind, str]]:
        out: list[tuple[DeltaKind, str]] = []
        buffer = self._held + text
        self._held = ""
        while buffer:
            tag = THINK_CLOSE if self._inside else THINK_OPEN
            at = buffer.find(tag)
            if at >= 0 and (self._inside or not (self._seen_text or buffer[:at].strip())):
                self._emit(out, buffer[:at])
                self._inside = not self._inside
                buffer = buffer[at + len(tag) :]
                continue
            # Once the answer has begun, a <think> in it is text, never a tag: hold nothing.
            may_open = self._inside or not self._seen_text
            keep = _partial_tag_length(buffer, tag) if may_open else 0
            self._emit(out, buffer[: len(buffer) - keep])
            self._held = buffer[len(buffer) - keep :]
            break
        return out

    def flush(self) -> list[tuple[DeltaKind, str]]:
        out: list[tuple[DeltaKind, str]] = []
        self._emit(out, self._held)
        self._held = ""
        return out

    def _emit(self, out: list[tuple[DeltaKind, str]], text: str) -> None:
        if not text:
            return
        kind: DeltaKind = "reasoning" if self._inside else "content"
        if kind == "content" and not self._seen_text:
            text = text.lstrip()  # the blank line a model puts after </think>
            if not text:
                return
            self._seen_text = True
        out.append((kind, text))


def _partial_tag_length(text: str, tag: str) -> int:
    """How many characters at the end of `text` could begin `tag`."""
    for n in range(min(len(tag) - 1, len(text)), 0, -1):
        if tag.startswith(text[-n:]):
            return n
    return 0


# -- the files -------------------------------------------------------------------------------
class ChatStore:
    """One file per model under `folder` (mode 0600), named by the quoted model id.

    Blocking (it reads and writes files): the service calls it in a worker thread.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, model_id: str) -> Path:
        return self.folder / (quote(model_id, safe="") + ".json")

    def load(self, model_id: str) -> Conversation:
        path = self.path(model_id)
        try:
            data = parse_json(path.read_text("utf-8"))
            return conversation_from_json(model_id, data)
        except FileNotFoundError:
            return Conversation(model_id)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            # Kept aside for the person who wants it back; the chat starts afresh.
            aside = aside_path(path, "unreadable")
            with contextlib.suppress(OSError):
                path.replace(aside)
            log.warning("the conversation with %s could not be read (%s); moved to %s",
                        model_id, exc, aside)  # fmt: skip
            return Conversation(model_id)

    def save(self, conversation: Conversation) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            self.folder.chmod(0o700)
        path = self.path(conversation.model_id)
        atomic_write_json(path, conversation_to_json(conversation), mode=FILE_MODE)

    def clear(self, model_id: str) -> None:
        """Forget the messages; the options stay."""
        current = self.load(model_id)
        self.save(replace(current, messages=()))


def conversation_to_json(conversation: Conversation) -> dict[str, Any]:
    o = conversation.options
    return {
        "model": conversation.model_id,
        "options": {
            "system_prompt": o.system_prompt,
            "temperature": o.temperature,
            "max_tokens": o.max_tokens,
        },
        "messages": [_message_json(m) for m in conversation.messages],
    }


def _message_json(m: ChatMessage) -> dict[str, Any]:
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.reasoning:
        out["reasoning"] = m.reasoning
    if m.stopped:
        out["stopped"] = True
    if m.stats is not None:
        s = m.stats
        out["stats"] = {
            "prompt_tokens": s.prompt_tokens,
            "completion_tokens": s.completion_tokens,
            "ttft_s": s.ttft_s,
            "total_s": s.total_s,
            "finish_reason": s.finish_reason,
        }
    return out


def conversation_from_json(model_id: str, data: Mapping[str, Any]) -> Conversation:
    options = data.get("options") or {}
    temperature = options.get("temperature")
    max_tokens = options.get("max_tokens")
    messages = []
    for m in data.get("messages") or []:
        role = m["role"]
        if role not in ("user", "assistant", "system"):
            raise ValueError(f"unknown role {role!r}")
        stats = m.get("stats")
        messages.append(
            ChatMessage(
                role=role,
                content=str(m["content"]),
                reasoning=str(m.get("reasoning", "")),
                stopped=bool(m.get("stopped", False)),
                stats=ReplyStats(
                    prompt_tokens=stats.get("prompt_tokens"),
                    completion_tokens=int(stats.get("completion_tokens") or 0),
                    ttft_s=stats.get("ttft_s"),
                    total_s=float(stats.get("total_s") or 0.0),
                    finish_reason=stats.get("finish_reason"),
                )
                if isinstance(stats, Mapping)
                else None,
            )
        )
    return Conversation(
        model_id,
        ChatOptions(
            system_prompt=str(options.get("system_prompt") or ""),
            temperature=float(temperature)
            if isinstance(temperature, int | float) and _finite(temperature)
            else None,
            max_tokens=int(max_tokens) if isinstance(max_tokens, int) else None,
        ),
        tuple(messages),
    )


def _finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
