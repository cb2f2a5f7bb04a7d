"""Installing an engine with progress events (shared by the GUI, the CLI and the HTTP API)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from app.core.events import EngineInstallProgressed
from app.core.problems import ProblemError, problem, tr_noop
from app.supervisor.engines.base import EngineKind, EngineStatus, InstallProgress

if TYPE_CHECKING:
    from app.runtime.runtime import Runtime


async def install_engine(
    rt: Runtime,
    kind: EngineKind,
    *,
    on_progress: Callable[[InstallProgress], None] | None = None,
    cancel: asyncio.Event | None = None,
) -> EngineStatus:
    engine = rt.engine(kind)

    def progress(p: InstallProgress) -> None:
        rt.bus.publish(EngineInstallProgressed(kind.value, p.phase, p.done, p.total, p.message))
        if on_progress is not None:
            on_progress(p)

    try:
        status = await engine.install(progress, cancel)
    except ProblemError as exc:
        rt.bus.publish(
            EngineInstallProgressed(kind.value, "failed", 0, None, "", True, exc.problem)
        )
        raise
    except BaseException as exc:  # the GUI's install progress must always end
        failed = problem(
            "engine.install_failed",
            tr_noop("Installing the {kind} engine failed: {reason}"),
            kind=kind.value,
            reason=str(exc) or type(exc).__name__,
        )
        rt.bus.publish(EngineInstallProgressed(kind.value, "failed", 0, None, "", True, failed))
        raise
    rt.bus.publish(EngineInstallProgressed(kind.value, "done", 1, 1, "", True))
    return status
