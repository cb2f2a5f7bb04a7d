"""Flags judged by what they do: those that make vLLM run code, and those an engine lacks."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from app.core.models.vllm_args import (
    GLOBAL_KEY,
    GLOBAL_SOURCE,
    TRUST_REMOTE_CODE,
    flag_key,
    group_args,
    is_flag,
)
from app.core.problems.problems import Problem, tr_noop, worded_problem

# Flags that make vLLM run Python code: a model repository's own (`--trust-remote-code`) or
# the module or class their value names, imported into the engine (`--middleware`, the worker,
# scheduler, logits-processor and parser plugins), or named by requests
# (`--logits-processor-pattern`). Arguments copied from elsewhere (a Lemonade import) never
# bring one in unseen (issue 31 item 11). The kind picks the sentence that says what it does.
CODE_FLAGS: Mapping[str, str] = MappingProxyType(
    {
        TRUST_REMOTE_CODE: "repository",
        "--middleware": "module",
        "--worker-extension-cls": "module",
        "--worker-cls": "module",
        "--scheduler-cls": "module",
        "--logits-processors": "module",
        "--tool-parser-plugin": "module",
        "--reasoning-parser-plugin": "module",
        "--logits-processor-pattern": "requests",
    }
)
_MIN_ABBREVIATION = 6  # "--" and four letters: shorter prefixes are ambiguous in vLLM


def code_flag(token: str) -> str | None:
    """The code flag (CODE_FLAGS) `token` sets, in any spelling argparse would take for it
    (an abbreviation included); None for any other token."""
    if not is_flag(token) or token.replace("_", "-").startswith("--no-"):
        return None  # `--no-trust-remote-code` turns it off
    key = flag_key(token).split(".", 1)[0]
    if key in CODE_FLAGS:
        return key
    if key.startswith("--") and len(key) >= _MIN_ABBREVIATION:
        return next((flag for flag in CODE_FLAGS if flag.startswith(key)), None)
    return None


def without_code_flags(
    args: Sequence[str], *, source: str = "vllm_args"
) -> tuple[tuple[str, ...], list[tuple[str, tuple[str, ...]]]]:
    """`args` without the code flags and their values; and each left out: (flag, its tokens)."""
    kept: list[str] = []
    held: list[tuple[str, tuple[str, ...]]] = []
    for arg in group_args(args, source):
        flag = code_flag(arg.tokens[0])
        if flag is None:
            kept.extend(arg.tokens)
        else:
            held.append((flag, arg.tokens))
    return tuple(kept), held


_HELP_FLAG = re.compile(r"(?<![\w-])--[A-Za-z0-9][\w-]*")


def help_flags(help_text: str) -> frozenset[str]:
    """Every long flag a vLLM `--help` names, as `flag_key` spells keys (dashes, no
    `no-`). Read from the whole text, descriptions included: a flag named only in prose is
    still a real flag, and a check must never refuse one vLLM takes."""
    return frozenset(flag_key(m.group(0)) for m in _HELP_FLAG.finditer(help_text))


def unknown_flags(args: Sequence[str], known: frozenset[str]) -> tuple[str, ...]:
    """The flags in `args` (as typed) that an engine whose `--help` lists `known` does not
    take. A JSON sub-key (`--compilation-config.level`) counts as its flag, and so does an
    abbreviation argparse would expand to exactly one known flag."""
    unknown: list[str] = []
    for token in args:
        if not is_flag(token) or not token.startswith("--"):
            continue  # values, and short aliases (resolved by flag_key or left to vLLM)
        key = flag_key(token).split(".", 1)[0]
        if key in known or len([f for f in known if f.startswith(key)]) == 1:
            continue
        unknown.append(token.split("=", 1)[0])
    return tuple(unknown)


def unknown_flag_problem(flag: str, version: str | None, source: str) -> Problem:
    template = (
        tr_noop(
            "In {source}, {flag} is not a flag of vLLM {version}: its --help does not list "
            "it. Check the spelling, or remove it."
        )
        if version
        else tr_noop(
            "In {source}, {flag} is not a flag of this vLLM: its --help does not list it. "
            "Check the spelling, or remove it."
        )
    )
    return worded_problem(
        "args.unknown_flag",
        template,
        flag=flag,
        version=version,
        source=source,
        key=GLOBAL_KEY if source == GLOBAL_SOURCE else "vllm_args",  # the setting or the option
    )
