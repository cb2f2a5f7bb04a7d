"""An engine folder is replaced whole, and a failed rename puts the working one back."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.supervisor.engines.base import recover_interrupted_swap, swap_into_place


def test_a_new_build_replaces_the_old_one_whole(tmp_path: Path) -> None:
    dest, new = tmp_path / "engine", tmp_path / "staging"
    (dest / "bin").mkdir(parents=True)
    (dest / "bin" / "old").write_text("old")
    (new / "bin").mkdir(parents=True)
    (new / "bin" / "new").write_text("new")
    swap_into_place(new, dest)
    assert sorted(p.name for p in (dest / "bin").iterdir()) == ["new"]
    assert not new.exists() and not (tmp_path / "engine.old").exists()


def test_a_failed_rename_puts_the_working_engine_back(tmp_path: Path) -> None:
    dest = tmp_path / "engine"
    dest.mkdir()
    (dest / "launcher").write_text("works")
    with pytest.raises(OSError):
        swap_into_place(tmp_path / "missing", dest)
    assert (dest / "launcher").read_text() == "works"


def test_a_swap_stopped_between_its_renames_is_undone(tmp_path: Path) -> None:
    dest = tmp_path / "engine"
    (tmp_path / "engine.old").mkdir()
    recover_interrupted_swap(dest)
    assert dest.is_dir() and not (tmp_path / "engine.old").exists()
