"""The worker side of a cluster: a small HTTP agent the head checks and drives.

`vllm-tray cluster join` runs it on each other machine (it is what `ray start --address` is to
a Ray cluster). It answers the head's pre-start checks (engine, model files, link speed, can
it reach the head) and starts or stops this machine's headless vLLM when the head's model
starts or stops. Only the head's address with the join token is served; the agent runs only
this machine's own engine on its own copy of the model, with the node rank and head address
it was started with, so a head can choose vLLM flags but never what program runs or where
its traffic goes.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from app.core.cluster.cluster import ClusterConfig, WorkerNode, check_parallel, check_port, node_env
from app.core.cluster.cluster_commands import worker_argv
from app.core.events import EventBus
from app.core.models.registry import Registry
from app.core.problems.problems import ProblemError
from app.core.redact import redact_argv
from app.core.states import USABLE_FILES
from app.runtime.api.cluster import AgentSettings
from app.runtime.cluster.node_facts import headless_command, local_node_info
from app.runtime.control.planning import Planner
from app.supervisor.child import ChildProcess
from app.supervisor.childenv import child_environment
from app.supervisor.output import OutputLog
from app.supervisor.reaper import reap_orphans

log = logging.getLogger(__name__)

API = "/cluster/v1"
PROBE_CHUNK = 1 << 20
PROBE_MAX_BYTES = 256 << 20
STOP_GRACE_S = 10.0
ORPHAN_GRACE_S = 3.0
WORKER_LOG_ID = "cluster-worker"


class HeadlessWorker:
    """This machine's headless vLLM, under the same watchdog as every engine child: it dies
    with the agent (even on SIGKILL) and a later run reaps what a crash left behind."""

    def __init__(self, logs_dir: Path, state_dir: Path) -> None:
        self._state_dir = state_dir
        self.output = OutputLog(WORKER_LOG_ID, logs_dir / f"{WORKER_LOG_ID}.log", EventBus())
        self._child: ChildProcess | None = None
        self._generation = 0
        self.argv: tuple[str, ...] = ()
        self.started_at: float | None = None

    @property
    def running(self) -> bool:
        return self._child is not None and self._child.returncode is None

    @property
    def pid(self) -> int | None:
        return self._child.pid if self._child is not None else None

    @property
    def returncode(self) -> int | None:
        return self._child.returncode if self._child is not None else None

    async def start(self, argv: list[str], env: dict[str, str]) -> int:
        await self.stop()
        self._generation += 1
        self.output.clear()
        self.output.note(f"----- vllm-tray: starting {' '.join(redact_argv(argv))}")
        record = self._state_dir / f"child-{WORKER_LOG_ID}-{os.getpid()}-{self._generation}.json"
        self._child = await ChildProcess.spawn(
            argv,
            env,
            on_line=self.output.line,
            record=record,
            grace_s=STOP_GRACE_S,
            orphan_grace_s=ORPHAN_GRACE_S,
            state_dir=self._state_dir,
        )
        self.argv = tuple(argv)
        self.started_at = time.time()
        return self._child.pid

    async def stop(self) -> int | None:
        child, self._child = self._child, None
        if child is None:
            return None
        code = await child.terminate(STOP_GRACE_S)
        self.output.note(f"----- vllm-tray: worker ended with {code}")
        return code

    def state(self) -> dict[str, Any]:
        return {
            "running": self.running,
            "pid": self.pid,
            "returncode": self.returncode,
            "argv": redact_argv(self.argv),
            "started_at": self.started_at,
            "log_tail": self.output.recent(20),
        }


class ClusterAgent:
    """Serves the head's requests; `start()`/`stop()` on the loop that runs it."""

    def __init__(
        self,
        settings: AgentSettings,
        *,
        planner: Planner,
        registry: Registry,
        logs_dir: Path,
        state_dir: Path,
        on_event: Callable[[str], None] | None = None,
    ) -> None:
        self.settings = settings
        self._planner = planner
        self._registry = registry
        self._state_dir = state_dir
        self.worker = HeadlessWorker(logs_dir, state_dir)
        self._on_event = on_event or (lambda _text: None)
        self._runner: web.AppRunner | None = None
        self._lock = asyncio.Lock()  # one start or stop of the worker at a time
        self.port = settings.port

    @property
    def url(self) -> str:
        host = self.settings.listen
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}"

    async def start(self) -> None:
        reaped = await asyncio.to_thread(reap_orphans, self._state_dir)
        if reaped:
            log.warning("stopped %d leftover vLLM processes from an earlier run", len(reaped))
        app = web.Application(middlewares=[self._guard], client_max_size=PROBE_MAX_BYTES + 1)
        app.add_routes(
            [
                web.get(f"{API}/info", self._info),
                web.get(f"{API}/ping", self._ping),
                web.get(f"{API}/probe", self._probe_down),
                web.post(f"{API}/probe", self._probe_up),
                web.post(f"{API}/reach", self._reach),
                web.get(f"{API}/worker", self._worker_state),
                web.post(f"{API}/worker/start", self._worker_start),
                web.post(f"{API}/worker/stop", self._worker_stop),
            ]
        )
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.settings.listen, self.settings.port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.settings.port == 0:
            server = site._server  # the kernel chose the port (tests)
            sockets = getattr(server, "sockets", None) or []
            if sockets:
                self.port = int(sockets[0].getsockname()[1])

    async def stop(self) -> None:
        async with self._lock:
            await self.worker.stop()
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    # -- access --------------------------------------------------------------------------
    @web.middleware
    async def _guard(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Any],
    ) -> web.StreamResponse:
        if not self._peer_allowed(request.remote):
            return web.json_response({"error": "not the head of this cluster"}, status=403)
        sent = request.headers.get("Authorization", "")
        expected = f"Bearer {self.settings.token}"
        if not hmac.compare_digest(sent.encode(), expected.encode()):
            return web.json_response({"error": "wrong or missing cluster token"}, status=401)
        response: web.StreamResponse = await handler(request)
        return response

    def _peer_allowed(self, remote: str | None) -> bool:
        if remote is None:
            return False
        try:
            peer = ipaddress.ip_address(remote)
            head = ipaddress.ip_address(self.settings.head)
        except ValueError:
            return False
        if peer == head:
            return True
        # A head on loopback (tests, two engines on one box) may connect from any loopback.
        return head.is_loopback and peer.is_loopback

    # -- checks --------------------------------------------------------------------------
    async def _info(self, request: web.Request) -> web.Response:
        model_id = request.query.get("model", "")
        info = await asyncio.to_thread(
            local_node_info, self._planner, self._registry, model_id, self.settings.rank
        )
        body = info.to_json()
        body["worker"] = self.worker.state()
        return web.json_response(body)

    async def _ping(self, request: web.Request) -> web.Response:
        return web.json_response({"ok": True})

    async def _probe_down(self, request: web.Request) -> web.StreamResponse:
        try:
            total = min(int(request.query.get("bytes", "0")), PROBE_MAX_BYTES)
        except ValueError:
            return web.json_response({"error": "bytes must be a number"}, status=400)
        response = web.StreamResponse(headers={"Content-Type": "application/octet-stream"})
        response.content_length = total
        await response.prepare(request)
        chunk = bytes(PROBE_CHUNK)
        sent = 0
        with contextlib.suppress(ConnectionError):
            while sent < total:
                part = chunk[: min(PROBE_CHUNK, total - sent)]
                await response.write(part)
                sent += len(part)
        return response

    async def _probe_up(self, request: web.Request) -> web.Response:
        started = time.perf_counter()
        received = 0
        async for data in request.content.iter_chunked(PROBE_CHUNK):
            received += len(data)
        return web.json_response({"bytes": received, "seconds": time.perf_counter() - started})

    async def _reach(self, request: web.Request) -> web.Response:
        """Can this machine open a connection to the head's rendezvous port? (Only the
        head's address: the agent must not be a port scanner for anyone holding the token.)"""
        body = await _json(request)
        try:
            port = int(body.get("port", 0))
            check_port(port)
        except (ValueError, TypeError, ProblemError):
            return web.json_response({"error": "port must be a number"}, status=400)
        started = time.perf_counter()
        try:
            _reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.settings.head, port), timeout=3.0
            )
        except (OSError, TimeoutError) as exc:
            return web.json_response({"ok": False, "error": str(exc) or type(exc).__name__})
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return web.json_response({"ok": True, "ms": (time.perf_counter() - started) * 1000})

    # -- the worker ----------------------------------------------------------------------
    async def _worker_state(self, request: web.Request) -> web.Response:
        return web.json_response(self.worker.state())

    async def _worker_start(self, request: web.Request) -> web.Response:
        body = await _json(request)
        try:
            argv, env = await asyncio.to_thread(self._worker_launch, body)
        except ProblemError as exc:
            return web.json_response({"problem": exc.problem.to_json()}, status=409)
        except (KeyError, ValueError, TypeError) as exc:
            return web.json_response({"error": f"bad request: {exc}"}, status=400)
        async with self._lock:
            pid = await self.worker.start(argv, env)
        self._on_event(f"started the headless vLLM worker (pid {pid}) for {body.get('model')}")
        return web.json_response({"pid": pid, "argv": redact_argv(argv)})

    async def _worker_stop(self, request: web.Request) -> web.Response:
        async with self._lock:
            was_running = self.worker.running
            code = await self.worker.stop()
        if was_running:
            self._on_event(f"stopped the headless vLLM worker ({code})")
        return web.json_response({"stopped": was_running, "returncode": code})

    def _worker_launch(self, body: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
        """The command this machine runs for the head's request (blocking: reads the model's
        files and the engine's state). Rank and head address are this agent's own."""
        model_id = str(body["model"])
        ctx_size = int(body["ctx_size"])
        args = [str(a) for a in body.get("args", [])]
        cluster = body["cluster"]
        nnodes = int(cluster["nnodes"])
        if not 0 < self.settings.rank < nnodes:
            raise ValueError(f"rank {self.settings.rank} is not in a cluster of {nnodes}")
        config = ClusterConfig(
            model_id=model_id,
            head_address=self.settings.head,
            # Placeholders: only their number matters for the worker's flags.
            workers=tuple(WorkerNode(self.settings.listen) for _ in range(nnodes - 1)),
            master_port=int(cluster["master_port"]),
            tensor_parallel_size=int(cluster["tensor_parallel_size"]),
            pipeline_parallel_size=int(cluster["pipeline_parallel_size"]),
        )
        check_port(config.master_port)
        check_parallel(config.tensor_parallel_size, config.pipeline_parallel_size, nnodes)
        entry = self._registry.get(model_id)
        files = self._planner.model_files(entry)
        if files.path is None or files.state not in USABLE_FILES:
            raise ValueError(f"{model_id} has no complete files on this machine")
        engine = self._planner.engine()
        command = engine.command()
        headless = headless_command(engine.kind, command, self._state_dir)
        argv = worker_argv(
            headless.prefix,
            model_path=str(files.path),
            ctx_size=ctx_size,
            args=args,
            config=config,
            rank=self.settings.rank,
        )
        env = child_environment(
            {
                **headless.env,
                **self._planner.launch_env(),
                **node_env(self.settings.listen, self.settings.interface),
            }
        )
        return argv, env


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}
