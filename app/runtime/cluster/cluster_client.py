"""The head's side of the conversation with a worker agent (app.runtime.cluster.cluster_agent)."""

from __future__ import annotations

import statistics
import time
from collections.abc import AsyncIterator, Mapping
from enum import StrEnum
from typing import Any

import httpx

from app.core.cluster.cluster import WorkerNode
from app.core.cluster.cluster_nodes import NodeInfo, node_info_from_json
from app.core.problems.problems import Problem, ProblemError, problem
from app.runtime.api.cluster import LinkSpeed

API = "/cluster/v1"
REQUEST_TIMEOUT_S = 5.0
# The worker's start returns once its process exists; loading happens after.
START_TIMEOUT_S = 30.0
PING_COUNT = 5
PROBE_BYTES = 64 << 20  # a short probe: at most this much, at most PROBE_SECONDS, each way
PROBE_SECONDS = 2.0
PROBE_CHUNK = 1 << 20
MB = 1_000_000


class Step(StrEnum):
    """What the head was doing when an agent's answer went wrong: the same HTTP status
    means something else to do in the check before a start than in the start itself."""

    CHECK = "check"  # the check before a start: engine, model files, the way back, the link
    START = "start"  # starting the machine's part of the model
    STOP = "stop"
    FOLLOW = "follow"  # asking how its worker is doing while the model runs


def agent_url(node: WorkerNode) -> str:
    host = f"[{node.address}]" if ":" in node.address else node.address
    return f"http://{host}:{node.agent_port}{API}"


class AgentClient:
    """Calls one worker agent. Every failure is a ProblemError naming the machine."""

    def __init__(self, client: httpx.AsyncClient, node: WorkerNode, token: str) -> None:
        self._client = client
        self.node = node
        self._url = agent_url(node)
        self._headers = {"Authorization": f"Bearer {token}"}

    async def info(self, model_id: str) -> tuple[NodeInfo, Mapping[str, Any]]:
        body = await self._json("GET", "/info", params={"model": model_id})
        try:
            return node_info_from_json(body), body.get("worker") or {}
        except (KeyError, ValueError, TypeError):
            # Something answers there, but not what an agent answers.
            raise ProblemError(self._not_an_agent(200)) from None

    async def reach(self, port: int) -> Problem | None:
        """Whether the worker can connect back to this machine's `port` (firewalls)."""
        body = await self._json("POST", "/reach", json={"port": port})
        if body.get("ok"):
            return None
        return problem(
            "cluster.head_unreachable",
            address=self.node.address,
            port=port,
            reason=str(body.get("error") or "no answer"),
        )

    async def link(self) -> LinkSpeed:
        rtts = []
        for _ in range(PING_COUNT):
            started = time.perf_counter()
            await self._json("GET", "/ping")
            rtts.append((time.perf_counter() - started) * 1000)
        return LinkSpeed(
            rtt_ms=statistics.median(rtts),
            down_mb_s=await self._download(),
            up_mb_s=await self._upload(),
        )

    async def _download(self) -> float:
        received = 0
        started = time.perf_counter()
        try:
            async with self._client.stream(
                "GET",
                self._url + "/probe",
                params={"bytes": PROBE_BYTES},
                headers=self._headers,
                timeout=REQUEST_TIMEOUT_S,
            ) as response:
                async for chunk in response.aiter_raw(PROBE_CHUNK):
                    received += len(chunk)
                    if time.perf_counter() - started > PROBE_SECONDS:
                        break
        except httpx.HTTPError as exc:
            raise ProblemError(self._unreachable(str(exc) or type(exc).__name__)) from None
        return received / max(time.perf_counter() - started, 1e-9) / MB

    async def _upload(self) -> float:
        sent = 0
        chunk = bytes(PROBE_CHUNK)
        started = time.perf_counter()

        async def body() -> AsyncIterator[bytes]:
            nonlocal sent
            while sent < PROBE_BYTES and time.perf_counter() - started < PROBE_SECONDS:
                sent += len(chunk)
                yield chunk

        await self._json("POST", "/probe", content=body(), wait_s=PROBE_SECONDS + 10)
        return sent / max(time.perf_counter() - started, 1e-9) / MB

    async def start_worker(self, payload: Mapping[str, Any]) -> int:
        body = await self._json(
            "POST", "/worker/start", json=payload, wait_s=START_TIMEOUT_S, step=Step.START
        )
        return int(body.get("pid") or 0)

    async def stop_worker(self) -> None:
        await self._json("POST", "/worker/stop", wait_s=START_TIMEOUT_S, step=Step.STOP)

    async def worker_state(self) -> Mapping[str, Any]:
        return await self._json("GET", "/worker", step=Step.FOLLOW)

    async def _json(
        self,
        method: str,
        path: str,
        *,
        wait_s: float = REQUEST_TIMEOUT_S,
        step: Step = Step.CHECK,
        **kwargs: Any,
    ) -> dict[str, Any]:
        try:
            response = await self._client.request(
                method, self._url + path, headers=self._headers, timeout=wait_s, **kwargs
            )
        except httpx.HTTPError as exc:
            raise ProblemError(self._unreachable(str(exc) or type(exc).__name__)) from None
        try:
            body = response.json()
        except ValueError:
            body = {}
        if not isinstance(body, dict):
            body = {}
        if response.status_code == 401:
            raise ProblemError(problem("cluster.bad_token", address=self.node.address))
        if response.status_code == 403:
            raise ProblemError(problem("cluster.not_head", address=self.node.address))
        if response.status_code == 404:
            raise ProblemError(self._not_an_agent(404))
        if response.status_code >= 400:
            raise ProblemError(self._failed(step, response.status_code, response, body))
        return body

    def _failed(
        self, step: Step, status: int, response: httpx.Response, body: Mapping[str, Any]
    ) -> Problem:
        """An agent's error answer, as a sentence for the step it came in."""
        found = body.get("problem")
        if isinstance(found, dict) and found.get("message"):
            reason = str(found["message"])  # the agent's own sentence (a 409 of a start)
        else:
            error = body.get("error")
            reason = (
                f"HTTP {status} ({error})" if error else f"HTTP {status} {response.reason_phrase}"
            )
        if step is Step.START:
            return problem(
                "cluster.worker_failed", address=self.node.address, reason=reason.rstrip(".")
            )
        if step is Step.CHECK:
            return problem(
                "cluster.check_failed", address=self.node.address, reason=reason.rstrip(".")
            )
        if step is Step.STOP:
            return problem(
                "cluster.stop_failed", address=self.node.address, reason=reason.rstrip(".")
            )
        return problem(
            "cluster.follow_failed", address=self.node.address, reason=reason.rstrip(".")
        )

    def _not_an_agent(self, status: int) -> Problem:
        return problem(
            "cluster.not_an_agent",
            address=self.node.address,
            port=self.node.agent_port,
            status=status,
        )

    def _unreachable(self, reason: str) -> Problem:
        return problem(
            "cluster.unreachable",
            address=self.node.address,
            port=self.node.agent_port,
            reason=reason,
        )
