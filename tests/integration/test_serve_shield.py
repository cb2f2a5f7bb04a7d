"""The endpoint shields a vulnerable engine (issue 34 item 3): each rule of
app/core/engines/shield.py,
sent through `vllm-tray serve` to the fake engine reporting an affected vLLM (0.20.1) and one
reporting a fixed one (0.32.0). On the first the shape is a 400 in OpenAI's envelope naming the
advisory, on the second it is relayed as usual; the user's setting lets chat templates pass;
`/v1/health` and `engine status` list the rules in force; a Hypothesis pass over bodies.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.engines.shield import RULES
from tests.fakes.engine_runtime import fake_engine, make_runtime
from tests.fakes.remote_servers import ServeProcess, free_port, run_cli
from tests.integration.test_engine_advisories import install_fake_builds

AFFECTED, FIXED = "0.20.1", "0.32.0"
WAIT_S = 60.0
CHAT = {"model": "user.a", "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}
# Per rule: (route, body) with its shape, the field the 400 names and the advisory it names.
SHAPES = {
    "chat_template": (
        "/v1/chat/completions",
        {**CHAT, "chat_template": "{% for m in messages %}{{ m.content }}{% endfor %}"},
        "chat_template",
        "PYSEC-2026-4344",
    ),
    "chat_template_kwargs": (
        "/v1/chat/completions",
        {**CHAT, "chat_template_kwargs": {"chat_template": "{{ 'x' * 9 }}"}},
        "chat_template_kwargs.chat_template",
        "PYSEC-2026-4349",
    ),
    "prompt_embeds": (
        "/v1/completions",
        {"model": "user.a", "prompt": "hi", "prompt_embeds": "AAAA", "max_tokens": 2},
        "prompt_embeds",
        "PYSEC-2026-2303",
    ),
    "structured_outputs.regex": (
        "/v1/chat/completions",
        {**CHAT, "structured_outputs": {"regex": "(a+)+$"}},
        "structured_outputs.regex",
        "PYSEC-2026-2304",
    ),
    "guided_regex": (
        "/v1/completions",
        {"model": "user.a", "prompt": "hi", "guided_regex": "(a|aa)*b", "max_tokens": 2},
        "guided_regex",
        "PYSEC-2026-2304",
    ),
}


class Serve:
    """A `vllm-tray serve` whose user.a runs on the fake engine reporting `version`."""

    def __init__(self, tmp: Path, version: str, **extra: Any) -> None:
        self.home = tmp / "home"
        port = free_port()
        with pytest.MonkeyPatch.context() as mp:
            custom = fake_engine("--fake-version", version)
            settings_ = {"proxy.port": port, "engine.custom_command": custom, **extra}
            make_runtime(tmp, mp, models=("a",), settings=settings_)
        self.process = ServeProcess(self.home, port, {"HF_HUB_CACHE": str(tmp / "hub")})
        self.client = httpx.Client(base_url=self.process.url, timeout=WAIT_S)
        self.version = version
        self.health: dict[str, Any] = {}  # /v1/health's answer once ready

    def ready(self) -> dict[str, Any]:
        """Load user.a and wait until /v1/health says the vLLM it runs (the fake engine tells
        it from its /version once a child is up); /v1/health's answer."""
        assert self.client.post("/api/v1/load", json={"model_name": "user.a"}).status_code == 200
        deadline = time.monotonic() + WAIT_S
        while True:
            health: dict[str, Any] = self.client.get("/v1/health").json()
            if health["engine"]["vllm_version"] == self.version:
                return health
            assert time.monotonic() < deadline, health
            time.sleep(0.05)

    def close(self) -> None:
        self.client.close()
        code = self.process.stop()
        assert code == 0, "".join(self.process.lines[-30:])
        assert not [line for line in self.process.lines if "Traceback" in line]


def _serve(tmp_path_factory: pytest.TempPathFactory, version: str, **extra: Any) -> Iterator[Serve]:
    serve = Serve(tmp_path_factory.mktemp(f"shield-{version}"), version, **extra)
    try:
        serve.health = serve.ready()
        yield serve
    finally:
        serve.close()


@pytest.fixture(scope="module")
def affected(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serve]:
    yield from _serve(tmp_path_factory, AFFECTED)


@pytest.fixture(scope="module")
def fixed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serve]:
    yield from _serve(tmp_path_factory, FIXED)


def assert_refused(answer: httpx.Response, field: str, advisory: str) -> dict[str, Any]:
    assert answer.status_code == 400, answer.text
    error: dict[str, Any] = answer.json()["error"]
    assert error["code"].startswith("shield.") and error["param"] == field, error
    assert error["type"] == "invalid_request_error"
    assert advisory in error["message"] and f'"{field}"' in error["message"], error
    assert AFFECTED in error["message"], error
    return error


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_shape_is_refused_by_an_affected_engine_and_relayed_to_a_fixed_one(
    affected: Serve, fixed: Serve, shape: str
) -> None:
    path, body, field, advisory = SHAPES[shape]
    assert_refused(affected.client.post(path, json=body), field, advisory)
    # The same request without the shape is relayed: the refusal is the shape's alone.
    plain = {k: v for k, v in body.items() if k != field.split(".")[0]}
    assert affected.client.post(path, json=plain).status_code == 200
    answer = fixed.client.post(path, json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["usage"]["completion_tokens"] == 2


@pytest.mark.parametrize(
    ("method", "path"), [("PURGE", "/v1/chat/completions"), ("TRACE", "/v1/completions")]
)
def test_other_methods_never_reach_the_engine(
    affected: Serve, fixed: Serve, method: str, path: str
) -> None:
    # The endpoint relays POST on its routes only (PYSEC-2026-4325: arbitrary methods were
    # unbounded Prometheus labels in vLLM < 0.30.0): any other method is its own 405.
    for serve in (affected, fixed):
        answer = serve.client.request(method, path)
        assert answer.status_code == 405, answer.text
        assert answer.json()["error"]["code"] == "proxy.method_not_allowed"


def test_health_lists_the_rules_in_force(affected: Serve, fixed: Serve) -> None:
    listed = {rule["id"]: rule for rule in affected.health["engine"]["shield"]}
    assert sorted(listed) == sorted(rule.id for rule in RULES)
    assert listed["prompt_embeds"]["advisories"] == ["PYSEC-2026-2303"]
    assert listed["prompt_embeds"]["affected"] == ">=0.12.0,<0.24.0"  # the OSV record's range
    assert fixed.health["engine"]["shield"] == []


def test_the_setting_lets_request_chat_templates_pass(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    for serve in _serve(tmp_path_factory, AFFECTED, **{"proxy.allow_request_chat_templates": True}):
        for shape in ("chat_template", "chat_template_kwargs"):
            path, body, _, _ = SHAPES[shape]
            assert serve.client.post(path, json=body).status_code == 200
        # The other rules stay in force.
        path, body, field, advisory = SHAPES["prompt_embeds"]
        assert_refused(serve.client.post(path, json=body), field, advisory)


def test_engine_status_names_the_rules_in_force(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    install_fake_builds(home)  # the ROCm bundle (vLLM 0.20.1) and the CPU build (0.32.0)
    (home / "settings.json").write_text(json.dumps({"engine.kind": "rocm"}))
    done = run_cli(home, "engine", "status", "--json")
    assert done.returncode == 0, done.stderr
    rows = {row["kind"]: row for row in json.loads(done.stdout)["engines"]}
    assert [r["id"] for r in rows["rocm"]["shield"]] == [rule.id for rule in RULES]
    assert rows["cpu"]["shield"] == []
    text = run_cli(home, "engine", "status")
    assert text.returncode == 0, text.stderr
    assert "endpoint shield: 4 rules in force" in text.stdout
    assert "- prompt_embeds: PYSEC-2026-2303, affected >=0.12.0,<0.24.0" in text.stdout
    assert "endpoint shield: no rule in force" in text.stdout


# -- a bounded Hypothesis pass: bodies with and without the shapes, hostile values --------
_ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
_EXTRAS = st.fixed_dictionaries(
    {},
    optional={
        "chat_template": _ANY,
        "chat_template_kwargs": _ANY | st.fixed_dictionaries({"chat_template": _ANY}),
        "prompt_embeds": _ANY,
        "structured_outputs": _ANY | st.fixed_dictionaries({"regex": _ANY}),
        "guided_regex": _ANY,
    },
)


def _shaped(extras: dict[str, Any]) -> bool:
    """The test's own reading of the rules: a shape is a field present and not null."""
    nested = [extras.get(k) for k in ("chat_template_kwargs", "structured_outputs")]
    inner = [
        n.get(key)
        for n, key in zip(nested, ("chat_template", "regex"), strict=True)
        if isinstance(n, dict)
    ]
    top = [extras.get(k) for k in ("chat_template", "prompt_embeds", "guided_regex")]
    return any(v is not None for v in (*top, *inner))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(extras=_EXTRAS)
def test_bodies_are_refused_exactly_for_their_shapes(
    affected: Serve, extras: dict[str, Any]
) -> None:
    answer = affected.client.post("/v1/chat/completions", json={**CHAT, **extras})
    assert answer.status_code < 500, answer.text
    code = answer.json().get("error", {}).get("code", "") if answer.status_code >= 400 else ""
    assert code.startswith("shield.") == _shaped(extras), (extras, answer.text)
