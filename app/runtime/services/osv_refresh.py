"""vLLM's advisories refreshed from osv.dev when online, kept in the cache dir.

`db()` never waits: the last good answer from osv.dev (cache dir), else the snapshot shipped in
the package. `refresh()` asks osv.dev at most once a day (once an hour after a failure), with a
timeout and a bound on the answer's size; an answer that does not pass app.core.engines.advisories'
checks is refused whole, the list in use stays, and `db().note` says why. VLLM_TRAY_OSV_URL
points it elsewhere (tests: a fake server on loopback) or, set to "off", switches it off.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from app.core.engines.advisories import AdvisoryDB, shipped_db
from app.core.jsonstore import atomic_write_json
from app.core.problems.problems import problem
from app.core.untrusted import one_line, parse_json, read_bounded

log = logging.getLogger(__name__)

OSV_URL_ENV: Final = "VLLM_TRAY_OSV_URL"
DEFAULT_URL: Final = "https://api.osv.dev"
QUERY: Final = {"package": {"name": "vllm", "ecosystem": "PyPI"}}
MAX_BYTES: Final = 8 * 1024 * 1024  # vLLM's ~70 records are under 1 MiB
MAX_PAGES: Final = 3
TIMEOUT_S: Final = 10.0
FRESH_S: Final = 24 * 3600.0
RETRY_S: Final = 3600.0
CACHE_FILE: Final = "osv-vllm.json"
ATTEMPT_FILE: Final = "osv-attempt.json"


class Refused(Exception):
    """osv.dev's answer was not used; the message is the reason, one line."""


def osv_url() -> str | None:
    """The OSV API's base URL, None when refreshing is switched off."""
    url = os.environ.get(OSV_URL_ENV, DEFAULT_URL).strip()
    return None if url.lower() in ("", "off", "0", "no") else url.rstrip("/")


class OsvAdvisories:
    """The advisory list in use and its refresh from osv.dev."""

    def __init__(
        self, cache_dir: Path | None, on_update: Callable[[AdvisoryDB], None] | None = None
    ) -> None:
        self._on_update = on_update
        self._dir = cache_dir / "advisories" if cache_dir is not None else None
        self._db: AdvisoryDB | None = None
        self._task: asyncio.Task[AdvisoryDB] | None = None
        self._closed = False
        self._next_at: float | None = None  # when a refresh is due (time.time())

    def db(self) -> AdvisoryDB:
        if self._db is None:
            self._db = self._load()
        return self._db

    def refresh_soon(self) -> None:
        """Start a refresh in the background when it is due (a view asked; never waits)."""
        with contextlib.suppress(RuntimeError):  # no loop: a quick view, nothing to start
            self._start()

    def _start(self) -> asyncio.Task[AdvisoryDB] | None:
        """The refresh under way, or a new one when due (RuntimeError without a loop)."""
        if self._task is None and not self._closed and self._due():
            self._task = asyncio.get_running_loop().create_task(self._refresh())
            self._task.add_done_callback(lambda _t: setattr(self, "_task", None))
        return self._task

    async def aclose(self) -> None:
        """Stop a refresh under way: it must not outlive the loop it runs on."""
        self._closed = True
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def refresh(self) -> AdvisoryDB:
        """Ask osv.dev when due (or wait for the question under way); answer the list in
        use afterwards (never raises)."""
        task = self._start()
        return await asyncio.shield(task) if task is not None else self.db()

    async def _refresh(self) -> AdvisoryDB:
        url = osv_url()
        if url is None:
            return self.db()
        taken = dt.datetime.now(dt.UTC).date().isoformat()
        try:
            doc = await asyncio.wait_for(_fetch(url), TIMEOUT_S * 2)
            fresh = AdvisoryDB.from_osv(doc, taken=taken).merged(shipped_db())
        except Exception as exc:  # whatever went wrong, the list in use stays and it is said
            reason = one_line(str(exc))[:200] or type(exc).__name__
            log.info("advisories from %s not used: %s", url, reason)
            self._next_at = time.time() + RETRY_S
            with contextlib.suppress(OSError):  # an unwritable cache dir: the note is not kept
                await asyncio.to_thread(self._remember_attempt, url, reason)
            self._db = await asyncio.to_thread(self._load)
            return self._db
        try:
            await asyncio.to_thread(self._store, fresh)
        except OSError as exc:  # used in this process all the same
            log.warning("could not keep the advisories in %s: %s", self._dir, exc)
        self._next_at = time.time() + FRESH_S
        self._db = fresh
        if self._on_update is not None:
            self._on_update(fresh)
        return fresh

    def _due(self) -> bool:
        if self._dir is None or osv_url() is None:
            return False
        if self._next_at is None:  # read from the files once; kept in memory after that
            cached = _read(self._dir / CACHE_FILE)
            attempt = _read(self._dir / ATTEMPT_FILE)
            self._next_at = max(
                _at(cached) + FRESH_S if _at(cached) else 0.0,
                _at(attempt) + RETRY_S if _at(attempt) else 0.0,
            )
        return time.time() >= self._next_at

    def _load(self) -> AdvisoryDB:
        db = shipped_db()
        if self._dir is None:
            return db
        cached = _read(self._dir / CACHE_FILE)
        if isinstance(cached, dict):
            try:
                db = AdvisoryDB.from_json(cached, source="osv.dev")
            except ValueError:
                log.warning("ignoring the damaged advisory cache %s", self._dir / CACHE_FILE)
        attempt = _read(self._dir / ATTEMPT_FILE)
        if isinstance(attempt, dict) and time.time() - _at(attempt) < RETRY_S:
            note = problem(
                "engine.advisories_not_updated",
                url=one_line(str(attempt.get("url", "")))[:200],
                reason=one_line(str(attempt.get("reason", "")))[:200],
                taken=db.taken,
            ).english()
            db = AdvisoryDB(db.advisories, db.taken, db.source, note)
        return db

    def _store(self, db: AdvisoryDB) -> None:
        assert self._dir is not None
        atomic_write_json(self._dir / CACHE_FILE, {**db.to_json(), "at": time.time()})
        (self._dir / ATTEMPT_FILE).unlink(missing_ok=True)

    def _remember_attempt(self, url: str, reason: str) -> None:
        assert self._dir is not None
        atomic_write_json(
            self._dir / ATTEMPT_FILE, {"at": time.time(), "url": url, "reason": reason}
        )


def _at(doc: Any) -> float:
    """When the app wrote `doc` (0: unknown, or in the future: a clock set back)."""
    at = doc.get("at") if isinstance(doc, dict) else None
    return float(at) if isinstance(at, int | float) and 0 < at <= time.time() else 0.0


def _read(path: Path) -> Any:
    """A file the app wrote, read back as outside data (a user or a crash may have changed it)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        return parse_json(path.read_bytes())
    except (OSError, ValueError):
        return None


async def _fetch(base: str) -> dict[str, Any]:
    """POST /v1/query, following `next_page_token` for at most MAX_PAGES pages."""
    import httpx  # imported when used: a quick command never loads it

    vulns: list[Any] = []
    body: dict[str, Any] = dict(QUERY)
    async with httpx.AsyncClient(timeout=TIMEOUT_S, follow_redirects=False) as client:
        for _ in range(MAX_PAGES):
            try:
                async with client.stream("POST", f"{base}/v1/query", json=body) as answer:
                    if answer.status_code != 200:
                        raise Refused(f"HTTP {answer.status_code}")
                    data, over = await read_bounded(answer.aiter_bytes(), MAX_BYTES)
                    if over:
                        raise Refused(f"the answer is larger than {MAX_BYTES // 2**20} MiB")
            except httpx.HTTPError as exc:
                raise Refused(type(exc).__name__) from None
            try:
                doc = parse_json(data)
            except (json.JSONDecodeError, UnicodeDecodeError):
                raise Refused("the answer is not JSON") from None
            page = doc.get("vulns") if isinstance(doc, dict) else None
            if not isinstance(page, list):
                raise Refused("the answer has no list of advisories")
            vulns.extend(page)
            token = doc.get("next_page_token")
            if not isinstance(token, str) or not token or len(token) > 1000:
                break
            body = {**QUERY, "page_token": token}
    return {"vulns": vulns}
