"""The proxy's problems and how they become OpenAI error envelopes with the right status."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from http import HTTPStatus

from aiohttp import web

from app.core.problems import problems
from app.core.problems.problems import (
    Problem,
    ProblemError,
    echoed,
    problem,
    tr_noop,
    worded_problem,
)

_TYPE_BY_STATUS: Mapping[int, str] = {
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
}


def http_status(code: str) -> int:
    """The HTTP status a problem code is answered with: its catalogue entry's."""
    return problems.http_status(code)


def error_type(status: int) -> str:
    if status >= 500:
        return "server_error"
    return _TYPE_BY_STATUS.get(status, "invalid_request_error")


def envelope(p: Problem, status: int, param: str | None = None) -> dict[str, object]:
    """OpenAI's error shape; `code` is our stable problem code so clients can branch on it."""
    return {
        "error": {
            "message": p.english(),
            "type": error_type(status),
            "param": param,
            "code": p.code,
        }
    }


# Said with every 503 the endpoint gives for being full: the moment passes quickly (bodies
# move on to the children in milliseconds, connections come and go).
RETRY_AFTER_S = 1


def error_response(
    p: Problem, *, status: int | None = None, param: str | None = None
) -> web.Response:
    status = http_status(p.code) if status is None else status
    headers: dict[str, str] = {}
    if status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    if status == 503 and p.code in {"proxy.busy", "proxy.too_many_connections"}:
        headers["Retry-After"] = str(RETRY_AFTER_S)
    return web.json_response(envelope(p, status, param), status=status, headers=headers)


def sse_error(p: Problem, status: int) -> bytes:
    """An error inside an already started event stream, as vLLM itself sends one."""
    return b"data: " + json.dumps(envelope(p, status)).encode() + b"\n\n"


# vLLM's end of an event stream, after its last event (an error event included).
SSE_DONE = b"data: [DONE]\n\n"
# Set on a request once its stream was ended for the endpoint's stop (or left as it was).
STOP_HANDLED = web.RequestKey("proxy_stop_handled", bool)


async def end_for_stop(request: web.Request, out: web.StreamResponse | None) -> None:
    """The endpoint is stopping and this stream's grace is over: an error event that says
    so, then vLLM's end marker, so a client sees a cut answer rather than a whole one or a
    dropped connection. Once per request; nothing for an answer that is not a stream."""
    if request.get(STOP_HANDLED):
        return
    request[STOP_HANDLED] = True
    if out is None:
        return
    try:
        await out.write(sse_error(problem("proxy.stopping"), 503) + SSE_DONE)
        await out.write_eof()
    except ConnectionError:
        pass  # the client is gone as well


def raw_error(p: Problem, status: int | None = None) -> bytes:
    """A whole HTTP/1.1 error response as bytes, for the connection layer where no request
    object exists yet (a head that never finished); the connection closes after it."""
    status = http_status(p.code) if status is None else status
    body = json.dumps(envelope(p, status)).encode()
    head = (
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n"
        "Content-Type: application/json; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class ParamProblemError(ProblemError):
    """A ProblemError that names the request field it is about (OpenAI's `param`)."""

    def __init__(self, p: Problem, param: str) -> None:
        super().__init__(p)
        self.param = param


def _names(ids: Iterable[str]) -> str:
    names = sorted(ids)
    return ", ".join(names) if names else "(none registered)"


def bad_json(reason: str) -> ProblemError:
    return ProblemError(problem("proxy.bad_json", reason=reason))


def not_an_object() -> ProblemError:
    return ProblemError(problem("proxy.not_an_object"))


def missing_field(field: str, available: Iterable[str]) -> ParamProblemError:
    p = problem("proxy.missing_field", field=field, available=_names(available))
    return ParamProblemError(p, field)


def bad_field(field: str, expected: str) -> ParamProblemError:
    p = problem("proxy.bad_field", field=field, expected=expected)
    return ParamProblemError(p, field)


def unknown_model(model: str, available: Iterable[str], field: str) -> ParamProblemError:
    p = problem("models.unknown", model=echoed(model), available=_names(available))
    return ParamProblemError(p, field)


def not_downloaded(model: str, field: str) -> ParamProblemError:
    p = problem("models.not_downloaded", model=model)
    return ParamProblemError(p, field)


def body_too_large(limit: int) -> ProblemError:
    return ProblemError(
        problem("proxy.body_too_large", limit=limit, limit_mib=round(limit / 2**20, 2))
    )


def not_found(path: str) -> ProblemError:
    return ProblemError(problem("proxy.not_found", path=path))


def method_not_allowed(method: str, path: str, allowed: Iterable[str]) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.method_not_allowed", method=method, path=path, allowed=", ".join(sorted(allowed))
        )
    )


def unauthorized() -> ProblemError:
    return ProblemError(problem("proxy.unauthorized"))


def forbidden_host(host: str) -> ProblemError:
    return ProblemError(problem("proxy.forbidden_host", host=host, setting="proxy.allowed_hosts"))


def forbidden_origin(origin: str) -> ProblemError:
    return ProblemError(
        problem("proxy.forbidden_origin", origin=origin, setting="proxy.cors_origins")
    )


def downloads_unavailable() -> ProblemError:
    return ProblemError(problem("proxy.downloads_unavailable"))


def internal() -> Problem:
    return problem("proxy.internal")


# ---- the connection layer: what aiohttp's parser and the limits refuse ---------------------


def bad_host(host: str) -> ProblemError:
    return ProblemError(problem("proxy.bad_host", host=host))


def malformed_request(detail: str) -> Problem:
    return problem("proxy.malformed_request", detail=detail)


def not_http() -> Problem:
    return problem("proxy.not_http")


def head_too_large(limit: int) -> Problem:
    return problem("proxy.head_too_large", limit=limit)


def too_many_headers(limit: int) -> Problem:
    return problem("proxy.too_many_headers", limit=limit)


def unknown_method() -> Problem:
    return problem("proxy.unknown_method")


def header_timeout(timeout_s: float) -> Problem:
    return problem("proxy.header_timeout", timeout_s=timeout_s)


def body_timeout(received: int, expected: int | None, elapsed_s: float) -> ProblemError:
    elapsed = round(elapsed_s, 1)
    if expected is None:
        return ProblemError(problem("proxy.body_timeout", received=received, elapsed_s=elapsed))
    return ProblemError(
        worded_problem(
            "proxy.body_timeout",
            tr_noop(
                "The request body arrived too slowly: {received} of {expected} bytes in "
                "{elapsed_s:g} s."
            ),
            received=received,
            expected=expected,
            elapsed_s=elapsed,
        )
    )


def body_encoded(encoding: str) -> ProblemError:
    return ProblemError(problem("proxy.body_encoded", encoding=echoed(encoding)))


def body_too_slow(received: int, expected: int | None, elapsed_s: float) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.body_too_slow",
            received=received,
            expected=expected,
            elapsed_s=round(elapsed_s, 1),
        )
    )


def malformed_body(detail: str) -> ProblemError:
    return ProblemError(problem("proxy.malformed_body", detail=detail))


def too_many_connections(limit: int) -> Problem:
    return problem("proxy.too_many_connections", limit=limit, setting="proxy.max_connections")


def busy(budget: int) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.busy",
            budget=budget,
            budget_mib=round(budget / 2**20, 2),
            setting="proxy.body_budget_mb",
        )
    )
