"""Where one repository's files go in the Hugging Face cache (huggingface_hub's layout), and
the writes into it that are not a blob's bytes: a revision's ref, a snapshot's link, and the
size a download of a commit will have in all (so a partial one reads "22 MiB of 1.8 GiB").

Every path is built from names checked where they came in (app.downloads.hub for the hub's
file names, commit and ETags; app.core.models.checkpoints for a revision), and checked again here to
resolve inside the repository's folder before anything is written: a symlinked folder on the
way must not lead out either.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from huggingface_hub.file_download import repo_folder_name

from app.core.jsonstore import atomic_write_text
from app.core.paths import shared_file_mode, shared_mkdir
from app.core.untrusted import is_inside, parse_json
from app.downloads.hub import RemoteFile, checked_blob_name, checked_commit, checked_file_name

TOTAL_FILE = "vllm-tray-download.json"
MAX_TOTAL_FILE = 4096  # the file holds a commit and a number
MAX_TOTAL_BYTES = 1 << 50  # 1 PiB: more than any repository, less than nonsense


class OutsideCache(Exception):
    """A path the download would write is not inside the repository's cache folder, or what
    is there is not ours to replace: nothing is written or removed."""


@dataclass(frozen=True)
class CacheLayout:
    """Paths of one repository in the Hugging Face cache (huggingface_hub's layout)."""

    cache_dir: Path
    repo_id: str

    @property
    def storage(self) -> Path:
        return self.cache_dir / repo_folder_name(repo_id=self.repo_id, repo_type="model")

    def _inside(self, path: Path, folder: Path | None = None) -> Path:
        if not is_inside(path, folder or self.storage):
            raise OutsideCache(f"{path} is outside the cache folder {folder or self.storage}")
        return path

    def blob(self, etag: str) -> Path:
        return self._inside(self.storage / "blobs" / checked_blob_name(etag))

    def partial(self, etag: str) -> Path:
        return self._inside(self.storage / "blobs" / f"{checked_blob_name(etag)}.incomplete")

    def snapshot(self, commit: str) -> Path:
        return self._inside(self.storage / "snapshots" / checked_commit(commit))

    def pointer(self, commit: str, path: str) -> Path:
        name = checked_file_name(path)
        return self._inside(self.snapshot(commit) / Path(*name.split("/")))

    def lock(self, etag: str) -> Path:
        # Same lock file as huggingface_hub, so other tools fetching this blob wait for us.
        locks = self.cache_dir / ".locks"
        return self._inside(locks / self.storage.name / f"{checked_blob_name(etag)}.lock", locks)

    def record_revision(self, revision: str, commit: str) -> None:
        """Write refs/<revision> and create the snapshot folder (keeps `hf cache scan` happy)."""
        shared_mkdir(self.snapshot(commit))
        if revision == commit:
            return
        ref = self._inside(self.storage / "refs" / Path(*revision.split("/")))
        if ref.is_file() and ref.read_text("utf-8").strip() == commit:
            return
        shared_mkdir(ref.parent)
        # Other tools (and maybe other accounts) read the cache too: the user's own modes.
        atomic_write_text(ref, commit, mode=shared_mode())

    @property
    def _total_file(self) -> Path:
        # Beside refs/, blobs/ and snapshots/, where `hf cache` looks at nothing else.
        return self._inside(self.storage / TOTAL_FILE)

    def record_total(self, commit: str, total: int) -> None:
        """Keep the size the download of `commit` has in all (the hub's file list), for the
        time after a restart when a partial download is listed without its plan."""
        text = json.dumps({"commit": checked_commit(commit), "total": int(total)})
        atomic_write_text(self._total_file, text, mode=shared_mode())

    def recorded_total(self, commit: str | None) -> int | None:
        """The size recorded for `commit`'s download, None when none was (or another
        commit's, or the file is not one this app wrote)."""
        try:
            data = parse_json(self._total_file.read_bytes()[:MAX_TOTAL_FILE])
        except (OSError, ValueError, OutsideCache):
            return None
        if not isinstance(data, dict) or commit is None or data.get("commit") != commit:
            return None
        total = data.get("total")
        if type(total) is not int or not 0 < total <= MAX_TOTAL_BYTES:
            return None
        return total


def present_bytes(layout: CacheLayout, commit: str, remote: RemoteFile) -> tuple[int, bool]:
    """(bytes of `remote` already on disk, whether it is complete), without any network call."""
    pointer = layout.pointer(commit, remote.path)
    if pointer.is_file() and pointer.stat().st_size == remote.size:
        return remote.size, True
    if remote.etag is None:
        return 0, False
    blob = layout.blob(remote.etag)
    if blob.is_file() and blob.stat().st_size == remote.size:
        return remote.size, True
    partial = layout.partial(remote.etag)
    if partial.is_file():
        size = partial.stat().st_size
        return (size if size <= remote.size else 0), False
    return 0, False


def shared_mode() -> int:
    """The mode of a file the app writes into the Hugging Face cache: what the user's own
    umask gives (the app's private umask is for its own files, app.core.paths)."""
    mode = shared_file_mode()
    return 0o644 if mode is None else mode


def share(path: Path) -> None:
    mode = shared_file_mode()
    if mode is not None:
        with contextlib.suppress(OSError):  # another account's file: left as it is
            path.chmod(mode)


def link_blob(blob: Path, pointer: Path) -> None:
    """Point snapshots/<commit>/<path> at the blob with a relative symlink, as hf does.

    Only a link into the repository's own blobs/ is ever replaced: anything else at that path
    (a file, a folder, another link) is not ours, and is left as it is."""
    shared_mkdir(pointer.parent)
    target = os.path.relpath(blob, pointer.parent)
    if pointer.is_symlink():
        current = pointer.readlink()
        if str(current) == target:
            return
        if not Path(os.path.normpath(pointer.parent / current)).is_relative_to(blob.parent):
            raise OutsideCache(f"{pointer} is a link vLLM Tray did not make")
        pointer.unlink()
    elif pointer.exists():
        raise OutsideCache(f"{pointer} is in the way: it is not a link vLLM Tray made")
    pointer.symlink_to(target)
