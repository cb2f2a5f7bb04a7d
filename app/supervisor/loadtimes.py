"""How long earlier loads of a model on an engine took, kept apart for cold loads, warm loads
and swap backs.

A load is *cold* when vLLM compiled the model's graphs and its compile cache had no entry for
them (its log says it compiled or saved them, and nothing about loading from the cache), and
*warm* when it found an entry (or had nothing to compile, as with `--enforce-eager`); see
logparse.LoadProgressParser.cold. A cold first load of a large model can take many minutes;
the warm ones after it a fraction of that. Reading the log tells the two apart even when the
cache was emptied or the engine upgraded, which counting loads would not.

A *swap back* is a warm load of a model the app put aside to make room for another (stopped,
or a sleep that freed too little and stopped it): on vLLM's CPU build, which cannot sleep,
that is how a swapped model comes back. Its page cache is still hot and the user waits on it
mid-conversation, so its times are learned apart from the warm loads a user starts. Which
models were put aside is kept in memory only (`swapped_out`): after the app restarts, a load
is a load.

Kept in `state_dir/load_times.json`: a cache of measurements, not configuration, so a file
that cannot be read is simply started afresh.
"""

from __future__ import annotations

import logging
import statistics
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.jsonstore import atomic_write_json
from app.core.untrusted import parse_json

log = logging.getLogger(__name__)

FILE_NAME = "load_times.json"
KINDS = ("cold", "warm", "swap")
KEPT = 5  # the latest loads of each kind: engines and caches change, old times go stale
VERSION = 1


def load_key(model_id: str, prefix: Sequence[str]) -> str:
    """Loads are compared per model and engine (the engine command names the build)."""
    return f"{model_id} @ {' '.join(prefix)}"


@dataclass(frozen=True)
class LoadEstimate:
    """What earlier loads say about this one (seconds; None where nothing is known)."""

    expected_s: float | None = None
    last_cold_s: float | None = None
    last_warm_s: float | None = None
    last_swap_s: float | None = None


class LoadTimes:
    """The load-time records of one state dir; `record` writes, so call it off the loop."""

    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / FILE_NAME
        self._lock = threading.Lock()  # records are written from worker threads
        self._loads: dict[str, dict[str, list[float]]] = self._read()
        self._swapped: set[str] = set()  # model ids put aside for another, not yet back

    def estimate(self, key: str, cold: bool | None = None, *, swap: bool = False) -> LoadEstimate:
        """The estimate for a load of `key`; `cold` once the log has said which kind it is,
        `swap` for a swap back (expected as the earlier swap backs, else as a warm load)."""
        with self._lock:
            entry = self._loads.get(key, {})
            colds, warms, swaps = (list(entry.get(kind, [])) for kind in KINDS)
        last_cold = colds[-1] if colds else None
        typical_warm = statistics.median(warms) if warms else None
        if cold:
            expected = last_cold
        elif swap and swaps:
            expected = statistics.median(swaps)
        else:
            # Not known to be cold: most loads after the first find the compile cache warm.
            expected = typical_warm if typical_warm is not None else last_cold
        return LoadEstimate(
            expected_s=expected,
            last_cold_s=last_cold,
            last_warm_s=warms[-1] if warms else None,
            last_swap_s=swaps[-1] if swaps else None,
        )

    def count(self, key: str) -> int:
        """How many loads of `key` are kept, of every kind (0: never loaded on this engine)."""
        with self._lock:
            entry = self._loads.get(key, {})
            return sum(len(entry.get(kind, [])) for kind in KINDS)

    def models(self) -> list[str]:
        """The ids of the models with loads kept, on any engine, the latest first recorded
        last (each once)."""
        with self._lock:
            keys = list(self._loads)
        return list(dict.fromkeys(key.split(" @ ", 1)[0] for key in keys))

    def swapped_out(self, model_id: str, swapped: bool = True) -> None:
        """`model_id` was put aside to make room (True), or stopped by its user (False)."""
        with self._lock:
            if swapped:
                self._swapped.add(model_id)
            else:
                self._swapped.discard(model_id)

    def take_swap(self, model_id: str) -> bool:
        """Whether the load of `model_id` beginning now is a swap back (asked once a load)."""
        with self._lock:
            if model_id not in self._swapped:
                return False
            self._swapped.discard(model_id)
            return True

    def record(self, key: str, seconds: float, *, cold: bool, swap: bool = False) -> None:
        """Keep one load's time; a swap back that had to compile counts as a cold load."""
        kind = "cold" if cold else "swap" if swap else "warm"
        with self._lock:
            times = self._loads.setdefault(key, {}).setdefault(kind, [])
            times.append(round(seconds, 1))
            del times[:-KEPT]
            data = {"version": VERSION, "loads": self._loads}
            try:
                atomic_write_json(self.path, data)
            except OSError as exc:
                log.warning("could not save load times to %s: %s", self.path, exc)

    def _read(self) -> dict[str, dict[str, list[float]]]:
        try:
            raw: Any = parse_json(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable load times %s: %s", self.path, exc)
            return {}
        loads = raw.get("loads") if isinstance(raw, dict) else None
        out: dict[str, dict[str, list[float]]] = {}
        if not isinstance(loads, dict):
            return out
        for key, entry in loads.items():
            if not isinstance(entry, dict):
                continue
            out[str(key)] = {kind: _times(entry.get(kind)) for kind in KINDS}
        return out


def _times(raw: object) -> list[float]:
    """The kept seconds of one kind, from a file that may hold anything."""
    if not isinstance(raw, list):
        return []
    good = [float(t) for t in raw if isinstance(t, int | float) and not isinstance(t, bool)]
    return [t for t in good if 0 <= t < 1e7][-KEPT:]
