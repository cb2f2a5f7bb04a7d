"""The Range-resume rules both resumable downloads (engine bundle, model files) follow."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.resume import ResumeAction, ResumeDecision, decide, partial_size, range_headers


def test_range_headers_and_partial_size(tmp_path: Path) -> None:
    assert range_headers(0) == {}
    assert range_headers(1234) == {"Range": "bytes=1234-"}
    partial = tmp_path / "x.partial"
    assert partial_size(partial) == 0
    partial.write_bytes(b"abc")
    assert partial_size(partial) == 3


@pytest.mark.parametrize(
    ("status", "offset", "content_range", "content_length", "expected"),
    [
        (200, 0, None, "100", ResumeDecision(ResumeAction.RESTART, 100)),
        (200, 0, None, None, ResumeDecision(ResumeAction.RESTART, None)),
        # A server that ignores Range sends the whole file again.
        (200, 40, None, "100", ResumeDecision(ResumeAction.RESTART, 100)),
        (206, 40, "bytes 40-99/100", "60", ResumeDecision(ResumeAction.APPEND, 100)),
        (206, 40, "bytes 40-99/*", "60", ResumeDecision(ResumeAction.APPEND, None)),
        (206, 40, "bytes 0-99/100", "100", ResumeDecision(ResumeAction.RESTART, 100)),
        (
            206,
            40,
            "bytes 50-99/100",
            "50",
            ResumeDecision(ResumeAction.FAILED, reason="the server sent a different byte range"),
        ),
        (
            206,
            40,
            None,
            "60",
            ResumeDecision(ResumeAction.FAILED, reason="the server sent no byte range"),
        ),
        # The previous run had every byte but stopped before the rename.
        (416, 100, "bytes */100", None, ResumeDecision(ResumeAction.COMPLETE, 100)),
        # A partial longer than the file, or of another file: drop it.
        (416, 120, "bytes */100", None, ResumeDecision(ResumeAction.DISCARD)),
        (416, 40, None, None, ResumeDecision(ResumeAction.DISCARD)),
        (416, 0, None, None, ResumeDecision(ResumeAction.FAILED, reason="HTTP 416")),
        (404, 40, None, None, ResumeDecision(ResumeAction.FAILED, reason="HTTP 404 (not found)")),
        (503, 0, None, None, ResumeDecision(ResumeAction.FAILED, reason="HTTP 503")),
    ],
)
def test_decide(
    status: int,
    offset: int,
    content_range: str | None,
    content_length: str | None,
    expected: ResumeDecision,
) -> None:
    got = decide(status, offset, content_range=content_range, content_length=content_length)
    assert got == expected
