"""Fetching one repository file into the Hugging Face cache, resumable byte by byte.

Why not `hf_hub_download` for the bytes: huggingface_hub 2.x downloads into a process-unique
temporary file that it deletes on any failure, so an interrupted or cancelled multi-GB shard
starts over from zero, and its progress/cancel hooks only fire every 10 MB. Here the metadata
(HEAD of `/resolve/`, redirects, auth, error types) still comes from huggingface_hub
(`get_hf_file_metadata`, `hf_raise_for_status`, its configured HTTP session), but the body is
streamed into `blobs/<etag>.incomplete` — the name `hf cache scan` reports as an interrupted
download — and continued with an HTTP `Range` request on the next attempt, after a network
error, a cancel or an app restart. The finished file is checked against the hub's digest
(sha256 for LFS files, the git blob id otherwise), renamed to `blobs/<etag>` and linked from
`snapshots/<commit>/<path>` exactly as huggingface_hub lays out its cache, so
`snapshot_download(..., local_files_only=True)`, vLLM and other tools find it.

Cancel: the worker checks a `threading.Event` after every piece the socket delivers (at most
64 KiB) and while waiting between retries; the stream's read timeout bounds how long a stalled
connection can keep it blocked. Every byte received is written before the check, so a
cancelled partial file is always a valid prefix to resume from.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol
from urllib.parse import urlsplit

import filelock
import httpx2
from huggingface_hub import (
    __version__ as hf_version,
)
from huggingface_hub import (
    get_hf_file_metadata,
    get_session,
    hf_hub_url,
    hf_raise_for_status,
)
from huggingface_hub.errors import HfHubHTTPError
from huggingface_hub.file_download import repo_folder_name

from app.core.jsonstore import atomic_write_text
from app.core.paths import shared_file_mode, shared_mkdir
from app.core.resume import ResumeAction, ResumeDecision, decide, range_headers
from app.downloads.hub import METADATA_TIMEOUT, HubToken, RemoteFile

READ_TIMEOUT = 15.0  # seconds without a byte before the connection counts as broken
MAX_ATTEMPTS_WITHOUT_PROGRESS = 5
_RETRY_STATUS = frozenset({408, 429, 500, 502, 503, 504})
_HASH_READ = 1024 * 1024


class TransferCancelled(Exception):
    """The user cancelled; the partial file stays for a later resume."""


class DigestMismatch(Exception):
    """The finished file does not match the hub's digest (it has been removed)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{path} does not match the checksum the hub published")
        self.path = path


class FileProgress(Protocol):
    """Receives progress from the worker thread; implementations must be thread-safe."""

    def begin_file(self, path: str, size: int) -> None: ...

    def on_disk(self, n: int) -> None:
        """`n` bytes of the current file are on disk (may go down when a partial is dropped)."""

    def received(self, n: int) -> None:
        """`n` bytes arrived from the network (for speed)."""


@dataclass(frozen=True)
class CacheLayout:
    """Paths of one repository in the Hugging Face cache (huggingface_hub's layout)."""

    cache_dir: Path
    repo_id: str

    @property
    def storage(self) -> Path:
        return self.cache_dir / repo_folder_name(repo_id=self.repo_id, repo_type="model")

    def blob(self, etag: str) -> Path:
        return self.storage / "blobs" / etag

    def partial(self, etag: str) -> Path:
        return self.storage / "blobs" / f"{etag}.incomplete"

    def pointer(self, commit: str, path: str) -> Path:
        return self.storage / "snapshots" / commit / Path(*path.split("/"))

    def lock(self, etag: str) -> Path:
        # Same lock file as huggingface_hub, so other tools fetching this blob wait for us.
        return self.cache_dir / ".locks" / self.storage.name / f"{etag}.lock"

    def record_revision(self, revision: str, commit: str) -> None:
        """Write refs/<revision> and create the snapshot folder (keeps `hf cache scan` happy)."""
        shared_mkdir(self.storage / "snapshots" / commit)
        if revision == commit:
            return
        ref = self.storage / "refs" / Path(*revision.split("/"))
        if ref.is_file() and ref.read_text("utf-8").strip() == commit:
            return
        shared_mkdir(ref.parent)
        # Other tools (and maybe other accounts) read the cache too: the user's own modes.
        atomic_write_text(ref, commit, mode=_shared_mode())


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


class _Digest:
    """The hub's checksum of a file, computed incrementally while it arrives.

    `covered` is how many leading bytes of the partial file have been hashed, so that a retry
    after a network error does not read a multi-GB partial again.
    """

    def __init__(self, remote: RemoteFile) -> None:
        self._remote = remote
        self._hash: hashlib._Hash | None = None
        self.covered = 0
        self.reset()

    def reset(self) -> None:
        self.covered = 0
        if self._remote.sha256:
            self._hash = hashlib.sha256()
        elif self._remote.git_sha1:
            self._hash = hashlib.sha1(usedforsecurity=False)
            self._hash.update(b"blob %d\0" % self._remote.size)
        else:
            self._hash = None

    def update(self, data: bytes) -> None:
        self.covered += len(data)
        if self._hash is not None:
            self._hash.update(data)

    def matches(self) -> bool:
        expected = self._remote.sha256 or self._remote.git_sha1
        return self._hash is None or self._hash.hexdigest() == expected


def probe_access(
    repo_id: str, commit: str, path: str, *, token: HubToken, endpoint: str | None
) -> None:
    """HEAD one file: a gated repo shows its file list to anyone but its files only to
    accounts that were granted access, so this is where 401/403 shows up."""
    url = hf_hub_url(repo_id, path, revision=commit, endpoint=endpoint)
    get_hf_file_metadata(url, token=token, timeout=METADATA_TIMEOUT)


def _wait_or_cancel(cancel: threading.Event, seconds: float) -> None:
    if cancel.wait(seconds):
        raise TransferCancelled


def _acquire(lock: filelock.BaseFileLock, cancel: threading.Event) -> None:
    while True:
        try:
            lock.acquire(timeout=0.5)
            return
        except filelock.Timeout:
            if cancel.is_set():
                raise TransferCancelled from None


def _shared_mode() -> int:
    """The mode of a file the app writes into the Hugging Face cache: what the user's own
    umask gives (the app's private umask is for its own files, app.core.paths)."""
    mode = shared_file_mode()
    return 0o644 if mode is None else mode


def _share(path: Path) -> None:
    mode = shared_file_mode()
    if mode is not None:
        with contextlib.suppress(OSError):  # another account's file: left as it is
            path.chmod(mode)


def _same_origin(a: str, b: str) -> bool:
    pa, pb = urlsplit(a), urlsplit(b)
    return (pa.scheme, pa.hostname, pa.port) == (pb.scheme, pb.hostname, pb.port)


def _link(blob: Path, pointer: Path) -> None:
    """Point snapshots/<commit>/<path> at the blob with a relative symlink, as hf does."""
    shared_mkdir(pointer.parent)
    if pointer.is_symlink() or pointer.exists():
        pointer.unlink()
    pointer.symlink_to(os.path.relpath(blob, pointer.parent))


def fetch_file(
    layout: CacheLayout,
    commit: str,
    remote: RemoteFile,
    *,
    token: HubToken,
    endpoint: str | None,
    cancel: threading.Event,
    progress: FileProgress,
) -> Path:
    """Make `snapshots/<commit>/<remote.path>` exist with the right content; return its path.

    Raises TransferCancelled, DigestMismatch, huggingface_hub errors (HTTP 401/403/404…) and
    httpx2 transport errors once retries are exhausted.
    """
    progress.begin_file(remote.path, remote.size)
    pointer = layout.pointer(commit, remote.path)
    if pointer.is_file() and pointer.stat().st_size == remote.size:
        progress.on_disk(remote.size)
        return pointer
    url = hf_hub_url(layout.repo_id, remote.path, revision=commit, endpoint=endpoint)
    digest = _Digest(remote)
    attempts = 0
    while True:
        if cancel.is_set():
            raise TransferCancelled
        try:
            return _fetch_once(
                layout,
                url,
                remote,
                pointer,
                digest=digest,
                token=token,
                cancel=cancel,
                progress=progress,
            )
        except (TransferCancelled, DigestMismatch):
            raise
        except _Retry as retry:
            attempts = 0 if retry.progressed else attempts + 1
            if attempts >= MAX_ATTEMPTS_WITHOUT_PROGRESS:
                raise retry.cause from None
        except (httpx2.TransportError, HfHubHTTPError) as exc:
            if isinstance(exc, HfHubHTTPError) and (
                exc.response is None or exc.response.status_code not in _RETRY_STATUS
            ):
                raise
            attempts += 1
            if attempts >= MAX_ATTEMPTS_WITHOUT_PROGRESS:
                raise
        # Waiting on the event (not time.sleep) lets a cancel interrupt the back-off.
        _wait_or_cancel(cancel, min(8.0, 0.5 * 2**attempts))


def _fetch_once(
    layout: CacheLayout,
    url: str,
    remote: RemoteFile,
    pointer: Path,
    *,
    digest: _Digest,
    token: HubToken,
    cancel: threading.Event,
    progress: FileProgress,
) -> Path:
    """One attempt of fetch_file: the blob (fetched under its lock), then the snapshot's
    link to it."""
    meta = get_hf_file_metadata(url, token=token, timeout=METADATA_TIMEOUT)
    etag = meta.etag or remote.etag
    if etag is None:
        raise RuntimeError(f"the hub gave no ETag for {remote.path}")
    size = meta.size if meta.size is not None else remote.size
    blob = layout.blob(etag)
    lock = filelock.FileLock(str(layout.lock(etag)))
    shared_mkdir(layout.lock(etag).parent)
    _acquire(lock, cancel)
    _share(layout.lock(etag))
    try:
        if blob.is_file() and blob.stat().st_size != size:
            blob.unlink()  # damaged (truncated or overwritten): fetch it again
        if not blob.is_file():
            _stream_to_blob(
                blob,
                layout.partial(etag),
                location=meta.location,
                hub_url=url,
                size=size,
                digest=digest,
                path=remote.path,
                token=token,
                cancel=cancel,
                progress=progress,
            )
    finally:
        lock.release()
    _link(blob, pointer)
    progress.on_disk(size)
    return pointer


class _Retry(Exception):
    """A transient failure while streaming; `progressed` says whether bytes arrived."""

    def __init__(self, cause: Exception, progressed: bool) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.progressed = progressed


def _hash_existing(f: BinaryIO, upto: int, digest: _Digest, cancel: threading.Event) -> None:
    f.seek(0)
    left = upto
    while left > 0:
        if cancel.is_set():
            raise TransferCancelled
        data = f.read(min(_HASH_READ, left))
        if not data:
            break
        digest.update(data)
        left -= len(data)


def _stream_to_blob(
    blob: Path,
    partial: Path,
    *,
    location: str,
    hub_url: str,
    size: int,
    digest: _Digest,
    path: str,
    token: HubToken,
    cancel: threading.Event,
    progress: FileProgress,
) -> None:
    """Continue `partial` from where it stops (Range), verify, then rename it to `blob`."""
    shared_mkdir(blob.parent)
    with partial.open("ab+") as f:
        _share(partial)
        have = f.seek(0, os.SEEK_END)
        if have > size:
            f.truncate(0)  # stale partial of another size: unusable
            have = 0
        if digest.covered != have:
            digest.reset()
            _hash_existing(f, have, digest, cancel)
        progress.on_disk(have)
        if have < size:
            have = _stream(
                f,
                have,
                location=location,
                hub_url=hub_url,
                size=size,
                digest=digest,
                token=token,
                cancel=cancel,
                progress=progress,
            )
        f.flush()
        os.fsync(f.fileno())
    if have != size or not digest.matches():
        partial.unlink(missing_ok=True)
        digest.reset()
        progress.on_disk(0)
        raise DigestMismatch(path)
    partial.replace(blob)


def _resume_at(
    decision: ResumeDecision,
    response: httpx2.Response,
    f: BinaryIO,
    have: int,
    *,
    digest: _Digest,
    progress: FileProgress,
) -> int | None:
    """Where the body of `response` goes in `f` (0 when the server sends the whole file);
    None when the file is complete already. Raises _Retry when the partial is unusable."""
    if decision.action is ResumeAction.COMPLETE:
        return None
    if decision.action is ResumeAction.FAILED and response.status_code >= 400:
        response.read()
        hf_raise_for_status(response)
    if decision.action in (ResumeAction.DISCARD, ResumeAction.FAILED):
        # Not a prefix the server recognises, or bytes we cannot place: start over.
        f.truncate(0)
        digest.reset()
        progress.on_disk(0)
        raise _Retry(RuntimeError(decision.reason or "range not satisfiable"), False)
    if decision.action is ResumeAction.RESTART and have:
        f.truncate(0)  # the server sent the whole file: rewrite from the start
        digest.reset()
        progress.on_disk(0)
        return 0
    return have


def _stream(
    f: BinaryIO,
    have: int,
    *,
    location: str,
    hub_url: str,
    size: int,
    digest: _Digest,
    token: HubToken,
    cancel: threading.Event,
    progress: FileProgress,
) -> int:
    headers = {
        "user-agent": f"vllm-tray; hf_hub/{hf_version}",
        "accept-encoding": "identity",  # sizes and Range offsets must be raw bytes
    }
    if token and _same_origin(location, hub_url):
        headers["authorization"] = f"Bearer {token}"  # never sent on to a CDN
    headers.update(range_headers(have))
    start_have = have
    try:
        with get_session().stream(
            "GET",
            location,
            headers=headers,
            follow_redirects=True,
            timeout=httpx2.Timeout(READ_TIMEOUT, connect=METADATA_TIMEOUT),
        ) as response:
            decision = decide(
                response.status_code,
                have,
                content_range=response.headers.get("Content-Range"),
                content_length=response.headers.get("Content-Length"),
            )
            start = _resume_at(decision, response, f, have, digest=digest, progress=progress)
            if start is None:
                return have
            have = start_have = start
            f.seek(have)
            # No chunk_size: a re-chunking buffer would lose its tail on a broken connection,
            # and the partial file must hold every byte that arrived.
            for chunk in response.iter_bytes():
                if cancel.is_set():
                    raise TransferCancelled
                if have + len(chunk) > size:
                    raise RuntimeError("the server sent more bytes than the file has")
                f.write(chunk)
                digest.update(chunk)
                have += len(chunk)
                progress.received(len(chunk))
                progress.on_disk(have)
    except httpx2.TransportError as exc:
        raise _Retry(exc, progressed=have > start_have) from None
    except HfHubHTTPError as exc:
        if exc.response is not None and exc.response.status_code in _RETRY_STATUS:
            raise _Retry(exc, progressed=False) from None
        raise
    if have < size:
        raise _Retry(RuntimeError("the connection closed early"), progressed=have > start_have)
    return have
