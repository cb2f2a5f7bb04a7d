"""The cache's paths stay inside the repository's folder, and only our own links are replaced."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.downloads.cache_layout import CacheLayout, OutsideCache, link_blob

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
