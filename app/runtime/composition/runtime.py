"""The composition root: builds the engine-side parts, starts them and stops them.

Everything a user can do is a use case in app.runtime.services; what they see is built by
app.runtime.views; which models run is the controller's; what a start would run is the
planner's. The parts are built on first use (app.runtime.composition.parts); the runtime owns their
lifecycle and hands out one frozen `Services`, the application API.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from app.core.events import EventBus
from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError, problem
from app.runtime.api.services import Services
from app.runtime.composition.endpoint_settings import proxy_limits
from app.runtime.composition.parts import Parts, RuntimeOptions

# RuntimeOptions: how a runtime is run (its own endpoint address, no GPU sampling…);
# proxy_limits: the endpoint's limits from the settings.
__all__ = ["Runtime", "RuntimeOptions", "proxy_limits"]

log = logging.getLogger(__name__)


class Runtime:
    """Owns every engine-side part. Construct anywhere (cheap: nothing is built, read or
    started yet); `start()` on the runtime loop.

    Front-ends get `services` (and `bus`), never the parts: the GUI through
    app.runtime.composition.facade.ThreadFacade, the CLI through
    app.runtime.composition.facade.Session. Every
    other attribute is private.
    """

    def __init__(self, paths: AppPaths, options: RuntimeOptions | None = None) -> None:
        self.bus = EventBus()
        self._parts = Parts(paths, options or RuntimeOptions(), self.bus)
        self.services: Services = self._parts.services
        self._tasks: list[asyncio.Task[None]] = []
        self._started = False

    def note_startup_failure(self, exc: BaseException) -> None:
        """Keep a start-up failure as a problem the views show (the log has the details)."""
        if isinstance(exc, ProblemError):
            self._parts.startup_problems.append(exc.problem)
            return
        self._parts.startup_problems.append(
            problem("runtime.start_failed", reason=str(exc) or "an unexpected error")
        )

    # -- lifecycle -----------------------------------------------------------------------
    async def start(self, *, serve: bool) -> None:
        parts = self._parts
        parts.paths.ensure()
        parts.build_all()
        self._started = True
        # Blocking reads (leftover processes, sysfs, nvidia-smi, the keyring) happen in
        # worker threads before anything on the loop needs their answers.
        reaped = await asyncio.to_thread(parts.supervisor.reap_orphans)
        if reaped:
            log.warning("stopped %d leftover vLLM processes from an earlier run", len(reaped))
        await asyncio.to_thread(parts.planner.refresh_system)
        await parts.secrets.load()
        parts.controller.start_idle_watch()
        parts.prewarm.start()
        parts.config_watcher.start()
        parts.sleep_watcher.start()
        await parts.remotes.start()
        if parts.options.sample_gpu:
            # Every GPU and the host's RAM, live (app.runtime.control.memory_watch).
            sampler = parts.planner.memory.run(self.bus)
            self._tasks.append(asyncio.get_running_loop().create_task(sampler))
        if serve:
            await parts.endpoint.start()
        await parts.batch.start()

    async def stop(self) -> None:
        """Stop what was started, and close what a command used without starting (its
        downloads, its clients); right to call once whether or not `start` ran."""
        parts = self._parts
        if self._started:
            await parts.sleep_watcher.stop()  # first: no resume may load models while stopping
            await parts.batch.stop()
            await parts.prewarm.stop()
            await parts.config_watcher.stop()
            await parts.remotes.stop()
        elif parts.built("remotes"):
            await parts.remotes.aclose()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()
        try:
            await _close_built(parts, _CLOSED_FIRST)
        finally:
            # Children first of all: whatever else fails, no vLLM is left holding memory.
            await _close_built(parts, _CLOSED_LAST)


Close = Callable[[Parts], Awaitable[None]]
# What stop() closes, in order, of the parts a runtime built.
_CLOSED_FIRST: tuple[tuple[str, Close], ...] = (
    ("engines", lambda p: p.engines.aclose()),  # a version reading under way: its process goes
    ("controller", lambda p: p.controller.stop_idle_watch()),
    ("endpoint", lambda p: p.endpoint.stop()),
    ("downloads", lambda p: p.downloads.shutdown()),
    ("chat", lambda p: p.chat.aclose()),
)
_CLOSED_LAST: tuple[tuple[str, Close], ...] = (
    ("supervisor", lambda p: p.supervisor.shutdown()),
    ("cluster", lambda p: p.cluster.shutdown()),  # and the workers it started on other machines
)


async def _close_built(parts: Parts, closes: tuple[tuple[str, Close], ...]) -> None:
    for name, close in closes:
        if parts.built(name):
            await close(parts)
