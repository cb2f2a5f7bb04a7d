"""The qualification feed parser: the publisher's feed of 2026-08-11 read as it is, anything
else refused as a whole with a few words, never an exception of another kind."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.engines.rocm_feed import (
    MAX_FEED_BYTES,
    FeedError,
    builds_for,
    default_build,
    parse_feed,
    release_key,
)
from app.core.untrusted import safe_name

ROOT = Path(__file__).resolve().parents[4]
PUBLISHED = (ROOT / "tests/fakes/data/vllm_rocm_qualification_2026-08-11.json").read_bytes()
SHIPPED = ROOT / "app/core/data/rocm_qualification.json"
NEWEST = "vllm0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724-gfx1151"


def test_the_published_feed_reads_as_it_is() -> None:
    feed = parse_feed(PUBLISHED)
    assert feed.updated_at == "2026-08-11T23:13:01Z" and len(feed.builds) == 27
    builds = builds_for(feed, "gfx1151")
    assert [b.tag for b in builds][:2] == [
        NEWEST,
        "vllm0.23.1.dev0+rocm7.15.0a20260710.g0fc695fc6.d20260710-gfx1151",
    ]
    newest = default_build(builds, stable_only=False)
    assert newest is not None and newest.tag == NEWEST and newest.channel == "nightly"
    assert newest.rocm_version == "7.15.0" and newest.why == ""
    # Every qualified build is a nightly; both stable ones failed their tiers.
    assert default_build(builds, stable_only=True) is None
    stable = {b.tag: b.why for b in builds if b.channel == "stable"}
    assert stable == {
        "vllm0.19.1+rocm7.13.0rc2-gfx1151": "torch ABI mismatch in native extensions",
        "vllm0.22.1-gfx1151": "tier0=fail, tier1=fail, tier2 missing",  # no summary: blocked_by
    }
    assert builds_for(feed, "gfx110X") == []  # only gfx1151 has a hardware runner


def test_the_shipped_snapshot_holds_the_facts_only_and_is_small() -> None:
    data = SHIPPED.read_bytes()
    assert len(data) < 50_000
    feed = parse_feed(data)
    assert feed == parse_feed(data) and len(feed.builds) == 27
    assert [b.tag for b in feed.builds] == [b.tag for b in parse_feed(PUBLISHED).builds]
    assert "summary" not in data.decode() and "recommended_action" not in data.decode()


def feed_with(**changes: Any) -> bytes:
    doc = json.loads(PUBLISHED)
    doc["builds"][0].update(changes)
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"{", "not UTF-8 JSON"),
        (b"\xff\xfe{}", "not UTF-8 JSON"),
        (b"[]", "not a JSON object"),
        (b"[" * 50_000, "not UTF-8 JSON"),
        (b'{"schema_version": 2, "builds": []}', "schema_version is 2"),
        (b'{"schema_version": true, "builds": []}', "schema_version is True"),
        (b" " * (MAX_FEED_BYTES + 1), "larger than 2 MB"),
        (feed_with(tag="../../evil"), "build 1: its tag is not a safe release name"),
        (feed_with(tag="vllm0.1/x"), "build 1: its tag is not a safe release name"),
        (feed_with(tag="vllm\u202e1"), "build 1: its tag is not a safe release name"),
        (feed_with(channel="beta"), "channel is neither stable nor nightly"),
        (feed_with(qualified="yes"), "qualified is not true or false"),
        (feed_with(gfx_target="../gfx"), "gfx_target is missing"),
        (feed_with(vllm_version="0.1 rm -rf"), "vllm_version is missing"),
        (feed_with(summary="x"), "summary is not an object"),
    ],
)
def test_a_bad_feed_is_refused_as_a_whole(data: bytes, why: str) -> None:
    with pytest.raises(FeedError, match=why.replace("(", r"\(")):
        parse_feed(data)


def test_a_failed_builds_title_is_one_short_line() -> None:
    doc = json.loads(PUBLISHED)
    doc["builds"][0].update(qualified=False, summary={"title": "\x1b[2Jbad\nline" + "x" * 500})
    (build, *_) = parse_feed(json.dumps(doc).encode()).builds
    assert build.why.startswith("bad line") and len(build.why) == 200


def test_release_key_orders_the_bundles_versions() -> None:
    assert release_key("0.25.2.dev0+rocm7.15.0a20260724") == (0, 25, 2)
    assert release_key("0.20.1") < release_key("0.22.1+rocm722") < release_key("0.25.2.dev0")
    assert release_key("abc") == (0, 0, 0)


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(max_size=30), st.sampled_from(["..", "/"])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["tag", "build_id", "gfx_target", "channel", "vllm_version", "qualified", "summary"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(FIELDS), values), max_size=4), st.integers(0, 26))
def test_any_change_to_a_build_is_read_or_refused_never_trusted(
    changes: list[tuple[str, Any]], index: int
) -> None:
    doc = json.loads(PUBLISHED)
    for field, value in changes:
        doc["builds"][index][field] = value
    try:
        feed = parse_feed(json.dumps(doc).encode())
    except FeedError as exc:
        assert str(exc)
        return
    for build in feed.builds:
        assert safe_name(build.tag) == build.tag and safe_name(build.build_id) == build.build_id
        assert build.channel in ("stable", "nightly") and isinstance(build.qualified, bool)
        assert "\n" not in build.why and len(build.why) <= 200


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=200), values.map(lambda v: json.dumps(v).encode())))
def test_any_document_is_read_or_refused_with_a_feed_error(data: bytes) -> None:
    with contextlib.suppress(FeedError):
        parse_feed(data)
