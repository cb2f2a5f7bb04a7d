"""Cluster use cases on the head: set up, check before the start, start, stop, follow workers.

The model served across machines stays one model behind the app's endpoint: its api_server
is an ordinary child of the supervisor on this machine, started with vLLM's multi-node flags
(this service hands them to the planner as data whenever its configuration changes:
`Planner.overlays`), and it plans only this machine's share of the
memory. What this service adds is everything around that child: the checks before a start,
the headless workers on the other machines (started through their agents when the head's
child starts, stopped when it stops), and stopping the head when a worker dies.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any

from app.core.cluster.cluster import (
    ClusterConfig,
    LaunchOverlay,
    config_from_json,
    head_overlay,
    new_token,
    unencrypted_notice,
    validate,
)
from app.core.cluster.cluster_nodes import NodeInfo
from app.core.events import Event, EventBus, ProcessStateChanged
from app.core.jsonstore import WatchedFile
from app.core.models.registry import Registry
from app.core.paths import AppPaths
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.states import ALIVE, ProcessState
from app.runtime.api.cluster import (
    AgentSettings,
    ClusterPhase,
    ClusterReport,
    ClusterView,
    JoinCommand,
    WorkerState,
)
from app.runtime.cluster.cluster_check import check_cluster
from app.runtime.cluster.cluster_join import join_commands
from app.runtime.cluster.cluster_workers import ClusterWorkers, worker_trouble
from app.runtime.cluster.node_facts import interface_for, local_node_info, require_local_address
from app.runtime.control.planning import Planner
from app.runtime.services.models import ModelService
from app.supervisor import Supervisor

if TYPE_CHECKING:
    from app.runtime.cluster.cluster_agent import ClusterAgent

log = logging.getLogger(__name__)

WATCH_INTERVAL_S = 2.0
WATCH_MISSES = 3  # polls a worker may miss before the head is stopped
# The head's child is gone (or given up on): its workers have nothing left to serve.
ENDED = frozenset(
    {ProcessState.STOPPED, ProcessState.EXITED, ProcessState.BACKOFF, ProcessState.FATAL}
)


class ClusterService:
    """Runs on the runtime loop, like every service."""

    def __init__(
        self,
        *,
        paths: AppPaths,
        bus: EventBus,
        planner: Planner,
        registry: Registry,
        models: ModelService,
        supervisor: Supervisor,
        program: Sequence[str] = ("vllm-tray",),
    ) -> None:
        self._paths = paths
        self._planner = planner
        self._registry = registry
        self._models = models
        self._supervisor = supervisor
        self._program = tuple(program)
        # Shared with `vllm-tray cluster …` in other processes: locked writes, and a version
        # that does not validate is reported and left alone (app.core.jsonstore's rules).
        self._file = WatchedFile(paths.cluster_file, config_from_json, ClusterConfig)
        self._file_lock = threading.Lock()  # the loop rereads, a worker thread writes
        self._interface: tuple[str, str | None] | None = None
        self.config = self._file.load()
        self.load_problems: list[Problem] = [self._file.problem] if self._file.problem else []
        self._report: ClusterReport | None = None
        self._problem: Problem | None = None
        self._phase: tuple[ClusterPhase, float] | None = None  # where a start stands, since
        self._workers = ClusterWorkers()
        self._fresh = False  # workers were started for the head start that comes next
        self._ops = asyncio.Lock()  # one start, stop or worker change at a time
        self._tasks: set[asyncio.Task[Any]] = set()
        self._watch: asyncio.Task[None] | None = None
        bus.subscribe(self._on_event)

    # -- what the planner is told --------------------------------------------------------
    @property
    def config(self) -> ClusterConfig:
        return self._config

    @config.setter
    def config(self, config: ClusterConfig) -> None:
        """Each change of the configuration also tells the planner the multi-node flags for
        the head's child while the cluster is on (data: the planner never calls back)."""
        self._config = config
        overlays: dict[str, LaunchOverlay] = {}
        if config.enabled and config.configured:
            if self._interface is None or self._interface[0] != config.head_address:
                self._interface = (config.head_address, interface_for(config.head_address))
            overlays[config.model_id] = head_overlay(config, self._interface[1])
        self._planner.overlays = overlays

    # -- reads ----------------------------------------------------------------------------
    def view(self) -> ClusterView:
        config = self.config
        info = self._supervisor.info(config.model_id) if config.model_id else None
        return ClusterView(
            config=config,
            model_state=info.state if info is not None else ProcessState.STOPPED,
            workers_started=bool(self._workers.started),
            join_commands=self.join_commands(),
            report=self._report,
            problem=self._problem,
            notices=(unencrypted_notice(),) if config.configured else (),
            phase=self._phase[0] if self._phase is not None else None,
            phase_since=self._phase[1] if self._phase is not None else None,
        )

    def join_commands(self) -> tuple[JoinCommand, ...]:
        return join_commands(self.config, self._registry, self._planner, self._program)

    # -- setting up -----------------------------------------------------------------------
    async def configure(self, config: ClusterConfig, *, renew_token: bool = False) -> ClusterView:
        """Validate, then save. A running cluster is not changed under its feet."""
        self._reread()
        if self._running():
            raise ProblemError(problem("cluster.running"))
        checked = validate(config)
        self._registry.get(checked.model_id)  # an unknown model is refused here
        token = checked.token if checked.token and not renew_token else new_token()
        checked = dataclasses.replace(checked, token=token, enabled=self.config.enabled)
        await self._save(checked)
        self._report = None
        return self.view()

    async def _save(self, config: ClusterConfig) -> None:
        def write() -> None:
            # Atomic writes create the file 0600: it holds the token that lets a head drive
            # the workers.
            with self._file_lock, self._file.locked():
                self._file.reread()
                self._file.write(config.to_json())

        await asyncio.to_thread(write)
        self.config = config

    def _reread(self) -> ClusterConfig:
        """Pick up a change `vllm-tray cluster init` made in another process (one stat()
        when nothing changed)."""
        with self._file_lock:
            changed = self._file.reread()
        if changed is not None:
            self.config = changed
            self._report = None
        return self.config

    def _require_configured(self) -> ClusterConfig:
        self._reread()
        if not self.config.configured:
            raise ProblemError(problem("cluster.not_configured"))
        return validate(self.config)

    # -- the check before a start --------------------------------------------------------
    async def check(self) -> ClusterReport:
        """Every machine reachable, the same engine and the same model files everywhere,
        the workers able to connect back, and the link speed to each."""
        config = self._require_configured()
        entry = self._registry.get(config.model_id)
        head = await asyncio.to_thread(local_node_info, self._planner, self._registry, entry.id, 0)
        report = await check_cluster(
            config, head, await self._workers.http(), master_port_free=not self._running()
        )
        self._report = report
        return report

    # -- start and stop -------------------------------------------------------------------
    async def start(self) -> ClusterView:
        """Check every machine, then serve the model across them; returns once it serves.

        Nothing is started when the check finds a problem. The workers are started first
        (they wait for the head), then the head loads like any model.
        """
        try:
            return await self._start()
        finally:
            self._phase = None

    async def _start(self) -> ClusterView:
        async with self._ops:
            config = self._require_configured()
            self._phase = (ClusterPhase.CHECKING, time.time())
            report = await self.check()
            if not report.ok:
                # Kept as the reason the last start failed: a window opened later says it.
                self._problem = report.problems[0]
                raise ProblemError(report.problems[0])
            self._problem = None
            info = self._supervisor.info(config.model_id)
            if info is not None and info.state in ALIVE:
                # Running (alone, or across machines with an older setup): it must restart
                # with the flags of this one. Before the cluster is on, so that its stop does
                # not stop the workers started below.
                await self._save(dataclasses.replace(config, enabled=False))
                await self._models.unload(config.model_id)
                await self._workers.stop(config)
            if not config.enabled or not self.config.enabled:
                config = dataclasses.replace(config, enabled=True)
                await self._save(config)
            self._phase = (ClusterPhase.STARTING_WORKERS, time.time())
            await self._start_workers(config)
            self._fresh = True
        self._phase = (ClusterPhase.LOADING, time.time())
        try:
            await self._models.load(config.model_id)
        except ProblemError:
            if self._fresh:
                # Refused before its child even started (no room, no engine): the workers
                # started for it would wait for a head that never comes.
                self._fresh = False
                await self._locked_stop_workers()
            if self._problem is not None:
                raise ProblemError(self._problem) from None
            raise
        return self.view()

    async def stop(self, *, every_worker: bool = False) -> ClusterView:
        """Stop the model and its workers; the model then runs on this machine alone.
        `every_worker` also asks agents this process did not start a worker on (a head
        that ran in another process, or crashed)."""
        async with self._ops:
            config = self.config
            if every_worker and config.configured:
                self._workers.started.update(range(1, config.nnodes))
            if config.enabled:
                await self._save(dataclasses.replace(config, enabled=False))
            if config.model_id:
                await self._models.unload(config.model_id)
            await self._workers.stop(config)
        return self.view()

    async def shutdown(self) -> None:
        """The app is quitting: stop the workers this head started (the head's own child is
        the supervisor's). The cluster stays on for the next run."""
        watch, self._watch = self._watch, None
        if watch is not None:
            watch.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, *([watch] if watch else []), return_exceptions=True)
        async with self._ops:
            await self._workers.stop(self.config)
        await self._workers.aclose()

    async def worker_states(self) -> tuple[WorkerState, ...]:
        """What each agent says about its worker now (for status views)."""
        return await self._workers.states(self._require_configured())

    # -- this machine as another machine's worker ---------------------------------------
    def node_info(self, model_id: str) -> NodeInfo:
        """This machine as a cluster node (engine, model files' fingerprint); blocking: it
        reads the model's files."""
        entry = self._registry.get(model_id)
        return local_node_info(self._planner, self._registry, entry.id, 0)

    def agent(self, settings: AgentSettings, on_event: Callable[[str], None]) -> ClusterAgent:
        """The agent `vllm-tray cluster join` runs: it starts this machine's worker when the
        head asks (start and stop it on the loop that runs it). The address it listens on must
        be this machine's (ProblemError); its network interface is the one that holds it."""
        from app.runtime.cluster.cluster_agent import ClusterAgent  # aiohttp's server: when joining

        if settings.interface is None:
            settings = dataclasses.replace(
                settings, interface=require_local_address(settings.listen)
            )
        return ClusterAgent(
            settings,
            planner=self._planner,
            registry=self._registry,
            logs_dir=self._paths.logs_dir,
            state_dir=self._paths.state_dir,
            on_event=on_event,
        )

    # -- following the head's child -------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        config = self.config
        if not (
            isinstance(event, ProcessStateChanged)
            and config.enabled
            and event.model_id == config.model_id
        ):
            return
        if event.new is ProcessState.STARTING:
            if self._fresh:
                self._fresh = False  # start() has just started them for this very start
            else:
                self._spawn(self._restart_workers())
            if self._watch is None or self._watch.done():
                self._watch = self._spawn(self._watch_workers())
        elif event.new in ENDED:
            self._spawn(self._locked_stop_workers())

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _restart_workers(self) -> None:
        """The head starts again by itself (a request after an idle unload, a restart after
        a crash): its workers start again too, fresh."""
        async with self._ops:
            with contextlib.suppress(ProblemError):
                await self._start_workers(self.config)

    async def _locked_stop_workers(self) -> None:
        async with self._ops:
            await self._workers.stop(self.config)

    async def _start_workers(self, config: ClusterConfig) -> None:
        """Ask every agent to (re)start its worker; on any failure stop them all and the
        head, and remember why."""
        found = await self._workers.start(config, self._planner.plan_launch(config.model_id).spec)
        if found is None:
            return
        self._problem = found
        log.warning("cluster: %s", self._problem.english())
        await self._workers.stop(config)
        await self._stop_head(config)
        raise ProblemError(self._problem)

    async def _stop_head(self, config: ClusterConfig) -> None:
        info = self._supervisor.info(config.model_id)
        if info is not None and info.state in ALIVE:
            await self._supervisor.stop(config.model_id)

    async def _watch_workers(self) -> None:
        """While the head's child lives, ask each agent about its worker; a worker that
        ended or an agent gone silent stops the head (it would hang or fail anyway)."""
        config = self.config
        agents = await self._workers.agents(config)
        misses = dict.fromkeys(range(1, config.nnodes), 0)
        while True:
            await asyncio.sleep(WATCH_INTERVAL_S)
            info = self._supervisor.info(config.model_id)
            if info is None or info.state not in ALIVE or not self.config.enabled:
                return
            if self._ops.locked() or not self._workers.started:
                continue  # workers are being (re)started: look again next time
            for rank, agent in enumerate(agents, 1):
                found = await worker_trouble(agent)
                if found is None:
                    misses[rank] = 0
                    continue
                misses[rank] += 1
                if found.code == "cluster.worker_exited" or misses[rank] >= WATCH_MISSES:
                    self._problem = found
                    log.warning("cluster: %s", found.english())
                    async with self._ops:
                        await self._stop_head(config)
                        await self._workers.stop(config)
                    return

    # -- helpers --------------------------------------------------------------------------
    def _running(self) -> bool:
        config = self.config
        if not config.enabled or not config.model_id:
            return False
        info = self._supervisor.info(config.model_id)
        return info is not None and info.state in ALIVE
