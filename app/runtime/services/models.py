"""Model use cases: load, unload, options, files, user models, fixes, downloads."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Collection, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from app.core.contracts import Backend, DownloadView
from app.core.events import EventBus, RegistryChanged
from app.core.models.registry import (
    OPTION_FIELDS,
    ModelEntry,
    ModelOptions,
    Registry,
    parse_checkpoint,
    user_model_id,
)
from app.core.models.vllm_args import MODEL_SOURCE, split_args
from app.core.problems.problems import Fix, FixKind, Problem, ProblemError
from app.core.settings.settings import Settings
from app.core.states import FAILED, USABLE_FILES, EngineKind, ProcessState
from app.downloads.manager import DownloadManager
from app.downloads.status import validate_local_folder
from app.runtime.api.snapshot import OptionsPreview
from app.runtime.control.controller import Controller
from app.runtime.control.planning import Planner, bad_ctx_size
from app.runtime.control.planning.rules import not_downloaded
from app.runtime.services.engines import EngineService
from app.supervisor import Supervisor

# bad_ctx_size: the one sentence for a ctx_size that is no number (`vllm-tray options`).
__all__ = ["DEFAULT_FIELDS", "ModelService", "bad_ctx_size"]

log = logging.getLogger(__name__)

# What a change names when its caller does not say: the fields callers that predate the GPU
# options hold (the dialog's ctx_size and vllm_args), so that they never reset the others.
DEFAULT_FIELDS = frozenset({"ctx_size", "vllm_args"})


class ModelService:
    """Each model use case once; the facade (GUI), the CLI and the HTTP API call these.

    Runs on the runtime loop. A change that can be refused is validated before anything is
    written, and files are written in a worker thread (an fsync must not stall the loop).
    """

    def __init__(
        self,
        *,
        bus: EventBus,
        settings: Settings,
        registry: Registry,
        planner: Planner,
        controller: Controller,
        supervisor: Supervisor,
        downloads: DownloadManager,
        engines: EngineService,
        logs_dir: Path,
    ) -> None:
        self._bus = bus
        self._settings = settings
        self._registry = registry
        self._planner = planner
        self._controller = controller
        self._supervisor = supervisor
        self._downloads = downloads
        self._engines = engines
        self._logs_dir = logs_dir
        self._background: set[asyncio.Task[Backend]] = set()

    # -- running ----------------------------------------------------------------------
    async def load(self, model_id: str) -> Backend:
        """A user's explicit Load: it also clears a model the app gave up on, so that a
        given-up model can always be tried again (requests alone never retry it)."""
        entry = self._registry.get(model_id)
        return await self._controller.load(entry.id, retry_failed=True)

    async def unload(self, model_id: str) -> None:
        """Stop the model; a given-up or crashed one is cleared back to stopped."""
        entry = self._registry.get(model_id)
        await self._supervisor.stop(entry.id)
        await self._reset_if_failed(entry.id)

    async def reset(self, model_id: str) -> None:
        await self._supervisor.reset(self._registry.get(model_id).id)

    def use(self, model_id: str) -> AbstractAsyncContextManager[Backend]:
        """A request's use of a model: loaded on demand (swapping others out if needed) and
        kept from being swapped out until the context ends."""
        return self._controller.use(model_id)

    def backends(self) -> Sequence[Backend]:
        return self._controller.backends()

    def usage(self) -> Mapping[str, Mapping[str, Any]]:
        """Requests in flight and idle time per model."""
        return self._controller.usage()

    def load_in_background(self, model_id: str) -> None:
        """Start a load whose outcome reaches the views as events (the caller does not wait)."""
        task = asyncio.get_running_loop().create_task(self._controller.load(model_id))
        self._background.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[Backend]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # Already shown as the model's state and problem; here only for the log.
            log.info("background load failed: %s", task.exception())

    async def _reset_if_failed(self, model_id: str) -> None:
        info = self._supervisor.info(model_id)
        if info is not None and info.state in FAILED:
            await self._supervisor.reset(model_id)

    # -- options ------------------------------------------------------------------------
    def entry(self, model_id: str) -> ModelEntry:
        """The registered model (ProblemError `models.unknown` when there is none)."""
        return self._registry.get(model_id)

    def check_downloaded(self, model_id: str) -> ModelEntry:
        """The registered model, if its files are there to load: `models.unknown` or
        `models.not_downloaded` otherwise, the sentences a load would end with."""
        entry = self._registry.get(model_id)
        files = self._planner.model_files(entry)
        if files.path is None or files.state not in USABLE_FILES:
            raise not_downloaded(entry)
        return entry

    def options(self, model_id: str) -> ModelOptions:
        """The model's options as stored."""
        return self._registry.options(self._registry.get(model_id).id)

    def preview_stored(self, model_id: str) -> OptionsPreview:
        """The effect of the options as stored."""
        preview = self._planner.preview_options(model_id, None, None)
        return self._with_running_command(preview)

    def preview(self, model_id: str, options: ModelOptions) -> OptionsPreview:
        """The effect of exactly these options (all fields, as a dialog holds them), nothing
        saved; a rejected input comes back as `problem` with `problem_field`."""
        entry = self._registry.get(model_id)
        # Fields this app does not know stay as stored: a dialog does not hold them.
        stored = self._registry.options(entry.id)
        preview = self._planner.preview(entry.id, dataclasses.replace(options, extra=stored.extra))
        return self._with_running_command(preview)

    def _with_running_command(self, preview: OptionsPreview) -> OptionsPreview:
        """What the model runs with now beside what it would: a dialog says which it shows."""
        running = self._controller.running_command(preview.model_id)
        return dataclasses.replace(preview, running_command=running)

    async def set_options(
        self,
        model_id: str,
        options: ModelOptions,
        *,
        fields: Collection[str] = DEFAULT_FIELDS,
        restart: bool = False,
    ) -> OptionsPreview:
        """Store the `fields` of `options` (the others keep what is stored), after checking
        the result; a given-up model gets a fresh chance. `fields` defaults to ctx_size and
        vllm_args; a caller holding every option (the GPU ones too) passes OPTION_FIELDS.

        `options.ctx_size` None means "follow the global default". With `restart`, a running
        model is stopped now and loaded again in the background. The write is one locked
        read-modify-write of recipe_options.json, so another process's change to a field
        not in `fields` is kept.
        """
        entry = self._registry.get(model_id)

        unknown = set(fields) - OPTION_FIELDS
        if unknown:
            raise ValueError(f"not option fields: {sorted(unknown)}")

        def merged(current: ModelOptions) -> ModelOptions:
            # Field by field: those named come from `options`, the others (and every field
            # this app does not know, `extra`) stay as stored now.
            changes = {name: getattr(options, name) for name in fields}
            return dataclasses.replace(current, **changes)

        before = self._registry.options(entry.id)
        preview = self._planner.preview(entry.id, merged(before))
        if preview.problem is not None:
            raise ProblemError(preview.problem)
        if "vllm_args" in fields and options.vllm_args != before.vllm_args:
            found = await self.unknown_flag(options.vllm_args)
            if found is not None:
                raise ProblemError(found)
        stored = await asyncio.to_thread(self._registry.edit_options, entry.id, merged)
        if stored != before:
            self._bus.publish(RegistryChanged(entry.id))
        await self._reset_if_failed(entry.id)
        if restart:
            await self._restart(entry.id)
        if self._planner.memory.latest is None:
            # A command's runtime has no memory watch: read the machine once, so that the
            # verdict is "fits now" as in the window, not the budget's alone (issue 32 item 16).
            await asyncio.to_thread(self._planner.memory.read)
        return self._planner.preview(entry.id, stored)

    async def unknown_flag(self, vllm_args: str) -> Problem | None:
        """The first flag of a model's `vllm_args` the engine in use does not take (checked
        against its own --help), or None; text that does not split is the preview's to say."""
        try:
            args = split_args(vllm_args, source=MODEL_SOURCE)
        except ProblemError:
            return None
        return await self._engines.unknown_flag(args, MODEL_SOURCE)

    async def update_options(
        self,
        model_id: str,
        *,
        ctx_size: int | None = None,
        vllm_args: str | None = None,
        restart: bool = False,
    ) -> OptionsPreview:
        """Change only the fields given (None: keep what is stored)."""
        fields = {
            name
            for name, value in (("ctx_size", ctx_size), ("vllm_args", vllm_args))
            if value is not None
        }
        return await self.set_options(
            model_id,
            ModelOptions(ctx_size=ctx_size, vllm_args=vllm_args or ""),
            fields=fields,
            restart=restart,
        )

    async def reset_options(self, model_id: str) -> OptionsPreview:
        return await self.set_options(model_id, ModelOptions(), fields=OPTION_FIELDS)

    async def _restart(self, model_id: str) -> None:
        """Stop now, load in the background: the dialog closes at once and the row shows
        the load's progress (or its failure) as it happens."""
        info = self._supervisor.info(model_id)
        if info is not None and info.state is not ProcessState.STOPPED:
            await self._supervisor.stop(model_id)
            self.load_in_background(model_id)

    # -- fixes ------------------------------------------------------------------------------
    async def apply_fix(self, model_id: str, fix: Fix, *, retry: bool = False) -> None:
        """Carry out a Fix the supervisor offered; with `retry`, load the model again."""
        entry = self._registry.get(model_id)
        if fix.kind == FixKind.SET_SETTING:
            await asyncio.to_thread(self._settings.set, fix.target, fix.value)
        elif fix.kind == FixKind.SET_MODEL_OPTION:
            if fix.target == "ctx_size":
                await self.update_options(entry.id, ctx_size=int(fix.value))
            elif fix.target == "vllm_args":
                await self.update_options(entry.id, vllm_args=str(fix.value))
        elif fix.kind == FixKind.INSTALL_ENGINE:
            await self._engines.install(EngineKind(str(fix.value or fix.target)))
        await self._reset_if_failed(entry.id)
        if retry:
            await self._controller.load(entry.id)

    # -- files and the model list ----------------------------------------------------------
    async def delete(self, model_id: str) -> int:
        """The window's Delete and `vllm-tray rm`: the model stops, its download is cancelled,
        its downloaded files go, and a model of your own leaves the list (a folder of yours is
        never deleted, only no longer listed); the bytes freed.

        A model of your own whose files another model uses (`ModelRow.shares_files_with`)
        leaves them to it: taking a name off the list must not take another model's download
        (issue 32 item 3). A built-in model's files go even when shared: the window's question
        and `rm` name the other models first.
        """
        entry = self._registry.get(model_id)
        info = self._supervisor.info(entry.id)
        if info is not None and info.state is not ProcessState.STOPPED:
            await self._supervisor.stop(entry.id)
        own = entry.source == "user"
        keep = entry.checkpoint.is_local or (own and bool(self._registry.sharing(entry.id)))
        # Through the manager: it cancels a running download of the same repo first.
        freed = 0 if keep else await self._downloads.delete_files(entry)
        if own:
            await asyncio.to_thread(self._registry.remove_user_model, entry.id)
        self._bus.publish(RegistryChanged(entry.id))
        return freed

    async def add_user_model(
        self, name: str, checkpoint: str, labels: Sequence[str] = ()
    ) -> ModelEntry:
        """Register user.NAME from a repository or a folder (checked before anything is
        written). Never changes an existing model's source (`models.exists` says how to):
        that is `change_source`, which the endpoint offers only with its key."""
        entry = await asyncio.to_thread(self._register, name, checkpoint, labels)
        self._bus.publish(RegistryChanged(entry.id))
        return entry

    def _register(self, name: str, checkpoint: str, labels: Sequence[str]) -> ModelEntry:
        _check_folder(checkpoint)
        return self._registry.add_user_model(name, checkpoint, labels=labels)

    async def change_source(self, model_id: str, checkpoint: str) -> ModelEntry:
        """The explicit use case: user model `model_id` takes its files from `checkpoint`
        from now on (its name, labels and options stay). It is stopped first: what runs must
        be what the list says."""
        entry = self._registry.get(model_id)
        await asyncio.to_thread(_check_folder, checkpoint)
        if entry.source == "user":
            await self._supervisor.stop(entry.id)
        changed = await asyncio.to_thread(self._registry.set_source, entry.id, checkpoint)
        self._bus.publish(RegistryChanged(changed.id))
        return changed

    # -- downloads --------------------------------------------------------------------------
    async def pull(
        self,
        model_id: str,
        checkpoint: str | None = None,
        *,
        labels: Sequence[str] = (),
        change_source: bool = False,
    ) -> str:
        """Download a model's files; with `checkpoint`, register user.NAME first (or, with
        `change_source`, take an existing one's files from there). A registration or change
        whose download cannot even start is undone, so a typo leaves nothing behind."""
        previous = None if checkpoint is None else self._registry.find(user_model_id(model_id))
        if checkpoint is None:
            entry = self._registry.get(model_id)
        elif change_source and previous is not None:
            entry = await self.change_source(previous.id, checkpoint)
        else:
            entry = await self.add_user_model(model_id, checkpoint, labels)
        try:
            # A folder is used in place: its "download" checks it and completes at once.
            return await self._downloads.start(entry)
        except ProblemError:
            if checkpoint is not None and entry != previous:
                await asyncio.to_thread(self._undo_registration, entry, previous)
                self._bus.publish(RegistryChanged(entry.id))
            raise

    def _undo_registration(self, entry: ModelEntry, previous: ModelEntry | None) -> None:
        if previous is None:
            self._registry.remove_user_model(entry.id)
        elif previous.checkpoint != entry.checkpoint:
            self._registry.set_source(
                previous.id, str(previous.checkpoint), size_gb=previous.size_gb
            )

    async def cancel_download(self, download_id: str) -> bool:
        return await self._downloads.cancel(download_id)

    def downloads(self) -> Sequence[DownloadView]:
        return self._downloads.views()

    # -- what a model's child says ----------------------------------------------------------
    def log_tail(self, model_id: str, n: int = 400) -> list[str]:
        """The last `n` lines the model's vLLM printed (this run of the app)."""
        return self._supervisor.log_tail(model_id, n)

    def log_path(self, model_id: str) -> str:
        """The model's log file (whether or not it exists yet)."""
        return str(self._logs_dir / f"{model_id}.log")

    def watch_metrics(self, watching: bool) -> None:
        """One view starts (True) or stops (False) showing metrics: scraped while watched."""
        self._supervisor.watch_metrics(watching)


def _check_folder(checkpoint: str) -> None:
    """A local folder must hold a usable model before it is registered (a repository is
    checked by its download)."""
    source = parse_checkpoint(checkpoint)
    if source.local_path is not None:
        validate_local_folder(source.local_path)
