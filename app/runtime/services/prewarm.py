"""Pre-warming: once a model's download finishes, start it and stop it again in the background,
so that vLLM compiles it into the engine build's compile caches now and the user's first Load
is warm (docs/throughput.md, "Load to first token"); and at the app's start, an engine kept
ready for the first Load (ready_engine).

Once per model and engine: a model with a load already recorded on this engine (load_times)
is not pre-warmed. Never at anyone's expense: skipped while another model is loaded or
loading (the pre-warm would need its memory, and a swap would unload it), and a model that
got a request while it was pre-warmed stays loaded. Cancellable (the row's Unload, or
`cancel`). Every step is a PrewarmChanged event, which the model's row shows.

A pre-warm that compiled the model marks its launch in the build's compile cache
(compile_cache.StartMarks): later loads of that very launch force vLLM's AOT load, so a stale
cache fails with its fix instead of recompiling for minutes. The pre-warm itself never forces:
it is what refills a stale cache.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

from app.core.events import (
    DownloadFinished,
    Event,
    EventBus,
    PrewarmChanged,
    PrewarmOutcome,
)
from app.core.models.registry import Registry
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.settings.settings import Settings
from app.core.states import ALIVE, DownloadStatus
from app.runtime.control.controller import Controller
from app.runtime.control.planning import Planner
from app.supervisor import Supervisor
from app.supervisor.compile_cache import StartMarks, launch_key, root_of
from app.supervisor.loadtimes import LoadTimes, load_key

log = logging.getLogger(__name__)

READY_AFTER_S = 5.0  # from the app's start to its engine kept ready (ready_engine)
READY_TRIES = 3  # models loaded last, planned in turn until one plans


class PrewarmService:
    """Starts and stops models in the background after their download; one task per model."""

    def __init__(
        self,
        *,
        bus: EventBus,
        settings: Settings,
        registry: Registry,
        planner: Planner,
        controller: Controller,
        supervisor: Supervisor,
        state_dir: Path,
    ) -> None:
        self._bus = bus
        self._settings = settings
        self._registry = registry
        self._planner = planner
        self._controller = controller
        self._supervisor = supervisor
        self._state_dir = state_dir
        self._loop: asyncio.AbstractEventLoop | None = None
        self._unsubscribe: Callable[[], None] = lambda: None
        self.active: dict[str, asyncio.Task[None]] = {}
        self._ready: asyncio.Task[bool] | None = None

    def start(self) -> None:
        """Watch downloads (on the runtime loop: events may come from other threads), and
        get an engine ready for the first load."""
        self._loop = asyncio.get_running_loop()
        self._unsubscribe = self._bus.subscribe(self._on_event)
        self._ready = self._loop.create_task(self.ready_engine(READY_AFTER_S))

    async def ready_engine(self, after_s: float = 0.0) -> bool:
        """An engine kept ready from the app's start, not only after its first load
        (`models.keep_engine_ready`): for the model loaded last on this machine, planned as its
        Load would be, `after_s` after the call (the window and the endpoint start first: on
        two cores an engine's imports would slow them). False: the setting is off, a model is
        loaded or loading already, or no model loaded before plans now (deleted, another
        engine); the supervisor decides whether its engine can have one (app.supervisor.spare)."""
        if not self._settings.get("models.keep_engine_ready"):
            return False
        await asyncio.sleep(after_s)
        if any(info.state in ALIVE for info in self._supervisor.infos()):
            return False  # a load came first: once up, it starts the engine kept ready
        known = {entry.id for entry in self._registry.models()}
        loaded = await asyncio.to_thread(lambda: LoadTimes(self._state_dir).models())
        for model_id in reversed([m for m in loaded if m in known][-READY_TRIES:]):
            try:
                spec = self._planner.plan_launch(model_id).spec
            except ProblemError:
                continue
            try:
                await self._supervisor.prepare_spare(spec)
            except Exception:  # a head start, never a failure of the app's start
                log.exception("%s: getting an engine ready failed", model_id)
                return False
            return True
        return False

    async def stop(self) -> None:
        self._unsubscribe()
        tasks = [*self.active.values(), *([self._ready] if self._ready is not None else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _on_event(self, event: Event) -> None:
        if (
            isinstance(event, DownloadFinished)
            and event.status == DownloadStatus.COMPLETED
            and self._loop is not None
            and bool(self._settings.get("models.prewarm_after_download"))
        ):
            self._loop.call_soon_threadsafe(self._after_download, event.model_id)

    def _after_download(self, model_id: str) -> None:
        self.prewarm(model_id, only_once=True)

    def prewarm(self, model_id: str, *, only_once: bool = False) -> bool:
        """Start a pre-warm of `model_id` (False: one runs already). `only_once` skips a
        model that has loaded on this engine before. Call on the runtime loop."""
        entry = self._registry.get(model_id)
        if entry.id in self.active:
            return False
        task = asyncio.get_running_loop().create_task(self._run(entry.id, only_once))
        self.active[entry.id] = task
        task.add_done_callback(self._finished)
        return True

    def _finished(self, task: asyncio.Task[None]) -> None:
        for model_id, running in list(self.active.items()):
            if running is task:
                del self.active[model_id]

    async def cancel(self, model_id: str) -> bool:
        """Stop a pre-warm: the model goes back to not loaded. False: none was running."""
        task = self.active.get(self._registry.get(model_id).id)
        if task is None or task.done():
            return False
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return True

    # -- one pre-warm ---------------------------------------------------------------------
    async def _run(self, model_id: str, only_once: bool) -> None:
        reason = await self._reason_to_skip(model_id, only_once)
        if reason is not None:
            log.info("%s: not pre-warmed: %s", model_id, reason.english())
            self._publish(model_id, False, "skipped", reason)
            return
        self._publish(model_id, True, "started")
        try:
            await self._mark(model_id, done=False)
            await self._controller.load(model_id)
        except asyncio.CancelledError:
            await self._supervisor.stop(model_id)
            self._publish(model_id, False, "cancelled")
            raise
        except ProblemError as exc:
            # The row's Unload stops the start: that is how a user cancels a pre-warm.
            cancelled = exc.problem.code == "load.cancelled"
            self._publish(model_id, False, "cancelled" if cancelled else "failed", exc.problem)
            return
        await self._mark(model_id, done=True)
        if self._in_use(model_id):
            log.info("%s: pre-warmed, and kept loaded: a request came meanwhile", model_id)
        else:
            await self._controller.unload(model_id)
        self._publish(model_id, False, "done")

    async def _reason_to_skip(self, model_id: str, only_once: bool) -> Problem | None:
        others = [
            info.model_id
            for info in self._supervisor.infos()
            if info.state in ALIVE and info.model_id != model_id
        ]
        if others:
            return problem("prewarm.busy", model=model_id, others=", ".join(others))
        info = self._supervisor.info(model_id)
        if info is not None and info.state in ALIVE:
            return problem("prewarm.loaded", model=model_id)
        if only_once:
            try:
                key = load_key(model_id, self._planner.plan_launch(model_id).spec.prefix)
            except ProblemError as exc:
                return exc.problem
            if await asyncio.to_thread(lambda: LoadTimes(self._state_dir).count(key)):
                return problem("prewarm.done_before", model=model_id)
        return None

    async def _mark(self, model_id: str, *, done: bool) -> None:
        """Unforce the launch before its pre-warm (which refills a stale cache), force it
        after one that compiled it."""
        spec = self._planner.plan_launch(model_id).spec
        root = root_of(spec.env)
        if root is not None:
            key = launch_key(spec)
            await asyncio.to_thread(lambda: StartMarks(root).mark_prewarmed(model_id, key, done))

    def _in_use(self, model_id: str) -> bool:
        """A request is being answered (it waited for the pre-warm's load): keep it loaded."""
        usage = self._controller.usage().get(model_id)
        return usage is not None and bool(usage.get("in_flight"))

    def _publish(
        self, model_id: str, active: bool, outcome: PrewarmOutcome, found: Problem | None = None
    ) -> None:
        self._bus.publish(PrewarmChanged(model_id, active, outcome, found))
