"""Which vLLM Tray answers on a port: the endpoint proves it knows its instance secret.

Why this design (docs/proxy.md, "Security decisions"): the CLI (`chat`, `batch run`, `bench`,
`tune`) looks for the app running with its configuration on the configured port, and must not
send that configuration's API key or a prompt to whatever else listens there (another local
user's program, the app of another configuration on the same port). When its endpoint has
bound the configured port, the app writes a random secret, 0600 and atomically, in its state
folder (0700, the user's alone) and removes it on stop. The CLI reads it, sends a fresh random
challenge to `GET /api/v1/instance` — without the key — and takes the listener for its app only
when the answer is HMAC-SHA256(secret, challenge, port), compared in constant time. Only a
process that could read the user's state folder knows the secret; the answer never reveals it,
and a fresh challenge each time makes a recorded answer useless; the port in the message makes
an answer relayed from the app on another port useless too.

A UNIX socket in the state folder would prove the same, but every client (aiohttp, httpx, the
load generator) would then need a second transport; a challenge on the existing port changes
only the lookup.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from aiohttp import web

from app.proxy import errors

INSTANCE_PATH = "/api/v1/instance"
SECRET_BYTES = 32
CHALLENGE_BYTES = 32
# What the endpoint accepts as a challenge: hex, at least as long as the CLI's, bounded.
CHALLENGE = re.compile(r"[0-9a-f]{32,128}")
_SECRET = re.compile(r"[0-9a-f]{64}")
_LABEL = b"vllm-tray instance proof v1\x00"


def new_secret() -> str:
    """A fresh instance secret, as the hex text its file holds."""
    return secrets.token_hex(SECRET_BYTES)


def new_challenge() -> str:
    return secrets.token_hex(CHALLENGE_BYTES)


def is_secret(text: str) -> bool:
    return _SECRET.fullmatch(text) is not None


def prove(secret: str, challenge: str, port: int) -> str:
    """The answer to `challenge` of the endpoint on `port` that knows `secret`."""
    message = _LABEL + challenge.encode("ascii") + b"\x00" + str(port).encode("ascii")
    return hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()


def proves(secret: str, challenge: str, port: int, answer: object) -> bool:
    """Whether `answer` (anything a listener sent) is the proof for this challenge and port."""
    if not isinstance(answer, str) or not answer.isascii():
        return False
    return hmac.compare_digest(prove(secret, challenge, port), answer)


class InstanceRoute:
    """`GET /api/v1/instance?challenge=HEX` → {"object": "vllm-tray.instance", "proof": HEX}.

    Needs no key (the caller has not yet decided whether to send it). Answers 404 until the
    endpoint is armed with its secret and port (`arm`), as an endpoint without one would.
    """

    def __init__(self) -> None:
        self._secret: str | None = None
        self._port = 0

    def arm(self, secret: str | None, port: int = 0) -> None:
        self._secret, self._port = secret, port

    def register(self, router: web.UrlDispatcher) -> None:
        router.add_get(INSTANCE_PATH, self.answer)

    async def answer(self, request: web.Request) -> web.Response:
        if self._secret is None:
            raise errors.not_found(request.path)
        challenge = request.query.get("challenge", "")
        if CHALLENGE.fullmatch(challenge) is None:
            raise errors.bad_field("challenge", "32 to 128 hexadecimal digits")
        proof = prove(self._secret, challenge, self._port)
        return web.json_response({"object": "vllm-tray.instance", "proof": proof})
