"""The suspend use case: models leave the GPU before the machine sleeps and come back after."""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from app.core.states import ProcessState
from app.runtime.control.controller import Controller
from app.supervisor import Supervisor

log = logging.getLogger(__name__)

# A model in these states was wanted by someone (a request, a Load) when the machine went to
# sleep; it is loaded again after resume. A stopped (or given-up) model stays as it is.
WANTED = frozenset({ProcessState.STARTING, ProcessState.RUNNING})
PASSES = 3


class SuspendStrategy(Protocol):
    """What happens to one model that is running when the machine goes to sleep.

    `before_sleep` must leave nothing on the GPU that a suspend could break (ROCm is reported
    to hang after a suspend with a model loaded). `after_resume` returns only once the model
    answered its health check: requests wait for it (they wait at the controller's gate, then
    join the load) and are never sent to a child that did not survive the resume.
    """

    async def before_sleep(self, model_id: str) -> None: ...

    async def after_resume(self, model_id: str) -> None: ...


class StopAndReload:
    """The default strategy: stop the child; after resume, load it again like a request would.

    `SleepWhereItWorks` sleeps the models whose sleep was measured to free memory instead
    (docs/sleep-mode.md).
    """

    def __init__(self, supervisor: Supervisor, controller: Controller) -> None:
        self._supervisor = supervisor
        self._controller = controller

    async def before_sleep(self, model_id: str) -> None:
        await self._supervisor.stop(model_id)

    async def after_resume(self, model_id: str) -> None:
        # The supervisor's start returns once /health answered 200: that is the health check.
        await self._controller.load(model_id)


class SleepWhereItWorks:
    """Sleep mode across a suspend where it is known to work, else `StopAndReload`.

    A model whose engine and GPU were measured to free memory when asleep (a swap slept it
    before) sleeps through the suspend and is woken after resume; the wake checks that it is
    awake and answers /health before a request reaches it. Every other model is stopped and
    loaded again. A sleep that frees nothing this time stops the model all the same.
    """

    def __init__(self, supervisor: Supervisor, controller: Controller) -> None:
        self._supervisor = supervisor
        self._controller = controller

    async def before_sleep(self, model_id: str) -> None:
        if self._supervisor.sleep_known_to_work(model_id):
            await self._controller.sleep_model(model_id)  # stopped if it frees nothing now
        else:
            await self._supervisor.stop(model_id)

    async def after_resume(self, model_id: str) -> None:
        # A start of a sleeping model wakes it; of a stopped one loads it. Both return only
        # once it answered its health check.
        await self._controller.load(model_id)


class PowerService:
    """Runs the strategy for every wanted model around a system suspend; on the runtime loop.

    Between `before_sleep` and `after_resume` the controller holds every load, so that a
    request arriving while the machine goes down does not start a child the suspend would
    catch; it is served after resume.
    """

    def __init__(
        self,
        *,
        supervisor: Supervisor,
        controller: Controller,
        strategy: SuspendStrategy | None = None,
    ) -> None:
        self._supervisor = supervisor
        self._controller = controller
        self.strategy: SuspendStrategy = strategy or StopAndReload(supervisor, controller)
        self._suspended: list[str] = []  # models to bring back after resume, in order

    @property
    def suspended(self) -> tuple[str, ...]:
        """The models that were running when the machine went to sleep (until resume)."""
        return tuple(self._suspended)

    async def before_sleep(self) -> list[str]:
        """Hold loads, then put every wanted model aside; returns the models put aside."""
        self._controller.hold_loads()
        put_aside: list[str] = []
        # A load decided just before the hold can still reach the supervisor while the
        # first models stop; another look catches it. Bounded: no new load gets past the hold.
        for _ in range(PASSES):
            wanted = [info.model_id for info in self._supervisor.infos() if info.state in WANTED]
            if not wanted:
                break
            put_aside.extend(m for m in wanted if m not in put_aside)
            results = await asyncio.gather(
                *(self.strategy.before_sleep(model_id) for model_id in wanted),
                return_exceptions=True,
            )
            for model_id, result in zip(wanted, results, strict=True):
                if isinstance(result, BaseException):
                    log.warning("could not put %s aside before suspend: %s", model_id, result)
        self._suspended.extend(m for m in put_aside if m not in self._suspended)
        if put_aside:
            log.info(
                "Models stopped for suspend; they will load again after resume: %s",
                ", ".join(put_aside),
            )
        else:
            log.info("the system is going to sleep; no model is running")
        return put_aside

    async def after_resume(self) -> list[str]:
        """Let loads through again and bring back the models put aside; returns those that
        answered their health check."""
        self._controller.release_loads()
        models, self._suspended = self._suspended, []
        if not models:
            return []
        log.info("the system woke up; loading again: %s", ", ".join(models))
        results = await asyncio.gather(
            *(self.strategy.after_resume(model_id) for model_id in models),
            return_exceptions=True,
        )
        back = []
        for model_id, result in zip(models, results, strict=True):
            if isinstance(result, BaseException):
                # The model's row shows its problem (the supervisor's diagnosis).
                log.warning("%s did not come back after resume: %s", model_id, result)
            else:
                back.append(model_id)
        return back
