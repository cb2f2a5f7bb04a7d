"""Asking a remote vLLM server for its models: one GET /v1/models, its answer as a Probe."""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.core.problems.problems import Problem
from app.core.remotes.remotes import (
    ModelList,
    RemoteServer,
    missing_env_key,
    needs_key,
    not_a_model_list,
    parse_model_list,
    refused_key,
    unreachable,
)
from app.core.untrusted import parse_json

PROBE_CONNECT_TIMEOUT_S = 3.0
PROBE_TIMEOUT_S = 5.0  # the whole check: a LAN server answers /v1/models in milliseconds
MAX_MODEL_LIST_BYTES = 4 * 2**20


if TYPE_CHECKING:
    import aiohttp


@dataclass(frozen=True)
class Probe:
    """One check's answer."""

    listing: ModelList | None
    problem: Problem | None


class RemoteProber:
    """Owns the HTTP session the checks use; created lazily, on the loop that first asks."""

    def __init__(self) -> None:
        self._session: aiohttp.ClientSession | None = None

    async def probe(self, remote: RemoteServer, key: str | None) -> Probe:
        """GET /v1/models with the remote's key; never raises."""
        import aiohttp  # imported when used: a quick command never loads it

        from app.proxy.upstream import describe  # aiohttp: when used

        headers = {"Accept": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        try:
            async with asyncio.timeout(PROBE_TIMEOUT_S):
                async with self._client().get(
                    remote.url + "/v1/models", headers=headers, allow_redirects=False
                ) as response:
                    status = response.status
                    data = await _read_capped(response)
        except TimeoutError:
            reason = f"no answer within {PROBE_TIMEOUT_S:g} s"
            return Probe(None, unreachable(remote.name, remote.url, reason))
        except aiohttp.ClientConnectorCertificateError:
            reason = "its TLS certificate is not trusted"
            return Probe(None, unreachable(remote.name, remote.url, reason))
        except aiohttp.ClientSSLError:
            reason = "the TLS handshake failed"
            return Probe(None, unreachable(remote.name, remote.url, reason))
        except aiohttp.ClientError as exc:
            return Probe(None, unreachable(remote.name, remote.url, describe(exc)))
        except ValueError as exc:  # larger than any model list
            return Probe(None, not_a_model_list(remote.name, remote.url, str(exc)))
        return _answer(remote, key, status, data)

    def _client(self) -> aiohttp.ClientSession:
        # Created lazily: a session belongs to the loop it is made on (the CLI's own one).
        import aiohttp  # imported when used: a quick command never loads it

        if self._session is None:
            self._session = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(
                    total=PROBE_TIMEOUT_S, sock_connect=PROBE_CONNECT_TIMEOUT_S
                ),
                cookie_jar=aiohttp.DummyCookieJar(),
                # An HTTP(S)_PROXY of the environment is not used (aiohttp's default), as for
                # the relay: requests go to the remote directly.
            )
        return self._session

    async def aclose(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.close()


def _answer(remote: RemoteServer, key: str | None, status: int, data: bytes) -> Probe:
    """What an HTTP answer to GET /v1/models says about the remote."""
    if status in (401, 403):
        if remote.api_key_env and not os.environ.get(remote.api_key_env):
            return Probe(None, missing_env_key(remote.name, remote.api_key_env))
        if not key:
            return Probe(None, needs_key(remote.name, remote.url, status))
        return Probe(None, refused_key(remote.name, remote.url, status))
    if status != 200:
        detail = f"HTTP {status}"
        return Probe(None, not_a_model_list(remote.name, remote.url, detail))
    try:
        return Probe(parse_model_list(parse_json(data)), None)
    except ValueError as exc:
        return Probe(None, not_a_model_list(remote.name, remote.url, str(exc)))


async def _read_capped(response: aiohttp.ClientResponse) -> bytes:
    parts: list[bytes] = []
    size = 0
    async for chunk in response.content.iter_chunked(64 * 1024):
        size += len(chunk)
        if size > MAX_MODEL_LIST_BYTES:
            raise ValueError("the model list is larger than 4 MiB")
        parts.append(chunk)
    return b"".join(parts)
