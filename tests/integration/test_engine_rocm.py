"""The ROCm bundle installer against a real HTTP server on 127.0.0.1: Range, redirects, throttle."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.engines.engine_values import InstallProgress
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind
from app.supervisor.engines.base import (
    VERSION_FILE_NAME,
    read_version_file,
)
from app.supervisor.engines.rocm import PHASE_DONE, RocmEngine
from app.supervisor.engines.rocm_builds import PINNED_BASE, pinned_base_for, release_tag
from app.supervisor.engines.rocm_release import PHASE_DOWNLOADING, part_assets
from app.supervisor.engines.rocm_unpack import PHASE_EXTRACTING
from tests.fakes.bundle_server import BundleServer, bundle_archive, evil_archive

TARGET = "gfx1151"
TAG = f"{PINNED_BASE}-gfx1151"
STEM = f"{TAG}-x64"
ASSET_PATH = f"/dl/{TAG}/{STEM}.tar.gz"


@pytest.fixture
def server() -> Iterator[BundleServer]:
    with BundleServer() as srv:
        yield srv


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "data" / "engines" / "rocm"


def make_engine(
    server: BundleServer,
    root: Path,
    target: str | None = TARGET,
    prereq: bool | None = True,
    pinned_base: str | None = PINNED_BASE,
) -> RocmEngine:
    return RocmEngine(root, target, prereq, base_url=f"{server.url}/dl", pinned_base=pinned_base)


class Recorder:
    """Collects progress reports; optionally sets `cancel` once enough bytes arrived."""

    def __init__(self, cancel_after: int | None = None) -> None:
        self.events: list[InstallProgress] = []
        self.cancel = asyncio.Event()
        self._cancel_after = cancel_after

    def __call__(self, event: InstallProgress) -> None:
        self.events.append(event)
        if (
            self._cancel_after is not None
            and event.phase == PHASE_DOWNLOADING
            and event.done >= self._cancel_after
        ):
            self.cancel.set()

    def phase(self, name: str) -> list[InstallProgress]:
        return [e for e in self.events if e.phase == name]


def assert_monotonic_to_total(events: list[InstallProgress], total: int) -> None:
    assert events, "no progress reported"
    done = [e.done for e in events]
    assert done == sorted(done), done
    assert all(e.total == total for e in events)
    assert events[-1].done == total


def assert_installed(root: Path, marker: str = "v1") -> None:
    launcher = root / "bin" / "vllm-server"
    assert launcher.is_file()
    assert os.access(launcher, os.X_OK)
    assert (root / "BUNDLE_MARKER").read_text() == marker
    assert (root / "lib" / "libfake-rocm.so").resolve() == (root / "lib" / "libfake-rocm.so.7")


def absent(path: Path) -> bool:
    return not path.exists()


def built(root: Path, tag: str = TAG) -> Path:
    """Where the build `tag` is installed: its own folder beside the others."""
    return root.with_name(root.name + "-builds") / tag


def leftovers(root: Path) -> list[str]:
    """Sibling folders an install may create temporarily; none may survive it."""
    names = (".staging", ".old", ".downloads")
    found = [root.name + n for n in names if root.with_name(root.name + n).exists()]
    builds = root.with_name(root.name + "-builds")
    return found + sorted(p.name for p in builds.glob("*.old"))


def test_release_naming() -> None:
    assert release_tag(PINNED_BASE, "gfx1151") == "vllm0.20.1-rocm7.12.0-gfx1151"
    assert release_tag(PINNED_BASE, "gfx1150") == "vllm0.20.1-rocm7.12.0-gfx1150"
    assert release_tag(PINNED_BASE, "gfx1103") == "vllm0.20.1-rocm7.12.0-gfx110X"
    assert release_tag(PINNED_BASE, "gfx1201") == "vllm0.20.1-rocm7.12.0-gfx120X"
    assert part_assets("t-x64", 3) == [
        "t-x64.part01-of-03.tar.gz",
        "t-x64.part02-of-03.tar.gz",
        "t-x64.part03-of-03.tar.gz",
    ]


async def test_install_single_archive(server: BundleServer, root: Path) -> None:
    archive = bundle_archive()
    server.files[ASSET_PATH] = archive
    engine = make_engine(server, root)
    recorder = Recorder()

    status = await engine.install(recorder)

    assert status.installed and status.version == TAG and status.problem is None
    assert status.location == built(root)
    assert_installed(built(root))
    info = read_version_file(built(root))
    assert info is not None and info.kind is EngineKind.ROCM and info.version == TAG
    assert (built(root) / VERSION_FILE_NAME).is_file()
    assert leftovers(root) == []
    assert_monotonic_to_total(recorder.phase(PHASE_DOWNLOADING), len(archive))
    assert_monotonic_to_total(recorder.phase(PHASE_EXTRACTING), len(archive))
    assert recorder.events[-1].phase == PHASE_DONE
    assert [(r.method, r.path, r.status) for r in server.requests] == [
        ("GET", f"/dl/{TAG}/{STEM}.partcount", 404),
        ("HEAD", ASSET_PATH, 200),
        ("GET", ASSET_PATH, 200),
    ]
    command = engine.command()
    assert command.prefix == (str(built(root) / "bin" / "vllm-server"),)
    assert command.default_args == ("--enforce-eager",)
    assert command.env["FLASH_ATTENTION_TRITON_AMD_ENABLE"] == "TRUE"
    # AMD's vLLM optimization guide, bare metal: weights straight to the GPU, kernel
    # arguments in device memory.
    assert command.env["SAFETENSORS_FAST_GPU"] == "1"
    assert command.env["HIP_FORCE_DEV_KERNARG"] == "1"


def test_instinct_targets_have_their_own_pin() -> None:
    # The publisher builds gfx942/gfx950 on another vLLM and ROCm than the consumer parts.
    assert pinned_base_for("gfx942") == "vllm0.19.1-rocm7.13.0"
    assert pinned_base_for("gfx950") == "vllm0.19.1-rocm7.13.0"
    assert pinned_base_for("gfx1151") == PINNED_BASE == "vllm0.20.1-rocm7.12.0"
    assert pinned_base_for("gfx1100") == PINNED_BASE
    assert RocmEngine(Path("/nowhere"), "gfx942", None).tag == "vllm0.19.1-rocm7.13.0-gfx942"
    assert RocmEngine(Path("/nowhere"), "gfx950", None).tag == "vllm0.19.1-rocm7.13.0-gfx950"
    assert RocmEngine(Path("/nowhere"), "gfx1201", None).tag == f"{PINNED_BASE}-gfx120X"


@pytest.mark.parametrize("target", ["gfx942", "gfx950"])
async def test_an_instinct_gpu_installs_its_pinned_release_and_runs_without_eager(
    server: BundleServer, root: Path, target: str
) -> None:
    tag = f"vllm0.19.1-rocm7.13.0-{target}"
    server.files[f"/dl/{tag}/{tag}-x64.tar.gz"] = bundle_archive(payload_size=1024)
    engine = make_engine(server, root, target=target, prereq=None, pinned_base=None)
    status = await engine.install(Recorder())
    assert status.installed and status.version == tag and status.problem is None
    assert_installed(built(root, tag))
    # Lemonade's rule: --enforce-eager everywhere but on gfx9 (Instinct).
    assert engine.command().default_args == ()


async def test_family_release_is_requested(server: BundleServer, root: Path) -> None:
    tag = f"{PINNED_BASE}-gfx110X"
    server.files[f"/dl/{tag}/{tag}-x64.tar.gz"] = bundle_archive(payload_size=1024)
    status = await make_engine(server, root, target="gfx1101", prereq=None).install(Recorder())
    assert status.version == tag
    assert_installed(built(root, tag))


async def test_install_split_into_parts(server: BundleServer, root: Path) -> None:
    archive = bundle_archive(payload_size=300 * 1024)
    third = len(archive) // 3
    pieces = [archive[:third], archive[third : 2 * third], archive[2 * third :]]
    server.files[f"/dl/{TAG}/{STEM}.partcount"] = b"3\n"
    for name, piece in zip(part_assets(STEM, 3), pieces, strict=True):
        server.files[f"/dl/{TAG}/{name}"] = piece
    recorder = Recorder()

    status = await make_engine(server, root).install(recorder)

    assert status.installed and status.version == TAG
    assert_installed(built(root))
    downloading = recorder.phase(PHASE_DOWNLOADING)
    assert_monotonic_to_total(downloading, len(archive))
    assert any("part 3 of 3" in e.message for e in downloading)
    gets = [r.path for r in server.requests if r.method == "GET"]
    assert gets == [
        f"/dl/{TAG}/{STEM}.partcount",
        *(f"/dl/{TAG}/{name}" for name in part_assets(STEM, 3)),
    ]
    assert ASSET_PATH not in gets


async def test_resume_after_cancel_uses_range(server: BundleServer, root: Path) -> None:
    archive = bundle_archive(payload_size=512 * 1024)
    # Like GitHub, the release URL redirects to the storage host; Range must survive that.
    server.redirects[ASSET_PATH] = "/objects/blob"
    server.files["/objects/blob"] = archive
    server.chunk_size = 8 * 1024
    server.delay_per_chunk = 0.02
    engine = make_engine(server, root)
    first = Recorder(cancel_after=32 * 1024)

    with pytest.raises(ProblemError) as caught:
        await engine.install(first, first.cancel)

    assert caught.value.problem.code == "engine.install_cancelled"
    partial = engine.downloads / f"{STEM}.tar.gz.partial"
    kept = partial.stat().st_size
    assert 0 < kept < len(archive)
    assert absent(root)
    first_run_bytes = server.bytes_sent("/objects/blob")

    server.delay_per_chunk = 0.0
    server.clear_log()
    second = Recorder()
    status = await engine.install(second, second.cancel)

    assert status.installed
    assert_installed(built(root))
    blob_gets = [r for r in server.requests if r.method == "GET" and r.path == "/objects/blob"]
    assert [(r.range, r.status) for r in blob_gets] == [(f"bytes={kept}-", 206)]
    assert first_run_bytes + server.bytes_sent("/objects/blob") < 2 * len(archive)
    downloading = second.phase(PHASE_DOWNLOADING)
    assert downloading[0].done >= kept
    assert_monotonic_to_total(downloading, len(archive))
    assert leftovers(root) == []


async def test_server_without_range_restarts_the_file(server: BundleServer, root: Path) -> None:
    archive = bundle_archive(payload_size=256 * 1024)
    server.files[ASSET_PATH] = archive
    server.support_range = False
    server.chunk_size = 8 * 1024
    server.delay_per_chunk = 0.02
    engine = make_engine(server, root)
    first = Recorder(cancel_after=16 * 1024)
    with pytest.raises(ProblemError):
        await engine.install(first, first.cancel)
    assert (engine.downloads / f"{STEM}.tar.gz.partial").stat().st_size > 0

    server.delay_per_chunk = 0.0
    server.clear_log()
    await engine.install(Recorder())

    gets = [r for r in server.requests if r.method == "GET" and r.path == ASSET_PATH]
    assert len(gets) == 1 and gets[0].range is not None and gets[0].status == 200
    assert_installed(built(root))


@pytest.mark.parametrize("kind", ["dotdot", "absolute", "symlink", "symlink_chain", "hardlink"])
async def test_hostile_archive_is_refused(server: BundleServer, root: Path, kind: str) -> None:
    outside = root.parent.parent / "outside"
    outside.mkdir(parents=True)
    (outside / "secret").write_text("keep")
    server.files[ASSET_PATH] = evil_archive(kind)
    engine = make_engine(server, root)

    with pytest.raises(ProblemError) as caught:
        await engine.install(Recorder())

    assert caught.value.problem.code == "engine.unsafe_archive"
    assert absent(root)
    assert leftovers(root) == []  # the hostile download is deleted, not kept for a retry
    tmp = root.parent.parent.parent
    assert [p for p in tmp.rglob("*evil*")] == []
    assert sorted(p.name for p in outside.iterdir()) == ["secret"]
    assert (outside / "secret").read_text() == "keep"
    assert absent(Path("/tmp/vllm-tray-test-evil"))


async def test_absolute_member_is_refused_by_name(server: BundleServer, root: Path) -> None:
    # tarfile's "data" filter would only strip the slash; our own check refuses the entry.
    server.files[ASSET_PATH] = evil_archive("absolute")
    with pytest.raises(ProblemError) as caught:
        await make_engine(server, root).install(Recorder())
    assert caught.value.problem.params["member"] == "/tmp/vllm-tray-test-evil"


@pytest.mark.parametrize(
    ("target", "prereq", "code"),
    [
        (None, None, "engine.no_gpu"),
        ("gfx1030", None, "engine.unsupported_gpu"),
        ("gfx90a", None, "engine.unsupported_gpu"),  # MI200: no bundle is published
        ("gfx1151", False, "engine.kernel_prerequisite"),
    ],
)
async def test_refused_before_any_download(
    server: BundleServer, root: Path, target: str | None, prereq: bool | None, code: str
) -> None:
    server.files[ASSET_PATH] = bundle_archive(payload_size=1024)
    engine = make_engine(server, root, target=target, prereq=prereq)

    with pytest.raises(ProblemError) as caught:
        await engine.install(Recorder())

    problem = caught.value.problem
    assert problem.code == code
    assert server.requests == []
    assert absent(root.parent)
    assert engine.status().problem == problem
    if code == "engine.unsupported_gpu":
        assert problem.params["target"] == target
        assert "gfx1151" in problem.params["supported"]
    if code == "engine.kernel_prerequisite":
        text = problem.english()
        assert "cwsr_size" in text and "ctl_stack_size" in text and "6.18.4" in text
        assert "hang or crash" in text


async def test_reinstall_of_the_same_tag_is_a_no_op(server: BundleServer, root: Path) -> None:
    server.files[ASSET_PATH] = bundle_archive(payload_size=1024)
    engine = make_engine(server, root)
    await engine.install(Recorder())
    before = read_version_file(built(root))
    server.clear_log()
    recorder = Recorder()

    status = await engine.install(recorder)

    assert status.installed and status.version == TAG
    assert server.requests == []
    assert read_version_file(built(root)) == before
    assert [e.phase for e in recorder.events] == [PHASE_DONE]


async def test_a_new_build_installs_beside_the_old_one(server: BundleServer, root: Path) -> None:
    newer_base = "vllm0.21.0-rocm7.13.0"
    newer_tag = f"{newer_base}-gfx1151"
    server.files[ASSET_PATH] = bundle_archive(payload_size=1024, marker="v1")
    server.files[f"/dl/{newer_tag}/{newer_tag}-x64.tar.gz"] = bundle_archive(1024, marker="v2")
    await make_engine(server, root).install(Recorder())
    newer = make_engine(server, root, pinned_base=newer_base)

    status = await newer.install(Recorder())

    assert status.version == newer_tag and status.problem is None
    assert_installed(built(root, newer_tag), marker="v2")
    assert_installed(built(root), marker="v1")  # the old build stays, in its own folder
    assert leftovers(root) == []
    server.clear_log()
    back = await newer.install(Recorder(), build=TAG)
    assert back.version == TAG and back.location == built(root)
    assert server.requests == []  # switching back is no download


async def test_damaged_archive_keeps_the_installed_engine(server: BundleServer, root: Path) -> None:
    server.files[ASSET_PATH] = bundle_archive(payload_size=1024, marker="v1")
    await make_engine(server, root).install(Recorder())
    newer_base = "vllm0.21.0-rocm7.13.0"
    newer_tag = f"{newer_base}-gfx1151"
    good = bundle_archive(payload_size=64 * 1024, marker="v2")
    server.files[f"/dl/{newer_tag}/{newer_tag}-x64.tar.gz"] = good[: len(good) // 2]

    with pytest.raises(ProblemError) as caught:
        await make_engine(server, root, pinned_base=newer_base).install(Recorder())

    assert caught.value.problem.code == "engine.bad_archive"
    assert_installed(built(root), marker="v1")
    assert read_version_file(built(root)) is not None
    assert leftovers(root) == []


@pytest.mark.parametrize("body", [b"three", b"0", b"100"])
async def test_malformed_partcount_is_refused(
    server: BundleServer, root: Path, body: bytes
) -> None:
    server.files[f"/dl/{TAG}/{STEM}.partcount"] = body
    with pytest.raises(ProblemError) as caught:
        await make_engine(server, root).install(Recorder())
    assert caught.value.problem.code == "engine.bad_release"


async def test_missing_release_is_a_download_failure(server: BundleServer, root: Path) -> None:
    with pytest.raises(ProblemError) as caught:
        await make_engine(server, root).install(Recorder())
    assert caught.value.problem.code == "engine.download_failed"
    assert caught.value.problem.params["url"].endswith(f"{STEM}.tar.gz")
    assert absent(root)


async def test_command_before_install_and_per_target(server: BundleServer, root: Path) -> None:
    with pytest.raises(ProblemError) as caught:
        make_engine(server, root).command()
    assert caught.value.problem.code == "engine.missing"

    server.files[ASSET_PATH] = bundle_archive(payload_size=1024)
    await make_engine(server, root).install(Recorder())
    # gfx9 (Instinct) runs without --enforce-eager; the other targets need it.
    assert RocmEngine(root, "gfx942", None).command().default_args == ()
    assert RocmEngine(root, "gfx1100", None).command().default_args == ("--enforce-eager",)
    with pytest.raises(ProblemError) as caught:
        RocmEngine(root, "gfx1151", False).command()
    assert caught.value.problem.code == "engine.kernel_prerequisite"


async def test_incomplete_install_is_reported_damaged(server: BundleServer, root: Path) -> None:
    server.files[ASSET_PATH] = bundle_archive(payload_size=1024)
    engine = make_engine(server, root)
    await engine.install(Recorder())
    (built(root) / "bin" / "vllm-server").unlink()

    status = engine.status()

    assert not status.installed
    assert status.problem is not None and status.problem.code == "engine.damaged"
    server.clear_log()
    repaired = await engine.install(Recorder())  # same tag, but broken: installs again
    assert repaired.installed
    assert any(r.path == ASSET_PATH for r in server.requests)
    assert_installed(built(root))


async def test_cancel_while_unpacking_keeps_the_download(server: BundleServer, root: Path) -> None:
    archive = bundle_archive(payload_size=64 * 1024)
    server.files[ASSET_PATH] = archive
    engine = make_engine(server, root)
    # Cancel on the last download report: the download completes, unpacking sees the cancel.
    first = Recorder(cancel_after=len(archive))

    with pytest.raises(ProblemError) as caught:
        await engine.install(first, first.cancel)

    assert caught.value.problem.code == "engine.install_cancelled"
    assert (engine.downloads / f"{STEM}.tar.gz").stat().st_size == len(archive)
    assert absent(root)
    assert leftovers(root) == [root.name + ".downloads"]
    server.clear_log()
    await engine.install(Recorder())
    assert [r.method for r in server.requests if r.path == ASSET_PATH] == ["HEAD"]
    assert_installed(built(root))


async def test_interrupted_swap_is_recovered(server: BundleServer, root: Path) -> None:
    server.files[ASSET_PATH] = bundle_archive(payload_size=1024)
    engine = make_engine(server, root)
    await engine.install(Recorder())
    # As if a run stopped between the two renames of the swap:
    await asyncio.to_thread(built(root).rename, built(root).with_name(TAG + ".old"))
    assert not engine.status().installed
    server.clear_log()

    status = await engine.install(Recorder())

    assert status.installed
    assert server.requests == []
    assert_installed(built(root))
    assert leftovers(root) == []


async def test_concurrent_installs_download_once(server: BundleServer, root: Path) -> None:
    archive = bundle_archive(payload_size=128 * 1024)
    server.files[ASSET_PATH] = archive
    server.chunk_size = 16 * 1024
    server.delay_per_chunk = 0.05
    one, two = Recorder(), Recorder()

    first, second = await asyncio.gather(
        make_engine(server, root).install(one), make_engine(server, root).install(two)
    )

    assert first.installed and second.installed
    assert len([r for r in server.requests if r.method == "GET" and r.path == ASSET_PATH]) == 1
    waited = [r for r in (one, two) if r.phase("waiting")]
    assert len(waited) == 1
    assert [e.phase for e in waited[0].events] == ["waiting", PHASE_DONE]
    assert_installed(built(root))
