"""GPU and system detection: AMD GPUs from the amdkfd topology in sysfs, NVIDIA via nvidia-smi."""

from __future__ import annotations

import csv
import dataclasses
import os
import platform
import shutil
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

from app.core.memory.gfx import (
    SUPPORTED_ROCM_TARGETS,
    gfx_display_name,
    gfx_family,
    gfx_target_name,
    no_bundle_problem,
)
from app.core.memory.meminfo import PROC_MEMINFO, read_meminfo
from app.core.problems.problems import Problem, problem

SYSFS_ROOT = Path("/sys")
VENDOR_AMD = "amd"
VENDOR_NVIDIA = "nvidia"

# The kernel fix Strix Halo needs exposes these two node properties (6.18.4+ or a backport).
GFX1151_PREREQ_PROPERTIES = ("cwsr_size", "ctl_stack_size")
GFX1151_PREREQ_KERNEL = "6.18.4"

NVIDIA_SMI_QUERY = (
    "--query-gpu=name,memory.total,memory.used",
    "--format=csv,noheader,nounits",
)
_NVIDIA_SMI_TIMEOUT_S = 5.0
_MIB = 1024 * 1024


@dataclass(frozen=True)
class GpuInfo:
    """One GPU as detected; byte counts are None when the system does not report them.

    `node_id` is the KFD topology node for AMD and the nvidia-smi index for NVIDIA.
    `kernel_prereq_ok` is None when no kernel prerequisite applies to this GPU.
    `device_index` is the number the vendor's runtime gives the GPU, the one
    HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES take (None: not known). It differs from the
    GPU's position in `SystemInfo.gpus` (detection order, discrete first): HIP numbers AMD
    GPUs in KFD node order, so on an APU with a card attached the card is HIP device 1.
    """

    vendor: str
    name: str
    gfx_target: str | None
    node_id: int
    render_minor: int | None
    discrete: bool
    apu: bool
    vram_total: int | None
    vram_used: int | None
    gtt_total: int | None
    gtt_used: int | None
    kernel_prereq_ok: bool | None
    device_index: int | None = None

    @property
    def gfx_family(self) -> str | None:
        return gfx_family(self.gfx_target) if self.gfx_target else None

    @property
    def budget_total(self) -> int | None:
        """Memory a model can use: VRAM, plus GTT on an APU (its VRAM is only a carve-out)."""
        return _budget(self.apu, self.vram_total, self.gtt_total)

    @property
    def budget_used(self) -> int | None:
        return _budget(self.apu, self.vram_used, self.gtt_used)

    def with_sample(self, sample: MemorySample) -> GpuInfo:
        """This GPU with the used/total figures of a fresh `read_memory` sample."""
        return dataclasses.replace(
            self,
            vram_total=sample.vram_total,
            vram_used=sample.vram_used,
            gtt_total=sample.gtt_total,
            gtt_used=sample.gtt_used,
        )

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["gfx_family"] = self.gfx_family
        out["budget_total"] = self.budget_total
        out["budget_used"] = self.budget_used
        return out


@dataclass(frozen=True)
class MemorySample:
    """One reading of a GPU's memory counters (bytes) at `timestamp` (seconds since the epoch).

    `apu` says how to combine them into a budget, the same way `GpuInfo` does.
    """

    vram_used: int | None
    vram_total: int | None
    gtt_used: int | None
    gtt_total: int | None
    timestamp: float
    apu: bool = False

    @property
    def budget_total(self) -> int | None:
        return _budget(self.apu, self.vram_total, self.gtt_total)

    @property
    def budget_used(self) -> int | None:
        return _budget(self.apu, self.vram_used, self.gtt_used)


@dataclass(frozen=True)
class SystemInfo:
    """What the machine offers: GPUs (primary first), RAM, CPUs, kernel, and known problems.

    A GPU's position in `gpus` is its number for the user: `vllm-tray system-info` shows it
    and a model's `gpus` option (recipe_options.json) names GPUs by it.
    """

    gpus: tuple[GpuInfo, ...]
    primary: GpuInfo | None
    ram_total: int
    ram_available: int
    cpu_count: int
    kernel_release: str
    problems: tuple[Problem, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "gpus": [gpu.to_json() for gpu in self.gpus],
            "primary": self.primary.to_json() if self.primary is not None else None,
            "ram_total": self.ram_total,
            "ram_available": self.ram_available,
            "cpu_count": self.cpu_count,
            "kernel_release": self.kernel_release,
            "problems": [p.to_json() for p in self.problems],
        }


def _budget(apu: bool, vram: int | None, gtt: int | None) -> int | None:
    if not apu:
        return vram
    if vram is None and gtt is None:
        return None
    return (vram or 0) + (gtt or 0)


def parse_properties(text: str) -> dict[str, int]:
    """Parse a KFD `properties` file: one `key value` pair per line, values unsigned integers."""
    props: dict[str, int] = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            props[parts[0]] = int(parts[1])
    return props


def _read_int(path: Path) -> int | None:
    try:
        return int(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None


def _read_text(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return None
    return text or None


def _drm_device_dir(sysfs_root: Path, render_minor: int) -> Path:
    return sysfs_root / "class" / "drm" / f"renderD{render_minor}" / "device"


def _amd_gpu_from_node(sysfs_root: Path, node_dir: Path) -> GpuInfo | None:
    try:
        props = parse_properties((node_dir / "properties").read_text(encoding="ascii"))
    except (OSError, UnicodeDecodeError):
        return None
    target = gfx_target_name(props.get("gfx_target_version", 0))
    if target is None:
        return None  # a CPU node, or one we cannot name
    render_minor = props.get("drm_render_minor")
    device = _drm_device_dir(sysfs_root, render_minor) if render_minor is not None else None
    discrete = device is not None and (device / "board_info").exists()
    # board_info is hidden on APUs; a node with both CPU cores and SIMDs is one too.
    apu = not discrete or props.get("cpu_cores_count", 0) > 0
    name = _read_text(device / "product_name") if device is not None else None
    prereq_ok: bool | None = None
    if target == "gfx1151":
        prereq_ok = all(key in props for key in GFX1151_PREREQ_PROPERTIES)
    gpu = GpuInfo(
        vendor=VENDOR_AMD,
        name=name or gfx_display_name(target),
        gfx_target=target,
        node_id=int(node_dir.name),
        render_minor=render_minor,
        discrete=discrete and not apu,
        apu=apu,
        vram_total=None,
        vram_used=None,
        gtt_total=None,
        gtt_used=None,
        kernel_prereq_ok=prereq_ok,
    )
    return gpu.with_sample(_read_amd_memory(gpu, sysfs_root, 0.0))


def detect_amd_gpus(sysfs_root: Path = SYSFS_ROOT) -> list[GpuInfo]:
    """AMD GPUs in the KFD topology, discrete before integrated, then in node order."""
    nodes_dir = sysfs_root / "class" / "kfd" / "kfd" / "topology" / "nodes"
    try:
        nodes = [p for p in nodes_dir.iterdir() if p.name.isdigit()]
    except OSError:
        return []
    gpus = [_amd_gpu_from_node(sysfs_root, n) for n in sorted(nodes, key=lambda p: int(p.name))]
    # ROCr enumerates the GPU agents in KFD node order and HIP numbers its devices the same
    # way, so the n-th GPU node is what HIP_VISIBLE_DEVICES calls n.
    found = [
        dataclasses.replace(g, device_index=index)
        for index, g in enumerate(g for g in gpus if g is not None)
    ]
    # The primary GPU is the first: a discrete card beats the APU's shared-memory GPU.
    return sorted(found, key=lambda g: (not g.discrete, g.node_id))


def _nvidia_rows() -> list[list[str]]:
    """nvidia-smi's rows (name, total MiB, used MiB) per GPU; none when it is absent or fails."""
    executable = shutil.which("nvidia-smi")
    return (_run_nvidia_smi(executable) if executable else None) or []


def _run_nvidia_smi(executable: str) -> list[list[str]] | None:
    try:
        result = subprocess.run(
            [executable, *NVIDIA_SMI_QUERY],
            capture_output=True,
            text=True,
            timeout=_NVIDIA_SMI_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if result.returncode != 0:
        return None  # e.g. "NVIDIA-SMI has failed because it couldn't communicate with the driver"
    rows = csv.reader(result.stdout.splitlines(), skipinitialspace=True)
    return [[cell.strip() for cell in row] for row in rows if row]


def _mib(cell: str) -> int | None:
    try:
        return int(float(cell) * _MIB)
    except ValueError:
        return None  # "[N/A]", "[Not Supported]"


def detect_nvidia_gpus() -> list[GpuInfo]:
    """NVIDIA GPUs through `nvidia-smi` on PATH; an empty list when it is absent or fails."""
    gpus: list[GpuInfo] = []
    for index, row in enumerate(_nvidia_rows()):
        if len(row) != 3:
            continue
        gpus.append(
            GpuInfo(
                vendor=VENDOR_NVIDIA,
                name=row[0],
                gfx_target=None,
                node_id=index,
                render_minor=None,
                discrete=True,
                apu=False,
                vram_total=_mib(row[1]),
                vram_used=_mib(row[2]),
                gtt_total=None,
                gtt_used=None,
                kernel_prereq_ok=None,
                # nvidia-smi lists GPUs in PCI bus order; CUDA does too when the child gets
                # CUDA_DEVICE_ORDER=PCI_BUS_ID (see app.core.memory.parallel).
                device_index=index,
            )
        )
    return gpus


def read_memory(
    gpu: GpuInfo,
    sysfs_root: Path = SYSFS_ROOT,
    clock: Callable[[], float] = time.time,
) -> MemorySample:
    """Read the GPU's memory counters now.

    Cheap for AMD (four small sysfs reads), so it can run every second; for NVIDIA it runs
    nvidia-smi, which costs tens of milliseconds.
    """
    if gpu.vendor == VENDOR_NVIDIA:
        return read_memories([gpu], sysfs_root, clock)[0]
    return _read_amd_memory(gpu, sysfs_root, clock())


def read_memories(
    gpus: Sequence[GpuInfo],
    sysfs_root: Path = SYSFS_ROOT,
    clock: Callable[[], float] = time.time,
) -> dict[int, MemorySample]:
    """Every GPU's memory counters now, by position in `gpus`; nvidia-smi runs once for all
    NVIDIA GPUs (a GPU it no longer lists reads as unknown)."""
    now = clock()
    out: dict[int, MemorySample] = {}
    rows: list[list[str]] | None = None
    for position, gpu in enumerate(gpus):
        if gpu.vendor != VENDOR_NVIDIA:
            out[position] = _read_amd_memory(gpu, sysfs_root, now)
            continue
        if rows is None:
            rows = _nvidia_rows()
        row = rows[gpu.node_id] if gpu.node_id < len(rows) else []
        total, used = (_mib(row[1]), _mib(row[2])) if len(row) == 3 else (None, None)
        out[position] = MemorySample(used, total, None, None, now, apu=False)
    return out


def _read_amd_memory(gpu: GpuInfo, sysfs_root: Path, now: float) -> MemorySample:
    if gpu.render_minor is None:
        return MemorySample(None, None, None, None, now, apu=gpu.apu)
    device = _drm_device_dir(sysfs_root, gpu.render_minor)
    return MemorySample(
        vram_used=_read_int(device / "mem_info_vram_used"),
        vram_total=_read_int(device / "mem_info_vram_total"),
        gtt_used=_read_int(device / "mem_info_gtt_used"),
        gtt_total=_read_int(device / "mem_info_gtt_total"),
        timestamp=now,
        apu=gpu.apu,
    )


def kernel_prerequisite_problem(gpu: GpuInfo, kernel_release: str) -> Problem | None:
    """The gfx1151 kernel prerequisite as a Problem, or None when it is met or does not apply."""
    if gpu.kernel_prereq_ok is not False:
        return None
    return problem(
        "gpu.kernel_prerequisite",
        name=gpu.name,
        target=gpu.gfx_target,
        kernel=kernel_release,
        required=GFX1151_PREREQ_KERNEL,
    )


def rocm_support_problem(gpu: GpuInfo) -> Problem | None:
    """A Problem when no ROCm vLLM bundle exists for this GPU, else None."""
    family = gpu.gfx_family
    if gpu.vendor == VENDOR_AMD and family in SUPPORTED_ROCM_TARGETS:
        return None
    return no_bundle_problem(gpu.name, family or gpu.vendor)


def no_gpu_problem() -> Problem:
    return problem("gpu.none_found")


def system_info(sysfs_root: Path = SYSFS_ROOT, meminfo_path: Path = PROC_MEMINFO) -> SystemInfo:
    """Detect GPUs, RAM, CPUs and the kernel, and collect the problems they imply.

    AMD GPUs come first (the app's engines target ROCm), discrete before integrated;
    the primary GPU is the first one. RAM is read from `meminfo_path` (psutil where it
    cannot be read).
    """
    gpus = (*detect_amd_gpus(sysfs_root), *detect_nvidia_gpus())
    primary = gpus[0] if gpus else None
    kernel = platform.release()
    problems: list[Problem] = []
    if primary is None:
        problems.append(no_gpu_problem())
    for gpu in gpus:
        prereq = kernel_prerequisite_problem(gpu, kernel)
        if prereq is not None:
            problems.append(prereq)
    if primary is not None:
        unsupported = rocm_support_problem(primary)
        if unsupported is not None:
            problems.append(unsupported)
    host = read_meminfo(meminfo_path)
    if host is None:
        memory = psutil.virtual_memory()
        ram_total, ram_available = int(memory.total), int(memory.available)
    else:
        ram_total, ram_available = host.total, host.available
    return SystemInfo(
        gpus=gpus,
        primary=primary,
        ram_total=ram_total,
        ram_available=ram_available,
        cpu_count=os.cpu_count() or 1,
        kernel_release=kernel,
        problems=tuple(problems),
    )
