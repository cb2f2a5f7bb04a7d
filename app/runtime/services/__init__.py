"""The application API: every use case once, for the GUI, the CLI and the endpoint.

`Services` is what a front-end gets of the runtime — one frozen object, one attribute per
service, each typed by its Protocol (app.runtime.services.protocols). The runtime builds it
(app.runtime.runtime) and keeps every part behind it private. The GUI reaches it through a
`Facade`: one generic call that runs a function of the services on the runtime loop and
returns a future, plus the event bus; the CLI (app.runtime.facade.Session) and the proxy's
`EndpointApi` are handed it directly.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from app.core.events import EventBus
    from app.runtime.services.protocols import (
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
    """Where a `Services` gets each service: the runtime's parts (app.runtime.parts, which
    builds each on first use) or a `ServiceSet` of objects at hand (the GUI tests' fakes)."""

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


@dataclass(frozen=True)
class ServiceSet:
    """Every service as an object at hand."""

    models: ModelsApi
    config: ConfigApi
    engines: EnginesApi
    remotes: RemotesApi
    cluster: ClusterApi
    batch: BatchApi
    bench: BenchApi
    tune: TuneApi
    load_bench: LoadBenchApi
    prewarm: PrewarmApi
    power: PowerApi
    search: SearchApi
    chat: ChatApi
    lemonade: LemonadeApi
    endpoint: ServerApi
    views: ViewsApi


class Services:
    """Every use case, by area; one frozen object. Call on the runtime loop.

    A service is built the first time it is asked for (when its source builds lazily, as
    the runtime's does): `vllm-tray config get` builds the settings, never the supervisor.
    """

    __slots__ = ("_source",)
    _source: ServiceSource

    def __init__(self, source: ServiceSource) -> None:
        object.__setattr__(self, "_source", source)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Services is frozen: {name} cannot be set")

    @property
    def models(self) -> ModelsApi:
        return self._source.models

    @property
    def config(self) -> ConfigApi:
        return self._source.config

    @property
    def engines(self) -> EnginesApi:
        return self._source.engines

    @property
    def remotes(self) -> RemotesApi:
        return self._source.remotes

    @property
    def cluster(self) -> ClusterApi:
        return self._source.cluster

    @property
    def batch(self) -> BatchApi:
        return self._source.batch

    @property
    def bench(self) -> BenchApi:
        return self._source.bench

    @property
    def tune(self) -> TuneApi:
        return self._source.tune

    @property
    def load_bench(self) -> LoadBenchApi:
        return self._source.load_bench

    @property
    def prewarm(self) -> PrewarmApi:
        return self._source.prewarm

    @property
    def power(self) -> PowerApi:
        return self._source.power

    @property
    def search(self) -> SearchApi:
        return self._source.search

    @property
    def chat(self) -> ChatApi:
        return self._source.chat

    @property
    def lemonade(self) -> LemonadeApi:
        return self._source.lemonade

    @property
    def endpoint(self) -> ServerApi:
        return self._source.endpoint

    @property
    def views(self) -> ViewsApi:
        return self._source.views


class Facade(Protocol):
    """The GUI's door to the runtime thread (app.runtime.facade.ThreadFacade).

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
