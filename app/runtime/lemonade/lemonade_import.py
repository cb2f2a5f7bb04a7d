"""Importing a Lemonade user's vLLM setup: look first (a plan), then apply exactly that plan.

The reading and the comparison are pure (app.core.lemonade.lemonade,
app.core.lemonade.lemonade_plan); this
service gathers what is on disk here, and applies a plan the user confirmed: the ROCm bundle
adopted by links, Lemonade's Hugging Face files linked into this app's cache, then models,
options and settings written through the registry and the settings service. A plan is
applied only if looking again gives the same plan, so nothing unseen is written.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from app.core.events import EngineInstallProgressed, EventBus, RegistryChanged
from app.core.lemonade.lemonade import LemonadeSetup, lemonade_dirs, read_setup
from app.core.lemonade.lemonade_compare import plan_import, repositories
from app.core.lemonade.lemonade_files import link_snapshot, snapshot_for
from app.core.lemonade.lemonade_plan import (
    Change,
    ChangeKind,
    EngineFacts,
    FileFacts,
    HereNow,
    ImportPlan,
    ImportResult,
    Skipped,
)
from app.core.models.registry import ModelEntry, ModelOptions, Registry, parse_checkpoint
from app.core.paths import AppPaths
from app.core.problems.problems import ProblemError, problem
from app.core.settings.settings import Settings
from app.core.states import EngineKind
from app.downloads.cache_layout import CacheLayout
from app.downloads.status import check_folder, folder_bytes, model_status
from app.runtime.control.engine_choice import engine_root
from app.runtime.control.planning import Planner
from app.runtime.services.config import ConfigService
from app.supervisor.engines.base import write_version_file

DEFAULT_REVISION = "main"


class LemonadeImportService:
    """`plan()` reads Lemonade's files and compares; `apply(plan)` carries out that plan."""

    def __init__(
        self,
        *,
        paths: AppPaths,
        bus: EventBus,
        registry: Registry,
        settings: Settings,
        config: ConfigService,
        planner: Planner,
        hf_cache: Path,
        env: Mapping[str, str] | None = None,
        home: Path | None = None,
    ) -> None:
        self._paths = paths
        self._bus = bus
        self._registry = registry
        self._settings = settings
        self._config = config
        self._planner = planner
        self._hf_cache = Path(hf_cache)
        self._env = env
        self._home = home

    async def plan(self, source: Path | None = None, cache: Path | None = None) -> ImportPlan:
        """What importing would add or change; reads files in a worker thread."""
        return await self._checked(await asyncio.to_thread(self._plan, source, cache))

    async def _checked(self, plan: ImportPlan) -> ImportPlan:
        """`plan` with its settings put through the checks `config set` makes (the engine's
        --help, the rules between settings): one they refuse is left out and said here, so
        that applying the plan cannot fail half-way (issue 31 item 11)."""
        changes: list[Change] = []
        skipped = list(plan.skipped)
        for change in plan.changes:
            if change.kind is ChangeKind.SET_SETTING:
                try:
                    await self._config.check_settings({change.target: change.values["value"]})
                except ProblemError as exc:
                    skipped.append(Skipped(change.target, exc.problem))
                    continue
            changes.append(change)
        settings = [c for c in changes if c.kind is ChangeKind.SET_SETTING]
        try:  # and together: the rules between settings
            if settings:
                await self._config.check_settings({c.target: c.values["value"] for c in settings})
        except ProblemError as exc:
            changes = [c for c in changes if c not in settings]
            skipped += [Skipped(c.target, exc.problem) for c in settings]
        return replace(plan, changes=tuple(changes), skipped=tuple(skipped))

    async def apply(self, plan: ImportPlan) -> ImportResult:
        """Apply `plan` as shown, all of it or nothing. Refused (nothing written) when
        Lemonade's files or this app's changed since the plan was made, or when a change
        is no longer accepted: looking again runs every check before the first write."""
        fresh = await self.plan(plan.source, plan.cache)
        if fresh.changes != plan.changes:
            raise ProblemError(problem("lemonade.changed"))
        settings = {
            c.target: c.values["value"] for c in plan.changes if c.kind is ChangeKind.SET_SETTING
        }
        linked = 0
        for change in plan.changes:
            if change.kind is ChangeKind.USE_ENGINE:
                await asyncio.to_thread(
                    self._adopt_bundle, Path(change.values["bundle"]), change.values["tag"]
                )
                self._bus.publish(EngineInstallProgressed("rocm", "done", 1, 1, "", True))
            elif change.kind is ChangeKind.LINK_FILES:
                linked += await asyncio.to_thread(self._link, change)
        await asyncio.to_thread(self._write_models, plan.changes)
        if settings:
            await self._config.set_settings(settings)
        self._planner.forget_files()
        for model_id in _touched_models(plan.changes):
            self._bus.publish(RegistryChanged(model_id))
        return ImportResult(plan.changes, linked)

    # -- looking ------------------------------------------------------------------------
    def _plan(self, source: Path | None, cache: Path | None) -> ImportPlan:
        env = self._env if self._env is not None else os.environ
        home = self._home if self._home is not None else Path.home()
        dirs = lemonade_dirs(env, home, source, cache)
        setup = read_setup(dirs, env, home)
        models = self._registry.models()
        builtins = {e.name: e for e in models if e.source == "builtin"}
        now = HereNow(
            builtins=builtins,
            users={e.name: e for e in models if e.source == "user"},
            options={e.id: self._registry.options(e.id) for e in models},
            settings=self._settings.as_dict(),
            files=self._file_facts(setup, builtins) if setup.found else {},
            engine=self._engine_facts() if setup.bundle is not None else EngineFacts(False),
        )
        return replace(plan_import(setup, now), cache=dirs.cache_dir)

    def _file_facts(
        self, setup: LemonadeSetup, builtins: Mapping[str, ModelEntry]
    ) -> dict[str, FileFacts]:
        ours = self._hf_cache.resolve()
        elsewhere = [c for c in setup.hf_caches if c.resolve() != ours]
        facts: dict[str, FileFacts] = {}
        for repo in repositories(setup, builtins):
            entry = ModelEntry(repo, "user", parse_checkpoint(repo), None, ())
            here = model_status(entry, self._hf_cache)
            snapshot, partial = None, False
            for cache in elsewhere:
                found = snapshot_for(CacheLayout(cache, repo).storage, DEFAULT_REVISION)
                if found is not None and check_folder(found).ok:
                    snapshot = found
                    break
                partial = partial or CacheLayout(cache, repo).storage.is_dir()
            facts[repo] = FileFacts(
                complete_here=here.state == "complete",
                lemonade_snapshot=snapshot,
                lemonade_partial=partial,
                size=folder_bytes(snapshot) if snapshot is not None else 0,
            )
        return facts

    def _engine_facts(self) -> EngineFacts:
        gpu = self._planner.system_info().primary
        family = gpu.gfx_family if gpu is not None and gpu.vendor == "amd" else None
        root = engine_root(self._paths, EngineKind.ROCM)
        launcher_dir = root / "bin"
        adopted = launcher_dir.resolve().parent if launcher_dir.is_symlink() else None
        try:
            status = self._planner.engine(EngineKind.ROCM).status()
        except ProblemError:
            return EngineFacts(False, uses_bundle=adopted, gpu_family=family)
        return EngineFacts(status.installed, status.version, adopted, family)

    # -- applying -----------------------------------------------------------------------
    def _adopt_bundle(self, bundle: Path, tag: str) -> None:
        """Make Lemonade's bundle this app's ROCm engine: a folder of links to the bundle's
        top-level entries (the launcher finds its libraries whether it resolves its own path
        or not) plus this app's version file. Lemonade's folder is never written."""
        root = engine_root(self._paths, EngineKind.ROCM)
        staging = root.with_name(root.name + ".lemonade")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        for entry in sorted(bundle.iterdir()):
            (staging / entry.name).symlink_to(entry)
        write_version_file(staging, EngineKind.ROCM, tag)
        if root.exists():  # the plan found no working engine here: leftovers only
            old = root.with_name(root.name + ".old")
            shutil.rmtree(old, ignore_errors=True)
            root.rename(old)
            shutil.rmtree(old, ignore_errors=True)
        staging.rename(root)

    def _link(self, change: Change) -> int:
        dest = CacheLayout(self._hf_cache, change.target).storage
        result = link_snapshot(Path(change.values["snapshot"]), dest, DEFAULT_REVISION)
        return result.bytes

    def _write_models(self, changes: tuple[Change, ...]) -> None:
        for change in changes:
            if change.kind in (ChangeKind.ADD_MODEL, ChangeKind.REPLACE_MODEL):
                values = change.values
                if change.kind is ChangeKind.REPLACE_MODEL:
                    # The user confirmed this change of source in the plan: the explicit use
                    # case (issue 18 item 6); registering below then updates its labels.
                    self._registry.set_source(
                        change.target,
                        str(values["checkpoint"]),
                        size_gb=values["size_gb"],
                    )
                self._registry.add_user_model(
                    str(values["name"]),
                    str(values["checkpoint"]),
                    labels=list(values["labels"]),
                    size_gb=values["size_gb"],
                )
        for change in changes:
            if change.kind is ChangeKind.SET_OPTIONS:
                ctx: int | None = change.values["ctx_size"]
                args: str = change.values["vllm_args"]

                def edit(
                    current: ModelOptions, ctx: int | None = ctx, args: str = args
                ) -> ModelOptions:
                    return replace(current, ctx_size=ctx, vllm_args=args)

                self._registry.edit_options(change.target, edit)


def _touched_models(changes: tuple[Change, ...]) -> list[str]:
    """Model ids whose row the views must read again after `changes`."""
    out: list[str] = []
    for change in changes:
        if change.kind in (ChangeKind.ADD_MODEL, ChangeKind.REPLACE_MODEL, ChangeKind.SET_OPTIONS):
            out.append(change.target)
        elif change.kind is ChangeKind.LINK_FILES:
            out.extend(change.values["models"])
    return list(dict.fromkeys(out))
