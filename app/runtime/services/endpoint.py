"""The endpoint as a use case: start and stop it, where it is, and whether another vLLM Tray
already serves this configuration (the one rule `bench`, `tune` and `batch run` follow)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

from app.core.problems import ProblemError, problem
from app.core.remotes import SERVER_VLLM_TRAY
from app.core.settings import Settings
from app.proxy.server import ProxyServer, local_url

log = logging.getLogger(__name__)

# Nothing listening is known at once (the connection is refused); a listener that is slow to
# answer (a busy machine, an app that is starting) is waited for, so it is not taken for "none"
# and a second app started beside it.
PROBE_CONNECT_S = 2.0
PROBE_ANSWER_S = 15.0


@dataclass(frozen=True)
class Endpoint:
    """Where requests go: an endpoint of vLLM Tray and its key (None when it needs none)."""

    url: str
    api_key: str | None = None

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers


class EndpointService:
    """Owns the running endpoint (app.proxy.ProxyServer, built by `make_proxy`).

    `host` and `port` override the settings (`vllm-tray serve --host/--port`, a command's
    own endpoint on a free port); `api_key` reads the endpoint's key (cached: no keyring on
    the loop). What the GUI shows of the endpoint is `Views.server()`.
    """

    def __init__(
        self,
        *,
        settings: Settings,
        api_key: Callable[[], str | None],
        make_proxy: Callable[[str, int], ProxyServer],
        host: str | None = None,
        port: int | None = None,
    ) -> None:
        self._settings = settings
        self._api_key = api_key
        self._make_proxy = make_proxy
        self._host = host
        self._port = port
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

    async def stop(self) -> None:
        proxy, self.proxy = self.proxy, None
        if proxy is not None:
            await proxy.stop()

    def update_security(
        self, api_key: str | None, allowed_hosts: list[str], cors_origins: list[str]
    ) -> None:
        """Key, Host allow-list and CORS apply to the running endpoint at once."""
        if self.proxy is not None:
            self.proxy.update_security(api_key, allowed_hosts, cors_origins)

    # -- another vLLM Tray on this configuration ------------------------------------------
    def configured_url(self) -> str:
        """Where this configuration's endpoint is reached from this machine."""
        host, port = str(self._settings.get("proxy.host")), int(self._settings.get("proxy.port"))
        return local_url(host, port)

    async def find_running(self) -> Endpoint | None:
        """The endpoint of a vLLM Tray (`serve` or the tray app) already running with this
        configuration, with the key to use it; None when none answers there.

        It is vLLM Tray when `/live` answers in its shape and its model list is vLLM Tray's
        (`owned_by`), so some other server on the port is never taken for it; both are
        cheap for the server (no engine is asked anything). A vLLM Tray that refuses this
        configuration's key is a ProblemError: starting a second app beside it would load
        every model twice.
        """
        url = self.configured_url()
        if not await _answers_live(url):
            return None
        endpoint = Endpoint(url, await asyncio.to_thread(self._api_key))
        status, body = await _get_json(endpoint, "/v1/models")
        if status == 401:
            raise ProblemError(problem("endpoint.refused_key", url=url))
        cards = body.get("data") if status == 200 and isinstance(body, dict) else None
        if isinstance(cards, list) and any(
            isinstance(card, dict) and card.get("owned_by") == SERVER_VLLM_TRAY for card in cards
        ):
            return endpoint
        return None

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


async def _get_json(endpoint: Endpoint, path: str) -> tuple[int | None, Any]:
    """(status, parsed body) of a GET, or (None, None) when nothing answers in time."""
    timeout = aiohttp.ClientTimeout(sock_connect=PROBE_CONNECT_S, sock_read=PROBE_ANSWER_S)
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.get(endpoint.url + path, headers=endpoint.headers()) as response,
        ):
            try:
                body = await response.json(content_type=None)
            except ValueError:
                body = None
            return response.status, body
    except (aiohttp.ClientError, TimeoutError, ValueError):
        return None, None


async def _answers_live(url: str) -> bool:
    """vLLM Tray's liveness answer, which needs no key: {"status": "ok"} on /live."""
    status, body = await _get_json(Endpoint(url), "/live")
    return status == 200 and isinstance(body, dict) and body.get("status") == "ok"
