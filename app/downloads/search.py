"""Searching the Hugging Face Hub for models, and what a repository holds before a download.

Blocking functions (huggingface_hub's client is synchronous): the runtime's search service
runs them in worker threads. Hub failures come back as problems (`search.*`), never as the
library's exceptions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import PurePosixPath
from typing import Any

import httpx2
from huggingface_hub import (
    HfApi,
    ModelInfo,
    get_session,
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

from app.core.fit import WeightFormat
from app.core.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.downloads.hub import METADATA_TIMEOUT, HubToken
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
TEXT_GENERATION = "text-generation"
DEFAULT_LIMIT = 20
MAX_LIMIT = 100
SEARCH_TIMEOUT = 20.0


class SearchSort(StrEnum):
    """How results are ordered (most first)."""

    DOWNLOADS = "downloads"
    LIKES = "likes"
    RECENT = "recent"


# The hub's names for them (always descending).
_HUB_SORT = {
    SearchSort.DOWNLOADS: "downloads",
    SearchSort.LIKES: "likes",
    SearchSort.RECENT: "lastModified",
}


@dataclass(frozen=True)
class SearchQuery:
    """A search: words in the repository id, an author, a task (None: any), an order."""

    text: str = ""
    author: str | None = None
    task: str | None = TEXT_GENERATION
    sort: SearchSort = SearchSort.DOWNLOADS
    limit: int = DEFAULT_LIMIT


@dataclass(frozen=True)
class HubModel:
    """One search result, as the hub's list answers it (no file sizes yet)."""

    repo_id: str
    author: str | None
    downloads: int | None
    likes: int | None
    last_modified: datetime | None
    license: str | None
    gated: bool
    pipeline_tag: str | None
    library: str | None
    tags: tuple[str, ...] = ()


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


def search_models(query: SearchQuery, *, token: HubToken, endpoint: str | None) -> list[HubModel]:
    """The hub's answer to `query` (blocking). Raises the library's exceptions; see
    `search_problem`.

    The request `HfApi.list_models` makes, sent once: list_models goes through http_backoff,
    which retries a refused connection five times over about 23 s, and a search box must
    say "unavailable" at once. One page is enough: the hub pages by `limit`.
    """
    api = HfApi(endpoint=endpoint, token=token)
    params: dict[str, Any] = {
        "sort": _HUB_SORT[query.sort],
        "limit": max(1, min(query.limit, MAX_LIMIT)),
        "expand": SEARCH_FIELDS,
    }
    for key, value in (
        ("search", query.text.strip()),
        ("author", (query.author or "").strip()),
        ("pipeline_tag", query.task or ""),
    ):
        if value:
            params[key] = value
    response = get_session().get(
        f"{api.endpoint}/api/models",
        params=params,
        headers=build_hf_headers(token=token),
        timeout=SEARCH_TIMEOUT,
    )
    hf_raise_for_status(response)
    items = response.json()
    # ModelInfo(**fields) is how huggingface_hub reads the same answer (it is unannotated).
    infos = [ModelInfo(**item) for item in items if isinstance(item, dict)]  # type: ignore[no-untyped-call]
    return [_hub_model(info) for info in infos]


def _hub_model(info: ModelInfo) -> HubModel:
    return HubModel(
        repo_id=info.id,
        author=info.author,
        downloads=info.downloads,
        likes=info.likes,
        last_modified=info.last_modified,
        license=license_of(info.tags, None),
        gated=bool(info.gated),
        pipeline_tag=info.pipeline_tag,
        library=info.library_name,
        tags=tuple(info.tags or ()),
    )


def repo_facts(repo_id: str, *, token: HubToken, endpoint: str | None) -> RepoFacts:
    """The file list (with sizes) and config.json of `repo_id` (blocking)."""
    api = HfApi(endpoint=endpoint, token=token)
    info = api.model_info(repo_id, files_metadata=True, timeout=METADATA_TIMEOUT)
    sizes = {
        s.rfilename: int(s.lfs.size if s.lfs is not None else (s.size or 0))
        for s in info.siblings or []
    }
    weight_format, weights, count = weights_of(sizes)
    selected = select_files(sizes)
    config: Mapping[str, Any] | None = None
    config_problem: Problem | None = None
    if "config.json" in sizes:
        try:
            config = _read_config(repo_id, info.sha, token=token, endpoint=endpoint)
        except GatedRepoError:
            config_problem = gated_search_problem(repo_id, token_set=bool(token))
    card = info.card_data
    card_license = getattr(card, "license", None) if card is not None else None
    return RepoFacts(
        repo_id=info.id,
        commit=info.sha,
        weight_format=weight_format,
        weights_bytes=weights,
        weight_files=count,
        download_bytes=sum(sizes[p] for p in selected),
        config=config,
        gated=bool(info.gated),
        license=license_of(info.tags, card_license),
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


def _read_config(
    repo_id: str, commit: str | None, *, token: HubToken, endpoint: str | None
) -> Mapping[str, Any] | None:
    """config.json's content, straight from the hub into memory: a search must not leave a
    half repository in the Hugging Face cache (the app would show it as a partial download)."""
    url = hf_hub_url(repo_id, "config.json", revision=commit, endpoint=endpoint)
    response = get_session().get(
        url,
        headers=build_hf_headers(token=token),
        follow_redirects=True,
        timeout=METADATA_TIMEOUT,
    )
    hf_raise_for_status(response)
    try:
        data = json.loads(response.content)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def license_of(tags: Sequence[str] | None, card_license: object) -> str | None:
    """The license the model card states (the hub tags it `license:NAME` too)."""
    if isinstance(card_license, str) and card_license:
        return card_license
    for tag in tags or ():
        if tag.startswith("license:"):
            return tag.removeprefix("license:")
    return None


# -- problems ------------------------------------------------------------------------------
def unavailable_problem(endpoint: str | None, reason: str) -> Problem:
    """`endpoint` None: the one huggingface_hub uses (HF_ENDPOINT, else huggingface.co)."""
    return problem("search.unavailable", endpoint=endpoint or hf_constants.ENDPOINT, reason=reason)


def bad_repo_id_problem(repo: str) -> Problem:
    return problem("search.bad_repo_id", repo=repo)


def bad_author_problem(author: str) -> Problem:
    return problem("search.bad_author", author=author)


def check_repo_id(repo: str) -> None:
    """Refuse, before anything is asked of the hub, an id huggingface_hub itself refuses
    (its message would otherwise read as a network failure)."""
    try:
        validate_repo_id(repo)
    except HFValidationError:
        raise ProblemError(bad_repo_id_problem(repo)) from None


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
            return refused_search_problem(exc.server_message or f"HTTP {status}")
        return unavailable_problem(endpoint, f"the hub answered HTTP {status}")
    if isinstance(exc, httpx2.TimeoutException):
        return unavailable_problem(endpoint, "it did not answer in time")
    if isinstance(exc, httpx2.ConnectError):
        return unavailable_problem(endpoint, "the connection could not be made")
    if isinstance(exc, httpx2.TransportError):
        return unavailable_problem(endpoint, "the connection broke off")
    return unavailable_problem(endpoint, str(exc) or "an unexpected answer")
