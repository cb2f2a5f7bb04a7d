"""The thread-safe facade the GUI uses: each read and each command runs on the runtime loop."""

from __future__ import annotations

from collections.abc import Coroutine, Mapping, Sequence
from concurrent.futures import Future
from typing import Any, TypeVar

from app.core.batch_jobs import BatchJobView
from app.core.cluster import ClusterConfig
from app.core.contracts import Backend
from app.core.lemonade_plan import ImportPlan, ImportResult
from app.core.load_bench import LoadBenchRecord
from app.core.problems import Fix, ProblemError, problem
from app.core.registry import ModelOptions
from app.core.remotes import RemoteView
from app.runtime.api import EngineView, ModelRow, ServerView, Snapshot
from app.runtime.cluster_views import ClusterReport, ClusterView
from app.runtime.planning import OptionsPreview
from app.runtime.services.bench import BenchOptions, BenchRecord
from app.runtime.services.load_bench import LoadBenchOptions
from app.runtime.services.models import OPTION_FIELDS
from app.runtime.services.tune import TuneOptions, TuneResult
from app.runtime.thread import RuntimeThread
from app.supervisor.engines.base import EngineKind

T = TypeVar("T")


class ThreadFacade:
    """Implements app.runtime.api.Facade over a RuntimeThread. No use case lives here: each
    method hands one call of app.runtime.services (or app.runtime.views) to the loop.

    Reads run there too and return futures: the views read caches the loop writes, and a
    secret may wait on a keyring unlock prompt; the GUI thread must do neither.
    """

    def __init__(self, thread: RuntimeThread) -> None:
        self._thread = thread
        self._rt = thread.runtime
        self.bus = self._rt.bus

    def _submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        return self._thread.submit(coro)

    # -- reads ---------------------------------------------------------------------------
    def snapshot(self) -> Future[Snapshot]:
        async def run() -> Snapshot:
            return self._rt.views.snapshot(self._rt.server_url, self._rt.problems)

        return self._submit(run())

    def row(self, model_id: str) -> Future[ModelRow]:
        async def run() -> ModelRow:
            return self._rt.views.row(model_id)

        return self._submit(run())

    def preview_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str | None
    ) -> Future[OptionsPreview]:
        async def run() -> OptionsPreview:
            return self._rt.models.preview_options(model_id, ctx_size, vllm_args)

        return self._submit(run())

    def preview_model_options(self, model_id: str, options: ModelOptions) -> Future[OptionsPreview]:
        """The effect of every option as a dialog holds them (the GPU options too)."""

        async def run() -> OptionsPreview:
            return self._rt.models.preview(model_id, options)

        return self._submit(run())

    def log_tail(self, model_id: str, n: int = 400) -> Future[list[str]]:
        async def run() -> list[str]:
            return self._rt.supervisor.log_tail(model_id, n)

        return self._submit(run())

    def log_path(self, model_id: str) -> str:
        return str(self._rt.paths.logs_dir / f"{model_id}.log")

    def has_secret(self, name: str) -> Future[bool]:
        return self._submit(self._rt.config.has_secret(name))

    # -- commands ------------------------------------------------------------------------
    def load(self, model_id: str) -> Future[Backend]:
        return self._submit(self._rt.models.load(model_id))

    def unload(self, model_id: str) -> Future[None]:
        return self._submit(self._rt.models.unload(model_id))

    def download(self, model_id: str) -> Future[str]:
        return self._submit(self._rt.models.pull(model_id))

    def cancel_download(self, download_id: str) -> Future[bool]:
        return self._submit(self._rt.models.cancel_download(download_id))

    def delete_files(self, model_id: str) -> Future[int]:
        return self._submit(self._rt.models.delete_files(model_id))

    def add_user_model(
        self, name: str, checkpoint: str, labels: Sequence[str] = ()
    ) -> Future[ModelRow]:
        async def run() -> ModelRow:
            entry = await self._rt.models.add_user_model(name, checkpoint, labels)
            return self._rt.views.row(entry.id)

        return self._submit(run())

    def remove_user_model(self, model_id: str) -> Future[None]:
        return self._submit(self._rt.models.remove_user_model(model_id))

    def set_options(
        self, model_id: str, ctx_size: int | None, vllm_args: str, *, restart: bool = False
    ) -> Future[OptionsPreview]:
        return self._submit(
            self._rt.models.set_options(
                model_id, ModelOptions(ctx_size=ctx_size, vllm_args=vllm_args), restart=restart
            )
        )

    def set_model_options(
        self, model_id: str, options: ModelOptions, *, restart: bool = False
    ) -> Future[OptionsPreview]:
        """Store every option (ctx_size, vllm_args and the GPU options) as given."""
        return self._submit(
            self._rt.models.set_options(model_id, options, fields=OPTION_FIELDS, restart=restart)
        )

    def reset_options(self, model_id: str) -> Future[None]:
        async def run() -> None:
            await self._rt.models.reset_options(model_id)

        return self._submit(run())

    def set_settings(self, changes: Mapping[str, object]) -> Future[dict[str, Any]]:
        async def run() -> dict[str, Any]:
            return dict(await self._rt.config.set_settings(changes))

        return self._submit(run())

    def set_secret(self, name: str, value: str | None) -> Future[None]:
        return self._submit(self._rt.config.set_secret(name, value))

    def lemonade_plan(self) -> Future[ImportPlan]:
        return self._submit(self._rt.lemonade.plan())

    def import_lemonade(self, plan: ImportPlan) -> Future[ImportResult]:
        return self._submit(self._rt.lemonade.apply(plan))

    def apply_fix(self, model_id: str, fix: Fix, *, retry: bool = True) -> Future[None]:
        return self._submit(self._rt.models.apply_fix(model_id, fix, retry=retry))

    def reset_model(self, model_id: str) -> Future[None]:
        return self._submit(self._rt.models.reset(model_id))

    def start_server(self) -> Future[ServerView]:
        async def run() -> ServerView:
            await self._rt.start_server()
            return self._rt.views.server(self._rt.server_url)

        return self._submit(run())

    def stop_server(self) -> Future[ServerView]:
        async def run() -> ServerView:
            await self._rt.stop_server()
            return self._rt.views.server(None)

        return self._submit(run())

    def install_engine(self, kind: str) -> Future[EngineView]:
        async def run() -> EngineView:
            await self._rt.engines.install(EngineKind(kind))
            return self._rt.views.engine()

        return self._submit(run())

    def use_custom_engine(self, command: str) -> Future[EngineView]:
        async def run() -> EngineView:
            await self._rt.engines.use_custom(command)
            return self._rt.views.engine()

        return self._submit(run())

    def watch_metrics(self, watching: bool) -> None:
        self._thread.call(self._rt.supervisor.watch_metrics, watching)

    def shutdown(self) -> None:
        self._thread.stop()

    # -- cluster: one model across machines (docs/multi-machine.md) ----------------------
    def cluster_view(self) -> Future[ClusterView]:
        async def run() -> ClusterView:
            return self._rt.cluster.view()

        return self._submit(run())

    def cluster_configure(
        self, config: ClusterConfig, *, renew_token: bool = False
    ) -> Future[ClusterView]:
        return self._submit(self._rt.cluster.configure(config, renew_token=renew_token))

    def cluster_check(self) -> Future[ClusterReport]:
        return self._submit(self._rt.cluster.check())

    def cluster_start(self) -> Future[ClusterView]:
        return self._submit(self._rt.cluster.start())

    def cluster_stop(self) -> Future[ClusterView]:
        return self._submit(self._rt.cluster.stop())

    # -- batch jobs (issue 12: /v1/batches jobs as the Batch page shows them) ----------------
    def batch_jobs(self) -> Future[list[BatchJobView]]:
        async def run() -> list[BatchJobView]:
            return self._rt.batch.views()

        return self._submit(run())

    def pause_batch(self, batch_id: str) -> Future[BatchJobView]:
        return self._submit(self._rt.batch.pause(batch_id))

    def resume_batch(self, batch_id: str) -> Future[BatchJobView]:
        return self._submit(self._rt.batch.resume(batch_id))

    def cancel_batch(self, batch_id: str) -> Future[BatchJobView]:
        async def run() -> BatchJobView:
            job = await self._rt.batch.cancel(batch_id)
            return self._rt.batch.view(job.id)

        return self._submit(run())

    # -- issue 12: benchmarks and the max-num-seqs tune (app.runtime.api.BenchFacade) -------
    def _endpoint(self) -> tuple[str, str | None]:
        url = self._rt.server_url
        if url is None:
            raise ProblemError(problem("bench.no_endpoint"))
        return url, self._rt.secrets.value("api_key")

    def run_bench(self, model_id: str, options: BenchOptions) -> Future[BenchRecord]:
        async def run() -> BenchRecord:
            url, key = self._endpoint()
            return await self._rt.bench.run(
                model_id,
                options,
                base_url=url,
                api_key=key,
                preload=self._rt.models.load,
                argv=("gui", "bench", model_id),
            )

        return self._submit(run())

    def cancel_bench(self, model_id: str) -> None:
        self._thread.call(self._rt.bench.cancel, model_id)

    def bench_history(self, model_id: str) -> Future[list[BenchRecord]]:
        return self._submit(self._rt.bench.load_history(model_id))

    def run_load_bench(self, model_id: str, options: LoadBenchOptions) -> Future[LoadBenchRecord]:
        async def run() -> LoadBenchRecord:
            url, key = self._endpoint()
            return await self._rt.load_bench.run(
                model_id, options, base_url=url, api_key=key, argv=("gui", "bench", "load")
            )

        return self._submit(run())

    def cancel_load_bench(self, model_id: str) -> None:
        self._thread.call(self._rt.load_bench.cancel, model_id)

    def load_bench_history(self, model_id: str) -> Future[list[LoadBenchRecord]]:
        return self._submit(self._rt.load_bench.load_history(model_id))

    def prewarm(self, model_id: str) -> Future[bool]:
        """Start and stop the model in the background to fill its compile caches."""

        async def run() -> bool:
            return self._rt.prewarm.prewarm(model_id)

        return self._submit(run())

    def cancel_prewarm(self, model_id: str) -> Future[bool]:
        return self._submit(self._rt.prewarm.cancel(model_id))

    def run_tune(self, model_id: str, options: TuneOptions) -> Future[TuneResult]:
        async def run() -> TuneResult:
            url, key = self._endpoint()
            return await self._rt.tune.run(
                model_id, options, base_url=url, api_key=key, argv=("gui", "tune", model_id)
            )

        return self._submit(run())

    def cancel_tune(self, model_id: str) -> None:
        self._thread.call(self._rt.tune.cancel, model_id)

    def apply_tune(self, model_id: str, value: int) -> Future[str]:
        return self._submit(self._rt.tune.apply(model_id, value))

    # -- remote vLLM servers behind the endpoint (docs/multi-machine.md) ----------------------
    # Changes arrive as app.core.events.RemotesChanged on `bus`.
    def remotes(self) -> Future[list[RemoteView]]:
        async def run() -> list[RemoteView]:
            return self._rt.remotes.views()

        return self._submit(run())

    def add_remote(
        self,
        name: str,
        url: str,
        *,
        api_key: str | None = None,
        api_key_env: str | None = None,
        force: bool = False,
    ) -> Future[RemoteView]:
        return self._submit(
            self._rt.remotes.add(name, url, api_key=api_key, api_key_env=api_key_env, force=force)
        )

    def remove_remote(self, name: str) -> Future[None]:
        return self._submit(self._rt.remotes.remove(name))

    def check_remote(self, name: str) -> Future[RemoteView]:
        return self._submit(self._rt.remotes.check(name))
