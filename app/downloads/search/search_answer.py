"""A hub's answer to a model search, read as outside data: at most the results asked for, each
item checked on its own (an item that cannot be read is counted and left out, never the whole
search), repository ids of the safe shape only, and every text one plain line."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from huggingface_hub import constants as hf_constants

from app.core.problems.problems import Problem, ProblemError, problem
from app.core.search.hub_search import HubModel
from app.core.untrusted import json_array_prefix, one_line, parse_json

MAX_TAGS = 100  # of one result (a license is among the first few)
MAX_TEXT = 200  # characters of one name, tag or reason from the hub
_REPO_PART = r"[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,94}[A-Za-z0-9_])?"
_REPO_ID = re.compile(rf"{_REPO_PART}/{_REPO_PART}")


@dataclass(frozen=True)
class HubAnswer:
    """A search's results, and how many more the hub sent that could not be read."""

    models: tuple[HubModel, ...]
    skipped: int = 0


def read_answer(body: bytes, limit: int, *, cut: bool, endpoint: str | None = None) -> HubAnswer:
    """The models of a search answer's `body` (a JSON list), the first `limit` of them at most;
    those it holds that cannot be read are counted and left out. `cut`: the body is the start
    of a longer answer. Raises ProblemError `search.unreadable` when it is no such list."""
    if cut:
        # Longer than any answer to `limit` results: its first items, if they can be read.
        raw = json_array_prefix(body.decode("utf-8", "ignore"), limit)
        if not raw:
            raise ProblemError(unreadable_problem(endpoint, "it is too large"))
    else:
        try:
            data = parse_json(body)
        except ValueError:  # not JSON, not UTF-8, nested too deeply
            raise ProblemError(unreadable_problem(endpoint, "it is not JSON")) from None
        if not isinstance(data, list):
            raise ProblemError(unreadable_problem(endpoint, "it is not a list of models"))
        raw = data[:limit]
    models = [m for m in map(hub_model, raw) if m is not None]
    return HubAnswer(tuple(models), skipped=len(raw) - len(models))


def hub_model(item: object) -> HubModel | None:
    """One item of a search answer, or None when it is not a model the app can show (no
    repository id of the safe shape, a field of the wrong kind). Text is made one plain line."""
    if not isinstance(item, dict):
        return None
    repo_id = item.get("id", item.get("modelId"))
    if not isinstance(repo_id, str) or not is_repo_id(repo_id):
        return None
    try:
        tags = _tags(item.get("tags"))
        return HubModel(
            repo_id=repo_id,
            author=_text(item.get("author")),
            downloads=_count(item.get("downloads")),
            likes=_count(item.get("likes")),
            last_modified=_date(item.get("lastModified")),
            license=license_of(tags, None),
            gated=_gated(item.get("gated")),
            pipeline_tag=_text(item.get("pipeline_tag")),
            library=_text(item.get("library_name")),
            tags=tags,
        )
    except (TypeError, ValueError, OverflowError):
        return None


def _text(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(value)
    return one_line(value)[:MAX_TEXT] or None


def _count(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(value)
    return value


def _date(value: object) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError(value)
    return datetime.fromisoformat(value)


def _gated(value: object) -> bool:
    """The hub's `gated`: false, or how access is granted ("auto", "manual")."""
    if value in (None, False, True, "auto", "manual"):
        return bool(value)
    raise ValueError(value)


def _tags(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise TypeError(value)
    return tuple(t for t in (_text(t) for t in value[:MAX_TAGS]) if t)


def is_repo_id(text: str) -> bool:
    """Whether `text` is a repository id of the safe shape, ORG/NAME: each part ASCII letters,
    digits, '-', '_' or '.', starting and ending with a letter, digit or '_', no '--' or '..'
    (huggingface_hub's rule, less its Unicode letters and its ids without an ORG). A repository
    id names a folder of the cache later, so nothing else is taken from a hub or a person."""
    return _REPO_ID.fullmatch(text) is not None and "--" not in text and ".." not in text


def license_of(tags: Sequence[str] | None, card_license: object) -> str | None:
    """The license the model card states (the hub tags it `license:NAME` too), one plain line."""
    if isinstance(card_license, str) and card_license:
        return one_line(card_license)[:MAX_TEXT]
    for tag in tags or ():
        if tag.startswith("license:"):
            return one_line(tag.removeprefix("license:"))[:MAX_TEXT]
    return None


def unreadable_problem(endpoint: str | None, reason: str) -> Problem:
    """The hub answered, with something that is not what a search answers."""
    return problem("search.unreadable", endpoint=endpoint or hf_constants.ENDPOINT, reason=reason)
