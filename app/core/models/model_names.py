"""Model names: which are usable, and which read the same to a person as another one
(`Qwen`, `QWEN` and `Qwеn` with a Cyrillic е).

Two such models side by side would send a request to the wrong one, and a look-alike name is
also how a spoofed entry hides. Unicode publishes its full confusables table (UTS #39), but
neither the standard library nor the core's dependencies carry it; model names are ASCII
(app.core.models.registry), so the letters that matter are the Cyrillic and Greek ones drawn like
Latin letters, listed here, after NFKD has taken accents and compatibility forms apart.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from app.core.problems.problems import Problem, ProblemError, echoed, problem

_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
NAME_PATTERN = _NAME_RE.pattern  # for the endpoint's OpenAPI document


def validate_name(name: str) -> None:
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise ProblemError(problem("models.bad_name", name=name))


# Lower-case Cyrillic and Greek letters drawn like Latin ones (after casefold()).
_HOMOGLYPHS = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j",
        "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z",
    }
)  # fmt: skip


def skeleton(name: str) -> str:
    """What `name` looks like: letter case, accents and look-alike letters taken away."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return bare.translate(_HOMOGLYPHS).casefold()


def look_alike(name: str, existing: Iterable[str]) -> str | None:
    """The first of `existing` that looks like `name` without being it, or None."""
    wanted = skeleton(name)
    return next((e for e in existing if e != name and skeleton(e) == wanted), None)


def look_alike_problem(name: str, existing: str) -> Problem:
    return problem("models.look_alike", name=echoed(name), existing=existing)
