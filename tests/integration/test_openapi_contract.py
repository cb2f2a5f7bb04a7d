"""The endpoint's contract, fuzzed (issue 34 item 4): Schemathesis reads the document a live
`vllm-tray serve` on the fake engine serves at /openapi.json and sends every operation
generated requests, valid and not, as vLLM's own tests/entrypoints/openai/test_openai_schema.py
does against vLLM. No 5xx from the endpoint itself, every error in OpenAI's envelope, every
answer what the document says.

One serve for the module: the fake engine as user.a; a pull goes to a closed port on this
machine, never out.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import positive_data_acceptance

from app.proxy.openapi import document
from tests.fakes.engine_runtime import make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port

# Examples per operation: the document has over forty, and the module must stay well under a
# minute and a half on two cores.
EXAMPLES = 12
# 5xx the endpoint may answer for something that is not its own fault: a model's server, the
# engine, a remote or a download source. Each is said in the envelope with its own code.
NOT_THE_ENDPOINTS = ("proxy.upstream_", "models.", "engine.", "remotes.", "downloads.")
MODEL = "user.a"


class Serve:
    def __init__(self, process: ServeProcess) -> None:
        self.process = process
        self.url = process.url


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serve]:
    tmp = tmp_path_factory.mktemp("openapi-contract")
    port = free_port()
    with pytest.MonkeyPatch.context() as mp:
        make_runtime(tmp, mp, models=("a",), settings={"proxy.port": port})
    env = {
        "HF_HUB_CACHE": str(tmp / "hub"),
        "HF_ENDPOINT": f"http://127.0.0.1:{free_port()}",
    }
    process = ServeProcess(tmp / "home", port, env)
    try:
        yield Serve(process)
    finally:
        code = process.stop()
        assert code == 0, "".join(process.lines[-30:])
        tracebacks = [line for line in process.lines if "Traceback" in line]
        assert not tracebacks, "".join(process.lines[-60:])


@pytest.fixture(scope="module")
def served_document(serve: Serve) -> dict[str, Any]:
    response = httpx.get(serve.url + "/openapi.json", timeout=30)
    assert response.status_code == 200, response.text
    document: dict[str, Any] = response.json()
    return document


def aimed_at_the_models(document: dict[str, Any]) -> dict[str, Any]:
    """The document with `model` drawn from the serve's models as well as from any text: a
    random name only ever reaches the 404, never the relay."""
    document = copy.deepcopy(document)
    for path_item in document["paths"].values():
        for operation in path_item.values():
            content = operation.get("requestBody", {}).get("content", {})
            body = content.get("application/json", {}).get("schema", {})
            for field in ("model", "model_name"):
                if field in body.get("properties", {}):
                    named = body["properties"][field]
                    body["properties"][field] = {"anyOf": [{"enum": [MODEL]}, named]}
    return document


def test_the_document_names_every_route_and_the_envelope(
    serve: Serve, served_document: dict[str, Any]
) -> None:
    paths = served_document["paths"]
    for path in ("/v1/chat/completions", "/v1/models", "/api/v1/pull", "/v1/batches"):
        assert path in paths, sorted(paths)
    error = served_document["components"]["schemas"]["Error"]["properties"]["error"]
    assert error["required"] == ["message", "type", "param", "code"]
    # No key is needed to read it: it is the same for every install and names nothing secret.
    assert "Authorization" not in httpx.get(serve.url + "/openapi.json").request.headers
    assert served_document == json.loads(json.dumps(document()))
    models = [m["id"] for m in httpx.get(serve.url + "/v1/models", timeout=30).json()["data"]]
    assert MODEL in models


def assert_envelope(response: httpx.Response | Any, where: str) -> dict[str, Any]:
    body = json.loads(response.content)
    assert isinstance(body, dict) and set(body) == {"error"}, (where, body)
    error = body["error"]
    assert set(error) == {"message", "type", "param", "code"}, (where, error)
    assert all(isinstance(error[k], str) and error[k] for k in ("message", "type", "code"))
    return dict(error)


# Built from the document the serve answers with (the first test checks they are the same).
# One pytest test per operation, each a Hypothesis run of the operation's cases: schemathesis'
# own pytest integration does not work on pytest 9 (its lazy loader sets a private attribute
# pytest 9 no longer has, and its parametrize gave all 44 items one node id, so that xdist
# reported one of them).
schema = schemathesis.openapi.from_dict(aimed_at_the_models(document()))
OPERATIONS = [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_every_operation_keeps_its_contract(operation: Any, serve: Serve) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        # The serve is shared by every example, as the endpoint is by every client.
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(case=operation.as_strategy())
    def keeps_it(case: Any) -> None:
        check_case(case, serve)

    keeps_it()


def check_case(case: Any, serve: Serve) -> None:
    response = case.call(base_url=serve.url, timeout=60)
    where = f"{case.method} {case.formatted_path}"
    if response.status_code >= 400:
        error = assert_envelope(response, where)
        if response.status_code >= 500:
            assert response.status_code in (502, 503, 504), (where, error)
            assert error["code"].startswith(NOT_THE_ENDPOINTS), (where, error)
    # Every check Schemathesis has (the answer's status, type, headers and body against the
    # document; valid data accepted, invalid refused; undeclared methods refused), but its
    # own "no 5xx" rule, for which the endpoint's is above: a model's, the engine's, a
    # remote's or a download source's failure is a 502/503 that names it.
    excluded = [not_a_server_error]
    if (case.method, case.path) == ("POST", "/v1/files"):
        # The file's lines are batch requests: a binary part's schema cannot say that, so a
        # schema-valid upload may well be refused (batch.bad_input), rightly.
        excluded.append(positive_data_acceptance)
    case.validate_response(response, excluded_checks=excluded)
