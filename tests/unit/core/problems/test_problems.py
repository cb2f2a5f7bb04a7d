"""A problem's English sentence: the text its parameters carry from outside reaches a terminal
without escape or control sequences (issue 31), and formatting is untouched."""

from __future__ import annotations

from app.core.problems.problem_spec import FixKind
from app.core.problems.problems import Fix, Problem


def test_a_parameters_escape_sequences_never_reach_the_sentence() -> None:
    said = Problem(
        "remotes.unreachable",
        "{name} at {url} answered: {reason} ({free:.1f} GB free).",
        {"name": "office", "url": "http://h\x1b]0;pwned\x07", "reason": "\x1b[2Jgone\r", "free": 2},
    )
    assert said.english() == "office at http://h answered: gone (2.0 GB free)."
    fix = Fix(
        FixKind.SET_SETTING,
        "x",
        0.5,
        label_template="Set it to {value} for {who}",
        params={"who": "\x9b31mme"},
    )
    assert fix.english() == "Set it to 0.5 for me"
