"""What a worker of a cluster was given (`vllm-tray cluster join`), apart from the agent that
serves it: the CLI and the services read it without loading the agent's HTTP server."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AgentSettings:
    """What `vllm-tray cluster join` was given: fixed for the agent's whole life."""

    head: str
    rank: int
    listen: str
    port: int
    token: str
    interface: str | None = None
