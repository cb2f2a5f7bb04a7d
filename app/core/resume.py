"""Resuming an interrupted HTTP download with a Range request: the rules, without any I/O.

Two clients download resumably: the engine bundle (httpx, async) and model files (the
session huggingface_hub configures, sync, with checksums). Their streaming loops differ, but
what a partial file plus the server's answer mean is decided here, once (RFC 9110 §14):

- no partial: ask for the whole file; a 200 is written from byte 0;
- a partial of N bytes: ask for `bytes=N-`;
  - 206 with `Content-Range: bytes N-…`: append the body;
  - 206 starting at 0, or a 200 (a server that ignores Range): write from byte 0 again;
  - 206 for other bytes: fail (nothing sensible can be written);
  - 416 with `Content-Range: bytes */N`: the partial is already the whole file;
  - 416 otherwise: the partial is no prefix of this file: drop it and ask again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

_CONTENT_RANGE = re.compile(r"bytes (\d+)-(\d+)/(\d+|\*)")
_UNSATISFIED_RANGE = re.compile(r"bytes \*/(\d+)")


class ResumeAction(StrEnum):
    """What to do with the partial file given the server's answer."""

    APPEND = "append"  # write the body after the bytes on disk
    RESTART = "restart"  # write the body from byte 0 (truncate the partial first)
    COMPLETE = "complete"  # nothing to fetch: the partial holds the whole file
    DISCARD = "discard"  # the partial does not belong to this file: drop it, ask again
    FAILED = "failed"  # an answer nothing can be written from (see `reason`)


@dataclass(frozen=True)
class ResumeDecision:
    """The action, the full file's size where the answer tells it, and why it failed."""

    action: ResumeAction
    total: int | None = None
    reason: str = ""


def partial_size(partial: Path) -> int:
    """Bytes already downloaded into `partial` (0 when there is none)."""
    try:
        return partial.stat().st_size
    except FileNotFoundError:
        return 0


def range_headers(offset: int) -> dict[str, str]:
    """The request headers that continue a download after `offset` bytes."""
    return {"Range": f"bytes={offset}-"} if offset else {}


def decide(
    status: int,
    offset: int,
    *,
    content_range: str | None = None,
    content_length: str | None = None,
) -> ResumeDecision:
    """What the answer `status` (with its Content-Range / Content-Length headers) to a
    request made with `range_headers(offset)` means for the partial file."""
    if status == 206:
        match = _CONTENT_RANGE.fullmatch((content_range or "").strip())
        if match is None:
            return ResumeDecision(ResumeAction.FAILED, reason="the server sent no byte range")
        start = int(match.group(1))
        total = int(match.group(3)) if match.group(3) != "*" else None
        if start == offset:
            return ResumeDecision(ResumeAction.APPEND if offset else ResumeAction.RESTART, total)
        if start == 0:
            return ResumeDecision(ResumeAction.RESTART, total)
        return ResumeDecision(ResumeAction.FAILED, reason="the server sent a different byte range")
    if status == 200:
        length = (content_length or "").strip()
        return ResumeDecision(ResumeAction.RESTART, int(length) if length.isdigit() else None)
    if status == 416 and offset:
        unsatisfied = _UNSATISFIED_RANGE.fullmatch((content_range or "").strip())
        if unsatisfied is not None and int(unsatisfied.group(1)) == offset:
            return ResumeDecision(ResumeAction.COMPLETE, offset)
        return ResumeDecision(ResumeAction.DISCARD)
    if status == 404:
        return ResumeDecision(ResumeAction.FAILED, reason="HTTP 404 (not found)")
    return ResumeDecision(ResumeAction.FAILED, reason=f"HTTP {status}")
