"""Who may talk to the endpoint: bind address, Host header, Origin (CORS) and the API key."""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Iterable, Mapping

LOOPBACK_NAMES = frozenset({"localhost"})
_VERDICT_CACHE_SIZE = 256
CORS_ALLOW_METHODS = "GET, POST, OPTIONS"
CORS_MAX_AGE_S = "600"


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def is_loopback_name(host: str) -> bool:
    """Whether `host` (a name or an address, no port) can only mean this machine."""
    name = host.strip().lower().rstrip(".")
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    if name in LOOPBACK_NAMES:
        return True
    address = _ip(name)
    if address is None:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def is_wildcard(host: str) -> bool:
    name = host.strip()
    return name in {"", "*"} or ((address := _ip(name)) is not None and address.is_unspecified)


def host_without_port(header: str) -> str:
    """The name part of a Host header: `[::1]:8321` → `::1`, `localhost:80` → `localhost`."""
    value = header.strip()
    if value.startswith("["):
        end = value.find("]")
        return value[1:end] if end > 0 else value
    if value.count(":") == 1:  # name:port; more colons means a bare IPv6 address
        return value.split(":", 1)[0]
    return value


class HostPolicy:
    """Answers only requests addressed to loopback names or to the configured hosts.

    A DNS-rebinding attack makes a browser send requests to 127.0.0.1 with the attacker's
    domain in Host (Ollama's CVE-2024-28224); refusing unknown Host names stops it. A request
    without Host cannot come from a browser (they always send it), so it is let through.
    """

    def __init__(self, allowed_hosts: Iterable[str], bind_host: str) -> None:
        allowed = {host_without_port(h).lower().rstrip(".") for h in allowed_hosts if h.strip()}
        # The concrete address the endpoint is bound to is what LAN clients type; an IP
        # literal in Host cannot be the product of DNS rebinding.
        if not is_wildcard(bind_host) and _ip(bind_host.strip("[]")) is not None:
            allowed.add(bind_host.strip("[]").lower())
        self._allowed = frozenset(allowed)
        # Clients send the same few Host values over and over; parsing addresses each time
        # showed up in the per-request profile.
        self._verdicts: dict[str, bool] = {}

    def allows(self, header: str | None) -> bool:
        if header is None:
            return True
        verdict = self._verdicts.get(header)
        if verdict is None:
            name = host_without_port(header).lower().rstrip(".")
            verdict = is_loopback_name(name) or name in self._allowed
            if len(self._verdicts) < _VERDICT_CACHE_SIZE:  # bounded: Host is client-chosen
                self._verdicts[header] = verdict
        return verdict


class CorsPolicy:
    """CORS answers only for configured origins; every other browser origin is refused.

    Refusing (rather than merely omitting CORS headers) matters because a "simple" cross-site
    POST is sent by the browser without a preflight: the response would be hidden from the
    page, but the request, e.g. an unload, would still run.
    """

    def __init__(self, origins: Iterable[str]) -> None:
        cleaned = {o.strip().rstrip("/").lower() for o in origins if o.strip()}
        self._any = "*" in cleaned
        self._origins = frozenset(cleaned - {"*"})

    def allows(self, origin: str) -> bool:
        return self._any or origin.strip().rstrip("/").lower() in self._origins

    @staticmethod
    def response_headers(origin: str) -> dict[str, str]:
        return {"Access-Control-Allow-Origin": origin, "Vary": "Origin"}

    @staticmethod
    def preflight_headers(origin: str, request_headers: Mapping[str, str]) -> dict[str, str]:
        headers = {
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Methods": CORS_ALLOW_METHODS,
            "Access-Control-Max-Age": CORS_MAX_AGE_S,
            "Vary": "Origin",
        }
        asked = request_headers.get("Access-Control-Request-Headers")
        if asked:
            headers["Access-Control-Allow-Headers"] = asked
        return headers


class ApiKey:
    """The Bearer check, in constant time so the key cannot be guessed byte by byte."""

    def __init__(self, key: str | None) -> None:
        self._key = key.encode() if key else None

    @property
    def required(self) -> bool:
        return self._key is not None

    def accepts(self, authorization: str | None) -> bool:
        if self._key is None:
            return True
        if not authorization:
            return False
        scheme, _, token = authorization.strip().partition(" ")
        if scheme.lower() != "bearer":
            return False
        return hmac.compare_digest(token.strip().encode(), self._key)
