"""Reading the ROCm qualification feed: online (bounded, with a timeout), else the copy last
seen (cached under the app's cache dir), else the snapshot shipped in the package.

The URL is the publisher's (lemonade-sdk/vllm-rocm docs/qualification-feed.md);
`VLLM_TRAY_ROCM_FEED_URL` points it elsewhere (the tests' server on loopback, a mirror).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from importlib import resources
from pathlib import Path
from typing import ClassVar

from app.core.engines.rocm_feed import (
    CACHED,
    MAX_FEED_BYTES,
    ONLINE,
    SHIPPED_COPY,
    FeedError,
    FeedView,
    parse_feed,
)
from app.core.jsonstore import atomic_write_text
from app.core.problems.problems import problem
from app.core.untrusted import one_line, read_bounded

log = logging.getLogger(__name__)

FEED_URL = (
    "https://raw.githubusercontent.com/lemonade-sdk/vllm-rocm/qualification-data/"
    "qualification/index.json"
)
URL_ENV = "VLLM_TRAY_ROCM_FEED_URL"
CACHE_FILE = Path("feeds") / "rocm_qualification.json"  # under the app's cache dir
SHIPPED = "rocm_qualification.json"  # in app/core/data
TIMEOUT_S = 10.0  # per connect and read
TOTAL_S = 30.0  # the whole fetch: a server dripping bytes cannot hold a command longer


def feed_url() -> str:
    return os.environ.get(URL_ENV) or FEED_URL


class FeedSource:
    """The feed for one cache dir: `known()` reads no network, `refresh()` asks the publisher."""

    # Views parse the feed often (every engine status); parsed once per change of the file.
    _memo: ClassVar[dict[Path, tuple[tuple[int, int], FeedView]]] = {}
    _memo_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, cache_dir: Path) -> None:
        self._file = cache_dir / CACHE_FILE

    def known(self) -> FeedView:
        """The feed last seen (parsed once per change of the cached file), else the shipped one."""
        try:
            stat = self._file.stat()
        except OSError:
            return _shipped()
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._memo_lock:
            memo = self._memo.get(self._file)
        if memo is not None and memo[0] == stamp:
            return memo[1]
        try:
            view = FeedView(parse_feed(self._file.read_bytes()), CACHED)
        except (OSError, FeedError) as exc:
            log.info("the cached ROCm feed %s is not usable: %s", self._file, exc)
            return _shipped()
        with self._memo_lock:
            self._memo[self._file] = (stamp, view)
        return view

    async def refresh(self) -> FeedView:
        """The publisher's feed, saved for later; when it cannot be had or is refused, the
        feed last seen with the `engine.feed_unusable` problem that says why."""
        url = feed_url()
        try:
            data = await _fetch(url)
            feed = parse_feed(data)
        except FeedError as exc:
            return self._fallback(url, f"it was refused: {exc}")
        except _Unreachable as exc:
            return self._fallback(url, str(exc))
        try:
            self._file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self._file, data.decode("utf-8"))
        except OSError as exc:
            log.info("cannot keep the ROCm feed in %s: %s", self._file, exc)
        return FeedView(feed, ONLINE)

    def _fallback(self, url: str, reason: str) -> FeedView:
        view = self.known()
        used = (
            f"the list seen last ({view.feed.updated_at})"
            if view.origin == CACHED
            else f"the list shipped with vLLM Tray ({view.feed.updated_at})"
        )
        found = problem("engine.feed_unusable", url=url, reason=one_line(reason)[:200], used=used)
        return FeedView(view.feed, view.origin, found)


class _Unreachable(Exception):
    """The feed could not be fetched (network, HTTP status, size); the message says which."""


async def _fetch(url: str) -> bytes:
    try:
        async with asyncio.timeout(TOTAL_S):
            return await _get(url)
    except TimeoutError:
        raise _Unreachable(f"no whole answer within {TOTAL_S:.0f} s") from None


async def _get(url: str) -> bytes:
    import httpx  # imported when used: a quick command never loads it

    try:
        async with (
            httpx.AsyncClient(follow_redirects=True, timeout=TIMEOUT_S) as client,
            client.stream("GET", url) as response,
        ):
            if response.status_code != 200:
                raise _Unreachable(f"the server answered HTTP {response.status_code}")
            data, over = await read_bounded(response.aiter_bytes(), MAX_FEED_BYTES)
            if over:
                raise FeedError(f"it is larger than {MAX_FEED_BYTES // 1_000_000} MB")
            return data
    except httpx.HTTPError as exc:
        raise _Unreachable(str(exc) or type(exc).__name__) from None


def _shipped() -> FeedView:
    data = resources.files("app.core").joinpath("data", SHIPPED).read_bytes()
    return FeedView(parse_feed(data), SHIPPED_COPY)
