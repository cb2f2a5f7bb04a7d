"""The one poller of the config files other processes (CLI, editors) change."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from asyncinotify import Inotify, Mask

from app.core.events import EventBus, RegistryChanged
from app.core.jsonstore import REPLACED_CODE
from app.core.models.registry import Registry
from app.core.problems.problems import Problem
from app.core.settings.settings import Settings

log = logging.getLogger(__name__)


# Another watched file: one check, on the runtime loop, that announces its own change. A
# stat() when nothing changed; what must read slowly (the keyring) awaits a worker thread.
Check = Callable[[], Awaitable[None]]
POLL_INTERVAL_S = 1.0
# inotify(7): a file written in place, renamed into place (app.core.jsonstore), created or
# removed in the watched folder.
_CHANGES = Mask.CLOSE_WRITE | Mask.MOVED_FROM | Mask.MOVED_TO | Mask.CREATE | Mask.DELETE


class ConfigWatcher:
    """The one poller of every file other processes change under the running app:
    settings.json, user_models.json and recipe_options.json here, and the `checks` of the
    others (remotes.json, the secrets), on the runtime loop, once a `interval_s`.

    Polling underneath: a poll with nothing changed is a stat() per file (measured here:
    16 µs for three), and it also works on a network file system, where the kernel tells
    nothing. It
    runs on the loop itself: going through asyncio.to_thread measured 10× the cost (160 µs),
    and the settings listeners (the runtime's publish SettingChanged and update the
    endpoint's security) expect the runtime loop. cluster.json is not polled: the cluster
    service re-reads it (a stat()) at each use.

    Where the kernel tells (inotify on `folder`, the config folder, through asyncinotify, which
    reads the notices on the loop), the three files are
    also taken in as soon as another process has written them: `vllm-tray options …` then a
    request at once starts the model with what was just stored, and no start stats them.
    The kernel queues the change before the writer exits, so the loop sees it no later than
    the request that follows (which needs several turns of the loop to reach a handler).
    """

    def __init__(
        self,
        settings: Settings,
        registry: Registry,
        bus: EventBus,
        interval_s: float = POLL_INTERVAL_S,
        *,
        checks: Sequence[tuple[str, Check]] = (),
        folder: Path | None = None,
    ) -> None:
        self._folder = folder
        self._listener: asyncio.Task[None] | None = None  # the kernel's notices, while watching
        self._settings = settings
        self._registry = registry
        self._bus = bus
        self._interval_s = interval_s
        self._checks = tuple(checks)
        self._check_errors: dict[str, str] = {}
        self._task: asyncio.Task[None] | None = None
        self._reported: list[Problem] = self.problems()  # start-up ones are reported already
        self._last_error = ""

    def start(self) -> None:
        """Start polling (and listening to the kernel); call on the runtime loop. A second
        call does nothing."""
        if self._task is None:
            loop = asyncio.get_running_loop()
            self._task = loop.create_task(self._run())
            notices = _inotify(self._folder) if self._folder is not None else None
            if notices is not None:
                self._listener = loop.create_task(self._listen(notices))

    async def stop(self) -> None:
        tasks = [t for t in (self._task, self._listener) if t is not None]
        self._task = self._listener = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def poll(self) -> None:
        """One check of the three files (settings listeners announce their own changes)."""
        self._settings.reload()
        if self._registry.reload():
            self._bus.publish(RegistryChanged(None))
        self._report_problems()

    async def _listen(self, notices: Inotify) -> None:
        """The kernel says a file in the folder changed: poll() now, not up to `interval_s`
        later. A file that cannot be read is left to the next poll to report."""
        with notices:
            async for _ in notices:  # what changed is not needed: poll() stats
                try:
                    self.poll()
                except Exception:  # the poller reports it within interval_s
                    log.debug("taking in a changed config file", exc_info=True)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._interval_s)
            try:
                self.poll()
            except Exception as exc:  # e.g. the config dir became unreadable: keep watching
                if str(exc) != self._last_error:  # once, not every second
                    log.warning("watching the config files: %s", exc, exc_info=True)
                self._last_error = str(exc)
            else:
                self._last_error = ""
            for name, check in self._checks:
                await self._run_check(name, check)

    async def _run_check(self, name: str, check: Check) -> None:
        try:
            await check()
        except Exception as exc:  # one file unreadable for a moment: the others go on
            if str(exc) != self._check_errors.get(name):
                log.warning("watching %s: %s", name, exc, exc_info=True)
            self._check_errors[name] = str(exc)
        else:
            self._check_errors.pop(name, None)

    def problems(self) -> list[Problem]:
        """What is wrong with the three config files now (the running app keeps its values)."""
        found = self._registry.problems
        if self._settings.problem is not None:
            found.append(self._settings.problem)
        return found

    def _report_problems(self) -> None:
        found = self.problems()
        for item in found:
            # A replaced version was logged by the write that replaced it.
            if item not in self._reported and item.code != REPLACED_CODE:
                log.warning("%s", item.english())
        now_broken = {p.params.get("file") for p in found if p.code != REPLACED_CODE}
        for item in self._reported:
            file = item.params.get("file")
            if item.code != REPLACED_CODE and file not in now_broken:
                log.info("%s can be read again; its values are in use", file)
        self._reported = found


def _inotify(folder: Path) -> Inotify | None:
    """The kernel's notices of changes in `folder`, watched from now on; None where it
    offers none (the poll alone then takes changes in, within its interval)."""
    try:
        notices = Inotify()
    except OSError as exc:
        log.info("no notices of changed config files from the kernel (%s): polling alone", exc)
        return None
    try:
        notices.add_watch(folder, _CHANGES)
    except OSError as exc:
        notices.close()
        log.info("cannot watch %s (%s): polling alone", folder, exc)
        return None
    return notices
