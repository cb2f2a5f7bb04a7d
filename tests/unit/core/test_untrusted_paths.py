"""Names from outside that become paths: only ones that stay below the folder they join."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.untrusted import is_inside, is_safe_relative_path

PARTS = st.sampled_from(["..", ".", "", "a", "b.json", "\\", "..\\x", "c\x00", "/", "\x1b", "é"])
NAMES = st.one_of(st.lists(PARTS, min_size=1, max_size=6).map("/".join), st.text(max_size=40))


@pytest.mark.parametrize(
    "name", ["config.json", "a/b/model.safetensors", "refs/pr/1", "v1.0", "weird name…", "a..b"]
)
def test_names_below_the_folder_are_safe(name: str) -> None:
    assert is_safe_relative_path(name)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "..",
        ".",
        "../x",
        "a/../../x",
        "/etc/passwd",
        "a//b",
        "a/",
        "./a",
        "a\\..\\b",
        "a\x00b",
        "a\nb",
        "a\u202eb",
        "x" * 256,
        "a/" * 600 + "b",
    ],
)
def test_names_that_climb_out_or_confuse_are_not(name: str) -> None:
    assert not is_safe_relative_path(name)


@settings(max_examples=300, deadline=None)
@given(NAMES)
def test_a_safe_name_never_leaves_its_folder(name: str) -> None:
    if is_safe_relative_path(name):
        joined = os.path.normpath(Path("/base/folder") / name)
        assert joined.startswith("/base/folder/"), name
        assert "\x00" not in name and "\\" not in name


def test_is_inside_follows_links_on_the_way_but_not_the_last_part(tmp_path: Path) -> None:
    root, out = tmp_path / "root", tmp_path / "out"
    root.mkdir()
    out.mkdir()
    (root / "away").symlink_to(out)
    (root / "link").symlink_to(out / "file")
    assert is_inside(root / "a" / "b", root)
    assert is_inside(root / "link", root)  # the link itself is what would be replaced
    assert not is_inside(root / "away" / "x", root)
    assert not is_inside(root / "..", root)
    assert not is_inside(root / "a" / ".." / ".." / "x", root)
