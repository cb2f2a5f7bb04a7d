"""Searching the Hugging Face Hub for models, and what a repository holds before a download.

Async, on huggingface_hub's async client, so that a cancel (a new query, Ctrl+C) ends a request
at once; every answer is outside data (app/core/untrusted.py), read as a stream to a bound, and
a search takes at most the results it asked for. Hub failures come back as problems
(`search.*`), never as the library's exceptions.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePosixPath
from typing import Any

import httpx2
from huggingface_hub import (
    ModelInfo,
    get_async_session,
    hf_hub_url,
    hf_raise_for_status,
)
from huggingface_hub import constants as hf_constants
from huggingface_hub.errors import (
    GatedRepoError,
    HfHubHTTPError,
    HFValidationError,
    OfflineModeIsEnabled,
    RepositoryNotFoundError,
)
from huggingface_hub.utils import (  # type: ignore[attr-defined]  # public, exported lazily
    build_hf_headers,
    validate_repo_id,
)

from app.core.memory.fit import WeightFormat
from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.search.hub_search import MAX_LIMIT, SearchQuery, SearchSort
from app.core.untrusted import one_line, parse_json, read_bounded
from app.downloads.hub import METADATA_TIMEOUT, HubToken
from app.downloads.search.search_answer import (
    MAX_TEXT,
    HubAnswer,
    is_repo_id,
    license_of,
    read_answer,
    unreadable_problem,
)
from app.downloads.selection import is_weight_file, select_files

# What a search asks the hub to return for each model: the columns a result shows. Without
# `expand` the hub leaves out lastModified and gated.
SEARCH_FIELDS = [
    "author",
    "downloads",
    "likes",
    "lastModified",
    "gated",
    "pipeline_tag",
    "library_name",
    "tags",
]
SEARCH_TIMEOUT = 20.0
# An answer of MAX_LIMIT results with every field is some hundred kB: what is past this bound is
# not read (a hub that sends 300,000 results is read no further than its first ones).
MAX_ANSWER_BYTES = 4 * 1024 * 1024
_COMMIT = re.compile(r"[0-9a-f]{40}")


# The hub's names for them (always descending).
_HUB_SORT = {
    SearchSort.DOWNLOADS: "downloads",
    SearchSort.LIKES: "likes",
    SearchSort.RECENT: "lastModified",
}


@dataclass(frozen=True)
class RepoFacts:
    """What a repository holds, read before anything is downloaded.

    `weights_bytes` and `weight_files` count the weights a download would fetch (the rules
    of app.downloads.selection); `config` is its config.json, None when it has none or it
    could not be read, and then `config_problem` says why (a gated repository).
    `shown_config` is what the hub shows of config.json to anyone (architectures,
    model_type, quantization_config), gated repositories included.
    """

    repo_id: str
    commit: str | None
    weight_format: WeightFormat
    weights_bytes: int
    weight_files: int
    download_bytes: int
    config: Mapping[str, Any] | None
    gated: bool
    license: str | None
    last_modified: datetime | None
    config_problem: Problem | None = None
    shown_config: Mapping[str, Any] | None = None


async def search_models(query: SearchQuery, *, token: HubToken, endpoint: str | None) -> HubAnswer:
    """The hub's answer to `query`: at most `query.limit` models, and how many of those it
    sent the app could not read (left out). Raises ProblemError `search.unreadable` for an
    answer that is not a list of models, `search.refused` / `search.unavailable` for an HTTP
    error, and httpx2's errors (or TimeoutError) for the network; see `search_problem`.

    The request `HfApi.list_models` makes, sent once and read as a stream: list_models retries
    a refused connection for about 23 s (a search box must say "unavailable" at once), and reads
    whatever the hub sends. Async, so that a cancel (a new query, Ctrl+C) ends it at once.
    """
    limit = max(1, min(query.limit, MAX_LIMIT))
    params: dict[str, Any] = {
        "sort": _HUB_SORT[query.sort],
        "limit": limit,
        "expand": SEARCH_FIELDS,
    }
    for key, value in (
        ("search", query.text.strip()),
        ("author", (query.author or "").strip()),
        ("pipeline_tag", query.task or ""),
    ):
        if value:
            params[key] = value
    url = f"{endpoint or hf_constants.ENDPOINT}/api/models"
    headers = build_hf_headers(token=token)
    # The whole answer within SEARCH_TIMEOUT: a hub that sends a byte now and then is slow too.
    async with asyncio.timeout(SEARCH_TIMEOUT), await _client() as client:
        read, cut = await _get(client, url, headers, params=params)
    if read.status_code >= 400:
        raise ProblemError(_http_problem(read.status_code, read.content, endpoint))
    return read_answer(read.content, limit, cut=cut, endpoint=endpoint)


async def _client() -> httpx2.AsyncClient:
    """huggingface_hub's async client (offline mode, its headers), made in a thread: a new
    client loads the system's certificates (~0.1 s of CPU)."""
    return await asyncio.to_thread(get_async_session)


async def _get(
    client: httpx2.AsyncClient, url: str, headers: Mapping[str, str], **params: Any
) -> tuple[httpx2.Response, bool]:
    """GET `url` with its body read as a stream to at most MAX_ANSWER_BYTES: the answer as
    read (for hf_raise_for_status), and whether there was more (left unread)."""
    async with client.stream("GET", url, headers=headers, **params) as response:
        body, cut = await read_bounded(response.aiter_bytes(), MAX_ANSWER_BYTES)
        status, answered, request = response.status_code, response.headers, response.request
    return httpx2.Response(status, headers=answered, content=body, request=request), cut


def _http_problem(status: int, body: bytes, endpoint: str | None) -> Problem:
    """An error answer to a search, as the hub explains it (its `error`, made one plain line)."""
    if status in (400, 422):  # the hub read the request and refused what it asked
        try:
            said = parse_json(body)
        except ValueError:
            said = None
        message = said.get("error") if isinstance(said, dict) else None
        reason = one_line(message).strip()[:MAX_TEXT] if isinstance(message, str) else ""
        return refused_search_problem(reason or f"HTTP {status}")
    return unavailable_problem(endpoint, f"the hub answered HTTP {status}")


async def repo_facts(repo_id: str, *, token: HubToken, endpoint: str | None) -> RepoFacts:
    """The file list (with sizes) and config.json of `repo_id`, each answer read to a bound.
    Raises huggingface_hub's HTTP errors (see `search_problem`), ProblemError
    `search.unreadable` for an answer too large, and ValueError / TypeError for one that is
    not a repository's details."""
    url = f"{endpoint or hf_constants.ENDPOINT}/api/models/{repo_id}"
    headers = build_hf_headers(token=token)
    async with asyncio.timeout(METADATA_TIMEOUT), await _client() as client:
        read, cut = await _get(client, url, headers, params={"blobs": True})
        hf_raise_for_status(read)
        if cut:
            raise ProblemError(unreadable_problem(endpoint, "it is too large"))
        # How HfApi.model_info reads the same answer (ModelInfo is unannotated).
        info = ModelInfo(**parse_json(read.content))  # type: ignore[no-untyped-call]
        commit = info.sha if isinstance(info.sha, str) and _COMMIT.fullmatch(info.sha) else None
        sizes = {
            s.rfilename: int(s.lfs.size if s.lfs is not None else (s.size or 0))
            for s in info.siblings or []
        }
        config: Mapping[str, Any] | None = None
        config_problem: Problem | None = None
        if "config.json" in sizes:
            try:
                config = await _read_config(client, repo_id, commit, headers, endpoint)
            except GatedRepoError:
                config_problem = gated_search_problem(repo_id, token_set=bool(token))
    weight_format, weights, count = weights_of(sizes)
    card = info.card_data
    card_license = getattr(card, "license", None) if card is not None else None
    tags = [one_line(t) for t in info.tags or () if isinstance(t, str)]
    return RepoFacts(
        repo_id=repo_id,  # the one asked for, whatever the answer says
        commit=commit,
        weight_format=weight_format,
        weights_bytes=weights,
        weight_files=count,
        download_bytes=sum(sizes[p] for p in select_files(sizes)),
        config=config,
        gated=bool(info.gated),
        license=license_of(tags, card_license),
        last_modified=info.last_modified,
        config_problem=config_problem,
        shown_config=info.config if isinstance(info.config, dict) else None,
    )


def weights_of(sizes: Mapping[str, int]) -> tuple[WeightFormat, int, int]:
    """The format of the weights a download would fetch, their bytes and file count."""
    chosen = [p for p in select_files(sizes) if is_weight_file(p)]
    if chosen:
        kind = (
            WeightFormat.SAFETENSORS
            if any(p.endswith(".safetensors") for p in chosen)
            else WeightFormat.PYTORCH
        )
        return kind, sum(sizes[p] for p in chosen), len(chosen)
    gguf = [p for p in sizes if PurePosixPath(p).suffix.lower() == ".gguf"]
    if gguf:
        return WeightFormat.GGUF, sum(sizes[p] for p in gguf), len(gguf)
    return WeightFormat.NONE, 0, 0


async def _read_config(
    client: httpx2.AsyncClient,
    repo_id: str,
    commit: str | None,
    headers: Mapping[str, str],
    endpoint: str | None,
) -> Mapping[str, Any] | None:
    """config.json's content, straight from the hub into memory: a search must not leave a
    half repository in the Hugging Face cache (the app would show it as a partial download).
    None when it is not a JSON object of a sensible size."""
    url = hf_hub_url(repo_id, "config.json", revision=commit, endpoint=endpoint)
    read, cut = await _get(client, url, headers)
    hf_raise_for_status(read)
    if cut:
        return None
    try:
        data = parse_json(read.content)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


# -- problems ------------------------------------------------------------------------------
def unavailable_problem(endpoint: str | None, reason: str) -> Problem:
    """`endpoint` None: the one huggingface_hub uses (HF_ENDPOINT, else huggingface.co)."""
    return problem("search.unavailable", endpoint=endpoint or hf_constants.ENDPOINT, reason=reason)


def bad_repo_id_problem(repo: str) -> Problem:
    return problem("search.bad_repo_id", repo=one_line(repo)[:MAX_TEXT])


def bad_author_problem(author: str) -> Problem:
    return problem("search.bad_author", author=author)


def check_repo_id(repo: str) -> None:
    """Refuse, before anything is asked of the hub or written, an id not of the safe shape
    (`is_repo_id`; huggingface_hub's message would otherwise read as a network failure)."""
    if not is_repo_id(repo):
        raise ProblemError(bad_repo_id_problem(repo))


def check_query(query: SearchQuery) -> None:
    """The search's author must be a name the hub can have; the words may be anything."""
    author = (query.author or "").strip()
    if not author:
        return
    try:
        validate_repo_id(author)
    except HFValidationError:
        raise ProblemError(bad_author_problem(author)) from None
    if "/" in author:
        raise ProblemError(bad_author_problem(author))


def refused_search_problem(reason: str) -> Problem:
    return problem("search.refused", reason=reason)


def offline_search_problem() -> Problem:
    return problem("search.offline")


def gated_search_problem(repo: str, *, token_set: bool) -> Problem:
    if token_set:
        template = tr_noop(
            "{repo} is gated and your Hugging Face token has no access to it yet: accept its "
            "terms on https://huggingface.co/{repo} with the account the token belongs to."
        )
    else:
        template = tr_noop(
            "{repo} is gated: accept its terms on https://huggingface.co/{repo}, then save "
            "a Hugging Face access token (vllm-tray config set-secret hf_token, or Settings) "
            "to see its details and download it."
        )
    return worded_problem("search.gated", template, repo=repo, token_set=token_set)


def not_found_search_problem(repo: str) -> Problem:
    return problem("search.not_found", repo=repo)


def search_problem(
    exc: BaseException, *, endpoint: str | None, repo: str | None = None, token_set: bool = False
) -> Problem:
    """A hub or network failure of a search (or of a result's details) as one sentence."""
    if isinstance(exc, OfflineModeIsEnabled):
        return offline_search_problem()
    if isinstance(exc, GatedRepoError) and repo is not None:
        return gated_search_problem(repo, token_set=token_set)
    if isinstance(exc, RepositoryNotFoundError) and repo is not None:
        return not_found_search_problem(repo)
    if isinstance(exc, HFValidationError):
        return bad_repo_id_problem(repo or "")
    if isinstance(exc, HfHubHTTPError):
        status = exc.response.status_code if exc.response is not None else None
        if status in (400, 422):  # the hub read the request and refused what it asked
            said = one_line(exc.server_message or "").strip()[:MAX_TEXT]
            return refused_search_problem(said or f"HTTP {status}")
        return unavailable_problem(endpoint, f"the hub answered HTTP {status}")
    return _network_problem(exc, endpoint)


def _network_problem(exc: BaseException, endpoint: str | None) -> Problem:
    if isinstance(exc, httpx2.TimeoutException | TimeoutError):
        return unavailable_problem(endpoint, "it did not answer in time")
    if isinstance(exc, httpx2.ConnectError):
        return unavailable_problem(endpoint, "the connection could not be made")
    if isinstance(exc, httpx2.TransportError):
        return unavailable_problem(endpoint, "the connection broke off")
    if isinstance(exc, ValueError | TypeError | KeyError | AttributeError | RecursionError):
        # huggingface_hub reading a repository's details it did not expect
        return unreadable_problem(endpoint, "a repository's details are not what the hub sends")
    return unavailable_problem(endpoint, one_line(str(exc))[:MAX_TEXT] or "an unexpected answer")
