"""A checkpoint's revision becomes `refs/<revision>` in the cache: only git's ref names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.models.checkpoints import parse_checkpoint
from app.core.problems.problems import ProblemError


@pytest.mark.parametrize("revision", ["main", "refs/pr/1", "v1.0", "release-2", "a" * 40])
def test_branches_tags_and_commits_are_revisions(revision: str) -> None:
    assert parse_checkpoint(f"org/repo:{revision}").revision == revision


@pytest.mark.parametrize(
    "revision",
    [
        "",
        "../../x",
        "a/../../x",
        "/etc",
        "a\\b",
        "main/",
        ".",
        "a//b",
        "a\x00",
        "x:y",
        "a b",
        "a..b",
        ".hidden",
        "a.lock",
        "a@{1}",
        "a~1",
        "a^",
        "a?",
        "a*",
        "a[b",
    ],
)
def test_path_characters_make_a_bad_checkpoint(revision: str) -> None:
    with pytest.raises(ProblemError) as info:
        parse_checkpoint(f"org/repo:{revision}")
    assert info.value.problem.code == "models.bad_checkpoint"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab./\\:~^ \x00-_@{"), max_size=16))
def test_an_accepted_revision_stays_below_refs(revision: str) -> None:
    try:
        checkpoint = parse_checkpoint(f"org/repo:{revision}")
    except ProblemError:
        return
    assert checkpoint.revision is not None
    ref = os.path.normpath(Path("/cache/refs") / checkpoint.revision)
    assert ref.startswith("/cache/refs/"), revision
