"""One model on several GPUs: tensor/pipeline parallel sizes, the GPUs it uses, its share of each.

A model's options may set `tensor_parallel_size`, `pipeline_parallel_size` and `gpus` (GPUs
named by their position in `SystemInfo.gpus`, the numbers `vllm-tray system-info` shows).
vLLM runs tp × pp workers, one per visible GPU, so the app chooses the GPUs, shows only those
to the child (HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES) and plans memory per GPU. Memory is
counted per *device*: `gpu0`, `gpu1`, … for GPUs, `ram` for a model that runs on no GPU.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.core.memory.gpu import VENDOR_AMD, VENDOR_NVIDIA, GpuInfo
from app.core.memory.model_shape import ModelShape
from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem

RAM_DEVICE = "ram"
TP_FLAG = "--tensor-parallel-size"
PP_FLAG = "--pipeline-parallel-size"
# The option names, as recipe_options.json, the CLI and problems spell them.
TP_OPTION = "tensor_parallel_size"
PP_OPTION = "pipeline_parallel_size"
GPUS_OPTION = "gpus"

DeviceBytes = Mapping[str, int]


def gpu_device(index: int) -> str:
    """The memory device of the GPU at `index` in `SystemInfo.gpus`."""
    return f"gpu{index}"


def gpu_index(device: str) -> int | None:
    """The GPU position a device key names; None for `ram` and anything else."""
    if device.startswith("gpu") and device[3:].isdigit():
        return int(device[3:])
    return None


@dataclass(frozen=True)
class Placement:
    """Where one model runs: its parallel sizes and the GPUs (positions in SystemInfo.gpus).

    `gpus` is empty when it runs on no GPU (the CPU engine, or no GPU was found); `pinned`
    says whether the child's environment names its GPUs (it does whenever there is a choice:
    more than one GPU, or GPUs chosen in the options).
    """

    tensor_parallel_size: int = 1
    pipeline_parallel_size: int = 1
    gpus: tuple[int, ...] = ()
    pinned: bool = False

    @property
    def world_size(self) -> int:
        return self.tensor_parallel_size * self.pipeline_parallel_size

    @property
    def devices(self) -> tuple[str, ...]:
        return tuple(gpu_device(i) for i in self.gpus) or (RAM_DEVICE,)


def parallel_args(
    tensor_parallel_size: int | None, pipeline_parallel_size: int | None
) -> tuple[str, ...]:
    """vLLM's flags for the sizes a model sets (none for sizes left to vLLM's default of 1)."""
    args: list[str] = []
    if tensor_parallel_size is not None:
        args += [TP_FLAG, str(tensor_parallel_size)]
    if pipeline_parallel_size is not None:
        args += [PP_FLAG, str(pipeline_parallel_size)]
    return tuple(args)


def place(
    model: str,
    gpus_found: Sequence[GpuInfo],
    *,
    tensor_parallel_size: int | None = None,
    pipeline_parallel_size: int | None = None,
    gpus: Sequence[int] | None = None,
    uses_gpu: bool = True,
    engine_family: str | None = None,
) -> Placement:
    """Check a model's parallel options against the machine and choose its GPUs.

    `gpus_found` is `SystemInfo.gpus` (the primary first); `uses_gpu` is False for the CPU
    engine, which places every model in RAM and ignores `gpus`. A GPU engine where nothing
    was detected is not checked nor pinned, but for a GPU named in `gpus`. `engine_family`
    is the GPU family the engine was built for (the ROCm bundle's), None when any GPU of the
    primary's vendor will do. Without `gpus`, a model takes the first tp × pp GPUs the engine
    can use. Raises ProblemError with one sentence naming the option at fault.
    """
    tp = 1 if tensor_parallel_size is None else tensor_parallel_size
    pp = 1 if pipeline_parallel_size is None else pipeline_parallel_size
    for name, size in ((TP_OPTION, tp), (PP_OPTION, pp)):
        if size < 1:
            raise ProblemError(bad_parallel_size(name, size))
    if gpus is not None:
        _check_gpu_list(gpus, tp, pp)
    if not uses_gpu:
        return Placement(tp, pp)
    if not gpus_found:
        if gpus:
            raise _unknown_gpu(gpus[0], 0)
        # A custom engine where detection found no GPU (say, NVIDIA without nvidia-smi on
        # PATH): nothing to check against or pin, vLLM finds its GPUs itself.
        return Placement(tp, pp)
    if gpus is None:
        return _first_usable(model, gpus_found, tp, pp, engine_family)
    _check_pinned(gpus, gpus_found, engine_family)
    return Placement(tp, pp, tuple(gpus), pinned=True)


def _first_usable(
    model: str, gpus_found: Sequence[GpuInfo], tp: int, pp: int, engine_family: str | None
) -> Placement:
    """The first tp × pp GPUs of the primary's vendor (and the engine's family)."""
    wanted = tp * pp
    if wanted > len(gpus_found):
        raise _too_many(model, tp, pp, len(gpus_found))
    primary = gpus_found[0]
    candidates = [
        i
        for i, gpu in enumerate(gpus_found)
        if gpu.vendor == primary.vendor
        and (engine_family is None or gpu.gfx_family == engine_family)
    ]
    if wanted > len(candidates):
        raise _too_many(model, tp, pp, len(candidates))
    return Placement(tp, pp, tuple(candidates[:wanted]), pinned=len(gpus_found) > 1)


def _check_gpu_list(gpus: Sequence[int], tp: int, pp: int) -> None:
    """`gpus` as typed: no GPU twice, and one GPU per part of the model."""
    wanted = tp * pp
    seen: set[int] = set()
    for index in gpus:
        if index in seen:
            raise ProblemError(problem("options.gpu_repeated", index=index))
        seen.add(index)
    if len(gpus) != wanted:
        raise ProblemError(
            problem(
                "options.parallel_mismatch",
                tp=tp,
                pp=pp,
                wanted=wanted,
                count=len(gpus),
                gpus=_listed(gpus),
            )
        )


def _check_pinned(
    gpus: Sequence[int], gpus_found: Sequence[GpuInfo], engine_family: str | None
) -> None:
    """The GPUs a model is pinned to exist and can all run its engine: one vendor, the
    engine's family."""
    for index in gpus:
        if not 0 <= index < len(gpus_found):
            raise _unknown_gpu(index, len(gpus_found))
    chosen = [gpus_found[i] for i in gpus]
    if len({gpu.vendor for gpu in chosen}) > 1:
        raise ProblemError(problem("options.gpus_mixed_vendors", gpus=_listed(gpus)))
    for index, gpu in zip(gpus, chosen, strict=True):
        # A custom engine may be pinned to any one vendor's GPUs (a CUDA build beside an
        # AMD APU); the ROCm bundle only to its own family.
        if engine_family is not None and gpu.gfx_family != engine_family:
            raise ProblemError(
                problem(
                    "options.gpu_wrong_family",
                    index=index,
                    name=gpu.name,
                    target=gpu.gfx_target or gpu.vendor,
                    family=engine_family,
                )
            )


def _unknown_gpu(index: int, count: int) -> ProblemError:
    if count == 0:
        return ProblemError(
            worded_problem(
                "options.gpu_unknown",
                tr_noop(
                    "gpus names GPU {index}, but no GPU was found on this machine; leave it "
                    "empty and your own vLLM command finds its GPUs itself."
                ),
                index=index,
                last=None,
            )
        )
    return ProblemError(problem("options.gpu_unknown", index=index, last=count - 1))


def _too_many(model: str, tp: int, pp: int, count: int) -> ProblemError:
    return ProblemError(
        problem("options.too_many_gpus", model=model, wanted=tp * pp, tp=tp, pp=pp, count=count)
    )


def heads_problem(model: str, attention_heads: int, tensor_parallel_size: int) -> Problem | None:
    """vLLM's rule (ModelConfig.verify_with_parallel_config): the total number of attention
    heads must be divisible by the tensor parallel size. None when it is."""
    if attention_heads % tensor_parallel_size == 0:
        return None
    sizes = [n for n in range(1, min(attention_heads, 16) + 1) if attention_heads % n == 0]
    return problem(
        "options.heads_not_divisible",
        model=model,
        heads=attention_heads,
        tp=tensor_parallel_size,
        sizes=_listed(sizes),
    )


def bad_parallel_size(name: str, value: object) -> Problem:
    return problem("options.bad_parallel_size", name=name, value=value)


def parse_parallel_size(name: str, text: str) -> int | None:
    """What a person typed for a size: a positive whole number, or "" / "default" (None)."""
    text = text.strip()
    if text in ("", "default"):
        return None
    if not text.isdigit() or int(text) < 1:
        raise ProblemError(bad_parallel_size(name, repr(text)))
    return int(text)


def parse_gpus(text: str) -> tuple[int, ...] | None:
    """What a person typed for `gpus`: GPU numbers separated by commas ("0,1"), or "" /
    "default" (None: the app chooses)."""
    text = text.strip()
    if text in ("", "default"):
        return None
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() for part in parts):
        raise ProblemError(problem("options.bad_gpus", value=repr(text)))
    return tuple(int(part) for part in parts)


def visible_devices_env(chosen: Sequence[GpuInfo]) -> dict[str, str]:
    """The environment that shows a child only `chosen`, in that order (vLLM's rank 0 first).

    AMD: HIP_VISIBLE_DEVICES, and CUDA_VISIBLE_DEVICES set the same (vLLM's ROCm platform
    refuses to start when the two differ, so an inherited CUDA_VISIBLE_DEVICES must not
    survive). NVIDIA: CUDA_VISIBLE_DEVICES in PCI bus order, the order nvidia-smi (hence
    detection) numbers them. Empty when a GPU's runtime number is not known.
    """
    if not chosen or any(gpu.device_index is None for gpu in chosen):
        return {}
    listed = ",".join(str(gpu.device_index) for gpu in chosen)
    vendor = chosen[0].vendor
    if vendor == VENDOR_AMD:
        return {"HIP_VISIBLE_DEVICES": listed, "CUDA_VISIBLE_DEVICES": listed}
    if vendor == VENDOR_NVIDIA:
        return {"CUDA_VISIBLE_DEVICES": listed, "CUDA_DEVICE_ORDER": "PCI_BUS_ID"}
    return {}


def shard_shape(
    shape: ModelShape, tensor_parallel_size: int, pipeline_parallel_size: int
) -> ModelShape:
    """The part of a model's KV cache one GPU holds, as a shape.

    vLLM gives each pipeline stage about layers / pp layers (the first stages take the
    remainder), and each tensor-parallel rank max(1, kv_heads // tp) KV heads: heads are
    replicated when there are fewer than ranks (ModelConfig.get_num_kv_heads). An MLA
    model's latent cache is not split across tensor-parallel ranks.
    """
    return dataclasses.replace(
        shape,
        kv_layers=math.ceil(shape.kv_layers / pipeline_parallel_size),
        num_kv_heads=max(1, shape.num_kv_heads // tensor_parallel_size),
    )


def weights_share(weights_bytes: int, world_size: int) -> int:
    """The weights one of `world_size` GPUs holds (rounded up: planning errs on the full side)."""
    return -(-weights_bytes // world_size)


def add_device_bytes(total: dict[str, int], more: DeviceBytes) -> None:
    """Add `more` into `total`, device by device."""
    for device, amount in more.items():
        total[device] = total.get(device, 0) + amount


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)
