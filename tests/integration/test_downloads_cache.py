"""Status derived from the cache, repairing damaged caches, deleting, and local folders."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from huggingface_hub import scan_cache_dir

from app.core.events import EventBus
from app.core.models.registry import ModelEntry, parse_checkpoint
from app.core.problems.problems import ProblemError
from app.downloads.cache_layout import TOTAL_FILE
from app.downloads.manager import DownloadManager
from app.downloads.selection import select_files
from app.downloads.status import delete_model_files, model_status
from tests.fakes.fake_hub import FakeHub, build_tiny_model

REPO = "org/tiny"
SHARD = "model-00002-of-00002.safetensors"


def entry(checkpoint: str = REPO) -> ModelEntry:
    return ModelEntry(
        name="tiny", source="user", checkpoint=parse_checkpoint(checkpoint), size_gb=None, labels=()
    )


def manager(cache: Path, hub: FakeHub) -> DownloadManager:
    return DownloadManager(EventBus(), cache, token_provider=lambda: None, endpoint=hub.url)


async def download(cache: Path, hub: FakeHub, model: ModelEntry | None = None) -> str:
    mgr = manager(cache, hub)
    view = await mgr.wait(await mgr.start(model or entry()))
    return view.status


def total(hub: FakeHub) -> int:
    files = hub.repos[REPO].files
    return sum(files[p].size for p in select_files(files))


def blob(cache: Path, hub: FakeHub, path: str) -> Path:
    return cache / "models--org--tiny" / "blobs" / hub.repos[REPO].files[path].sha256


def snapshot_file(cache: Path, hub: FakeHub, path: str) -> Path:
    return cache / "models--org--tiny" / "snapshots" / hub.repos[REPO].commit / path


def absent(path: Path) -> bool:
    return not path.exists()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_status_follows_the_files_on_disk(hf_cache: Path, hub: FakeHub) -> None:
    before = model_status(entry(), hf_cache)
    assert (before.state, before.bytes_on_disk, before.snapshot_path) == ("not_downloaded", 0, None)

    assert await download(hf_cache, hub) == "completed"
    done = model_status(entry(), hf_cache)
    assert done.state == "complete"
    assert done.snapshot_path == snapshot_file(hf_cache, hub, "config.json").parent
    assert done.bytes_on_disk == total(hub)
    # A revision pinned to the commit reads the same snapshot.
    pinned = model_status(entry(f"{REPO}:{hub.repos[REPO].commit}"), hf_cache)
    assert pinned.snapshot_path == done.snapshot_path

    # Nothing is remembered: remove a shard behind the app's back and the status changes.
    blob(hf_cache, hub, SHARD).unlink()
    assert model_status(entry(), hf_cache).state == "partial"


async def test_truncated_blob_is_reported_and_repaired(hf_cache: Path, hub: FakeHub) -> None:
    assert await download(hf_cache, hub) == "completed"
    shard = blob(hf_cache, hub, SHARD)
    with shard.open("r+b") as f:
        f.truncate(shard.stat().st_size // 2)
    status = model_status(entry(), hf_cache)
    assert status.state == "partial"
    assert status.problem is not None and status.problem.code == "downloads.damaged"
    assert SHARD in status.problem.params["files"]

    served = {p: hub.served(REPO, p) for p in hub.repos[REPO].files}
    assert await download(hf_cache, hub) == "completed"
    changed = {p for p in served if hub.served(REPO, p) != served[p]}
    assert changed == {SHARD}  # only the damaged file came again
    assert digest(snapshot_file(hf_cache, hub, SHARD)) == hub.repos[REPO].files[SHARD].sha256
    assert model_status(entry(), hf_cache).state == "complete"


async def test_stale_partial_with_wrong_bytes_is_detected_and_redone(
    hf_cache: Path, hub: FakeHub
) -> None:
    size = hub.repos[REPO].files[SHARD].size
    stale = blob(hf_cache, hub, SHARD).with_suffix(".incomplete")
    stale.parent.mkdir(parents=True)
    stale.write_bytes(os.urandom(300_000))  # same name, foreign content

    assert await download(hf_cache, hub) == "completed"
    # Resumed after the stale prefix, failed the checksum, then fetched whole: nothing bad kept.
    assert hub.served(REPO, SHARD) == (size - 300_000) + size
    assert digest(snapshot_file(hf_cache, hub, SHARD)) == hub.repos[REPO].files[SHARD].sha256
    assert not stale.exists()


async def test_partial_longer_than_the_file_is_dropped(hf_cache: Path, hub: FakeHub) -> None:
    size = hub.repos[REPO].files[SHARD].size
    stale = blob(hf_cache, hub, SHARD).with_suffix(".incomplete")
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"\0" * (size + 10))
    assert await download(hf_cache, hub) == "completed"
    assert hub.served(REPO, SHARD) == size
    assert digest(snapshot_file(hf_cache, hub, SHARD)) == hub.repos[REPO].files[SHARD].sha256


async def test_a_file_that_keeps_arriving_damaged_fails_clearly(
    hf_cache: Path, hub: FakeHub
) -> None:
    # The hub's metadata promises one checksum and the body has another, every time.
    served_file = hub.repos[REPO].files[SHARD].disk
    data = bytearray(served_file.read_bytes())
    data[-1] ^= 0xFF
    served_file.write_bytes(bytes(data))
    mgr = manager(hf_cache, hub)
    view = await mgr.wait(await mgr.start(entry()))
    assert view.status == "failed"
    assert view.problem is not None
    assert view.problem["code"] == "downloads.corrupt"
    assert view.problem["params"]["file"] == SHARD
    assert not blob(hf_cache, hub, SHARD).exists()


async def test_delete_frees_the_bytes_and_the_status_follows(hf_cache: Path, hub: FakeHub) -> None:
    assert await download(hf_cache, hub) == "completed"
    partial = blob(hf_cache, hub, SHARD).with_name("leftover.incomplete")
    partial.write_bytes(b"x" * 1000)

    # The size the download has in all is kept beside it (issue 32 item 5): it goes too.
    kept_total = (hf_cache / "models--org--tiny" / TOTAL_FILE).stat().st_size
    freed = delete_model_files(entry(), hf_cache)
    ref = len(hub.repos[REPO].commit)  # refs/main holds the commit hash
    assert freed == total(hub) + 1000 + ref + kept_total
    assert not (hf_cache / "models--org--tiny").exists()
    assert model_status(entry(), hf_cache).state == "not_downloaded"
    assert scan_cache_dir(hf_cache).repos == frozenset()
    assert delete_model_files(entry(), hf_cache) == 0


async def test_manager_delete_cancels_a_running_download_first(
    hf_cache: Path, hub: FakeHub
) -> None:
    hub.throttle_bps = 500_000
    mgr = manager(hf_cache, hub)
    did = await mgr.start(entry())
    freed = await mgr.delete_files(entry())
    assert mgr.view(did).status == "cancelled"
    assert freed > 0
    assert not (hf_cache / "models--org--tiny").exists()


@pytest.fixture
def local_model(tmp_path: Path) -> Path:
    return build_tiny_model(tmp_path / "my models" / "tiny", weights_bytes=64 * 1024, extras=False)


async def test_local_folder_is_used_in_place(
    hf_cache: Path, hub: FakeHub, local_model: Path
) -> None:
    model = entry(str(local_model))
    status = model_status(model, hf_cache)
    assert (status.state, status.snapshot_path, status.problem) == ("complete", local_model, None)

    mgr = manager(hf_cache, hub)
    did = await mgr.start(model)
    view = await mgr.wait(did)
    assert view.status == "completed"
    assert view.done == view.total == status.bytes_on_disk
    assert hub.requests == []  # nothing fetched
    assert absent(hf_cache)  # nothing copied


async def test_local_folder_missing_weights_is_refused(
    hf_cache: Path, hub: FakeHub, local_model: Path
) -> None:
    (local_model / "model.safetensors").unlink()
    mgr = manager(hf_cache, hub)
    with pytest.raises(ProblemError) as err:
        await mgr.start(entry(str(local_model)))
    assert err.value.problem.code == "models.local_invalid"
    assert err.value.problem.params["missing"] == ["weights (*.safetensors)"]
    assert mgr.views() == []


def test_local_folders_are_never_deleted(hf_cache: Path, local_model: Path) -> None:
    files_before = sorted(p.name for p in local_model.iterdir())
    with pytest.raises(ProblemError) as err:
        delete_model_files(entry(str(local_model)), hf_cache)
    assert err.value.problem.code == "downloads.local_not_deleted"
    assert err.value.problem.params["path"] == str(local_model)
    assert sorted(p.name for p in local_model.iterdir()) == files_before
