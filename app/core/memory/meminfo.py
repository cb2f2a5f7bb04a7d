"""The host's memory as the kernel reports it now: /proc/meminfo's MemTotal and MemAvailable."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PROC_MEMINFO = Path("/proc/meminfo")
# Where the runtime reads /proc/meminfo (and sysfs) from: tests and containers point these at
# a tree of their own, as RuntimeOptions(meminfo_path=…, sysfs_root=…) do in-process.
MEMINFO_ENV = "VLLM_TRAY_MEMINFO"
SYSFS_ENV = "VLLM_TRAY_SYSFS_ROOT"
_KIB = 1024


@dataclass(frozen=True)
class HostMemory:
    """RAM in bytes: `available` is the kernel's estimate of what can be taken without
    swapping (MemAvailable: free memory plus the page cache and slabs it can reclaim)."""

    total: int
    available: int


def default_meminfo_path() -> Path:
    return Path(os.environ.get(MEMINFO_ENV) or PROC_MEMINFO)


def default_sysfs_root() -> Path:
    return Path(os.environ.get(SYSFS_ENV) or "/sys")


def parse_meminfo(text: str) -> HostMemory | None:
    """MemTotal and MemAvailable of a /proc/meminfo text (values in kB); None when either
    is missing (kernels before 3.14 have no MemAvailable: the app then has no bound)."""
    values: dict[str, int] = {}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        parts = rest.split()
        if key in ("MemTotal", "MemAvailable") and parts and parts[0].isdigit():
            scale = _KIB if len(parts) > 1 and parts[1] == "kB" else 1
            values[key] = int(parts[0]) * scale
    if "MemTotal" not in values or "MemAvailable" not in values:
        return None
    return HostMemory(total=values["MemTotal"], available=values["MemAvailable"])


def read_meminfo(path: Path = PROC_MEMINFO) -> HostMemory | None:
    """The host's memory now (one small file read); None when it cannot be read."""
    try:
        return parse_meminfo(path.read_text(encoding="ascii", errors="replace"))
    except OSError:
        return None
