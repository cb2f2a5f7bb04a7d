"""Engine bundle transfer: resumable, cancellable downloads and tar extraction that stays inside."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import io
import tarfile
import time
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from app.core.problems.problems import ProblemError, problem
from app.core.resume import ResumeAction, decide, partial_size, range_headers

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

CHUNK_SIZE = 1 << 16
# Progress is reported at most this often (plus first and last): a multi-GB bundle arrives in
# tens of thousands of chunks and every report may cross threads to the GUI.
PROGRESS_INTERVAL_S = 0.1
PARTIAL_SUFFIX = ".partial"

ByteProgress = Callable[[int, int | None], None]
"""Called with (bytes done, bytes total or None) of one file."""


if TYPE_CHECKING:
    import httpx


class TransferCancelled(Exception):
    """The caller's cancel event was set; partial downloads stay on disk for a later resume."""


class _Throttle:
    """Lets a report through on the first call, then at most once per interval."""

    def __init__(self, interval: float = PROGRESS_INTERVAL_S) -> None:
        self._interval = interval
        self._last: float | None = None

    def ready(self) -> bool:
        now = time.monotonic()
        if self._last is None or now - self._last >= self._interval:
            self._last = now
            return True
        return False


def _download_failed(url: str, reason: str) -> ProblemError:
    return ProblemError(problem("engine.download_failed", url=url, reason=reason))


async def fetch_text(client: httpx.AsyncClient, url: str) -> str | None:
    """GET a small text file; None when the server answers 404."""
    import httpx  # imported when used: a quick command never loads it

    try:
        response = await client.get(url)
    except httpx.HTTPError as exc:
        raise _download_failed(url, str(exc) or type(exc).__name__) from exc
    if response.status_code == 404:
        return None
    if response.status_code != 200:
        raise _download_failed(url, f"HTTP {response.status_code}")
    return response.text


async def remote_size(client: httpx.AsyncClient, url: str) -> int | None:
    """The Content-Length a HEAD request reports; None when the server does not say."""
    import httpx  # imported when used: a quick command never loads it

    try:
        response = await client.head(url)
    except httpx.HTTPError as exc:
        raise _download_failed(url, str(exc) or type(exc).__name__) from exc
    if response.status_code == 404:
        raise _download_failed(url, "HTTP 404 (not found)")
    if response.status_code != 200:
        return None
    length = response.headers.get("Content-Length")
    return int(length) if length is not None and length.isdigit() else None


async def _stream_to_file(
    client: httpx.AsyncClient, url: str, dest: Path, on_progress: ByteProgress
) -> int:
    partial = dest.with_name(dest.name + PARTIAL_SUFFIX)
    offset = partial_size(partial)
    throttle = _Throttle()
    async with client.stream("GET", url, headers=range_headers(offset)) as response:
        decision = decide(
            response.status_code,
            offset,
            content_range=response.headers.get("Content-Range"),
            content_length=response.headers.get("Content-Length"),
        )
        if decision.action is ResumeAction.FAILED:
            raise _download_failed(url, decision.reason)
        if decision.action is ResumeAction.COMPLETE:
            # The previous run finished the bytes but stopped before the rename.
            partial.replace(dest)
            on_progress(offset, offset)
            return offset
        if decision.action is not ResumeAction.DISCARD:
            append = decision.action is ResumeAction.APPEND
            done = offset if append else 0
            total = decision.total
            with partial.open("ab" if append else "wb") as out:
                on_progress(done, total)
                async for chunk in response.aiter_bytes(CHUNK_SIZE):
                    out.write(chunk)
                    done += len(chunk)
                    if throttle.ready():
                        on_progress(done, total)
            if total is not None and done != total:
                raise _download_failed(url, f"the connection ended after {done} of {total} bytes")
            partial.replace(dest)
            on_progress(done, done)
            return done
    # A partial that is no prefix of this file: fetch it whole.
    partial.unlink()
    return await _stream_to_file(client, url, dest, on_progress)


async def download(
    client: httpx.AsyncClient,
    url: str,
    dest: Path,
    on_progress: ByteProgress,
    cancel: asyncio.Event | None = None,
) -> int:
    """Download `url` to `dest`, resuming `dest.partial` with an HTTP Range request.

    Returns the size of the file. Raises TransferCancelled when `cancel` is set (the partial file
    stays for the next call) and ProblemError `engine.download_failed` on HTTP or network errors.
    """
    import httpx  # imported when used: a quick command never loads it

    dest.parent.mkdir(parents=True, exist_ok=True)
    transfer = asyncio.ensure_future(_stream_to_file(client, url, dest, on_progress))
    waiter = asyncio.ensure_future(cancel.wait()) if cancel is not None else None
    try:
        # Racing the cancel event (instead of checking it between chunks) also stops a transfer
        # that is stalled inside a read.
        await asyncio.wait(
            [transfer] if waiter is None else [transfer, waiter],
            return_when=asyncio.FIRST_COMPLETED,
        )
    finally:
        for task in (transfer, waiter):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
    if transfer.cancelled():
        raise TransferCancelled
    try:
        return transfer.result()
    except httpx.HTTPError as exc:
        raise _download_failed(url, str(exc) or type(exc).__name__) from exc


class _ConcatReader(io.RawIOBase):
    """Reads several files as one stream (split archives are byte-wise slices of one tar.gz)."""

    def __init__(self, paths: Sequence[Path]) -> None:
        super().__init__()
        self._paths = list(paths)
        self._current: io.BufferedReader | None = None
        self.consumed = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        while True:
            if self._current is None:
                if not self._paths:
                    return 0
                self._current = self._paths.pop(0).open("rb")
            count = self._current.readinto(buffer)
            if count:
                self.consumed += count
                return count
            self._current.close()
            self._current = None

    def close(self) -> None:
        if self._current is not None:
            self._current.close()
            self._current = None
        super().close()


def _unsafe(member: str, reason: str) -> ProblemError:
    return ProblemError(problem("engine.unsafe_archive", member=member, reason=reason))


def check_member(member: tarfile.TarInfo, root: Path, seen_links: set[str]) -> None:
    """Refuse an entry that could write or point outside `root` (resolved, checked on disk)."""
    name = member.name
    if name.startswith(("/", "\\")):
        raise _unsafe(name, "has an absolute path")
    parts = PurePosixPath(name).parts
    if ".." in parts:
        raise _unsafe(name, "climbs out with “..”")
    normalized = str(PurePosixPath(*parts)) if parts else "."
    if normalized in seen_links:
        # Replacing a checked link with another one could redirect entries checked earlier.
        raise _unsafe(name, "replaces a link extracted before it")
    # resolve() follows links extracted so far, so a path through an earlier link is caught too.
    parent = (root / normalized).parent.resolve()
    if not parent.is_relative_to(root):
        raise _unsafe(name, "would be written through a link that leaves the folder")
    if member.issym() or member.islnk():
        escape = _link_escape(member, root, parent)
        if escape is not None:
            raise _unsafe(name, escape)
        seen_links.add(normalized)
    elif not (member.isfile() or member.isdir()):
        raise _unsafe(name, "is a device or other special file")


def _link_escape(member: tarfile.TarInfo, root: Path, parent: Path) -> str | None:
    """How a link entry (its resolved `parent` folder given) leads outside `root`, or None.
    A symbolic link's target is relative to its folder, a hard link's to the archive's root."""
    target = member.linkname
    if member.issym():
        if target.startswith(("/", "\\")):
            return "is a link to an absolute path"
        if not (parent / target).resolve().is_relative_to(root):
            return "is a link that points outside the folder"
        return None
    outside = target.startswith(("/", "\\")) or ".." in PurePosixPath(target).parts
    if outside or not (root / target).resolve().is_relative_to(root):
        return "is a hard link outside the folder"
    return None


def extract_tar_gz(
    parts: Sequence[Path],
    target: Path,
    on_progress: ByteProgress | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> None:
    """Extract the gzip'd tar formed by `parts` (in order) into `target`, refusing unsafe entries.

    Blocking: run it in a worker thread. Reports compressed bytes consumed. Every entry passes our
    own check and then tarfile's "data" filter before anything of it is written. Raises
    TransferCancelled when `should_stop()` turns true, ProblemError `engine.unsafe_archive`,
    `engine.bad_archive` or `engine.no_space`. The caller removes `target` on failure.
    """
    total = sum(part.stat().st_size for part in parts)
    target.mkdir(parents=True, exist_ok=True)
    root = target.resolve()
    seen_links: set[str] = set()
    throttle = _Throttle()
    with _ConcatReader(parts) as reader:

        def _filter(member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo | None:
            if should_stop():
                raise TransferCancelled
            check_member(member, root, seen_links)
            if on_progress is not None and throttle.ready():
                on_progress(reader.consumed, total)
            return tarfile.data_filter(member, dest)

        try:
            # Stream mode ("r|gz") reads the archive once, front to back, like `tar xz`.
            with tarfile.open(fileobj=reader, mode="r|gz") as tar:
                tar.extractall(target, filter=_filter)
        except tarfile.FilterError as exc:
            member = exc.tarinfo.name if exc.tarinfo is not None else "?"
            raise _unsafe(member, "was refused by the safety filter") from exc
        except (tarfile.TarError, EOFError, zlib.error) as exc:
            raise ProblemError(
                problem(
                    "engine.bad_archive",
                    file=parts[0].name if parts else "?",
                    reason=str(exc) or type(exc).__name__,
                )
            ) from exc
        except OSError as exc:
            if exc.errno == errno.ENOSPC:
                raise ProblemError(problem("engine.no_space", path=str(target.parent))) from exc
            raise
    if on_progress is not None:
        on_progress(total, total)
