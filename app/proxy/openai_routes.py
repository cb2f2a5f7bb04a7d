"""The OpenAI-compatible routes: the model list, health, and the relays to each model's child."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from aiohttp import web
from yarl import URL

from app.core.contracts import Backend, ModelController, ModelView
from app.core.engines.shield import (
    ALLOW_CHAT_TEMPLATES,
    affecting_names,
    in_force,
    refusal,
)
from app.core.problems.problems import ProblemError
from app.core.redact import redact_argv
from app.core.remotes.remotes import RemoteView
from app.core.states import ProcessState
from app.proxy import errors
from app.proxy import keepalive as keepalives
from app.proxy.bodies import BodyReader, json_response, parse_object
from app.proxy.in_flight import InFlight
from app.proxy.keepalive import KeepAlive
from app.proxy.limits import ProxyLimits
from app.proxy.memory import HeldBody
from app.proxy.relay import Relay
from app.proxy.relay_errors import too_many_choices
from app.proxy.upstream import (
    ChildDisconnectedError,
    ChildUnreachableError,
    Upstream,
)

log = logging.getLogger(__name__)

# Routes whose JSON body names a model and that vLLM serves; each is relayed to the same path
# on the child. Lemonade's clients use the same routes under /api/v1, so those are aliases.
RELAYED_PATHS = (
    "/v1/chat/completions",
    "/v1/completions",
    "/v1/responses",
    "/v1/embeddings",
    "/v1/messages",
    "/v1/score",
    "/v1/rerank",
    "/v2/rerank",
    "/rerank",
    "/score",
    "/pooling",
    "/classify",
    "/tokenize",
    "/detokenize",
)
LEMONADE_ALIASES = ("/v1/chat/completions", "/v1/completions", "/v1/responses", "/v1/embeddings")
LIVENESS_PATHS = frozenset({"/live", "/health"})
# A child that refuses connections was killed a moment ago and the supervisor is on it: the
# request asks the controller once more after this pause (nothing had been sent).
CHILD_GONE_PAUSE_S = 0.25
# How long to wait for the supervisor to say that a child which dropped a connection is gone.
CHILD_GONE_WAIT_S = 3.0
# The states in which /v1/health lists a model as loaded.
LOADED = frozenset({ProcessState.RUNNING, ProcessState.SLEEPING})


# Everything a query may hold as it is; anything else (a space, a control or non-ASCII
# character that a lenient client sent raw) is percent-encoded, since it could not go on a
# request line.
_QUERY_SAFE = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) != "#")


@functools.lru_cache(maxsize=256)
def _base_and_route(base_url: str, path: str) -> str:
    """The backend and the route, encoded by yarl (an IDN host, a non-ASCII prefix) once per
    pair: the query is then added as the client sent it, and sent on without encoding."""
    return str(URL(base_url.rstrip("/") + path))


def upstream_url(base_url: str, path: str, raw_query: str) -> str:
    """Where a request goes: the backend, the route, and the client's query byte for byte
    (`%26` stays `%26`: decoded and encoded again it would become a separator)."""
    url = _base_and_route(base_url, path)
    if raw_query:
        url += "?" + quote(raw_query, safe=_QUERY_SAFE)
    return url


def model_card(view: ModelView) -> dict[str, object]:
    return {
        "id": view.id,
        "object": "model",
        "created": view.created,
        "owned_by": "vllm-tray",
        # A remote server's model while the remote does not answer: its last known entry,
        # marked so (docs/multi-machine.md, "Remote vLLM servers").
        "state": view.state.value if view.reachable else "unreachable",
        "downloaded": view.downloaded,
        "ctx_size": view.ctx_size,
        "checkpoint": view.checkpoint,
        "size_gb": view.size_gb,
        "labels": list(view.labels),
        "remote": view.remote,
    }


def remote_card(remote: RemoteView) -> dict[str, object]:
    return {
        "name": remote.name,
        "url": remote.url,
        "status": remote.status,
        "server": remote.server,
        "models": [f"{remote.name}/{model}" for model in remote.model_ids],
        "checked_at": remote.checked_at,
        "next_check_at": remote.next_check_at,
        "problem": remote.problem.to_json() if remote.problem is not None else None,
    }


def redacted_command(backend: Backend) -> list[str]:
    """The child's command line without its key or any other secret-looking flag value
    (app.core.redact): the environment is the better place for a key, a command line is
    readable by every local user, and this one is shown to anyone who may ask /v1/health."""
    return redact_argv(backend.command, [backend.api_key])


def backend_card(backend: Backend) -> dict[str, object]:
    return {
        "model_name": backend.model_id,
        "served_name": backend.served_name,
        "state": backend.state.value,
        "backend_url": backend.base_url,
        # vLLM 0.32 guards only /v1, /v2, /inference and /cohere with its key, so a child's
        # /metrics (and /health) answer without one (docs/proxy.md).
        "metrics_url": backend.base_url.rstrip("/") + "/metrics",
        "pid": backend.pid,
        "command": redacted_command(backend),
        "ctx_size": backend.ctx_size,
        "in_flight": backend.in_flight,
    }


def resolve_model(
    controller: ModelController, body: Mapping[str, Any], field: str, *, need_download: bool
) -> ModelView:
    """The registered model `body[field]` names, or the 400/404 that explains what is wrong.

    The whole list is only built for an error message: this runs on every request.
    """
    name = body.get(field)
    if name is None:
        raise errors.missing_field(field, (v.id for v in controller.list_models()))
    if not isinstance(name, str):
        raise errors.bad_field(field, "a string")
    view = controller.find_model(name)
    if view is None:
        raise errors.unknown_model(name, (v.id for v in controller.list_models()), field)
    if need_download and not view.downloaded:
        raise errors.not_downloaded(name, field)
    return view


def with_shield(engine: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The engine card of /v1/health with the shield's rules in force for it (every one when
    its version is unknown)."""
    if engine is None:
        return None
    affecting = affecting_names(engine.get("advisories") or ())
    rules = in_force(engine.get("vllm_version"), affecting)
    return {**engine, "shield": [rule.to_json() for rule in rules]}


def check_choices(fields: dict[str, Any], limit: int) -> None:
    """`n` and `best_of` within the limit (a number that is not a whole one is the model's
    to refuse, as is a negative one). Any other type is refused here: vLLM's request model
    (pydantic, lax mode) reads "100" and " 100 " as 100, which would slip past the limit."""
    for name in ("n", "best_of"):
        value = fields.get(name)
        if value is None or isinstance(value, bool):
            continue
        if not isinstance(value, int | float):
            raise errors.bad_field(name, "a whole number, not text")
        if value > limit:
            raise too_many_choices(name, value, limit)


def _renamed(raw: bytes | bytearray, served_name: str) -> bytes:
    body = parse_object(raw)
    body["model"] = served_name
    # Unescaped UTF-8 and no spaces: the new body is no bigger than the one the budget holds
    # (json's default ASCII escapes would make a non-Latin text up to twice as long).
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


class OpenAIRoutes:
    def __init__(
        self,
        controller: ModelController,
        upstream: Upstream,
        reader: BodyReader,
        limits: ProxyLimits,
        in_flight: InFlight | None = None,
    ) -> None:
        self._controller = controller
        self._upstream = upstream
        self._reader = reader
        self._limits = limits
        self._in_flight = InFlight() if in_flight is None else in_flight

    def register(self, router: web.UrlDispatcher) -> None:
        for path in LIVENESS_PATHS:
            router.add_get(path, self.live)
        for prefix in ("", "/api"):
            router.add_get(prefix + "/v1/models", self.models)
            # Remote models are NAME/MODEL, and a remote's own id may hold slashes too.
            router.add_get(prefix + "/v1/models/{model_id:.+}", self.model)
            router.add_get(prefix + "/v1/health", self.health)
        # The endpoint's stop waits for each relay, then ends it with a word (InFlight.hold).
        for path in RELAYED_PATHS:
            relay = functools.partial(self._relay_request, upstream_path=path)
            router.add_post(path, self._in_flight.hold(relay))
        for path in LEMONADE_ALIASES:
            relay = functools.partial(self._relay_request, upstream_path=path)
            router.add_post("/api" + path, self._in_flight.hold(relay))

    async def live(self, request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    async def models(self, request: web.Request) -> web.Response:
        cards = [model_card(v) for v in self._controller.list_models()]
        return json_response({"object": "list", "data": cards})

    async def model(self, request: web.Request) -> web.Response:
        model_id = request.match_info["model_id"]
        views = self._controller.list_models()
        view = next((v for v in views if v.id == model_id), None)
        if view is None:
            raise errors.unknown_model(model_id, (v.id for v in views), "model")
        return json_response(model_card(view))

    async def health(self, request: web.Request) -> web.Response:
        # Loaded: a child that answered its /health (running, or asleep with its weights
        # kept). One still starting is not loaded yet: it shows in "models" as starting,
        # with its load's progress.
        backends = sorted(
            (b for b in self._controller.backends() if b.state in LOADED),
            key=lambda b: -b.last_used,
        )
        cards = [backend_card(b) for b in backends]
        # Models with a story (loading, failed, given up, restarted after crashes), so that
        # a crash loop shows here and not only in the log.
        troubled = [
            {
                "model_name": view.id,
                "state": view.state.value,
                "failures": view.failures,
                "restarts": view.restarts,
                "next_retry_at": view.next_retry_at,
                "problem": view.problem,
                "load": view.load,
            }
            for view in self._controller.list_models()
            if view.remote is None
            and (view.state.value != "stopped" or view.failures or view.restarts)
        ]
        running = [card for card in cards if card["state"] == ProcessState.RUNNING.value]
        return json_response(
            {
                "status": "ok",
                "model_loaded": running[0]["model_name"] if running else None,
                "all_models_loaded": cards,
                "models": troubled,
                "remotes": [remote_card(r) for r in self._controller.remotes()],
                # The vLLM release in use, its known advisories (app.core.engines.advisories) and
                # the request shapes the endpoint refuses for it (app.core.engines.shield).
                "engine": with_shield(await self._controller.engine()),
            }
        )

    async def _relay_request(self, request: web.Request, upstream_path: str) -> web.StreamResponse:
        held, fields, shapes = await self._reader.read_relayed(request)
        keepalive: KeepAlive | None = None
        try:
            view = resolve_model(self._controller, fields, "model", need_download=True)
            check_choices(fields, self._limits.max_n)
            if fields.get("stream") is True:
                interval = keepalives.interval_for(request, self._limits.sse_keepalive_s)
                keepalive = keepalives.start(request, interval)
            return await self._relay_with_retry(
                request, upstream_path, view.id, held, keepalive, shapes=shapes
            )
        except ProblemError as exc:
            out = await keepalive.stop() if keepalive is not None else None
            if out is None:
                raise
            # Comment lines already began the stream: the problem (a failed load, say)
            # becomes its error event, as vLLM sends its own.
            await out.write(errors.sse_error(exc.problem, errors.http_status(exc.problem.code)))
            await out.write_eof()
            return out
        except asyncio.CancelledError:
            # The endpoint's stop, before the relay began (a load under way): a stream that
            # comment lines began ends with an event that says why. (InFlight.hold answers
            # one of which nothing went out.)
            if self._in_flight.stopping and keepalive is not None:
                await errors.end_for_stop(request, await keepalive.stop())
            raise
        finally:
            if keepalive is not None:
                keepalive.halt()
                if not keepalive.settled:
                    await keepalive.settle()
            if held.held:  # not given back by the relay already
                held.release()

    async def _relay_with_retry(
        self,
        request: web.Request,
        upstream_path: str,
        model_id: str,
        held: HeldBody,
        keepalive: KeepAlive | None,
        *,
        shapes: dict[str, str],
    ) -> web.StreamResponse:
        for attempt in (1, 2):
            try:
                return await self._relay_to_child(
                    request, upstream_path, model_id, held, keepalive, shapes=shapes
                )
            except (ChildUnreachableError, ChildDisconnectedError):
                if attempt == 2 or not held.held:
                    raise
                log.info("the vLLM server of %s went away before answering; asking again", model_id)
                await asyncio.sleep(CHILD_GONE_PAUSE_S)
        raise AssertionError("unreachable")

    async def _relay_to_child(
        self,
        request: web.Request,
        upstream_path: str,
        model_id: str,
        held: HeldBody,
        keepalive: KeepAlive | None,
        *,
        shapes: dict[str, str],
    ) -> web.StreamResponse:
        # The in-flight count (which keeps this model from being swapped out) covers the
        # whole relay, streaming included: the context exits only after the last chunk.
        async with self._controller.use(model_id) as backend:
            if shapes and backend.remote is None:
                # Asked once the child runs: a user's own vLLM may tell its version only then.
                await self._shield(shapes)
            try:
                if backend.served_name != model_id:
                    # Only re-serialise when the names differ; else the bytes pass untouched.
                    name = backend.served_name
                    held.replace(
                        await self._reader.json_work(held.data, lambda b: _renamed(b, name))
                    )
                query = request.rel_url.raw_query_string
                url = upstream_url(backend.base_url, upstream_path, query)
                relay = Relay(
                    self._upstream,
                    request,
                    self._limits,
                    model_id,
                    upstream_path,
                    keepalive=keepalive,
                    stopping=self._in_flight.is_stopping,
                )
                return await relay.run(url, held, backend.api_key)
            except ChildDisconnectedError as exc:
                if await self._child_gone(model_id, backend):
                    raise  # _relay_with_retry sends it to the replacement
                # It lives and may be working on the request: never send it twice.
                raise ProblemError(exc.problem) from exc

    async def _shield(self, shapes: dict[str, str]) -> None:
        """Refuse a body whose shape the engine in use is affected by (app.core.engines.shield). A
        remote server's version is unknown here and its operator's business: not shielded."""
        engine = await self._controller.engine()
        version = engine.get("vllm_version") if engine is not None else None
        affecting = affecting_names(engine.get("advisories") or ()) if engine is not None else ()
        allowed = (ALLOW_CHAT_TEMPLATES,) if self._limits.allow_request_chat_templates else ()
        found = refusal(shapes, version, frozenset(affecting), allowed)
        if found is not None:
            raise errors.ParamProblemError(*found)

    async def _child_gone(self, model_id: str, backend: Backend) -> bool:
        """Whether the child that dropped the connection is gone (killed as hung, crashed):
        then the request can go to its replacement. The supervisor notices within a health
        interval; a child that is still the model's running one is given the benefit.
        A remote server is never taken for gone: it may be working on the request."""
        if backend.remote is not None:
            return False
        deadline = asyncio.get_running_loop().time() + CHILD_GONE_WAIT_S
        while True:
            current = next((b for b in self._controller.backends() if b.model_id == model_id), None)
            if current is None or (current.pid, current.base_url) != (
                backend.pid,
                backend.base_url,
            ):
                return True
            if asyncio.get_running_loop().time() >= deadline:
                return False
            await asyncio.sleep(CHILD_GONE_PAUSE_S)
