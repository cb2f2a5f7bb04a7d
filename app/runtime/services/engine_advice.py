"""Which vLLM release each engine runs and the known advisories that apply to it.

The ROCm bundle's version is its pinned tag, the CPU build's its package version: both are
read from the engine's version file, at once. The user's own vLLM is asked (its Python,
app.supervisor.engines.versions; else a running child's /version), which takes a process
start the first time for a command, so views read what is known (`advice`) and ask for the
rest in the background (`check`), announcing the answer with EngineVersionRead. The list of
advisories is the shipped snapshot or osv.dev's newer one (app.runtime.services.osv_refresh),
refreshed in the background when a view asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from app.core.contracts import Backend
from app.core.engines.advisories import EngineAdvice, vllm_version
from app.core.events import (
    AdvisoriesUpdated,
    EngineVersionRead,
    Event,
    EventBus,
    ProcessStateChanged,
)
from app.core.states import EngineKind, ProcessState
from app.runtime.services.osv_refresh import OsvAdvisories
from app.supervisor.engines.base import Engine
from app.supervisor.engines.custom import CustomEngine
from app.supervisor.engines.versions import EngineVersions

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

CHILD_VERSION_TIMEOUT_S = 3.0
# A user's own vLLM is asked again at most this often (an upgrade is noticed, a version that
# could not be read is tried again) however often views and /v1/health ask.
RECHECK_S = 60.0
_SOURCES = {EngineKind.ROCM: "bundle", EngineKind.CPU: "package", EngineKind.CUSTOM: "engine"}


class EngineAdvisor:
    """Advice per engine; `advice()` never blocks, `check()` may start the engine's Python."""

    def __init__(
        self,
        *,
        bus: EventBus,
        state_dir: Path | None,
        backends: Callable[[], Sequence[Backend]] = tuple,
        cache_dir: Path | None = None,
    ) -> None:
        self._bus = bus
        self._versions = EngineVersions(state_dir)
        self.osv = OsvAdvisories(
            cache_dir, lambda db: bus.publish(AdvisoriesUpdated(db.taken, len(db.advisories)))
        )
        self._backends = backends
        self._checking: dict[tuple[str, ...], asyncio.Task[EngineAdvice]] = {}
        self._read_at: dict[tuple[str, ...], float] = {}  # loop time of the last reading
        self._closed = False
        bus.subscribe(self._on_event)

    def _on_event(self, event: Event) -> None:
        # A child that just came up can tell a version its engine's Python could not: the
        # next view or /v1/health asks at once instead of after RECHECK_S.
        if isinstance(event, ProcessStateChanged) and event.new is ProcessState.RUNNING:
            for prefix in list(self._read_at):
                if self._versions.cached(prefix) is None:
                    self._read_at.pop(prefix, None)

    def advice(self, engine: Engine, version: str | None) -> EngineAdvice:
        """What is known now; `version` is the engine's status version (None for a custom
        engine, whose version is read from the engine)."""
        kind = engine.kind
        if isinstance(engine, CustomEngine):
            found = self._versions.cached(engine.prefix)
        else:
            found = vllm_version(version)
        return EngineAdvice.of(kind.value, found, _SOURCES[kind], self.osv.db())

    def check_soon(self, engine: Engine) -> None:
        """Read a custom engine's version in the background when it is not known yet (a view
        on the runtime loop asked); EngineVersionRead announces a new answer. The advisory
        list is refreshed from osv.dev in the background when that is due."""
        self.osv.refresh_soon()
        if not isinstance(engine, CustomEngine) or self._versions.cached(engine.prefix):
            return
        with contextlib.suppress(RuntimeError):  # no running loop: a CLI view, nothing to do
            if self._due(engine.prefix):
                self._start(engine)

    async def check(self, engine: Engine, version: str | None) -> EngineAdvice:
        """The advice with the version read from the engine where that is needed."""
        self.osv.refresh_soon()
        if isinstance(engine, CustomEngine):
            reading = self._checking.get(engine.prefix)  # one under way: wait for it
            if reading is None and self._due(engine.prefix):
                reading = self._start(engine)
            if reading is not None:
                await asyncio.shield(reading)
        return self.advice(engine, version)

    async def aclose(self) -> None:
        """Stop the readings under way (their processes are killed) and start no more: a
        reading must not outlive the loop it runs on."""
        self._closed = True
        await self.osv.aclose()
        tasks = list(self._checking.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _due(self, prefix: tuple[str, ...]) -> bool:
        """Whether to read again (RuntimeError when no loop runs)."""
        if self._closed:
            return False
        last = self._read_at.get(prefix)
        return last is None or asyncio.get_running_loop().time() - last >= RECHECK_S

    def _start(self, engine: CustomEngine) -> asyncio.Task[EngineAdvice]:
        prefix = engine.prefix
        task = self._checking.get(prefix)
        if task is None:
            loop = asyncio.get_running_loop()
            self._read_at[prefix] = loop.time()
            task = loop.create_task(self._read(engine))
            self._checking[prefix] = task
            task.add_done_callback(lambda _t: self._checking.pop(prefix, None))
        return task

    async def _read(self, engine: CustomEngine) -> EngineAdvice:
        prefix = engine.prefix
        before = self._versions.cached(prefix)
        try:
            found = await self._versions.read(prefix)
            if found is None:
                found = await self._from_children(prefix)
                if found is not None:
                    self._versions.remember(prefix, found)
        except Exception:  # a view must not fail because the version could not be read
            log.exception("reading the vLLM version of %s failed", " ".join(prefix))
        advice = self.advice(engine, None)
        if advice.version != before:  # only news: a view that asks again must not loop
            self._bus.publish(EngineVersionRead(EngineKind.CUSTOM.value, advice.version))
        return advice

    async def _from_children(self, prefix: tuple[str, ...]) -> str | None:
        """A running child started with this engine answers /version without a key."""
        import httpx  # imported when used: a quick command never loads it

        urls = [
            b.base_url
            for b in self._backends()
            if b.remote is None
            and b.state is ProcessState.RUNNING
            and tuple(b.command[: len(prefix)]) == prefix
        ]
        if not urls:
            return None
        # Built off the loop: httpx makes an SSL context for every client (a fifth of a second).
        client = await asyncio.to_thread(
            httpx.AsyncClient, trust_env=False, timeout=CHILD_VERSION_TIMEOUT_S
        )
        async with client:
            for url in urls:
                try:
                    answer = (await client.get(url.rstrip("/") + "/version")).json()
                except (httpx.HTTPError, ValueError) as exc:
                    log.info("%s/version did not answer: %s", url, exc)
                    continue
                if isinstance(answer, dict) and isinstance(answer.get("version"), str):
                    return str(answer["version"])
        return None
