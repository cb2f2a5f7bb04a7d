"""The chat's pure parts: thinking apart from the answer, options, stats, the kept files."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.chat.chat import (
    ChatMessage,
    ChatOptions,
    ChatStore,
    Conversation,
    ReplyStats,
    ThinkSplitter,
)
from app.core.problems.problems import ProblemError


def split(chunks: list[str]) -> tuple[str, str]:
    splitter = ThinkSplitter()
    pieces = [p for chunk in chunks for p in splitter.feed(chunk)] + splitter.flush()
    thinking = "".join(text for kind, text in pieces if kind == "reasoning")
    answer = "".join(text for kind, text in pieces if kind == "content")
    return thinking, answer


def test_think_blocks_are_thinking_even_when_tags_are_split() -> None:
    assert split(["<thi", "nk>let me ", "see</th", "ink>\n\nIt is 4."]) == (
        "let me see",
        "It is 4.",
    )
    assert split(["\n<think>", "a", "</think>", "b"]) == ("a", "b")


def test_a_think_tag_inside_the_answer_is_text() -> None:
    assert split(["Use ", "<think>", " tags"]) == ("", "Use <think> tags")
    assert split(["a < b and <thin"]) == ("", "a < b and <thin")


@given(
    thinking=st.text(alphabet="ab <>/\n", max_size=30).filter(lambda t: "</think>" not in t),
    answer=st.text(alphabet="ab<>/ ", max_size=30).map(lambda t: "x" + t),
    cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=6),
)
def test_any_chunking_gives_the_same_split(thinking: str, answer: str, cuts: list[int]) -> None:
    text = f"<think>{thinking}</think>{answer}"
    points = sorted({min(c, len(text)) for c in cuts})
    chunks = [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]
    assert split(chunks) == (thinking, answer)


def test_options_out_of_range_are_refused_with_one_sentence() -> None:
    with pytest.raises(ProblemError) as hot:
        ChatOptions(temperature=2.5).checked()
    assert hot.value.problem.code == "chat.bad_temperature"
    assert hot.value.problem.english() == "The temperature must be between 0 and 2.0; got 2.5."
    with pytest.raises(ProblemError) as none:
        ChatOptions(max_tokens=0).checked()
    assert none.value.problem.code == "chat.bad_max_tokens"
    assert ChatOptions(temperature=0.0, max_tokens=1).checked().max_tokens == 1


def test_tokens_per_second_leave_the_first_token_out() -> None:
    stats = ReplyStats(prompt_tokens=5, completion_tokens=11, ttft_s=2.0, total_s=4.0)
    assert stats.tokens_per_s == 5.0
    assert ReplyStats(None, 1, 0.5, 0.5).tokens_per_s is None


def test_request_messages_and_regenerate() -> None:
    conversation = Conversation(
        "user.a",
        ChatOptions(system_prompt="Be brief."),
        (
            ChatMessage("user", "hi"),
            ChatMessage("assistant", "hello", reasoning="they greet me"),
            ChatMessage("user", "2+2?"),
            ChatMessage("assistant", "4"),
        ),
    )
    assert conversation.request_messages() == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},  # earlier thinking is not sent back
        {"role": "user", "content": "2+2?"},
        {"role": "assistant", "content": "4"},
    ]
    assert [m.content for m in conversation.without_last_reply().messages] == [
        "hi",
        "hello",
        "2+2?",
    ]


def test_the_store_keeps_one_private_file_per_model(tmp_path: Path) -> None:
    store = ChatStore(tmp_path / "chats")
    kept = Conversation(
        "remote/Qwen 3",
        ChatOptions("sys", 0.7, 64),
        (
            ChatMessage("user", "hi"),
            ChatMessage(
                "assistant", "he", "th", stats=ReplyStats(3, 2, 0.1, 0.3, "length"), stopped=True
            ),
        ),
    )
    store.save(kept)
    path = store.path("remote/Qwen 3")
    assert path.parent == tmp_path / "chats" and path.name == "remote%2FQwen%203.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert store.load("remote/Qwen 3") == kept
    store.clear("remote/Qwen 3")
    cleared = store.load("remote/Qwen 3")
    assert cleared.messages == () and cleared.options == kept.options
    assert store.load("user.never") == Conversation("user.never")


def test_an_unreadable_file_is_set_aside_and_the_chat_starts_afresh(tmp_path: Path) -> None:
    store = ChatStore(tmp_path)
    store.path("user.a").write_text("{not json")
    assert store.load("user.a") == Conversation("user.a")
    aside = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(aside) == 1 and aside[0].read_text() == "{not json"
    store.path("user.b").write_text(json.dumps({"messages": [{"role": "robot", "content": ""}]}))
    assert store.load("user.b").messages == ()
