"""untrusted.TerminalStream: a reply printed piece by piece loses its escape sequences even when
one is split between two pieces, and prints what `terminal_text` prints of the whole."""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.untrusted import HOLD_WINDOW, TerminalStream, terminal_text

SEQUENCES = [
    "\x1b[2J",
    "\x1b[1;31m",
    "\x1b]0;a title\x07",
    "\x1b]8;;http://evil.example\x1b\\",
    "\x1b(B",
    "\r",
    "\x1bP1$r\x1b\\",
]
C1 = ["\x9b31m", "\x9d0;t\x9c", "\x9b", "\x90"]
NO_C1 = st.characters(exclude_characters="".join(map(chr, range(0x80, 0xA0))))
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printed(pieces: list[str]) -> str:
    stream = TerminalStream()
    return "".join(stream.feed(p) for p in pieces) + stream.flush()


def test_a_sequence_split_between_two_pieces_is_not_printed() -> None:
    assert printed(["Hello\x1b[2", "J world"]) == "Hello world"
    assert printed(["a\x1b]0;ti", "tle\x07b"]) == "ab"
    assert printed(["a\x1b]8;;u\x1b", "\\link"]) == "alink"
    assert printed(["over\r", "written"]) == "overwritten"


def test_an_overlong_unfinished_sequence_is_never_printed_as_one() -> None:
    out = printed(["a\x1b]0;" + "x" * (HOLD_WINDOW * 2), "y\x07b"])
    assert "\x1b" not in out and "\x07" not in out and out.endswith("b")


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(st.sampled_from(SEQUENCES) | st.text(NO_C1, max_size=6), max_size=10),
    cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=5),
)
def test_pieces_print_what_the_whole_prints(parts: list[str], cuts: list[int]) -> None:
    text = "".join(parts)
    assert printed(cut(text, cuts)) == terminal_text(text)


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(st.sampled_from(SEQUENCES + C1) | st.text(max_size=6), max_size=10),
    cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=5),
)
def test_no_piece_ever_prints_a_control(parts: list[str], cuts: list[int]) -> None:
    """With the 8-bit forms as well (whose stripping after an ESC sequence's may join across
    it, so a cut may print a parameter's digit the whole would not): never a control."""
    assert not CONTROL.search(printed(cut("".join(parts), cuts)))


def cut(text: str, cuts: list[int]) -> list[str]:
    bounds = [0, *sorted(c for c in cuts if c <= len(text)), len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]
