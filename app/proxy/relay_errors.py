"""The problems of the relay to a child or a remote server, and of what a relayed request
asks for (their HTTP statuses are in app.core.problems.problem_catalogue.proxy)."""

from __future__ import annotations

from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.proxy.errors import ParamProblemError


def upstream_unreachable(model: str, reason: str) -> ProblemError:
    return ProblemError(problem("proxy.upstream_unreachable", model=model, reason=reason))


def upstream_broke(model: str, reason: str) -> Problem:
    return problem("proxy.upstream_broke", model=model, reason=reason)


def upstream_timeout(model: str, timeout_s: float, *, first: bool) -> Problem:
    if first:
        return problem(
            "proxy.upstream_timeout",
            model=model,
            timeout_s=timeout_s,
            setting="proxy.upstream_first_byte_timeout_s",
        )
    return worded_problem(
        "proxy.upstream_timeout",
        tr_noop(
            "The vLLM server of {model} stopped sending its answer for {timeout_s:g} "
            "s; it may be hung. The limit is the setting {setting}."
        ),
        model=model,
        timeout_s=timeout_s,
        setting="proxy.upstream_idle_timeout_s",
    )


def upstream_error(model: str, status: int, detail: str) -> Problem:
    return problem("proxy.upstream_error", model=model, status=status, detail=detail)


def upstream_no_route(model: str, path: str) -> Problem:
    return problem("proxy.upstream_no_route", model=model, path=path)


def upstream_refused_key(model: str) -> Problem:
    return problem("proxy.upstream_refused_key", model=model)


def upstream_redirect(model: str, status: int, location: str) -> Problem:
    return problem(
        "proxy.upstream_redirect", model=model, status=status, location=location or "nowhere"
    )


def too_many_choices(param: str, value: object, limit: int) -> ParamProblemError:
    p = problem(
        "proxy.too_many_choices", param=param, value=value, limit=limit, setting="proxy.max_n"
    )
    return ParamProblemError(p, param)


def bad_header(name: str, value: str, expected: str) -> ProblemError:
    return ProblemError(
        problem("proxy.bad_header", header=name, value=value[:100], expected=expected)
    )
