"""Engine use cases: what is installed, installing a build, choosing the user's own vLLM."""

from __future__ import annotations

import asyncio
import contextlib
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

from app.core.contracts import Backend
from app.core.engines.advisories import EngineAdvice
from app.core.engines.engine_values import Cleaned, EngineStatus, InstallProgress
from app.core.engines.rocm_feed import FeedView
from app.core.events import EngineInstallProgressed, EventBus
from app.core.models.vllm_flags import unknown_flag_problem, unknown_flags
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.settings.settings import Settings
from app.core.states import EngineKind
from app.runtime.api.values import EngineReport, RocmBuildRow, RocmBuilds
from app.runtime.control.planning import Planner
from app.runtime.services.engine_advice import EngineAdvisor
from app.supervisor.compile_cache import clean
from app.supervisor.engine_flags import EngineFlags, engine_identity
from app.supervisor.engines.base import Engine
from app.supervisor.engines.custom import CustomEngine, invalid_command_problem
from app.supervisor.engines.feed import FeedSource
from app.supervisor.engines.rocm import RocmEngine


class EngineService:
    """Installs engines with progress events and records which one runs models."""

    def __init__(
        self,
        *,
        bus: EventBus,
        settings: Settings,
        planner: Planner,
        state_dir: Path | None = None,
        backends: Callable[[], Sequence[Backend]] = tuple,
        cache_dir: Path,
    ) -> None:
        self._bus = bus
        self._settings = settings
        self._planner = planner
        self._state_dir = state_dir
        self._cache_dir = cache_dir
        self.installing: set[EngineKind] = set()
        self.advisor = EngineAdvisor(
            bus=bus, state_dir=state_dir, backends=backends, cache_dir=cache_dir
        )
        self.flags = EngineFlags(cache_dir, state_dir)

    async def aclose(self) -> None:
        """Stop what runs in the background (version readings)."""
        await self.advisor.aclose()

    def advice(self, engine: Engine, version: str | None) -> EngineAdvice:
        """What is known of `engine`'s vLLM release and its advisories, without waiting; a
        custom engine not asked yet is asked in the background (EngineVersionRead)."""
        self.advisor.check_soon(engine)
        return self.advisor.advice(engine, version)

    async def current_advice(self, wait_s: float | None = None) -> EngineAdvice | None:
        """The engine in use: its vLLM release (read from the engine when it is the user's
        own) and the advisories that apply; None when no engine is usable. After `wait_s`
        it answers with what is known and lets the reading go on in the background."""
        try:
            engine = self._planner.engine()
        except ProblemError:
            return None
        status = await asyncio.to_thread(engine.status)
        if not status.installed:
            return None
        checking = asyncio.ensure_future(self.advisor.check(engine, status.version))
        done, _ = await asyncio.wait({checking}, timeout=wait_s)
        if not done:
            return self.advisor.advice(engine, status.version)
        return checking.result()

    async def unknown_flag(self, args: Sequence[str], source: str) -> Problem | None:
        """`args.unknown_flag` for the first flag in `args` the engine in use does not take
        (its own --help, read once per engine version and kept in the cache dir; the first
        time takes as long as the engine needs to start Python, up to a minute). None when
        every flag is known — or when no engine is usable or its help cannot be read: what
        cannot be known is not refused."""
        if not any(token.startswith("--") for token in args):
            return None
        try:
            engine = self._planner.engine()
            command = engine.command()
        except ProblemError:
            return None
        status = await asyncio.to_thread(engine.status)
        if not status.installed:
            return None
        # A custom engine's version is read from the engine (once, then remembered).
        version = status.version or (await self.advisor.check(engine, None)).version
        prefix = command.prefix
        known = await self.flags.flags(prefix, engine_identity(engine.kind, version, prefix))
        unknown = unknown_flags(args, known) if known is not None else ()
        return unknown_flag_problem(unknown[0], version, source) if unknown else None

    async def checked_reports(self) -> list[EngineReport]:
        """`reports()` after the user's own engine, if set, was asked for its version, and
        the advisory list refreshed from osv.dev when that is due (bounded by its timeout)."""
        await self.advisor.osv.refresh()
        with contextlib.suppress(ProblemError):
            engine = self._planner.engine(EngineKind.CUSTOM)
            if engine.status().installed:
                await self.advisor.check(engine, None)
        return self.reports()

    def reports(self) -> list[EngineReport]:
        """Every engine kind, installed or not, with the one in use marked."""
        try:
            active: EngineKind | None = self._planner.engine().kind
        except ProblemError:
            active = None
        rows = []
        for kind in EngineKind:
            try:
                engine = self._planner.engine(kind)
                status = engine.status()
            except ProblemError as exc:
                rows.append(EngineReport(kind, installed=False, problem=exc.problem))
                continue
            rows.append(
                EngineReport(
                    kind,
                    installed=status.installed,
                    version=status.version,
                    location=str(status.location) if status.location else None,
                    problem=status.problem,
                    active=kind is active,
                    advice=(
                        self.advisor.advice(engine, status.version) if status.installed else None
                    ),
                )
            )
        return rows

    async def refresh_feed(self) -> FeedView:
        """Ask the publisher for the ROCm qualification feed (bounded, with a timeout); the
        engines built afterwards see it. On failure: the feed seen last, with the reason."""
        return await FeedSource(self._cache_dir).refresh()

    async def rocm_builds(self, refresh: bool = True) -> RocmBuilds:
        """The ROCm builds this GPU can choose from (the feed refreshed first, unless not)."""
        view = await self.refresh_feed() if refresh else FeedSource(self._cache_dir).known()
        engine = self._planner.engine(EngineKind.ROCM)
        assert isinstance(engine, RocmEngine)
        found = engine.choices()
        target = engine.gfx_target
        if found is None:
            return RocmBuilds(target, (), view, engine.status().problem)
        installed = await asyncio.to_thread(engine.installed)
        status = await asyncio.to_thread(engine.status)
        rows = tuple(
            RocmBuildRow(
                build,
                installed=build.tag in installed,
                in_use=status.installed and status.version == build.tag,
                default=build.tag == found.default.tag,
            )
            for build in found.builds
        )
        return RocmBuilds(target, rows, view)

    async def install(
        self,
        kind: EngineKind,
        *,
        select: bool = False,
        on_progress: Callable[[InstallProgress], None] | None = None,
        cancel: asyncio.Event | None = None,
        build: str | None = None,
        use_build: bool = True,
    ) -> EngineStatus:
        """Install (or repair) `kind`; progress goes to the bus, and to `on_progress`. For
        ROCm, `build` names the build (None: the default), which becomes the ROCm build in
        use unless `use_build` is False; an installed build is chosen without a download."""
        engine = self._planner.engine(kind)

        def progress(p: InstallProgress) -> None:
            self._bus.publish(
                EngineInstallProgressed(kind.value, p.phase, p.done, p.total, p.message)
            )
            if on_progress is not None:
                on_progress(p)

        self.installing.add(kind)
        try:
            if isinstance(engine, RocmEngine):
                status = await engine.install(progress, cancel, build=build, select=use_build)
            else:
                status = await engine.install(progress, cancel)
        except ProblemError as exc:
            self._failed(kind, exc.problem)
            raise
        except BaseException as exc:  # the GUI's install progress must always end
            self._failed(
                kind,
                problem(
                    "engine.install_failed",
                    kind=kind.value,
                    reason=str(exc) or "an unexpected error",
                ),
            )
            raise
        finally:
            self.installing.discard(kind)
        if select:
            await asyncio.to_thread(self._settings.set, "engine.kind", kind.value)
        self._bus.publish(EngineInstallProgressed(kind.value, "done", 1, 1, "", True))
        return status

    def _failed(self, kind: EngineKind, found: Problem) -> None:
        self._bus.publish(EngineInstallProgressed(kind.value, "failed", 0, None, "", True, found))

    async def clean_cache(self) -> Cleaned:
        """Delete every engine build's compile caches (app.supervisor.compile_cache): what
        makes a warm load fast, refilled by the next load of each model. A model running
        meanwhile keeps what it loaded; one starting meanwhile may compile again."""
        return await asyncio.to_thread(clean, self._cache_dir)

    async def use_custom(self, command: str | Sequence[str]) -> tuple[str, ...]:
        """Check that `command` starts a vLLM server (it must answer `--help` with vLLM's
        flags), then make it the engine. Nothing is stored when the check fails."""
        prefix = split_command(command)
        await CustomEngine.validate(prefix, state_dir=self._state_dir)
        await asyncio.to_thread(
            self._settings.set_many,
            {"engine.custom_command": shlex.join(prefix), "engine.kind": "custom"},
        )
        return prefix


def split_command(command: str | Sequence[str]) -> tuple[str, ...]:
    """The words of an engine command typed as one string or given as argv."""
    words = list(command) if not isinstance(command, str) else [command]
    if words and words[0] == "--":
        words = words[1:]
    if len(words) == 1:
        try:
            words = shlex.split(words[0])
        except ValueError as exc:
            unreadable = invalid_command_problem("unparsable", [words[0]], detail=str(exc))
            raise ProblemError(unreadable) from None
    if not words:
        raise ProblemError(problem("engine.command_missing"))
    return tuple(words)
