"""The cluster's check before a start: the head itself, then every worker through its agent."""

from __future__ import annotations

import asyncio
import contextlib

import httpx

from app.core.cluster.cluster import ClusterConfig, unencrypted_notice
from app.core.cluster.cluster_nodes import NodeInfo, compare_nodes
from app.core.problems.problems import Problem, ProblemError, problem
from app.runtime.api.cluster import ClusterReport, NodeReport
from app.runtime.cluster.cluster_client import AgentClient
from app.runtime.cluster.node_facts import require_local_address


async def check_cluster(
    config: ClusterConfig, head: NodeInfo, client: httpx.AsyncClient, *, master_port_free: bool
) -> ClusterReport:
    """What stands in the way of serving `config` across its machines, and the link to each.

    `head` is this machine's own report. With `master_port_free` (the head's child is not
    running) the rendezvous port is opened for the duration, so that each worker can show
    that it reaches it.
    """
    problems: list[Problem] = [*_head_problems(head, config.head_address)]
    try:
        await asyncio.to_thread(require_local_address, config.head_address)
    except ProblemError as exc:
        problems.append(exc.problem)
    listener = None
    if master_port_free:
        try:
            listener = await asyncio.start_server(_hang_up, config.head_address, config.master_port)
        except OSError as exc:
            problems.append(
                problem(
                    "cluster.port_in_use",
                    port=config.master_port,
                    address=config.head_address,
                    reason=exc.strerror or str(exc),
                )
            )
    try:
        nodes = await asyncio.gather(
            *(
                _check_node(client, config, head, rank, reach_back=listener is not None)
                for rank in range(1, config.nnodes)
            )
        )
    finally:
        if listener is not None:
            listener.close()
            await listener.wait_closed()
    for node in nodes:
        problems += node.problems
    return ClusterReport(
        head=head,
        nodes=tuple(nodes),
        problems=tuple(problems),
        notices=(unencrypted_notice(),),
    )


async def _check_node(
    client: httpx.AsyncClient,
    config: ClusterConfig,
    head: NodeInfo,
    rank: int,
    *,
    reach_back: bool,
) -> NodeReport:
    node = config.worker(rank)
    agent = AgentClient(client, node, config.token)
    try:
        info, _worker = await agent.info(config.model_id)
    except ProblemError as exc:
        return NodeReport(rank, node.address, reachable=False, problems=(exc.problem,))
    found = compare_nodes(head, info, node.address, rank)
    link = None
    try:
        if reach_back:
            back = await agent.reach(config.master_port)
            if back is not None:
                found.append(back)
        link = await agent.link()
    except ProblemError as exc:
        found.append(exc.problem)
    return NodeReport(rank, node.address, True, info, link, tuple(found))


async def _hang_up(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """The stand-in for the rendezvous port during a check: accept, then close."""
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()


def _head_problems(head: NodeInfo, address: str) -> list[Problem]:
    found = []
    if not head.engine_installed:
        found.append(
            problem("cluster.engine_missing", address=address, kind=head.engine_kind or "?")
        )
    if not head.model_files:
        found.append(problem("cluster.model_missing", address=address, model=head.model_id))
    return found
