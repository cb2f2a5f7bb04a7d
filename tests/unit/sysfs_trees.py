"""Fake /sys trees (amdkfd topology + amdgpu DRM devices) built from real machines' values.

The layout and the order of `properties` keys follow amdkfd's `node_show()` in
drivers/gpu/drm/amd/amdkfd/kfd_topology.c; `cwsr_size` and `ctl_stack_size` are the two keys
the gfx1151 fix added (printed for every node, right after `num_cp_queues`). DRM devices are
laid out as on a real system: /sys/class/drm/renderD128 is a symlink into /sys/devices, and
its `device` link points at the PCI function that holds `mem_info_*`, `board_info` and
`product_name`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

GIB = 1024**3
MIB = 1024**2

# Values seen on a Ryzen AI Max+ 395 (Radeon 8060S): 40 CUs, 2 SIMDs each, 2.9 GHz.
STRIX_HALO_DEVICE_ID = 0x1586
# Radeon RX 7900 XTX: 96 CUs; amdgpu reports 24560 MiB of VRAM.
NAVI31_DEVICE_ID = 0x744C
RX7900XTX_VRAM = 24560 * MIB


def cpu_node_properties(cores: int = 32, cwsr_keys: bool = True) -> dict[str, int]:
    """A CPU node: no SIMDs and gfx_target_version 0."""
    props = {
        "cpu_cores_count": cores,
        "simd_count": 0,
        "mem_banks_count": 1,
        "caches_count": 0,
        "io_links_count": 1,
        "p2p_links_count": 0,
        "cpu_core_id_base": 0,
        "simd_id_base": 0,
        "max_waves_per_simd": 0,
        "lds_size_in_kb": 0,
        "gds_size_in_kb": 0,
        "num_gws": 0,
        "wave_front_size": 0,
        "array_count": 0,
        "simd_arrays_per_engine": 0,
        "cu_per_simd_array": 0,
        "simd_per_cu": 0,
        "max_slots_scratch_cu": 0,
        "gfx_target_version": 0,
        "vendor_id": 0,
        "device_id": 0,
        "location_id": 0,
        "domain": 0,
        "drm_render_minor": 0,
        "hive_id": 0,
        "num_sdma_engines": 0,
        "num_sdma_xgmi_engines": 0,
        "num_sdma_queues_per_engine": 0,
        "num_cp_queues": 0,
    }
    if cwsr_keys:
        props |= {"cwsr_size": 0, "ctl_stack_size": 0}
    props["max_engine_clk_ccompute"] = 5187
    return props


def gpu_node_properties(
    *,
    gfx_target_version: int,
    device_id: int,
    location_id: int,
    drm_render_minor: int,
    compute_units: int,
    simd_arrays_per_engine: int,
    cu_per_simd_array: int,
    array_count: int,
    max_engine_clk_fcompute: int,
    cwsr_size: int | None,
    ctl_stack_size: int | None,
) -> dict[str, int]:
    """An RDNA GPU node (wave32, 2 SIMDs per CU); cwsr_size None = a kernel without the fix."""
    props = {
        "cpu_cores_count": 0,
        "simd_count": compute_units * 2,
        "mem_banks_count": 1,
        "caches_count": compute_units + 30,
        "io_links_count": 1,
        "p2p_links_count": 0,
        "cpu_core_id_base": 0,
        "simd_id_base": 2147487744,
        "max_waves_per_simd": 16,
        "lds_size_in_kb": 64,
        "gds_size_in_kb": 0,
        "num_gws": 64,
        "wave_front_size": 32,
        "array_count": array_count,
        "simd_arrays_per_engine": simd_arrays_per_engine,
        "cu_per_simd_array": cu_per_simd_array,
        "simd_per_cu": 2,
        "max_slots_scratch_cu": 32,
        "gfx_target_version": gfx_target_version,
        "vendor_id": 4098,
        "device_id": device_id,
        "location_id": location_id,
        "domain": 0,
        "drm_render_minor": drm_render_minor,
        "hive_id": 0,
        "num_sdma_engines": 2,
        "num_sdma_xgmi_engines": 0,
        "num_sdma_queues_per_engine": 6,
        "num_cp_queues": 8,
    }
    if cwsr_size is not None and ctl_stack_size is not None:
        props |= {"cwsr_size": cwsr_size, "ctl_stack_size": ctl_stack_size}
    props |= {
        "max_engine_clk_fcompute": max_engine_clk_fcompute,
        "local_mem_size": 0,
        "fw_version": 2390,
        "capability": 671588992,
        "debug_prop": 1495,
        "sdma_fw_version": 21,
        "unique_id": 0,
        "num_xcc": 1,
        "max_engine_clk_ccompute": 5187,
    }
    return props


def strix_halo_properties(render_minor: int = 128, cwsr: bool = True) -> dict[str, int]:
    # cwsr/ctl sizes follow kfd_queue_ctx_save_restore_size() for 40 gfx11 CUs.
    return gpu_node_properties(
        gfx_target_version=110501,
        device_id=STRIX_HALO_DEVICE_ID,
        location_id=0xC500,
        drm_render_minor=render_minor,
        compute_units=40,
        simd_arrays_per_engine=2,
        cu_per_simd_array=10,
        array_count=4,
        max_engine_clk_fcompute=2900,
        cwsr_size=13942784 if cwsr else None,
        ctl_stack_size=16384 if cwsr else None,
    )


def navi31_properties(render_minor: int = 128, location_id: int = 0x0300) -> dict[str, int]:
    return gpu_node_properties(
        gfx_target_version=110000,
        device_id=NAVI31_DEVICE_ID,
        location_id=location_id,
        drm_render_minor=render_minor,
        compute_units=96,
        simd_arrays_per_engine=2,
        cu_per_simd_array=8,
        array_count=12,
        max_engine_clk_fcompute=2526,
        cwsr_size=44589056,
        ctl_stack_size=36864,
    )


def write_kfd_node(root: Path, node_id: int, props: dict[str, int], gpu_id: int = 0) -> Path:
    node = root / "class" / "kfd" / "kfd" / "topology" / "nodes" / str(node_id)
    node.mkdir(parents=True)
    (node / "properties").write_text("".join(f"{k} {v}\n" for k, v in props.items()))
    (node / "gpu_id").write_text(f"{gpu_id}\n")
    (node / "name").write_text("ip discovery\n" if gpu_id else "\n")
    for sub in ("mem_banks", "caches", "io_links", "p2p_links"):
        (node / sub).mkdir()
    return node


@dataclass(frozen=True)
class DrmDevice:
    """The amdgpu files of one PCI function."""

    bdf: str
    render_minor: int
    vram_total: int
    vram_used: int
    gtt_total: int
    gtt_used: int
    board_info: bool
    product_name: str | None = None


def write_drm_device(root: Path, dev: DrmDevice, bridge: str = "0000:00:08.1") -> Path:
    pci = root / "devices" / "pci0000:00" / bridge / dev.bdf
    render = f"renderD{dev.render_minor}"
    (pci / "drm" / render).mkdir(parents=True)
    files = {
        "vendor": "0x1002",
        "mem_info_vram_total": str(dev.vram_total),
        "mem_info_vram_used": str(dev.vram_used),
        "mem_info_vis_vram_total": str(min(dev.vram_total, 256 * MIB)),
        "mem_info_gtt_total": str(dev.gtt_total),
        "mem_info_gtt_used": str(dev.gtt_used),
    }
    if dev.board_info:
        files["board_info"] = "type : cem"
    if dev.product_name is not None:
        files["product_name"] = dev.product_name
    for name, text in files.items():
        (pci / name).write_text(text + "\n")
    (pci / "drm" / render / "device").symlink_to("../../../" + dev.bdf)
    class_drm = root / "class" / "drm"
    class_drm.mkdir(parents=True, exist_ok=True)
    (class_drm / render).symlink_to(os.path.relpath(pci / "drm" / render, class_drm))
    return pci


def set_memory(root: Path, render_minor: int, **counters: int) -> None:
    """Overwrite mem_info_* counters (e.g. vram_used=…) of an existing device."""
    device = root / "class" / "drm" / f"renderD{render_minor}" / "device"
    for name, value in counters.items():
        (device / f"mem_info_{name}").write_text(f"{value}\n")


def strix_halo(root: Path, *, carveout: str = "96g", cwsr: bool = True) -> Path:
    """A Strix Halo APU, 128 GB: BIOS carve-out of 96 GiB (GTT at the kernel default of half
    the remaining RAM) or of 512 MiB (GTT raised to 120 GiB with ttm.pages_limit=31457280)."""
    write_kfd_node(root, 0, cpu_node_properties(cores=32, cwsr_keys=cwsr))
    write_kfd_node(root, 1, strix_halo_properties(cwsr=cwsr), gpu_id=45352)
    if carveout == "96g":
        vram, vram_used, gtt, gtt_used = 96 * GIB, 1137 * MIB, 16363954176, 24 * MIB
    elif carveout == "512m":
        vram, vram_used, gtt, gtt_used = 512 * MIB, 94 * MIB, 31457280 * 4096, 1201 * MIB
    else:
        raise ValueError(carveout)
    write_drm_device(
        root,
        DrmDevice("0000:c5:00.0", 128, vram, vram_used, gtt, gtt_used, board_info=False),
    )
    return root


def rdna3_card(root: Path, product_name: str | None = None) -> Path:
    """A desktop with a Radeon RX 7900 XTX (gfx1100) and 32 GB of RAM."""
    write_kfd_node(root, 0, cpu_node_properties(cores=16))
    write_kfd_node(root, 1, navi31_properties(), gpu_id=53623)
    write_drm_device(
        root,
        DrmDevice(
            "0000:03:00.0",
            128,
            RX7900XTX_VRAM,
            612 * MIB,
            16681623552,
            20 * MIB,
            board_info=True,
            product_name=product_name,
        ),
        bridge="0000:00:01.1",
    )
    return root


def apu_and_discrete(root: Path) -> Path:
    """A Strix Halo laptop/box with an RX 7900 XTX attached: the APU is node 1, the card node 2."""
    write_kfd_node(root, 0, cpu_node_properties(cores=32))
    write_kfd_node(root, 1, strix_halo_properties(render_minor=128), gpu_id=45352)
    write_kfd_node(root, 2, navi31_properties(render_minor=129, location_id=0x0100), gpu_id=7001)
    write_drm_device(
        root,
        DrmDevice("0000:c5:00.0", 128, 512 * MIB, 94 * MIB, 62 * GIB, 300 * MIB, False),
    )
    write_drm_device(
        root,
        DrmDevice("0000:01:00.0", 129, RX7900XTX_VRAM, 612 * MIB, 62 * GIB, 0, True),
        bridge="0000:00:01.1",
    )
    return root


def cpu_only(root: Path) -> Path:
    """amdkfd loaded but only the CPU node in the topology (e.g. a desktop with no AMD GPU)."""
    write_kfd_node(root, 0, cpu_node_properties(cores=8))
    return root


# AMD Instinct MI300X (gfx942): 304 CUs (8 XCDs of 38), wave64, 4 SIMDs per CU, 192 GiB HBM3.
MI300X_DEVICE_ID = 0x74A1
MI300X_VRAM = 192 * GIB


def mi300x_properties(
    render_minor: int, location_id: int, hive_id: int = 0x5A3C9E1B2D4F6071
) -> dict[str, int]:
    """An MI300X node: a CDNA3 GPU in an XGMI hive (wave64, 4 SIMDs per CU, 8 XCCs)."""
    props = gpu_node_properties(
        gfx_target_version=90402,
        device_id=MI300X_DEVICE_ID,
        location_id=location_id,
        drm_render_minor=render_minor,
        compute_units=304,
        simd_arrays_per_engine=1,
        cu_per_simd_array=10,
        array_count=32,
        max_engine_clk_fcompute=2100,
        cwsr_size=None,
        ctl_stack_size=None,
    )
    props |= {
        "simd_count": 304 * 4,
        "simd_per_cu": 4,
        "wave_front_size": 64,
        "max_waves_per_simd": 8,
        "hive_id": hive_id,
        "num_sdma_xgmi_engines": 14,
        "num_xcc": 8,
        "p2p_links_count": 7,
    }
    return props


def mi300x_node(root: Path, count: int = 8) -> Path:
    """A server with `count` MI300X GPUs on two CPU sockets (an 8-GPU node by default)."""
    write_kfd_node(root, 0, cpu_node_properties(cores=96))
    write_kfd_node(root, 1, cpu_node_properties(cores=96))
    for i in range(count):
        bus = 0x05 + 0x10 * i
        minor = 128 + 8 * i  # amdgpu leaves gaps between the render minors of big parts
        write_kfd_node(root, 2 + i, mi300x_properties(minor, bus << 8), gpu_id=0x3E00 + i)
        write_drm_device(
            root,
            DrmDevice(
                f"0000:{bus:02x}:00.0",
                minor,
                MI300X_VRAM,
                283 * MIB,
                1024 * GIB,
                12 * MIB,
                board_info=True,
                product_name="AMD Instinct MI300X",
            ),
            bridge=f"0000:00:0{i % 8}.1",
        )
    return root


def two_rdna3_cards(root: Path, *, vram: int = RX7900XTX_VRAM) -> Path:
    """A workstation with two Radeon RX 7900 XTX cards (gfx1100) and 64 GB of RAM."""
    write_kfd_node(root, 0, cpu_node_properties(cores=16))
    for i, (bus, minor) in enumerate(((0x03, 128), (0x08, 129))):
        write_kfd_node(
            root,
            1 + i,
            navi31_properties(render_minor=minor, location_id=bus << 8),
            gpu_id=53623 + i,
        )
        write_drm_device(
            root,
            DrmDevice(
                f"0000:{bus:02x}:00.0",
                minor,
                vram,
                612 * MIB,
                32 * GIB,
                20 * MIB,
                board_info=True,
            ),
            bridge=f"0000:00:0{1 + i}.1",
        )
    return root
