"""One model across machines: the cluster's settings, its rules, and what it adds to the head.

vLLM's own multi-node launcher does the distributed work (docs/multi-machine.md says why the
native `--nnodes`/`--headless` flags and not Ray): the head machine runs the model's
api_server with `--nnodes N --node-rank 0 --master-addr HEAD`, every other machine runs the
same model `--headless` with its own `--node-rank`. This module decides *whether* a setup is
acceptable and which flags each node gets; app.core.cluster.cluster_commands builds the commands the
nodes run, app.core.cluster.cluster_nodes compares what they report; starting and checking live in
app.runtime.cluster.cluster.
"""

from __future__ import annotations

import enum
import ipaddress
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from app.core.problems.problems import Problem, ProblemError, problem

CONFIG_VERSION = 1
DEFAULT_MASTER_PORT = 29501  # vLLM's own default for --master-port
DEFAULT_AGENT_PORT = 29601  # the worker agent; an unassigned port next to vLLM's
TOKEN_BYTES = 24
MAX_NODES = 64


class AddressScope(enum.StrEnum):
    """Where an address can be reached from; only PUBLIC needs the explicit setting, and
    NOT_A_HOST is refused always."""

    LOOPBACK = "loopback"  # this machine only (tests, or two engines on one box)
    PRIVATE = "private"  # a home or office network (10/8, 172.16/12, 192.168/16, fc00::/7)
    LINK_LOCAL = "link_local"  # a direct cable, e.g. USB4/Thunderbolt networking (169.254/16)
    PUBLIC = "public"  # anything else: reachable from the internet
    NOT_A_HOST = "not_a_host"  # "any address" (0.0.0.0, ::), multicast, reserved (240/4)


# The networks meant for a home or office, exactly: RFC 1918 and IPv6's unique local
# addresses. Not `is_private`: Python counts 0.0.0.0/8, 198.18.0.0/15 (benchmarking),
# 192.0.2.0/24 and 2001:db8::/32 (documentation) and 2001::/23 (Teredo and friends: Teredo
# tunnels to the internet) as private too, and reaching them is not keeping to the LAN.
_PRIVATE_NETWORKS = tuple(
    ipaddress.ip_network(net) for net in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")
)
_UNIQUE_LOCAL = ipaddress.ip_network("fc00::/7")
_THIS_NETWORK = ipaddress.ip_network("0.0.0.0/8")  # "this host on this network": no machine


def address_scope(address: str) -> AddressScope:
    ip = parse_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:192.168.1.2 is 192.168.1.2, on the wire and here
    if (
        ip.is_unspecified
        or ip.is_multicast
        or (isinstance(ip, ipaddress.IPv4Address) and (ip.is_reserved or ip in _THIS_NETWORK))
    ):
        return AddressScope.NOT_A_HOST
    if ip.is_loopback:
        return AddressScope.LOOPBACK
    if ip.is_link_local:
        return AddressScope.LINK_LOCAL
    if isinstance(ip, ipaddress.IPv4Address):
        private = any(ip in net for net in _PRIVATE_NETWORKS)
    else:
        private = ip in _UNIQUE_LOCAL
    return AddressScope.PRIVATE if private else AddressScope.PUBLIC


def parse_address(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IP address as typed. Names are refused: what a name resolves to can change after
    the check, and the check is what decides whether traffic may leave the private network."""
    try:
        return ipaddress.ip_address(address.strip())
    except ValueError:
        raise ProblemError(problem("cluster.bad_address", address=address)) from None


def check_address(address: str, *, allow_public: bool) -> str:
    """The normalised address, refused when it is public and that was not allowed."""
    normal = str(parse_address(address))
    scope = address_scope(normal)
    if scope is AddressScope.NOT_A_HOST:
        raise ProblemError(problem("cluster.not_a_host", address=normal))
    if scope is AddressScope.PUBLIC and not allow_public:
        raise ProblemError(problem("cluster.public_address", address=normal))
    return normal


@dataclass(frozen=True)
class WorkerNode:
    """Another machine that runs part of the model; its rank is its place in the list + 1."""

    address: str
    agent_port: int = DEFAULT_AGENT_PORT


@dataclass(frozen=True)
class ClusterConfig:
    """The cluster as saved in `cluster.json` (its own file: it holds the join token)."""

    model_id: str = ""
    head_address: str = ""
    workers: tuple[WorkerNode, ...] = ()
    master_port: int = DEFAULT_MASTER_PORT
    tensor_parallel_size: int = 1
    pipeline_parallel_size: int | None = None  # None: one pipeline stage per machine
    allow_public_addresses: bool = False
    token: str = ""
    enabled: bool = False  # the model is served across the machines (else on this one alone)

    @property
    def nnodes(self) -> int:
        return 1 + len(self.workers)

    @property
    def pp_size(self) -> int:
        return self.pipeline_parallel_size or self.nnodes

    @property
    def world_size(self) -> int:
        return self.tensor_parallel_size * self.pp_size

    @property
    def local_share(self) -> float:
        """The part of the model's weights this machine holds: vLLM gives every node the
        same number of ranks (world size / nodes), and each rank an equal slice."""
        return 1.0 / self.nnodes

    @property
    def configured(self) -> bool:
        return bool(self.model_id and self.head_address and self.workers)

    def worker(self, rank: int) -> WorkerNode:
        return self.workers[rank - 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "version": CONFIG_VERSION,
            "model": self.model_id,
            "head_address": self.head_address,
            "workers": [{"address": w.address, "agent_port": w.agent_port} for w in self.workers],
            "master_port": self.master_port,
            "tensor_parallel_size": self.tensor_parallel_size,
            "pipeline_parallel_size": self.pipeline_parallel_size,
            "allow_public_addresses": self.allow_public_addresses,
            "token": self.token,
            "enabled": self.enabled,
        }


def config_from_json(raw: Any) -> ClusterConfig:
    """Parse and validate `cluster.json` (raises ProblemError, like every config file)."""
    if not isinstance(raw, dict):
        raise ValueError("the file must hold a JSON object")
    workers = raw.get("workers", [])
    if not isinstance(workers, list):
        raise ValueError("'workers' must be a list")
    pp = raw.get("pipeline_parallel_size")
    config = ClusterConfig(
        model_id=_str(raw, "model"),
        head_address=_str(raw, "head_address"),
        workers=tuple(
            WorkerNode(
                address=_str(w, "address"),
                agent_port=_int(w, "agent_port", DEFAULT_AGENT_PORT),
            )
            for w in workers
            if isinstance(w, dict)
        ),
        master_port=_int(raw, "master_port", DEFAULT_MASTER_PORT),
        tensor_parallel_size=_int(raw, "tensor_parallel_size", 1),
        pipeline_parallel_size=None if pp is None else _int(raw, "pipeline_parallel_size", 1),
        allow_public_addresses=bool(raw.get("allow_public_addresses", False)),
        token=_str(raw, "token"),
        enabled=bool(raw.get("enabled", False)),
    )
    if len(config.workers) != len(workers):
        raise ValueError("every worker must be an object with an 'address'")
    return validate(config) if config.configured else config


def _str(raw: Mapping[str, Any], key: str) -> str:
    value = raw.get(key, "")
    if not isinstance(value, str):
        raise ValueError(f"{key!r} must be text")
    return value


def _int(raw: Mapping[str, Any], key: str, default: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key!r} must be a whole number")
    return value


def new_token() -> str:
    """The shared secret a worker agent requires from the head (shown in the join command).

    Never starting with "-" (one in 64 of token_urlsafe's do): a user who types it after
    `--token ` would otherwise get argparse's "expected one argument"."""
    while (token := secrets.token_urlsafe(TOKEN_BYTES)).startswith("-"):
        pass
    return token


def validate(config: ClusterConfig) -> ClusterConfig:
    """The config with addresses normalised, or ProblemError for the first thing wrong."""
    if not config.model_id:
        raise ProblemError(problem("cluster.no_model"))
    if not config.workers:
        raise ProblemError(problem("cluster.no_workers"))
    if config.nnodes > MAX_NODES:
        raise ProblemError(problem("cluster.too_many_nodes", limit=MAX_NODES, count=config.nnodes))
    allow = config.allow_public_addresses
    head = check_address(config.head_address, allow_public=allow)
    workers = tuple(
        replace(w, address=check_address(w.address, allow_public=allow)) for w in config.workers
    )
    for port in (config.master_port, *(w.agent_port for w in workers)):
        check_port(port)
    seen: set[tuple[str, int]] = set()
    for w in workers:
        if (w.address, w.agent_port) in seen or (w.address == head and not _loopback(head)):
            raise ProblemError(problem("cluster.duplicate_node", address=w.address))
        seen.add((w.address, w.agent_port))
    if _loopback(head) and any(not _loopback(w.address) for w in workers):
        raise ProblemError(problem("cluster.loopback_head", address=head))
    check_parallel(config.tensor_parallel_size, config.pipeline_parallel_size, config.nnodes)
    return replace(config, head_address=head, workers=workers)


def check_port(port: int) -> None:
    if not 1024 <= port <= 65535:
        raise ProblemError(problem("cluster.bad_port", port=port))


def check_parallel(tp: int, pp: int | None, nnodes: int) -> None:
    """vLLM gives every node world_size / nnodes ranks, so the world must divide evenly."""
    stages = pp or nnodes
    if tp < 1 or stages < 1 or (tp * stages) % nnodes:
        raise ProblemError(
            problem("cluster.bad_parallel", tp=tp, pp=stages, world=tp * stages, nodes=nnodes)
        )


def _loopback(address: str) -> bool:
    return ipaddress.ip_address(address).is_loopback


# -- what the cluster adds to each node's launch ------------------------------------------
def parallel_flags(config: ClusterConfig, rank: int) -> tuple[str, ...]:
    """vLLM's multi-node flags for the node of `rank` (0 = the head)."""
    flags = (
        "--distributed-executor-backend",
        "mp",
        "--tensor-parallel-size",
        str(config.tensor_parallel_size),
        "--pipeline-parallel-size",
        str(config.pp_size),
        "--nnodes",
        str(config.nnodes),
        "--node-rank",
        str(rank),
        "--master-addr",
        config.head_address,
        "--master-port",
        str(config.master_port),
    )
    return (*flags, "--headless") if rank else flags


def node_env(address: str, interface: str | None) -> dict[str, str]:
    """Pin vLLM's and gloo's traffic to the cluster network: left alone, vLLM takes the
    address of the default route and gloo the one the host name resolves to (often
    127.0.1.1 on Debian), and the other machines cannot connect back."""
    env = {"VLLM_HOST_IP": address}
    if interface:
        env["GLOO_SOCKET_IFNAME"] = interface
    return env


@dataclass(frozen=True)
class LaunchOverlay:
    """What serving a model across machines adds to its launch on the head.

    The sizes are those its `args` set, kept as numbers so that the planner never reads
    them back out of an argv: the model's tensor and pipeline parallel sizes across all the
    machines, and how many machines share its ranks.
    """

    args: tuple[str, ...]
    env: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    memory_share: float = 1.0
    tensor_parallel_size: int = 1
    pipeline_parallel_size: int = 1
    nnodes: int = 1

    @property
    def local_ranks(self) -> int:
        """How many of the model's ranks run on this machine: vLLM gives every node the
        same number (world size / nodes)."""
        return max(1, self.tensor_parallel_size * self.pipeline_parallel_size // self.nnodes)


def head_overlay(config: ClusterConfig, interface: str | None) -> LaunchOverlay:
    return LaunchOverlay(
        args=parallel_flags(config, 0),
        env=MappingProxyType(node_env(config.head_address, interface)),
        memory_share=config.local_share,
        tensor_parallel_size=config.tensor_parallel_size,
        pipeline_parallel_size=config.pp_size,
        nnodes=config.nnodes,
    )


def unencrypted_notice() -> Problem:
    """Always shown with a cluster: a warning, not a refusal."""
    return problem("cluster.unencrypted")
