"""The table of vLLM advisories: every row's range and sentence, and which apply to what."""

from __future__ import annotations

import pytest

from app.core.advisories import (
    ADVISORIES,
    ADVISORY_CODE,
    Advisory,
    EngineAdvice,
    affecting,
    version_key,
    vllm_version,
)
from app.supervisor.engines.cpu import VLLM_CPU_VERSION
from app.supervisor.engines.rocm import PINNED_BASE, TARGET_PINNED_BASES

# FACTS.md, "Security advisories": id → fixed in.
KNOWN = {
    "CVE-2026-48746": "0.22.0",
    "CVE-2026-34756": "0.19.0",
    "CVE-2026-34753": "0.19.0",
    "CVE-2026-22778": "0.14.1",
    "CVE-2026-22807": "0.14.0",
}


def test_the_table_holds_the_known_advisories() -> None:
    assert {a.id: a.fixed_in for a in ADVISORIES} == KNOWN
    assert len({a.id for a in ADVISORIES}) == len(ADVISORIES)


@pytest.mark.parametrize("advisory", ADVISORIES, ids=lambda a: a.id)
def test_every_row_has_a_range_and_one_sentence(advisory: Advisory) -> None:
    fixed = version_key(advisory.fixed_in)
    assert fixed is not None and fixed[3] == 1  # a final release
    assert advisory.affected == f"<{advisory.fixed_in}"
    # The release just before the fix is affected, the fix and later are not.
    major, minor, patch, _ = fixed
    before = f"{major}.{minor}.{patch - 1}" if patch else f"{major}.{minor - 1}.99"
    assert advisory.applies_to(before)
    assert advisory.applies_to(f"{advisory.fixed_in}rc1")  # a pre-release of the fix
    assert not advisory.applies_to(advisory.fixed_in)
    assert not advisory.applies_to(f"{advisory.fixed_in}.post1")
    assert not advisory.applies_to("1.0.0")
    found = advisory.problem("0.1.0")
    assert found.code == ADVISORY_CODE
    sentence = found.english()
    assert advisory.id in sentence and advisory.fixed_in in sentence and "0.1.0" in sentence
    assert sentence.endswith(".") and sentence.count(". ") == 0  # one sentence
    assert "{" not in sentence


def test_the_pinned_rocm_bundles_and_the_cpu_build() -> None:
    for base in {PINNED_BASE, *TARGET_PINNED_BASES.values()}:
        version = vllm_version(f"{base}-gfx1151")
        assert version in ("0.20.1", "0.19.1")
        assert [a.id for a in affecting(version)] == ["CVE-2026-48746"]
    assert affecting(vllm_version(VLLM_CPU_VERSION)) == ()


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("vllm0.20.1-rocm7.12.0-gfx1151", "0.20.1"),
        ("vllm0.19.1-rocm7.13.0-gfx942", "0.19.1"),
        ("0.32.0", "0.32.0"),
        ("0.11.1rc2.dev3+g1234", "0.11.1rc2.dev3+g1234"),
        ("", None),
        ("unknown", None),
        (None, None),
    ],
)
def test_the_vllm_release_of_an_engine_version(text: str | None, version: str | None) -> None:
    assert vllm_version(text) == version


def test_version_order() -> None:
    order = ["0.13.9", "0.14.0rc1", "0.14.0.dev2", "0.14.0", "0.14.0.post1", "0.14.1", "0.22.0"]
    keys = [version_key(v) for v in order]
    assert keys[1] == keys[2]  # both before 0.14.0
    assert keys == sorted(keys, key=lambda k: k or (0, 0, 0, 0))
    assert version_key("0.14.0+cpu") == version_key("0.14.0")


def test_advice_as_health_shows_it() -> None:
    advice = EngineAdvice.of("rocm", "0.19.1", "bundle")
    assert advice.to_json() == {
        "kind": "rocm",
        "vllm_version": "0.19.1",
        "version_source": "bundle",
        "advisories": [
            {
                "id": "CVE-2026-48746",
                "aliases": ["GHSA-94f4-hr76-p5j6"],
                "affected": "<0.22.0",
                "fixed_in": "0.22.0",
                "summary": advice.problems()[0].english(),
            }
        ],
    }
    unknown = EngineAdvice.of("custom", None, "engine")
    assert (unknown.source, unknown.advisories) == ("unknown", ())
