"""A model's files as planning reads them: where they are, their config.json, their weights.

Read once per look at the disk and cached: the endpoint asks on every request, and nothing
about them changes until a download ends, files are deleted or the registry changes (each of
which clears the cache), or another tool touches the Hugging Face cache (the TTL).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from app.core.memory.memory import weights_bytes_from_catalog, weights_bytes_from_folder
from app.core.memory.model_shape import ModelShape
from app.core.models.registry import ModelEntry
from app.core.problems.problems import ProblemError
from app.core.untrusted import parse_json
from app.downloads.status import model_status
from app.runtime.control.planning.values import ModelFiles

FILES_CACHE_TTL_S = 30.0  # events clear it sooner; this only catches other tools


class FilesCache:
    """Each model's `ModelFiles`, read at most once per TTL."""

    def __init__(self, hf_hub_cache: Path, clock: Callable[[], float] = time.monotonic) -> None:
        self._hf_hub_cache = hf_hub_cache
        self._clock = clock
        self._cache: dict[str, tuple[float, ModelFiles, ModelEntry]] = {}

    def get(self, entry: ModelEntry) -> ModelFiles:
        now = self._clock()
        cached = self._cache.get(entry.id)
        if cached is not None and now - cached[0] < FILES_CACHE_TTL_S and cached[2] == entry:
            return cached[1]
        status = model_status(entry, self._hf_hub_cache)
        folder = status.snapshot_path
        files = ModelFiles(
            path=folder,
            state=status.state,
            bytes_on_disk=status.bytes_on_disk,
            problem=status.problem,
            shape=read_shape(folder),
            weights_bytes=weights_bytes(entry, folder),
            expected_bytes=status.expected_bytes,
        )
        self._cache[entry.id] = (now, files, entry)
        return files

    def clear(self) -> None:
        self._cache.clear()


def read_shape(folder: Path | None) -> ModelShape | None:
    """What config.json says of the model's shape (None: no folder, or unreadable)."""
    if folder is None:
        return None
    try:
        config = parse_json((folder / "config.json").read_text("utf-8"))
        return ModelShape.from_config(config)
    except (OSError, ValueError, ProblemError):
        return None


def weights_bytes(entry: ModelEntry, folder: Path | None) -> int:
    """The size of the weight files in `folder`, else the catalog's size, else 0."""
    if folder is not None:
        found = weights_bytes_from_folder(folder)
        if found:
            return found
    if entry.size_gb is not None:
        return weights_bytes_from_catalog(entry.size_gb)
    return 0
