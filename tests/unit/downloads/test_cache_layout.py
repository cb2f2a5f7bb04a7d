"""The cache's paths stay inside the repository's folder, and only our own links are replaced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.downloads.cache_layout import (
    MAX_TOTAL_BYTES,
    TOTAL_FILE,
    CacheLayout,
    OutsideCache,
    link_blob,
)

COMMIT = "c" * 40


@pytest.fixture
def layout(tmp_path: Path) -> CacheLayout:
    return CacheLayout(tmp_path / "cache", "org/repo")


def blob(layout: CacheLayout, digest: str) -> Path:
    path = layout.blob(digest)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(digest.encode())
    return path


def test_a_pointer_links_to_its_blob_and_may_be_pointed_at_another(layout: CacheLayout) -> None:
    pointer = layout.pointer(COMMIT, "sub/config.json")
    link_blob(blob(layout, "1" * 40), pointer)
    assert pointer.read_bytes() == b"1" * 40
    link_blob(blob(layout, "2" * 40), pointer)  # our own link: replaced
    assert pointer.read_bytes() == b"2" * 40


def test_what_is_not_our_link_is_left_as_it_is(layout: CacheLayout, tmp_path: Path) -> None:
    mine = layout.pointer(COMMIT, "config.json")
    mine.parent.mkdir(parents=True)
    mine.write_text("a file of the user's")
    with pytest.raises(OutsideCache):
        link_blob(blob(layout, "1" * 40), mine)
    assert mine.read_text() == "a file of the user's"

    elsewhere = tmp_path / "bashrc"
    elsewhere.write_text("original")
    foreign = layout.pointer(COMMIT, "tokenizer.json")
    foreign.symlink_to(elsewhere)
    with pytest.raises(OutsideCache):
        link_blob(blob(layout, "1" * 40), foreign)
    assert foreign.readlink() == elsewhere
    assert elsewhere.read_text() == "original"


def test_a_folder_on_the_way_that_links_out_is_refused(layout: CacheLayout, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    snapshot = layout.snapshot(COMMIT)
    snapshot.mkdir(parents=True)
    (snapshot / "sub").symlink_to(out)
    with pytest.raises(OutsideCache):
        layout.pointer(COMMIT, "sub/config.json")
    (layout.storage / "refs").mkdir()
    (layout.storage / "refs" / "pr").symlink_to(out)
    with pytest.raises(OutsideCache):
        layout.record_revision("pr/1", COMMIT)
    assert not list(out.iterdir())


def test_a_downloads_total_is_kept_for_its_commit_only(layout: CacheLayout) -> None:
    layout.record_revision("main", COMMIT)
    layout.record_total(COMMIT, 1_800_000_000)
    assert layout.recorded_total(COMMIT) == 1_800_000_000
    assert layout.recorded_total("b" * 40) is None  # another commit's download: not this size
    assert layout.recorded_total(None) is None


@settings(max_examples=60, deadline=None)
@given(content=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
def test_whatever_the_total_file_holds_it_is_a_size_or_nothing(
    tmp_path_factory: pytest.TempPathFactory, content: bytes
) -> None:
    layout = CacheLayout(tmp_path_factory.mktemp("hf"), "org/name")
    layout.storage.mkdir(parents=True)
    (layout.storage / TOTAL_FILE).write_bytes(content)
    total = layout.recorded_total(COMMIT)
    assert total is None or 0 < total <= MAX_TOTAL_BYTES


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"commit": COMMIT, "total": -5}),
        json.dumps({"commit": COMMIT, "total": 1e30}),
        json.dumps({"commit": COMMIT, "total": True}),
        json.dumps({"commit": COMMIT, "total": 1 << 60}),
        "[" * 100_000,
        json.dumps({"commit": COMMIT, "total": 5, "pad": "x" * 5000}),
    ],
)
def test_a_total_that_is_not_a_sensible_size_is_none(layout: CacheLayout, text: str) -> None:
    layout.storage.mkdir(parents=True, exist_ok=True)
    (layout.storage / TOTAL_FILE).write_text(text)
    assert layout.recorded_total(COMMIT) is None
