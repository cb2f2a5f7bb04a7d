"""What of a model is on disk, derived from the files themselves (never from a stored flag).

A folder is usable by vLLM when it has `config.json` and its weights: every shard that
`model.safetensors.index.json` names, or else at least one `*.safetensors` (PyTorch `.bin`/
`.pt` when there are no safetensors). Each safetensors file is checked against its own header
(the header states where the last tensor ends), so a truncated blob shows as damaged without
reading gigabytes. The same rules apply to Hugging Face snapshots (whoever downloaded them:
this app, `hf download`, vLLM itself) and to the user's local folders, which are used in place
and never copied or deleted.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from huggingface_hub import scan_cache_dir

from app.core.models.registry import ModelEntry
from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.states import SnapshotState
from app.core.untrusted import parse_json
from app.downloads.cache_layout import CacheLayout
from app.downloads.hub import DEFAULT_REVISION

_COMMIT_RE = re.compile(r"^[0-9a-f]{40}$")
_MAX_HEADER = 100 * 1024 * 1024  # the safetensors format caps its JSON header at 100 MB
_INDEX = "model.safetensors.index.json"
_TORCH_INDEX = "pytorch_model.bin.index.json"


@dataclass(frozen=True)
class ModelFileStatus:
    state: SnapshotState
    bytes_on_disk: int
    snapshot_path: Path | None
    problem: Problem | None = None
    # A partial download's size in all, as the hub listed it when it began (None: unknown).
    expected_bytes: int | None = None


@dataclass(frozen=True)
class FolderCheck:
    """What keeps a folder from loading: files missing and files damaged (with why)."""

    missing: tuple[str, ...] = ()
    damaged: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.missing and not self.damaged


def safetensors_damage(path: Path) -> str | None:
    """Why `path` is not a whole safetensors file, or None when its size matches its header."""
    try:
        st = path.stat()
    except OSError:
        return "missing"
    return _safetensors_damage(str(path), st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=1024)
def _safetensors_damage(path: str, size: int, mtime_ns: int) -> str | None:
    # Keyed on size and mtime: a file that changes is checked again.
    del mtime_ns
    try:
        with Path(path).open("rb") as f:
            head = f.read(8)
            if len(head) < 8:
                return "truncated"
            n = int.from_bytes(head, "little")
            if n > min(_MAX_HEADER, size - 8):
                return "truncated"
            header = parse_json(f.read(n))
    except (OSError, ValueError):
        return "unreadable header"
    if not isinstance(header, dict):
        return "unreadable header"
    try:
        end = max(
            (int(t["data_offsets"][1]) for k, t in header.items() if k != "__metadata__"),
            default=0,
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return "unreadable header"
    expected = 8 + n + end
    if size < expected:
        return f"truncated: {size} of {expected} bytes"
    if size > expected:
        return f"{size - expected} bytes too long"
    return None


def _index_shards(index: Path) -> set[str] | None:
    try:
        data = parse_json(index.read_text("utf-8"))
        return {str(v) for v in data["weight_map"].values()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def check_folder(folder: Path) -> FolderCheck:
    """Check a model folder (a local one or a snapshot) the way vLLM will need it."""
    if not folder.is_dir():
        return FolderCheck(missing=(str(folder),))
    missing: list[str] = []
    damaged: list[str] = []
    if not (folder / "config.json").is_file():
        missing.append("config.json")
    shards, index_damage = _safetensors_shards(folder)
    if index_damage is not None:
        damaged.append(index_damage)
    if shards:
        for name in sorted(shards):
            shard = folder / name
            if not shard.is_file():
                missing.append(name)
            elif (why := safetensors_damage(shard)) is not None:
                damaged.append(f"{name} ({why})")
    elif not damaged:
        missing += _torch_missing(folder)
    return FolderCheck(missing=tuple(missing), damaged=tuple(damaged))


def _safetensors_shards(folder: Path) -> tuple[set[str], str | None]:
    """The shards the folder's index names (else the ones it holds), and why the index
    cannot be read when it cannot."""
    if (folder / _INDEX).is_file():
        shards = _index_shards(folder / _INDEX)
        if shards is None:
            return set(), f"{_INDEX} (unreadable)"
        return shards, None
    return {p.name for p in folder.glob("*.safetensors") if p.is_file()}, None


def _torch_missing(folder: Path) -> list[str]:
    """What is missing of PyTorch weights, the fallback when there are no safetensors."""
    torch = _torch_weights(folder)
    if torch is None:
        return ["weights (*.safetensors)"]
    return [n for n in sorted(torch) if not (folder / n).is_file()]


def _torch_weights(folder: Path) -> set[str] | None:
    if (folder / _TORCH_INDEX).is_file():
        return _index_shards(folder / _TORCH_INDEX) or None
    found = {
        p.name
        for pattern in ("*.bin", "*.pt", "*.pth")
        for p in folder.glob(pattern)
        if p.is_file() and p.name != "training_args.bin"
    }
    return found or None


def local_invalid_problem(folder: Path, check: FolderCheck) -> Problem:
    what = [*check.missing, *(f"damaged {d}" for d in check.damaged)]
    if check.missing == (str(folder),):
        return worded_problem(
            "models.local_invalid",
            tr_noop("The model folder {path} does not exist (or is not a folder)."),
            path=str(folder),
            missing=[str(folder)],
            damaged=[],
        )
    return problem(
        "models.local_invalid",
        path=str(folder),
        what=", ".join(what),
        missing=list(check.missing),
        damaged=list(check.damaged),
    )


def validate_local_folder(folder: Path) -> None:
    """Raise `models.local_invalid` unless `folder` has config.json and whole weights."""
    check = check_folder(folder)
    if not check.ok:
        raise ProblemError(local_invalid_problem(folder, check))


def folder_bytes(folder: Path) -> int:
    """Bytes of the regular files under `folder` (symlinks followed once, hard links once)."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            try:
                st = Path(root, name).stat()
            except OSError:
                continue  # a broken symlink holds no data
            key = (st.st_dev, st.st_ino)
            if key not in seen:
                seen.add(key)
                total += st.st_size
    return total


def _commit_for(layout: CacheLayout, revision: str) -> str | None:
    if _COMMIT_RE.match(revision):
        return revision
    ref = layout.storage / "refs" / Path(*revision.split("/"))
    try:
        commit = ref.read_text("utf-8").strip()
    except OSError:
        return None
    return commit if _COMMIT_RE.match(commit) else None


def model_status(entry: ModelEntry, hf_cache: Path) -> ModelFileStatus:
    """Not downloaded / partial / complete, from what is on disk right now."""
    local = entry.checkpoint.local_path
    if local is not None:
        check = check_folder(local)
        if check.ok:
            return ModelFileStatus("complete", folder_bytes(local), local)
        size = folder_bytes(local) if local.is_dir() else 0
        return ModelFileStatus("not_downloaded", size, None, local_invalid_problem(local, check))
    assert entry.checkpoint.repo_id is not None
    layout = CacheLayout(Path(hf_cache), entry.checkpoint.repo_id)
    blobs = layout.storage / "blobs"
    size = folder_bytes(blobs) if blobs.is_dir() else 0
    commit = _commit_for(layout, entry.checkpoint.revision or DEFAULT_REVISION)
    snapshot = layout.storage / "snapshots" / commit if commit else None
    if snapshot is not None and snapshot.is_dir():
        check = check_folder(snapshot)
        if check.ok:
            return ModelFileStatus("complete", size, snapshot)
        if check.damaged:
            return ModelFileStatus(
                "partial", size, None, _damaged_problem(entry, check), layout.recorded_total(commit)
            )
    if size <= 0:
        return ModelFileStatus("not_downloaded", size, None)
    return ModelFileStatus("partial", size, None, expected_bytes=layout.recorded_total(commit))


def _damaged_problem(entry: ModelEntry, check: FolderCheck) -> Problem:
    return problem("downloads.damaged", model=entry.id, files=", ".join(check.damaged))


def delete_model_files(entry: ModelEntry, hf_cache: Path) -> int:
    """Delete a model's files from the Hugging Face cache; return the bytes freed.

    Every cached revision of the repository goes (through huggingface_hub's own delete
    strategy, which also releases blobs it shares with other repos), then whatever is left in
    its folder: interrupted `.incomplete` files and a folder `hf cache scan` calls corrupted.
    The count is the size of the repository's own files. Local folders are never deleted.
    """
    local = entry.checkpoint.local_path
    if local is not None:
        raise ProblemError(problem("downloads.local_not_deleted", model=entry.id, path=str(local)))
    assert entry.checkpoint.repo_id is not None
    layout = CacheLayout(Path(hf_cache), entry.checkpoint.repo_id)
    storage = layout.storage
    if not storage.exists():
        return 0
    before = _own_bytes(storage)
    info = scan_cache_dir(hf_cache)
    for repo in info.repos:
        if repo.repo_path == storage.resolve() and repo.revisions:
            info.delete_revisions(*(r.commit_hash for r in repo.revisions)).execute()
    if storage.exists():
        shutil.rmtree(storage)
    shutil.rmtree(Path(hf_cache) / ".locks" / storage.name, ignore_errors=True)
    return before


def _own_bytes(folder: Path) -> int:
    """Bytes of the regular files inside `folder` itself (symlinks not followed)."""
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            st = Path(root, name).lstat()
            if stat.S_ISREG(st.st_mode):
                total += st.st_size
    return total
