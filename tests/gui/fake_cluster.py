"""A cluster for the Cluster window's tests and screenshots: a saved setup of three machines,
a check that finds one machine ready and one that does not answer, start and stop."""

from __future__ import annotations

import dataclasses

from app.core.cluster.cluster import ClusterConfig, WorkerNode, unencrypted_notice, validate
from app.core.cluster.cluster_nodes import NodeInfo
from app.core.problems.problems import Problem, ProblemError
from app.core.states import ProcessState
from app.runtime.api.cluster import ClusterReport, ClusterView, JoinCommand, LinkSpeed, NodeReport
from tests.gui.fake_facade import FakeFacade
from tests.gui.fake_services import IdleCluster

CONFIG = validate(
    ClusterConfig(
        model_id="user.big",
        head_address="192.168.1.10",
        workers=(WorkerNode("192.168.1.11"), WorkerNode("192.168.1.12", 30000)),
        token="tok",
    )
)


class FakeCluster(IdleCluster):
    """app.runtime.api.protocols.ClusterApi on an in-memory cluster; its facade is
    `FakeFacade(cluster=FakeCluster)`."""

    def __init__(self, app: FakeFacade) -> None:
        super().__init__(app)
        self.config = CONFIG
        self.state = ProcessState.STOPPED
        self.saved: list[ClusterConfig] = []
        self.fail_with: ProblemError | None = None
        self.report: ClusterReport | None = None

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

    async def configure(self, config: ClusterConfig, *, renew_token: bool = False) -> ClusterView:
        if self.fail_with is not None:
            raise self.fail_with
        self.saved.append(config)
        self.config = config
        return self.view()

    async def check(self) -> ClusterReport:
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
        return self.report

    async def start(self) -> ClusterView:
        self.config = dataclasses.replace(self.config, enabled=True)
        self.state = ProcessState.RUNNING
        return self.view()

    async def stop(self, *, every_worker: bool = False) -> ClusterView:
        self.config = dataclasses.replace(self.config, enabled=False)
        self.state = ProcessState.STOPPED
        return self.view()
