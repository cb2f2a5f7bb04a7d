"""Global settings: the store that reads, validates, writes and announces them atomically."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from app.core.jsonstore import WatchedFile
from app.core.problems.problems import Problem, ProblemError

# The declarations (setting_table) and validation rules (setting_rules) live apart; callers
# may keep importing them from here.
from app.core.settings.setting_rules import SPEC_BY_KEY, coerce, parse_setting_text, unknown_setting
from app.core.settings.setting_spec import SettingSpec, SettingValue
from app.core.settings.setting_table import RENAMED, SPECS
from app.core.settings.setting_upgrade import renamed

__all__ = [
    "SPECS",
    "SPEC_BY_KEY",
    "Listener",
    "SettingSpec",
    "SettingValue",
    "Settings",
    "coerce",
    "parse_setting_text",
]


def _parse(raw: Any) -> dict[str, SettingValue]:
    if not isinstance(raw, dict):
        raise ValueError("settings.json must hold a JSON object")
    out: dict[str, SettingValue] = {}
    for key, value in raw.items():
        name = str(RENAMED.get(key, key))  # a file from before a rename: today's name
        if name not in SPEC_BY_KEY or (name != key and name in raw):
            continue  # settings from a newer version are kept on disk but ignored here
        try:
            out[name] = coerce(name, value)
        except ProblemError as exc:  # in the file, the key is what the user reads
            raise ValueError(f"{key}: {exc}") from None
    return out


_Stored = tuple[dict[str, SettingValue], dict[str, Any]]


def _parse_stored(raw: Any) -> _Stored:
    """The known settings, and the keys of a newer version, which writes must keep."""
    values = _parse(raw)
    return values, {k: v for k, v in renamed(raw).items() if k not in SPEC_BY_KEY}


def _nothing_stored() -> _Stored:
    return {}, {}


Listener = Callable[[str, SettingValue], None]


class Settings:
    """The settings store. Thread-safe; every change is written atomically and announced.

    Other processes (`vllm-tray config set`, an editor) may change the file while the app
    runs: `reload()` picks that up, and every write re-reads first, under the file's lock,
    so it never undoes it. Reading never changes the file (see app.core.jsonstore).
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self._file = WatchedFile(path, _parse_stored, _nothing_stored)
        self._values, self._extra = self._file.load()

    @property
    def problem(self) -> Problem | None:
        """What is wrong with settings.json now, None when nothing is.

        `config.unreadable` (never read a good version: the defaults are in use),
        `config.edit_unreadable` (the values read before stay in use) or
        `config.edit_replaced` (a change saved here replaced a broken version; the copy's
        path is in `params["kept_as"]`). Cleared when a readable version appears.
        """
        with self._lock:
            return self._file.problem

    @property
    def load_problem(self) -> Problem | None:
        """Old name of `problem`, kept while callers move over."""
        return self.problem

    def get(self, key: str) -> Any:
        spec = SPEC_BY_KEY.get(key)
        if spec is None:
            raise unknown_setting(key)
        with self._lock:
            return self._values.get(key, spec.default)

    def as_dict(self) -> dict[str, SettingValue]:
        with self._lock:
            return {s.key: self._values.get(s.key, s.default) for s in SPECS}

    def is_default(self, key: str) -> bool:
        with self._lock:
            return key not in self._values

    def reload(self) -> dict[str, SettingValue]:
        """Re-read the file if another process changed it; announce and return the keys
        whose effective value changed.

        A version that does not validate is left in place (the user may be mid-edit): the
        current values stay and `problem` says why, until a readable version appears.
        """
        with self._lock:
            changed = self._take_in()
            listeners = list(self._listeners)
        _announce(listeners, changed)
        return changed

    def _take_in(self) -> dict[str, SettingValue]:
        stored = self._file.reread()
        if stored is None:
            return {}
        before = self.as_dict()
        self._values, self._extra = stored
        return {k: v for k, v in self.as_dict().items() if before[k] != v}

    def set_many(self, changes: Mapping[str, object]) -> dict[str, SettingValue]:
        """Validate every change first; write nothing unless all are valid."""
        coerced = {k: coerce(k, v) for k, v in changes.items()}
        with self._lock, self._file.locked():
            # Re-read first: writing our stale copy would undo another process's change.
            outside = self._take_in()
            changed = {
                k: v for k, v in coerced.items() if k not in self._values or self._values[k] != v
            }
            if changed:
                values = {**self._values, **changed}
                self._file.write({**values, **self._extra})
                self._values = values
            listeners = list(self._listeners)
        news = {k: v for k, v in outside.items() if k not in changed}
        _announce(listeners, {**news, **changed})
        return changed

    def set(self, key: str, value: object) -> SettingValue:
        self.set_many({key: value})
        return self.get(key)  # type: ignore[no-any-return]

    def reset(self, key: str) -> None:
        spec = SPEC_BY_KEY.get(key)
        if spec is None:
            raise unknown_setting(key)
        with self._lock, self._file.locked():
            news = self._take_in()
            if key in self._values:
                values = {k: v for k, v in self._values.items() if k != key}
                self._file.write({**values, **self._extra})
                self._values = values
                news[key] = spec.default
            listeners = list(self._listeners)
        _announce(listeners, news)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def __iter__(self) -> Iterator[SettingSpec]:
        return iter(SPECS)


def _announce(listeners: list[Listener], changes: Mapping[str, SettingValue]) -> None:
    # Called outside the lock: a listener may read settings or publish events.
    for key, value in changes.items():
        for listener in listeners:
            listener(key, value)
