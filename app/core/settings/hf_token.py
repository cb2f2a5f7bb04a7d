"""What a Hugging Face access token looks like, checked before one is stored."""

from __future__ import annotations

import re

from app.core.problems.problems import Problem, problem

# User access tokens are "hf_" and 34 letters; older ones were longer or shorter, so the
# length is not pinned, only that it is clearly more than a fragment. Nothing else is
# guessed: the hub itself says whether a token is valid ("Check").
_SHAPE = re.compile(r"hf_[A-Za-z0-9]{20,}")


def hf_token_problem(text: str) -> Problem | None:
    """`config.hf_token_shape` for text that cannot be a token (a typo, a pasted URL, a
    fragment), else None."""
    if _SHAPE.fullmatch(text.strip()):
        return None
    return problem("config.hf_token_shape", key="hf_token")
