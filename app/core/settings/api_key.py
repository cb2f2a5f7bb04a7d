"""What the endpoint's API key may be, checked before one is stored."""

from __future__ import annotations

import re

from app.core.problems.problems import Problem, problem

# Clients send the key in an HTTP header ("Authorization: Bearer KEY"): HTTP libraries
# refuse or mangle anything but visible ASCII there (httpx raises on "é"), so a key with a
# space or a non-ASCII letter would be stored and then fail in every client, silently in some.
_SHAPE = re.compile(r"[\x21-\x7e]+")


def api_key_problem(text: str) -> Problem | None:
    """`config.api_key_shape` for a key clients cannot send, else None."""
    if _SHAPE.fullmatch(text):
        return None
    return problem("config.api_key_shape", key="api_key")
