"""The endpoint's settings as the proxy takes them: its limits, its comma-separated lists, and
its security (key, Host allow-list, CORS origins), which follows the settings and secrets."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from app.core.events import EventBus
from app.core.settings.settings import Settings
from app.proxy.limits import DEFAULT_LIMITS, MIB, ProxyLimits

if TYPE_CHECKING:
    from app.proxy.server import ProxyServer
    from app.runtime.api.services import Services
    from app.runtime.batch.batch import BatchService
    from app.runtime.services.config import Secrets
    from app.runtime.services.endpoint import EndpointService

log = logging.getLogger(__name__)

SECURITY_SETTINGS = ("proxy.allowed_hosts", "proxy.cors_origins")


def proxy_limits(settings: Settings) -> ProxyLimits:
    """The endpoint's limits from the settings (docs/proxy.md, "Limits and security")."""

    def seconds_or_none(key: str) -> float | None:
        value = float(settings.get(key))
        return value if value > 0 else None

    max_body = int(settings.get("proxy.max_body_mb")) * MIB
    return dataclasses.replace(
        DEFAULT_LIMITS,
        max_connections=int(settings.get("proxy.max_connections")),
        idle_timeout_s=float(settings.get("proxy.idle_timeout_s")),
        header_timeout_s=float(settings.get("proxy.header_timeout_s")),
        body_timeout_s=float(settings.get("proxy.body_timeout_s")),
        max_body_bytes=max_body,
        # One body of the largest size must always fit (the settings use case checks this).
        body_budget_bytes=max(max_body, int(settings.get("proxy.body_budget_mb")) * MIB),
        upstream_first_byte_timeout_s=seconds_or_none("proxy.upstream_first_byte_timeout_s"),
        upstream_idle_timeout_s=seconds_or_none("proxy.upstream_idle_timeout_s"),
        sse_keepalive_s=seconds_or_none("proxy.sse_keepalive_s"),
        max_n=int(settings.get("proxy.max_n")),
        allow_request_chat_templates=bool(settings.get("proxy.allow_request_chat_templates")),
    )


def csv_setting(value: object) -> list[str]:
    return [part.strip() for part in str(value).split(",") if part.strip()]


class EndpointSecurity:
    """The endpoint's key (a secret), Host allow-list and CORS origins (settings), given to
    each endpoint built and applied to the running one as soon as either changes."""

    def __init__(
        self,
        settings: Settings,
        secrets: Secrets,
        endpoint: Callable[[], EndpointService | None],  # None: no endpoint was built
    ) -> None:
        self._settings = settings
        self._secrets = secrets
        self._endpoint = endpoint

    def proxy(
        self, services: Services, bus: EventBus, batches: BatchService, host: str, port: int
    ) -> ProxyServer:
        """The endpoint on `host`:`port`, answering through the services."""
        from app.proxy.server import ProxyServer
        from app.runtime.composition.endpoint import EndpointApi

        api = EndpointApi(services)
        key, hosts, origins = self._current()
        return ProxyServer(
            api,
            api,
            bus,
            host=host,
            port=port,
            api_key=key,
            allowed_hosts=hosts,
            cors_origins=origins,
            limits=proxy_limits(self._settings),
            batches=batches,
        )

    def setting_changed(self, key: str) -> None:
        if key in SECURITY_SETTINGS:
            self.apply()

    async def reload_secrets(self) -> None:
        """A key set from another process (`vllm-tray config set-secret`) applies at once."""
        if "api_key" in await self._secrets.reload():
            log.info("the endpoint's key was changed by another process; it applies now")
            self.apply()

    def apply(self) -> None:
        """Key, Host allow-list and CORS apply to the running endpoint at once."""
        endpoint = self._endpoint()
        if endpoint is not None:
            endpoint.update_security(*self._current())

    def _current(self) -> tuple[str | None, list[str], list[str]]:
        return (
            self._secrets.value("api_key"),
            csv_setting(self._settings.get("proxy.allowed_hosts")),
            csv_setting(self._settings.get("proxy.cors_origins")),
        )
