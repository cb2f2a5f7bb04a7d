"""The endpoint's settings as the proxy takes them: its limits and its comma-separated lists."""

from __future__ import annotations

import dataclasses

from app.core.settings import Settings
from app.proxy.limits import DEFAULT_LIMITS, MIB, ProxyLimits


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
