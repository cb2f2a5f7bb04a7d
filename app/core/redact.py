"""Command lines as the app logs and shows them: the values of secret-looking flags hidden.

A user may put a key in a model's options (`--api-key KEY`: vLLM then requires it); the command
line reaches the child's log file, `/v1/health`, the options preview of the CLI and the GUI.
None of them needs the value, and a log or a screenshot travels further than the config file.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Sequence

HIDDEN = "<hidden>"
# A flag is secret-looking when one of the words of its name says so: --api-key, --hf-token,
# --ssl-keyfile-password, --client-secret. Whole words only, so --tokenizer, --ssl-keyfile
# (a path) and --max-num-batched-tokens stay visible.
_SECRET_WORDS = frozenset(
    {"key", "apikey", "token", "secret", "password", "passwd", "credential", "credentials"}
)
_WORD = re.compile(r"[-_]+")
# `NAME=value` before a program (`env HF_TOKEN=hf_… vllm serve`): an environment variable.
_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def secret_flag(flag: str) -> bool:
    """Whether `flag` (`--name`, without a value) takes a value that must not be shown."""
    if not flag.startswith("-"):
        return False
    return any(word.lower() in _SECRET_WORDS for word in _WORD.split(flag.lstrip("-")))


def secret_variable(name: str) -> bool:
    """Whether the environment variable `name` (HF_TOKEN, VLLM_API_KEY) holds a secret."""
    if not _VARIABLE.fullmatch(name):
        return False
    return any(word.lower() in _SECRET_WORDS for word in _WORD.split(name))


def redact_text(command: str) -> str:
    """A command line typed as one string (a model's vllm_args, a custom engine command),
    shown with its secret values hidden; a line that cannot be split (an unclosed quote) is
    split at spaces, so a value is hidden all the same."""
    try:
        words = shlex.split(command)
    except ValueError:
        return " ".join(redact_argv(command.split()))
    return shlex.join(redact_argv(words))


def redact_argv(argv: Sequence[str], secrets: Iterable[str | None] = ()) -> list[str]:
    """`argv` with the value of every secret-looking flag replaced by HIDDEN (`--flag VALUE`
    and `--flag=VALUE` alike), of every secret-looking environment assignment
    (`HF_TOKEN=VALUE`), and every occurrence of a known secret too (a key the app gave the
    child, wherever it appears)."""
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
        if eq and secret_variable(name):
            out.append(f"{name}={HIDDEN}")
            continue
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
