"""Settings and secrets use cases: validate the whole change first, then store it."""

from __future__ import annotations

import asyncio
import os
import shlex
from collections.abc import Awaitable, Callable, Mapping, Sequence

from app.core.jsonstore import FileStamp, file_stamp
from app.core.models.vllm_args import GLOBAL_SOURCE, check_global_args
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.settings import port_check
from app.core.settings.api_key import api_key_problem
from app.core.settings.hf_token import hf_token_problem
from app.core.settings.listen_host import is_loopback_name, key_required
from app.core.settings.setting_rules import check_together, unknown_setting
from app.core.settings.settings import SPEC_BY_KEY, Settings, SettingValue, coerce
from app.runtime.secrets import SecretStore

API_KEY_ENV = "VLLM_TRAY_API_KEY"
# EngineService.unknown_flag: the engine in use's refusal of a flag, or None.
UnknownFlag = Callable[[Sequence[str], str], Awaitable[Problem | None]]
SECRET_NAMES = ("api_key", "hf_token")


class Secrets:
    """Secrets kept in memory once read: a keyring call (D-Bus, maybe a locked collection)
    must never run on the runtime loop or the GUI thread. `load()` reads them in a worker
    thread at start-up; `value()` is then a dictionary lookup.
    `VLLM_TRAY_API_KEY` sets the endpoint's key for headless use."""

    def __init__(self, store: SecretStore) -> None:
        self._store = store
        self._cache: dict[str, str | None] = {}
        self._stamp: FileStamp | None = None

    async def load(self) -> None:
        # Stamp before reading: a change landing in between is then seen by the next reload.
        self._stamp = file_stamp(self._store.fallback_file)
        for name in SECRET_NAMES:
            if name not in self._cache:
                self._cache[name] = await asyncio.to_thread(self._store.get, name)

    async def reload(self) -> set[str]:
        """Re-read the secrets if another process (`vllm-tray config set-secret`) changed
        one; the names whose value changed. The store's file is the change notice: every
        change rewrites it, even one kept in the keyring (SecretStore.set), so nothing but
        a stat() runs on the loop while nothing changed."""
        stamp = file_stamp(self._store.fallback_file)
        if stamp == self._stamp:
            return set()
        self._stamp = stamp
        fresh = {name: await asyncio.to_thread(self._store.get, name) for name in SECRET_NAMES}
        changed = {name for name, value in fresh.items() if self._cache.get(name) != value}
        self._cache.update(fresh)
        return changed

    def value(self, name: str) -> str | None:
        if name == "api_key" and os.environ.get(API_KEY_ENV):
            return os.environ[API_KEY_ENV]
        if name not in self._cache:
            # Only before load() (tests, one-shot CLI commands): read it once.
            self._cache[name] = self._store.get(name)
        return self._cache[name]

    async def set(self, name: str, value: str | None) -> None:
        if value:
            await asyncio.to_thread(self._store.set, name, value)
        else:
            await asyncio.to_thread(self._store.delete, name)
        self._cache[name] = value or None

    @property
    def backend_name(self) -> str:
        return self._store.backend_name

    @property
    def fallback_file(self) -> str:
        return str(self._store.fallback_file)


class ConfigService:
    """Global settings and secrets; `on_security_changed` re-applies the endpoint's key,
    Host allow-list and CORS origins after a change that affects them."""

    def __init__(
        self,
        *,
        settings: Settings,
        secrets: Secrets,
        bound_host: Callable[[], str | None],
        on_security_changed: Callable[[], None],
        unknown_flag: UnknownFlag | None = None,
        hf_endpoint: str | None = None,
    ) -> None:
        self._settings = settings
        self._secrets = secrets
        self._bound_host = bound_host
        self._on_security_changed = on_security_changed
        self._unknown_flag = unknown_flag
        self._hf_endpoint = hf_endpoint

    def settings(self) -> dict[str, SettingValue]:
        """Every setting's value now (a default where none is stored)."""
        return self._settings.as_dict()

    def value(self, key: str) -> SettingValue:
        return self._settings.get(key)  # type: ignore[no-any-return]  # one of SettingValue's

    def is_default(self, key: str) -> bool:
        """No value of its own: the setting follows its default."""
        return self._settings.is_default(key)

    def load_problem(self) -> Problem | None:
        """What is wrong with settings.json now (app.core.settings.settings.Settings.problem)."""
        return self._settings.problem

    async def reset(self, key: str) -> SettingValue:
        """Back to the default, checked like any change first: a default that breaks a rule
        between settings (a body budget below the largest body) is refused, nothing written."""
        spec = SPEC_BY_KEY.get(key)
        if spec is None:
            raise unknown_setting(key)
        check_together({**self._settings.as_dict(), key: spec.default})
        await asyncio.to_thread(self._settings.reset, key)
        return self.value(key)

    async def set_settings(self, changes: Mapping[str, object]) -> dict[str, SettingValue]:
        """Validate every change (each value, and the rules between them), then store."""
        coerced = await self.check_settings(changes)
        return await asyncio.to_thread(self._settings.set_many, coerced)

    async def check_settings(self, changes: Mapping[str, object]) -> dict[str, SettingValue]:
        """The changes as `set_settings` would store them, or ProblemError: what it refuses.
        Nothing is written (an import's plan checks its settings with this)."""
        coerced = {key: coerce(key, value) for key, value in changes.items()}
        check_together({**self._settings.as_dict(), **coerced})
        if "models.vllm_args" in coerced:
            await self._check_global_args(str(coerced["models.vllm_args"]))
        if coerced.get("engine.custom_command"):
            _check_command(str(coerced["engine.custom_command"]))
        await self._check_host(coerced)
        await self._check_port(coerced)
        host = coerced.get("proxy.host")
        if host is not None and not await asyncio.to_thread(self._secrets.value, "api_key"):
            check_host_needs_key(str(host))
        return coerced

    async def _check_global_args(self, text: str) -> None:
        if text != self._settings.get("models.vllm_args"):
            found = await self.global_args_problem(text)
            if found is not None:
                raise ProblemError(found)

    async def global_args_problem(self, text: str) -> Problem | None:
        """What is wrong with `text` as the global vllm_args: its own rules
        (app.core.models.vllm_args.check_global_args), then the engine's --help (an unknown
        flag)."""
        try:
            args = check_global_args(text)
        except ProblemError as exc:
            return exc.problem
        if self._unknown_flag is None:
            return None
        return await self._unknown_flag(args, GLOBAL_SOURCE)

    async def _check_host(self, coerced: Mapping[str, SettingValue]) -> None:
        """A new host must be one the endpoint can listen on (the one it has is not new)."""
        host = coerced.get("proxy.host")
        if host is None or host == self._settings.get("proxy.host"):
            return
        port = int(coerced.get("proxy.port", self._settings.get("proxy.port")))
        found = await asyncio.to_thread(port_check.host_problem, str(host), port)
        if found is not None:
            raise ProblemError(found)

    async def _check_port(self, coerced: Mapping[str, SettingValue]) -> None:
        """A new port must be free now (the endpoint's own port is not new: unchanged)."""
        port = coerced.get("proxy.port")
        if port is None or port == self._settings.get("proxy.port"):
            return
        host = str(coerced.get("proxy.host", self._settings.get("proxy.host")))
        found = await self.port_problem(host, int(port))
        if found is not None:
            raise ProblemError(found)

    async def port_problem(self, host: str, port: int) -> Problem | None:
        """Why the endpoint could not listen on `host`:`port` now (another program holds
        it), or None; the settings dialog asks as the port is typed."""
        return await asyncio.to_thread(port_check.port_problem, host, port)

    async def set_secret(self, name: str, value: str | None) -> None:
        """Store (or with an empty value, remove) a secret."""
        await self.set_secrets({name: value})

    async def set_secrets(self, changes: Mapping[str, str | None]) -> None:
        """Store (or with an empty value, remove) each secret, after checking them all: one
        refused stores none. Removing the key of an endpoint that listens on the network is
        refused before anything is deleted."""
        for name, value in changes.items():
            self._check_secret(name, value)
        for name, value in changes.items():
            await self._secrets.set(name, value)
        if "api_key" in changes:
            self._on_security_changed()

    def _check_secret(self, name: str, value: str | None) -> None:
        if name not in SECRET_NAMES:
            raise ProblemError(problem("config.unknown_secret", name=name))
        shape = None
        if name == "hf_token" and value:
            shape = hf_token_problem(value)
        elif name == "api_key" and value:
            shape = api_key_problem(value)
        if shape is not None:
            raise ProblemError(shape)
        if name == "api_key" and not value:
            for host in (self._bound_host(), str(self._settings.get("proxy.host"))):
                if host is not None:
                    check_host_needs_key(host)

    async def check_hf_token(self, token: str | None = None) -> str:
        """Ask the hub whose `token` (else the stored one) is: the account's name, or
        ProblemError with why not (its shape, the hub's refusal, no answer)."""
        token = (
            token if token is not None else await asyncio.to_thread(self._secrets.value, "hf_token")
        )
        if not token:
            raise ProblemError(problem("config.no_hf_token"))
        shape = hf_token_problem(token)
        if shape is not None:
            raise ProblemError(shape)
        from app.downloads.hub import token_problem, whoami  # huggingface_hub: when asked

        try:
            return await asyncio.to_thread(whoami, token, endpoint=self._hf_endpoint)
        except Exception as exc:
            raise ProblemError(token_problem(exc, self._hf_endpoint)) from None

    @property
    def secrets_backend(self) -> str:
        """Where secrets are kept: the keyring's name, or the fallback file."""
        return self._secrets.backend_name

    def secrets_place(self) -> tuple[str, str]:
        """(`secrets_backend`, the fallback file's path): what the window tells the user
        about where a token is kept. Finding the keyring may ask D-Bus: not on the loop."""
        return self._secrets.backend_name, self._secrets.fallback_file

    async def has_secret(self, name: str) -> bool:
        return bool(await asyncio.to_thread(self._secrets.value, name))


def _check_command(text: str) -> None:
    """Your own vLLM command must split as a shell splits it, as `engine use` requires: a
    quotation mark left open was stored and read back as "cannot be read" at every start."""
    try:
        shlex.split(text)
    except ValueError as exc:  # "No closing quotation" / "No escaped character"
        raise ProblemError(
            problem(
                "args.unbalanced_quote", source="engine.custom_command", text=text, reason=str(exc)
            )
        ) from exc


def check_host_needs_key(host: str) -> None:
    """An endpoint reachable from other computers needs an API key."""
    if not is_loopback_name(host):
        raise key_required(host)
