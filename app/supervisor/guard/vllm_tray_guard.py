"""ASGI middleware vLLM Tray gives each vLLM child: every route but health and metrics needs the
child's own key.

vLLM checks its key only on paths under /v1, /v2, /inference and /cohere (vLLM 0.32,
entrypoints/serve/middleware/authenticate.py); /invocations, /pooling, /classify, /score,
/rerank, /tokenize and, in dev mode, /sleep and /collective_rpc answer anyone on the machine.
The app starts children with `--middleware vllm_tray_guard.KeyGuard`, this folder on their
PYTHONPATH and the key in VLLM_TRAY_CHILD_KEY, so a local user cannot bypass the endpoint's key
by talking to a child directly. Standard library only: it runs in the engine's own Python.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

KEY_VAR = "VLLM_TRAY_CHILD_KEY"
# What the app itself reads without a key: readiness and vLLM's own figures (no compute).
OPEN_PATHS = frozenset({"/health", "/metrics", "/ping", "/version"})
_REFUSED = b'{"error": "Unauthorized"}'


class KeyGuard:
    """Refuses (401) every HTTP request and WebSocket without `Authorization: Bearer KEY`,
    except OPTIONS and OPEN_PATHS. Without a key in the environment it lets all through."""

    def __init__(self, app: App) -> None:
        self.app = app
        key = os.environ.get(KEY_VAR, "")
        self._digest = _digest(key) if key else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            self._digest is None
            or scope.get("type") not in ("http", "websocket")
            or scope.get("method") == "OPTIONS"
            or _path(scope) in OPEN_PATHS
            or self._allowed(scope.get("headers") or ())
        ):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # policy violation
            return
        await send(
            {
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(_REFUSED)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": _REFUSED})

    def _allowed(self, headers: Iterable[tuple[bytes, bytes]]) -> bool:
        for name, value in headers:
            if name.lower() == b"authorization":
                scheme, _, token = value.decode("latin-1").partition(" ")
                if scheme.lower() != "bearer" or self._digest is None:
                    return False
                return hmac.compare_digest(_digest(token), self._digest)
        return False


def _path(scope: Scope) -> str:
    path = str(scope.get("path", ""))
    root = str(scope.get("root_path", ""))
    return path[len(root) :] if root and path.startswith(root) else path


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).digest()
