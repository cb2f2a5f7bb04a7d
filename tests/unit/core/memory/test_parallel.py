"""Several GPUs per model: choosing and checking GPUs, pinning them, each GPU's share of memory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.core.memory.gpu import GpuInfo, system_info
from app.core.memory.model_shape import ModelShape
from app.core.memory.parallel import (
    Placement,
    gpu_device,
    gpu_index,
    heads_problem,
    parallel_args,
    parse_gpus,
    parse_parallel_size,
    place,
    shard_shape,
    visible_devices_env,
    weights_share,
)
from app.core.problems.problems import ProblemError

try:  # the helper module sits beside this file; tests/unit may or may not be a package
    from tests.unit import sysfs_trees as trees
except ImportError:
    import sysfs_trees as trees  # type: ignore[no-redef]


@pytest.fixture(autouse=True)
def no_nvidia(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def gpus_of(tree: Any, tmp_path: Path) -> tuple[GpuInfo, ...]:
    return system_info(tree(tmp_path / "sys")).gpus


def refused(**kwargs: Any) -> tuple[str, dict[str, Any]]:
    with pytest.raises(ProblemError) as caught:
        place("user.m", **kwargs)
    found = caught.value.problem
    found.english()  # every template formats with its parameters
    return found.code, dict(found.params)


# --- choosing GPUs ------------------------------------------------------------------------------


def test_one_gpu_default_is_the_primary_and_is_not_pinned(tmp_path: Path) -> None:
    gpus = gpus_of(trees.rdna3_card, tmp_path)
    assert place("user.m", gpus) == Placement(1, 1, (0,), pinned=False)


def test_on_two_gpus_a_model_is_pinned_even_by_default(tmp_path: Path) -> None:
    gpus = gpus_of(trees.two_rdna3_cards, tmp_path)
    # Otherwise vLLM would take HIP device 0 while the plan might count another GPU.
    assert place("user.m", gpus) == Placement(1, 1, (0,), pinned=True)
    assert place("user.m", gpus, gpus=[1]) == Placement(1, 1, (1,), pinned=True)
    assert place("user.m", gpus, tensor_parallel_size=2) == Placement(2, 1, (0, 1), True)
    assert place("user.m", gpus, pipeline_parallel_size=2, gpus=[1, 0]) == Placement(
        1, 2, (1, 0), True
    )


def test_tp_times_pp_on_an_mi300x_node(tmp_path: Path) -> None:
    gpus = gpus_of(trees.mi300x_node, tmp_path)
    placed = place("user.m", gpus, tensor_parallel_size=4, pipeline_parallel_size=2)
    assert placed.gpus == tuple(range(8)) and placed.world_size == 8
    placed = place("user.m", gpus, tensor_parallel_size=4, gpus=[4, 5, 6, 7])
    assert placed.devices == ("gpu4", "gpu5", "gpu6", "gpu7")


def test_more_gpus_asked_than_exist(tmp_path: Path) -> None:
    gpus = gpus_of(trees.two_rdna3_cards, tmp_path)
    code, params = refused(gpus_found=gpus, tensor_parallel_size=2, pipeline_parallel_size=2)
    assert code == "options.too_many_gpus"
    assert params == {"model": "user.m", "wanted": 4, "tp": 2, "pp": 2, "count": 2}


def test_tp_times_pp_must_match_the_gpus_chosen(tmp_path: Path) -> None:
    gpus = gpus_of(trees.mi300x_node, tmp_path)
    code, params = refused(gpus_found=gpus, tensor_parallel_size=2, gpus=[0, 1, 2])
    assert code == "options.parallel_mismatch"
    assert params == {"tp": 2, "pp": 1, "wanted": 2, "count": 3, "gpus": "0, 1, 2"}
    # Two GPUs chosen without sizes: vLLM would use only the first, so it is refused too.
    code, _ = refused(gpus_found=gpus, gpus=[0, 1])
    assert code == "options.parallel_mismatch"


def test_a_gpu_that_does_not_exist(tmp_path: Path) -> None:
    gpus = gpus_of(trees.two_rdna3_cards, tmp_path)
    code, params = refused(gpus_found=gpus, gpus=[2])
    assert (code, params) == ("options.gpu_unknown", {"index": 2, "last": 1})
    code, params = refused(gpus_found=gpus, tensor_parallel_size=3, gpus=[0, 1, 2])
    assert (code, params) == ("options.gpu_unknown", {"index": 2, "last": 1})


def test_a_gpu_named_twice(tmp_path: Path) -> None:
    gpus = gpus_of(trees.two_rdna3_cards, tmp_path)
    code, params = refused(gpus_found=gpus, tensor_parallel_size=2, gpus=[1, 1])
    assert (code, params) == ("options.gpu_repeated", {"index": 1})


def test_the_rocm_bundle_runs_only_on_its_own_family(tmp_path: Path) -> None:
    # Strix Halo (gfx1151) with an RX 7900 XTX (gfx1100): the bundle is the card's.
    gpus = gpus_of(trees.apu_and_discrete, tmp_path)
    assert [g.gfx_target for g in gpus] == ["gfx1100", "gfx1151"]
    code, params = refused(gpus_found=gpus, gpus=[1], engine_family="gfx110X")
    assert code == "options.gpu_wrong_family"
    assert params["index"] == 1 and params["target"] == "gfx1151"
    assert params["family"] == "gfx110X"
    # Chosen by the app, only the card counts: two GPUs are not there for this engine.
    code, params = refused(gpus_found=gpus, tensor_parallel_size=2, engine_family="gfx110X")
    assert (code, params["count"]) == ("options.too_many_gpus", 1)
    # A custom engine (no family) may use both.
    assert place("user.m", gpus, gpus=[1]).gpus == (1,)


def test_the_cpu_engine_runs_in_ram_and_ignores_gpus(tmp_path: Path) -> None:
    gpus = gpus_of(trees.two_rdna3_cards, tmp_path)
    placed = place("user.m", gpus, tensor_parallel_size=2, gpus=[0, 1], uses_gpu=False)
    assert placed == Placement(2, 1, (), False)
    assert placed.devices == ("ram",)
    # The sizes still must agree with the list: the options are refused on their own terms.
    code, _ = refused(gpus_found=gpus, tensor_parallel_size=2, gpus=[0], uses_gpu=False)
    assert code == "options.parallel_mismatch"


def test_no_gpu_found_leaves_the_gpus_to_vllm() -> None:
    # A custom engine where detection sees nothing: nothing to check sizes against or pin.
    assert place("user.m", ()) == Placement()
    assert place("user.m", (), tensor_parallel_size=2) == Placement(2, 1, (), False)
    code, params = refused(gpus_found=(), gpus=[0])
    assert (code, params) == ("options.gpu_unknown", {"index": 0, "last": None})


def test_sizes_below_one_are_refused() -> None:
    code, params = refused(gpus_found=(), tensor_parallel_size=0)
    assert (code, params["name"]) == ("options.bad_parallel_size", "tensor_parallel_size")


# --- vLLM's rules, flags and environment ---------------------------------------------------------


def test_heads_must_divide_by_tp_as_vllm_requires() -> None:
    assert heads_problem("m", 32, 4) is None
    found = heads_problem("user.m", 14, 4)
    assert found is not None and found.code == "options.heads_not_divisible"
    assert found.params == {"model": "user.m", "heads": 14, "tp": 4, "sizes": "1, 2, 7, 14"}


def test_parallel_flags_only_for_sizes_set() -> None:
    assert parallel_args(None, None) == ()
    assert parallel_args(2, None) == ("--tensor-parallel-size", "2")
    assert parallel_args(2, 2) == (
        "--tensor-parallel-size",
        "2",
        "--pipeline-parallel-size",
        "2",
    )


def test_amd_pin_names_hip_devices_in_kfd_order(tmp_path: Path) -> None:
    gpus = gpus_of(trees.apu_and_discrete, tmp_path)
    # GPU 0 for the user (the card) is HIP device 1: the APU is the lower KFD node.
    assert visible_devices_env([gpus[0]]) == {
        "HIP_VISIBLE_DEVICES": "1",
        "CUDA_VISIBLE_DEVICES": "1",
    }
    assert visible_devices_env([gpus[1], gpus[0]])["HIP_VISIBLE_DEVICES"] == "0,1"


def test_nvidia_pin_uses_pci_bus_order() -> None:
    gpu = GpuInfo("nvidia", "A6000", None, 1, None, True, False, 1, 0, None, None, None, 1)
    assert visible_devices_env([gpu]) == {
        "CUDA_VISIBLE_DEVICES": "1",
        "CUDA_DEVICE_ORDER": "PCI_BUS_ID",
    }


def test_no_pin_without_a_runtime_number() -> None:
    gpu = GpuInfo("amd", "x", "gfx1100", 1, 128, True, False, 1, 0, None, None, None)
    assert visible_devices_env([gpu]) == {}


# --- memory per GPU ------------------------------------------------------------------------------

LLAMA_70B = ModelShape(
    num_layers=80,
    kv_layers=80,
    num_attention_heads=64,
    num_kv_heads=8,
    head_dim=128,
    hidden_size=8192,
    dtype_bytes=2,
    max_position_embeddings=131072,
)


def test_tp_splits_kv_heads_and_pp_splits_layers() -> None:
    whole = LLAMA_70B.kv_bytes_per_token()
    assert whole == 80 * 8 * 128 * 2 * 2
    assert shard_shape(LLAMA_70B, 2, 1).kv_bytes_per_token() == whole // 2
    assert shard_shape(LLAMA_70B, 1, 2).kv_bytes_per_token() == whole // 2
    assert shard_shape(LLAMA_70B, 2, 2).kv_bytes_per_token() == whole // 4
    # More ranks than KV heads: vLLM replicates a head on each rank, it does not split it.
    assert shard_shape(LLAMA_70B, 16, 1).num_kv_heads == 1
    # Layers that do not divide: the largest stage decides.
    assert shard_shape(LLAMA_70B, 1, 3).kv_layers == 27


def test_weights_share_rounds_up() -> None:
    assert weights_share(10, 4) == 3
    assert weights_share(8, 4) == 2


def test_device_keys() -> None:
    assert gpu_device(3) == "gpu3"
    assert gpu_index("gpu3") == 3
    assert gpu_index("ram") is None


# --- what a person types --------------------------------------------------------------------------


def test_parse_what_a_person_types() -> None:
    assert parse_gpus("0,1") == (0, 1)
    assert parse_gpus(" 1 , 0 ") == (1, 0)
    assert parse_gpus("") is None and parse_gpus("default") is None
    assert parse_parallel_size("tensor_parallel_size", "2") == 2
    assert parse_parallel_size("tensor_parallel_size", "default") is None
    for text in ("0,x", "0;1", "-1", "0,,1"):
        with pytest.raises(ProblemError) as caught:
            parse_gpus(text)
        assert caught.value.problem.code == "options.bad_gpus"
    for text in ("0", "two", "-2", "1.5"):
        with pytest.raises(ProblemError) as caught:
            parse_parallel_size("pipeline_parallel_size", text)
        assert caught.value.problem.code == "options.bad_parallel_size"
        assert caught.value.problem.params["name"] == "pipeline_parallel_size"


def test_a_custom_engine_may_be_pinned_to_the_other_vendor(tmp_path: Path) -> None:
    amd = gpus_of(trees.rdna3_card, tmp_path)[0]
    nvidia = GpuInfo("nvidia", "RTX 4090", None, 0, None, True, False, 1, 0, None, None, None, 0)
    # Detection lists AMD first; a CUDA build chosen by hand runs on the NVIDIA card.
    assert place("user.m", (amd, nvidia), gpus=[1]) == Placement(1, 1, (1,), True)
    code, params = refused(gpus_found=(amd, nvidia), tensor_parallel_size=2, gpus=[0, 1])
    assert (code, params["gpus"]) == ("options.gpus_mixed_vendors", "0, 1")
    # Chosen by the app: only the primary's vendor.
    code, _ = refused(gpus_found=(amd, nvidia), tensor_parallel_size=2)
    assert code == "options.too_many_gpus"
