"""The advisory list in use: osv.dev's last good answer from the cache dir, else the snapshot;
refreshing switched off, not due, or given a damaged cache never fails a view."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from app.core.engines.advisories import AdvisoryDB, shipped
from app.runtime.services.osv_refresh import ATTEMPT_FILE, CACHE_FILE, OsvAdvisories, osv_url
from tests.fakes.fake_osv import fake_osv


def test_the_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VLLM_TRAY_OSV_URL", raising=False)
    assert osv_url() == "https://api.osv.dev"
    monkeypatch.setenv("VLLM_TRAY_OSV_URL", "http://127.0.0.1:8/")
    assert osv_url() == "http://127.0.0.1:8"
    monkeypatch.setenv("VLLM_TRAY_OSV_URL", "off")
    assert osv_url() is None


async def test_switched_off_it_answers_the_snapshot_and_writes_nothing(tmp_path: Path) -> None:
    advisories = OsvAdvisories(tmp_path)  # the tests' conftest sets VLLM_TRAY_OSV_URL=off
    db = await advisories.refresh()
    assert (db.source, db.taken, len(db.advisories)) == ("snapshot", shipped().taken, 64)
    advisories.refresh_soon()
    assert not (tmp_path / "advisories").exists()
    await advisories.aclose()


async def test_a_damaged_or_hostile_cache_is_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "advisories"
    folder.mkdir()
    for damaged in (
        "{",
        "[" * 50_000,
        json.dumps({"taken": "yesterday", "records": []}),
        json.dumps({"taken": "2026-12-08", "records": [{"id": "x/../y", "ranges": []}]}),
    ):
        (folder / CACHE_FILE).write_text(damaged)
        assert OsvAdvisories(tmp_path).db().source == "snapshot"
    good = {**shipped().to_json(), "taken": "2026-12-08", "at": time.time()}
    (folder / CACHE_FILE).write_text(json.dumps(good))
    (folder / ATTEMPT_FILE).write_text(
        json.dumps({"at": time.time(), "url": "http://x\x1b[2J", "reason": "HTTP 500\nspoof"})
    )
    db = OsvAdvisories(tmp_path).db()
    assert (db.source, db.taken) == ("osv.dev", "2026-12-08")
    assert db.note == (
        "The list of vLLM advisories could not be updated from http://x (HTTP 500 spoof); "
        "the list of 2026-12-08 is used."
    )


async def test_a_refresh_is_announced_once_and_not_repeated_while_fresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    updates: list[AdvisoryDB] = []
    with fake_osv() as server:
        monkeypatch.setenv("VLLM_TRAY_OSV_URL", server.url)
        advisories = OsvAdvisories(tmp_path, updates.append)
        advisories.refresh_soon()  # a view asked: in the background
        for _ in range(2):
            db = await advisories.refresh()  # waits for nothing when not due
        await advisories.aclose()
        assert len(server.queries) == 1
    assert [u.source for u in updates] == ["osv.dev"]
    assert db.advisories[0].id == "PYSEC-2026-9001"
    assert len(db.advisories) == 65  # the new record and the shipped ones
    assert OsvAdvisories(tmp_path).db().taken == db.taken  # kept in the cache dir
