"""Command lines as the app logs and shows them: the values of secret-looking flags hidden.

A user may put a key in a model's options (`--api-key KEY`: vLLM then requires it); the command
line reaches the child's log file, `/v1/health`, the options preview of the CLI and the GUI.
None of them needs the value, and a log or a screenshot travels further than the config file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

HIDDEN = "<hidden>"
# A flag is secret-looking when one of the words of its name says so: --api-key, --hf-token,
# --ssl-keyfile-password, --client-secret. Whole words only, so --tokenizer, --ssl-keyfile
# (a path) and --max-num-batched-tokens stay visible.
_SECRET_WORDS = frozenset(
    {"key", "apikey", "token", "secret", "password", "passwd", "credential", "credentials"}
)
_WORD = re.compile(r"[-_]+")


def secret_flag(flag: str) -> bool:
    """Whether `flag` (`--name`, without a value) takes a value that must not be shown."""
    if not flag.startswith("-"):
        return False
    return any(word.lower() in _SECRET_WORDS for word in _WORD.split(flag.lstrip("-")))


def redact_argv(argv: Sequence[str], secrets: Iterable[str | None] = ()) -> list[str]:
    """`argv` with the value of every secret-looking flag replaced by HIDDEN (`--flag VALUE`
    and `--flag=VALUE` alike), and every occurrence of a known secret too (a key the app
    gave the child, wherever it appears)."""
    known = [s for s in secrets if s]
    out: list[str] = []
    hide_next = False
    for arg in argv:
        if hide_next:
            hide_next = False
            if not arg.startswith("--"):
                out.append(HIDDEN)
                continue
        name, eq, _value = arg.partition("=")
        if secret_flag(name):
            if eq:
                out.append(f"{name}={HIDDEN}")
                continue
            hide_next = True
        shown = arg
        for secret in known:
            shown = shown.replace(secret, HIDDEN)
        out.append(shown)
    return out
