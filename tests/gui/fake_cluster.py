"""A cluster for the Cluster window's tests and screenshots: a saved setup of three machines,
a check that finds one machine ready and one that does not answer, start and stop."""

from __future__ import annotations

import dataclasses
from concurrent.futures import Future
from typing import Any, TypeVar

from app.core.cluster import ClusterConfig, WorkerNode, unencrypted_notice, validate
from app.core.cluster_nodes import NodeInfo
from app.core.problems import Problem, ProblemError
from app.core.states import ProcessState
from app.runtime.cluster_client import LinkSpeed
from app.runtime.cluster_views import ClusterReport, ClusterView, JoinCommand, NodeReport

T = TypeVar("T")
CONFIG = validate(
    ClusterConfig(
        model_id="user.big",
        head_address="192.168.1.10",
        workers=(WorkerNode("192.168.1.11"), WorkerNode("192.168.1.12", 30000)),
        token="tok",
    )
)


def done(value: T) -> Future[T]:
    future: Future[T] = Future()
    future.set_result(value)
    return future


def failed(exc: BaseException) -> Future[Any]:
    future: Future[Any] = Future()
    future.set_exception(exc)
    return future


class FakeCluster:
    def __init__(self) -> None:
        self.config = CONFIG
        self.state = ProcessState.STOPPED
        self.saved: list[ClusterConfig] = []
        self.fail_with: ProblemError | None = None
        self.report: ClusterReport | None = None

    def cluster_view(self) -> Future[ClusterView]:
        return done(self.view())

    def view(self) -> ClusterView:
        return ClusterView(
            config=self.config,
            model_state=self.state,
            workers_started=False,
            join_commands=(
                JoinCommand(1, "192.168.1.11", "vllm-tray cluster join --rank 1", "vllm serve"),
                JoinCommand(2, "192.168.1.12", "vllm-tray cluster join --rank 2", "vllm serve"),
            ),
            report=self.report,
            problem=None,
            notices=(unencrypted_notice(),),
        )

    def cluster_configure(
        self, config: ClusterConfig, *, renew_token: bool = False
    ) -> Future[ClusterView]:
        if self.fail_with is not None:
            return failed(self.fail_with)
        self.saved.append(config)
        self.config = config
        return done(self.view())

    def cluster_check(self) -> Future[ClusterReport]:
        head = NodeInfo(0, "0.1.0", "cpu", "0.32.0", True, "user.big", True, "abcdef0123456789")
        other = dataclasses.replace(head, rank=1)
        gone = Problem(
            "cluster.unreachable",
            "{address} does not answer on port {port} ({reason}).",
            {"address": "192.168.1.12", "port": 30000, "reason": "refused"},
        )
        self.report = ClusterReport(
            head=head,
            nodes=(
                NodeReport(1, "192.168.1.11", True, other, LinkSpeed(0.42, 1180.0, 1100.0)),
                NodeReport(2, "192.168.1.12", False, problems=(gone,)),
            ),
            problems=(gone,),
        )
        return done(self.report)

    def cluster_start(self) -> Future[ClusterView]:
        self.config = dataclasses.replace(self.config, enabled=True)
        self.state = ProcessState.RUNNING
        return done(self.view())

    def cluster_stop(self) -> Future[ClusterView]:
        self.config = dataclasses.replace(self.config, enabled=False)
        self.state = ProcessState.STOPPED
        return done(self.view())
