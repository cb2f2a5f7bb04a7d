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
# Where a JSON text may hold a UTF-16 surrogate: an escape (\uD800-\uDFFF), one in the text,
# or one encoded as UTF-8 bytes (json.loads decodes bytes with "surrogatepass").
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")


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
    malformed file or answer to every caller here, never a traceback. A string holding a lone
    UTF-16 surrogate (`"\\ud800"`, valid JSON but no text) is one too: it cannot be written
    as UTF-8 to a file, a terminal or a server, and failed there with a traceback.
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise _json_error("nested too deeply", text) from None
    maybe = _SURROGATE.search(text) if isinstance(text, str) else _SURROGATE_BYTES.search(text)
    if maybe:
        try:  # only then: a surrogate pair (an emoji from an ASCII-only writer) is common
            json.dumps(value, ensure_ascii=False).encode()
        except UnicodeEncodeError:
            raise _json_error("a string holds a lone UTF-16 surrogate", text) from None
        except RecursionError:  # as deep as the reader allows, too deep for the writer
            raise _json_error("nested too deeply", text) from None
    return value


def _json_error(reason: str, text: str | bytes | bytearray) -> json.JSONDecodeError:
    doc = text if isinstance(text, str) else text.decode("utf-8", "replace")
    return json.JSONDecodeError(reason, doc[:100], 0)
