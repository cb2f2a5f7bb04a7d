"""What the planner answers with: a model's files, a start's LaunchPlan, an options preview."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from app.core.contracts import LaunchSpec
from app.core.memory.model_shape import ModelShape
from app.core.memory.parallel import Placement
from app.core.models.registry import ModelOptions
from app.core.problems.problems import Problem
from app.core.states import SnapshotState
from app.runtime.api.snapshot import OptionsPreview


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


def shown_command(spec: LaunchSpec) -> tuple[str, ...]:
    """The command line a start of `spec` runs, its port (chosen free at each start) shown
    as "<port>": the same words for a preview and for a running child."""
    argv = spec.argv(port=0)
    argv[argv.index("--port") + 1] = "<port>"
    return tuple(argv)


class Rejection:
    """A preview's common fields, and the preview of a rejected input."""

    def __init__(
        self, model_id: str, ctx: int, options: ModelOptions, settings: Mapping[str, Any]
    ) -> None:
        self.base = OptionsPreview(
            model_id=model_id,
            ctx_size=ctx,
            vllm_args=options.vllm_args,
            problem=None,
            defaults={"ctx_size": settings["models.ctx_size"], "vllm_args": ""},
            ctx_is_default=options.ctx_size is None,
            tensor_parallel_size=options.tensor_parallel_size,
            pipeline_parallel_size=options.pipeline_parallel_size,
            gpus=options.gpus,
            optimize=options.optimize,
        )

    def __call__(self, found: Problem, field: str) -> OptionsPreview:
        return replace(self.base, problem=found, problem_field=field)
