"""A Hugging Face search as asked (SearchQuery) and one model as the hub lists it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


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


TEXT_GENERATION = "text-generation"


DEFAULT_LIMIT = 20


class SearchSort(StrEnum):
    """How results are ordered (most first)."""

    DOWNLOADS = "downloads"
    LIKES = "likes"
    RECENT = "recent"


@dataclass(frozen=True)
class SearchQuery:
    """A search: words in the repository id, an author, a task (None: any), an order."""

    text: str = ""
    author: str | None = None
    task: str | None = TEXT_GENERATION
    sort: SearchSort = SearchSort.DOWNLOADS
    limit: int = DEFAULT_LIMIT


MAX_LIMIT = 100
