"""Upgrades a settings.json an older version wrote: keys renamed, UI state moved out.

The migrations are declared with the settings (app.core.settings.setting_table: RENAMED,
MOVED_TO_UI_STATE), the way qutebrowser declares its renames. Every start of `vllm-tray`
(the window or any command) runs `upgrade()` first: a file without an old key is only read.
Until then (a Settings built by a test or a script on an old file), the store reads a renamed
key under its new name, and writes keep the moved flags where they are.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import filelock

from app.core.jsonstore import LOCK_TIMEOUT_S, PRIVATE_FILE_MODE, atomic_write_json, lock_path
from app.core.paths import AppPaths
from app.core.settings.setting_table import MOVED_TO_UI_STATE, RENAMED
from app.core.untrusted import parse_json

log = logging.getLogger(__name__)

UI_STATE_VERSION = 1  # app.gui.window_state's document: {"version", "windows", "flags", …}
UI_FLAGS = "flags"
OLD_KEYS = frozenset(RENAMED) | frozenset(MOVED_TO_UI_STATE)


def renamed(raw: Mapping[str, Any]) -> dict[str, Any]:
    """`raw` with every renamed key under its new name, in place; a value already stored under
    the new name wins over the old one. The moved UI flags stay (see `upgrade`)."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        new = RENAMED.get(key)
        if new is None:
            out[key] = value
        elif new not in raw:
            out[new] = value
    return out


def upgrade(paths: AppPaths) -> list[str]:
    """Rewrite settings.json with its renamed keys under their new names and its UI flags in
    the UI state file; every other key and value stays as it was. Returns the old keys it
    moved (empty: nothing to do, and nothing was written). A file that cannot be read is left
    alone: the settings store reports it."""
    path = paths.settings_file
    if not _old_keys(_read(path)):
        return []
    path.parent.mkdir(parents=True, exist_ok=True)
    with filelock.FileLock(str(lock_path(path)), mode=PRIVATE_FILE_MODE, timeout=LOCK_TIMEOUT_S):
        raw = _read(path)  # again, under the lock: another process may have upgraded it
        old = _old_keys(raw)
        if not old:
            return []
        flags = {MOVED_TO_UI_STATE[k]: bool(v) for k, v in raw.items() if k in MOVED_TO_UI_STATE}
        if flags:  # first: were the second write to fail, the flags are in both, not lost
            _add_ui_flags(paths, flags)
        kept = {k: v for k, v in raw.items() if k not in MOVED_TO_UI_STATE}
        atomic_write_json(path, renamed(kept))
    log.info("upgraded %s: %s", path, ", ".join(_said(k) for k in old))
    return old


def _said(key: str) -> str:
    if key in RENAMED:
        return f"{key} is now {RENAMED[key]}"
    return f"{key} moved to the windows' own state"


def _read(path: Path) -> Mapping[str, Any]:
    try:
        raw = parse_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return raw if isinstance(raw, dict) else {}


def _old_keys(raw: Mapping[str, Any]) -> list[str]:
    return [key for key in raw if key in OLD_KEYS]


def _add_ui_flags(paths: AppPaths, flags: Mapping[str, bool]) -> None:
    """Merge `flags` into the UI state file (the window is not running yet: the launcher
    upgrades before it starts); a flag set there already stays set."""
    target = paths.ui_state_file
    doc = dict(_read(target))
    if doc.get("version") != UI_STATE_VERSION:
        doc = {"version": UI_STATE_VERSION}
    known = doc.get(UI_FLAGS)
    merged = dict(known) if isinstance(known, dict) else {}
    for name, value in flags.items():
        merged[name] = bool(merged.get(name)) or value
    doc[UI_FLAGS] = merged
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_json(target, doc)
