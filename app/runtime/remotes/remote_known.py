"""Each remote's last model list, kept across restarts (a remote down at start stays listed).

Issue 32 item 15: a remote that was down when the app started vanished from the list and
from /v1/models until it answered again. The file is a cache the app writes, but it is read
through the same checks as a remote's answer (`parse_model_list`) and bounded all the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Iterable, Mapping
from pathlib import Path

from app.core.jsonstore import atomic_write_text
from app.core.remotes.remotes import ModelList, RemoteServer, model_list_json, parse_model_list
from app.core.untrusted import parse_json

log = logging.getLogger(__name__)

KNOWN_FILE = "remote_models.json"
MAX_KNOWN_BYTES = 4 * 1024 * 1024


class KnownLists:
    """`read` at start (blocking, small), `save` on the loop whenever a list changed."""

    def __init__(self, cache_dir: Path) -> None:
        self.path = cache_dir / KNOWN_FILE

    def read(self, remotes: Iterable[RemoteServer]) -> dict[str, ModelList]:
        """The lists kept for remotes still configured at the same address; a file that is
        missing, too large or not as written gives nothing (it is rewritten at the next
        answer)."""
        try:
            if self.path.stat().st_size > MAX_KNOWN_BYTES:
                return {}
            raw = parse_json(self.path.read_bytes())
        except (OSError, ValueError):
            return {}
        known: dict[str, ModelList] = {}
        for remote in remotes:
            entry = raw.get(remote.name) if isinstance(raw, dict) else None
            if isinstance(entry, dict) and entry.get("url") == remote.url:
                with contextlib.suppress(ValueError):
                    known[remote.name] = parse_model_list(entry.get("models"))
        return known

    def save(self, lists: Mapping[str, tuple[RemoteServer, ModelList | None]]) -> None:
        """Write every known list, in a worker thread (never on the loop)."""
        known = {
            name: {"url": remote.url, "models": model_list_json(listing)}
            for name, (remote, listing) in lists.items()
            if listing is not None
        }
        write = asyncio.get_running_loop().run_in_executor(
            None, atomic_write_text, self.path, json.dumps(known, indent=1)
        )
        write.add_done_callback(_log_failed_write)


def _log_failed_write(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.warning("could not keep the remotes' model lists: %s", done.exception())
