"""Where the endpoint listens: whether a host can only mean this machine, and the refusal to
listen beyond it without a key (docs/proxy.md). Pure: the settings check and the proxy's
guard both ask it."""

from __future__ import annotations

import ipaddress

from app.core.problems.problems import ProblemError, problem

LOOPBACK_NAMES = frozenset({"localhost"})


def ip_of(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """`text` as an IP address, or None."""
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
    address = ip_of(name)
    if address is None:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def is_wildcard(host: str) -> bool:
    name = host.strip()
    return name in {"", "*"} or ((address := ip_of(name)) is not None and address.is_unspecified)


def key_required(host: str) -> ProblemError:
    """Listening beyond this machine without a key is refused (docs/proxy.md)."""
    return ProblemError(problem("proxy.key_required", host=host, setting="proxy.host"))
