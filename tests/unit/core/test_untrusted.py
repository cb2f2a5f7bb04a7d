"""Text and JSON from outside: escape sequences stripped, deep nesting an ordinary parse error."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.untrusted import one_line, parse_json, read_bounded, safe_name, terminal_text


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[2J\x1b[Hcleared", "cleared"),  # screen clear, cursor home
        ("\x1b]0;owned\x07title", "title"),  # window title (OSC ended by BEL)
        ("\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", "link"),  # OSC 8 hyperlink
        ("secret\rshown", "secretshown"),  # a carriage return would overwrite
        ("a\x9b31mred", "ared"),  # 8-bit CSI
        ("\x9d0;t\x9cok", "ok"),  # 8-bit OSC ended by 8-bit ST
        ("rtl\u202eevil", "rtlevil"),
        ("keeps\ttabs\nand lines", "keeps\ttabs\nand lines"),
        ("Grüße, 你好 👋", "Grüße, 你好 👋"),
    ],
)
def test_terminal_text_removes_what_would_act_on_the_terminal(raw: str, shown: str) -> None:
    assert terminal_text(raw) == shown


def test_one_line_folds_tabs_and_newlines() -> None:
    assert one_line("org/\x1b[31mrepo\n\tname") == "org/repo name"


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_no_escape_or_control_survives(raw: str) -> None:
    shown = terminal_text(raw)
    assert not any(ord(c) < 0x20 and c not in "\t\n" for c in shown)
    assert not any(0x7F <= ord(c) <= 0x9F for c in shown)


def test_deep_nesting_is_an_ordinary_parse_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        parse_json("[" * 100_000)
    with pytest.raises(json.JSONDecodeError):
        parse_json(b'{"a":' * 100_000)
    with pytest.raises(json.JSONDecodeError):  # a request body as the endpoint holds it
        parse_json(bytearray(b"[" * 100_000))
    assert parse_json('{"a": [1, 2]}') == {"a": [1, 2]}


@pytest.mark.parametrize(
    "name",
    ["vllm0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724-gfx1151", "a", "x_y-1.2+3"],
)
def test_safe_name_keeps_release_tags(name: str) -> None:
    assert safe_name(name) == name


@pytest.mark.parametrize(
    "name",
    ["", ".", "..", "../x", "a/b", "a\\b", "a..b", "-rf", ".hidden", "a b", "a\x00", 7, None],
)
def test_safe_name_refuses_what_could_leave_a_folder(name: object) -> None:
    assert safe_name(name) is None


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_a_safe_name_stays_one_folder_inside(name: str) -> None:
    found = safe_name(name)
    if found is not None:
        from pathlib import PurePosixPath

        assert PurePosixPath("/base", found).parent == PurePosixPath("/base")
        assert found not in (".", "..") and "/" not in found and "\\" not in found


@pytest.mark.parametrize(
    "raw",
    [
        '{"a": "\\ud800"}',  # an escaped high surrogate alone
        b'["x\\udc00"]',  # a low one alone
        b'["\xed\xa0\x80"]',  # one encoded as UTF-8 bytes (CESU-8), which json.loads passes
        '["\ud800"]',  # one in a text already decoded
    ],
)
def test_a_lone_surrogate_is_an_ordinary_parse_error(raw: str | bytes) -> None:
    with pytest.raises(json.JSONDecodeError, match="surrogate"):
        parse_json(raw)


def test_surrogate_pairs_and_escaped_backslashes_are_text() -> None:
    assert parse_json(b'{"a": "\\ud83d\\ude00"}') == {"a": "\N{GRINNING FACE}"}
    assert parse_json(bytearray(b'["\\\\ud800"]')) == ["\\ud800"]


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.lists(st.sampled_from(["\ud800", "\udc00", "a"]) | st.characters()).map("".join),
        lambda kids: st.lists(kids, max_size=3),
        max_leaves=8,
    )
)
def test_whatever_parses_can_be_written_as_utf8(value: object) -> None:
    """parse_json's promise to every caller: what it returns encodes (a file, a server)."""
    raw = json.dumps(value)  # ASCII-only: a lone surrogate becomes an escape
    try:
        parsed = parse_json(raw)
    except json.JSONDecodeError:
        return
    json.dumps(parsed, ensure_ascii=False).encode()


async def test_a_body_is_read_to_its_bound_and_says_whether_more_came() -> None:
    async def chunks(*parts: bytes) -> AsyncIterator[bytes]:
        for part in parts:
            yield part

    assert await read_bounded(chunks(b"ab", b"cd"), 4) == (b"abcd", False)
    assert await read_bounded(chunks(b"ab", b"cdef", b"never"), 4) == (b"abcd", True)
