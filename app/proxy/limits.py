"""Every limit the endpoint puts on its clients and on the relay to the children, in one place."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

MIB = 2**20


@dataclass(frozen=True)
class ProxyLimits:
    """Timeouts and caps of the endpoint; docs/proxy.md ("Limits and security") says why each
    default is what it is. Seconds are floats; `None` for an upstream timeout means no limit, for
    `sse_keepalive_s` no comment lines.
    """

    # -- client connections
    # Open client connections served normally. Over it, the longest idle keep-alive
    # connection is closed to make room; if none is idle the newcomer is answered 503.
    max_connections: int = 512
    # A keep-alive connection with no request under way is closed after this long.
    idle_timeout_s: float = 60.0
    # From the first byte of a request until its headers are complete (slowloris).
    header_timeout_s: float = 10.0
    # A body must arrive within this time plus one second per `body_min_rate_bps` bytes
    # received so far (a slow but moving upload keeps going; a dribble is cut off).
    body_timeout_s: float = 30.0
    body_min_rate_bps: int = 64 * 1024
    # How long aiohttp keeps reading (and discarding) a body the handler did not read, e.g.
    # after a 401, before it closes the connection.
    unread_body_drain_s: float = 10.0

    # -- what one request may be
    max_request_line_bytes: int = 8190
    max_header_bytes: int = 8190  # one header line
    max_headers: int = 128
    max_body_bytes: int = 32 * MIB

    # -- memory
    # Request bodies held in memory at once, all requests together. A request that would go
    # over waits up to `body_budget_wait_s` for room, then gets 503 with Retry-After.
    body_budget_bytes: int = 128 * MIB
    body_budget_wait_s: float = 10.0
    # A child's answer with a Content-Length up to this size is read whole before it is
    # answered (so a child dying inside it becomes a clean 502 and its error shapes can be
    # rewritten); a larger one is relayed as it arrives.
    buffered_answer_bytes: int = 1 * MIB

    # -- the relay to a child
    # From sending the request to the first byte of the answer's body: the prefill of a
    # stream, or the whole generation of a non-streamed answer.
    upstream_first_byte_timeout_s: float | None = 600.0
    # Between two pieces of an answer once it flows.
    upstream_idle_timeout_s: float | None = 120.0
    # A stream that waits this long for its first token (its model loading, a long prefill)
    # gets an SSE comment line, and another each time as long again; None: never.
    sse_keepalive_s: float | None = 15.0

    # -- what a relayed request may ask of a model
    # Most choices (`n`, `best_of`) one request may ask for: vLLM before 0.19 has no bound
    # of its own (CVE-2026-34756), and each choice is a sequence in the batch.
    max_n: int = 16
    # Whether a request may bring its own chat template to an engine it can overload
    # (app.core.engines.shield; the setting proxy.allow_request_chat_templates).
    allow_request_chat_templates: bool = False

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "allow_request_chat_templates":  # a switch, not a limit
                continue
            if value is None and (f.name.startswith("upstream_") or f.name == "sse_keepalive_s"):
                continue
            if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
                raise ValueError(f"ProxyLimits.{f.name} must be a positive number, not {value!r}")
        if self.body_budget_bytes < self.max_body_bytes:
            # One body of the largest allowed size must fit, or it could never be served.
            raise ValueError("ProxyLimits.body_budget_bytes must be at least max_body_bytes")


DEFAULT_LIMITS = ProxyLimits()
