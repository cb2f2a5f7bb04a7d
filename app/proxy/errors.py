"""The proxy's problems and how they become OpenAI error envelopes with the right status."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from aiohttp import web

from app.core.contracts import PROBLEM_HTTP_STATUS
from app.core.problems import Problem, ProblemError, problem, tr_noop

# Status of the proxy's own problem codes; every other code goes through PROBLEM_HTTP_STATUS.
PROXY_HTTP_STATUS: Mapping[str, int] = {
    "proxy.bad_json": 400,
    "proxy.not_an_object": 400,
    "proxy.missing_field": 400,
    "proxy.bad_field": 400,
    "proxy.unauthorized": 401,
    "proxy.forbidden_host": 403,
    "proxy.forbidden_origin": 403,
    "proxy.not_found": 404,
    "proxy.method_not_allowed": 405,
    "proxy.body_too_large": 413,
    "proxy.upstream_unreachable": 502,
    "proxy.downloads_unavailable": 503,
    "proxy.internal": 500,
}

_TYPE_BY_STATUS: Mapping[int, str] = {
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
}


def http_status(code: str) -> int:
    """The HTTP status a problem code is answered with (503 when nobody said otherwise)."""
    return PROXY_HTTP_STATUS.get(code) or PROBLEM_HTTP_STATUS.get(code, 503)


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


def error_response(
    p: Problem, *, status: int | None = None, param: str | None = None
) -> web.Response:
    status = http_status(p.code) if status is None else status
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return web.json_response(envelope(p, status, param), status=status, headers=headers)


def sse_error(p: Problem, status: int) -> bytes:
    """An error inside an already started event stream, as vLLM itself sends one."""
    return b"data: " + json.dumps(envelope(p, status)).encode() + b"\n\n"


class ParamProblemError(ProblemError):
    """A ProblemError that names the request field it is about (OpenAI's `param`)."""

    def __init__(self, p: Problem, param: str) -> None:
        super().__init__(p)
        self.param = param


def _names(ids: Iterable[str]) -> str:
    names = sorted(ids)
    return ", ".join(names) if names else "(none registered)"


def bad_json(reason: str) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.bad_json",
            tr_noop("The request body is not valid JSON: {reason}."),
            reason=reason,
        )
    )


def not_an_object() -> ProblemError:
    return ProblemError(
        problem("proxy.not_an_object", tr_noop("The request body must be a JSON object."))
    )


def missing_field(field: str, available: Iterable[str]) -> ParamProblemError:
    p = problem(
        "proxy.missing_field",
        tr_noop('The request needs a "{field}" field naming a model; available: {available}.'),
        field=field,
        available=_names(available),
    )
    return ParamProblemError(p, field)


def bad_field(field: str, expected: str) -> ParamProblemError:
    p = problem(
        "proxy.bad_field",
        tr_noop('"{field}" must be {expected}.'),
        field=field,
        expected=expected,
    )
    return ParamProblemError(p, field)


def unknown_model(model: str, available: Iterable[str], field: str) -> ParamProblemError:
    p = problem(
        "models.unknown",
        tr_noop("There is no model called {model}. Available models: {available}."),
        model=model,
        available=_names(available),
    )
    return ParamProblemError(p, field)


def not_downloaded(model: str, field: str) -> ParamProblemError:
    p = problem(
        "models.not_downloaded",
        tr_noop("{model} is not downloaded yet. Download it with: vllm-tray pull {model}"),
        model=model,
    )
    return ParamProblemError(p, field)


def body_too_large(limit: int) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.body_too_large",
            tr_noop("The request body is larger than the limit of {limit_mib:g} MiB."),
            limit=limit,
            limit_mib=round(limit / 2**20, 2),
        )
    )


def not_found(path: str) -> ProblemError:
    return ProblemError(
        problem("proxy.not_found", tr_noop("There is no endpoint at {path}."), path=path)
    )


def method_not_allowed(method: str, path: str, allowed: Iterable[str]) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.method_not_allowed",
            tr_noop("{method} is not allowed on {path}; use {allowed}."),
            method=method,
            path=path,
            allowed=", ".join(sorted(allowed)),
        )
    )


def unauthorized() -> ProblemError:
    return ProblemError(
        problem(
            "proxy.unauthorized",
            tr_noop(
                "This endpoint needs its API key, sent as the header "
                "'Authorization: Bearer <key>'; the key was missing or wrong."
            ),
        )
    )


def forbidden_host(host: str) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.forbidden_host",
            tr_noop(
                "Requests addressed to {host} are refused: only loopback names and the hosts "
                "listed in proxy.allowed_hosts are served (a defence against DNS rebinding)."
            ),
            host=host,
            setting="proxy.allowed_hosts",
        )
    )


def forbidden_origin(origin: str) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.forbidden_origin",
            tr_noop(
                "Requests from web pages at {origin} are refused; add the origin to "
                "proxy.cors_origins to allow them."
            ),
            origin=origin,
            setting="proxy.cors_origins",
        )
    )


def upstream_unreachable(model: str, reason: str) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.upstream_unreachable",
            tr_noop("The vLLM server of {model} did not answer: {reason}."),
            model=model,
            reason=reason,
        )
    )


def upstream_broke(model: str, reason: str) -> Problem:
    return problem(
        "proxy.upstream_unreachable",
        tr_noop("The vLLM server of {model} stopped answering mid-response: {reason}."),
        model=model,
        reason=reason,
    )


def downloads_unavailable() -> ProblemError:
    return ProblemError(
        problem(
            "proxy.downloads_unavailable",
            tr_noop("Downloads are not available from this endpoint."),
        )
    )


def internal(reason: str) -> Problem:
    return problem(
        "proxy.internal",
        tr_noop("The endpoint failed unexpectedly: {reason}. The details are in the app's log."),
        reason=reason,
    )
