"""The endpoint's own OpenAPI 3.1 document, written as data and served at `GET /openapi.json`."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from app import __version__
from app.core.batch.batch import BATCH_URLS
from app.core.batch.batch_jobs import (
    COMPLETION_WINDOWS,
    INPUT_PURPOSE,
    LIST_LIMIT_MAX,
    METADATA_MAX_PAIRS,
)
from app.core.models.checkpoints import REPO_PATTERN
from app.core.models.model_names import NAME_PATTERN
from app.proxy.instance import CHALLENGE, INSTANCE_PATH
from app.proxy.openai_routes import LEMONADE_ALIASES, RELAYED_PATHS

OPENAPI_PATH = "/openapi.json"

Schema = dict[str, Any]

_NULLABLE_STR: Schema = {"type": ["string", "null"]}
_NULLABLE_NUM: Schema = {"type": ["number", "null"]}
_ANY_OBJECT: Schema = {"type": "object"}

# {"error": {"message", "type", "param", "code"}}: every error the endpoint answers, whatever
# its status (docs/proxy.md, "Errors"); `code` is the stable problem code.
ERROR_ENVELOPE: Schema = {
    "type": "object",
    "required": ["error"],
    "additionalProperties": False,
    "properties": {
        "error": {
            "type": "object",
            "required": ["message", "type", "param", "code"],
            "properties": {
                "message": {"type": "string", "minLength": 1},
                "type": {"type": "string", "minLength": 1},
                "param": _NULLABLE_STR,
                "code": {"type": "string", "minLength": 1},
            },
        }
    },
}

_MODEL_CARD: Schema = {
    "type": "object",
    "required": ["id", "object", "owned_by", "state", "downloaded"],
    "properties": {
        "id": {"type": "string"},
        "object": {"const": "model"},
        "created": {"type": "integer"},
        "owned_by": {"type": "string"},
        "state": {"type": "string"},
        "downloaded": {"type": "boolean"},
        "ctx_size": {"type": ["integer", "null"]},
        "checkpoint": _NULLABLE_STR,
        "size_gb": _NULLABLE_NUM,
        "labels": {"type": "array", "items": {"type": "string"}},
        "remote": _NULLABLE_STR,
    },
}

_BACKEND_CARD: Schema = {
    "type": "object",
    "required": ["model_name", "served_name", "state", "backend_url", "pid", "command"],
    "properties": {
        "model_name": {"type": "string"},
        "served_name": {"type": "string"},
        "state": {"type": "string"},
        "backend_url": {"type": "string"},
        "metrics_url": {"type": "string"},
        "pid": {"type": ["integer", "null"]},
        "command": {"type": "array", "items": {"type": "string"}},
        "ctx_size": {"type": ["integer", "null"]},
        "in_flight": {"type": "integer", "minimum": 0},
    },
}

_HEALTH: Schema = {
    "type": "object",
    "required": ["status", "model_loaded", "all_models_loaded", "models", "remotes", "engine"],
    "properties": {
        "status": {"const": "ok"},
        "model_loaded": _NULLABLE_STR,
        "all_models_loaded": {"type": "array", "items": _BACKEND_CARD},
        "models": {"type": "array", "items": _ANY_OBJECT},
        "remotes": {"type": "array", "items": _ANY_OBJECT},
        "engine": {"type": ["object", "null"]},
    },
}

_LIST_PAGE: Schema = {
    "type": "object",
    "required": ["object", "data"],
    "properties": {
        "object": {"const": "list"},
        "data": {"type": "array", "items": _ANY_OBJECT},
        "has_more": {"type": "boolean"},
    },
}

# What a relayed route needs of its body before the model's own server sees it; the rest is
# the model's (vLLM's) to judge, so the schema allows any other field.
_RELAYED_BODY: Schema = {
    "type": "object",
    "required": ["model"],
    "properties": {
        "model": {"type": "string", "minLength": 1},
        "stream": {"type": "boolean"},
        "n": {"type": "integer", "minimum": 1, "maximum": 16},
        "best_of": {"type": "integer", "minimum": 1, "maximum": 16},
    },
}

_LOAD_BODY: Schema = {
    "type": "object",
    "required": ["model_name"],
    "properties": {"model_name": {"type": "string", "minLength": 1}},
}

_CHECKPOINT_PATTERN = rf"^(?:{REPO_PATTERN[1:-1]}(?::[A-Za-z0-9_-]+)?|~?/.*)$"

_BATCH_BODY: Schema = {
    "type": "object",
    "required": ["input_file_id", "endpoint", "completion_window"],
    "properties": {
        "input_file_id": {"type": "string", "minLength": 1},
        "endpoint": {"enum": list(BATCH_URLS)},
        "completion_window": {"enum": list(COMPLETION_WINDOWS)},
        "metadata": {
            "type": ["object", "null"],
            "maxProperties": METADATA_MAX_PAIRS,
            "additionalProperties": {"type": "string"},
        },
    },
}

_PULL_BODY: Schema = {
    "type": "object",
    "required": ["model_name"],
    "properties": {
        "model_name": {"type": "string", "pattern": NAME_PATTERN},
        # A Hugging Face repository, `org/repo:revision`, or a folder of this computer.
        "checkpoint": {"type": "string", "pattern": _CHECKPOINT_PATTERN},
        "stream": {"type": "boolean"},
        "replace": {"type": "boolean"},
    },
}


def _json(schema: Schema) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _answers(description: str, ok: dict[str, Any]) -> dict[str, Any]:
    """The 200 the route documents, and the envelope for every error status."""
    return {
        "200": {"description": description, "content": ok},
        "default": {
            "description": "An error, in OpenAI's envelope (docs/proxy.md, 'Errors')",
            "content": _json({"$ref": "#/components/schemas/Error"}),
        },
    }


def _body(schema: Schema, media: str = "application/json") -> dict[str, Any]:
    return {"required": True, "content": {media: {"schema": schema}}}


def _get(summary: str, ok: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"get": {"summary": summary, "responses": _answers("OK", ok), **extra}}


def _post(summary: str, body: dict[str, Any] | None, ok: dict[str, Any]) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "responses": _answers("OK", ok)}
    if body is not None:
        operation["requestBody"] = body
    return {"post": operation}


def _path_param(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}


def _query(name: str, schema: Schema, *, required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "schema": schema}


def _relayed() -> dict[str, Any]:
    """The routes relayed to a model's vLLM: the answer is the model's (JSON, or an SSE
    stream for `"stream": true`)."""
    ok = {**_json(_ANY_OBJECT), "text/event-stream": {"schema": {"type": "string"}}}
    paths = {
        path: _post(f"Relayed to the model's vLLM {path}", _body(_RELAYED_BODY), ok)
        for path in RELAYED_PATHS
    }
    for path in LEMONADE_ALIASES:
        paths["/api" + path] = _post(f"Lemonade's alias of {path}", _body(_RELAYED_BODY), ok)
    return paths


def _own() -> dict[str, Any]:
    """The endpoint's own routes: models, health, management, batches."""
    models = _json({"$ref": "#/components/schemas/ModelList"})
    card = _json({"$ref": "#/components/schemas/Model"})
    health = _json({"$ref": "#/components/schemas/Health"})
    paths: dict[str, Any] = {
        "/live": _get("Liveness (no key)", _json(_ANY_OBJECT), security=[]),
        "/health": _get("Liveness (no key)", _json(_ANY_OBJECT), security=[]),
        OPENAPI_PATH: _get("This document (no key)", _json(_ANY_OBJECT), security=[]),
        INSTANCE_PATH: _get(
            "Proves this configuration's app to its CLI (no key)",
            _json({"type": "object", "required": ["object", "proof"]}),
            security=[],
            parameters=[
                _query(
                    "challenge",
                    {"type": "string", "pattern": f"^{CHALLENGE.pattern}$"},
                    required=True,
                )
            ],
        ),
    }
    for prefix in ("", "/api"):
        paths[prefix + "/v1/models"] = _get("The models", models)
        paths[prefix + "/v1/models/{model_id}"] = _get(
            "One model", card, parameters=[_path_param("model_id")]
        )
        paths[prefix + "/v1/health"] = _get("Loaded models, loads, remotes, engine", health)
    backend = _json({"allOf": [{"$ref": "#/components/schemas/Backend"}, {"required": ["status"]}]})
    unloaded = {"type": "object", "required": ["status", "unloaded"]}
    pull_ok = {
        **_json({"type": "object", "required": ["status", "download_id"]}),
        "text/event-stream": {"schema": {"type": "string"}},
    }
    unload_body = {
        "required": False,
        "content": _json({"type": "object", "properties": {"model_name": _NULLABLE_STR}}),
    }
    paths.update(
        {
            "/api/v1/load": _post("Load a model", _body(_LOAD_BODY), backend),
            "/api/v1/unload": _post("Unload one model, or all", unload_body, _json(unloaded)),
            "/api/v1/system-info": _get("The machine", _json(_ANY_OBJECT)),
            "/api/v1/stats": _get("Request statistics", _json(_ANY_OBJECT)),
            "/api/v1/pull": _post("Download a model (SSE progress)", _body(_PULL_BODY), pull_ok),
            "/api/v1/downloads": _get(
                "Downloads", _json({"type": "object", "required": ["downloads"]})
            ),
            "/api/v1/downloads/{download_id}/cancel": {
                "post": {
                    "summary": "Cancel a download",
                    "parameters": [_path_param("download_id")],
                    "responses": _answers(
                        "OK", _json({"type": "object", "required": ["download_id", "cancelled"]})
                    ),
                }
            },
        }
    )
    paths.update(_batches())
    return paths


def _batches() -> dict[str, Any]:
    """`/v1/files` and `/v1/batches` (docs/throughput.md, "Batch jobs")."""
    page = _json(_LIST_PAGE)
    one = _json(_ANY_OBJECT)
    paging = [
        _query("after", {"type": "string"}),
        _query("limit", {"type": "integer", "minimum": 1, "maximum": LIST_LIMIT_MAX}),
    ]
    upload = {
        "type": "object",
        "required": ["file", "purpose"],
        "properties": {
            "purpose": {"const": INPUT_PURPOSE},
            "file": {"type": "string", "format": "binary"},
        },
    }
    file_id, batch_id = [_path_param("file_id")], [_path_param("batch_id")]
    return {
        "/v1/files": {
            **_post("Upload a batch input (multipart)", _body(upload, "multipart/form-data"), one),
            **_get("Files", page, parameters=[_query("purpose", {"type": "string"}), *paging]),
        },
        "/v1/files/{file_id}": {
            **_get("A file", one, parameters=file_id),
            "delete": {
                "summary": "Delete a file",
                "parameters": file_id,
                "responses": _answers("OK", one),
            },
        },
        "/v1/files/{file_id}/content": _get(
            "A file's lines",
            {"application/jsonl": {"schema": {"type": "string"}}},
            parameters=file_id,
        ),
        "/v1/batches": {
            **_post("Start a batch", _body(_BATCH_BODY), one),
            **_get("Batches", page, parameters=paging),
        },
        "/v1/batches/{batch_id}": _get("A batch", one, parameters=batch_id),
        "/v1/batches/{batch_id}/cancel": {
            "post": {
                "summary": "Cancel a batch",
                "parameters": batch_id,
                "responses": _answers("OK", one),
            },
        },
    }


def document() -> dict[str, Any]:
    """The whole document: every route the endpoint serves, and its error envelope."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "vLLM Tray endpoint",
            "version": __version__,
            "description": "The OpenAI-compatible routes vLLM Tray relays to each model's "
            "vLLM, and its own /api/v1 routes. Every error is OpenAI's envelope.",
        },
        "paths": {**_own(), **_relayed()},
        "components": {
            "schemas": {
                "Error": ERROR_ENVELOPE,
                "Model": _MODEL_CARD,
                "ModelList": {
                    "type": "object",
                    "required": ["object", "data"],
                    "properties": {
                        "object": {"const": "list"},
                        "data": {"type": "array", "items": {"$ref": "#/components/schemas/Model"}},
                    },
                },
                "Backend": _BACKEND_CARD,
                "Health": _HEALTH,
            },
            # Needed only when an API key is set (`vllm-tray config set-secret api_key`).
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{}, {"bearer": []}],
    }


class OpenApiRoute:
    """`GET /openapi.json`: the document, serialised once."""

    def __init__(self) -> None:
        self._body = json.dumps(document(), separators=(",", ":")).encode()

    def register(self, router: web.UrlDispatcher) -> None:
        router.add_get(OPENAPI_PATH, self.answer)

    async def answer(self, request: web.Request) -> web.Response:
        return web.Response(body=self._body, content_type="application/json")
