"""GPU and system detection against fake sysfs trees and a fake nvidia-smi."""

from __future__ import annotations

import json
from pathlib import Path

import psutil
import pytest

from app.core.memory.gfx import gfx_family, gfx_target_name
from app.core.memory.gpu import (
    GpuInfo,
    MemorySample,
    detect_amd_gpus,
    detect_nvidia_gpus,
    parse_properties,
    read_memory,
    rocm_support_problem,
    system_info,
)

try:  # the helper module sits beside this file; tests/unit may or may not be a package
    from tests.unit import sysfs_trees as trees
except ImportError:
    import sysfs_trees as trees  # type: ignore[no-redef]

GIB = 1024**3
MIB = 1024**2


@pytest.fixture
def no_nvidia(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PATH without nvidia-smi, so the host's tools cannot leak into a test."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def fake_nvidia_smi(bin_dir: Path, stdout: str, status: int = 0) -> Path:
    """An nvidia-smi that records its arguments and prints `stdout` (shell builtins only)."""
    bin_dir.mkdir(exist_ok=True)
    script = bin_dir / "nvidia-smi"
    lines = "".join(f"printf '%s\\n' '{line}'\n" for line in stdout.splitlines())
    script.write_text(
        f'#!/bin/sh\nprintf \'%s\\n\' "$@" > "${{0%/*}}/args.txt"\n{lines}exit {status}\n'
    )
    script.chmod(0o755)
    return script


# --- gfx targets -----------------------------------------------------------------------------


def test_parse_properties_reads_kernel_format_and_skips_junk() -> None:
    text = "".join(f"{k} {v}\n" for k, v in trees.strix_halo_properties().items())
    props = parse_properties(text + "garbage\nkey notanumber\n\n")
    assert props["gfx_target_version"] == 110501
    assert props["vendor_id"] == 4098
    assert props["simd_count"] == 80
    assert props["drm_render_minor"] == 128
    assert "garbage" not in props
    assert "key" not in props


# --- AMD from the KFD topology -------------------------------------------------------------


def test_strix_halo_96g_carveout_is_an_apu_with_vram_plus_gtt_budget(tmp_path: Path) -> None:
    root = trees.strix_halo(tmp_path, carveout="96g")
    [gpu] = detect_amd_gpus(root)
    assert gpu.vendor == "amd"
    assert gpu.gfx_target == "gfx1151"
    assert gpu.gfx_family == "gfx1151"
    assert gpu.name == "Radeon 8060S (Strix Halo)"
    assert (gpu.node_id, gpu.render_minor) == (1, 128)
    assert gpu.apu is True
    assert gpu.discrete is False
    assert gpu.vram_total == 96 * GIB
    assert gpu.vram_used == 1137 * MIB
    assert gpu.gtt_total == 16363954176
    assert gpu.gtt_used == 24 * MIB
    assert gpu.budget_total == 96 * GIB + 16363954176
    assert gpu.budget_used == 1137 * MIB + 24 * MIB
    assert gpu.kernel_prereq_ok is True


def test_strix_halo_512m_carveout_budget_is_mostly_gtt(tmp_path: Path) -> None:
    root = trees.strix_halo(tmp_path, carveout="512m")
    [gpu] = detect_amd_gpus(root)
    assert gpu.vram_total == 512 * MIB
    assert gpu.gtt_total == 120 * GIB
    assert gpu.budget_total == 512 * MIB + 120 * GIB
    assert gpu.budget_used == 94 * MIB + 1201 * MIB


def test_strix_halo_without_cwsr_properties_fails_the_kernel_prerequisite(
    tmp_path: Path, no_nvidia: None
) -> None:
    root = trees.strix_halo(tmp_path, cwsr=False)
    [gpu] = detect_amd_gpus(root)
    assert gpu.kernel_prereq_ok is False

    info = system_info(root)
    [prereq] = [p for p in info.problems if p.code == "gpu.kernel_prerequisite"]
    assert prereq.params["target"] == "gfx1151"
    assert prereq.params["name"] == "Radeon 8060S (Strix Halo)"
    assert prereq.params["kernel"] == info.kernel_release
    assert prereq.params["required"] == "6.18.4"
    sentence = prereq.english()
    assert "hang or crash" in sentence
    assert "6.18.4 or newer" in sentence
    assert "backport" in sentence


def test_strix_halo_with_only_one_of_the_two_properties_still_fails(tmp_path: Path) -> None:
    props = trees.strix_halo_properties(cwsr=False)
    props["cwsr_size"] = 13942784  # a partial backport: ctl_stack_size still missing
    trees.write_kfd_node(tmp_path, 0, trees.cpu_node_properties())
    trees.write_kfd_node(tmp_path, 1, props, gpu_id=45352)
    [gpu] = detect_amd_gpus(tmp_path)
    assert gpu.kernel_prereq_ok is False


def test_strix_halo_with_the_fix_has_no_kernel_problem(tmp_path: Path, no_nvidia: None) -> None:
    info = system_info(trees.strix_halo(tmp_path))
    assert info.problems == ()
    assert info.primary is not None
    assert info.primary.gfx_target == "gfx1151"


def test_rdna3_card_is_discrete_and_its_budget_is_vram_only(tmp_path: Path) -> None:
    [gpu] = detect_amd_gpus(trees.rdna3_card(tmp_path))
    assert gpu.gfx_target == "gfx1100"
    assert gpu.gfx_family == "gfx110X"
    assert gpu.name == "Radeon RX 7900 XTX/XT"
    assert gpu.discrete is True
    assert gpu.apu is False
    assert gpu.vram_total == 24560 * MIB
    assert gpu.gtt_total == 16681623552
    assert gpu.budget_total == 24560 * MIB
    assert gpu.budget_used == 612 * MIB
    assert gpu.kernel_prereq_ok is None  # the CWSR prerequisite is a gfx1151 matter


def test_product_name_from_the_driver_wins_over_the_table(tmp_path: Path) -> None:
    root = trees.rdna3_card(tmp_path, product_name="AMD Radeon RX 7900 XTX")
    [gpu] = detect_amd_gpus(root)
    assert gpu.name == "AMD Radeon RX 7900 XTX"


def test_empty_product_name_falls_back_to_the_table(tmp_path: Path) -> None:
    [gpu] = detect_amd_gpus(trees.rdna3_card(tmp_path, product_name=""))
    assert gpu.name == "Radeon RX 7900 XTX/XT"


def test_unknown_target_gets_a_generic_name(tmp_path: Path) -> None:
    props = trees.navi31_properties()
    props["gfx_target_version"] = 100302  # gfx1032, not in the table
    trees.write_kfd_node(tmp_path, 1, props, gpu_id=1)
    [gpu] = detect_amd_gpus(tmp_path)
    assert gpu.name == "AMD GPU gfx1032"


def test_discrete_card_is_listed_before_the_apu(tmp_path: Path, no_nvidia: None) -> None:
    root = trees.apu_and_discrete(tmp_path)
    gpus = detect_amd_gpus(root)
    assert [(g.node_id, g.gfx_target, g.discrete) for g in gpus] == [
        (2, "gfx1100", True),
        (1, "gfx1151", False),
    ]
    assert gpus[0].render_minor == 129
    assert gpus[0].vram_total == 24560 * MIB
    assert gpus[1].budget_total == 512 * MIB + 62 * GIB

    # HIP numbers AMD GPUs in KFD node order: the card listed first is HIP device 1.
    assert [g.device_index for g in gpus] == [1, 0]

    info = system_info(root)
    assert info.primary == gpus[0]
    assert info.gpus == tuple(gpus)


def test_cpu_only_kfd_node_is_ignored(tmp_path: Path) -> None:
    assert detect_amd_gpus(trees.cpu_only(tmp_path)) == []


def test_no_kfd_at_all_means_no_amd_gpu(tmp_path: Path) -> None:
    assert detect_amd_gpus(tmp_path) == []


def test_gpu_node_without_render_minor_has_unknown_memory(tmp_path: Path) -> None:
    props = trees.navi31_properties()
    del props["drm_render_minor"]
    trees.write_kfd_node(tmp_path, 1, props, gpu_id=1)
    [gpu] = detect_amd_gpus(tmp_path)
    assert gpu.render_minor is None
    assert (gpu.vram_total, gpu.gtt_total, gpu.budget_total) == (None, None, None)
    assert read_memory(gpu, tmp_path, clock=lambda: 5.0) == MemorySample(
        None, None, None, None, 5.0, apu=True
    )


# --- memory sampling -------------------------------------------------------------------------


def test_read_memory_sees_fresh_counters(tmp_path: Path) -> None:
    root = trees.strix_halo(tmp_path, carveout="512m")
    [gpu] = detect_amd_gpus(root)
    trees.set_memory(root, 128, vram_used=400 * MIB, gtt_used=30 * GIB)
    sample = read_memory(gpu, root, clock=lambda: 1234.5)
    assert sample == MemorySample(
        vram_used=400 * MIB,
        vram_total=512 * MIB,
        gtt_used=30 * GIB,
        gtt_total=120 * GIB,
        timestamp=1234.5,
        apu=True,
    )
    assert sample.budget_used == 400 * MIB + 30 * GIB
    refreshed = gpu.with_sample(sample)
    assert refreshed.budget_used == sample.budget_used
    assert refreshed.name == gpu.name


def test_read_memory_of_a_discrete_card_budgets_vram_only(tmp_path: Path) -> None:
    root = trees.rdna3_card(tmp_path)
    [gpu] = detect_amd_gpus(root)
    trees.set_memory(root, 128, vram_used=20 * GIB)
    sample = read_memory(gpu, root)
    assert sample.apu is False
    assert sample.budget_used == 20 * GIB
    assert sample.budget_total == 24560 * MIB
    assert sample.timestamp > 0


# --- NVIDIA ----------------------------------------------------------------------------------


def test_nvidia_gpus_come_from_nvidia_smi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "bin"
    fake_nvidia_smi(
        bin_dir,
        "NVIDIA GeForce RTX 4090, 24564, 1523\nNVIDIA RTX A2000 12GB, 12282, [N/A]\n",
    )
    monkeypatch.setenv("PATH", str(bin_dir))
    gpus = detect_nvidia_gpus()
    assert (bin_dir / "args.txt").read_text().split() == [
        "--query-gpu=name,memory.total,memory.used",
        "--format=csv,noheader,nounits",
    ]
    assert [g.name for g in gpus] == ["NVIDIA GeForce RTX 4090", "NVIDIA RTX A2000 12GB"]
    first, second = gpus
    assert (first.vendor, first.node_id, first.discrete, first.apu) == ("nvidia", 0, True, False)
    assert first.vram_total == 24564 * MIB
    assert first.vram_used == 1523 * MIB
    assert first.budget_total == 24564 * MIB
    assert first.gfx_target is None
    assert second.node_id == 1
    assert second.vram_used is None

    sample = read_memory(second, tmp_path, clock=lambda: 7.0)
    assert (sample.vram_total, sample.vram_used, sample.timestamp) == (12282 * MIB, None, 7.0)


def test_failing_nvidia_smi_means_no_nvidia_gpu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    fake_nvidia_smi(bin_dir, "NVIDIA-SMI has failed because it couldn't communicate", status=9)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert detect_nvidia_gpus() == []


def test_no_nvidia_smi_on_path_means_no_nvidia_gpu(no_nvidia: None) -> None:
    assert detect_nvidia_gpus() == []


def test_nvidia_primary_is_flagged_unsupported_by_the_rocm_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    fake_nvidia_smi(bin_dir, "NVIDIA GeForce RTX 4090, 24564, 1523\n")
    monkeypatch.setenv("PATH", str(bin_dir))
    info = system_info(tmp_path / "sys")
    assert info.primary is not None
    assert info.primary.vendor == "nvidia"
    assert [p.code for p in info.problems] == ["engine.unsupported_gpu"]
    assert info.problems[0].params["target"] == "nvidia"


# --- whole-system view -----------------------------------------------------------------------


def test_no_gpu_says_so_plainly(tmp_path: Path, no_nvidia: None) -> None:
    info = system_info(tmp_path)
    assert info.gpus == ()
    assert info.primary is None
    [none_found] = info.problems
    assert none_found.code == "gpu.none_found"
    assert "CPU engine" in none_found.english()


def test_system_info_reports_ram_cpus_and_kernel(tmp_path: Path, no_nvidia: None) -> None:
    info = system_info(trees.rdna3_card(tmp_path))
    assert info.ram_total == psutil.virtual_memory().total
    assert 0 < info.ram_available <= info.ram_total
    assert info.cpu_count >= 1
    assert info.kernel_release
    assert info.problems == ()


def test_unsupported_amd_target_is_a_problem(tmp_path: Path, no_nvidia: None) -> None:
    props = trees.navi31_properties()
    props["gfx_target_version"] = 100300  # RX 6800/6900: no ROCm vLLM bundle
    trees.write_kfd_node(tmp_path, 1, props, gpu_id=1)
    info = system_info(tmp_path)
    [unsupported] = info.problems
    assert unsupported.code == "engine.unsupported_gpu"
    assert unsupported.params["target"] == "gfx1030"
    assert unsupported.params["name"] == "Radeon RX 6800/6900 series"
    assert "gfx1151" in unsupported.params["supported"]


@pytest.mark.parametrize("target", ["gfx1100", "gfx1103", "gfx1150", "gfx1151", "gfx1201"])
def test_supported_targets_have_no_engine_problem(target: str) -> None:
    gpu = GpuInfo("amd", "x", target, 1, 128, True, False, None, None, None, None, None)
    assert rocm_support_problem(gpu) is None


def test_system_info_to_json_is_serialisable(tmp_path: Path, no_nvidia: None) -> None:
    info = system_info(trees.strix_halo(tmp_path, cwsr=False))
    data = json.loads(json.dumps(info.to_json()))
    assert data["primary"]["gfx_target"] == "gfx1151"
    assert data["primary"]["budget_total"] == 96 * GIB + 16363954176
    assert data["gpus"][0]["apu"] is True
    assert [p["code"] for p in data["problems"]] == ["gpu.kernel_prerequisite"]
    assert "hang or crash" in data["problems"][0]["message"]
    assert data["ram_total"] == info.ram_total


# --- several GPUs, Instinct --------------------------------------------------------------------


def test_two_rdna3_cards_are_both_found_in_node_order(tmp_path: Path, no_nvidia: None) -> None:
    info = system_info(trees.two_rdna3_cards(tmp_path))
    assert [(g.node_id, g.gfx_target, g.render_minor, g.device_index) for g in info.gpus] == [
        (1, "gfx1100", 128, 0),
        (2, "gfx1100", 129, 1),
    ]
    assert all(g.discrete and g.budget_total == trees.RX7900XTX_VRAM for g in info.gpus)
    assert info.problems == ()


def test_an_mi300x_node_is_eight_supported_instinct_gpus(tmp_path: Path, no_nvidia: None) -> None:
    info = system_info(trees.mi300x_node(tmp_path))
    assert len(info.gpus) == 8
    assert {g.gfx_target for g in info.gpus} == {"gfx942"}
    assert [g.device_index for g in info.gpus] == list(range(8))
    assert [g.node_id for g in info.gpus] == list(range(2, 10))  # two CPU nodes first
    mi300x = info.gpus[0]
    assert mi300x.name == "AMD Instinct MI300X"
    assert mi300x.discrete and not mi300x.apu
    assert mi300x.budget_total == 192 * GIB
    assert mi300x.kernel_prereq_ok is None  # the gfx1151 fix does not concern it
    # Supported now: no "unsupported GPU" problem for the primary.
    assert info.problems == ()
    assert rocm_support_problem(mi300x) is None


@pytest.mark.parametrize(("version", "target"), [(90402, "gfx942"), (90500, "gfx950")])
def test_instinct_targets_decode_and_are_supported(version: int, target: str) -> None:
    assert gfx_target_name(version) == target
    assert gfx_family(target) == target
    gpu = GpuInfo("amd", "x", target, 1, 128, True, False, None, None, None, None, None)
    assert rocm_support_problem(gpu) is None


def test_nvidia_gpus_keep_nvidia_smi_order_as_their_cuda_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    fake_nvidia_smi(bin_dir, "NVIDIA RTX A6000, 49140, 10\nNVIDIA RTX A6000, 49140, 12\n")
    monkeypatch.setenv("PATH", str(bin_dir))
    assert [g.device_index for g in detect_nvidia_gpus()] == [0, 1]
