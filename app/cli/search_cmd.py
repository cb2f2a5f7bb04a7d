"""`vllm-tray search`: find a model on Hugging Face, see whether it fits here, add it."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from app.cli.context import human_bytes, print_json, run_interruptible, session_from
from app.cli.progress import ProgressReporter
from app.cli.pull_cmd import progress_text
from app.core.events import DownloadFinished, DownloadProgressed, Event
from app.core.memory.fit import ArchSupport, FitVerdict, WeightFormat
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.search.hub_search import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    TEXT_GENERATION,
    SearchQuery,
    SearchSort,
)
from app.core.states import DownloadStatus
from app.core.untrusted import one_line
from app.runtime.api.values import ModelDetails, SearchResult
from app.runtime.composition.facade import Session

ANY_TASK = "any"


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "search",
        parents=[common],
        help="search Hugging Face for models, with whether each fits this machine",
        description=(
            "Search Hugging Face for models vLLM can run, and tell for each, before anything "
            "is downloaded, its size and format, its architecture and whether the pinned vLLM "
            "runs it, its context, and whether it fits this machine's memory. "
            "Add one with --add ORG/REPO (registered as user.NAME and downloaded)."
        ),
    )
    p.add_argument("query", nargs="?", default="", help="words in the repository's name")
    p.add_argument("--author", help="only this organisation or user (e.g. Qwen)")
    p.add_argument(
        "--task",
        default=TEXT_GENERATION,
        help=f"the hub's task tag (default {TEXT_GENERATION}; '{ANY_TASK}' for every task)",
    )
    p.add_argument(
        "--sort",
        choices=[s.value for s in SearchSort],
        default=SearchSort.DOWNLOADS.value,
        help="most downloaded, most liked or most recently updated first",
    )
    p.add_argument(
        "--limit", type=int, default=DEFAULT_LIMIT, help=f"results (1-{MAX_LIMIT}, default 20)"
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--add", metavar="ORG/REPO", help="register and download this repository")
    p.add_argument("--name", help="with --add: the model's name (default: the repo's)")
    p.set_defaults(func=cmd_search)


def cmd_search(args: argparse.Namespace) -> int:
    if args.add:
        return run_interruptible(_add(session_from(args), args.add, args.name))
    if args.name:
        raise ProblemError(problem("cli.name_without_add"))
    if not 1 <= args.limit <= MAX_LIMIT:
        raise ProblemError(problem("cli.bad_limit", max=MAX_LIMIT, value=args.limit))
    query = SearchQuery(
        text=args.query,
        author=args.author,
        task=None if args.task == ANY_TASK else args.task,
        sort=SearchSort(args.sort),
        limit=args.limit,
    )
    return run_interruptible(_search(session_from(args), query, as_json=args.json))


async def _search(session: Session, query: SearchQuery, *, as_json: bool) -> int:
    services = session.services
    try:
        await services.views.refresh_system()  # the memory the fit is judged against
        found_results = await services.search.search(query)
        results = found_results.results
        details: dict[str, ModelDetails | Problem] = {}
        found_details = services.search.details_many(r.model.repo_id for r in results)
        async for repo_id, found in found_details:
            details[repo_id] = found
    finally:
        await session.stop()
    if found_results.skipped:  # on stderr: --json's output stays one JSON document
        print(skipped_text(found_results.skipped), file=sys.stderr)
    if as_json:
        print_json([result_json(r, details.get(r.model.repo_id)) for r in results])
        return 0
    if not results:
        print("no models found" + (f" for {one_line(repr(query.text))}" if query.text else ""))
        return 0
    for result in results:
        print(result_text(result, details.get(result.model.repo_id)))
    print("\nadd one: vllm-tray search --add ORG/REPO [--name NAME]")
    return 0


# -- words ------------------------------------------------------------------------------------
def skipped_text(n: int) -> str:
    if n == 1:
        return "vllm-tray: 1 result from the hub could not be read and is left out"
    return f"vllm-tray: {n} results from the hub could not be read and are left out"


def fit_label(d: ModelDetails) -> str:
    """The plain label: fits / fits at ctx N / won't fit (or why it cannot be told)."""
    fit = d.fit
    if fit.verdict is FitVerdict.FITS:
        return "fits"
    if fit.verdict is FitVerdict.FITS_SHORTER:
        return f"fits at ctx {fit.max_ctx}"
    if fit.verdict is FitVerdict.WONT_FIT:
        return "won't fit"
    if fit.verdict is FitVerdict.NOT_LOADABLE:
        return "not loadable by vLLM"
    if fit.verdict is FitVerdict.CANNOT_RUN:
        return "cannot run"
    return "fit unknown"


def support_text(d: ModelDetails) -> str:
    if d.architecture is None and d.support is ArchSupport.MISSING:
        return "no config.json"
    arch = d.architecture or "architecture not stated"
    words = {
        ArchSupport.GENERATE: f"runs on vLLM {d.vllm_version}",
        ArchSupport.POOLING: f"vLLM {d.vllm_version} serves it for embeddings, not chat",
        ArchSupport.DRAFT: "a draft model for speculative decoding, not served alone",
        ArchSupport.REMOVED: f"no longer in vLLM {d.vllm_version}",
        ArchSupport.PLUGIN: "needs a vLLM plugin",
        ArchSupport.UNKNOWN: f"not supported by vLLM {d.vllm_version}",
        ArchSupport.MISSING: "unknown to vLLM",
    }
    return f"{arch} ({words[d.support]})"


def _fit_detail(d: ModelDetails) -> str:
    fit = d.fit
    budget = human_bytes(fit.budget_bytes)
    if fit.verdict is FitVerdict.NOT_LOADABLE:
        if d.weight_format is WeightFormat.GGUF:
            return "GGUF files only: vLLM loads safetensors"
        return "no weights in the repository"
    if fit.cannot_run is not None:
        return fit.cannot_run.english()
    if fit.verdict is FitVerdict.UNKNOWN:
        return f"weights {human_bytes(d.weights_bytes)} of {budget}; config.json not readable"
    needs = f"needs {human_bytes(fit.needed_bytes)} at ctx {fit.ctx_size} of {budget}"
    if fit.verdict is FitVerdict.FITS:
        return f"{needs}; up to ctx {fit.max_ctx}"
    return needs


def result_text(result: SearchResult, found: ModelDetails | Problem | None) -> str:
    m = result.model
    head = [f"{m.downloads or 0} downloads", f"{m.likes or 0} likes"]
    if m.last_modified is not None:
        head.append(f"updated {m.last_modified.date().isoformat()}")
    head.append(m.license or "no license stated")
    if m.gated:
        head.append("gated")
    if result.registered_as:
        head.append(f"registered as {result.registered_as}")
    lines = [f"{m.repo_id}  ({', '.join(head)})"]
    if isinstance(found, Problem):
        lines.append(f"  details unavailable: {found.english()}")
    elif found is not None:
        d = found
        what = [f"{human_bytes(d.weights_bytes)} {d.weight_format.value}", support_text(d)]
        if d.quantization:
            what.append(d.quantization)
        if d.fit.model_max_ctx:
            what.append(f"context {d.fit.model_max_ctx}")
        lines.append("  " + ", ".join(what))
        lines.append(f"  {fit_label(d)}: {_fit_detail(d)}")
        if d.family_args:
            lines.append(f"  adds {' '.join(d.family_args)} (family {d.family})")
        if d.problem is not None:
            lines.append(f"  {d.problem.english()}")
    # Names, tags and config.json's words come from the hub: one plain line each on a terminal.
    return "\n".join(one_line(line) for line in lines)


def result_json(result: SearchResult, found: ModelDetails | Problem | None) -> dict[str, Any]:
    m = result.model
    out: dict[str, Any] = {
        "repo_id": m.repo_id,
        "author": m.author,
        "downloads": m.downloads,
        "likes": m.likes,
        "last_modified": m.last_modified.isoformat() if m.last_modified else None,
        "license": m.license,
        "gated": m.gated,
        "pipeline_tag": m.pipeline_tag,
        "registered_as": result.registered_as,
        "details": None,
        "problem": None,
    }
    if isinstance(found, Problem):
        out["problem"] = found.to_json()
    elif found is not None:
        d = found
        out["details"] = {
            "weight_format": d.weight_format.value,
            "weights_bytes": d.weights_bytes,
            "download_bytes": d.download_bytes,
            "architecture": d.architecture,
            "vllm_support": d.support.value,
            "vllm_version": d.vllm_version,
            "quantization": d.quantization,
            "model_max_ctx": d.fit.model_max_ctx,
            "fit": d.fit.verdict.value,
            "fit_label": fit_label(d),
            "cannot_run": d.fit.cannot_run.to_json() if d.fit.cannot_run is not None else None,
            "ctx_size": d.fit.ctx_size,
            "max_ctx": d.fit.max_ctx,
            "needed_bytes": d.fit.needed_bytes,
            "budget_bytes": d.fit.budget_bytes,
            "family": d.family,
            "family_args": list(d.family_args),
        }
        out["problem"] = d.problem.to_json() if d.problem is not None else None
    return out


# -- adding a result ----------------------------------------------------------------------------
async def _add(session: Session, repo_id: str, name: str | None) -> int:
    """Register and download `repo_id` with a progress line, like `vllm-tray pull`."""
    services = session.services
    await services.views.refresh_system()
    loop = asyncio.get_running_loop()
    # Events are queued from the start: a small download may end before add() returns.
    events: asyncio.Queue[Event] = asyncio.Queue()

    def on_event(event: Event) -> None:
        if isinstance(event, DownloadProgressed | DownloadFinished):
            loop.call_soon_threadsafe(events.put_nowait, event)

    unsubscribe = session.bus.subscribe(on_event)
    progress = ProgressReporter()
    added = None
    try:
        details = await services.search.details(repo_id)
        if details.fit.cannot_run is not None:  # asked for by name: said, not refused
            print(
                f"vllm-tray: warning: {one_line(details.fit.cannot_run.english())}", file=sys.stderr
            )
        added = await services.search.add(repo_id, name)
        print(f"registered {added.model_id} -> {repo_id}")
        while True:
            event = await events.get()
            if getattr(event, "download_id", None) != added.download_id:
                continue
            if isinstance(event, DownloadProgressed):
                fraction = event.done / event.total if event.total else None
                text = progress_text(added.model_id, event, progress.tty)
                progress.update(added.model_id, text, fraction)
                continue
            assert isinstance(event, DownloadFinished)
            progress.finish()
            return _finished(added.model_id, event)
    except asyncio.CancelledError:
        if added is not None:
            await services.models.cancel_download(added.download_id)
        progress.finish()
        sys.stderr.write("vllm-tray: download interrupted; run the same command to resume\n")
        raise
    finally:
        unsubscribe()
        await session.stop()


def _finished(model_id: str, event: DownloadFinished) -> int:
    if event.status == DownloadStatus.COMPLETED:
        print(f"{model_id} downloaded; try it: vllm-tray chat {model_id}")
        return 0
    if event.problem is not None:
        raise ProblemError(event.problem)
    print(f"vllm-tray: download {event.status}", file=sys.stderr)
    return 1
