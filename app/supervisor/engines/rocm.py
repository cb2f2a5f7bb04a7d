"""The ROCm vLLM bundles from the lemonade-sdk/vllm-rocm releases, installed side by side.

Each build (release tag) has its own folder, `<engines>/rocm-builds/<tag>/`, and the one in
use is named in `rocm-builds/selected.json`: switching builds is writing that file, never a
download, and a model already running keeps its folder. A bundle installed before builds
lived side by side (or adopted from Lemonade) stays in `<engines>/rocm/` and counts as one of
them. Compile caches are per build already (app.supervisor.compile_cache keys them by tag).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from app.core.engines.engine_values import EngineStatus, InstallProgress
from app.core.engines.rocm_feed import Feed
from app.core.jsonstore import atomic_write_json
from app.core.memory.gfx import SUPPORTED_ROCM_TARGETS, gfx_family, no_bundle_problem
from app.core.memory.gpu import GFX1151_PREREQ_KERNEL
from app.core.problems.problems import Fix, FixKind, Problem, ProblemError, problem, tr_noop
from app.core.states import EngineKind
from app.core.untrusted import parse_json, safe_name
from app.supervisor.engines.archive import TransferCancelled
from app.supervisor.engines.base import (
    EngineCommand,
    ProgressCallback,
    engine_missing,
    install_cancelled,
    install_lock,
    read_version_file,
    recover_interrupted_swap,
)
from app.supervisor.engines.rocm_builds import BuildChoices, choices
from app.supervisor.engines.rocm_release import download_release
from app.supervisor.engines.rocm_unpack import LAUNCHER, unpack_release

DEFAULT_BASE_URL = "https://github.com/lemonade-sdk/vllm-rocm/releases/download"
DEFAULT_API_URL = "https://api.github.com/repos/lemonade-sdk/vllm-rocm/releases/tags"
# Point the downloads and the checksum lookup elsewhere (a mirror, the tests' loopback server).
RELEASES_ENV = "VLLM_TRAY_ROCM_RELEASES_URL"
API_ENV = "VLLM_TRAY_ROCM_API_URL"
SELECTED_FILE = "selected.json"
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

# The last phase; before it base.PHASE_WAITING (while another process holds the install
# lock), rocm_release's checking, downloading, verifying, then rocm_unpack's.
PHASE_DONE = "done"


def release_urls() -> tuple[str, str]:
    """Where releases download from and where their checksums are listed."""
    return (
        os.environ.get(RELEASES_ENV) or DEFAULT_BASE_URL,
        os.environ.get(API_ENV) or DEFAULT_API_URL,
    )


class RocmEngine:
    """The ROCm bundles of one machine: `root` is the pre-side-by-side folder
    (`<engines>/rocm`), its sibling `rocm-builds/` holds one folder per build.

    `gfx_target` is the GPU's LLVM target (None when no AMD GPU was found); `kernel_prereq_ok`
    is False when a gfx1151 lacks the kernel fix and None when it was not checked. `feed` is
    the qualification feed last seen (None: no feed, the pin is the default); `stable_only`
    keeps the default on the stable channel. `pinned_base` overrides the pin. `api_url` lists
    the releases' checksums (None: not checked).
    """

    def __init__(
        self,
        root: Path,
        gfx_target: str | None,
        kernel_prereq_ok: bool | None,
        base_url: str = DEFAULT_BASE_URL,
        pinned_base: str | None = None,
        *,
        feed: Feed | None = None,
        stable_only: bool = False,
        api_url: str | None = None,
    ) -> None:
        self._root = root
        self._target = gfx_target.strip().lower() if gfx_target else None
        self._kernel_prereq_ok = kernel_prereq_ok
        self._base_url = base_url.rstrip("/")
        self._api_url = api_url
        self._pinned_base = pinned_base
        self._feed = feed
        self._stable_only = stable_only

    @property
    def kind(self) -> EngineKind:
        return EngineKind.ROCM

    @property
    def root(self) -> Path:
        return self._root

    @property
    def gfx_target(self) -> str | None:
        return self._target

    @property
    def builds_dir(self) -> Path:
        return self._root.with_name(self._root.name + "-builds")

    @property
    def launcher(self) -> Path:
        """The launcher of the build in use (of `root` when none is installed)."""
        return self._in_use()[1] / LAUNCHER

    @property
    def downloads(self) -> Path:
        """Where archives wait for extraction; kept across runs so a download can resume."""
        return self._root.with_name(self._root.name + ".downloads")

    def choices(self) -> BuildChoices | None:
        """The builds this GPU can choose from, or None when it cannot run the bundle."""
        if self._target is None or self._unmet() is not None:
            return None
        return choices(self._feed, self._target, self._stable_only, self._pinned_base)

    @property
    def tag(self) -> str | None:
        """The release installed by default on this GPU, or None when there is none for it."""
        found = self.choices()
        return found.default.tag if found is not None else None

    def installed(self) -> dict[str, Path]:
        """Every installed build: its tag → its folder."""
        found: dict[str, Path] = {}
        legacy = read_version_file(self._root)
        if legacy is not None and legacy.kind is EngineKind.ROCM:
            found[legacy.version] = self._root
        with contextlib.suppress(OSError):
            for folder in sorted(self.builds_dir.iterdir()):
                info = read_version_file(folder)
                if (
                    info is not None
                    and info.kind is EngineKind.ROCM
                    and info.version == folder.name
                ):
                    found[folder.name] = folder
        return found

    def selected(self) -> str | None:
        """The build the user chose last (selected.json), if it names a safe tag."""
        return self._selection("tag")

    def _selection(self, key: str) -> str | None:
        try:
            doc = parse_json((self.builds_dir / SELECTED_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return safe_name(doc.get(key)) if isinstance(doc, dict) else None

    def _in_use(self) -> tuple[str | None, Path]:
        """The build in use: the selected one if installed, else the old single folder, else
        the newest installed; (None, root) when none is."""
        installed = self.installed()
        chosen = self.selected()
        if chosen in installed:
            return chosen, installed[chosen]
        if self._root in installed.values() or not installed:
            return None, self._root
        newest = max(installed, key=lambda t: installed[t].stat().st_mtime_ns)
        return newest, installed[newest]

    def _unmet(self) -> Problem | None:
        """Why this machine cannot run the bundle, or None."""
        if not self._target:
            return problem("engine.no_gpu")
        if gfx_family(self._target) not in SUPPORTED_ROCM_TARGETS:
            return no_bundle_problem(self._target, self._target)  # all it knows of the GPU
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
        _, folder = self._in_use()
        info = read_version_file(folder)
        if info is None or info.kind is not EngineKind.ROCM:
            return EngineStatus(
                EngineKind.ROCM, False, None, None, unmet or engine_missing(EngineKind.ROCM)
            )
        if not os.access(folder / LAUNCHER, os.X_OK):
            damaged = problem("engine.damaged", kind=EngineKind.ROCM.value, path=str(folder))
            return EngineStatus(EngineKind.ROCM, False, info.version, folder, unmet or damaged)
        if unmet is not None:
            return EngineStatus(
                EngineKind.ROCM, True, info.version, folder, self._unmet_installed(info.version)
            )
        return EngineStatus(EngineKind.ROCM, True, info.version, folder, self._newer(info.version))

    def _newer(self, installed: str) -> Problem | None:
        """`engine.outdated` when the installed build is for another GPU family, and
        `engine.superseded` when a newer qualified build is the default."""
        found = self.choices()
        if found is None:
            return None
        fix = Fix(
            FixKind.INSTALL_ENGINE,
            EngineKind.ROCM.value,
            EngineKind.ROCM.value,
            label_template=tr_noop("Install the {value} engine again"),
        )
        family = gfx_family(self._target or "")
        if not installed.lower().endswith("-" + family.lower()):
            return problem(
                "engine.outdated", fix=fix, installed=installed, wanted=found.default.tag
            )
        newer = found.supersedes(installed)
        if newer is None or newer.tag == self._selection("passed_over"):
            return None  # said until the user chose an older build over this one
        return problem(
            "engine.superseded",
            fix=replace(fix, label_template=tr_noop("Install the newer {value} engine")),
            installed=installed,
            wanted=newer.tag,
            vllm=newer.vllm_version,
            channel=newer.channel,
        )

    def command(self) -> EngineCommand:
        status = self.status()
        if not status.installed:
            assert status.problem is not None
            raise ProblemError(status.problem)
        if status.problem is not None and status.problem.code == "engine.kernel_prerequisite":
            raise ProblemError(status.problem)  # starting it would hang the GPU
        assert status.location is not None
        # Lemonade's rule: eager mode everywhere except the Instinct (gfx9) parts.
        eager = not (self._target or "").startswith("gfx9")
        return EngineCommand(
            prefix=(str(status.location / LAUNCHER),),
            env=ENGINE_ENV,
            default_args=("--enforce-eager",) if eager else (),
        )

    def select(self, tag: str, passed_over: str | None = None) -> None:
        """Make the installed build `tag` the one in use (one small file; no download).
        `passed_over`: the default the user chose `tag` over, not announced again."""
        self.builds_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_json(self.builds_dir / SELECTED_FILE, {"tag": tag, "passed_over": passed_over})

    async def install(
        self,
        progress: ProgressCallback,
        cancel: asyncio.Event | None = None,
        build: str | None = None,
        select: bool = True,
    ) -> EngineStatus:
        """Install the build `build` (a tag, build id or vLLM version; None: the default)
        beside the others and make it the one in use; an installed build is only chosen.
        A failed download or check leaves the build in use as it was."""
        unmet = self._unmet()
        if unmet is not None:
            raise ProblemError(unmet)  # before any network traffic
        tag = self._wanted(build)
        found = self.choices()
        default = found.default.tag if found is not None else None
        passed_over = default if build is not None and default != tag else None
        if self._usable(tag):
            return self._chosen(tag, progress, select, passed_over)
        self.builds_dir.mkdir(parents=True, exist_ok=True)
        try:
            async with install_lock(self._root, EngineKind.ROCM, progress, cancel):
                await asyncio.to_thread(recover_interrupted_swap, self.builds_dir / tag)
                if self._usable(tag):  # another process finished while we waited
                    return self._chosen(tag, progress, select, passed_over)
                archives, size = await download_release(
                    base_url=self._base_url,
                    api_url=self._api_url,
                    tag=tag,
                    downloads=self.downloads,
                    progress=progress,
                    cancel=cancel,
                )
                await unpack_release(
                    tag,
                    archives,
                    staging=self._root.with_name(self._root.name + ".staging"),
                    dest=self.builds_dir / tag,
                    downloads=self.downloads,
                    progress=progress,
                    cancel=cancel,
                )
                await asyncio.to_thread(shutil.rmtree, self.downloads, True)
        except TransferCancelled:
            raise install_cancelled(EngineKind.ROCM) from None
        if select:
            await asyncio.to_thread(self.select, tag, passed_over)
        progress(InstallProgress(PHASE_DONE, size, size, f"{tag} is installed"))
        return self.status()

    def _wanted(self, build: str | None) -> str:
        """The tag of `build` (None: the default); an installed build not offered any more
        (the pin before the feed qualified another) can still be switched back to."""
        found = self.choices()
        assert found is not None
        chosen = found.default if build is None else found.find(build)
        tag = chosen.tag if chosen is not None else build
        # Only a name checked where it entered (feed, folder) reaches here; its folder must
        # still be one level inside builds_dir, resolved.
        if (
            tag is not None
            and (chosen is not None or tag in self.installed())
            and safe_name(tag) == tag
            and (self.builds_dir / tag).resolve().parent == self.builds_dir.resolve()
        ):
            return tag
        raise ProblemError(problem("engine.unknown_build", build=build, target=self._target or ""))

    def _usable(self, tag: str) -> bool:
        """Whether the build `tag` is installed whole (its launcher can run)."""
        folder = self.installed().get(tag)
        return folder is not None and os.access(folder / LAUNCHER, os.X_OK)

    def _chosen(
        self, tag: str, progress: ProgressCallback, select: bool, passed_over: str | None
    ) -> EngineStatus:
        if select:
            self.select(tag, passed_over)
        progress(InstallProgress(PHASE_DONE, 1, 1, f"{tag} is already installed"))
        return self.status()
