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
from collections.abc import AsyncIterable
from pathlib import Path
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
# The end of a text that may be the beginning of a sequence whose rest has not come yet.
_UNFINISHED = re.compile(
    r"(?:\x1b(?:\[[0-?]*[ -/]*|[\]PX^_][^\x07\x1b]*\x1b?|[ -/]*)"
    r"|\x9b[0-?]*[ -/]*|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*)\Z"
)
# Where a JSON text may hold a UTF-16 surrogate: an escape (\uD800-\uDFFF), one in the text,
# or one encoded as UTF-8 bytes (json.loads decodes bytes with "surrogatepass").
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")


def terminal_text(text: str) -> str:
    """`text` with every escape sequence and control character removed but tabs and newlines.

    A carriage return goes too: on a terminal it lets a reply overwrite what was printed before.
    """
    return _CONTROL.sub("", _C1_SEQUENCE.sub("", _ESCAPE.sub("", text)))


# How far back from a piece's end an unfinished sequence is looked for: real ones are short.
# One longer than this is stripped as far as it came, and its rest printed as the plain text it
# then is (its introducer is gone): never an escape, and no scan of a long text per piece.
HOLD_WINDOW = 256


class TerminalStream:
    """`terminal_text` for text printed piece by piece (a model's reply): a sequence split
    between two pieces is held back until it is whole, so its end is never printed as text."""

    def __init__(self) -> None:
        self._held = ""

    def feed(self, text: str) -> str:
        text = self._held + text
        unfinished = _UNFINISHED.search(text, max(0, len(text) - HOLD_WINDOW))
        cut = len(text) if unfinished is None else unfinished.start()
        self._held = text[cut:]
        return terminal_text(text[:cut])

    def flush(self) -> str:
        """What was held back, stripped as an unfinished sequence is."""
        held, self._held = self._held, ""
        return terminal_text(held)


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


async def read_bounded(chunks: AsyncIterable[bytes], limit: int) -> tuple[bytes, bool]:
    """Up to `limit` bytes of a peer's body read as it arrives, and whether more came: an
    answer is never held whole, whatever its size. The caller ends the transfer."""
    data = bytearray()
    async for chunk in chunks:
        data += chunk
        if len(data) > limit:
            return bytes(data[:limit]), True
    return bytes(data), False


def _json_error(reason: str, text: str | bytes | bytearray) -> json.JSONDecodeError:
    doc = text if isinstance(text, str) else text.decode("utf-8", "replace")
    return json.JSONDecodeError(reason, doc[:100], 0)


# What a path part from outside may not hold: controls (NUL included), the bidirectional
# controls above, and a backslash (a separator to Windows tools that read the same cache).
_PATH_FORBIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f\\\u202a-\u202e\u2066-\u2069]")
_NAME_MAX = 255  # bytes of one path part (Linux's NAME_MAX)


def is_safe_relative_path(text: str, *, max_length: int = 1024) -> bool:
    """Whether `text` can only name something below the folder it is joined to: `/`-separated
    parts, none empty, `.` or `..` (so not absolute either), no backslash or control character,
    each part short enough for the file system."""
    if not text or len(text) > max_length or _PATH_FORBIDDEN.search(text):
        return False
    return all(
        part not in ("", ".", "..") and len(part.encode("utf-8", "surrogatepass")) <= _NAME_MAX
        for part in text.split("/")
    )


def is_inside(path: Path, folder: Path) -> bool:
    """Whether `path`, with every symlink of its parent followed, is `folder` or below it.

    The last part is not followed: it is what a caller is about to create or replace."""
    if path.name in ("", ".", ".."):
        return False
    parent = path.parent.resolve()
    return (parent / path.name).is_relative_to(folder.resolve())


def json_array_prefix(text: str, limit: int) -> list[Any]:
    """Up to `limit` elements from the start of the JSON array `text` begins with, each decoded on
    its own: for an answer cut at a size bound, or longer than what was asked for.

    Reading ends quietly at the array's end, after `limit` elements, or at the first element that
    does not decode (cut off by the bound, or malformed, or nested too deeply); `text` that does not
    begin with `[` gives nothing.
    """
    decoder = json.JSONDecoder()
    items: list[Any] = []
    at = _skip_space(text, 0)
    if not text.startswith("[", at):
        return items
    at = _skip_space(text, at + 1)
    while len(items) < limit and at < len(text) and text[at] != "]":
        try:
            value, at = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            break
        items.append(value)
        at = _skip_space(text, at)
        if text.startswith(",", at):
            at = _skip_space(text, at + 1)
        elif not text.startswith("]", at):
            break
    return items


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\n\r":
        at += 1
    return at


# One path part a name from outside may become (a folder, a URL segment): letters, digits and
# `. _ + -`, starting with a letter or digit, so never "", ".", "..", a slash or a backslash.
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*")


def safe_name(text: object, max_length: int = 160) -> str | None:
    """`text` when it is safe as one folder name and one URL path segment as it is, else None."""
    if not isinstance(text, str) or len(text) > max_length or ".." in text:
        return None
    return text if _SAFE_NAME.fullmatch(text) else None
