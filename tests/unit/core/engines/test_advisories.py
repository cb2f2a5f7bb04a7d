"""The advisories of vLLM from the shipped OSV snapshot: ranges, sentences, and which apply to
the engines the app runs (bundles with local versions, the CPU build, a user's own vLLM)."""

from __future__ import annotations

import pytest

from app.core.engines.advisories import (
    ADVISORY_CODE,
    KINDS,
    Advisory,
    AdvisoryDB,
    EngineAdvice,
    Range,
    affecting,
    shipped,
    version_key,
    vllm_version,
)
from app.supervisor.engines.cpu import VLLM_CPU_VERSION
from app.supervisor.engines.rocm_builds import PINNED_BASE, TARGET_PINNED_BASES

NEWEST_QUALIFIED = "vllm0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724-gfx1151"

# FACTS.md, "Engine currency and advisories" and "Security advisories": alias → fixed in.
NAMED = {
    "CVE-2026-41523": "0.22.0",
    "CVE-2026-47155": "0.22.0",
    "CVE-2026-48746": "0.22.0",
    "CVE-2026-54234": "0.24.0",
    "CVE-2026-55514": "0.24.0",
    "CVE-2026-55574": "0.24.0",
    "CVE-2026-34756": "0.19.0",
    "CVE-2026-34753": "0.19.0",
    "CVE-2026-22778": "0.14.1",
    "CVE-2026-22807": "0.14.0",
    "PYSEC-2026-2303": "0.24.0",
    "PYSEC-2026-4199": "0.30.0",
    "PYSEC-2026-4325": "0.30.0",
    "PYSEC-2026-4344": "0.32.0",
    "PYSEC-2026-4349": "0.32.0",
}


def by_name(db: AdvisoryDB, name: str) -> Advisory:
    (found,) = [a for a in db.advisories if name == a.id or name in a.aliases]
    return found


def test_the_snapshot_holds_the_named_advisories_with_their_fixes() -> None:
    db = shipped()
    assert (db.source, db.taken) == ("snapshot", "2026-12-07")
    assert len(db.advisories) == 64  # 58 of the PyPA copy of 2026-07-23 + 6 later ones
    assert len({a.id for a in db.advisories}) == len(db.advisories)
    for name, fixed in NAMED.items():
        advisory = by_name(db, name)
        assert fixed in [r.fixed for r in advisory.ranges], name
        assert advisory.url == f"https://osv.dev/vulnerability/{advisory.id}"
    host_header = by_name(db, "CVE-2026-48746")
    assert (host_header.severity, host_header.score, host_header.kind) == (
        "critical",
        9.1,
        "access",
    )
    assert by_name(db, "CVE-2026-41523").kind == "code_execution"
    assert by_name(db, "PYSEC-2026-4344").kind == "denial_of_service"


@pytest.mark.parametrize("advisory", shipped().advisories, ids=lambda a: a.id)
def test_every_record_has_a_range_and_one_sentence(advisory: Advisory) -> None:
    assert advisory.ranges and advisory.kind in KINDS
    for rng in advisory.ranges:
        if rng.fixed:
            fixed = rng.fixed
            assert advisory.applies_to(f"{fixed}rc1") or rng.introduced == fixed
            assert not advisory.applies_to(fixed) or len(advisory.ranges) > 1
            assert not advisory.applies_to(f"{fixed}.post1") or len(advisory.ranges) > 1
    assert not advisory.applies_to("9.0.0") or any(
        r.fixed is None and r.last_affected is None for r in advisory.ranges
    )
    version = next(
        (f"{r.fixed}rc1" for r in advisory.ranges if r.fixed), advisory.ranges[0].last_affected
    )
    assert version is not None
    found = advisory.problem(version)
    assert found.code == ADVISORY_CODE
    sentence = found.english()
    assert advisory.name in sentence and version in sentence
    assert sentence.endswith(".") and sentence.count(". ") == 0  # one sentence
    assert "{" not in sentence


@pytest.mark.parametrize(
    ("engine", "count", "worst", "fixed_by"),
    [
        (f"{PINNED_BASE}-gfx1151", 17, "critical", "0.32.0"),  # vllm0.20.1-rocm7.12.0
        ("vllm0.19.1-rocm7.13.0-gfx942", 18, "critical", "0.32.0"),
        (NEWEST_QUALIFIED, 5, "high", "0.32.0"),  # inside those fixed in 0.30.0 and 0.32.0
        ("0.23.1", 10, "high", "0.32.0"),
        (VLLM_CPU_VERSION, 0, None, None),
        ("0.32.0+cpu", 0, None, None),
    ],
)
def test_the_engines_the_app_runs(
    engine: str, count: int, worst: str | None, fixed_by: str | None
) -> None:
    advice = EngineAdvice.of("rocm", vllm_version(engine), "bundle")
    assert (len(advice.advisories), advice.worst_severity, advice.fixed_by) == (
        count,
        worst,
        fixed_by,
    )
    ranks = [a.severity for a in advice.advisories]
    order = ["critical", "high", "medium", "low", "unknown"]
    assert ranks == sorted(ranks, key=order.index)  # the worst first


def test_the_pinned_bundles_are_inside_the_host_header_bypass() -> None:
    for base in {PINNED_BASE, *TARGET_PINNED_BASES.values()}:
        names = [a.name for a in affecting(vllm_version(f"{base}-gfx1151"))]
        assert "CVE-2026-48746" in names and "PYSEC-2026-4344" in names


def test_a_bundles_pre_release_is_inside_ranges_fixed_in_its_own_release() -> None:
    """0.25.2.dev0+rocm… is a 0.25.2 pre-release: before a fix in 0.25.2, after one in 0.25.1."""
    version = vllm_version(NEWEST_QUALIFIED)
    assert version == "0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724"
    at_release = Advisory("PYSEC-0000-1", (Range(None, "0.25.2"),))
    before = Advisory("PYSEC-0000-2", (Range(None, "0.25.1"),))
    from_release = Advisory("PYSEC-0000-3", (Range("0.25.2", "0.26.0"),))
    assert at_release.applies_to(version)
    assert not before.applies_to(version)
    assert not from_release.applies_to(version)  # a pre-release sorts before its release
    assert at_release.fixed_for(version) == "0.25.2"


def test_last_affected_and_open_ranges() -> None:
    last = Advisory("PYSEC-0000-4", (Range("0.11.0", None, "0.23.0"),))
    assert last.applies_to("0.23.0") and not last.applies_to("0.23.1")
    assert not last.applies_to("0.10.9")
    assert last.fixed_for("0.20.0") is None
    sentence = last.problem("0.20.0").english()
    assert "no release is known to fix" in sentence and ">=0.11.0,<=0.23.0" in sentence
    db = AdvisoryDB((last,), "2026-12-07")
    assert db.fixing_all("0.20.0") is None  # no fix known
    fixed_later = Advisory("PYSEC-0000-5", (Range(None, "0.30.0"),))
    both = AdvisoryDB((last, fixed_later), "2026-12-07")
    assert both.fixing_all("0.20.0") == "0.30.0"  # past the last affected release too


def test_fixing_all_moves_past_a_range_the_first_fix_lands_in() -> None:
    db = AdvisoryDB(
        (
            Advisory("PYSEC-0000-6", (Range(None, "0.22.0"),)),
            Advisory("PYSEC-0000-7", (Range("0.22.0", "0.24.0"),)),
        ),
        "2026-12-07",
    )
    assert db.fixing_all("0.20.1") == "0.24.0"
    assert db.fixing_all("0.24.0") is None  # none apply


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("vllm0.20.1-rocm7.12.0-gfx1151", "0.20.1"),
        ("vllm0.19.1-rocm7.13.0-gfx942", "0.19.1"),
        (NEWEST_QUALIFIED, "0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724"),
        ("vllm0.19.1+rocm7.13.0rc2-gfx1151", "0.19.1+rocm7.13.0rc2"),
        ("0.32.0", "0.32.0"),
        ("0.11.1rc2.dev3+g1234", "0.11.1rc2.dev3+g1234"),
        ("", None),
        ("unknown", None),
        ("0.20.1\x1b[31m", "0.20.1"),  # an escape sequence is stripped
        (None, None),
    ],
)
def test_the_vllm_release_of_an_engine_version(text: str | None, version: str | None) -> None:
    assert vllm_version(text) == version


def test_version_order() -> None:
    order = ["0.13.9", "0.14.0.dev2", "0.14.0rc1", "0.14.0", "0.14.0.post1", "0.14.1", "0.22.0"]
    keys = [version_key(v) for v in order]
    assert None not in keys
    assert keys == sorted(keys)  # type: ignore[type-var]
    assert version_key("0.14.0+cpu") == version_key("0.14.0")
    assert version_key("0.25.2.dev0+rocm7.15.0") < version_key("0.25.2")  # type: ignore[operator]


def test_advice_as_health_shows_it() -> None:
    advice = EngineAdvice.of("rocm", "0.25.2.dev0+rocm7.15.0", "bundle")
    shown = advice.to_json()
    assert shown["advisory_count"] == 5
    assert (shown["worst_severity"], shown["fixed_by"]) == ("high", "0.32.0")
    assert shown["advisories_source"] == {"from": "snapshot", "taken": "2026-12-07", "note": None}
    first = shown["advisories"][0]
    assert set(first) == {
        "id", "aliases", "affected", "fixed_in", "severity", "score", "published", "kind", "url",
        "summary",
    }  # fmt: skip
    assert first["summary"] == advice.problems()[0].english()
    unknown = EngineAdvice.of("custom", None, "engine")
    assert (unknown.source, unknown.advisories, unknown.fixed_by) == ("unknown", (), None)
