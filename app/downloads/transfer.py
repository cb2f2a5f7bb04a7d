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

Retries: a try that breaks off is retried with a back-off; five tries in a row that each bring
less than 1 MiB give the file up (`NoProgress`), so a server that sends a few bytes per
connection is not retried for ever, while a slow but steady one goes on.

Cancel: the worker checks a `threading.Event` after every piece the socket delivers (at most
64 KiB) and while waiting between retries; the stream's read timeout bounds how long a stalled
connection can keep it blocked. Every byte received is written before the check, so a
cancelled partial file is always a valid prefix to resume from.
"""

from __future__ import annotations

import hashlib
import os
import threading
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

from app.core.paths import shared_mkdir
from app.core.resume import ResumeAction, ResumeDecision, decide, range_headers
from app.downloads.cache_layout import CacheLayout, link_blob, share
from app.downloads.hub import METADATA_TIMEOUT, HubToken, RemoteFile, checked_blob_name

READ_TIMEOUT = 15.0  # seconds without a byte before the connection counts as broken
# Tries in a row that may each bring less than USEFUL_BYTES before a file is given up: a server
# that sends a few bytes per connection must not be retried for ever.
MAX_ATTEMPTS_WITHOUT_PROGRESS = 5
USEFUL_BYTES = 1024 * 1024
_RETRY_STATUS = frozenset({408, 429, 500, 502, 503, 504})
_HASH_READ = 1024 * 1024


class TransferCancelled(Exception):
    """The user cancelled; the partial file stays for a later resume."""


class DigestMismatch(Exception):
    """The finished file does not match the hub's digest (it has been removed)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{path} does not match the checksum the hub published")
        self.path = path


class NoProgress(Exception):
    """Tries in a row brought bytes, but too few to count (a server that trickles)."""

    def __init__(self, path: str, tries: int, cause: Exception) -> None:
        super().__init__(f"{path}: {tries} tries brought less than {USEFUL_BYTES} bytes each")
        self.path, self.tries, self.cause = path, tries, cause


class FileProgress(Protocol):
    """Receives progress from the worker thread; implementations must be thread-safe."""

    def begin_file(self, path: str, size: int) -> None: ...

    def on_disk(self, n: int) -> None:
        """`n` bytes of the current file are on disk (may go down when a partial is dropped)."""

    def received(self, n: int) -> None:
        """`n` bytes arrived from the network (for speed)."""


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


def _same_origin(a: str, b: str) -> bool:
    pa, pb = urlsplit(a), urlsplit(b)
    return (pa.scheme, pa.hostname, pa.port) == (pb.scheme, pb.hostname, pb.port)


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
    tries = _Tries(remote.path)
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
        except _Retry as retry:
            tries.failed(retry)
        except (httpx2.TransportError, HfHubHTTPError) as exc:
            if isinstance(exc, HfHubHTTPError) and (
                exc.response is None or exc.response.status_code not in _RETRY_STATUS
            ):
                raise
            tries.failed(_Retry(exc, received=0))
        # Waiting on the event (not time.sleep) lets a cancel interrupt the back-off.
        _wait_or_cancel(cancel, tries.backoff())


class _Tries:
    """The tries of one file in a row that brought less than USEFUL_BYTES each: a try that
    brings that much starts the count again, so a slow but steady download goes on, and a
    server that sends a few bytes per connection is given up after a few tries."""

    def __init__(self, path: str) -> None:
        self._path = path
        self.count = 0
        self._trickled = 0  # the bytes those tries brought

    def failed(self, retry: _Retry) -> None:
        """Count a failed try; raise once they are too many without useful progress."""
        if retry.received >= USEFUL_BYTES:
            self.count = self._trickled = 0
            return
        self.count += 1
        self._trickled += retry.received
        if self.count >= MAX_ATTEMPTS_WITHOUT_PROGRESS:
            if self._trickled:
                raise NoProgress(self._path, self.count, retry.cause) from None
            raise retry.cause from None

    def backoff(self) -> float:
        return min(8.0, 0.5 * 2.0**self.count)


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
    etag = checked_blob_name(etag)  # it names the blob: nothing but a digest may
    size = meta.size if meta.size is not None else remote.size
    blob = layout.blob(etag)
    lock = filelock.FileLock(str(layout.lock(etag)))
    shared_mkdir(layout.lock(etag).parent)
    _acquire(lock, cancel)
    share(layout.lock(etag))
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
    link_blob(blob, pointer)
    progress.on_disk(size)
    return pointer


class _Retry(Exception):
    """A transient failure while streaming; `received`: how many bytes this try wrote."""

    def __init__(self, cause: Exception, received: int) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.received = received


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
        share(partial)
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
        raise _Retry(RuntimeError(decision.reason or "range not satisfiable"), 0)
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
        raise _Retry(exc, received=have - start_have) from None
    except HfHubHTTPError as exc:
        if exc.response is not None and exc.response.status_code in _RETRY_STATUS:
            raise _Retry(exc, received=0) from None
        raise
    if have < size:
        raise _Retry(RuntimeError("the connection closed early"), received=have - start_have)
    return have
