"""The endpoint's OpenAPI document: valid, and naming exactly the routes the endpoint serves
(a route added without its entry fails here, before Schemathesis would never fuzz it)."""

from __future__ import annotations

from typing import Any, cast

import schemathesis

from app.core.contracts import BatchController, ModelController
from app.core.events import EventBus
from app.proxy.openapi import document
from app.proxy.server import ProxyServer
from app.proxy.upstream import Upstream


def served_routes() -> set[tuple[str, str]]:
    # Registering the routes touches none of these parts; only the router is looked at.
    server = ProxyServer(
        cast(ModelController, object()),
        None,
        EventBus(),
        batches=cast(BatchController, object()),
    )
    app = server._build_app(cast(Upstream, object()))
    routes = set()
    for route in app.router.routes():
        if route.method != "HEAD":  # aiohttp adds HEAD to every GET
            routes.add((route.method.lower(), route.resource.canonical if route.resource else ""))
    return routes


def documented_routes(doc: dict[str, Any]) -> set[tuple[str, str]]:
    return {(method, path) for path, item in doc["paths"].items() for method in item}


def test_the_document_names_every_route_the_endpoint_serves() -> None:
    assert documented_routes(document()) == served_routes()


def test_the_document_is_valid_openapi_with_the_envelope_for_every_error() -> None:
    doc = document()
    schema = schemathesis.openapi.from_dict(doc)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == len(documented_routes(doc))
    for item in doc["paths"].values():
        for operation in item.values():
            default = operation["responses"]["default"]["content"]["application/json"]
            assert default["schema"] == {"$ref": "#/components/schemas/Error"}
