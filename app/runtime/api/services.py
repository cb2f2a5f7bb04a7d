"""Every use case once, for the GUI, the CLI and the endpoint: the services, declared.

`ServiceSource` declares the services, once: one property per service, typed by its Protocol
(app.runtime.api.protocols). `Services` is what a front-end gets of the runtime — one frozen
object forwarding each declared name to its source: the runtime's parts
(app.runtime.composition.parts,
which build each on first use) or the GUI tests' fakes. The GUI reaches it through a `Facade`:
one generic call that runs a function of the services on the runtime loop and returns a
future, plus the event bus; the CLI (app.runtime.composition.facade.Session) and the proxy's
`EndpointApi`
are handed it directly. Its package imports no implementation.
"""

from __future__ import annotations

import operator
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from app.core.events import EventBus
    from app.runtime.api.protocols import (
        BatchApi,
        BenchApi,
        ChatApi,
        ClusterApi,
        ConfigApi,
        EnginesApi,
        LemonadeApi,
        LoadBenchApi,
        ModelsApi,
        PowerApi,
        PrewarmApi,
        RemotesApi,
        SearchApi,
        ServerApi,
        TuneApi,
        ViewsApi,
    )

T = TypeVar("T")


class ServiceSource(Protocol):
    """Every service, by area: the one declaration of the application API."""

    @property
    def models(self) -> ModelsApi: ...
    @property
    def config(self) -> ConfigApi: ...
    @property
    def engines(self) -> EnginesApi: ...
    @property
    def remotes(self) -> RemotesApi: ...
    @property
    def cluster(self) -> ClusterApi: ...
    @property
    def batch(self) -> BatchApi: ...
    @property
    def bench(self) -> BenchApi: ...
    @property
    def tune(self) -> TuneApi: ...
    @property
    def load_bench(self) -> LoadBenchApi: ...
    @property
    def prewarm(self) -> PrewarmApi: ...
    @property
    def power(self) -> PowerApi: ...
    @property
    def search(self) -> SearchApi: ...
    @property
    def chat(self) -> ChatApi: ...
    @property
    def lemonade(self) -> LemonadeApi: ...
    @property
    def endpoint(self) -> ServerApi: ...
    @property
    def views(self) -> ViewsApi: ...


# The services' names, in the order declared: the runtime builds its parts from them.
SERVICE_NAMES = tuple(n for n, v in vars(ServiceSource).items() if isinstance(v, property))


class Services(ServiceSource):
    """Every use case, by area; one frozen object. Call on the runtime loop.

    A service is built the first time it is asked for (when its source builds lazily, as
    the runtime's does): `vllm-tray config get` builds the settings, never the supervisor.
    """

    __slots__ = ("_source",)
    _source: ServiceSource

    @classmethod
    def over(cls, source: ServiceSource) -> Services:
        """The services `source` holds or builds, each read from it when asked for."""
        services = cls.__new__(cls)
        object.__setattr__(services, "_source", source)
        return services

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Services is frozen: {name} cannot be set")


for _name in SERVICE_NAMES:  # each declared property forwards to the source's
    setattr(Services, _name, property(operator.attrgetter(f"_source.{_name}")))


class Facade(Protocol):
    """The GUI's door to the runtime thread (app.runtime.composition.facade.ThreadFacade).

    `submit` runs a coroutine function of the services on the runtime loop, `call` a plain
    one (a read of the caches the loop writes); both return a future the GUI awaits in an
    async slot, so the GUI thread never reads runtime state and never waits. `post` is
    fire and forget. The GUI subscribes to `bus`, then asks for the snapshot
    (`call(lambda s: s.views.snapshot())`), and applies the events that arrive meanwhile on
    top of it (they are idempotent), so nothing is lost.
    """

    @property
    def bus(self) -> EventBus: ...
    def submit(self, work: Callable[[Services], Awaitable[T]]) -> Future[T]: ...
    def call(self, work: Callable[[Services], T]) -> Future[T]: ...
    def post(self, work: Callable[[Services], object]) -> None: ...
    def shutdown(self) -> None: ...
