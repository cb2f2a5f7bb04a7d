"""Several GPUs through the real runtime, on fake /sys trees with the fake engine: a model's
parallel options become vLLM's flags and its child's GPU pin, memory is planned and swapped
per GPU, two models run on two GPUs at once, and a tensor-parallel model takes both."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from app.cli import commands
from app.cli.context import paths_from
from app.core.cluster.cluster import ClusterConfig, WorkerNode, head_overlay
from app.core.models.registry import ModelOptions
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind, ProcessState
from app.launcher import main
from app.runtime.composition.facade import Session
from app.runtime.composition.runtime import Runtime, RuntimeOptions
from tests.fakes.engine_runtime import make_runtime
from tests.harness import internals, process
from tests.unit import sysfs_trees as trees

GIB = 1024**3
UTILIZATION = 0.85  # the setting's default: what each child reserves of each of its GPUs


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.decode().split("=", 1) for item in raw.split(b"\0") if item)
    return {k: v for k, v in pairs}


@pytest.fixture(autouse=True)
def no_nvidia(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the fake /sys decides what GPUs there are, whatever the host has."""
    monkeypatch.setattr("app.core.memory.gpu.detect_nvidia_gpus", lambda: [])


def runtime_on(
    tree: Callable[[Path], Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    **kwargs: Any,
) -> Runtime:
    settings = {"models.ctx_size": 4096, **kwargs.pop("settings", {})}
    return make_runtime(
        tmp_path,
        monkeypatch,
        models=("a", "b", "c"),
        settings=settings,
        sysfs_root=tree(tmp_path / "sys"),
        **kwargs,
    )


@pytest.fixture
async def two_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Runtime]:
    """Two RX 7900 XTX: each child reserves 0.85 of a card, so one model per card."""
    rt = runtime_on(trees.two_rdna3_cards, tmp_path, monkeypatch)
    await rt.start(serve=False)
    try:
        yield rt
    finally:
        await rt.stop()


def state(rt: Runtime, model_id: str) -> ProcessState:
    info = process(rt, model_id)
    return info.state if info is not None else ProcessState.STOPPED


# --- argv, pin and plan ---------------------------------------------------------------------------


async def test_parallel_options_become_flags_a_pin_and_a_plan_per_gpu(two_cards: Runtime) -> None:
    rt = two_cards
    preview = await rt.services.models.set_options(
        "user.c",
        ModelOptions(tensor_parallel_size=2, gpus=(1, 0)),
        fields={"tensor_parallel_size", "gpus"},
    )
    assert preview.problem is None
    assert preview.effective_gpus == (1, 0)
    argv = list(preview.command)
    assert argv[argv.index("--tensor-parallel-size") + 1] == "2"
    assert "--pipeline-parallel-size" not in argv  # not set: vLLM's default
    assert preview.layers[-1].source == "parallel options"

    plan = internals(rt).planner.plan_launch("user.c")
    spec = plan.spec
    assert spec.gpus == (1, 0)
    # vLLM's rank 0 on GPU 1: the order chosen is the order shown to the child.
    assert spec.env["HIP_VISIBLE_DEVICES"] == "1,0"
    assert spec.env["CUDA_VISIBLE_DEVICES"] == "1,0"
    share = int(trees.RX7900XTX_VRAM * UTILIZATION)
    assert plan.device_bytes == {"gpu0": share, "gpu1": share}
    assert preview.planned == {"gpu0": share, "gpu1": share}
    assert internals(rt).planner.memory_budgets() == {
        "ram": rt.services.views.system_info().ram_total,
        "gpu0": trees.RX7900XTX_VRAM,
        "gpu1": trees.RX7900XTX_VRAM,
    }

    # With two GPUs, a model without options is pinned too: to the first.
    plain_plan = internals(rt).planner.plan_launch("user.a")
    plain = plain_plan.spec
    assert plain.gpus == (0,) and plain.env["HIP_VISIBLE_DEVICES"] == "0"
    assert "--tensor-parallel-size" not in plain.args
    assert plain_plan.device_bytes == {"gpu0": share}


async def test_without_utilization_each_gpu_holds_its_share_of_weights_and_kv(
    two_cards: Runtime,
) -> None:
    rt = two_cards
    await rt.services.models.set_options(
        "user.c",
        ModelOptions(
            tensor_parallel_size=2, gpus=(0, 1), vllm_args="--kv-cache-memory-bytes 1000000"
        ),
        fields={"tensor_parallel_size", "gpus", "vllm_args"},
    )
    plan = internals(rt).planner.plan_launch("user.c")
    spec = plan.spec
    assert "--gpu-memory-utilization" not in spec.args  # the memory group's later member won
    # The tiny model: 1 KV head (replicated on both ranks), 2 layers x 64 x K+V x 4 bytes.
    per_token = 2 * 1 * 64 * 2 * 4
    weights_half = -(-(8 + len(_safetensors_header()) + 8) // 2)  # rounded up
    expected = weights_half + per_token * 4096
    assert plan.device_bytes == {"gpu0": expected, "gpu1": expected}


def _safetensors_header() -> bytes:
    # As tests.fakes.engine_runtime.make_model_folder writes it.
    return json.dumps({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}).encode()


async def test_the_pin_reaches_the_child_over_its_inherited_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A shell with its own choice: the model's GPUs win, and the two stay equal (vLLM's
    # ROCm platform refuses to start when HIP_ and CUDA_VISIBLE_DEVICES differ).
    monkeypatch.setenv("HIP_VISIBLE_DEVICES", "5")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "7")
    rt = runtime_on(trees.two_rdna3_cards, tmp_path, monkeypatch)
    await rt.start(serve=False)
    try:
        await rt.services.models.set_options("user.b", ModelOptions(gpus=(1,)), fields={"gpus"})
        backend = await rt.services.models.load("user.b")
        assert backend.pid is not None
        env = environ_of(backend.pid)
        assert env["HIP_VISIBLE_DEVICES"] == "1"
        assert env["CUDA_VISIBLE_DEVICES"] == "1"
    finally:
        await rt.stop()


# --- two GPUs at once, and a model on both --------------------------------------------------------


async def test_two_models_pinned_to_two_gpus_both_run(two_cards: Runtime) -> None:
    rt = two_cards
    await rt.services.models.set_options("user.b", ModelOptions(gpus=(1,)), fields={"gpus"})
    a = await rt.services.models.load("user.a")  # GPU 0, chosen by the app
    b = await rt.services.models.load("user.b")  # GPU 1: nothing on GPU 0 is in its way
    assert state(rt, "user.a") is ProcessState.RUNNING
    assert state(rt, "user.b") is ProcessState.RUNNING
    assert a.pid is not None and b.pid is not None
    assert environ_of(a.pid)["HIP_VISIBLE_DEVICES"] == "0"
    assert environ_of(b.pid)["HIP_VISIBLE_DEVICES"] == "1"

    # Two models on GPU 0 do not fit (2 x 0.85 of it): the one there gives way, GPU 1's stays.
    await rt.services.models.set_options("user.c", ModelOptions(gpus=(0,)), fields={"gpus"})
    await rt.services.models.load("user.c")
    assert state(rt, "user.a") is ProcessState.STOPPED
    assert state(rt, "user.b") is ProcessState.RUNNING
    assert state(rt, "user.c") is ProcessState.RUNNING


async def test_a_tensor_parallel_model_needs_both_gpus_and_swaps_accordingly(
    two_cards: Runtime,
) -> None:
    rt = two_cards
    await rt.services.models.set_options("user.b", ModelOptions(gpus=(1,)), fields={"gpus"})
    await rt.services.models.set_options(
        "user.c", ModelOptions(tensor_parallel_size=2), fields={"tensor_parallel_size"}
    )
    await rt.services.models.load("user.a")
    await rt.services.models.load("user.b")
    # c takes a share of both GPUs: both models go, the older first.
    c = await rt.services.models.load("user.c")
    assert (state(rt, "user.a"), state(rt, "user.b")) == (ProcessState.STOPPED,) * 2
    assert c.pid is not None and environ_of(c.pid)["HIP_VISIBLE_DEVICES"] == "0,1"
    argv = list(c.command)
    assert argv[argv.index("--tensor-parallel-size") + 1] == "2"
    # A one-GPU model needs c gone (it holds GPU 0 too) …
    await rt.services.models.load("user.a")
    assert state(rt, "user.c") is ProcessState.STOPPED
    # … and the other GPU is then free for b, beside a.
    await rt.services.models.load("user.b")
    assert state(rt, "user.a") is ProcessState.RUNNING
    assert state(rt, "user.b") is ProcessState.RUNNING


async def test_a_model_too_big_for_its_gpu_names_the_gpu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = runtime_on(trees.two_rdna3_cards, tmp_path, monkeypatch)
    await rt.services.config.set_settings(
        {"memory.budget_gb": 10.0}
    )  # each GPU's budget: below 0.85 x 24 GiB
    await rt.start(serve=False)
    try:
        await rt.services.models.set_options("user.b", ModelOptions(gpus=(1,)), fields={"gpus"})
        with pytest.raises(ProblemError) as err:
            await rt.services.models.load("user.b")
        found = err.value.problem
        assert found.code == "load.no_room"
        assert found.params["device"] == "GPU 1 (Radeon RX 7900 XTX/XT)"
        assert found.params["budget_gb"] == 10.0
        assert "(gpus)" in found.english()
    finally:
        await rt.stop()


async def test_across_machines_the_cluster_sets_the_sizes_and_this_machine_pins_its_ranks(
    two_cards: Runtime,
) -> None:
    rt = two_cards
    await rt.services.models.set_options(
        "user.c",
        ModelOptions(tensor_parallel_size=2, gpus=(1, 0)),
        fields={"tensor_parallel_size", "gpus"},
    )
    config = ClusterConfig(
        model_id="user.c",
        head_address="10.0.0.1",
        workers=(WorkerNode("10.0.0.2"),),
        tensor_parallel_size=2,
        enabled=True,
    )
    internals(rt).planner.overlays = {"user.c": head_overlay(config, None)}
    plan = internals(rt).planner.plan_launch("user.c")
    spec = plan.spec
    # tp 2 x pp 2 (one stage per machine): two ranks here, on the GPUs the model chose.
    assert spec.gpus == (1, 0) and spec.env["HIP_VISIBLE_DEVICES"] == "1,0"
    assert spec.args.count("--tensor-parallel-size") == 1  # the cluster's, not the model's
    assert spec.args[spec.args.index("--pipeline-parallel-size") + 1] == "2"
    share = int(trees.RX7900XTX_VRAM * UTILIZATION)
    assert plan.device_bytes == {"gpu1": share, "gpu0": share}


async def test_the_options_preview_plans_the_model_alone_while_a_cluster_serves_it(
    two_cards: Runtime,
) -> None:
    rt = two_cards
    options = ModelOptions(
        tensor_parallel_size=2, gpus=(0, 1), vllm_args="--kv-cache-memory-bytes 1000000"
    )
    alone = rt.services.models.preview("user.c", options)
    config = ClusterConfig(
        model_id="user.c",
        head_address="10.0.0.1",
        workers=(WorkerNode("10.0.0.2"),),
        tensor_parallel_size=2,
        enabled=True,
    )
    internals(rt).planner.overlays = {"user.c": head_overlay(config, None)}

    served = rt.services.models.preview("user.c", options)

    # The dialog edits the model's own options: its command and memory are the model's on
    # this machine alone. Before issue 19.2 the memory halved the weights for the cluster
    # while keeping the model's own sizes and command: neither start's plan.
    assert "--nnodes" not in served.command and served.command == alone.command
    assert served.planned == alone.planned


# --- validation: refused before anything is written -----------------------------------------------


@pytest.mark.parametrize(
    ("options", "code", "field"),
    [
        (
            ModelOptions(tensor_parallel_size=2, pipeline_parallel_size=2),
            "options.too_many_gpus",
            "tensor_parallel_size",
        ),
        (ModelOptions(tensor_parallel_size=2, gpus=(0,)), "options.parallel_mismatch", "gpus"),
        (ModelOptions(gpus=(2,)), "options.gpu_unknown", "gpus"),
        (ModelOptions(gpus=(0, 0), tensor_parallel_size=2), "options.gpu_repeated", "gpus"),
    ],
)
async def test_parallel_options_the_machine_cannot_honour_are_refused(
    two_cards: Runtime, options: ModelOptions, code: str, field: str
) -> None:
    rt = two_cards
    fields = {"tensor_parallel_size", "pipeline_parallel_size", "gpus"}
    preview = rt.services.models.preview("user.c", options)
    assert preview.problem is not None
    assert (preview.problem.code, preview.problem_field) == (code, field)
    assert preview.tensor_parallel_size == options.tensor_parallel_size
    with pytest.raises(ProblemError) as err:
        await rt.services.models.set_options("user.c", options, fields=fields)
    assert err.value.problem.code == code
    assert rt.services.models.options("user.c") == ModelOptions()  # nothing was written


async def test_heads_that_do_not_divide_by_tp_are_refused_as_vllm_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = runtime_on(trees.mi300x_node, tmp_path, monkeypatch)
    # The tiny model has 2 attention heads: tp 4 cannot split them.
    preview = rt.services.models.preview("user.c", ModelOptions(tensor_parallel_size=4))
    assert preview.problem is not None
    assert preview.problem.code == "options.heads_not_divisible"
    assert preview.problem.params["heads"] == 2
    assert preview.problem_field == "tensor_parallel_size"
    # tp 2 x pp 4 uses all eight MI300X.
    preview = rt.services.models.preview(
        "user.c", ModelOptions(tensor_parallel_size=2, pipeline_parallel_size=4)
    )
    assert preview.problem is None
    assert preview.effective_gpus == tuple(range(8))
    argv = list(preview.command)
    assert argv[argv.index("--pipeline-parallel-size") + 1] == "4"
    share = int(trees.MI300X_VRAM * UTILIZATION)
    assert preview.planned == {f"gpu{i}": share for i in range(8)}


async def test_a_change_of_ctx_size_keeps_the_gpu_options_and_reset_clears_them(
    two_cards: Runtime,
) -> None:
    rt = two_cards
    gpu_fields = {"tensor_parallel_size", "gpus"}
    await rt.services.models.set_options(
        "user.c", ModelOptions(tensor_parallel_size=2, gpus=(0, 1)), fields=gpu_fields
    )
    # What the dialog and older callers send: ctx_size and vllm_args only.
    await rt.services.models.set_options("user.c", ModelOptions(ctx_size=2048))
    kept = rt.services.models.options("user.c")
    assert (kept.ctx_size, kept.tensor_parallel_size, kept.gpus) == (2048, 2, (0, 1))
    await rt.services.models.reset_options("user.c")
    assert rt.services.models.options("user.c") == ModelOptions()


async def test_a_users_own_tp_flag_is_refused_naming_the_option(two_cards: Runtime) -> None:
    with pytest.raises(ProblemError) as err:
        await two_cards.services.models.set_options("user.c", ModelOptions(vllm_args="-tp 2"))
    assert err.value.problem.code == "args.managed_flag"
    assert err.value.problem.params["setting"] == "tensor_parallel_size"


async def test_the_rocm_bundle_is_not_pinned_to_a_gpu_of_another_family(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Strix Halo (gfx1151, KFD node 1) with an RX 7900 XTX (gfx1100, node 2): the card is
    # GPU 0 for the user and HIP device 1.
    rt = runtime_on(trees.apu_and_discrete, tmp_path, monkeypatch)
    assert internals(rt).planner.plan_launch("user.a").spec.env["HIP_VISIBLE_DEVICES"] == "1"
    await rt.services.models.set_options("user.b", ModelOptions(gpus=(1,)), fields={"gpus"})
    assert internals(rt).planner.plan_launch("user.b").spec.env["HIP_VISIBLE_DEVICES"] == "0"
    # The ROCm bundle is built for the card's family: the APU cannot run it.
    await rt.services.config.set_settings({"engine.kind": EngineKind.ROCM.value})
    preview = rt.services.models.preview("user.b", ModelOptions(gpus=(1,)))
    assert preview.problem is not None
    assert preview.problem.code == "options.gpu_wrong_family"
    assert preview.problem.params["family"] == "gfx110X"


async def test_the_cpu_engine_plans_in_ram_whatever_the_gpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = runtime_on(trees.two_rdna3_cards, tmp_path, monkeypatch)
    await rt.services.config.set_settings({"engine.kind": EngineKind.CPU.value})
    preview = rt.services.models.preview(
        "user.c", ModelOptions(tensor_parallel_size=2, gpus=(0, 1))
    )
    assert preview.problem is None
    assert preview.effective_gpus == ()
    assert set(preview.planned) == {"ram"}
    assert "gpu0" not in internals(rt).planner.memory_budgets()


# --- the CLI --------------------------------------------------------------------------------------


def test_cli_options_sets_and_refuses_gpus(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = trees.two_rdna3_cards(tmp_path / "sys")
    monkeypatch.setattr(
        commands,
        "services_from",
        lambda args, warn=True: (
            Session(paths_from(args), RuntimeOptions(sysfs_root=tree, sample_gpu=False)).services
        ),
    )
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    home = tmp_path / "cfg"
    name = "Qwen3.5-4B-FP16-vLLM"  # 16 attention heads
    assert (
        main(
            [
                "config",
                "set",
                "engine.kind=custom",
                "engine.custom_command=vllm",
                "--config-dir",
                str(home),
            ]
        )
        == 0
    )
    capsys.readouterr()
    argv = [
        "options",
        name,
        "tensor_parallel_size=2",
        "gpus=0,1",
        "--json",
        "--config-dir",
        str(home),
    ]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["tensor_parallel_size"], out["gpus"], out["effective_gpus"]) == (2, [0, 1], [0, 1])
    assert out["argv"][out["argv"].index("--tensor-parallel-size") + 1] == "2"
    stored = json.loads((home / "recipe_options.json").read_text())
    assert stored[f"builtin.{name}"] == {"tensor_parallel_size": 2, "gpus": [0, 1]}

    before = (home / "recipe_options.json").read_bytes()
    for bad, needle in (
        (["gpus=0,2"], "numbered 0 to 1"),
        (["tensor_parallel_size=4"], "pipeline_parallel_size 1 = 4, but gpus lists 2"),
        (["tensor_parallel_size=4", "gpus=default"], "needs 4 GPUs"),
        (["gpus=zero"], "GPU numbers separated by commas"),
        (["vllm_args=-tp 2"], "tensor_parallel_size"),
    ):
        capsys.readouterr()
        assert main(["options", name, *bad, "--config-dir", str(home)]) == 2
        err = capsys.readouterr().err
        assert needle in err and len(err.strip().splitlines()) == 1
        assert (home / "recipe_options.json").read_bytes() == before

    assert (
        main(
            [
                "options",
                name,
                "gpus=default",
                "tensor_parallel_size=default",
                "--config-dir",
                str(home),
            ]
        )
        == 0
    )
    assert json.loads((home / "recipe_options.json").read_text()) == {}
