"""What the planner answers with: a model's files, a start's LaunchPlan, an options preview."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.contracts import LaunchSpec
from app.core.memory import MemoryPlan
from app.core.memory_room import DeviceRoom
from app.core.model_shape import ModelShape
from app.core.optimize import Optimize
from app.core.parallel import Placement
from app.core.problems import Problem
from app.core.states import SnapshotState
from app.core.vllm_args import ArgLayer


@dataclass(frozen=True)
class ModelFiles:
    """Where a model's files are on disk, when they are (a local folder or a snapshot), and
    what planning reads of them: read once per look at the disk, so that no plan reads a
    model's files again."""

    path: Path | None
    state: SnapshotState
    bytes_on_disk: int = 0
    problem: Problem | None = None
    shape: ModelShape | None = None  # from config.json (None: not there, or unreadable)
    weights_bytes: int = 0  # the weight files, else the catalog's size, else 0
    expected_bytes: int | None = None  # a partial download's size in all, when recorded

    @property
    def context_limit(self) -> int | None:
        """The model's own, as vLLM derives it (None: unknown)."""
        return self.shape.model_max_ctx if self.shape is not None else None


@dataclass(frozen=True)
class LaunchPlan:
    """One start of a model, decided once: what runs and what it will take.

    `spec` is what the supervisor starts (argv prefix and flags, environment, sleep mode);
    `placement` where it runs (its GPUs and parallel sizes); `device_bytes` the memory it
    will take on each device it uses (`gpu0`…, or `ram`), which the controller reserves and
    swaps by; `budgets` what the children together may use on each device, as the plan was
    made against them. The controller carries the plan of every child it started, so
    nothing reads the argv, the settings or the model's files again to learn these.
    """

    spec: LaunchSpec
    placement: Placement
    device_bytes: Mapping[str, int]
    budgets: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionsPreview:
    """The effect of a model's options, computed without saving anything.

    `problem` is set when the input would be rejected, and `problem_field` names the option
    it is about ("ctx_size", "vllm_args", "tensor_parallel_size", "pipeline_parallel_size",
    "gpus"). `tensor_parallel_size`, `pipeline_parallel_size` and `gpus` are the options as
    asked (None: the default; `gpus` None: the app chooses); `effective_gpus` the GPUs the
    model would run on, as positions in `Snapshot.system.gpus` (empty: none, it runs in RAM);
    `planned` the bytes a start would reserve on each device ("gpu0", "gpu1", …, "ram").
    """

    model_id: str
    ctx_size: int
    vllm_args: str
    problem: Problem | None  # set when the input would be rejected (nothing is saved then)
    command: tuple[str, ...] = ()  # the effective command line (port shown as a placeholder)
    layers: tuple[ArgLayer, ...] = ()
    memory: MemoryPlan | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)
    ctx_is_default: bool = False  # no ctx_size of its own: follows the global default
    tensor_parallel_size: int | None = None
    pipeline_parallel_size: int | None = None
    gpus: tuple[int, ...] | None = None
    effective_gpus: tuple[int, ...] = ()
    planned: Mapping[str, int] = field(default_factory=dict)
    problem_field: str | None = None
    optimize: Optimize | None = None  # the "start fast / serve fast" option as asked
    # The room the app's models have now on each device in `planned` (app.core.memory_room):
    # what other programs leave, and on an APU or in RAM what the host can give.
    rooms: Mapping[str, DeviceRoom] = field(default_factory=dict)
    # While the model runs: the command line its child was started with, shown as `command`
    # is (None: it does not run). Options changed since apply at its next load.
    running_command: tuple[str, ...] | None = None


def shown_command(spec: LaunchSpec) -> tuple[str, ...]:
    """The command line a start of `spec` runs, its port (chosen free at each start) shown
    as "<port>": the same words for a preview and for a running child."""
    argv = spec.argv(port=0)
    argv[argv.index("--port") + 1] = "<port>"
    return tuple(argv)
