"""A reply's SSE stream read as untrusted input: bounded lines and text, checked events, an end
that must say "[DONE]"; and a fuzz pass over event streams cut anywhere into chunks."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.chat.chat_stream import MIB, ReplyParts, ReplyReader, SseLines
from app.core.problems.problems import ProblemError

EXPECTED = {
    "chat.event_too_long",
    "chat.reply_too_long",
    "chat.reply_malformed",
    "chat.reply_cut",
    "chat.endpoint_error",
}


def event(content: object) -> bytes:
    return b"data: " + json.dumps({"choices": [{"delta": {"content": content}}]}).encode() + b"\n\n"


def read(body: bytes, *, cuts: list[int] | None = None, limit: int = 4 * MIB) -> ReplyParts:
    reply = ReplyParts(0.0, limit=limit)
    reader = ReplyReader(reply, lambda: 1.0)
    at = 0
    for cut in [*sorted(cuts or []), len(body)]:
        list(reader.feed(body[at:cut]))
        at = max(at, cut)
    reader.finish()
    return reply


def problem_of(body: bytes) -> str:
    with pytest.raises(ProblemError) as caught:
        read(body)
    return caught.value.problem.code


def test_a_whole_stream_is_a_reply_whatever_its_chunks() -> None:
    body = event("Hel") + b": a comment\r\n" + event("lo") + b"data: [DONE]\n\n"
    for cut in range(len(body) + 1):
        reply = read(body, cuts=[cut])
        assert (reply.content, reply.done, reply.deltas) == ("Hello", True, 2)


def test_a_line_longer_than_the_limit_fails_before_it_is_held_whole() -> None:
    lines = SseLines(limit=10)
    assert list(lines.feed(b"0123456789\nab")) == ["0123456789"]
    with pytest.raises(ProblemError) as caught:
        list(lines.feed(b"cdefghijk"))
    assert caught.value.problem.code == "chat.event_too_long"
    assert caught.value.problem.params == {"limit_mib": 0}


def test_the_reply_is_bounded_and_keeps_what_came_before() -> None:
    body = event("a" * 6) + event("b" * 6) + b"data: [DONE]\n\n"
    reply = ReplyParts(0.0, limit=10)
    reader = ReplyReader(reply, lambda: 1.0)
    pieces = []
    with pytest.raises(ProblemError) as caught:
        for piece in reader.feed(body):
            pieces.append(piece)
    assert caught.value.problem.code == "chat.reply_too_long"
    assert pieces == [("content", "aaaaaa")] and reply.content == "aaaaaa"


@pytest.mark.parametrize(
    "bad",
    [
        b"data: {not json\n\n",
        b"data: [1]\n\n",
        b"data: " + b"[" * 200_000 + b"]" * 200_000 + b"\n\n",
        b'data: {"choices": null}\n\n',
        b'data: {"usage": {}}\n\n',
        b'data: {"choices": [1]}\n\n',
        b'data: {"choices": [{"delta": []}]}\n\n',
        event(7),
        b'data: {"choices": [{"delta": {}, "finish_reason": 1}]}\n\n',
    ],
)
def test_an_event_that_is_not_a_chunk_is_malformed(bad: bytes) -> None:
    assert problem_of(event("ok") + bad + b"data: [DONE]\n\n") == "chat.reply_malformed"


def test_an_error_event_and_a_stream_without_done_are_problems() -> None:
    error = b'data: {"error": {"message": "engine \\u001b[2Jgone", "code": 500}}\n\n'
    with pytest.raises(ProblemError) as caught:
        read(event("x") + error)
    assert caught.value.problem.code == "chat.endpoint_error"
    assert caught.value.problem.params["message"] == "engine gone"
    assert problem_of(event("half")) == "chat.reply_cut"


# -- fuzz: any stream ends as a reply or as one of the chat's problems ---------------------------
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
_chunks = st.fixed_dictionaries(
    {},
    optional={
        "choices": st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "delta": st.fixed_dictionaries(
                        {},
                        optional={
                            "content": st.none() | st.text(max_size=12) | _json_values,
                            "reasoning": st.none() | st.text(max_size=6),
                        },
                    )
                    | _json_values,
                    "finish_reason": st.none() | st.sampled_from(["stop", "length"]),
                },
            )
            | _json_values,
            max_size=2,
        )
        | _json_values,
        "usage": _json_values,
        "error": _json_values,
    },
)
_lines = st.one_of(
    _chunks.map(lambda c: b"data: " + json.dumps(c).encode()),
    _json_values.map(lambda v: b"data: " + json.dumps(v).encode()),
    st.binary(max_size=20),
    st.sampled_from([b"data: [DONE]", b"", b": keep-alive", b"event: x", b"data: {", b"\r"]),
)


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(_lines, max_size=8),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=4),
    limit=st.sampled_from([8, 4 * MIB]),
)
def test_any_stream_ends_with_a_reply_or_a_problem(
    lines: list[bytes], cuts: list[int], limit: int
) -> None:
    body = b"\n".join(lines)
    try:
        reply = read(body, cuts=cuts, limit=limit)
    except ProblemError as caught:
        assert caught.problem.code in EXPECTED, caught.problem
        assert "\x1b" not in caught.problem.english()
    else:
        assert reply.done and reply.size <= limit
