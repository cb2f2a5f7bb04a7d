"""Remote vLLM servers: their file and keys, background checks, and requests routed to them.

Each remote's models are listed as `NAME/MODEL` beside the local ones and requests for them
go through the endpoint's own relay (app.proxy.relay) to the remote's URL, with the remote's
key as the Bearer token, as a local child's key is sent. The local controller knows nothing
of remotes: app.runtime.composition.endpoint.EndpointApi routes a model id to this service or to it.

Checks run on the runtime loop without blocking it: one small task per remote asks its
`/v1/models` (short timeouts), every CHECK_UP_INTERVAL_S while it answers and with a
doubling back-off while it does not. A request for a remote that is down asks again at
once (at most every RECHECK_ON_REQUEST_S), so a remote that came back is used without
waiting for the next check, and a refused connection during a relay marks it down at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from app.core.contracts import Backend, ModelView
from app.core.events import EventBus, RemotesChanged
from app.core.jsonstore import WatchedFile
from app.core.paths import AppPaths
from app.core.problems.problems import Problem, ProblemError
from app.core.remotes.remotes import (
    RemotesConfig,
    RemoteServer,
    RemoteView,
    new_remote,
    remotes_from_json,
    secret_name,
    split_model_id,
    two_keys,
    unknown,
    unreachable,
)
from app.core.states import ProcessState
from app.runtime.api.snapshot import ModelRow
from app.runtime.remotes.remote_known import KnownLists
from app.runtime.remotes.remote_probe import Probe, RemoteProber
from app.runtime.remotes.remote_status import CHECK_DOWN_MAX_S, RemoteStatus
from app.runtime.secrets import SecretStore

log = logging.getLogger(__name__)

RECHECK_ON_REQUEST_S = 1.0


class RemoteService:
    """Runs on the runtime loop, like every service. `start()` begins the checks; a CLI
    command may use `add`, `remove` and `check_all` without starting it."""

    def __init__(self, *, paths: AppPaths, bus: EventBus, store: SecretStore) -> None:
        self._bus = bus
        self._store = store
        # Shared with `vllm-tray remote …` in other processes: locked writes, and a version
        # that does not validate is reported and left alone (app.core.jsonstore's rules).
        self._file = WatchedFile(paths.remotes_file, remotes_from_json, RemotesConfig)
        # Held by a worker thread for a whole add or remove (keyring included); the loop's
        # poll only tries it, so a keyring prompt never holds up the loop.
        self._file_lock = threading.Lock()
        self.config = self._file.load()
        self.load_problems: list[Problem] = [self._file.problem] if self._file.problem else []
        self._status: dict[str, RemoteStatus] = {
            r.name: RemoteStatus(r) for r in self.config.remotes
        }
        # Each remote's last list, kept across restarts (issue 32 item 15).
        self._known = KnownLists(paths.cache_dir)
        for name, listing in self._known.read(self.config.remotes).items():
            self._status[name].listing = listing
        self._prober = RemoteProber()
        self._started = False
        self._reported: Problem | None = self._file.problem

    # -- lifecycle -------------------------------------------------------------------------
    async def start(self) -> None:
        self._started = True
        for name in self._status:
            self._watch(name)

    async def stop(self) -> None:
        self._started = False
        tasks: list[asyncio.Task[None]] = []
        for status in self._status.values():
            tasks += [t for t in (status.watcher, status.probe) if t is not None]
            status.watcher = status.probe = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.aclose()

    async def aclose(self) -> None:
        await self._prober.aclose()

    # -- what the endpoint asks -------------------------------------------------------------
    def owns(self, model_id: str) -> bool:
        """Whether `model_id` names a remote's model (NAME/…, NAME a configured remote)."""
        parts = split_model_id(model_id)
        return parts is not None and parts[0] in self._status

    def model_views(self) -> list[ModelView]:
        return [
            status.model_view(model)
            for status in self._status.values()
            if status.listing is not None
            for model in status.listing.models
        ]

    def model_rows(self) -> list[ModelRow]:
        """The remotes' models as rows of the GUI's model list."""
        return [
            status.model_row(model)
            for status in self._status.values()
            if status.listing is not None
            for model in status.listing.models
        ]

    def find_model(self, model_id: str) -> ModelView | None:
        parts = split_model_id(model_id)
        status = self._status.get(parts[0]) if parts is not None else None
        if parts is None or status is None or status.listing is None:
            return None
        model = next((m for m in status.listing.models if m.id == parts[1]), None)
        return status.model_view(model) if model is not None else None

    @asynccontextmanager
    async def use(self, model_id: str) -> AsyncIterator[Backend]:
        """The remote as a Backend for the relay. A remote known to be down is asked again
        first (at most every RECHECK_ON_REQUEST_S); if it still does not answer, the
        request gets its problem (502, naming the remote)."""
        from app.proxy.upstream import ChildUnreachableError  # aiohttp: only when relaying

        parts = split_model_id(model_id)
        status = self._status.get(parts[0]) if parts is not None else None
        if parts is None or status is None:
            raise unknown(model_id.partition("/")[0], self._status)
        now = asyncio.get_running_loop().time()
        if not status.reachable and now - status.checked_mono >= RECHECK_ON_REQUEST_S:
            await self._check(status)
        remote = status.remote
        if not status.reachable or status.listing is None:
            raise ProblemError(status.problem or unreachable(remote.name, remote.url, "unknown"))
        model = next((m for m in status.listing.models if m.id == parts[1]), None)
        try:
            yield Backend(
                model_id=model_id,
                served_name=parts[1],
                base_url=remote.url,
                pid=None,
                command=(),
                ctx_size=model.ctx_size if model is not None else 0,
                state=ProcessState.RUNNING,
                api_key=self._key(status),
                remote=remote.name,
            )
        except ChildUnreachableError as exc:
            # Nothing was sent: the connection was refused or timed out. That is as good as
            # a failed check, and the relay asks once more in a moment.
            if self._status.get(remote.name) is status:
                reason = str(exc.problem.params.get("reason", "cannot connect"))
                self._record(status, Probe(None, unreachable(remote.name, remote.url, reason)))
            raise

    def views(self) -> list[RemoteView]:
        return [self._view(status) for status in self._status.values()]

    # -- commands ---------------------------------------------------------------------------
    def check_new(self, name: str, url: str, *, api_key_env: str | None = None) -> None:
        """Refuse a name, address or variable `add` would refuse, asking no one (before a
        key is typed in)."""
        new_remote(self.config, name, url, api_key_env=api_key_env, key_saved=False)

    async def add(
        self,
        name: str,
        url: str,
        *,
        api_key: str | None = None,
        api_key_env: str | None = None,
        force: bool = False,
    ) -> RemoteView:
        """Check the input, ask the server for its models, then save. A server that does
        not answer as a vLLM server is refused unless `force` (it may be off for now): a
        wrong address or key is far likelier, and is best found while it is being typed."""
        api_key = (api_key or "").strip() or None
        if api_key and api_key_env:
            raise two_keys()
        remote = new_remote(
            self._reread(), name, url, api_key_env=api_key_env, key_saved=api_key is not None
        )
        key = api_key or (os.environ.get(api_key_env) if api_key_env else None)
        answer = await self._prober.probe(remote, key)
        if answer.problem is not None and not force:
            raise ProblemError(answer.problem)
        config = await asyncio.to_thread(self._write_added, remote, api_key)
        status = RemoteStatus(remote, key=key if api_key else None, key_loaded=api_key is not None)
        if api_key is not None:  # where the store put it: the keyring, or its file
            found = await asyncio.to_thread(self._store.locate, remote.secret_name)
            status.key_place = found[1]
        self._status[remote.name] = status
        self._record(status, answer, announce=False)
        self._apply(config)
        log.info("remote server %s added (%s)", remote.name, remote.url)
        return self._view(status)

    async def remove(self, name: str) -> None:
        self._reread().removed(name)  # an unknown name is refused before the file is locked
        config = await asyncio.to_thread(self._write_removed, name)
        self._apply(config)
        log.info("remote server %s removed", name)

    async def check(self, name: str) -> RemoteView:
        """Ask the remote now (the GUI's Check button, `remote list`)."""
        self._apply(self._reread())
        status = self._status.get(name)
        if status is None:
            raise unknown(name, self._status)
        await self._check(status, force=True)
        return self._view(status)

    async def check_all(self) -> list[RemoteView]:
        self._apply(self._reread())
        statuses = list(self._status.values())
        await asyncio.gather(*(self._check(s, force=True) for s in statuses))
        return [self._view(s) for s in statuses]

    async def _check(self, status: RemoteStatus, *, force: bool = False) -> None:
        """One check at a time per remote: concurrent callers share the one under way."""
        if status.probe is None:
            status.probe = asyncio.get_running_loop().create_task(self._check_once(status))
            status.probe.add_done_callback(lambda _t: setattr(status, "probe", None))
        elif force:
            await asyncio.shield(status.probe)  # then ask again: the one under way is older
            return await self._check(status)
        await asyncio.shield(status.probe)

    async def _check_once(self, status: RemoteStatus) -> None:
        remote = status.remote
        if remote.key_saved and not status.key_loaded:
            # A keyring call (D-Bus, maybe an unlock prompt) never runs on the loop.
            found = await asyncio.to_thread(self._store.locate, remote.secret_name)
            status.key, status.key_place = found
            status.key_loaded = True
        answer = await self._prober.probe(remote, self._key(status))
        if self._status.get(remote.name) is status:
            self._record(status, answer)

    def _record(self, status: RemoteStatus, answer: Probe, *, announce: bool = True) -> None:
        before = status.signature()
        was = status.reachable
        status.checked_at = time.time()
        status.checked_mono = asyncio.get_running_loop().time()
        status.problem = answer.problem
        if answer.listing is not None:
            status.reachable = True
            if answer.listing != status.listing:
                status.listing = answer.listing
                self._save_known()
            status.failures = 0
        else:
            status.reachable = False  # its last known models stay listed, as unreachable
            status.failures += 1
        if was is not status.reachable and was is not None:
            if answer.problem is None:
                log.info("remote server %s answers again", status.remote.name)
            else:
                log.warning("%s", answer.problem.english())
        status.wake.set()  # its watcher reschedules from this check
        if announce and status.signature() != before:
            self._bus.publish(RemotesChanged(status.remote.name))

    def _save_known(self) -> None:
        self._known.save({n: (st.remote, st.listing) for n, st in self._status.items()})

    def _watch(self, name: str) -> None:
        status = self._status[name]
        if self._started and status.watcher is None:
            status.watcher = asyncio.get_running_loop().create_task(self._watcher(status))

    async def _watcher(self, status: RemoteStatus) -> None:
        loop = asyncio.get_running_loop()
        while True:
            delay = status.due_in(loop.time())
            status.wake.clear()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(delay):
                        await status.wake.wait()
                continue  # woken (a check happened elsewhere) or due: compute again
            try:
                await self._check(status)
            except Exception:  # a bug must not end the checks of this remote for good
                log.exception("checking the remote server %s failed", status.remote.name)
                await asyncio.sleep(CHECK_DOWN_MAX_S)

    def _key(self, status: RemoteStatus) -> str | None:
        env = status.remote.api_key_env
        if env:
            return os.environ.get(env) or None  # read at run time: a service's environment
        return status.key

    def _view(self, status: RemoteStatus) -> RemoteView:
        return status.view(self._store.fallback_file)

    # -- the file ---------------------------------------------------------------------------
    def _reread(self) -> RemotesConfig:
        if self._file_lock.acquire(blocking=False):
            try:
                changed = self._file.reread()
            finally:
                self._file_lock.release()
            if changed is not None:
                return changed
        return self.config

    def _write_added(self, remote: RemoteServer, api_key: str | None) -> RemotesConfig:
        with self._file_lock, self._file.locked():
            current = self._file.reread() or self.config
            config = current.added(remote)  # another process may have added it meanwhile
            if api_key is not None:
                self._store.set(remote.secret_name, api_key)
            try:
                self._file.write(config.to_json())
            except BaseException:
                if api_key is not None:
                    self._store.delete(remote.secret_name)
                raise
            return config

    def _write_removed(self, name: str) -> RemotesConfig:
        with self._file_lock, self._file.locked():
            current = self._file.reread() or self.config
            config = current.removed(name)
            self._file.write(config.to_json())
            # After the file: a failure here leaves a stray key, never a remote without one.
            self._store.delete(secret_name(name))
            return config

    def _apply(self, config: RemotesConfig) -> None:
        """Take `config` as the remotes there are: stop checking the ones gone, start the
        new ones (a remote whose URL or key source changed counts as new)."""
        old = self.config
        self.config = config
        changed = False
        for name, status in list(self._status.items()):
            if config.get(name) != status.remote:
                del self._status[name]
                for task in (status.watcher, status.probe):
                    if task is not None:
                        task.cancel()
                changed = True
        for remote in config.remotes:
            if remote.name not in self._status:
                self._status[remote.name] = RemoteStatus(remote)
                changed = True
            self._watch(remote.name)
        if changed or old != config:
            self._bus.publish(RemotesChanged(None))

    async def poll_file(self) -> None:
        """Pick up `vllm-tray remote add/rm` of other processes (one stat() when nothing
        changed); the runtime's config poller (app.runtime.control.watcher) calls it."""
        try:
            if self._started:
                self._apply(self._reread())
        finally:
            found = self._file.problem
            if found is not None and found != self._reported:
                log.warning("%s", found.english())
            self._reported = found
