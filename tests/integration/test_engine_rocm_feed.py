"""`vllm-tray engine list rocm` / `engine install rocm [BUILD]` on a faked gfx1151, against the
publisher's feed (as published on 2026-08-11) and its releases served on 127.0.0.1."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fakes.bundle_server import BundleServer, bundle_archive
from tests.unit import sysfs_trees as trees

ROOT = Path(__file__).resolve().parents[2]
FEED = (ROOT / "tests/fakes/data/vllm_rocm_qualification_2026-08-11.json").read_bytes()
NEWEST = "vllm0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724-gfx1151"
PIN = "vllm0.20.1-rocm7.12.0-gfx1151"
FEED_PATH = "/qualification/index.json"


def asset(tag: str) -> str:
    return f"/dl/{tag}/{tag}-x64.tar.gz"


class Machine:
    """A config dir on a faked Strix Halo, with the feed and releases on one loopback server."""

    def __init__(self, tmp_path: Path, server: BundleServer) -> None:
        self.home = tmp_path / "home"
        self.server = server
        self.env = {
            **os.environ,
            "VLLM_TRAY_SYSFS_ROOT": str(trees.strix_halo(tmp_path / "sys")),
            "VLLM_TRAY_ROCM_FEED_URL": server.url + FEED_PATH,
            "VLLM_TRAY_ROCM_RELEASES_URL": server.url + "/dl",
            "VLLM_TRAY_ROCM_API_URL": server.url + "/api",
        }
        self.env.pop("VLLM_TRAY_HOME", None)
        server.files[FEED_PATH] = FEED
        for tag, marker in ((PIN, "pin"), (NEWEST, "newest")):
            archive = bundle_archive(payload_size=2048, marker=marker)
            server.files[asset(tag)] = archive
            self.publish_digest(tag, hashlib.sha256(archive).hexdigest())

    def publish_digest(self, tag: str, digest: str) -> None:
        """What GitHub's API lists for the release (`digest` per asset)."""
        body = {"assets": [{"name": f"{tag}-x64.tar.gz", "digest": f"sha256:{digest}"}]}
        self.server.files[f"/api/{tag}"] = json.dumps(body).encode()

    def cli(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "app", *argv, "--config-dir", str(self.home)],
            env=self.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def builds(self) -> dict[str, Any]:
        done = self.cli("engine", "list", "rocm", "--json")
        assert done.returncode == 0, done.stderr
        found: dict[str, Any] = json.loads(done.stdout)
        return found

    def rocm_status(self) -> dict[str, Any]:
        done = self.cli("engine", "status", "--json")
        assert done.returncode == 0, done.stderr
        rows = json.loads(done.stdout)["engines"]
        row: dict[str, Any] = next(r for r in rows if r["kind"] == "rocm")
        return row

    def downloads(self) -> list[str]:
        return [r.path for r in self.server.requests if r.path.startswith("/dl/")]

    @property
    def builds_dir(self) -> Path:
        return self.home / "cache" / "engines" / "rocm-builds"


@pytest.fixture
def machine(tmp_path: Path) -> Iterator[Machine]:
    with BundleServer() as server:
        yield Machine(tmp_path, server)


def default_of(listing: dict[str, Any]) -> dict[str, Any]:
    (row,) = [b for b in listing["builds"] if b["default"]]
    return row


def test_the_list_shows_the_qualified_025_build_as_default(machine: Machine) -> None:
    done = machine.cli("engine", "list", "rocm")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].startswith("ROCm builds for gfx1151, qualification feed of 2026-08-11T23:13")
    at = lines.index(f"  {NEWEST}")
    assert "vLLM 0.25.2.dev0+rocm7.15.0a20260724" in lines[at + 1]
    # With the advisories that apply to it (issue 34): a 0.25.2 pre-release, inside those
    # fixed in 0.30.0 and 0.32.0.
    assert (
        "ROCm 7.15.0 · nightly · qualified · 5 known advisories (worst: high) [default]"
        in (lines[at + 1])
    )
    at = lines.index("  vllm0.22.1-gfx1151")
    assert "stable · not qualified: tier0=fail, tier1=fail, tier2 missing" in lines[at + 1]
    at = lines.index("  vllm0.19.1+rocm7.13.0rc2-gfx1151")
    assert "not qualified: torch ABI mismatch in native extensions" in lines[at + 1]

    listing = machine.builds()
    assert listing["gfx_target"] == "gfx1151" and listing["feed"]["origin"] == "online"
    assert default_of(listing)["tag"] == NEWEST
    assert default_of(listing)["channel"] == "nightly"
    assert default_of(listing)["advisories"] == 5 and default_of(listing)["fixed_by"] == "0.32.0"
    pinned = next(b for b in listing["builds"] if b["tag"] == PIN)
    assert pinned["advisories"] > default_of(listing)["advisories"]  # 0.20.1: many more
    tags = [b["tag"] for b in listing["builds"]]
    assert not any(t.startswith("vllm-omni") for t in tags)  # another server, not offered
    assert tags[-1] == PIN  # today's pin stays choosable
    assert len(tags) == len(set(tags)) == 9


def test_a_newer_build_installs_beside_the_pin_and_switching_back_downloads_nothing(
    machine: Machine,
) -> None:
    # Before the feed qualified anything for this GPU: today's pin is the default.
    machine.server.files[FEED_PATH] = json.dumps(
        {"schema_version": 1, "updated_at": "2026-05-01T00:00:00Z", "builds": []}
    ).encode()
    first = machine.cli("engine", "install", "rocm")
    assert first.returncode == 0, first.stderr
    assert machine.rocm_status()["version"] == PIN
    assert machine.rocm_status()["problem"] is None
    # The feed qualifies a newer build: once seen, status says so, with the command.
    machine.server.files[FEED_PATH] = FEED
    assert default_of(machine.builds())["tag"] == NEWEST
    superseded = machine.rocm_status()["problem"]
    assert f"{NEWEST} (vLLM 0.25.2.dev0" in superseded and "nightly" in superseded
    assert "vllm-tray engine install rocm" in superseded

    newest = machine.cli("engine", "install", "rocm")
    assert newest.returncode == 0, newest.stderr
    status = machine.rocm_status()
    assert status["version"] == NEWEST and status["problem"] is None
    assert status["location"] == str(machine.builds_dir / NEWEST)
    assert (machine.builds_dir / PIN / "BUNDLE_MARKER").read_text() == "pin"
    assert (machine.builds_dir / NEWEST / "BUNDLE_MARKER").read_text() == "newest"

    machine.server.clear_log()
    back = machine.cli("engine", "install", "rocm", PIN)
    assert back.returncode == 0, back.stderr
    status = machine.rocm_status()
    assert status["version"] == PIN
    assert status["problem"] is None  # chosen over the newer build: not said again
    assert machine.downloads() == []  # one action, nothing downloaded
    again = machine.cli("engine", "install", "rocm", NEWEST)
    assert again.returncode == 0 and machine.downloads() == []
    listing = machine.builds()
    in_use = [b["tag"] for b in listing["builds"] if b["in_use"]]
    installed = sorted(b["tag"] for b in listing["builds"] if b["installed"])
    assert in_use == [NEWEST] and installed == sorted([NEWEST, PIN])


def test_a_checksum_mismatch_leaves_the_working_engine_in_use(machine: Machine) -> None:
    assert machine.cli("engine", "install", "rocm", PIN).returncode == 0
    machine.publish_digest(NEWEST, "0" * 64)

    done = machine.cli("engine", "install", "rocm")

    assert done.returncode != 0
    assert "its SHA-256 is not the one the release lists" in done.stderr
    assert "the engine in use stays as it was" in done.stderr
    assert machine.rocm_status()["version"] == PIN
    assert not (machine.builds_dir / NEWEST).exists()
    assert not (machine.home / "cache" / "engines" / "rocm.downloads").exists()


def test_a_failed_download_leaves_the_working_engine_in_use(machine: Machine) -> None:
    assert machine.cli("engine", "install", "rocm", PIN).returncode == 0
    del machine.server.files[asset(NEWEST)]

    done = machine.cli("engine", "install", "rocm")

    assert done.returncode != 0 and "failed: HTTP 404" in done.stderr
    assert machine.rocm_status()["version"] == PIN


def test_an_unknown_build_is_refused_with_a_sentence(machine: Machine) -> None:
    done = machine.cli("engine", "install", "rocm", "../../etc")
    assert done.returncode != 0
    assert "There is no ROCm build “../../etc” for your GPU (gfx1151)" in done.stderr
    assert machine.downloads() == []


def hostile_feeds() -> dict[str, bytes]:
    doc = json.loads(FEED)
    traversal = json.loads(FEED)
    traversal["builds"][1]["tag"] = "../../../evil-gfx1151"
    slash = json.loads(FEED)
    slash["builds"][1]["tag"] = "vllm0.99/../../x-gfx1151"
    newer_schema = dict(doc, schema_version=2)
    return {
        "traversal": json.dumps(traversal).encode(),
        "slash": json.dumps(slash).encode(),
        "huge": b'{"schema_version": 1, "pad": "' + b"x" * 3_000_000 + b'"}',
        "bad json": FEED[: len(FEED) // 2],
        "schema 2": json.dumps(newer_schema).encode(),
        "deep": b"[" * 100_000,
        "offline": b"",  # no feed at all: the server answers 404
    }


@pytest.mark.parametrize("kind", sorted(hostile_feeds()))
def test_a_hostile_feed_is_refused_and_the_last_good_one_is_used(
    machine: Machine, kind: str
) -> None:
    assert machine.builds()["feed"]["origin"] == "online"  # a good feed seen, and cached
    machine.server.files[FEED_PATH] = hostile_feeds()[kind]
    if kind == "offline":
        del machine.server.files[FEED_PATH]

    done = machine.cli("engine", "list", "rocm")

    assert done.returncode == 0, done.stderr
    assert "could not be used" in done.stderr and "showing the list seen last" in done.stderr
    assert f"  {NEWEST}" in done.stdout.splitlines()
    assert "evil" not in done.stdout
    assert not list(machine.home.rglob("*evil*"))
    listing = machine.builds()
    assert listing["feed"]["origin"] == "cached" and default_of(listing)["tag"] == NEWEST


def test_without_any_feed_the_shipped_snapshot_is_used(machine: Machine) -> None:
    machine.server.files[FEED_PATH] = b"not json"
    done = machine.cli("engine", "list", "rocm", "--json")
    assert done.returncode == 0
    listing = json.loads(done.stdout)
    assert listing["feed"]["origin"] == "shipped"
    assert "the list shipped with vLLM Tray (2026-08-11T23:13:01Z)" in done.stderr
    assert default_of(listing)["tag"] == NEWEST
    assert not (machine.home / "cache" / "feeds" / "rocm_qualification.json").exists()


def test_stable_only_keeps_the_pin(machine: Machine) -> None:
    assert machine.cli("config", "set", "engine.rocm_stable_only=true").returncode == 0
    listing = machine.builds()
    assert default_of(listing)["tag"] == PIN
    assert default_of(listing)["channel"] == "stable"
    done = machine.cli("engine", "install", "rocm")
    assert done.returncode == 0, done.stderr
    assert machine.rocm_status()["version"] == PIN
    assert machine.rocm_status()["problem"] is None  # no qualified stable build is newer


def test_without_an_amd_gpu_there_is_no_rocm_build_to_list(
    machine: Machine, tmp_path: Path
) -> None:
    machine.env["VLLM_TRAY_SYSFS_ROOT"] = str(trees.cpu_only(tmp_path / "no-gpu"))
    done = machine.cli("engine", "list", "rocm")
    assert done.returncode == 1 and done.stdout == ""
    assert "No AMD GPU" in done.stderr or "no AMD GPU" in done.stderr
    cpu = machine.cli("engine", "install", "cpu", "0.25.2")
    assert cpu.returncode != 0
    assert "Only the ROCm engine has builds to choose from" in cpu.stderr
