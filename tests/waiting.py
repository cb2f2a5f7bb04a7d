"""Waiting in an async test for what happened, bounded: see docs/DEVELOPING.md, "Tests wait
on what happened"."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


async def until(predicate: Callable[[], bool], within: float = 60.0) -> None:
    """Return once `predicate()` holds; AssertionError after `within` seconds."""
    deadline = time.monotonic() + within
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.05)
