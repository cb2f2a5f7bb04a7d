"""What the front-ends use of the cluster besides `Services.cluster`: its views and the
worker side's settings (app.runtime's cluster modules themselves are private to it)."""

from app.runtime.cluster_settings import AgentSettings
from app.runtime.cluster_views import ClusterPhase, ClusterReport, ClusterView, WorkerState
from app.runtime.node_facts import require_local_address

__all__ = [
    "AgentSettings",
    "ClusterPhase",
    "ClusterReport",
    "ClusterView",
    "WorkerState",
    "require_local_address",
]
