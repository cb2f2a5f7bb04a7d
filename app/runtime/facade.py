"""The thread-safe facade the GUI uses: every read and command runs on the engine loop."""

from __future__ import annotations

import asyncio
import shlex
from collections.abc import Coroutine, Mapping, Sequence
from concurrent.futures import Future
from typing import Any, TypeVar

from app.core.contracts import Backend
from app.core.events import RegistryChanged
from app.core.memory import recommended_gpu_memory_utilization
from app.core.problems import Fix, ProblemError, problem, tr_noop
from app.core.registry import ModelOptions
from app.core.states import FAILED, ProcessState
from app.core.vllm_args import format_command
from app.runtime.api import EngineView, ModelRow, OptionsPreview, ServerView, Snapshot
from app.runtime.thread import RuntimeThread
from app.supervisor.engines.base import EngineKind

T = TypeVar("T")


class ThreadFacade:
    """Implements app.runtime.api.Facade over a RuntimeThread.

    A thin shim: each method schedules one coroutine on the engine loop and returns its
    future. Reads run there too, because the caches they read are the engine thread's.
    """

    def __init__(self, thread: RuntimeThread) -> None:
        self._thread = thread
        self._rt = thread.runtime
        self.bus = self._rt.bus
        self._installing: set[str] = set()

    def _submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        return self._thread.submit(coro)

    # -- reads ---------------------------------------------------------------------------
    def snapshot(self) -> Future[Snapshot]:
        async def run() -> Snapshot:
            return self._snapshot()

        return self._submit(run())

    def _snapshot(self) -> Snapshot:
        rt = self._rt
        rows = tuple(self._row(entry.id) for entry in rt.registry.models())
        system = rt.system_info()
        gpu = system.primary
        recommended = None
        if gpu is not None and gpu.budget_total and gpu.budget_used is not None:
            recommended = recommended_gpu_memory_utilization(
                gpu.budget_total - gpu.budget_used, gpu.budget_total
            )
        proxy = rt.proxy
        return Snapshot(
            models=rows,
            system=system,
            engine=self._engine_view(),
            server=ServerView(
                running=proxy is not None,
                url=proxy.url if proxy else None,
                problem=None if proxy is not None else rt.server_problem,
            ),
            settings=rt.settings.as_dict(),
            gpu_history=tuple(rt.gpu_history),
            recommended_gpu_memory_utilization=recommended,
            problems=tuple(rt.problems),
        )

    def row(self, model_id: str) -> Future[ModelRow]:
        async def run() -> ModelRow:
            return self._row(model_id)

        return self._submit(run())

    def _row(self, model_id: str) -> ModelRow:
        rt = self._rt
        entry = rt.registry.get(model_id)
        files = rt.model_files(entry)
        info = rt.supervisor.info(entry.id)
        download = None
        for view in rt.downloads.views():
            if view.model_id == entry.id:
                download = view
        metrics = rt.metrics_for(entry.id)
        return ModelRow(
            id=entry.id,
            name=entry.name,
            source=entry.source,
            checkpoint=str(entry.checkpoint),
            size_gb=entry.size_gb,
            labels=entry.labels,
            experimental=entry.experimental,
            file_state=_file_state(entry.checkpoint.is_local, files.state),
            bytes_on_disk=files.bytes_on_disk,
            process=info.state if info is not None else ProcessState.STOPPED,
            ctx_size=rt.ctx_size(entry.id),
            download=download,
            progress=info.last_progress if info is not None else None,
            problem=(info.problem if info is not None else None)
            or files.problem
            or rt.download_problem(entry.id),
            metrics=metrics,
        )

    def _engine_view(self) -> EngineView:
        rt = self._rt
        selected = str(rt.settings.get("engine.kind"))
        try:
            engine = rt.engine()
        except ProblemError as exc:
            return EngineView(
                kind=selected,
                selected=selected,
                installed=False,
                version=None,
                location=None,
                problem=exc.problem,
            )
        status = engine.status()
        return EngineView(
            kind=engine.kind.value,
            selected=selected,
            installed=status.installed,
            version=status.version,
            location=str(status.location) if status.location else None,
            problem=status.problem,
            installing=engine.kind.value in self._installing,
        )

    def preview_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> Future[OptionsPreview]:
        async def run() -> OptionsPreview:
            return self._rt.preview_options(model_id, ctx_size, vllm_args)

        return self._submit(run())

    def command_line(self, model_id: str) -> Future[str]:
        async def run() -> str:
            return format_command(self._rt.preview_options(model_id, None, None).command)

        return self._submit(run())

    def log_tail(self, model_id: str, n: int = 400) -> Future[list[str]]:
        async def run() -> list[str]:
            return self._rt.supervisor.log_tail(model_id, n)

        return self._submit(run())

    def log_path(self, model_id: str) -> str:
        return str(self._rt.paths.logs_dir / f"{model_id}.log")

    def has_secret(self, name: str) -> Future[bool]:
        async def run() -> bool:
            # The first read of a secret asks the keyring (a D-Bus call that may wait for an
            # unlock prompt): in a worker thread, so neither loop waits for it.
            return bool(await asyncio.to_thread(self._rt.secret, name))

        return self._submit(run())

    # -- commands ------------------------------------------------------------------------
    def load(self, model_id: str) -> Future[Backend]:
        async def run() -> Backend:
            info = self._rt.supervisor.info(self._rt.registry.get(model_id).id)
            if info is not None and info.state in FAILED:
                # A user's explicit Load is the reset the supervisor waits for (FATAL), and
                # it tries now rather than after the backoff (BACKOFF, EXITED); requests
                # through the endpoint still do not retry a model given up on.
                await self._rt.supervisor.reset(info.model_id)
            return await self._rt.controller.load(model_id)

        return self._submit(run())

    def unload(self, model_id: str) -> Future[None]:
        return self._submit(self._rt.controller.unload(model_id))

    def download(self, model_id: str) -> Future[str]:
        return self._submit(self._rt.pull(model_id))

    def cancel_download(self, download_id: str) -> Future[bool]:
        return self._submit(self._rt.cancel(download_id))

    def delete_files(self, model_id: str) -> Future[int]:
        async def run() -> int:
            entry = self._rt.registry.get(model_id)
            info = self._rt.supervisor.info(entry.id)
            if info is not None and info.state is not ProcessState.STOPPED:
                await self._rt.supervisor.stop(entry.id)
            # Through the manager: it cancels a running download of the same repo first.
            freed = await self._rt.downloads.delete_files(entry)
            self.bus.publish(RegistryChanged(entry.id))
            return freed

        return self._submit(run())

    def add_user_model(
        self, name: str, checkpoint: str, labels: Sequence[str] = ()
    ) -> Future[ModelRow]:
        async def run() -> ModelRow:
            entry = self._rt.registry.add_user_model(name, checkpoint, labels=labels)
            self.bus.publish(RegistryChanged(entry.id))
            return self._row(entry.id)

        return self._submit(run())

    def remove_user_model(self, model_id: str) -> Future[None]:
        async def run() -> None:
            entry = self._rt.registry.get(model_id)
            await self._rt.supervisor.stop(entry.id)
            self._rt.registry.remove_user_model(entry.id)
            self.bus.publish(RegistryChanged(entry.id))

        return self._submit(run())

    def set_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str, *, restart: bool = False
    ) -> Future[OptionsPreview]:
        async def run() -> OptionsPreview:
            preview = self._rt.preview_options(model_id, ctx_size, vllm_args)
            if preview.problem is not None:
                raise ProblemError(preview.problem)
            self._rt.registry.set_options(
                model_id, ModelOptions(ctx_size=ctx_size, vllm_args=vllm_args)
            )
            self.bus.publish(RegistryChanged(preview.model_id))
            if restart:
                await self._restart(preview.model_id)
            return preview

        return self._submit(run())

    async def _restart(self, model_id: str) -> None:
        """Stop now, load in the background: the dialog closes at once and the row shows
        the load's progress (or its failure) as it happens."""
        info = self._rt.supervisor.info(model_id)
        if info is not None and info.state is not ProcessState.STOPPED:
            await self._rt.supervisor.stop(model_id)
            task = asyncio.get_running_loop().create_task(self._rt.controller.load(model_id))
            # Its outcome reaches the GUI as events; retrieve it so none is reported lost.
            task.add_done_callback(lambda t: None if t.cancelled() else t.exception())

    def reset_options(self, model_id: str) -> Future[None]:
        async def run() -> None:
            self._rt.registry.set_options(model_id, ModelOptions())
            self.bus.publish(RegistryChanged(self._rt.registry.get(model_id).id))

        return self._submit(run())

    def set_settings(self, changes: Mapping[str, object]) -> Future[dict[str, Any]]:
        async def run() -> dict[str, Any]:
            return dict(self._rt.settings.set_many(changes))

        return self._submit(run())

    def set_secret(self, name: str, value: str | None) -> Future[None]:
        return self._submit(self._rt.set_secret(name, value))

    def apply_fix(self, model_id: str, fix: Fix, *, retry: bool = True) -> Future[None]:
        async def run() -> None:
            await apply_fix(self._rt, model_id, fix)
            if retry:
                await self._rt.controller.load(model_id)

        return self._submit(run())

    def reset_model(self, model_id: str) -> Future[None]:
        return self._submit(self._rt.supervisor.reset(model_id))

    def start_server(self) -> Future[ServerView]:
        async def run() -> ServerView:
            await self._rt.start_server()
            proxy = self._rt.proxy
            return ServerView(running=proxy is not None, url=proxy.url if proxy else None)

        return self._submit(run())

    def stop_server(self) -> Future[ServerView]:
        async def run() -> ServerView:
            await self._rt.stop_server()
            return ServerView(running=False, url=None)

        return self._submit(run())

    def install_engine(self, kind: str) -> Future[EngineView]:
        async def run() -> EngineView:
            from app.runtime.install import install_engine

            self._installing.add(kind)
            try:
                await install_engine(self._rt, EngineKind(kind))
            finally:
                self._installing.discard(kind)
            return self._engine_view()

        return self._submit(run())

    def use_custom_engine(self, command: str) -> Future[EngineView]:
        async def run() -> EngineView:
            await use_custom_engine(self._rt, command)
            return self._engine_view()

        return self._submit(run())

    def watch_metrics(self, watching: bool) -> None:
        self._thread.call(self._rt.supervisor.watch_metrics, watching)

    def shutdown(self) -> None:
        self._thread.stop()


def _file_state(is_local: bool, state: str) -> str:
    """Local folders are used in place: "local" when usable, "local_invalid" otherwise."""
    if not is_local:
        return state
    return "local" if state == "complete" else "local_invalid"


async def apply_fix(rt: Any, model_id: str, fix: Fix) -> None:
    """Carry out a Fix the supervisor offered (shared by the GUI and the CLI)."""
    if fix.kind == "set_setting":
        rt.settings.set(fix.target, fix.value)
    elif fix.kind == "set_model_option":
        if fix.target == "ctx_size":
            rt.registry.update_options(model_id, ctx_size=int(fix.value))
        elif fix.target == "vllm_args":
            rt.registry.update_options(model_id, vllm_args=str(fix.value))
        rt.bus.publish(RegistryChanged(model_id))
    elif fix.kind == "reset_model":
        await rt.supervisor.reset(model_id)
    elif fix.kind == "install_engine":
        from app.runtime.install import install_engine

        await install_engine(rt, EngineKind(str(fix.value or fix.target)))
    info = rt.supervisor.info(model_id)
    if info is not None and info.state in (ProcessState.FATAL, ProcessState.BACKOFF):
        await rt.supervisor.reset(model_id)


async def use_custom_engine(rt: Any, command: str) -> None:
    """Check a custom engine command as `vllm-tray engine use` does, then select it.

    Validate, then persist: nothing is written when the command is refused.
    """
    from app.supervisor.engines.custom import CustomEngine

    try:
        prefix = shlex.split(command)
    except ValueError:
        raise ProblemError(
            problem(
                "engine.custom_unparsable",
                tr_noop("The command “{command}” has a quote that is not closed."),
                command=command,
            )
        ) from None
    await CustomEngine.validate(prefix)
    rt.settings.set_many({"engine.custom_command": shlex.join(prefix), "engine.kind": "custom"})
