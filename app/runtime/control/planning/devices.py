"""The machine's devices as planning sees them: where a model runs (its GPUs), what shows a
child only those, how a device is named to a user, and what the children may hold on each.

Pure functions of the machine as last read (`SystemInfo`); the planner passes it in.
"""

from __future__ import annotations

from app.core.memory.gpu import SystemInfo
from app.core.memory.parallel import (
    RAM_DEVICE,
    Placement,
    gpu_device,
    gpu_index,
    heads_problem,
    place,
    visible_devices_env,
)
from app.core.models.registry import ModelEntry, ModelOptions
from app.core.problems.problems import ProblemError
from app.core.states import EngineKind
from app.runtime.control.planning.values import ModelFiles


def place_model(
    entry: ModelEntry,
    options: ModelOptions,
    files: ModelFiles,
    kind: EngineKind,
    system: SystemInfo,
    *,
    check_heads: bool = True,
) -> Placement:
    """Where a model with `options` runs: its GPUs, checked against the machine, the
    engine and (where its config.json tells) vLLM's rule for splitting heads. Raises
    ProblemError naming the option at fault."""
    # The ROCm bundle is built for one GPU family (the primary's); a custom engine may
    # run on any GPU of the primary's vendor.
    family = None
    if kind is EngineKind.ROCM and system.primary is not None:
        family = system.primary.gfx_family
    placement = place(
        entry.id,
        system.gpus,
        tensor_parallel_size=options.tensor_parallel_size,
        pipeline_parallel_size=options.pipeline_parallel_size,
        gpus=options.gpus,
        uses_gpu=kind is not EngineKind.CPU,
        engine_family=family,
    )
    if check_heads and placement.tensor_parallel_size > 1 and files.shape is not None:
        found = heads_problem(
            entry.id, files.shape.num_attention_heads, placement.tensor_parallel_size
        )
        if found is not None:
            raise ProblemError(found)
    return placement


def device_env(placement: Placement, system: SystemInfo) -> dict[str, str]:
    """The variables that show a child only its GPUs (none when nothing is to choose)."""
    if not placement.pinned:
        return {}
    return visible_devices_env([system.gpus[i] for i in placement.gpus])


def device_label(device: str, system: SystemInfo) -> str:
    """How a memory device is named to a user: "GPU 1 (Radeon RX 7900 XTX)" or "RAM"."""
    index = gpu_index(device)
    if index is None or index >= len(system.gpus):
        return "RAM" if device == RAM_DEVICE else device
    return f"GPU {index} ({system.gpus[index].name})"


def budgets(kind: EngineKind, budget_gb: float, system: SystemInfo) -> dict[str, int]:
    """Bytes the children together may use on each device: every GPU's own memory (the
    GPU engines) and RAM. `memory.budget_gb`, when set, is the budget of each device."""
    found = {RAM_DEVICE: system.ram_total}
    if kind is not EngineKind.CPU:
        for index, gpu in enumerate(system.gpus):
            # A GPU whose memory the system does not report: RAM is the only bound known.
            found[gpu_device(index)] = gpu.budget_total or system.ram_total
    if budget_gb > 0:
        return dict.fromkeys(found, int(budget_gb * 1e9))
    return found
