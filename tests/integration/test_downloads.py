"""DownloadManager against the fake hub: full download, progress, cancel/resume, errors, disk."""

from __future__ import annotations

import asyncio
import hashlib
import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from huggingface_hub import constants as hf_constants
from huggingface_hub import scan_cache_dir, snapshot_download

from app.core.events import DownloadFinished, DownloadProgressed, EventBus
from app.core.models.registry import ModelEntry, parse_checkpoint
from app.core.problems.problems import ProblemError
from app.downloads.manager import DownloadManager
from app.downloads.selection import select_files
from app.downloads.status import model_status
from tests.fakes.fake_hub import FakeHub, build_tiny_model
from tests.harness import Events

REPO = "org/tiny"
SHARD1 = "model-00001-of-00002.safetensors"
SHARD2 = "model-00002-of-00002.safetensors"
WEIGHTS = 4 * 1024 * 1024


@pytest.fixture
def hub_weights_bytes() -> int:
    return WEIGHTS


class Bus(Events):
    """A bus of its own, recorded (tests/harness.py)."""

    def __init__(self) -> None:
        self.bus = EventBus()
        super().__init__(self.bus)
        self.events = self.seen

    def progress(self, download_id: str) -> list[DownloadProgressed]:
        return [
            e
            for e in self.events
            if isinstance(e, DownloadProgressed) and e.download_id == download_id
        ]

    def finished(self, download_id: str) -> list[DownloadFinished]:
        return [
            e
            for e in self.events
            if isinstance(e, DownloadFinished) and e.download_id == download_id
        ]


def entry(checkpoint: str = REPO, name: str = "tiny") -> ModelEntry:
    return ModelEntry(
        name=name, source="user", checkpoint=parse_checkpoint(checkpoint), size_gb=None, labels=()
    )


def manager(
    bus: Bus,
    cache: Path,
    hub: FakeHub | str,
    token: str | None = None,
    free: Callable[[Path], int] | None = None,
) -> DownloadManager:
    endpoint = hub if isinstance(hub, str) else hub.url
    return DownloadManager(
        bus.bus,
        cache,
        token_provider=lambda: token,
        endpoint=endpoint,
        progress_interval=0.05,
        **({"free_space": free} if free else {}),
    )


def expected_files(hub: FakeHub, repo: str = REPO) -> dict[str, int]:
    files = hub.repos[repo].files
    return {p: files[p].size for p in select_files(files)}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


async def test_full_download_lands_in_the_standard_cache(hf_cache: Path, hub: FakeHub) -> None:
    bus = Bus()
    mgr = manager(bus, hf_cache, hub)
    did = await mgr.start(entry())
    view = await mgr.wait(did)

    wanted = expected_files(hub)
    assert view.status == "completed"
    assert view.done == view.total == sum(wanted.values())
    # The cache is huggingface_hub's own: an offline snapshot_download finds every file.
    snap = Path(snapshot_download(REPO, cache_dir=hf_cache, local_files_only=True))
    assert files_under(snap) == set(wanted)
    for path in wanted:
        assert sha256(snap / path) == hub.repos[REPO].files[path].sha256
    # Duplicated weights in other formats were neither fetched nor linked.
    assert hub.served(REPO, "pytorch_model.bin") == 0
    assert hub.served(REPO, "onnx/model.onnx") == 0
    assert hub.total_served() == sum(wanted.values())
    status = model_status(entry(), hf_cache)
    assert (status.state, status.snapshot_path) == ("complete", snap)
    assert status.bytes_on_disk == sum(wanted.values())
    # `hf cache scan` sees a healthy repository.
    info = scan_cache_dir(hf_cache)
    assert info.warnings == []
    assert [r.repo_id for r in info.repos] == [REPO]
    # The token never leaves the hub: no Authorization at all without a token.
    assert all(r.authorization is None for r in hub.requests)


async def test_progress_is_monotonic_and_ends_exactly_at_the_total(
    hf_cache: Path, hub: FakeHub
) -> None:
    hub.throttle_bps = 4_000_000
    bus = Bus()
    mgr = manager(bus, hf_cache, hub)
    did = await mgr.start(entry())
    await mgr.wait(did)

    total = sum(expected_files(hub).values())
    events = bus.progress(did)
    assert len(events) >= 5
    dones = [e.done for e in events]
    assert dones == sorted(dones)
    assert all(e.total == total for e in events)
    assert all(0 <= e.file_done <= e.file_total for e in events)
    assert events[-1].done == total
    assert events[-1].file_done == events[-1].file_total
    per_file: dict[str, list[int]] = {}
    for e in events:
        per_file.setdefault(e.file, []).append(e.file_done)
    assert all(v == sorted(v) for v in per_file.values())
    assert SHARD1 in per_file and SHARD2 in per_file
    speeds = [e.speed_bps for e in events if e.speed_bps]
    assert speeds and max(speeds) < 8_000_000  # measured, and near the throttle
    assert any(e.eta_s is not None and e.eta_s > 0 for e in events)
    finished = bus.finished(did)
    assert [f.status for f in finished] == ["completed"]
    assert bus.events.index(finished[0]) > bus.events.index(events[-1])


async def test_cancel_mid_file_then_resume_after_restart(hf_cache: Path, hub: FakeHub) -> None:
    hub.throttle_bps = 2_000_000
    bus = Bus()
    mgr = manager(bus, hf_cache, hub)
    did = await mgr.start(entry())
    await bus.next(
        DownloadProgressed,
        lambda e: e.download_id == did and e.file == SHARD2 and e.file_done > 300_000,
    )
    # Cancel returns with the transfer stopped, not finished: shard 2 stays partial (below).
    assert await mgr.cancel(did)
    served_at_cancel = hub.total_served()
    # The hub's sending ends (the client went away); only what was in flight came after.
    assert await asyncio.to_thread(hub.wait_until_no_body_is_sent)
    assert hub.total_served() - served_at_cancel < 256 * 1024
    assert mgr.view(did).status == "cancelled"
    assert [f.status for f in bus.finished(did)] == ["cancelled"]
    assert not await mgr.cancel(did)  # already over

    shard2 = hub.repos[REPO].files[SHARD2]
    storage = hf_cache / "models--org--tiny"
    partial = storage / "blobs" / f"{shard2.sha256}.incomplete"
    kept = partial.stat().st_size
    assert 300_000 < kept < shard2.size
    assert model_status(entry(), hf_cache).state == "partial"

    # A new manager is an app restart; the disk check only needs what is still missing.
    before = {p: hub.served(REPO, p) for p in expected_files(hub)}
    missing = shard2.size - kept
    bus2 = Bus()
    mgr2 = manager(bus2, hf_cache, hub, free=lambda _p: missing)
    hub.throttle_bps = None
    did2 = await mgr2.start(entry())
    assert (await mgr2.wait(did2)).status == "completed"

    for path, served in before.items():
        if path != SHARD2:
            assert hub.served(REPO, path) == served, f"{path} was fetched again"
    assert hub.served(REPO, SHARD2) - before[SHARD2] == missing
    resumed = hub.body_requests(shard2.sha256)[-1]
    assert resumed.range == f"bytes={kept}-"
    assert resumed.status == 206
    assert sha256(storage / "snapshots" / hub.repos[REPO].commit / SHARD2) == shard2.sha256
    first = bus2.progress(did2)[0]
    assert first.done >= sum(expected_files(hub).values()) - missing


async def test_broken_connection_resumes_with_range(hf_cache: Path, hub: FakeHub) -> None:
    shard1 = hub.repos[REPO].files[SHARD1]
    hub.fail_once[(REPO, SHARD1)] = 1_000_000
    bus = Bus()
    mgr = manager(bus, hf_cache, hub)
    did = await mgr.start(entry())
    assert (await mgr.wait(did)).status == "completed"

    gets = hub.body_requests(shard1.sha256)
    assert [g.range for g in gets] == [None, "bytes=1000000-"]
    assert hub.served(REPO, SHARD1) == shard1.size  # not one byte fetched twice
    snap = hf_cache / "models--org--tiny" / "snapshots" / hub.repos[REPO].commit
    assert sha256(snap / SHARD1) == shard1.sha256


async def test_starting_a_running_download_again_returns_its_id(
    hf_cache: Path, hub: FakeHub
) -> None:
    hub.throttle_bps = 4_000_000
    bus = Bus()
    mgr = manager(bus, hf_cache, hub)
    first, second = await asyncio.gather(mgr.start(entry()), mgr.start(entry()))
    assert first == second
    assert await mgr.start(entry()) == first
    assert [v.download_id for v in mgr.views()] == [first]
    await mgr.wait(first)
    assert hub.total_served() == sum(expected_files(hub).values())


@pytest.fixture
def gated(hub: FakeHub, tmp_path: Path) -> FakeHub:
    folder = build_tiny_model(tmp_path / "gated", weights_bytes=64 * 1024, extras=False)
    hub.add_repo("org/gated", folder, gated=True, tokens=("hf_granted",))
    hub.add_repo("org/private", folder, private=True, tokens=("hf_granted",))
    hub.valid_tokens.add("hf_not_granted")
    return hub


@pytest.mark.parametrize(
    ("repo", "token", "reason"),
    [
        ("org/gated", None, "no_token"),
        ("org/gated", "hf_not_granted", "no_access"),
        ("org/gated", "hf_typo", "token_rejected"),
        ("org/private", None, "private_or_missing"),
        ("org/nonexistent", None, "private_or_missing"),
    ],
)
async def test_gated_and_private_repos_ask_for_a_token(
    hf_cache: Path, gated: FakeHub, repo: str, token: str | None, reason: str
) -> None:
    mgr = manager(Bus(), hf_cache, gated, token=token)
    with pytest.raises(ProblemError) as err:
        await mgr.start(entry(repo))
    assert err.value.problem.code == "downloads.gated"
    assert err.value.problem.params["reason"] == reason
    assert err.value.problem.params["repo"] == repo
    assert gated.total_served() == 0
    assert mgr.views() == []


async def test_gated_repo_downloads_with_a_granted_token(hf_cache: Path, gated: FakeHub) -> None:
    mgr = manager(Bus(), hf_cache, gated, token="hf_granted")
    did = await mgr.start(entry("org/gated"))
    assert (await mgr.wait(did)).status == "completed"
    hub_requests = [r for r in gated.requests if r.server == "hub"]
    cdn_requests = [r for r in gated.requests if r.server == "cdn"]
    assert hub_requests and all(r.authorization == "Bearer hf_granted" for r in hub_requests)
    # Following the redirect to the CDN must not carry the token along.
    assert cdn_requests and all(r.authorization is None for r in cdn_requests)


@pytest.mark.parametrize(
    ("checkpoint", "token", "params"),
    [
        ("org/nonexistent", "hf_not_granted", {"repo": "org/nonexistent", "revision": None}),
        ("org/private", "hf_not_granted", {"repo": "org/private", "revision": None}),
        ("org/tiny:v9", None, {"repo": "org/tiny", "revision": "v9"}),
    ],
)
async def test_missing_repositories_and_revisions(
    hf_cache: Path, gated: FakeHub, checkpoint: str, token: str | None, params: dict[str, object]
) -> None:
    mgr = manager(Bus(), hf_cache, gated, token=token)
    with pytest.raises(ProblemError) as err:
        await mgr.start(entry(checkpoint))
    assert err.value.problem.code == "downloads.not_found"
    assert dict(err.value.problem.params) == params


async def test_unreachable_hub(hf_cache: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    endpoint = f"http://127.0.0.1:{port}"  # nothing listens there any more
    mgr = manager(Bus(), hf_cache, endpoint)
    with pytest.raises(ProblemError) as err:
        await mgr.start(entry())
    assert err.value.problem.code == "downloads.unreachable"
    assert err.value.problem.params["endpoint"] == endpoint


async def test_offline_mode_refuses_clearly(
    hf_cache: Path, hub: FakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hf_constants, "HF_HUB_OFFLINE", True)
    mgr = manager(Bus(), hf_cache, hub)
    with pytest.raises(ProblemError) as err:
        await mgr.start(entry())
    assert err.value.problem.code == "downloads.offline"
    assert hub.requests == []


async def test_not_enough_disk_space_is_refused_before_any_byte(
    hf_cache: Path, hub: FakeHub
) -> None:
    total = sum(expected_files(hub).values())
    mgr = manager(Bus(), hf_cache, hub, free=lambda _p: 1_500_000)
    with pytest.raises(ProblemError) as err:
        await mgr.start(entry())
    p = err.value.problem
    assert p.code == "downloads.no_space"
    assert (p.params["needed_bytes"], p.params["free_bytes"]) == (total, 1_500_000)
    assert (p.params["needed_gb"], p.params["free_gb"]) == (round(total / 1e9, 2), 0.0)
    assert "GB" in p.english()
    assert hub.total_served() == 0
    assert not (hf_cache / "models--org--tiny").exists()


async def test_unknown_download_ids(hf_cache: Path, hub: FakeHub) -> None:
    mgr = manager(Bus(), hf_cache, hub)
    for call in (mgr.cancel("nope"), mgr.wait("nope")):
        with pytest.raises(ProblemError) as err:
            await call
        assert err.value.problem.code == "downloads.unknown"


async def test_shutdown_cancels_running_downloads_and_keeps_their_bytes(
    hf_cache: Path, hub: FakeHub
) -> None:
    hub.throttle_bps = 1_000_000
    bus = Bus()
    mgr = manager(bus, hf_cache, hub)
    did = await mgr.start(entry())
    await bus.next(
        DownloadProgressed,
        lambda e: e.download_id == did and e.file == SHARD1 and e.file_done > 100_000,
    )
    await mgr.shutdown()
    assert mgr.view(did).status == "cancelled"
    assert [f.status for f in bus.finished(did)] == ["cancelled"]
    assert model_status(entry(), hf_cache).state == "partial"
    assert model_status(entry(), hf_cache).bytes_on_disk > 100_000


async def test_server_ignoring_range_rewrites_the_file_from_the_start(
    hf_cache: Path, hub: FakeHub
) -> None:
    shard1 = hub.repos[REPO].files[SHARD1]
    hub.fail_once[(REPO, SHARD1)] = 1_000_000
    hub.ignore_range = True  # the retry after the break gets 200 and the whole file
    bus = Bus()
    mgr = manager(bus, hf_cache, hub)
    did = await mgr.start(entry())
    assert (await mgr.wait(did)).status == "completed"

    gets = hub.body_requests(shard1.sha256)
    assert [(g.range, g.status) for g in gets] == [(None, 200), ("bytes=1000000-", 200)]
    snap = hf_cache / "models--org--tiny" / "snapshots" / hub.repos[REPO].commit
    assert sha256(snap / SHARD1) == shard1.sha256  # not the old prefix plus the whole file
