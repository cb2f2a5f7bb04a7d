"""A scripted stand-in for the engine facade: GUI tests and the screenshot script drive it."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Literal, TypeVar

from app.core.contracts import DownloadView
from app.core.events import (
    DownloadFinished,
    DownloadProgressed,
    Event,
    EventBus,
    GpuSampled,
    LoadProgressed,
    LogLineEmitted,
    MetricsSampled,
    ProcessStateChanged,
    ServerStateChanged,
    SettingChanged,
)
from app.core.lemonade.lemonade_plan import ImportPlan
from app.core.memory.gpu import GpuInfo, SystemInfo
from app.core.memory.memory import GIB
from app.core.memory.model_shape import ModelShape
from app.core.models.registry import ModelSource
from app.core.problems.problems import Fix, FixKind, Problem, tr_noop
from app.core.settings.settings import SPECS
from app.core.states import DownloadStatus, EngineKind, FileState, LoadPhase, ProcessState
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
from app.runtime.api.services import Services
from app.runtime.api.snapshot import EngineView, ModelRow, ServerView, Snapshot
from tests.gui.fake_services import (
    FakeConfig,
    FakeEndpoint,
    FakeEngines,
    FakeLemonade,
    FakeModels,
    FakePower,
    FakePrewarm,
    FakeViews,
    IdleBatch,
    IdleBench,
    IdleChat,
    IdleCluster,
    IdleLoadBench,
    IdleRemotes,
    IdleSearch,
    IdleTune,
)

T = TypeVar("T")
T0 = 1_790_000_000.0  # a fixed clock for scripted events
# Shape of a Qwen3-4B-like model: 36 layers, 8 KV heads of 128, bf16; a long context (so
# that memory, not the model, binds unless a test sets `model_max_ctx`).
SHAPE = ModelShape(36, 36, 32, 8, 128, 2560, 2, 1_048_576)

BUILTINS = (
    ("Qwen3.5-0.8B-FP16-vLLM", "Qwen/Qwen3.5-0.8B", 1.77, ("chat", "reasoning")),
    ("Qwen3.5-4B-FP16-vLLM", "Qwen/Qwen3.5-4B", 9.34, ("chat", "reasoning", "tool-calling")),
    ("Qwen3.5-9B-FP16-vLLM", "Qwen/Qwen3.5-9B", 19.3, ("chat", "reasoning", "tool-calling")),
    ("Qwen3.6-27B-FP8-vLLM-lowconc", "Qwen/Qwen3.6-27B-FP8", 27.8, ("chat", "mtp")),
    ("GLM-4.7-Flash-FP16-vLLM", "zai-org/GLM-4.7-Flash", 62.47, ("chat", "tool-calling")),
)


def make_row(
    name: str,
    checkpoint: str,
    size_gb: float | None,
    labels: Sequence[str] = (),
    *,
    source: ModelSource | Literal["remote"] = "builtin",
    file_state: FileState = "not_downloaded",
    ctx_size: int = 8192,
) -> ModelRow:
    on_disk = int((size_gb or 1.0) * 1e9) if file_state in ("complete", "local") else 0
    return ModelRow(
        id=name if source == "builtin" else f"user.{name}",
        name=name,
        source=source,
        checkpoint=checkpoint,
        size_gb=size_gb,
        labels=tuple(labels),
        experimental=source == "builtin",
        file_state=file_state,
        bytes_on_disk=on_disk,
        process=ProcessState.STOPPED,
        ctx_size=ctx_size,
    )


def default_rows() -> list[ModelRow]:
    rows = [
        make_row(n, c, s, labels, file_state="complete" if i < 3 else "not_downloaded")
        for i, (n, c, s, labels) in enumerate(BUILTINS)
    ]
    rows.append(
        make_row("my-llama", "/models/my-llama", None, ("chat",), source="user", file_state="local")
    )
    return rows


def strix_halo(prereq_ok: bool | None = True) -> GpuInfo:
    return GpuInfo(
        vendor="amd",
        name="Radeon 8060S (Strix Halo)",
        gfx_target="gfx1151",
        node_id=1,
        render_minor=128,
        discrete=False,
        apu=True,
        vram_total=64 * GIB,
        vram_used=3 * GIB,
        gtt_total=62 * GIB,
        gtt_used=1 * GIB,
        kernel_prereq_ok=prereq_ok,
    )


def rx7900(node_id: int) -> GpuInfo:
    """A Radeon RX 7900 XTX (24 GiB) at KFD node `node_id`; HIP numbers it node_id - 1."""
    return GpuInfo(
        vendor="amd",
        name="Radeon RX 7900 XTX",
        gfx_target="gfx1100",
        node_id=node_id,
        render_minor=127 + node_id,
        discrete=True,
        apu=False,
        vram_total=24 * GIB,
        vram_used=1 * GIB,
        gtt_total=32 * GIB,
        gtt_used=0,
        kernel_prereq_ok=None,
        device_index=node_id - 1,
    )


def two_rx7900() -> SystemInfo:
    """A workstation with two RX 7900 XTX (issue 13.1's first case)."""
    gpus = (rx7900(1), rx7900(2))
    return dataclasses.replace(system_with(gpus[0]), gpus=gpus)


def system_with(gpu: GpuInfo | None, problems: Sequence[Problem] = ()) -> SystemInfo:
    return SystemInfo(
        gpus=(gpu,) if gpu else (),
        primary=gpu,
        ram_total=128 * GIB,
        ram_available=100 * GIB,
        cpu_count=32,
        kernel_release="6.18.4-arch1-1",
        problems=tuple(problems),
    )


def memory_problem(util: float = 0.78) -> Problem:
    """The failure users hit at vLLM's 0.92 default, with the fix the supervisor offers."""
    fix = Fix(
        kind=FixKind.SET_SETTING,
        target="models.gpu_memory_utilization",
        value=util,
        label_template=tr_noop("Set GPU memory utilization to {value}"),
    )
    return Problem(
        "load.gpu_memory",
        "Free memory on the GPU ({free} GiB) is less than the {wanted} GiB that "
        "gpu-memory-utilization {util} asks for. Lower it to {safe}.",
        {"free": "76.45", "wanted": "88.32", "util": "0.92", "safe": util},
        fix=fix,
    )


def done(value: Any = None) -> Future[Any]:
    future: Future[Any] = Future()
    future.set_result(value)
    return future


def failed(error: BaseException) -> Future[Any]:
    future: Future[Any] = Future()
    future.set_exception(error)
    return future


@dataclasses.dataclass(frozen=True)
class ServiceSet:
    """Every service as an object at hand (implements app.runtime.api.services.ServiceSource)."""

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


class FakeFacade:
    """Implements app.runtime.api.services.Facade over fake services with in-memory state.

    `submit` and `call` run the given function of the services at once and hand its result
    back as a finished future. Services are the fakes of tests/gui/fake_services.py unless a
    test gives its own (`cluster=FakeCluster`, …: a class or function of this facade).
    Calls are recorded in `calls` as (`area.method`, args); tests then publish the events
    the engine would (`publish`, or `publish_from_thread` to cross threads as the engine
    does). `fail_next[name] = problem` makes the next call of that method raise it. A name
    in `hold` makes its calls return futures that stay pending in `held[name]` until the
    test completes them (as a slow keyring or engine would).
    """

    shape = SHAPE

    def __init__(
        self,
        rows: Iterable[ModelRow] | None = None,
        system: SystemInfo | None = None,
        *,
        remotes: Callable[[FakeFacade], RemotesApi] = IdleRemotes,
        cluster: Callable[[FakeFacade], ClusterApi] = IdleCluster,
        batch: Callable[[FakeFacade], BatchApi] = IdleBatch,
        bench: Callable[[FakeFacade], BenchApi] = IdleBench,
        tune: Callable[[FakeFacade], TuneApi] = IdleTune,
    ) -> None:
        self._bus = EventBus()
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.rows: dict[str, ModelRow] = {r.id: r for r in (rows or default_rows())}
        self.options: dict[str, str] = {}
        # A model's GPU options as stored: (tensor_parallel_size, pipeline_parallel_size, gpus).
        self.gpu_options: dict[str, tuple[int | None, int | None, tuple[int, ...] | None]] = {}
        self.own_ctx: set[str] = set()  # models with a ctx_size of their own
        self.model_max_ctx: dict[str, int] = {}  # a model's own limit (max_position_embeddings)
        self.settings: dict[str, Any] = {s.key: s.default for s in SPECS}
        self.secrets: dict[str, str] = {}
        self.secrets_kept_in = "keyring:SecretService.Keyring"  # or "file" (no keyring)
        self.hub_user = "test-user"  # whom a checked Hugging Face token belongs to
        self.ports_in_use: set[int] = set()  # held by "another program"
        self.logs: dict[str, list[str]] = {}
        self.system = system or system_with(strix_halo())
        self.engine = EngineView(
            kind=EngineKind.ROCM,
            selected="auto",
            installed=True,
            version="vllm0.20.1-rocm7.12.0-gfx1151",
            location="~/.cache/vllm-tray/engines/rocm",
        )
        self.server = ServerView(running=True, url="http://127.0.0.1:8321/v1")
        self.gpu_history: list[GpuSampled] = []
        self.recommended = 0.78
        self.problems: tuple[Problem, ...] = ()
        self.fail_next: dict[str, Problem] = {}
        self.metrics_watched: list[bool] = []
        self.shut_down = False
        self.hold: set[str] = set()
        self.held: dict[str, list[tuple[Future[Any], Any]]] = {}
        self.custom_engine_problem: Problem | None = None  # use_custom refuses with it
        # What `lemonade.plan` answers: by default no Lemonade on this machine.
        self.lemonade: ImportPlan = ImportPlan(Path("/home/me/.config/lemonade"), found=False)
        self._holding: str | None = None
        self.services = Services.over(
            ServiceSet(
                models=FakeModels(self),
                config=FakeConfig(self),
                engines=FakeEngines(self),
                remotes=remotes(self),
                cluster=cluster(self),
                batch=batch(self),
                bench=bench(self),
                tune=tune(self),
                load_bench=IdleLoadBench(self),
                prewarm=FakePrewarm(self),
                power=FakePower(self),
                search=IdleSearch(self),
                chat=IdleChat(self),
                lemonade=FakeLemonade(self),
                endpoint=FakeEndpoint(self),
                views=FakeViews(self),
            )
        )

    # -- the Facade -----------------------------------------------------------------------
    @property
    def bus(self) -> EventBus:
        return self._bus

    def submit(self, work: Callable[[Services], Awaitable[T]]) -> Future[T]:
        return self._answered(lambda: _complete(work(self.services)))

    def call(self, work: Callable[[Services], T]) -> Future[T]:
        return self._answered(lambda: work(self.services))

    def post(self, work: Callable[[Services], object]) -> None:
        work(self.services)

    def shutdown(self) -> None:
        self.shut_down = True

    def _answered(self, run: Callable[[], T]) -> Future[T]:
        self._holding = None
        try:
            value = run()
        except Exception as exc:
            return failed(exc)
        name = self._take_hold()
        if name is None:
            return done(value)
        future: Future[T] = Future()
        self.held.setdefault(name, []).append((future, value))
        return future

    def _take_hold(self) -> str | None:
        name, self._holding = self._holding, None
        return name

    # -- what the fake services share -----------------------------------------------------
    def note(self, name: str, args: tuple[Any, ...]) -> Problem | None:
        """Record a call; the failure scripted for it, if any (taken once)."""
        self.calls.append((name, args))
        return self.fail_next.pop(name, None)

    def maybe_hold(self, name: str) -> None:
        """The call under way is held: its future stays pending in `held[name]`."""
        if name in self.hold:
            self._holding = name

    def make_row(self, *args: Any, **kwargs: Any) -> ModelRow:
        return make_row(*args, **kwargs)

    def update(self, model_id: str, **changes: Any) -> None:
        self.rows[model_id] = dataclasses.replace(self.rows[model_id], **changes)

    # -- scripting ------------------------------------------------------------------------
    def publish(self, event: Event) -> None:
        """Update own state as the engine would, then publish on the bus."""
        self._apply(event)
        self._bus.publish(event)

    def publish_from_thread(self, *events: Event) -> None:
        """Publish from another thread, as the runtime thread does; returns when all are out."""

        def publish_all() -> None:
            for event in events:
                self.publish(event)

        thread = threading.Thread(target=publish_all)
        thread.start()
        thread.join()

    def _apply(self, ev: Event) -> None:  # noqa: C901 — one branch per event type, as the runtime folds them in
        if isinstance(ev, ProcessStateChanged) and ev.model_id in self.rows:
            changes: dict[str, Any] = {"process": ev.new, "problem": ev.problem}
            # As the supervisor does: a new attempt has no progress yet, a stop clears the
            # failure counts (a test sets the counts themselves on the row).
            if ev.new == ProcessState.STARTING:
                changes.update(progress=None, metrics=None, next_retry_at=None)
            elif ev.new == ProcessState.STOPPED:
                changes.update(
                    progress=None, metrics=None, failures=0, restarts=0, next_retry_at=None
                )
            self.update(ev.model_id, **changes)
        elif isinstance(ev, LoadProgressed) and ev.model_id in self.rows:
            self.update(ev.model_id, progress=ev)
        elif isinstance(ev, MetricsSampled) and ev.model_id in self.rows:
            self.update(ev.model_id, metrics=ev)
        elif isinstance(ev, DownloadProgressed) and ev.model_id in self.rows:
            view = DownloadView(
                ev.download_id, ev.model_id, DownloadStatus.RUNNING, ev.done, ev.total
            )
            # As the runtime does: a new attempt forgets the last download's failure.
            self.update(
                ev.model_id,
                download=view,
                file_state="partial",
                bytes_on_disk=ev.done,
                problem=None,
            )
        elif isinstance(ev, DownloadFinished) and ev.model_id in self.rows:
            complete = ev.status == DownloadStatus.COMPLETED
            row = self.rows[ev.model_id]
            self.update(
                ev.model_id,
                download=None,
                file_state="complete" if complete else "partial",
                problem=ev.problem,
                bytes_on_disk=int((row.size_gb or 1) * 1e9) if complete else row.bytes_on_disk,
            )
        elif isinstance(ev, LogLineEmitted):
            self.logs.setdefault(ev.model_id, []).append(ev.line)
        elif isinstance(ev, GpuSampled):
            self.gpu_history.append(ev)
        elif isinstance(ev, ServerStateChanged):
            self.server = ServerView(ev.running, ev.url, ev.problem)
        elif isinstance(ev, SettingChanged):
            self.settings[ev.key] = ev.value

    def release(self, name: str, value: Any = None, *, replace: bool = False) -> None:
        """Complete every held call of `name` with the value it would have had (or with
        `value`, given `replace`)."""
        for future, held in self.held.pop(name, []):
            future.set_result(value if replace else held)

    def called(self, name: str) -> list[tuple[Any, ...]]:
        return [args for n, args in self.calls if n == name]

    def snapshot_now(self) -> Snapshot:
        return Snapshot(
            models=tuple(self.rows.values()),
            system=self.system,
            engine=self.engine,
            server=self.server,
            settings=dict(self.settings),
            gpu_history=tuple(self.gpu_history),
            recommended_gpu_memory_utilization=self.recommended,
            problems=self.problems,
        )


def _complete(work: Awaitable[T]) -> T:
    """The result of a fake service's coroutine, which never waits (it has no loop to)."""
    steps = work.__await__()
    try:
        steps.send(None)
    except StopIteration as finished:
        return finished.value  # type: ignore[no-any-return]  # the awaitable's own T
    raise AssertionError("a fake service waited for something; fakes answer at once")


# ---- scripted scenes -------------------------------------------------------------------------


def load_events(model_id: str, shards: int = 8) -> list[Event]:
    """What a successful load publishes, phase by phase (as the log parser reports it)."""
    events: list[Event] = [
        ProcessStateChanged(model_id, ProcessState.STOPPED, ProcessState.STARTING, pid=4242),
        LoadProgressed(model_id, LoadPhase.SPAWNED, 0.05),
        LoadProgressed(model_id, LoadPhase.RESOLVING, 0.15),
    ]
    for k in range(1, shards + 1):
        fraction = 0.2 + 0.3 * k / shards
        events.append(
            LoadProgressed(
                model_id, LoadPhase.LOADING_WEIGHTS, fraction, k / shards, shard=(k, shards)
            )
        )
    events += [
        LoadProgressed(model_id, LoadPhase.COMPILING, 0.7),
        LoadProgressed(
            model_id, LoadPhase.KV_CACHE, 0.9, kv_cache_tokens=180_224, max_concurrency=22.0
        ),
        LoadProgressed(
            model_id, LoadPhase.READY, 1.0, kv_cache_tokens=180_224, max_concurrency=22.0
        ),
        ProcessStateChanged(
            model_id, ProcessState.STARTING, ProcessState.RUNNING, pid=4242, port=8001
        ),
    ]
    return events


def gpu_samples(n: int = 120, step_s: float = 5.0) -> list[GpuSampled]:
    """Ten minutes of readings: a model loads a third of the way in."""
    out = []
    for i in range(n):
        loaded = i > n // 3
        vram = (3 + (9 if loaded else 0) + (i % 7) * 0.1) * GIB
        gtt = (1 + (20 if loaded else 0) * min(1.0, max(0.0, (i - n / 3) / 10))) * GIB
        out.append(GpuSampled(int(vram), 64 * GIB, int(gtt), 62 * GIB, ts=T0 + i * step_s))
    return out
