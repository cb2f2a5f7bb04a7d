"""The feed source: the cached copy when it is sound, else the shipped snapshot; a refresh
keeps only a feed that passed the parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.engines.rocm_feed import CACHED, ONLINE, SHIPPED_COPY
from app.supervisor.engines.feed import CACHE_FILE, FeedSource
from tests.fakes.bundle_server import BundleServer

ROOT = Path(__file__).resolve().parents[4]
PUBLISHED = (ROOT / "tests/fakes/data/vllm_rocm_qualification_2026-08-11.json").read_bytes()


def test_a_damaged_cached_copy_falls_back_to_the_shipped_snapshot(tmp_path: Path) -> None:
    assert FeedSource(tmp_path).known().origin == SHIPPED_COPY  # nothing cached yet
    cached = tmp_path / CACHE_FILE
    cached.parent.mkdir(parents=True)
    cached.write_bytes(PUBLISHED)
    assert FeedSource(tmp_path).known().origin == CACHED
    cached.write_text('{"schema_version": 1, "builds": [{"tag": "../x"}]}')
    view = FeedSource(tmp_path).known()
    assert view.origin == SHIPPED_COPY and len(view.feed.builds) == 27


async def test_a_refused_feed_is_never_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with BundleServer() as server:
        monkeypatch.setenv("VLLM_TRAY_ROCM_FEED_URL", server.url + "/index.json")
        server.files["/index.json"] = PUBLISHED
        assert (await FeedSource(tmp_path).refresh()).origin == ONLINE
        assert (tmp_path / CACHE_FILE).read_bytes() == PUBLISHED
        server.files["/index.json"] = PUBLISHED.replace(b'"nightly"', b'"beta"')
        view = await FeedSource(tmp_path).refresh()
    assert view.origin == CACHED and view.problem is not None
    assert "channel is neither stable nor nightly" in view.problem.english()
    assert (tmp_path / CACHE_FILE).read_bytes() == PUBLISHED
