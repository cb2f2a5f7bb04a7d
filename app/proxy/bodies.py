"""Reading request bodies and the model they name, with an OpenAI-style error for every flaw."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from enum import Enum
from typing import Any

from aiohttp import web

from app.core.contracts import ModelController, ModelView
from app.proxy import errors


async def read_body(request: web.Request, limit: int) -> bytes:
    try:
        return await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise errors.body_too_large(limit) from None


def parse_object(raw: bytes, *, empty_ok: bool = False) -> dict[str, Any]:
    if empty_ok and not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except RecursionError:  # "[[[[…": deeper than the parser's stack, still just bad input
        raise errors.bad_json("it is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        raise errors.bad_json(str(exc)) from None
    if not isinstance(body, dict):
        raise errors.not_an_object()
    return body


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


def jsonable(value: object) -> Any:
    """Controller data (mappings, dataclasses, enums, tuples) as plain JSON values."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def json_response(payload: object, status: int = 200) -> web.Response:
    return web.json_response(jsonable(payload), status=status)
