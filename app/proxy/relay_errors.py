"""The problems of the relay to a child or a remote server, of what a relayed request asks
for, and a child's own error answers in the endpoint's envelope (their HTTP statuses are in
app.core.problems.problem_catalogue.proxy)."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem
from app.core.untrusted import parse_json
from app.proxy.errors import ParamProblemError

# How much of a child's error text goes into the envelope's message.
MAX_DETAIL_CHARS = 500


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


def clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_DETAIL_CHARS else text[: MAX_DETAIL_CHARS - 1] + "…"


def _validation_detail(items: list[Any]) -> tuple[str, str | None]:
    """FastAPI's validation list as one line, and the first field it names."""
    parts, param = [], None
    for item in items[:5]:
        if not isinstance(item, dict):
            parts.append(str(item))
            continue
        loc = [str(x) for x in item.get("loc", []) if x != "body"]
        field = ".".join(loc)
        param = param or field or None
        parts.append(f"{field}: {item.get('msg', '')}" if field else str(item.get("msg", "")))
    return "; ".join(parts), param


def child_error(
    model: str, path: str, status: int, data: bytes
) -> tuple[Problem, int, str | None] | None:
    """A child's error answer in the endpoint's envelope, keeping its message and status, or
    None when it is already OpenAI's shape (vLLM's own envelope is relayed as it is)."""
    text = data.decode("utf-8", "replace")
    parsed: Any = None
    if text.lstrip().startswith("{"):
        try:
            parsed = parse_json(text)
        except ValueError:
            parsed = None
    param = None
    if isinstance(parsed, dict):
        error = parsed.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return None
        detail: Any = parsed.get("detail", error if error is not None else parsed.get("message"))
        if status == 404 and detail == "Not Found":
            return upstream_no_route(model, path), 404, None
        if isinstance(detail, list):
            detail, param = _validation_detail(detail)
        elif detail is None:
            detail = text
    else:
        detail = text
    if status in (401, 403):
        # The child refused the key the app gave it: the client's own key was fine, so a
        # 401 would send the client looking in the wrong place.
        return upstream_refused_key(model), 502, None
    detail = clip(str(detail)) or HTTPStatus(status).phrase
    return upstream_error(model, status, detail), status, param
