"""What the other machines of a cluster run: the command that joins each to the head."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from app.core.cluster.cluster import ClusterConfig
from app.core.cluster.cluster_commands import join_command, shell_line, vllm_worker_command
from app.core.models.registry import Registry
from app.core.problems.problems import ProblemError
from app.runtime.api.cluster import JoinCommand
from app.runtime.control.planning import Planner


def join_commands(
    config: ClusterConfig, registry: Registry, planner: Planner, program: Sequence[str]
) -> tuple[JoinCommand, ...]:
    """For each other machine: `vllm-tray cluster join …` (its agent), and the bare vLLM
    worker command for a machine without vLLM Tray."""
    if not config.configured:
        return ()
    entry = registry.find(config.model_id)
    model = str(entry.checkpoint) if entry is not None else config.model_id
    ctx = planner.ctx_size(entry.id) if entry is not None else 0
    args: tuple[str, ...] = ()
    if entry is not None:
        # The bare worker needs the head's own flags (dtype, lengths…) to build the same
        # model; the app's worker agent gets them with each start instead.
        with contextlib.suppress(ProblemError):
            args = planner.resolved_args(entry.id).args
    return tuple(
        JoinCommand(
            rank=rank,
            address=config.worker(rank).address,
            command=shell_line(join_command(config, rank, program)),
            vllm_command=shell_line(vllm_worker_command(config, rank, model, ctx, args)),
        )
        for rank in range(1, config.nnodes)
    )
