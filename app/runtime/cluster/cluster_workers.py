"""The cluster's workers on the other machines, through their agents: start, stop, ask."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from app.core.cluster.cluster import ClusterConfig, WorkerNode
from app.core.cluster.cluster_commands import CLUSTER_FLAGS, strip_flags
from app.core.contracts import LaunchSpec
from app.core.problems.problems import Problem, ProblemError, problem
from app.runtime.api.cluster import WorkerState
from app.runtime.cluster.cluster_client import AgentClient

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)


class ClusterWorkers:
    """Remembers which ranks it started a worker on, and keeps one HTTP client for the agents."""

    def __init__(self) -> None:
        self.started: set[int] = set()  # ranks whose agents were asked to start a worker
        self._client: httpx.AsyncClient | None = None

    async def http(self) -> httpx.AsyncClient:
        import httpx  # imported when used: a quick command never loads it

        if self._client is None:
            # Built off the loop (it reads the CA bundle); never through an HTTP proxy from
            # the environment: the agents are on the machines' own network.
            self._client = await asyncio.to_thread(httpx.AsyncClient, trust_env=False)
        return self._client

    async def agents(self, config: ClusterConfig) -> list[AgentClient]:
        """One client per other machine, rank 1 first."""
        client = await self.http()
        return [
            AgentClient(client, config.worker(r), config.token) for r in range(1, config.nnodes)
        ]

    async def start(self, config: ClusterConfig, spec: LaunchSpec) -> Problem | None:
        """Ask every agent to (re)start its worker for the head's `spec`; the first failure,
        if any (the caller stops them all)."""
        payload = {
            "model": config.model_id,
            "ctx_size": spec.ctx_size,
            "args": list(strip_flags(spec.args, CLUSTER_FLAGS)),
            "cluster": {
                "nnodes": config.nnodes,
                "master_port": config.master_port,
                "tensor_parallel_size": config.tensor_parallel_size,
                "pipeline_parallel_size": config.pp_size,
            },
        }
        agents = await self.agents(config)
        results = await asyncio.gather(
            *(a.start_worker(payload) for a in agents), return_exceptions=True
        )
        self.started.update(range(1, config.nnodes))
        failures = [r for r in results if isinstance(r, BaseException)]
        if not failures:
            return None
        failure = failures[0]
        if isinstance(failure, ProblemError):
            return failure.problem
        return _worker_failed(agents[results.index(failure)].node, failure)

    async def stop(self, config: ClusterConfig) -> None:
        if not self.started or not config.configured:
            self.started.clear()
            return
        agents = await self.agents(config)
        ranks = sorted(r for r in self.started if r < config.nnodes)
        results = await asyncio.gather(
            *(agents[r - 1].stop_worker() for r in ranks), return_exceptions=True
        )
        for rank, result in zip(ranks, results, strict=True):
            if isinstance(result, BaseException):
                # Its agent is gone or unreachable: the watchdog there ends the worker when
                # the agent goes; an agent that still runs stops it when asked again.
                log.warning("cluster: could not stop the worker on rank %d: %s", rank, result)
        self.started.clear()

    async def states(self, config: ClusterConfig) -> tuple[WorkerState, ...]:
        """What each agent says about its worker now."""

        async def one(rank: int, agent: AgentClient) -> WorkerState:
            node = agent.node
            try:
                state = await agent.worker_state()
            except ProblemError as exc:
                return WorkerState(rank, node.address, reachable=False, problem=exc.problem)
            pid = state.get("pid")
            return WorkerState(
                rank,
                node.address,
                reachable=True,
                running=bool(state.get("running")),
                pid=int(pid) if pid else None,
                returncode=state.get("returncode"),
            )

        agents = await self.agents(config)
        return tuple(await asyncio.gather(*(one(r, a) for r, a in enumerate(agents, 1))))

    async def aclose(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            await client.aclose()


async def worker_trouble(agent: AgentClient) -> Problem | None:
    """What is wrong with the agent's worker (ended, or the agent silent), or None."""
    try:
        state = await agent.worker_state()
    except ProblemError as exc:
        return problem(
            "cluster.worker_lost", address=agent.node.address, reason=exc.problem.english()
        )
    if state.get("running"):
        return None
    tail = [str(line) for line in state.get("log_tail") or []]
    return problem(
        "cluster.worker_exited",
        address=agent.node.address,
        exit_code=state.get("returncode"),
        tail=" | ".join(tail[-3:]) or "none",
    )


def _worker_failed(node: WorkerNode, exc: BaseException) -> Problem:
    return problem(
        "cluster.worker_failed",
        address=node.address,
        reason=(str(exc) or type(exc).__name__).rstrip("."),
    )
