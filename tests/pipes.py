"""Closing a child's output pipe that a thread of the test is reading."""

from __future__ import annotations

import threading
from typing import IO, Any

READER_END_S = 10.0


def close_when_read(stream: IO[Any] | None, reader: threading.Thread) -> None:
    """Close `stream` once `reader` has read it to its end; leave it open if it has not.

    A close while the reader is still inside a read waits, in C and deaf to the test's
    timeout, for the read's lock: until every process that inherited the pipe is gone (a
    child the test could not stop would hang the test, and its worker, for good). Left open,
    the pipe goes with the process."""
    reader.join(READER_END_S)
    if stream is not None and not reader.is_alive():
        stream.close()
