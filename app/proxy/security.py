"""Who may talk to the endpoint: bind address, Host header, Origin (CORS) and the API key."""

from __future__ import annotations

import hmac
import ipaddress
import re
from collections.abc import Iterable, Mapping
from enum import Enum

from aiohttp import web

from app.core.settings.listen_host import ip_of as _ip
from app.core.settings.listen_host import is_loopback_name, is_wildcard
from app.proxy import errors

_VERDICT_CACHE_SIZE = 256
CORS_ALLOW_METHODS = "GET, POST, OPTIONS"
CORS_MAX_AGE_S = "600"
# Set by the guard on a request that carried the endpoint's key (an endpoint without a key
# sets it on none): what a local user without the key may not do hangs on it (docs/proxy.md,
# "Security decisions").
KEY_CHECKED = web.RequestKey("proxy_key_checked", bool)
# What a request body may be sent as. aiohttp would decode gzip, deflate and br on its own,
# but every reader here sizes the body by its Content-Length (the encoded length: a gzip body
# was cut short and called bad JSON), an undecodable one could leave a request waiting for
# its body timeout, and vLLM takes none either.
_PLAIN_BODY = frozenset({"", "identity"})


# RFC 9110 §7.2 Host = uri-host [ ":" port ], uri-host being an [IPv6] literal or a name. Names
# are held to what DNS and /etc/hosts use; anything else (userinfo such as
# `localhost:8321@evil.example`, paths, spaces, percent-escapes) is not a host.
_HOST_RE = re.compile(
    r"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9_][A-Za-z0-9_.-]{0,252}))"
    r"(?::(?P<port>[0-9]{0,5}))?"
)


def parse_host(value: str) -> str | None:
    """The host of a Host header or of an absolute target's authority, lower-case and without
    port or trailing dot; None when `value` is not `host[:port]`."""
    text = value.strip()
    match = _HOST_RE.fullmatch(text)
    if match is None:
        # Some tools send a bare IPv6 address; unambiguous, so accepted.
        address = _ip(text)
        return text.lower() if isinstance(address, ipaddress.IPv6Address) else None
    if match["v6"] is not None:
        return match["v6"].lower() if isinstance(_ip(match["v6"]), ipaddress.IPv6Address) else None
    return match["name"].lower().rstrip(".")


def target_authority(target: str) -> str | None:
    """The authority of an absolute-form request target (`http://HOST[:PORT]/path`), "" when
    the target is not absolute-form, None when it is but not a plain http(s) authority."""
    if target.startswith("/") or "://" not in target:
        return ""
    scheme, _, rest = target.partition("://")
    if scheme.lower() not in {"http", "https"}:
        return None
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    return rest[:end]


def host_without_port(header: str) -> str:
    """The name part of a Host header: `[::1]:8321` → `::1`, `localhost:80` → `localhost`."""
    value = header.strip()
    if value.startswith("["):
        end = value.find("]")
        return value[1:end] if end > 0 else value
    if value.count(":") == 1:  # name:port; more colons means a bare IPv6 address
        return value.split(":", 1)[0]
    return value


class HostVerdict(Enum):
    ALLOWED = "allowed"
    FOREIGN = "foreign"  # a host name this endpoint does not answer to: 403
    INVALID = "invalid"  # not a host name at all: 400


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
        self._verdicts: dict[str, HostVerdict] = {}

    def verdict(self, header: str | None) -> HostVerdict:
        if header is None:
            return HostVerdict.ALLOWED
        verdict = self._verdicts.get(header)
        if verdict is None:
            name = parse_host(header)
            if name is None:
                verdict = HostVerdict.INVALID
            elif is_loopback_name(name) or name in self._allowed:
                verdict = HostVerdict.ALLOWED
            else:
                verdict = HostVerdict.FOREIGN
            if len(self._verdicts) < _VERDICT_CACHE_SIZE:  # bounded: Host is client-chosen
                self._verdicts[header] = verdict
        return verdict

    def allows(self, header: str | None) -> bool:
        return self.verdict(header) is HostVerdict.ALLOWED


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
        # aiohttp decodes header bytes as UTF-8 with surrogateescape, so a value that is not
        # UTF-8 holds lone surrogates; encoding it back the same way gives the bytes that
        # were sent, and a wrong key is just a wrong key, never an exception.
        sent = token.strip().encode("utf-8", "surrogateescape")
        return hmac.compare_digest(sent, self._key)


class Gate:
    """Who may pass, asked once per request as it enters: Host (and an absolute target's
    authority), Origin and its CORS preflight, the key, and the body's encoding."""

    def __init__(
        self,
        api_key: str | None,
        allowed_hosts: Iterable[str],
        cors_origins: Iterable[str],
        bind_host: str,
        open_paths: frozenset[str],  # answered without the key: they name nothing private
    ) -> None:
        self.key = ApiKey(api_key)
        self.hosts = HostPolicy(allowed_hosts, bind_host)
        self.cors = CorsPolicy(cors_origins)
        self._open_paths = open_paths

    def admit(self, request: web.Request) -> web.Response | None:
        """Raise the problem of a request that may not pass; the answer to a CORS preflight;
        None for a request the handler may take."""
        headers = request.headers
        self._check_host(headers.get("Host"), request.raw_path)
        origin = headers.get("Origin")
        if origin is not None:
            if not self.cors.allows(origin):
                raise errors.forbidden_origin(origin)
            if request.method == "OPTIONS" and "Access-Control-Request-Method" in headers:
                # Preflights carry no credentials by design, so they skip the key check.
                preflight = self.cors.preflight_headers(origin, headers)
                return web.Response(status=204, headers=preflight)
        if request.path in self._open_paths:
            return None
        if not self.key.accepts(headers.get("Authorization")):
            raise errors.unauthorized()
        request[KEY_CHECKED] = self.key.required
        encoding = headers.get("Content-Encoding", "").strip().lower()
        if encoding not in _PLAIN_BODY and request.body_exists:
            raise errors.body_encoded(encoding)
        return None

    def _check_host(self, host: str | None, target: str) -> None:
        """Host, and the authority of an absolute-form target (`GET http://HOST/path`), which
        RFC 9112 §3.2.2 says a server uses instead of Host: both must name this endpoint."""
        authority = target_authority(target)
        for value in (host, authority or None):
            verdict = self.hosts.verdict(value)
            if verdict is HostVerdict.INVALID:
                raise errors.bad_host(value or "")
            if verdict is HostVerdict.FOREIGN:
                raise errors.forbidden_host(value or "")
        if authority is None:
            raise errors.bad_host(target[:100])
