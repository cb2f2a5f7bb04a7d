"""A search and a chat that answer from a script, for the screenshots of issue 21's GUI
(scripts/screenshots.py): the Add model dialog's search results and a Chat page with a reply.
The tests drive the real services (tests/gui/test_find_a_model_gui.py, test_chat_gui.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from app.core.chat.chat import (
    ChatMessage,
    ChatOptions,
    Conversation,
    ReplyDelta,
    ReplyDone,
    ReplyEvent,
    ReplyStats,
)
from app.core.memory.fit import ArchSupport, FitEstimate, FitVerdict, WeightFormat
from app.core.problems.problems import Problem
from app.core.search.hub_search import HubModel, SearchQuery
from app.downloads.search.search import gated_search_problem
from app.runtime.api.values import AddedModel, ModelDetails, SearchResult, SearchResults
from tests.gui.fake_facade import FakeFacade

T = TypeVar("T")
GIB = 1 << 30
BUDGET = 48 * GIB


def _result(
    repo: str,
    downloads: int,
    likes: int,
    day: str,
    license: str | None,
    *,
    weights_gib: float,
    fmt: WeightFormat = WeightFormat.SAFETENSORS,
    arch: str = "Qwen3ForCausalLM",
    support: ArchSupport = ArchSupport.GENERATE,
    quant: str | None = "bfloat16",
    ctx: int = 40_960,
    verdict: FitVerdict = FitVerdict.FITS,
    max_ctx: int | None = None,
    gated: bool = False,
) -> tuple[SearchResult, ModelDetails]:
    weights = int(weights_gib * GIB)
    model = HubModel(
        repo_id=repo,
        author=repo.split("/", maxsplit=1)[0],
        downloads=downloads,
        likes=likes,
        last_modified=datetime.fromisoformat(day + "T10:00:00").replace(tzinfo=UTC),
        license=license,
        gated=gated,
        pipeline_tag="text-generation",
        library="transformers",
    )
    fit = FitEstimate(
        verdict,
        min(ctx, 8192),
        BUDGET,
        weights,
        max_ctx=max_ctx if max_ctx is not None else ctx,
        needed_bytes=int(weights * 1.25) + GIB,
        model_max_ctx=ctx if fmt is not WeightFormat.GGUF else None,
    )
    details = ModelDetails(
        repo_id=repo,
        weight_format=fmt,
        weights_bytes=weights,
        download_bytes=weights + 20_000_000,
        architecture=arch if fmt is not WeightFormat.GGUF else None,
        support=support if fmt is not WeightFormat.GGUF else ArchSupport.MISSING,
        vllm_version="0.32.0",
        quantization=quant,
        fit=fit,
        gated=gated,
        license=license,
        family="qwen3." if repo.startswith("Qwen/Qwen3.") else None,
        family_args=("--enable-auto-tool-choice", "--tool-call-parser", "qwen3_coder")
        if repo.startswith("Qwen/Qwen3.")
        else (),
        problem=gated_search_problem(repo, token_set=False) if gated else None,
    )
    return SearchResult(model), details


def sample_results() -> list[tuple[SearchResult, ModelDetails]]:
    r = _result
    nl = FitVerdict.NOT_LOADABLE
    return [
        r("Qwen/Qwen3-0.6B", 2_310_000, 812, "2026-07-21", "apache-2.0", weights_gib=1.4),
        r("Qwen/Qwen3.5-2B", 1_020_000, 433, "2026-10-02", "apache-2.0", weights_gib=4.3),
        r("Qwen/Qwen3-4B-AWQ", 388_000, 120, "2026-05-14", "apache-2.0", weights_gib=2.6,
          quant="awq 4-bit"),
        r("unsloth/Qwen3-4B-GGUF", 351_000, 96, "2026-06-30", "apache-2.0", weights_gib=2.4,
          fmt=WeightFormat.GGUF, quant=None, verdict=nl),
        r("Qwen/Qwen3-32B", 290_000, 540, "2026-07-21", "apache-2.0", weights_gib=61.0,
          verdict=FitVerdict.WONT_FIT, max_ctx=0),
        r("Qwen/Qwen3.5-9B", 210_000, 210, "2026-10-02", "apache-2.0", weights_gib=17.9,
          ctx=262_144, verdict=FitVerdict.FITS_SHORTER, max_ctx=65_536),
        r("meta-llama/Llama-3.2-3B-Instruct", 1_800_000, 1_500, "2025-10-24", "llama3.2",
          weights_gib=6.0, arch="LlamaForCausalLM", ctx=131_072, gated=True,
          verdict=FitVerdict.UNKNOWN),
    ]  # fmt: skip


class ScriptedSearch:
    """Answers every query with `sample_results()`, the details a moment later."""

    def __init__(self) -> None:
        self.found = sample_results()

    async def search(self, query: SearchQuery) -> SearchResults:
        del query
        return SearchResults([result for result, _ in self.found])

    async def details_many(
        self, repo_ids: Iterable[str]
    ) -> AsyncIterator[tuple[str, ModelDetails | Problem]]:
        wanted = set(repo_ids)
        for result, details in self.found:
            if result.model.repo_id in wanted:
                await asyncio.sleep(0)
                yield result.model.repo_id, details

    async def add(self, repo_id: str, name: str | None = None) -> AddedModel:
        return AddedModel("user." + (name or repo_id.rsplit("/", maxsplit=1)[-1]), "dl-1")


REPLY = """Here is a function that reverses the words of a sentence:

```python
def reverse_words(text: str) -> str:
    return " ".join(reversed(text.split()))
```

`split()` cuts at any run of whitespace, so extra spaces do not produce empty words."""


@dataclass
class ScriptedChat:
    """One kept exchange per model; `send` streams REPLY word by word."""

    conversations: dict[str, Conversation] = field(default_factory=dict)

    async def conversation(self, model_id: str) -> Conversation:
        return self.conversations.get(model_id, Conversation(model_id))

    async def clear(self, model_id: str) -> None:
        self.conversations.pop(model_id, None)

    async def send(
        self, model_id: str, text: str, *, options: ChatOptions | None = None, keep: bool = True
    ) -> AsyncIterator[ReplyEvent]:
        del keep
        base = await self.conversation(model_id)
        thinking = "The user wants Python. A one-liner with split and join is clearest."
        yield ReplyDelta("reasoning", thinking)
        for word in REPLY.split(" "):
            await asyncio.sleep(0)
            yield ReplyDelta("content", word + " ")
        stats = ReplyStats(prompt_tokens=38, completion_tokens=96, ttft_s=0.41, total_s=2.35)
        reply = ChatMessage("assistant", REPLY, thinking, stats=stats)
        self.conversations[model_id] = Conversation(
            model_id,
            options or base.options,
            (*base.messages, ChatMessage("user", text), reply),
        )
        yield ReplyDone(reply)


@dataclass
class ScriptedServices:
    search: ScriptedSearch = field(default_factory=ScriptedSearch)
    chat: ScriptedChat = field(default_factory=ScriptedChat)


class _Scripted:
    """The fake facade's services, with the scripted search and chat in place."""

    def __init__(self, base: object, scripted: ScriptedServices) -> None:
        self._base = base
        self._scripted = scripted

    def __getattr__(self, name: str) -> Any:
        if name in ("search", "chat"):
            return getattr(self._scripted, name)
        return getattr(self._base, name)


class FindChatFacade(FakeFacade):
    """The tests' FakeFacade whose search and chat answer from a script. `submit(work)` runs
    `work` as a task on the current (GUI) loop, as the runtime's facade runs it on its own:
    a reply streams, which the FakeFacade's answer-at-once submit cannot do."""

    def __init__(self) -> None:
        super().__init__()
        self.scripted = ScriptedServices()
        self._with_scripted = _Scripted(self.services, self.scripted)
        self._running: set[asyncio.Task[None]] = set()

    def submit(self, work: Callable[[Any], Awaitable[T]]) -> Future[T]:
        answer: Future[T] = Future()

        async def run() -> None:
            try:
                answer.set_result(await work(self._with_scripted))
            except Exception as exc:  # handed to the caller, as the real facade does
                answer.set_exception(exc)

        task = asyncio.ensure_future(run())
        self._running.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._running.discard)
        return answer
