"""The one way a test drives a runtime: its `Services`, what it published, what its actors did.

`App(runtime)` records every event on the runtime's bus from the moment it is made, so
`await app.next(ModelEvent, where=…)` returns an event that was published before the await
as readily as one published after: a test never races the thing it waits for. Each event is
returned by `next` once, in the order published. `app.turns()` records what the supervisor's
actors handled (tests/turns.py) and `await app.settled(model_id)` returns once a model's actor
has nothing left to do by itself.

A test body uses `app.services` (the application API, as a front-end does). Where a test
truly checks an internal part through the composed runtime (the planner's plan, the
supervisor's process record), it goes through `internals(runtime)`, the one documented door
to the parts; scripts/check_test_layout.py fails a test module that reaches `._parts`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager, asynccontextmanager
from typing import TYPE_CHECKING, TypeVar

from app.core.events import Event
from tests.turns import Turns, watching

if TYPE_CHECKING:
    from app.core.contracts import Backend
    from app.core.events import EventBus
    from app.core.paths import AppPaths
    from app.runtime.api.services import Services
    from app.runtime.composition.parts import Parts
    from app.runtime.composition.runtime import Runtime
    from app.supervisor.protocol import ProcessInfo

E = TypeVar("E", bound=Event)

WITHIN_S = 30.0  # room for a 2-core machine running the tiers side by side


def internals(runtime: Runtime) -> Parts:
    """The runtime's internal parts, for a test of one of them inside the composed runtime
    (a plan, a process record, a watcher's poll). Anything a front-end could do goes
    through `runtime.services` instead."""
    return runtime._parts


def process(runtime: Runtime, model_id: str) -> ProcessInfo | None:
    """The supervisor's record of a model's process (its pid, port, back-off; None: never
    started). Its state alone is public: `services.views.row(model_id).process`."""
    return runtime._parts.supervisor.info(model_id)


async def request(services: Services, model_id: str) -> Backend:
    """Load `model_id` as a request does (the endpoint's path): unlike a user's explicit
    Load (`services.models.load`), it does not clear a model the app gave up on."""
    async with services.models.use(model_id) as backend:
        return backend


class Events:
    """Every event published on a bus from its construction on, waited on by type."""

    def __init__(self, bus: EventBus) -> None:
        self.seen: list[Event] = []
        self._taken: set[int] = set()
        self._changed = asyncio.Event()  # binds to a loop on its first wait (3.10+)
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop a `next` waits on
        self.stop = bus.subscribe(self._publish)

    def _publish(self, event: Event) -> None:
        # Subscribers run in the publisher's thread (a download's, the GUI's): the list
        # append is atomic, and the waiting loop is woken from its own thread.
        self.seen.append(event)
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                self._loop.call_soon_threadsafe(self._changed.set)

    def clear(self) -> None:
        """Forget what was recorded so far (what the test itself caused, say)."""
        self.seen.clear()
        self._taken.clear()

    def of(self, kind: type[E], where: Callable[[E], bool] = lambda _: True) -> list[E]:
        """Every recorded event of `kind` that `where` accepts, taken or not."""
        return [e for e in self.seen if isinstance(e, kind) and where(e)]

    async def next(
        self,
        kind: type[E],
        where: Callable[[E], bool] = lambda _: True,
        *,
        within: float = WITHIN_S,
    ) -> E:
        """The first event of `kind` that `where` accepts and no earlier `next` returned,
        waiting for it if it was not published yet; AssertionError after `within` s."""

        def found() -> E | None:
            for i, event in enumerate(self.seen):
                if i not in self._taken and isinstance(event, kind) and where(event):
                    self._taken.add(i)
                    return event
            return None

        async def wait() -> E:
            self._loop = asyncio.get_running_loop()
            while (event := found()) is None:
                self._changed.clear()
                await self._changed.wait()
            return event

        try:
            return await asyncio.wait_for(wait(), within)
        except TimeoutError:
            raise AssertionError(
                f"no {kind.__name__} within {within} s; seen: {self.seen[-10:]}"
            ) from None


class App(Events):
    """A runtime as a test drives it: its services, its events, its actors' turns."""

    def __init__(self, runtime: Runtime) -> None:
        super().__init__(runtime.bus)
        self.runtime = runtime
        self.services = runtime.services
        self.bus = runtime.bus

    @property
    def paths(self) -> AppPaths:
        """Where this runtime keeps its config, state, logs and cache."""
        return self.runtime._parts.paths

    def process(self, model_id: str) -> ProcessInfo | None:
        return process(self.runtime, model_id)

    def turns(self) -> AbstractContextManager[Turns]:
        """Record every message the supervisor's actors handle within the block."""
        return watching(self.runtime._parts.supervisor)

    async def settled(self, model_id: str) -> None:
        """Return once the model's actor has nothing left to do by itself."""
        await self.runtime._parts.supervisor.settled(model_id)


@asynccontextmanager
async def started(runtime: Runtime, *, serve: bool = False) -> AsyncIterator[App]:
    """`runtime` started (recording from before its start), stopped at the end."""
    app = App(runtime)
    try:
        await runtime.start(serve=serve)
        yield app
    finally:
        await runtime.stop()
        app.stop()
