"""`vllm-tray config set` and `system-info` on the CPU engine (issue 32, item 4): the share of
RAM that gpu-memory-utilization asks for is judged against RAM available less the host's
reserve, on a fake /proc/meminfo (VLLM_TRAY_MEMINFO) and a /sys without a GPU."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fakes.remote_servers import run_cli
from tests.integration.test_memory_room_serve import write_meminfo

GIB = 1024**3


def test_system_info_names_the_share_that_fits_in_ram(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "sys").mkdir()
    env = {
        "VLLM_TRAY_MEMINFO": str(write_meminfo(tmp_path / "meminfo", 20, total_gib=32)),
        "VLLM_TRAY_SYSFS_ROOT": str(tmp_path / "sys"),
    }
    settings = ("engine.kind=cpu", "memory.host_reserve_gb=4")
    set_high = run_cli(
        home, "config", "set", *settings, "models.gpu_memory_utilization=0.95", env=env
    )
    assert set_high.returncode == 0, set_high.stderr
    shown = run_cli(home, "system-info", env=env)
    assert shown.returncode == 0, shown.stderr
    # (20 GiB available - 4 GB kept) / 32 GiB = 0.508…: 0.50 fits, 0.95 does not.
    assert (
        "         gpu-memory-utilization that fits in RAM now: 0.50 "
        "(models.gpu_memory_utilization is 0.95: above that a load is likely to fail)\n"
    ) in shown.stdout

    set_low = run_cli(home, "config", "set", "models.gpu_memory_utilization=0.5", env=env)
    assert set_low.returncode == 0, set_low.stderr
    shown = run_cli(home, "system-info", env=env)
    assert "         gpu-memory-utilization that fits in RAM now: 0.50\n" in shown.stdout
    stored = json.loads((home / "settings.json").read_text())
    assert stored["models.gpu_memory_utilization"] == 0.5
