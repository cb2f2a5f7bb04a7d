"""The problems of the relay to a child or a remote server, and of what a relayed request
asks for (their HTTP statuses are in app.proxy.errors.PROXY_HTTP_STATUS)."""

from __future__ import annotations

from app.core.problems import Problem, ProblemError, problem, tr_noop
from app.proxy.errors import ParamProblemError


def upstream_unreachable(model: str, reason: str) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.upstream_unreachable",
            tr_noop("The vLLM server of {model} could not be reached: {reason}."),
            model=model,
            reason=reason,
        )
    )


def upstream_broke(model: str, reason: str) -> Problem:
    return problem(
        "proxy.upstream_broke",
        tr_noop(
            "The vLLM server of {model} stopped in the middle of its answer, so the answer is "
            "incomplete; the model may have crashed or been restarted."
        ),
        model=model,
        reason=reason,
    )


def upstream_timeout(model: str, timeout_s: float, *, first: bool) -> Problem:
    if first:
        return problem(
            "proxy.upstream_timeout",
            tr_noop(
                "The vLLM server of {model} sent nothing for {timeout_s:g} s after the "
                "request; it may be hung. The limit is the setting {setting}."
            ),
            model=model,
            timeout_s=timeout_s,
            setting="proxy.upstream_first_byte_timeout_s",
        )
    return problem(
        "proxy.upstream_timeout",
        tr_noop(
            "The vLLM server of {model} stopped sending its answer for {timeout_s:g} s; it "
            "may be hung. The limit is the setting {setting}."
        ),
        model=model,
        timeout_s=timeout_s,
        setting="proxy.upstream_idle_timeout_s",
    )


def upstream_error(model: str, status: int, detail: str) -> Problem:
    return problem(
        "proxy.upstream_error",
        tr_noop("The vLLM server of {model} answered {status}: {detail}"),
        model=model,
        status=status,
        detail=detail,
    )


def upstream_no_route(model: str, path: str) -> Problem:
    return problem(
        "proxy.upstream_no_route",
        tr_noop(
            "{model} does not offer {path}: its vLLM server has no such endpoint, which "
            "usually means the model cannot do this kind of request (for example embeddings "
            "from a chat model)."
        ),
        model=model,
        path=path,
    )


def upstream_refused_key(model: str) -> Problem:
    return problem(
        "proxy.upstream_refused_key",
        tr_noop(
            "The vLLM server of {model} refused the key the app gave it; unload the model and "
            "try again."
        ),
        model=model,
    )


def upstream_redirect(model: str, status: int, location: str) -> Problem:
    return problem(
        "proxy.upstream_redirect",
        tr_noop(
            "The vLLM server of {model} answered with a redirect ({status}) to {location}, "
            "which the endpoint does not follow; check the server's address."
        ),
        model=model,
        status=status,
        location=location or "nowhere",
    )


def too_many_choices(param: str, value: object, limit: int) -> ParamProblemError:
    p = problem(
        "proxy.too_many_choices",
        tr_noop(
            "{param} may be at most {limit} on this endpoint (the setting {setting}); this "
            "request asked for {value}."
        ),
        param=param,
        value=value,
        limit=limit,
        setting="proxy.max_n",
    )
    return ParamProblemError(p, param)


def bad_header(name: str, value: str, expected: str) -> ProblemError:
    return ProblemError(
        problem(
            "proxy.bad_header",
            tr_noop("The header {header} must be {expected}; got {value}."),
            header=name,
            value=value[:100],
            expected=expected,
        )
    )
