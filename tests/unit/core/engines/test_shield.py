"""The shield's rules (app/core/engines/shield.py): declared from the shipped advisory records, in
force
for the versions those records cover (bundles' local versions included), and predicates that
never raise and refuse only their shapes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.engines.advisories import EngineAdvice, shipped_db
from app.core.engines.shield import RULES, affecting_names, in_force, refusal, shapes_of
from app.core.problems.problem_catalogue import CATALOGUE


def rules_for(version: str | None) -> list[str]:
    advice = EngineAdvice.of("rocm", version, "bundle")
    return [rule.id for rule in in_force(advice.version, affecting_names(advice.advisories))]


def test_every_rule_names_advisories_of_the_shipped_snapshot() -> None:
    names = affecting_names(shipped_db().advisories)
    for rule in RULES:
        assert set(rule.advisories) <= names, rule
        assert rule.affected() != "*", rule
        assert rule.code in CATALOGUE


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        (
            "0.20.1",
            ["request_chat_template", "prompt_embeds", "structured_outputs_regex", "other_methods"],
        ),
        # A ROCm bundle's pre-release of 0.25.2: past 0.24.0's fixes, before 0.30.0's.
        (
            "0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724",
            ["request_chat_template", "other_methods"],
        ),
        ("0.30.0", ["request_chat_template"]),
        ("0.32.0+cpu", []),
        ("0.11.0", ["structured_outputs_regex", "other_methods"]),  # before the others came
        (None, [rule.id for rule in RULES]),  # unknown: treated as affected
    ],
)
def test_rules_are_in_force_while_their_advisories_apply(
    version: str | None, expected: list[str]
) -> None:
    assert rules_for(version) == expected


def test_a_refusal_names_the_advisories_and_the_field_and_the_setting_allows_templates() -> None:
    affecting = affecting_names(EngineAdvice.of("rocm", "0.20.1", "bundle").advisories)
    shapes = shapes_of({"chat_template_kwargs": {"chat_template": "{{ x }}"}, "guided_regex": "a"})
    found = refusal(shapes, "0.20.1", affecting)
    assert found is not None
    p, field = found
    assert (p.code, field) == ("shield.chat_template", "chat_template_kwargs.chat_template")
    assert "PYSEC-2026-4344" in p.english() and "proxy.allow_request_chat_templates" in p.english()
    allowed = refusal(shapes, "0.20.1", affecting, ("proxy.allow_request_chat_templates",))
    assert allowed is not None and allowed[0].code == "shield.regex"
    assert refusal(shapes, "0.32.0", frozenset()) is None


_JSON = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
_KEYS = (
    "chat_template",
    "chat_template_kwargs",
    "prompt_embeds",
    "structured_outputs",
    "guided_regex",
    "model",
    "messages",
)


@settings(max_examples=300, deadline=None)
@given(body=_JSON | st.dictionaries(st.sampled_from(_KEYS), _JSON, max_size=5))
def test_the_predicates_never_raise_and_see_only_their_shapes(body: Any) -> None:
    shapes = shapes_of(json.loads(json.dumps(body)))
    fields = set(shapes.values())
    assert fields <= {
        "chat_template",
        "chat_template_kwargs.chat_template",
        "prompt_embeds",
        "structured_outputs.regex",
        "guided_regex",
    }
    for field in fields:
        top, _, inner = field.partition(".")
        value = body[top].get(inner) if inner else body[top]
        assert value is not None
    # Whatever the body, a refusal is one of the shield's own problems about a field it has.
    found = refusal(shapes, "0.20.1", affecting_names(shipped_db().advisories))
    assert (found is None) == (not shapes)
    if found is not None:
        assert found[0].code.startswith("shield.") and found[1] in fields
