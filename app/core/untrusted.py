"""Text and JSON from outside the app (a hub, a remote, a model, a file a user edited), made safe.

One place per kind (ARCHITECTURE.md, "What comes in from outside"): `parse_json` is the one JSON
reader for anything the app did not write itself in this process, and `terminal_text` /
`one_line` are what reaches a terminal. Written by hand: no maintained library strips every
ECMA-48 sequence (CSI, OSC, DCS, SOS/PM/APC, the 8-bit C1 forms) and nothing else; the sequence
grammar below is the standard's and short.
"""

from __future__ import annotations

import json
import re
from typing import Any

# ESC followed by: CSI (`[` params, intermediates, final), a string command (OSC `]`, DCS `P`,
# SOS `X`, PM `^`, APC `_`) ended by BEL or ST (ESC \), or any other two-byte escape. The 8-bit
# forms (U+009B CSI, U+009D OSC, …) are caught by the C1 range of `_CONTROL`.
_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]?"
    r"|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|[ -/]*[0-~]?)"
)
_C1_SEQUENCE = re.compile(
    r"\x9b[0-?]*[ -/]*[@-~]?|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*[\x07\x9c]?"
)
# Every C0 control but tab and newline, DEL, every C1 control, and the bidirectional overrides
# and isolates that reorder what a reader sees ("Trojan Source").
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_WHITESPACE = re.compile(r"[\t\n]+")


def terminal_text(text: str) -> str:
    """`text` with every escape sequence and control character removed but tabs and newlines.

    A carriage return goes too: on a terminal it lets a reply overwrite what was printed before.
    """
    return _CONTROL.sub("", _C1_SEQUENCE.sub("", _ESCAPE.sub("", text)))


def one_line(text: str) -> str:
    """`terminal_text` on one line: tabs and newlines become single spaces (names, ids, tags)."""
    return _WHITESPACE.sub(" ", terminal_text(text))


def parse_json(text: str | bytes | bytearray) -> Any:
    """`json.loads`, with nesting too deep for the parser a `json.JSONDecodeError` like any other.

    Python's decoder raises `RecursionError` on some thousand nested brackets: an ordinary
    malformed file or answer to every caller here, never a traceback.
    """
    try:
        return json.loads(text)
    except RecursionError:
        doc = text if isinstance(text, str) else text.decode("utf-8", "replace")
        raise json.JSONDecodeError("nested too deeply", doc[:100], 0) from None
