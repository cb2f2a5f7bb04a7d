"""Finding a model on Hugging Face: search, what each result needs on this machine, add it.

The GUI's Add model dialog and `vllm-tray search` call this one service. A search is one
request; the details of a result (its file sizes and config.json, hence format, architecture,
context and fit) cost two more each, so they are fetched only when asked for, a few at a time,
and kept for a while: a list that is scrolled or typed into again asks the hub nothing new.
Every hub call is async and bounded in time; the runtime loop never waits on the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterable

from app.core.memory.fit import (
    ArchSupport,
    WeightFormat,
    architecture_of,
    estimate_fit,
    has_custom_code,
    quantization_of,
    vllm_architectures,
)
from app.core.models.registry import ModelEntry, ModelOptions, Registry, parse_checkpoint
from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.search.hub_search import SearchQuery
from app.core.settings.settings import Settings
from app.core.untrusted import one_line
from app.downloads.hub import HubToken
from app.downloads.search.search import (
    RepoFacts,
    check_query,
    check_repo_id,
    repo_facts,
    search_models,
    search_problem,
)
from app.downloads.search.search_answer import MAX_TEXT
from app.runtime.api.values import AddedModel, ModelDetails, SearchResult, SearchResults
from app.runtime.control.planning import Planner
from app.runtime.control.planning.rules import effective_ctx_size, memory_budget_bytes, resolve_args
from app.runtime.services.models import ModelService

# Details fetched at once (two hub requests each): enough to fill a screen of results
# quickly, few enough not to look like a crawler to the hub.
DETAILS_AT_ONCE = 4
# How long a repository's file list and config are trusted (a repo rarely changes within
# a session; a new search after this asks again).
DETAILS_TTL_S = 600.0

TokenProvider = Callable[[], str | None]


class SearchService:
    """Runs on the runtime loop; see the module docstring."""

    def __init__(
        self,
        *,
        settings: Settings,
        registry: Registry,
        planner: Planner,
        models: ModelService,
        token_provider: TokenProvider,
        endpoint: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._settings = settings
        self._registry = registry
        self._planner = planner
        self._models = models
        self._token_provider = token_provider
        self._endpoint = endpoint
        self._clock = clock
        self._slots = asyncio.Semaphore(DETAILS_AT_ONCE)
        # repo id -> (when fetched, the fetch). Concurrent asks for one repo share the task.
        self._facts: dict[str, tuple[float, asyncio.Task[RepoFacts]]] = {}

    # -- search -----------------------------------------------------------------------------
    async def search(self, query: SearchQuery) -> SearchResults:
        """The hub's results for `query` (at most `query.limit`), with the details already
        known, and how many it sent that could not be read. Raises ProblemError
        `search.unavailable` / `search.offline` when the hub cannot answer,
        `search.unreadable` when its answer is not a list of models, and
        `search.bad_author` / `search.refused` for a search the hub cannot run."""
        check_query(query)
        token = await self._token()
        try:
            found = await search_models(query, token=token, endpoint=self._endpoint)
        except ProblemError:
            raise
        except Exception as exc:
            raise ProblemError(search_problem(exc, endpoint=self._endpoint)) from None
        results = []
        for model in found.models:
            cached = self._cached(model.repo_id)
            results.append(
                SearchResult(
                    model,
                    registered_as=self.registered_as(model.repo_id),
                    details=self._details(cached) if cached is not None else None,
                )
            )
        return SearchResults(results, skipped=found.skipped)

    # -- details ---------------------------------------------------------------------------
    async def details(self, repo_id: str) -> ModelDetails:
        """Format, size, architecture, context and fit of `repo_id` (cached). Raises
        ProblemError when the hub cannot tell (`search.unavailable`, `search.not_found`),
        `search.bad_repo_id` for an id that cannot name a repository."""
        check_repo_id(repo_id)
        facts = await self._fetch(repo_id)
        return self._details(facts)

    async def details_many(
        self, repo_ids: Iterable[str]
    ) -> AsyncIterator[tuple[str, ModelDetails | Problem]]:
        """The details of each repository as they arrive (a few fetched at a time)."""
        pending = {asyncio.ensure_future(self._one(repo)) for repo in repo_ids}
        try:
            for next_done in asyncio.as_completed(pending):
                yield await next_done
        finally:
            for task in pending:
                task.cancel()

    async def _one(self, repo_id: str) -> tuple[str, ModelDetails | Problem]:
        try:
            return repo_id, await self.details(repo_id)
        except ProblemError as exc:
            return repo_id, exc.problem

    def _cached(self, repo_id: str) -> RepoFacts | None:
        held = self._facts.get(repo_id)
        if held is None or self._clock() - held[0] > DETAILS_TTL_S or not held[1].done():
            return None
        task = held[1]
        return task.result() if not task.cancelled() and task.exception() is None else None

    async def _fetch(self, repo_id: str) -> RepoFacts:
        held = self._facts.get(repo_id)
        if held is None or self._clock() - held[0] > DETAILS_TTL_S:
            task = asyncio.get_running_loop().create_task(self._fetch_now(repo_id))
            self._facts[repo_id] = (self._clock(), task)
            task.add_done_callback(lambda done: self._forget_failure(repo_id, done))
            held = self._facts[repo_id]
        # shield: one caller giving up (a closed dialog) must not cancel the others' fetch.
        return await asyncio.shield(held[1])

    def _forget_failure(self, repo_id: str, task: asyncio.Task[RepoFacts]) -> None:
        """A failed fetch is not kept: the next ask tries again (the network may be back)."""
        if task.cancelled() or task.exception() is not None:
            held = self._facts.get(repo_id)
            if held is not None and held[1] is task:
                del self._facts[repo_id]

    async def _fetch_now(self, repo_id: str) -> RepoFacts:
        token = await self._token()
        async with self._slots:
            try:
                return await repo_facts(repo_id, token=token, endpoint=self._endpoint)
            except ProblemError:
                raise
            except Exception as exc:
                found = search_problem(
                    exc, endpoint=self._endpoint, repo=repo_id, token_set=bool(token)
                )
                raise ProblemError(found) from None

    def _details(self, facts: RepoFacts) -> ModelDetails:
        # Gated repositories show part of their config.json to anyone: enough to name the
        # architecture and quantization, not the shape the fit needs.
        described = facts.config or facts.shown_config
        architecture = _plain(architecture_of(described))
        known = vllm_architectures()
        settings = self._settings.as_dict()
        entry = self._entry(facts.repo_id)
        family = self._planner.model_config.family_for(entry.name, facts.repo_id)
        # The one verdict: what the engine's registry can load, then what fits.
        fit = estimate_fit(
            weights_bytes=facts.weights_bytes,
            weight_format=facts.weight_format,
            config=facts.config,
            budget_bytes=self.budget_bytes(entry),
            default_ctx=effective_ctx_size(ModelOptions(), int(settings["models.ctx_size"])),
            cannot_run=known.cannot_run(architecture, custom_code=has_custom_code(described)),
        )
        return ModelDetails(
            repo_id=facts.repo_id,
            weight_format=facts.weight_format,
            weights_bytes=facts.weights_bytes,
            download_bytes=facts.download_bytes,
            architecture=architecture,
            support=known.support(architecture) if described else ArchSupport.MISSING,
            vllm_version=known.version,
            quantization=_plain(quantization_of(described)),
            fit=fit,
            gated=facts.gated,
            license=facts.license,
            family=family.name if family is not None else None,
            family_args=family.args if family is not None else (),
            registered_as=self.registered_as(facts.repo_id),
            problem=facts.config_problem,
        )

    def budget_bytes(self, entry: ModelEntry) -> int:
        """The memory a model registered as `entry` would plan against, as its settings
        dialog computes it (app.runtime.control.planning.Planner.preview): its
        --gpu-memory-utilization share of the GPU it would run on, or of RAM."""
        system = self._planner.system_info()
        default_args: tuple[str, ...] = ()
        with contextlib.suppress(ProblemError):
            engine = self._planner.engine()
            if engine.status().installed:
                default_args = engine.command().default_args
        try:
            args = resolve_args(
                self._planner.model_config,
                entry,
                ModelOptions(),
                self._settings.as_dict(),
                default_args,
            ).args
        except ProblemError:
            args = ()  # a broken global vllm_args: its own dialog says so
        gpu = system.primary if self._planner.uses_gpu() else None
        gpu_total = gpu.budget_total if gpu is not None else None
        return memory_budget_bytes(args, gpu_total, system.ram_total)

    # -- adding a result ---------------------------------------------------------------------
    async def add(self, repo_id: str, name: str | None = None) -> AddedModel:
        """Register `repo_id` (as user.NAME, NAME from the repository's name unless given)
        and start its download; the family arguments its checkpoint matches apply at every
        start. A repository registered already is downloaded under its own id. Refused
        before anything is written when it has nothing vLLM can load."""
        details = await self.details(repo_id)
        if details.weight_format in (WeightFormat.GGUF, WeightFormat.NONE):
            raise ProblemError(not_loadable_problem(repo_id, details.weight_format))
        if details.registered_as is not None and name is None:
            model_id = details.registered_as
            return AddedModel(model_id, await self._models.pull(model_id))
        chosen = name or self.suggested_name(repo_id)
        if chosen.startswith("user."):
            chosen = chosen[len("user.") :]
        self._registry.check_new_name(chosen)
        existing = self._registry.find("user." + chosen)
        if existing is not None and existing.checkpoint.repo_id != repo_id:
            raise ProblemError(name_taken_problem(chosen, str(existing.checkpoint)))
        return AddedModel("user." + chosen, await self._models.pull(chosen, repo_id))

    def suggested_name(self, repo_id: str) -> str:
        """The repository's own name, or ORG-NAME when that is taken by another model."""
        base = repo_id.split("/", 1)[-1]
        for candidate in (base, repo_id.replace("/", "-")):
            found = self._registry.find("user." + candidate)
            if found is not None and found.checkpoint.repo_id == repo_id:
                return candidate
            if found is None and not self._looks_taken(candidate):
                return candidate
        n = 2
        while self._registry.find(f"user.{base}-{n}") is not None or self._looks_taken(
            f"{base}-{n}"
        ):
            n += 1
        return f"{base}-{n}"

    def _looks_taken(self, name: str) -> bool:
        """Whether another model's name only looks like `name` (app.core.lookalike)."""
        try:
            self._registry.check_new_name(name)
        except ProblemError as exc:
            return exc.problem.code == "models.look_alike"
        return False

    def registered_as(self, repo_id: str) -> str | None:
        wanted = repo_id.casefold()
        for entry in self._registry.models():
            found = entry.checkpoint.repo_id
            if found is not None and found.casefold() == wanted:
                return entry.id
        return None

    # -- helpers -----------------------------------------------------------------------------
    def _entry(self, repo_id: str) -> ModelEntry:
        """The entry adding `repo_id` would create (not stored), for its family and budget."""
        return ModelEntry(
            name=self.suggested_name(repo_id),
            source="user",
            checkpoint=parse_checkpoint(repo_id),
            size_gb=None,
            labels=(),
        )

    async def _token(self) -> HubToken:
        # The provider may read the keyring (an unlock prompt): never on the loop.
        return await asyncio.to_thread(self._token_provider) or False


def _plain(text: str | None) -> str | None:
    """A name read from a repository's config.json, as one plain line (it is shown and printed)."""
    return one_line(text)[:MAX_TEXT] if text is not None else None


def not_loadable_problem(repo: str, kind: WeightFormat) -> Problem:
    if kind is WeightFormat.GGUF:
        return worded_problem(
            "search.not_loadable",
            tr_noop(
                "{repo} holds only GGUF files, which vLLM does not load from a Hugging Face "
                "repository. Look for the same model in safetensors format."
            ),
            repo=repo,
            format=kind.value,
        )
    return problem("search.not_loadable", repo=repo, format=kind.value)


def name_taken_problem(name: str, checkpoint: str) -> Problem:
    return problem("search.name_taken", name=name, checkpoint=checkpoint)
