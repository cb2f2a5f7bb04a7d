"""The local OpenAI-compatible endpoint: an aiohttp server running on the runtime thread's loop."""

from __future__ import annotations

import asyncio
import errno
import logging
from collections.abc import Callable, Sequence

from aiohttp import web
from aiohttp.typedefs import Handler

from app.core.contracts import BatchController, DownloadController, ModelController
from app.core.events import EventBus, ServerStateChanged
from app.core.problems.problems import ProblemError, problem
from app.core.settings.listen_host import is_loopback_name, is_wildcard, key_required
from app.proxy import errors
from app.proxy.batch_routes import BatchRoutes
from app.proxy.bodies import BodyReader
from app.proxy.child_http import AppUpstream
from app.proxy.connections import CLOSE_AT_ONCE
from app.proxy.guarded_server import GuardedAppRunner, GuardedServer, fit_to_descriptors
from app.proxy.in_flight import InFlight
from app.proxy.instance import INSTANCE_PATH, InstanceRoute
from app.proxy.keepalive import RESPONSE_STARTED
from app.proxy.limits import DEFAULT_LIMITS, ProxyLimits
from app.proxy.management_routes import ManagementRoutes
from app.proxy.memory import BodyBudget, keep_big_buffers_out_of_the_heap
from app.proxy.openai_routes import LIVENESS_PATHS, OpenAIRoutes
from app.proxy.openapi import OPENAPI_PATH, OpenApiRoute
from app.proxy.security import Gate
from app.proxy.upstream import Upstream

log = logging.getLogger(__name__)
# Lets in-flight requests finish on stop before their connections are cut.
SHUTDOWN_GRACE_S = 2.0
# Errors after which the rest of the request cannot be read sensibly: the connection closes
# rather than draining what may still be dribbling in.
_CLOSE_AFTER = frozenset(
    {
        "proxy.body_timeout",
        "proxy.body_too_slow",
        "proxy.malformed_body",
        "proxy.bad_host",
        "proxy.body_encoded",
    }
)

# Answered without the key: liveness, the instance proof and the API document, which is the
# same for every install and names no model, key or address.
_OPEN_PATHS = LIVENESS_PATHS | {INSTANCE_PATH, OPENAPI_PATH}


def local_url(host: str, port: int) -> str:
    """Where a client on this machine reaches an endpoint listening on `host`:`port` (a
    wildcard address is reached on loopback, of its own family)."""
    host = host.strip()
    if is_wildcard(host):
        host = "::1" if ":" in host else "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def port_in_use(host: str, port: int) -> ProblemError:
    return ProblemError(problem("proxy.port_in_use", host=host, port=port, setting="proxy.port"))


def bind_failed(host: str, port: int, reason: str) -> ProblemError:
    return ProblemError(
        problem("proxy.bind_failed", host=host, port=port, reason=reason, setting="proxy.host")
    )


class ProxyServer:
    """Serves the OpenAI-compatible API and the /api/v1 management routes.

    Runs inside an existing asyncio loop (the runtime thread's); `start()` raises ProblemError
    `proxy.key_required`, `proxy.port_in_use` or `proxy.bind_failed` when it cannot serve.
    """

    def __init__(
        self,
        controller: ModelController,
        downloads: DownloadController | None,
        bus: EventBus,
        *,
        host: str = "127.0.0.1",
        port: int = 8321,
        api_key: str | None = None,
        allowed_hosts: Sequence[str] = (),
        cors_origins: Sequence[str] = (),
        limits: ProxyLimits = DEFAULT_LIMITS,
        # aiohttp was measured against httpx in bench/bench_proxy.py (docs/proxy.md); the
        # benchmark passes its httpx client here. A factory: each start makes a fresh client.
        upstream: Callable[[], Upstream] = AppUpstream,
        batches: BatchController | None = None,
    ) -> None:
        self._controller = controller
        self._batches = batches
        self._downloads = downloads
        self._bus = bus
        self._host = host.strip()
        self._port = port
        self._gate = Gate(api_key, allowed_hosts, cors_origins, self._host, _OPEN_PATHS)
        self._limits = limits
        self._budget = BodyBudget(limits.body_budget_bytes)
        self._make_upstream = upstream
        self._upstream: Upstream | None = None
        self._runner: GuardedAppRunner | None = None
        self._bound_port: int | None = None
        self._in_flight = InFlight()  # the relays under way, which stop() ends with a word
        # Proves which app this is to a CLI that has not sent its key yet (app.proxy.instance).
        self.instance = InstanceRoute()

    @property
    def host(self) -> str:
        """The address the endpoint listens on, as configured."""
        return self._host

    @property
    def url(self) -> str:
        """Where local clients reach the endpoint (the bound port once started)."""
        return local_url(self._host, self._bound_port or self._port)

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def limits(self) -> ProxyLimits:
        return self._limits

    @property
    def open_connections(self) -> int:
        """Client connections open now (for tests and the soak's record)."""
        server = self._runner.server if self._runner is not None else None
        return server.open_connections if isinstance(server, GuardedServer) else 0

    @property
    def body_bytes_held(self) -> int:
        """Bytes of request bodies the endpoint holds now, against limits.body_budget_bytes."""
        return self._budget.used

    def update_security(
        self, api_key: str | None, allowed_hosts: Sequence[str], cors_origins: Sequence[str]
    ) -> None:
        """Apply a new key, Host allow-list and CORS origins to the running endpoint.

        Takes effect for the next request: a rotated key stops working at once. Removing the
        key of an endpoint bound to the network is refused, as it would be at start.
        """
        gate = Gate(api_key, allowed_hosts, cors_origins, self._host, _OPEN_PATHS)
        if not gate.key.required and not is_loopback_name(self._host):
            raise key_required(self._host)
        self._gate = gate

    async def start(self) -> None:
        if self._runner is not None:
            return
        try:
            await self._start()
        except ProblemError as exc:
            self._bus.publish(ServerStateChanged(running=False, problem=exc.problem))
            raise
        self._bus.publish(ServerStateChanged(running=True, url=self.url))
        log.info("OpenAI-compatible endpoint listening on %s", self.url)

    async def _start(self) -> None:
        if not self._gate.key.required and not is_loopback_name(self._host):
            raise key_required(self._host or "all interfaces")
        keep_big_buffers_out_of_the_heap()
        self._in_flight = InFlight()
        self._limits = fit_to_descriptors(self._limits)
        upstream = self._make_upstream()
        runner = GuardedAppRunner(
            self._build_app(upstream),
            self._limits,
            handler_cancellation=True,  # a client that goes away cancels its relay
            shutdown_timeout=SHUTDOWN_GRACE_S,
        )
        await runner.setup()
        site = web.TCPSite(runner, self._host or None, self._port)
        try:
            await site.start()
        except OSError as exc:
            await runner.cleanup()
            await upstream.aclose()
            if exc.errno == errno.EADDRINUSE:
                raise port_in_use(self._host, self._port) from exc
            reason = exc.strerror or str(exc)
            raise bind_failed(self._host, self._port, reason) from exc
        self._runner, self._upstream = runner, upstream
        ports = [addr[1] for addr in runner.addresses if isinstance(addr, tuple)]
        self._bound_port = ports[0] if ports else self._port

    async def stop(self) -> None:
        runner, upstream = self._runner, self._upstream
        if runner is None:
            return
        self._runner = self._upstream = None
        # No new connections, no new request on a kept-alive one; the relays under way get
        # SHUTDOWN_GRACE_S to finish, and a stream cut then ends with an event that says why
        # (app.proxy.in_flight). aiohttp's cleanup then finds nothing in flight.
        for site in list(runner.sites):
            await site.stop()
        if runner.server is not None:
            runner.server.pre_shutdown()
        await self._in_flight.drain(SHUTDOWN_GRACE_S)
        await runner.cleanup()
        if upstream is not None:
            await upstream.aclose()
        self._bound_port = None
        self._bus.publish(ServerStateChanged(running=False))
        log.info("OpenAI-compatible endpoint stopped")

    def _build_app(self, upstream: Upstream) -> web.Application:
        # Bodies are read by BodyReader (limit, timeout, budget), never by aiohttp's read();
        # batch file uploads are streamed to disk part by part (app/proxy/batch_routes.py).
        app = web.Application(
            client_max_size=self._limits.max_body_bytes, middlewares=[self._guard]
        )
        reader = BodyReader(self._limits, self._budget)
        OpenAIRoutes(self._controller, upstream, reader, self._limits, self._in_flight).register(
            app.router
        )
        ManagementRoutes(
            self._controller, self._downloads, self._bus, reader, self._in_flight
        ).register(app.router)
        if self._batches is not None:
            BatchRoutes(self._batches, reader).register(app.router)
        self.instance.register(app.router)
        OpenApiRoute().register(app.router)
        app.on_response_prepare.append(self._add_cors_headers)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Host, Origin and key checks, then the handler; every failure as an OpenAI error."""
        try:
            preflight = self._gate.admit(request)
            if preflight is not None:
                return preflight
            return await handler(request)
        except errors.ParamProblemError as exc:
            return errors.error_response(exc.problem, param=exc.param)
        except ProblemError as exc:
            if request.get(RESPONSE_STARTED):
                raise
            response = errors.error_response(exc.problem)
            if exc.problem.code in _CLOSE_AFTER:
                response.force_close()
                request[CLOSE_AT_ONCE] = True
            return response
        except web.HTTPException as exc:
            return self._http_error(request, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            if request.get(RESPONSE_STARTED):
                raise  # too late for an error response; aiohttp aborts the connection
            log.exception("request %s %s failed", request.method, request.path)
            return errors.error_response(errors.internal(), status=500)

    def _http_error(self, request: web.Request, exc: web.HTTPException) -> web.Response:
        if isinstance(exc, web.HTTPMethodNotAllowed):
            prob = errors.method_not_allowed(request.method, request.path, exc.allowed_methods)
            response = errors.error_response(prob.problem)
            # RFC 9110 §15.5.6: a 405 names the methods the route does take.
            response.headers["Allow"] = ", ".join(sorted(exc.allowed_methods))
            return response
        elif isinstance(exc, web.HTTPNotFound):
            prob = errors.not_found(request.path)
        elif isinstance(exc, web.HTTPRequestEntityTooLarge):
            prob = errors.body_too_large(self._limits.max_body_bytes)
        else:
            p = problem("proxy.http_error", reason=exc.reason)
            return errors.error_response(p, status=exc.status)
        return errors.error_response(prob.problem)

    async def _add_cors_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        origin = request.headers.get("Origin")
        if origin is not None and self._gate.cors.allows(origin):
            response.headers.update(self._gate.cors.response_headers(origin))
