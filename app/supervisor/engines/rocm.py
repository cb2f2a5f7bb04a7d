"""The ROCm vLLM bundle from the lemonade-sdk/vllm-rocm releases, one build per GPU family."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import threading
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from app.core.gpu import GFX1151_PREREQ_KERNEL, SUPPORTED_ROCM_TARGETS, gfx_family
from app.core.problems import Fix, FixKind, Problem, ProblemError, problem, tr_noop
from app.core.states import EngineKind
from app.supervisor.engines.archive import (
    TransferCancelled,
    download,
    extract_tar_gz,
    fetch_text,
    remote_size,
)
from app.supervisor.engines.base import (
    EngineCommand,
    EngineStatus,
    InstallProgress,
    ProgressCallback,
    engine_missing,
    install_cancelled,
    install_lock,
    read_version_file,
    write_version_file,
)

DEFAULT_BASE_URL = "https://github.com/lemonade-sdk/vllm-rocm/releases/download"
PINNED_BASE = "vllm0.20.1-rocm7.12.0"
# The bundle's publisher (Lemonade) pins the Instinct targets to another build; the same
# pins here, so that the release tags exist.
TARGET_PINNED_BASES = MappingProxyType(
    {"gfx942": "vllm0.19.1-rocm7.13.0", "gfx950": "vllm0.19.1-rocm7.13.0"}
)
LAUNCHER = Path("bin") / "vllm-server"
# Lemonade starts the same bundle with the first; the launcher itself sets the library path.
# The other two are what AMD's vLLM optimization guide sets on bare metal: safetensors
# loaded straight to the GPU (faster weights), and kernel arguments in device memory (lower
# launch latency). docs/throughput.md, "Load to first token".
ENGINE_ENV = MappingProxyType(
    {
        "FLASH_ATTENTION_TRITON_AMD_ENABLE": "TRUE",
        "SAFETENSORS_FAST_GPU": "1",
        "HIP_FORCE_DEV_KERNARG": "1",
    }
)
MAX_PARTS = 99  # part names carry two digits

# Before these: base.PHASE_WAITING, while another process holds the install lock.
PHASE_CHECKING = "checking"
PHASE_DOWNLOADING = "downloading"
PHASE_EXTRACTING = "extracting"
PHASE_FINISHING = "finishing"
PHASE_DONE = "done"

_MB = 1_000_000


if TYPE_CHECKING:
    import httpx


def pinned_base_for(gfx_target: str) -> str:
    """The vLLM + ROCm build a GPU target's bundle comes from."""
    return TARGET_PINNED_BASES.get(gfx_target.strip().lower(), PINNED_BASE)


def release_tag(pinned_base: str, gfx_target: str) -> str:
    """`vllm0.20.1-rocm7.12.0` + gfx1101 → `vllm0.20.1-rocm7.12.0-gfx110X`."""
    return f"{pinned_base}-{gfx_family(gfx_target)}"


def part_assets(stem: str, count: int) -> list[str]:
    """Names of a split archive: `<stem>.part01-of-03.tar.gz` … (both numbers two digits)."""
    return [f"{stem}.part{index:02d}-of-{count:02d}.tar.gz" for index in range(1, count + 1)]


class RocmEngine:
    """The ROCm bundle unpacked into `root` (e.g. `<data dir>/engines/rocm`).

    `gfx_target` is the GPU's LLVM target (None when no AMD GPU was found); `kernel_prereq_ok`
    is False when a gfx1151 lacks the kernel fix and None when it was not checked.
    `pinned_base` overrides the build the target's release comes from (`pinned_base_for`).
    """

    def __init__(
        self,
        root: Path,
        gfx_target: str | None,
        kernel_prereq_ok: bool | None,
        base_url: str = DEFAULT_BASE_URL,
        pinned_base: str | None = None,
    ) -> None:
        self._root = root
        self._target = gfx_target.strip().lower() if gfx_target else None
        self._kernel_prereq_ok = kernel_prereq_ok
        self._base_url = base_url.rstrip("/")
        self._pinned_base = pinned_base or pinned_base_for(self._target or "")

    @property
    def kind(self) -> EngineKind:
        return EngineKind.ROCM

    @property
    def root(self) -> Path:
        return self._root

    @property
    def launcher(self) -> Path:
        return self._root / LAUNCHER

    @property
    def downloads(self) -> Path:
        """Where archives wait for extraction; kept across runs so a download can resume."""
        return self._root.with_name(self._root.name + ".downloads")

    @property
    def tag(self) -> str | None:
        """The release this GPU needs, or None when there is none for it."""
        if self._target is None or self._unmet() is not None:
            return None
        return release_tag(self._pinned_base, self._target)

    def _unmet(self) -> Problem | None:
        """Why this machine cannot run the bundle, or None."""
        if not self._target:
            return problem("engine.no_gpu")
        if gfx_family(self._target) not in SUPPORTED_ROCM_TARGETS:
            return problem(
                "engine.unsupported_gpu",
                name=self._target,  # all this engine knows of the GPU
                target=self._target,
                supported=", ".join(sorted(SUPPORTED_ROCM_TARGETS)),
            )
        if self._target == "gfx1151" and self._kernel_prereq_ok is False:
            return problem(
                "engine.kernel_prerequisite", target=self._target, required=GFX1151_PREREQ_KERNEL
            )
        return None

    def _unmet_installed(self, installed: str) -> Problem | None:
        """Why this machine cannot run the bundle that is installed (one Lemonade's import
        adopted, or one from before a GPU change), in words that do not deny it is there."""
        unmet = self._unmet()
        if unmet is None:
            return None
        templates = {
            "engine.no_gpu": tr_noop(
                "The ROCm engine {installed} is installed, but no AMD GPU was found, so it "
                "cannot run here. Use the CPU engine or a custom engine instead."
            ),
            "engine.unsupported_gpu": tr_noop(
                "The ROCm engine {installed} is installed, but there is no ROCm engine for "
                "your GPU ({target}). Supported GPU families: {supported}. Use the CPU engine "
                "or a custom engine instead."
            ),
            "engine.kernel_prerequisite": tr_noop(
                "The ROCm engine {installed} is installed, but your GPU ({target}) needs a "
                "newer Linux kernel before it can run: its KFD topology lacks cwsr_size and "
                "ctl_stack_size, which come with kernel {required} or newer or a distribution "
                "kernel that carries the backport. Without them ROCm workloads hang or crash, "
                "so the engine is not started."
            ),
        }
        return replace(unmet.with_params(installed=installed), template=templates[unmet.code])

    def status(self) -> EngineStatus:
        unmet = self._unmet()
        info = read_version_file(self._root)
        if info is None or info.kind is not EngineKind.ROCM:
            return EngineStatus(
                EngineKind.ROCM, False, None, None, unmet or engine_missing(EngineKind.ROCM)
            )
        if not os.access(self.launcher, os.X_OK):
            damaged = problem("engine.damaged", kind=EngineKind.ROCM.value, path=str(self._root))
            return EngineStatus(EngineKind.ROCM, False, info.version, self._root, unmet or damaged)
        wanted = self.tag
        if unmet is None and wanted is not None and info.version != wanted:
            unmet = problem(
                "engine.outdated",
                fix=Fix(
                    FixKind.INSTALL_ENGINE,
                    EngineKind.ROCM.value,
                    EngineKind.ROCM.value,
                    label_template="Install the {value} engine again",
                ),
                installed=info.version,
                wanted=wanted,
            )
        if unmet is not None and unmet.code != "engine.outdated":
            unmet = self._unmet_installed(info.version)
        return EngineStatus(EngineKind.ROCM, True, info.version, self._root, unmet)

    def command(self) -> EngineCommand:
        status = self.status()
        if not status.installed:
            assert status.problem is not None
            raise ProblemError(status.problem)
        if status.problem is not None and status.problem.code == "engine.kernel_prerequisite":
            raise ProblemError(status.problem)  # starting it would hang the GPU
        # Lemonade's rule: eager mode everywhere except the Instinct (gfx9) parts.
        eager = not (self._target or "").startswith("gfx9")
        return EngineCommand(
            prefix=(str(self.launcher),),
            env=ENGINE_ENV,
            default_args=("--enforce-eager",) if eager else (),
        )

    async def install(
        self, progress: ProgressCallback, cancel: asyncio.Event | None = None
    ) -> EngineStatus:
        """Download and unpack the release for this GPU; a no-op when it is already installed."""
        unmet = self._unmet()
        if unmet is not None:
            raise ProblemError(unmet)  # before any network traffic
        tag = release_tag(self._pinned_base, self._target or "")
        current = self.status()
        if current.installed and current.version == tag:
            progress(InstallProgress(PHASE_DONE, 1, 1, f"{tag} is already installed"))
            return current
        self._root.parent.mkdir(parents=True, exist_ok=True)
        try:
            async with install_lock(self._root, EngineKind.ROCM, progress, cancel):
                await asyncio.to_thread(self._recover_interrupted_swap)
                current = self.status()  # another process may have finished while we waited
                if current.installed and current.version == tag:
                    progress(InstallProgress(PHASE_DONE, 1, 1, f"{tag} is already installed"))
                    return current
                archives, size = await self._download(tag, progress, cancel)
                await self._unpack(tag, archives, progress, cancel)
                await asyncio.to_thread(shutil.rmtree, self.downloads, True)
        except TransferCancelled:
            raise install_cancelled(EngineKind.ROCM) from None
        progress(InstallProgress(PHASE_DONE, size, size, f"{tag} is installed"))
        return self.status()

    async def _download(
        self, tag: str, progress: ProgressCallback, cancel: asyncio.Event | None
    ) -> tuple[list[Path], int]:
        """Fetch the archive (or its parts) into `downloads`; returns the files and their size."""
        import httpx  # imported when used: a quick command never loads it

        stem = f"{tag}-x64"
        base = f"{self._base_url}/{tag}"
        progress(InstallProgress(PHASE_CHECKING, 0, None, f"Looking up {tag}"))
        self.downloads.mkdir(parents=True, exist_ok=True)
        for stale in self.downloads.iterdir():
            if not stale.name.startswith(stem + "."):
                stale.unlink()  # leftovers of another release
        timeout = httpx.Timeout(60.0, connect=20.0)
        async with httpx.AsyncClient(follow_redirects=True, timeout=timeout) as client:
            assets = await _release_assets(client, base, stem, tag)
            sizes = [await remote_size(client, f"{base}/{asset}") for asset in assets]
            total = sum(s for s in sizes if s is not None) if None not in sizes else None
            finished = 0
            for index, (asset, size) in enumerate(zip(assets, sizes, strict=True), start=1):
                if cancel is not None and cancel.is_set():
                    raise TransferCancelled
                dest = self.downloads / asset
                if dest.exists() and size not in (None, dest.stat().st_size):
                    dest.unlink()  # not the file the server has now
                label = f"part {index} of {len(assets)}" if len(assets) > 1 else tag
                if dest.exists():
                    finished += dest.stat().st_size
                    progress(InstallProgress(PHASE_DOWNLOADING, finished, total, label))
                    continue

                def report(
                    done: int, part_total: int | None, label: str = label, before: int = finished
                ) -> None:
                    detail = f"{done / _MB:.1f}"
                    if part_total is not None:
                        detail += f" of {part_total / _MB:.1f}"
                    progress(
                        InstallProgress(
                            PHASE_DOWNLOADING, before + done, total, f"{label}: {detail} MB"
                        )
                    )

                finished += await download(client, f"{base}/{asset}", dest, report, cancel)
        return [self.downloads / asset for asset in assets], finished

    async def _unpack(
        self,
        tag: str,
        archives: list[Path],
        progress: ProgressCallback,
        cancel: asyncio.Event | None,
    ) -> None:
        staging = self._root.with_name(self._root.name + ".staging")
        await asyncio.to_thread(shutil.rmtree, staging, True)
        loop = asyncio.get_running_loop()
        stop = threading.Event()

        def report(done: int, total: int | None) -> None:
            message = f"Unpacking {tag}"
            loop.call_soon_threadsafe(
                progress, InstallProgress(PHASE_EXTRACTING, done, total, message)
            )

        def should_stop() -> bool:
            return stop.is_set() or (cancel is not None and cancel.is_set())

        worker = asyncio.ensure_future(
            asyncio.to_thread(extract_tar_gz, archives, staging, report, should_stop)
        )
        try:
            try:
                await asyncio.shield(worker)
            except asyncio.CancelledError:
                # The thread keeps writing until told; wait so the cleanup below is not racing it.
                stop.set()
                with contextlib.suppress(BaseException):
                    await worker
                raise
            progress(InstallProgress(PHASE_FINISHING, 0, None, f"Installing {tag}"))
            bundle = _bundle_dir(staging, tag)
            await asyncio.to_thread(write_version_file, bundle, EngineKind.ROCM, tag)
            await asyncio.to_thread(self._swap_into_place, bundle)
        except ProblemError as exc:
            if exc.problem.code in ("engine.bad_archive", "engine.unsafe_archive"):
                # Downloading the same bytes again is the only remedy for a damaged archive,
                # and a hostile one must not be retried from disk.
                await asyncio.to_thread(shutil.rmtree, self.downloads, True)
            raise
        finally:
            await asyncio.to_thread(shutil.rmtree, staging, True)

    def _swap_into_place(self, bundle: Path) -> None:
        # A directory cannot be renamed over a non-empty one: move the old engine aside, rename
        # the new one in, and only then delete the old one. The version file travels with the
        # folder, so status() never sees a half install.
        old = self._root.with_name(self._root.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if self._root.exists():
            self._root.rename(old)
        try:
            bundle.rename(self._root)
        except OSError:
            if old.exists() and not self._root.exists():
                old.rename(self._root)  # put the working engine back
            raise
        shutil.rmtree(old, ignore_errors=True)

    def _recover_interrupted_swap(self) -> None:
        """Put the old engine back if a previous run stopped between the two renames."""
        old = self._root.with_name(self._root.name + ".old")
        if old.is_dir() and not self._root.exists():
            old.rename(self._root)


def _bundle_dir(staging: Path, tag: str) -> Path:
    """The unpacked bundle's top folder: the staging folder itself or its only subfolder."""
    if (staging / LAUNCHER).is_file():
        return staging
    entries = list(staging.iterdir())
    if len(entries) == 1 and (entries[0] / LAUNCHER).is_file():
        return entries[0]
    raise ProblemError(problem("engine.bad_bundle", tag=tag, launcher=str(LAUNCHER)))


async def _release_assets(client: httpx.AsyncClient, base: str, stem: str, tag: str) -> list[str]:
    """The release's archive, or its parts when it lists a part count (large bundles)."""
    count_text = await fetch_text(client, f"{base}/{stem}.partcount")
    if count_text is None:
        return [f"{stem}.tar.gz"]
    text = count_text.strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_PARTS:
        raise ProblemError(problem("engine.bad_release", tag=tag, text=text[:40]))
    return part_assets(stem, int(text))
