"""A scripted stand-in for the engine facade: GUI tests and the screenshot script drive it."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from app.core.contracts import Backend, DownloadView
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
    RegistryChanged,
    ServerStateChanged,
    SettingChanged,
)
from app.core.gpu import GpuInfo, SystemInfo
from app.core.lemonade_plan import ImportPlan, ImportResult
from app.core.memory import (
    GIB,
    ModelShape,
    ctx_above_model_limit,
    plan_memory,
    utilization_budget_bytes,
)
from app.core.model_config import load_model_config, resolve_model_args
from app.core.parallel import GPUS_OPTION, RAM_DEVICE, TP_OPTION, gpu_device, place
from app.core.problems import Fix, Problem, ProblemError, tr_noop
from app.core.registry import ModelOptions, parse_checkpoint, validate_name
from app.core.setting_specs import check_together
from app.core.settings import SPECS, coerce
from app.core.states import LoadPhase, ProcessState
from app.core.vllm_args import settings_layer as make_settings_layer
from app.runtime.api import EngineView, ModelRow, ServerView, Snapshot
from app.runtime.planning import OptionsPreview

T0 = 1_790_000_000.0  # a fixed clock for scripted events
ENGINE_PREFIX = ("~/.cache/vllm-tray/engines/rocm/bin/vllm-server",)
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
    source: str = "builtin",
    file_state: str = "not_downloaded",
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
        kind="set_setting",
        target="gpu_memory_utilization",
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


class FakeFacade:
    """Implements app.runtime.api.Facade with in-memory state.

    Commands are recorded in `calls` and complete at once; tests then publish the events
    the engine would (`publish`, or `publish_from_thread` to cross threads as the engine
    does). `fail_next[name] = problem` makes the next call of that command raise it.
    A name in `hold` makes its calls return futures that stay pending in `held[name]`
    until the test completes them (as a slow keyring or engine would).
    """

    def __init__(
        self,
        rows: Iterable[ModelRow] | None = None,
        system: SystemInfo | None = None,
    ) -> None:
        self.bus = EventBus()
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.rows: dict[str, ModelRow] = {r.id: r for r in (rows or default_rows())}
        self.options: dict[str, str] = {}
        # A model's GPU options as stored: (tensor_parallel_size, pipeline_parallel_size, gpus).
        self.gpu_options: dict[str, tuple[int | None, int | None, tuple[int, ...] | None]] = {}
        self.own_ctx: set[str] = set()  # models with a ctx_size of their own
        self.model_max_ctx: dict[str, int] = {}  # a model's own limit (max_position_embeddings)
        self.settings: dict[str, Any] = {s.key: s.default for s in SPECS}
        self.secrets: dict[str, str] = {}
        self.logs: dict[str, list[str]] = {}
        self.system = system or system_with(strix_halo())
        self.engine = EngineView(
            kind="rocm",
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
        self.custom_engine_problem: Problem | None = None  # use_custom_engine refuses with it
        # What `lemonade_plan` answers: by default no Lemonade on this machine.
        self.lemonade: ImportPlan = ImportPlan(Path("/home/me/.config/lemonade"), found=False)

    # -- scripting ------------------------------------------------------------------------
    def publish(self, event: Event) -> None:
        """Update own state as the engine would, then publish on the bus."""
        self._apply(event)
        self.bus.publish(event)

    def publish_from_thread(self, *events: Event) -> None:
        """Publish from another thread, as the engine thread does; returns when all are out."""
        thread = threading.Thread(target=lambda: [self.publish(e) for e in events])
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
            self._update(ev.model_id, **changes)
        elif isinstance(ev, LoadProgressed) and ev.model_id in self.rows:
            self._update(ev.model_id, progress=ev)
        elif isinstance(ev, MetricsSampled) and ev.model_id in self.rows:
            self._update(ev.model_id, metrics=ev)
        elif isinstance(ev, DownloadProgressed) and ev.model_id in self.rows:
            view = DownloadView(ev.download_id, ev.model_id, "running", ev.done, ev.total)
            # As the runtime does: a new attempt forgets the last download's failure.
            self._update(
                ev.model_id,
                download=view,
                file_state="partial",
                bytes_on_disk=ev.done,
                problem=None,
            )
        elif isinstance(ev, DownloadFinished) and ev.model_id in self.rows:
            complete = ev.status == "completed"
            row = self.rows[ev.model_id]
            self._update(
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

    def _update(self, model_id: str, **changes: Any) -> None:
        self.rows[model_id] = dataclasses.replace(self.rows[model_id], **changes)

    def _record(self, name: str, *args: Any) -> Problem | None:
        self.calls.append((name, args))
        return self.fail_next.pop(name, None)

    def _answer(self, name: str, value: Any) -> Future[Any]:
        """A finished future, or a pending one kept in `held` when `name` is held."""
        if name in self.hold:
            future: Future[Any] = Future()
            self.held.setdefault(name, []).append((future, value))
            return future
        return done(value)

    def release(self, name: str) -> None:
        """Complete every held call of `name` with the value it would have had."""
        for future, value in self.held.pop(name, []):
            future.set_result(value)

    def called(self, name: str) -> list[tuple[Any, ...]]:
        return [args for n, args in self.calls if n == name]

    # -- reads ----------------------------------------------------------------------------
    def snapshot(self) -> Future[Snapshot]:
        self.calls.append(("snapshot", ()))
        return self._answer("snapshot", self.snapshot_now())

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

    def preview_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> Future[OptionsPreview]:
        self.calls.append(("preview_options", (model_id, ctx_size, vllm_args)))
        # As the planner: the fields not given keep what is stored.
        tp, pp, gpus = self.gpu_options.get(model_id, (None, None, None))
        own_ctx = self.rows[model_id].ctx_size if model_id in self.own_ctx else None
        options = ModelOptions(
            ctx_size if ctx_size is not None else own_ctx,
            vllm_args if vllm_args is not None else self.options.get(model_id, ""),
            tp,
            pp,
            gpus,
        )
        return self._answer("preview_options", self.preview_of(model_id, options))

    def preview_now(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> OptionsPreview:
        row = self.rows[model_id]
        ctx = ctx_size if ctx_size is not None else row.ctx_size
        args = vllm_args if vllm_args is not None else self.options.get(model_id, "")
        defaults = {"ctx_size": self.settings["ctx_size"], "vllm_args": ""}
        follows = ctx_size is None and model_id not in self.own_ctx
        try:
            resolved = resolve_model_args(
                load_model_config(),
                name=row.name,
                checkpoint=row.checkpoint,
                engine_args=("--enforce-eager",),
                settings=make_settings_layer(
                    self.settings["gpu_memory_utilization"], self.settings["max_num_seqs"]
                ),
                global_vllm_args=self.settings["vllm_args"],
                model_vllm_args=args,
            )
        except ProblemError as exc:
            return OptionsPreview(
                model_id, ctx, args, exc.problem, defaults=defaults, ctx_is_default=follows
            )
        above = ctx_above_model_limit(model_id, ctx, self.model_max_ctx.get(model_id))
        if above is not None:  # as the planner does: vLLM would refuse to load it
            return OptionsPreview(
                model_id, ctx, args, above, defaults=defaults, ctx_is_default=follows
            )
        command = (
            *ENGINE_PREFIX,
            "--model",
            f"~/.cache/huggingface/hub/models--{row.checkpoint.replace('/', '--')}",
            "--host",
            "127.0.0.1",
            "--port",
            "<port>",
            "--served-model-name",
            row.name,
            "--max-model-len",
            str(ctx),
            *resolved.args,
        )
        memory = None
        gpu = self.system.primary
        if row.downloaded and row.size_gb and gpu is not None and gpu.budget_total:
            budget = utilization_budget_bytes(
                gpu.budget_total, self.settings["gpu_memory_utilization"]
            )
            limit = self.model_max_ctx.get(model_id)
            shape = dataclasses.replace(SHAPE, model_max_ctx=limit) if limit else SHAPE
            memory = plan_memory(budget, int(row.size_gb * 1e9), shape, ctx)
        return OptionsPreview(
            model_id, ctx, args, None, command, resolved.layers, memory, defaults, follows
        )

    def preview_model_options(self, model_id: str, options: ModelOptions) -> Future[OptionsPreview]:
        self.calls.append(("preview_model_options", (model_id, options)))
        return self._answer("preview_model_options", self.preview_of(model_id, options))

    def preview_of(self, model_id: str, options: ModelOptions) -> OptionsPreview:
        """As the planner: the arguments, then the context size, then where the model runs
        (app.core.parallel.place on this fake's GPUs); a refusal names its field."""
        ctx = options.ctx_size if options.ctx_size is not None else self.settings["ctx_size"]
        preview = dataclasses.replace(
            self.preview_now(model_id, ctx, options.vllm_args),
            ctx_is_default=options.ctx_size is None,
            tensor_parallel_size=options.tensor_parallel_size,
            pipeline_parallel_size=options.pipeline_parallel_size,
            gpus=options.gpus,
        )
        if preview.problem is not None:
            ctx_codes = ("options.ctx_above_model_limit", "options.bad_ctx_size")
            field = "ctx_size" if preview.problem.code in ctx_codes else "vllm_args"
            return dataclasses.replace(preview, problem_field=field)
        try:
            placement = place(
                model_id,
                self.system.gpus,
                tensor_parallel_size=options.tensor_parallel_size,
                pipeline_parallel_size=options.pipeline_parallel_size,
                gpus=options.gpus,
            )
        except ProblemError as exc:
            field = {
                "options.too_many_gpus": TP_OPTION,
                "options.bad_parallel_size": str(exc.problem.params.get("name", TP_OPTION)),
            }.get(exc.problem.code, GPUS_OPTION)
            return dataclasses.replace(preview, problem=exc.problem, problem_field=field)
        util = self.settings["gpu_memory_utilization"]
        planned = {
            gpu_device(i): int((self.system.gpus[i].budget_total or 0) * util)
            for i in placement.gpus
        } or {RAM_DEVICE: int((self.rows[model_id].size_gb or 1) * 1e9)}
        return dataclasses.replace(preview, effective_gpus=placement.gpus, planned=planned)

    def log_tail(self, model_id: str, n: int = 400) -> Future[list[str]]:
        self.calls.append(("log_tail", (model_id, n)))
        return self._answer("log_tail", self.logs.get(model_id, [])[-n:])

    def log_path(self, model_id: str) -> str:
        return f"/tmp/vllm-tray-test/logs/{model_id}.log"

    def has_secret(self, name: str) -> Future[bool]:
        self.calls.append(("has_secret", (name,)))
        return self._answer("has_secret", name in self.secrets)

    # -- commands -------------------------------------------------------------------------
    def _fail_or(self, name: str, value: Any, *args: Any) -> Future[Any]:
        bad = self._record(name, *args)
        return failed(ProblemError(bad)) if bad is not None else done(value)

    def load(self, model_id: str) -> Future[Backend]:
        backend = Backend(
            model_id, model_id, "http://127.0.0.1:8001", 4242, (), 8192, ProcessState.RUNNING
        )
        return self._fail_or("load", backend, model_id)

    def unload(self, model_id: str) -> Future[None]:
        return self._fail_or("unload", None, model_id)

    def prewarm(self, model_id: str) -> Future[bool]:
        return self._fail_or("prewarm", True, model_id)

    def cancel_prewarm(self, model_id: str) -> Future[bool]:
        return self._fail_or("cancel_prewarm", True, model_id)

    def download(self, model_id: str) -> Future[str]:
        return self._fail_or("download", f"dl-{model_id}", model_id)

    def cancel_download(self, download_id: str) -> Future[bool]:
        return self._fail_or("cancel_download", True, download_id)

    def delete_files(self, model_id: str) -> Future[int]:
        return self._fail_or("delete_files", self.rows[model_id].bytes_on_disk, model_id)

    def add_user_model(
        self, name: str, checkpoint: str, labels: Sequence[str] = ()
    ) -> Future[ModelRow]:
        bad = self._record("add_user_model", name, checkpoint, tuple(labels))
        if bad is not None:
            return failed(ProblemError(bad))
        try:
            validate_name(name)
            local = parse_checkpoint(checkpoint).is_local
        except ProblemError as exc:
            return failed(exc)
        row = make_row(
            name,
            checkpoint,
            None,
            labels,
            source="user",
            file_state="local" if local else "not_downloaded",
        )
        self.rows[row.id] = row
        self.bus.publish(RegistryChanged(row.id))
        return done(row)

    def remove_user_model(self, model_id: str) -> Future[None]:
        bad = self._record("remove_user_model", model_id)
        if bad is not None:
            return failed(ProblemError(bad))
        self.rows.pop(model_id, None)
        self.bus.publish(RegistryChanged(model_id))
        return done(None)

    def set_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str, *, restart: bool = False
    ) -> Future[OptionsPreview]:
        bad = self._record("set_options", model_id, ctx_size, vllm_args, restart)
        if bad is not None:
            return failed(ProblemError(bad))
        preview = self.preview_now(model_id, ctx_size, vllm_args)
        if preview.problem is not None:
            return failed(ProblemError(preview.problem))
        self.options[model_id] = vllm_args
        if ctx_size is None:
            self.own_ctx.discard(model_id)
        else:
            self.own_ctx.add(model_id)
        ctx = ctx_size if ctx_size is not None else self.settings["ctx_size"]
        self._update(model_id, ctx_size=ctx)
        self.bus.publish(RegistryChanged(model_id))
        return done(preview)

    def set_model_options(
        self, model_id: str, options: ModelOptions, *, restart: bool = False
    ) -> Future[OptionsPreview]:
        bad = self._record("set_model_options", model_id, options, restart)
        if bad is not None:
            return failed(ProblemError(bad))
        preview = self.preview_of(model_id, options)
        if preview.problem is not None:
            return failed(ProblemError(preview.problem))
        self.options[model_id] = options.vllm_args
        self.gpu_options[model_id] = (
            options.tensor_parallel_size,
            options.pipeline_parallel_size,
            options.gpus,
        )
        if options.ctx_size is None:
            self.own_ctx.discard(model_id)
        else:
            self.own_ctx.add(model_id)
        self._update(model_id, ctx_size=preview.ctx_size)
        self.bus.publish(RegistryChanged(model_id))
        return done(preview)

    def reset_options(self, model_id: str) -> Future[None]:
        bad = self._record("reset_options", model_id)
        if bad is not None:
            return failed(ProblemError(bad))
        self.options.pop(model_id, None)
        return done(None)

    def lemonade_plan(self) -> Future[ImportPlan]:
        self._record("lemonade_plan")
        return self._answer("lemonade_plan", self.lemonade)

    def import_lemonade(self, plan: ImportPlan) -> Future[ImportResult]:
        bad = self._record("import_lemonade", plan)
        if bad is not None:
            return failed(ProblemError(bad))
        return self._answer("import_lemonade", ImportResult(plan.changes))

    def set_settings(self, changes: Mapping[str, object]) -> Future[dict[str, Any]]:
        bad = self._record("set_settings", dict(changes))
        if bad is not None:
            return failed(ProblemError(bad))
        try:
            coerced = {k: coerce(k, v) for k, v in changes.items()}
            check_together({**self.settings, **coerced})  # as the engine: the pair rules too
        except ProblemError as exc:
            return failed(exc)
        changed = {k: v for k, v in coerced.items() if self.settings.get(k) != v}
        for key, value in changed.items():
            self.publish(SettingChanged(key, value))
        return done(changed)

    def set_secret(self, name: str, value: str | None) -> Future[None]:
        bad = self._record("set_secret", name, value)
        if bad is not None:
            return failed(ProblemError(bad))
        if value is None:
            self.secrets.pop(name, None)
        else:
            self.secrets[name] = value
        return done(None)

    def apply_fix(self, model_id: str, fix: Fix, *, retry: bool = True) -> Future[None]:
        return self._fail_or("apply_fix", None, model_id, fix, retry)

    def reset_model(self, model_id: str) -> Future[None]:
        return self._fail_or("reset_model", None, model_id)

    def start_server(self) -> Future[ServerView]:
        self.server = ServerView(True, "http://127.0.0.1:8321/v1")
        return self._fail_or("start_server", self.server)

    def stop_server(self) -> Future[ServerView]:
        self.server = ServerView(False, None)
        return self._fail_or("stop_server", self.server)

    def install_engine(self, kind: str) -> Future[EngineView]:
        return self._fail_or("install_engine", self.engine, kind)

    def use_custom_engine(self, command: str) -> Future[EngineView]:
        bad = self._record("use_custom_engine", command) or self.custom_engine_problem
        if bad is not None:
            return failed(ProblemError(bad))
        self.engine = EngineView("custom", "custom", True, None, command)
        for key, value in (("engine.custom_command", command), ("engine.kind", "custom")):
            if self.settings.get(key) != value:
                self.publish(SettingChanged(key, value))
        return self._answer("use_custom_engine", self.engine)

    def watch_metrics(self, watching: bool) -> None:
        self.metrics_watched.append(watching)

    def shutdown(self) -> None:
        self.shut_down = True


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
