"""Whether the endpoint could listen on a host and port now: asked before a port is stored,
so that a port another program holds is refused when typed, not at the next start."""

from __future__ import annotations

import errno
import socket

from app.core.problems.problems import Problem, echoed, problem


def port_problem(host: str, port: int) -> Problem | None:
    """`settings.port_in_use` when another program listens on `port` at `host`, else None.
    May resolve a host name: call it off the GUI thread and the runtime loop."""
    errors = _bind_errors(host, port)
    if errors is not None and errno.EADDRINUSE in errors:
        return port_in_use(host, port)
    return None  # an address that does not resolve is the host field's to say


def host_problem(host: str, port: int) -> Problem | None:
    """`settings.not_a_local_address` when the endpoint could not listen on `host` at all:
    a name that does not resolve ("not a host"), an address in brackets ("[::1]", a URL's
    spelling, not an address), an address of another computer; else None. Asked before a
    new host is stored, so that the next start does not end in "Name or service not known".
    May resolve a host name: call it off the GUI thread and the runtime loop."""
    if host.startswith("[") or any(c.isspace() for c in host):
        return not_a_local_address(host)
    errors = _bind_errors(host, port)
    if errors is None or errno.EADDRNOTAVAIL in errors:
        return not_a_local_address(host)
    return None


def _bind_errors(host: str, port: int) -> set[int] | None:
    """The errno of each failed bind of a socket the way the endpoint's server binds
    (SO_REUSEADDR, every address `host` names: a port left in TIME_WAIT by a closed server
    is free to it); None when `host` does not resolve."""
    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, UnicodeError):  # gaierror; UnicodeError: a label IDNA cannot encode
        return None
    errors: set[int] = set()
    for family, kind, proto, _name, address in infos:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                probe.bind(address)
        except OSError as exc:
            errors.add(exc.errno or 0)
    return errors


def not_a_local_address(host: str) -> Problem:
    return problem("settings.not_a_local_address", key="proxy.host", host=echoed(host))


def port_in_use(host: str, port: int) -> Problem:
    return problem("settings.port_in_use", key="proxy.port", port=port, host=host)
