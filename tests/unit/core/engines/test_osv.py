"""OSV records read into facts: kept in the expected shape, refused otherwise, never a raise."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.engines.advisories import AdvisoryDB
from app.core.engines.osv import parse_record, parse_version

RECORD: dict[str, Any] = {
    "id": "PYSEC-2026-226",
    "published": "2026-06-22T23:16:30.200Z",
    "aliases": ["CVE-2026-48746", "GHSA-94f4-hr76-p5j6", "not an id!", "\x1b[31mCVE-1-1"],
    "details": "an authentication bypass of the OpenAI API AuthenticationMiddleware",
    "affected": [
        {
            "package": {"ecosystem": "PyPI", "name": "vllm"},
            "ranges": [
                {"type": "GIT", "events": [{"introduced": "0"}, {"fixed": "abc123"}]},
                {"type": "ECOSYSTEM", "events": [{"introduced": "0.3.0"}, {"fixed": "0.22.0"}]},
            ],
        },
        {
            "package": {"ecosystem": "PyPI", "name": "other"},
            "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}]}],
        },
    ],
    "severity": [{"type": "CVSS_V3", "score": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N"}],
}


def test_a_record_keeps_its_facts_only() -> None:
    assert parse_record(RECORD) == {
        "id": "PYSEC-2026-226",
        "aliases": ["CVE-2026-48746", "GHSA-94f4-hr76-p5j6"],  # ids of an unsafe shape go
        "published": "2026-06-22",
        "ranges": [{"introduced": "0.3.0", "fixed": "0.22.0", "last_affected": None}],
        "severity": "critical",
        "score": 9.1,
        "kind": "access",
        "url": "https://osv.dev/vulnerability/PYSEC-2026-226",
    }


def test_kinds_from_cwe_ids_and_levels_from_github() -> None:
    ghsa = {
        **RECORD,
        "id": "GHSA-94f4-hr76-p5j6",
        "severity": [],
        "database_specific": {"cwe_ids": ["CWE-400"], "severity": "MODERATE"},
    }
    found = parse_record(ghsa)
    assert found is not None
    assert (found["kind"], found["severity"], found["score"]) == (
        "denial_of_service",
        "medium",
        None,
    )


def test_records_that_are_refused() -> None:
    for broken in (
        {**RECORD, "id": "../../etc/passwd"},
        {**RECORD, "id": "PYSEC 2026"},
        {**RECORD, "withdrawn": "2026-01-01T00:00:00Z"},
        {**RECORD, "affected": []},
        {**RECORD, "affected": [{"package": {"ecosystem": "npm", "name": "vllm"}}]},
        {**RECORD, "affected": "vllm"},
        [RECORD],
        "PYSEC-2026-226",
        None,
    ):
        assert parse_record(broken) is None
    bad_version = copy.deepcopy(RECORD)
    bad_version["affected"][0]["ranges"][1]["events"][1] = {"fixed": "not a version"}
    assert parse_record(bad_version) is None


def test_an_answer_keeps_one_record_per_vulnerability() -> None:
    ghsa = {**RECORD, "id": "GHSA-94f4-hr76-p5j6", "aliases": ["CVE-2026-48746"]}
    db = AdvisoryDB.from_osv({"vulns": [ghsa, RECORD, {"id": "junk"}]}, taken="2026-12-07")
    assert [a.id for a in db.advisories] == ["PYSEC-2026-226"]  # PYSEC first; junk refused
    assert db.source == "osv.dev"


def test_versions() -> None:
    assert str(parse_version("0.25.2.dev0+rocm7.15.0a20260724.g752a3a504")) == "0.25.2.dev0"
    assert str(parse_version("0.32.0+cpu")) == "0.32.0"
    for bad in ("", "x" * 65, "0.1 2", "0.1;rm", None, 3, "v" * 3):
        assert parse_version(bad) is None


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)
_EVENT = st.dictionaries(
    st.sampled_from(["introduced", "fixed", "last_affected", "limit"]),
    st.sampled_from(["0", "0.1.0", "0.22.0", "1!2.0", "x", "", "0.25.2.dev0+rocm"]) | _JSON,
    min_size=0,
    max_size=2,
)
_RECORDS = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["PYSEC-2026-1", "GHSA-aaaa-bbbb-cccc", "bad id", ""]) | _JSON,
        "aliases": st.lists(st.text(max_size=30), max_size=5) | _JSON,
        "published": st.sampled_from(["2026-01-02T00:00:00Z", "yesterday"]) | _JSON,
        "affected": st.lists(
            st.fixed_dictionaries(
                {
                    "package": st.just({"ecosystem": "PyPI", "name": "vllm"}) | _JSON,
                    "ranges": st.lists(
                        st.fixed_dictionaries(
                            {
                                "type": st.sampled_from(["ECOSYSTEM", "GIT"]),
                                "events": st.lists(_EVENT, max_size=5) | _JSON,
                            }
                        ),
                        max_size=3,
                    )
                    | _JSON,
                }
            ),
            max_size=3,
        )
        | _JSON,
        "severity": st.lists(
            st.fixed_dictionaries(
                {
                    "type": st.just("CVSS_V3"),
                    "score": st.sampled_from(
                        [
                            "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
                            "CVSS:3.1/AV:Z",
                            "CVSS:4.0/",
                        ]
                    )
                    | st.text(max_size=40),
                }
            ),
            max_size=2,
        )
        | _JSON,
        "database_specific": _JSON,
        "details": st.text(max_size=200) | _JSON,
    },
)


@settings(max_examples=300, deadline=None)
@given(record=_RECORDS | _JSON)
def test_any_record_is_kept_in_shape_or_refused(record: Any) -> None:
    found = parse_record(record)
    if found is None:
        return
    assert found["url"].endswith(found["id"])
    assert found["ranges"] and all(
        set(r) == {"introduced", "fixed", "last_affected"} for r in found["ranges"]
    )
    # What is kept reads back as the snapshot does, and matches versions without raising.
    db = AdvisoryDB.from_json({"taken": "2026-12-07", "records": [found]}, source="snapshot")
    for version in ("0.1.0", "0.25.2.dev0+rocm7.15.0", "9.9.9"):
        db.affecting(version)
        db.fixing_all(version)
