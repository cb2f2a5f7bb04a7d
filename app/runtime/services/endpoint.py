"""The endpoint as a use case: start and stop it, where it is, and whether another vLLM Tray
already serves this configuration (the one rule `chat`, `bench`, `tune` and `batch run` follow).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import psutil

from app.core.jsonstore import atomic_write_text
from app.core.problems.problems import Problem, ProblemError, problem
from app.core.remotes.remotes import SERVER_VLLM_TRAY
from app.core.settings.settings import Settings
from app.core.untrusted import one_line, parse_json
from app.proxy.instance import INSTANCE_PATH, is_secret, new_challenge, new_secret, proves
from app.proxy.server import ProxyServer, local_url
from app.runtime.api.values import Endpoint

log = logging.getLogger(__name__)

# Nothing listening is known at once (the connection is refused); a listener that is slow to
# answer (a busy machine, an app that is starting) is waited for, so it is not taken for "none"
# and a second app started beside it. A listener that dribbles its answer is given up on.
PROBE_CONNECT_S = 2.0
PROBE_ANSWER_S = 15.0
PROBE_TOTAL_S = 40.0
# The largest probe answer read: the app's model list with every remote's models fits many
# times over; whatever else listens on the port cannot make the CLI hold more.
PROBE_MAX_BYTES = 4 * 2**20


class EndpointService:
    """Owns the running endpoint (app.proxy.ProxyServer, built by `make_proxy`).

    `host` and `port` override the settings (`vllm-tray serve --host/--port`, a command's
    own endpoint on a free port); `api_key` reads the endpoint's key (cached: no keyring on
    the loop); `secret_file` is where an endpoint on this configuration's port keeps the
    secret it proves its identity with (app.proxy.instance). What the GUI shows of the
    endpoint is `Views.server()`.
    """

    def __init__(
        self,
        *,
        settings: Settings,
        api_key: Callable[[], str | None],
        make_proxy: Callable[[str, int], ProxyServer],
        secret_file: Path | None = None,
        host: str | None = None,
        port: int | None = None,
    ) -> None:
        self._settings = settings
        self._api_key = api_key
        self._make_proxy = make_proxy
        self._secret_file = secret_file
        self._host = host
        self._port = port
        self._secret: str | None = None  # written to secret_file while serving the set port
        self.proxy: ProxyServer | None = None

    @property
    def url(self) -> str | None:
        return self.proxy.url if self.proxy is not None else None

    @property
    def bound_host(self) -> str | None:
        """The address the running endpoint listens on (None while stopped)."""
        return self.proxy.host if self.proxy is not None else None

    def local(self) -> Endpoint | None:
        """This app's own endpoint and its key, while it runs."""
        url = self.url
        return Endpoint(url, self._api_key()) if url is not None else None

    async def start(self) -> None:
        """Start the endpoint (nothing when it runs); a failure is published as
        ServerStateChanged and raised."""
        if self.proxy is None:
            host = self._host if self._host is not None else str(self._settings.get("proxy.host"))
            port = self._port if self._port is not None else int(self._settings.get("proxy.port"))
            proxy = self._make_proxy(host, port)
            await proxy.start()
            self.proxy = proxy
            if self._secret_file is not None and port and port == self._set_port():
                # Only once the port is ours: a start that failed to bind never replaces
                # the secret of the app that holds it.
                await self._write_secret(proxy, port, self._secret_file)

    async def _write_secret(self, proxy: ProxyServer, port: int, path: Path) -> None:
        secret = new_secret()
        proxy.instance.arm(secret, port)
        try:
            await asyncio.to_thread(atomic_write_text, path, secret)
        except OSError as exc:  # the endpoint serves; only the CLI cannot find it
            log.warning(
                "could not write %s (%s): vllm-tray commands will not use this app", path, exc
            )
            return
        self._secret = secret

    async def stop(self) -> None:
        proxy, self.proxy = self.proxy, None
        secret, self._secret = self._secret, None
        try:
            if proxy is not None:
                await proxy.stop()
        finally:
            # After the stop: a CLI asking while its requests finish still finds its app.
            if secret is not None and self._secret_file is not None:
                await asyncio.to_thread(_remove_if_ours, self._secret_file, secret)

    def update_security(
        self, api_key: str | None, allowed_hosts: list[str], cors_origins: list[str]
    ) -> None:
        """Key, Host allow-list and CORS apply to the running endpoint at once."""
        if self.proxy is not None:
            self.proxy.update_security(api_key, allowed_hosts, cors_origins)

    # -- another vLLM Tray on this configuration ------------------------------------------
    def _set_port(self) -> int:
        return int(self._settings.get("proxy.port"))

    def configured_url(self) -> str:
        """Where this configuration's endpoint is reached from this machine."""
        return local_url(str(self._settings.get("proxy.host")), self._set_port())

    async def find_running(self) -> Endpoint | None:
        """The endpoint of a vLLM Tray (`serve` or the tray app) already running with this
        configuration, with the key to use it; None when none answers there.

        It is this configuration's app when `/live` answers in its shape and the listener
        proves, to a fresh challenge sent without the key, that it knows the secret the app
        wrote in this configuration's state folder (app.proxy.instance says why). Nothing else
        ever gets the key or a prompt. A listener that cannot prove it but says it is vLLM
        Tray (its model cards, asked without the key) is a ProblemError naming the program
        that holds the port: a squatter, or the app of another configuration on the same
        port. Some other server (Lemonade, say) is None, as nothing running. A proven app
        that refuses this configuration's key is a ProblemError: starting a second app
        beside it would load every model twice. Every probe is cheap for the server (no
        engine is asked anything).
        """
        url, port = self.configured_url(), self._set_port()
        if not await _answers_live(url):
            return None
        if await self._proven(url, port):
            endpoint = Endpoint(url, await asyncio.to_thread(self._api_key))
            status, _ = await _get_json(endpoint, "/v1/models")
            if status == 401:
                raise ProblemError(problem("endpoint.refused_key", url=url))
            return endpoint
        if await _claims_vllm_tray(url):
            raise ProblemError(await asyncio.to_thread(port_held, url, port))
        return None

    async def _proven(self, url: str, port: int) -> bool:
        """Whether the listener at `url` knows this configuration's instance secret."""
        secret = (
            None
            if self._secret_file is None
            else await asyncio.to_thread(read_secret, self._secret_file)
        )
        if secret is None:
            return False
        challenge = new_challenge()
        status, body = await _get_json(Endpoint(url), f"{INSTANCE_PATH}?challenge={challenge}")
        answer = body.get("proof") if status == 200 and isinstance(body, dict) else None
        return proves(secret, challenge, port, answer)

    async def at(self, url: str) -> Endpoint:
        """The vLLM Tray endpoint at `url` (a user named it), used with this configuration's
        key."""
        return Endpoint(url.rstrip("/"), await asyncio.to_thread(self._api_key))

    async def loaded_models(self, endpoint: Endpoint) -> frozenset[str]:
        """The models the vLLM Tray at `endpoint` has loaded (empty when it does not say)."""
        status, body = await _get_json(endpoint, "/v1/health")
        if status != 200 or not isinstance(body, dict):
            return frozenset()
        loaded = body.get("all_models_loaded", [])
        return frozenset(
            str(m["model_name"]) for m in loaded if isinstance(m, dict) and "model_name" in m
        )


def read_secret(path: Path) -> str | None:
    """The instance secret an endpoint of this configuration wrote, if one runs (else None)."""
    try:
        with path.open("rb") as fh:
            text = fh.read(256).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if is_secret(text) else None


def _remove_if_ours(path: Path, secret: str) -> None:
    """Remove the secret file unless another start of this configuration replaced it."""
    if read_secret(path) == secret:
        with contextlib.suppress(OSError):
            path.unlink()


def port_held(url: str, port: int) -> Problem:
    """The problem "another program holds the port", naming it when it is the user's own
    process (the kernel tells only those of one's own processes; another user's is unnamed)."""
    holder = port_holder(port)
    if holder is None:
        return problem("endpoint.port_held", port=port, url=url)
    return problem("endpoint.port_held_by", port=port, url=url, pid=holder[0], name=holder[1])


def port_holder(port: int) -> tuple[int, str] | None:
    """(pid, name) of a process of this user listening on TCP `port`, or None when unknown."""
    try:
        connections = psutil.net_connections(kind="tcp")
    except (psutil.Error, OSError):  # macOS asks for root; a /proc that cannot be read
        return None
    for conn in connections:
        if conn.status != psutil.CONN_LISTEN or not conn.pid or not conn.laddr:
            continue
        if conn.laddr.port != port:
            continue
        try:
            name = psutil.Process(conn.pid).name()
        except (psutil.Error, OSError):
            continue
        return conn.pid, one_line(name)[:80] or "?"
    return None


async def _get_json(endpoint: Endpoint, path: str) -> tuple[int | None, Any]:
    """(status, parsed body) of a GET, or (None, None) when nothing answers in time; a body
    over PROBE_MAX_BYTES or not JSON is None."""
    timeout = aiohttp.ClientTimeout(
        total=PROBE_TOTAL_S, sock_connect=PROBE_CONNECT_S, sock_read=PROBE_ANSWER_S
    )
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.get(
                endpoint.url + path, headers=endpoint.headers(), allow_redirects=False
            ) as response,
        ):
            raw = await _read_bounded(response, PROBE_MAX_BYTES)
            try:
                body = parse_json(raw) if raw is not None else None
            except (json.JSONDecodeError, UnicodeDecodeError):
                body = None
            return response.status, body
    except (aiohttp.ClientError, TimeoutError, ValueError):
        return None, None


async def _read_bounded(response: aiohttp.ClientResponse, limit: int) -> bytes | None:
    """The body, or None once it is longer than `limit` (the rest is never read)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.content.iter_chunked(64 * 1024):
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def _claims_vllm_tray(url: str) -> bool:
    """Whether the listener at `url` says it is vLLM Tray: a card of its model list, asked
    without the key, is owned by vLLM Tray."""
    status, body = await _get_json(Endpoint(url), "/v1/models")
    cards = body.get("data") if status == 200 and isinstance(body, dict) else None
    return isinstance(cards, list) and any(
        isinstance(card, dict) and card.get("owned_by") == SERVER_VLLM_TRAY for card in cards
    )


async def _answers_live(url: str) -> bool:
    """vLLM Tray's liveness answer, which needs no key: {"status": "ok"} on /live."""
    status, body = await _get_json(Endpoint(url), "/live")
    return status == 200 and isinstance(body, dict) and body.get("status") == "ok"
