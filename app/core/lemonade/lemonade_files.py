"""Reuse another Hugging Face cache's snapshot in ours by linking its files, never copying.

Written by hand: huggingface_hub can only download into a cache, not adopt files another
cache holds. The result has the hub's own layout (`blobs/<hash>`, `snapshots/<commit>/<path>`
as a relative link to the blob, `refs/<revision>`), so this app's download status, `hf cache
scan` and vLLM see a complete snapshot. Blobs are hard links when both caches share a file
system (each cache keeps its files when the other deletes), symbolic links otherwise.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class LinkResult:
    files: int  # files that were not here before
    bytes: int
    hard_links: bool  # False: at least one blob is a symbolic link into the other cache


def _link_blob(source: Path, dest: Path) -> bool:
    """Hard link `dest` to `source` (True), or a symbolic link across file systems (False)."""
    try:
        os.link(source, dest)
        return True
    except OSError:
        dest.symlink_to(source)
        return False


def _entries(snapshot: Path) -> list[Path]:
    return sorted(p for p in snapshot.rglob("*") if p.is_file())


def link_snapshot(snapshot: Path, dest_storage: Path, revision: str) -> LinkResult:
    """Make the snapshot folder `snapshot` (<storage>/snapshots/<commit>) of another cache
    appear under `dest_storage` (this cache's folder for the same repository).

    Files already here are left alone; `refs/<revision>` is written when missing, so the
    revision resolves to this commit. Safe to run again after an interruption.
    """
    source_blobs = snapshot.parent.parent / "blobs"
    commit = snapshot.name
    dest_snapshot = dest_storage / "snapshots" / commit
    blobs = dest_storage / "blobs"
    blobs.mkdir(parents=True, exist_ok=True)
    added = 0
    size = 0
    hard = True
    for entry in _entries(snapshot):
        relative = entry.relative_to(snapshot)
        target = dest_snapshot / relative
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        real = entry.resolve()
        if real.parent == source_blobs.resolve():
            blob = blobs / real.name
            if not blob.exists():
                hard = _link_blob(real, blob) and hard
            if target.is_symlink():  # a dangling link of an earlier, interrupted run
                target.unlink()
            target.symlink_to(os.path.relpath(blob, target.parent))
        else:  # a cache written without symbolic links holds the files in the snapshot
            hard = _link_blob(real, target) and hard
        added += 1
        size += real.stat().st_size
    ref = dest_storage / "refs" / Path(*revision.split("/"))
    if not ref.exists():
        ref.parent.mkdir(parents=True, exist_ok=True)
        ref.write_text(commit, encoding="utf-8")
    return LinkResult(added, size, hard)


def snapshot_for(storage: Path, revision: str) -> Path | None:
    """The snapshot folder `revision` names in a repository's cache folder, else the most
    recently changed snapshot there (a cache copied without its refs), else None."""
    ref = storage / "refs" / Path(*revision.split("/"))
    try:
        commit = ref.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        commit = ""
    if commit and (storage / "snapshots" / commit).is_dir():
        return storage / "snapshots" / commit
    try:
        found = [p for p in (storage / "snapshots").iterdir() if p.is_dir()]
    except OSError:
        return None
    return max(found, key=lambda p: p.stat().st_mtime) if found else None
