"""What the cluster looks like to the GUI and the CLI: reports of the checks, the status."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.core.cluster.cluster import ClusterConfig
from app.core.cluster.cluster_nodes import NodeInfo
from app.core.problems.problems import Problem
from app.core.states import ProcessState


@dataclass(frozen=True)
class NodeReport:
    """One other machine as the check before a start found it."""

    rank: int
    address: str
    reachable: bool
    info: NodeInfo | None = None
    link: LinkSpeed | None = None
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class ClusterReport:
    head: NodeInfo | None
    nodes: tuple[NodeReport, ...]
    problems: tuple[Problem, ...]  # each one blocks a start
    notices: tuple[Problem, ...] = ()  # warnings: shown, never blocking

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class JoinCommand:
    rank: int
    address: str
    command: str  # `vllm-tray cluster join …`, to run on that machine
    vllm_command: str  # the same worker as a bare `vllm serve … --headless`


@dataclass(frozen=True)
class WorkerState:
    rank: int
    address: str
    reachable: bool
    running: bool = False
    pid: int | None = None
    returncode: int | None = None
    problem: Problem | None = None


class ClusterPhase(StrEnum):
    """Where a start stands, for a window that shows its progress."""

    CHECKING = "checking"  # the check before the start
    STARTING_WORKERS = "starting_workers"  # asking each agent to start its worker
    LOADING = "loading"  # the head's child loads the model with the workers


@dataclass(frozen=True)
class ClusterView:
    config: ClusterConfig
    model_state: ProcessState
    workers_started: bool
    join_commands: tuple[JoinCommand, ...]
    report: ClusterReport | None
    problem: Problem | None  # why the last start failed or the model was stopped
    notices: tuple[Problem, ...]
    phase: ClusterPhase | None = None  # while a start runs
    phase_since: float | None = None  # time.time() the phase began


@dataclass(frozen=True)
class AgentSettings:
    """What `vllm-tray cluster join` was given: fixed for the agent's whole life."""

    head: str
    rank: int
    listen: str
    port: int
    token: str
    interface: str | None = None


@dataclass(frozen=True)
class LinkSpeed:
    """What one short TCP probe measured between the head and a worker."""

    rtt_ms: float
    down_mb_s: float  # worker → head, MB/s
    up_mb_s: float  # head → worker, MB/s

    def to_json(self) -> dict[str, float]:
        return {
            "rtt_ms": round(self.rtt_ms, 3),
            "down_mb_s": round(self.down_mb_s, 1),
            "up_mb_s": round(self.up_mb_s, 1),
        }
