"""Reading a hub's search answer (app/downloads/search/search_answer.py): at most what was asked
for,
items that cannot be read counted and left out, and one problem for an answer that is no list
of models; repository ids of the safe shape only."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.problems.problems import ProblemError
from app.downloads.search.search import check_repo_id
from app.downloads.search.search_answer import HubAnswer, is_repo_id, read_answer
from tests.fakes.hostile_search_hub import item

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def good(n: int) -> list[dict[str, Any]]:
    return [item(f"org/m{i}") for i in range(n)]


def test_it_reads_no_more_items_than_asked_for() -> None:
    answer = read_answer(json.dumps(good(300)).encode(), 20, cut=False)
    assert [m.repo_id for m in answer.models] == [f"org/m{i}" for i in range(20)]
    assert answer.skipped == 0
    first = answer.models[0]
    assert first.license == "apache-2.0" and first.downloads == 10
    assert first.last_modified is not None and first.last_modified.year == 2026


def test_a_cut_answer_gives_its_whole_items_only() -> None:
    body = json.dumps(good(30)).encode()[:500]
    answer = read_answer(body, 20, cut=True)
    assert 0 < len(answer.models) < 20
    assert [m.repo_id for m in answer.models] == [f"org/m{i}" for i in range(len(answer.models))]
    with pytest.raises(ProblemError) as caught:
        read_answer(b'[{"id": "org/m0", "tags": ["', 20, cut=True)
    assert caught.value.problem.code == "search.unreadable"


def test_items_that_cannot_be_read_are_counted() -> None:
    answer = [
        item("org/a"),
        {"lastModified": "9999-99-99"},
        item("org/b", lastModified="9999-99-99"),
        item("org/c", likes=True),
        item("org/d", gated="sometimes"),
        item("org/e", tags="license:mit"),
        item("../../etc"),
        item("org/f", tags=["x"] * 10_000),  # kept, its tags bounded
    ]
    found = read_answer(json.dumps(answer).encode(), 100, cut=False)
    assert [m.repo_id for m in found.models] == ["org/a", "org/f"]
    assert found.skipped == 6
    assert len(found.models[1].tags) == 100


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b"<html>", "it is not JSON"),
        (b"[" * 100_000, "it is not JSON"),
        (b'{"models": []}', "it is not a list of models"),
        (b"null", "it is not a list of models"),
    ],
)
def test_an_answer_that_is_no_list_is_one_problem(body: bytes, why: str) -> None:
    with pytest.raises(ProblemError) as caught:
        read_answer(body, 20, cut=False, endpoint="http://127.0.0.1:9")
    problem = caught.value.problem
    assert problem.code == "search.unreadable"
    assert f"the hub's answer could not be read ({why})" in problem.english()
    assert "http://127.0.0.1:9" in problem.english()


@pytest.mark.parametrize(
    ("repo", "ok"),
    [
        ("Qwen/Qwen3-0.6B", True),
        ("org/a_b.c-d", True),
        ("1org/2name", True),
        ("gpt2", False),
        ("org/a/b", False),
        ("../etc", False),
        ("org/..", False),
        ("org/.hidden", False),
        ("org/name.", False),
        ("org/a--b", False),
        ("org/a..b", False),
        ("org/ａ", False),  # a fullwidth letter: \w to huggingface_hub
        ("org/a\x1b[2J", False),
        ("org\\name/x", False),
        ("/org/name", False),
        ("org/" + "a" * 97, False),
    ],
)
def test_repository_ids_of_the_safe_shape_only(repo: str, ok: bool) -> None:
    assert is_repo_id(repo) is ok
    if not ok:
        with pytest.raises(ProblemError) as caught:
            check_repo_id(repo)
        assert caught.value.problem.code == "search.bad_repo_id"
        assert "\x1b" not in caught.value.problem.english()


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(["org/m", "9999-99-99", "2026-03-01T10:00:00.000Z", "auto", "license:mit"]),
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELDS = ["id", "author", "downloads", "likes", "lastModified", "gated", "pipeline_tag", "tags"]
_ITEM = st.fixed_dictionaries(
    {},
    optional={
        key: _JSON | st.just(item("org/x")[key] if key != "id" else "org/x") for key in _FIELDS
    },
)
_ANSWER = st.one_of(
    st.lists(st.one_of(_ITEM, _JSON), max_size=40).map(lambda v: json.dumps(v).encode()),
    _JSON.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
)


@settings(max_examples=250, deadline=None)
@given(
    body=_ANSWER,
    limit=st.integers(min_value=1, max_value=30),
    cut_at=st.none() | st.integers(0, 400),
)
def test_any_answer_is_models_within_the_limit_or_the_one_problem(
    body: bytes, limit: int, cut_at: int | None
) -> None:
    if cut_at is not None:
        body = body[:cut_at]
    try:
        answer = read_answer(body, limit, cut=cut_at is not None)
    except ProblemError as exc:
        assert exc.problem.code == "search.unreadable"
        return
    assert isinstance(answer, HubAnswer)
    assert len(answer.models) + answer.skipped <= limit
    for model in answer.models:
        assert is_repo_id(model.repo_id)
        texts = [model.author, model.license, model.pipeline_tag, model.library, *model.tags]
        assert not any(_CONTROL.search(t) for t in texts if t is not None)
