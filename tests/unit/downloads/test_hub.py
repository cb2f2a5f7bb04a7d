"""The hub's answer to "which files": every name checked before it can become a path, and
whatever the hub says, nothing lands outside the cache."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from huggingface_hub import HfApi
from huggingface_hub.hf_api import ModelInfo
from hypothesis import given, settings
from hypothesis import strategies as st

from app.downloads.cache_layout import CacheLayout, OutsideCache, link_blob
from app.downloads.hub import BadHubAnswer, RepoPlan, fetch_plan, hub_problem

SHA1 = "1" * 40
SHA256 = "2" * 64
GOOD = [
    {"rfilename": "config.json", "size": 3, "blobId": SHA1},
    {
        "rfilename": "model.safetensors",
        "size": 3,
        "lfs": {"size": 3, "sha256": SHA256, "pointerSize": 1},
    },
]


@contextmanager
def hub_says(sha: object, siblings: list[dict[str, Any]]) -> Iterator[None]:
    info = ModelInfo(id="org/repo", sha=sha, siblings=siblings)
    with mock.patch.object(HfApi, "model_info", return_value=info):
        yield


def plan(sha: object = SHA1, siblings: list[dict[str, Any]] = GOOD) -> RepoPlan:
    with hub_says(sha, siblings):
        return fetch_plan("org/repo", None, token=False, endpoint="http://hub")


def test_an_honest_answer_is_a_plan() -> None:
    got = plan()
    assert got.commit == SHA1
    assert [(f.path, f.etag) for f in got.files] == [
        ("config.json", SHA1),
        ("model.safetensors", SHA256),
    ]


@pytest.mark.parametrize(
    ("sha", "siblings", "part"),
    [
        ("../../victim/shadir", GOOD, "commit"),
        (None, GOOD, "commit"),
        ("A" * 40, GOOD, "commit"),
        (SHA1, [*GOOD, {"rfilename": "../../bashrc", "size": 1, "blobId": SHA1}], "file_name"),
        (SHA1, [*GOOD, {"rfilename": "a/../../x", "size": 1, "blobId": SHA1}], "file_name"),
        (SHA1, [*GOOD, {"rfilename": "/abs/x", "size": 1, "blobId": SHA1}], "file_name"),
        # A name that is not even downloaded still tells what the hub is.
        (SHA1, [*GOOD, {"rfilename": "../x.png", "size": 1, "blobId": SHA1}], "file_name"),
        (SHA1, [{"rfilename": "config.json", "size": 3, "blobId": "../../e"}], "etag"),
        (
            SHA1,
            [
                {
                    "rfilename": "m.bin",
                    "size": 3,
                    "lfs": {"size": 3, "sha256": "x", "pointerSize": 1},
                }
            ],
            "etag",
        ),
        (SHA1, [{"rfilename": "config.json", "size": -5, "blobId": SHA1}], "size"),
    ],
)
def test_a_name_that_cannot_be_a_path_is_refused_with_what_it_was(
    sha: object, siblings: list[dict[str, Any]], part: str
) -> None:
    with pytest.raises(BadHubAnswer) as info:
        plan(sha, siblings)
    assert info.value.part == part
    problem = hub_problem(
        info.value, repo="org/repo", revision=None, endpoint="http://hub", token_set=False
    )
    assert problem.code == "downloads.hub_bad_answer"
    assert problem.params["part"] == part
    assert problem.english().startswith("The hub at http://hub ")
    assert "\n" not in problem.english() and "\x1b" not in problem.english()


HOSTILE_PARTS = st.sampled_from(
    ["..", ".", "", "a", "b.json", "m.safetensors", "\\", "..\\..", "x\x00", "\x1b[2J", "é"]
)
NAMES = st.one_of(
    st.lists(HOSTILE_PARTS, min_size=1, max_size=5).map("/".join),
    st.text(max_size=20),
    st.sampled_from(["/tmp/evil", "../" * 20 + "tmp/evil"]),
)
DIGESTS = st.one_of(
    st.sampled_from([SHA1, SHA256, "../../blobs/x", "a" * 40 + "/..", "/etc/x", ""]),
    st.text(alphabet="0123456789abcdef./", min_size=38, max_size=66),
)


@settings(max_examples=150, deadline=None)
@given(
    names=st.lists(NAMES, min_size=1, max_size=4),
    commit=st.one_of(DIGESTS, st.text(max_size=45)),
    blob_id=DIGESTS,
    sha256=DIGESTS,
)
def test_whatever_the_hub_answers_nothing_lands_outside_the_cache(
    names: list[str], commit: str, blob_id: str, sha256: str
) -> None:
    siblings: list[dict[str, Any]] = [
        {"rfilename": n, "size": 3, "blobId": blob_id} for n in names
    ] + [
        {
            "rfilename": "w.safetensors",
            "size": 3,
            "lfs": {"size": 3, "sha256": sha256, "pointerSize": 1},
        }
    ]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cache = root / "cache"
        try:
            got = plan(commit, siblings)
            layout = CacheLayout(cache, "org/repo")
            layout.record_revision(got.revision, got.commit)
            for f in got.files:
                assert f.etag is not None
                blob = layout.blob(f.etag)
                blob.parent.mkdir(parents=True, exist_ok=True)
                layout.partial(f.etag).write_bytes(b"abc")
                layout.partial(f.etag).replace(blob)
                link_blob(blob, layout.pointer(got.commit, f.path))
        except (BadHubAnswer, OutsideCache, FileExistsError, NotADirectoryError):
            pass  # refused (or two names of one path in the way of each other)
        for path in root.rglob("*"):
            assert path.is_relative_to(cache), path
            if path.is_symlink():
                assert path.resolve().is_relative_to(cache.resolve()), path
