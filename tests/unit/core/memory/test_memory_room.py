"""The room models have on each device: budget, other programs, the host's reserve (APU, RAM)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.memory.gpu import detect_amd_gpus, read_memories
from app.core.memory.meminfo import HostMemory, parse_meminfo, read_meminfo
from app.core.memory.memory import MemoryPlan
from app.core.memory.memory_room import (
    GB,
    MAX_UTILIZATION,
    MIN_UTILIZATION,
    DeviceRoom,
    RamShare,
    device_rooms,
    fit_verdict,
    no_room,
    utilization_that_fits,
)
from tests.unit import sysfs_trees as trees

GIB = 1024**3
KB = 1024

# A real /proc/meminfo's head (Linux 6.x), Strix Halo with 512 MiB carve-out, desktop running.
MEMINFO = """\
MemTotal:       131045660 kB
MemFree:         9512340 kB
MemAvailable:   21474836 kB
Buffers:          402112 kB
Cached:         12880112 kB
SwapCached:            0 kB
"""


def meminfo_file(tmp_path: Path, available_gib: float, total_gib: float = 125.0) -> Path:
    path = tmp_path / "meminfo"
    path.write_text(
        f"MemTotal: {int(total_gib * GIB / KB)} kB\n"
        f"MemFree: 1000 kB\n"
        f"MemAvailable: {int(available_gib * GIB / KB)} kB\n"
    )
    return path


def test_meminfo_is_read_in_bytes() -> None:
    host = parse_meminfo(MEMINFO)
    assert host == HostMemory(total=131045660 * KB, available=21474836 * KB)


def test_meminfo_without_memavailable_gives_no_bound(tmp_path: Path) -> None:
    assert parse_meminfo("MemTotal: 1000 kB\nMemFree: 10 kB\n") is None
    assert read_meminfo(tmp_path / "missing") is None


def test_strix_halo_is_bounded_by_what_the_host_can_spare(tmp_path: Path) -> None:
    root = trees.strix_halo(tmp_path / "sys", carveout="512m")
    gpus = detect_amd_gpus(root)
    samples = read_memories(gpus, root)
    host = read_meminfo(meminfo_file(tmp_path, available_gib=20))
    assert host is not None
    budget = gpus[0].budget_total
    assert budget is not None
    rooms = device_rooms(
        {"gpu0": budget, "ram": host.total},
        gpus,
        samples=samples,
        host=host,
        ours={},
        reserve=4 * GB,
    )
    gpu = rooms["gpu0"]
    # The carve-out (512 MiB, outside the kernel's count) plus 20 GiB available less 4 GB.
    assert gpu.host_limit == 512 * 1024**2 + 20 * GIB - 4 * GB
    assert gpu.binding == "host" and gpu.room == gpu.host_limit
    assert gpu.budget == budget  # both numbers are kept: the budget and the bound
    # What the app's own children hold in RAM would be theirs again.
    ours = device_rooms(
        {"gpu0": budget},
        gpus,
        samples=samples,
        host=host,
        ours={"gpu0": 10 * GIB},
        reserve=4 * GB,
    )["gpu0"]
    assert ours.room == gpu.room + 10 * GIB - 512 * 1024**2


def test_a_big_carveout_is_not_host_memory(tmp_path: Path) -> None:
    root = trees.strix_halo(tmp_path / "sys", carveout="96g")
    gpus = detect_amd_gpus(root)
    host = HostMemory(total=32 * GIB, available=20 * GIB)
    rooms = device_rooms(
        {"gpu0": 100 * GIB},
        gpus,
        samples=read_memories(gpus, root),
        host=host,
        ours={},
        reserve=4 * GB,
    )
    assert rooms["gpu0"].host_limit == 96 * GIB + 20 * GIB - 4 * GB


def test_a_discrete_card_is_bounded_by_what_other_programs_hold(tmp_path: Path) -> None:
    root = trees.rdna3_card(tmp_path / "sys")
    trees.set_memory(root, 128, vram_used=20 * GIB)
    gpus = detect_amd_gpus(root)
    samples = read_memories(gpus, root)
    host = HostMemory(total=32 * GIB, available=2 * GIB)  # RAM does not bound a card
    rooms = device_rooms(
        {"gpu0": trees.RX7900XTX_VRAM},
        gpus,
        samples=samples,
        host=host,
        ours={"gpu0": 6 * GIB},
        reserve=4 * GB,
    )
    card = rooms["gpu0"]
    assert card.host_limit is None
    assert card.others == 14 * GIB  # 20 GiB in use, 6 of them the app's own
    assert card.room == trees.RX7900XTX_VRAM - 14 * GIB and card.binding == "others"


def test_ram_for_the_cpu_engine_keeps_the_reserve() -> None:
    host = HostMemory(total=32 * GIB, available=10 * GIB)
    ram = device_rooms(
        {"ram": 32 * GIB}, [], samples={}, host=host, ours={"ram": 3 * GIB}, reserve=4 * GB
    )["ram"]
    assert ram.host_limit == 10 * GIB + 3 * GIB - 4 * GB
    assert ram.binding == "host"


def test_no_reading_leaves_the_budget() -> None:
    room = device_rooms({"ram": 8 * GB}, [], samples={}, host=None, ours={}, reserve=4 * GB)
    assert room["ram"].room == 8 * GB and room["ram"].binding == "budget"


def test_utilization_that_fits_rounds_down() -> None:
    assert utilization_that_fits(16 * GIB, 120 * GIB) == 0.13
    assert utilization_that_fits(0, 120 * GIB) == 0.0


def test_the_sentence_names_the_cause_and_the_share_that_fits() -> None:
    room = DeviceRoom(
        "gpu0",
        budget=120 * GIB,
        total=120 * GIB,
        others=1 * GIB,
        host_limit=16 * GIB,
        host_available=20 * GIB,
        reserve=4 * GB,
    )
    found = no_room(
        "user.big",
        ("--gpu-memory-utilization", "0.95"),
        {"gpu0": 114 * GIB},
        used={},
        rooms={"gpu0": room},
        device_label=lambda d: "GPU 0 (Radeon 8060S)",
    )
    assert found.code == "load.host_memory"
    assert found.params["utilization"] == "0.13"
    english = found.english()
    assert "without pushing this computer into swap" in english
    assert "lower models.gpu_memory_utilization to 0.13" in english
    assert ". " not in english and english.endswith("close other programs.")  # one sentence

    others = DeviceRoom("gpu0", budget=16 * GIB, total=16 * GIB, others=int(11.7 * GIB))
    held = no_room(
        "user.a",
        ("--gpu-memory-utilization", "0.85"),
        {"gpu0": int(13.6 * GIB)},
        used={},
        rooms={"gpu0": others},
        device_label=lambda d: "GPU 0",
    )
    assert held.code == "load.memory_in_use"
    assert "other programs hold 12.56 of its 17.18 GB" in held.english()
    assert "lower models.gpu_memory_utilization to 0.26" in held.english()


def test_the_plain_budget_keeps_its_own_sentence() -> None:
    room = DeviceRoom("ram", budget=8 * GB, total=64 * GIB, host_limit=40 * GIB)
    found = no_room(
        "user.a", (), {"ram": 10 * GB}, used={}, rooms={"ram": room}, device_label=lambda d: "RAM"
    )
    assert found.code == "load.no_room"
    assert "raise the memory budget (memory.budget_gb)" in found.english()


def test_the_fit_verdict_is_the_dialogs_and_the_commands() -> None:
    plan = MemoryPlan(
        fits=True,
        needed_bytes=2,
        budget_bytes=10,
        kv_bytes_per_token=1,
        max_ctx=8,
        concurrency=1.0,
        model_max_ctx=4,
    )
    room = DeviceRoom("gpu0", budget=10, total=10, others=5)  # 5 free now
    assert fit_verdict(plan, 4, {"gpu0": 5}, {"gpu0": room}) == "fits"
    assert fit_verdict(plan, 4, {"gpu0": 6}, {"gpu0": room}) == "not_now"
    assert fit_verdict(plan, 5, {"gpu0": 1}, {"gpu0": room}) == "too_long"
    assert fit_verdict(replace(plan, fits=False), 4, {}, {}) == "does_not_fit"


@settings(max_examples=300, deadline=None)
@given(
    total=st.integers(min_value=1, max_value=2**44),
    available=st.integers(min_value=0, max_value=2**44),
    reserve=st.integers(min_value=0, max_value=2**40),
)
def test_the_share_that_fits_in_ram_never_asks_for_more_than_ram_can_spare(
    total: int, available: int, reserve: int
) -> None:
    share = RamShare(available, reserve, total).utilization()
    assert MIN_UTILIZATION <= share <= MAX_UTILIZATION
    assert share == round(share, 2)
    if share > MIN_UTILIZATION:  # not the floor: what it asks for is what RAM spares
        assert share * total <= max(0, available - reserve) + total * 1e-9
