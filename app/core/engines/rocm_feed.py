"""The ROCm bundles' qualification feed (lemonade-sdk/vllm-rocm, schema_version 1), read strictly.

The publisher records every hardware qualification run of its bundles in `index.json` on the
`qualification-data` branch (contract: its docs/qualification-feed.md): newest first, one row
per run with the release `tag`, `gfx_target`, `channel` (stable | nightly), the vLLM and ROCm
versions, `qualified` and a one-line `summary.title`. Everything in it comes from outside: the
whole document is refused when any field the app uses has another shape, and a tag must be
safe as a folder name and a URL segment as it is (`untrusted.safe_name`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.core.problems.problems import Problem
from app.core.untrusted import one_line, parse_json, safe_name

SCHEMA_VERSION = 1
MAX_FEED_BYTES = 2_000_000  # the feed of 2026-08-11 is 42 kB for 27 runs
MAX_BUILDS = 5_000
CHANNELS = ("stable", "nightly")
_TARGET = re.compile(r"gfx[0-9]{2,4}[0-9a-fA-FX]{0,2}")
_VERSION = re.compile(r"[0-9][0-9A-Za-z.+_-]{0,119}")
_STAMP = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{5,15}Z")
_RELEASE = re.compile(r"([0-9]+)\.([0-9]+)(?:\.([0-9]+))?")
# The vLLM server bundles; the feed also carries vllm-omni bundles (`vllm-omni0.25.0rc1-…`),
# another server with another command line, which this app does not start.
_SERVER_TAG = re.compile(r"vllm[0-9]")
_MAX_TITLE = 200


class FeedError(ValueError):
    """The document is no schema_version 1 feed; the message says why, in a few words."""


@dataclass(frozen=True)
class FeedBuild:
    """One qualification run of one release tag."""

    build_id: str
    tag: str
    gfx_target: str
    channel: str
    vllm_version: str
    rocm_version: str
    qualified: bool
    generated_at: str
    # Why it did not qualify: the publisher's one-line summary, else its blocked tiers.
    why: str = ""


@dataclass(frozen=True)
class Feed:
    """The runs of a feed, newest first, and when the newest was published."""

    updated_at: str
    builds: tuple[FeedBuild, ...]


def release_key(version: str) -> tuple[int, int, int]:
    """(major, minor, patch) of a vLLM version; (0, 0, 0) when it names none."""
    found = _RELEASE.match(version)
    if found is None:
        return (0, 0, 0)
    return int(found.group(1)), int(found.group(2)), int(found.group(3) or 0)


def _text(row: dict[str, object], key: str, shape: re.Pattern[str], where: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not shape.fullmatch(value):
        raise FeedError(f"{where}: {key} is missing or not of the expected shape")
    return value


def _why(row: dict[str, object], where: str) -> str:
    summary = row.get("summary")
    if summary is not None:
        if not isinstance(summary, dict):
            raise FeedError(f"{where}: summary is not an object")
        title = summary.get("title")
        if title is not None:
            if not isinstance(title, str):
                raise FeedError(f"{where}: summary.title is not text")
            return one_line(title).strip()[:_MAX_TITLE]
    blocked = row.get("blocked_by", [])
    if not isinstance(blocked, list) or not all(isinstance(b, str) for b in blocked):
        raise FeedError(f"{where}: blocked_by is not a list of text")
    return one_line(", ".join(blocked[:10])).strip()[:_MAX_TITLE]


def _build(row: object, index: int) -> FeedBuild:
    where = f"build {index + 1}"
    if not isinstance(row, dict):
        raise FeedError(f"{where} is not an object")
    tag = safe_name(row.get("tag"))
    if tag is None:
        raise FeedError(f"{where}: its tag is not a safe release name")
    build_id = safe_name(row.get("build_id"), 80)
    if build_id is None:
        raise FeedError(f"{where}: its build_id is not a safe name")
    channel = row.get("channel")
    if channel not in CHANNELS:
        raise FeedError(f"{where}: channel is neither stable nor nightly")
    qualified = row.get("qualified")
    if not isinstance(qualified, bool):
        raise FeedError(f"{where}: qualified is not true or false")
    why = _why(row, where)  # checked on every row, shown for the failed ones
    return FeedBuild(
        build_id=build_id,
        tag=tag,
        gfx_target=_text(row, "gfx_target", _TARGET, where),
        channel=str(channel),
        vllm_version=_text(row, "vllm_version", _VERSION, where),
        rocm_version=_text(row, "rocm_version", _VERSION, where),
        qualified=qualified,
        generated_at=_text(row, "generated_at", _STAMP, where),
        why="" if qualified else why,
    )


def parse_feed(data: bytes) -> Feed:
    """The feed in `data`; raises FeedError for anything but a well-formed schema_version 1."""
    if len(data) > MAX_FEED_BYTES:
        raise FeedError(f"it is larger than {MAX_FEED_BYTES // 1_000_000} MB")
    try:
        doc = parse_json(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise FeedError("it is not UTF-8 JSON") from None
    if not isinstance(doc, dict):
        raise FeedError("it is not a JSON object")
    version = doc.get("schema_version")
    if version != SCHEMA_VERSION or isinstance(version, bool):
        raise FeedError(f"its schema_version is {one_line(str(version))[:20]}, not 1")
    builds = doc.get("builds")
    if not isinstance(builds, list) or len(builds) > MAX_BUILDS:
        raise FeedError("builds is not a list of at most 5000 runs")
    updated = doc.get("updated_at")
    if not isinstance(updated, str) or not _STAMP.fullmatch(updated):
        raise FeedError("updated_at is not a UTC time")
    return Feed(updated, tuple(_build(row, i) for i, row in enumerate(builds)))


def builds_for(feed: Feed, family: str) -> list[FeedBuild]:
    """The vLLM server builds for a GPU family (`gfx1151`, `gfx110X`), one per tag, newest
    first: a tag's newest run decides (a re-run of the same tag replaces its release)."""
    seen: set[str] = set()
    found = []
    for build in feed.builds:
        if build.gfx_target.lower() != family.lower() or build.tag in seen:
            continue
        seen.add(build.tag)
        if _SERVER_TAG.match(build.tag):
            found.append(build)
    return found


def default_build(builds: list[FeedBuild], stable_only: bool) -> FeedBuild | None:
    """The newest qualified build (on the stable channel only, when asked), or None."""
    for build in builds:
        if build.qualified and (build.channel == "stable" or not stable_only):
            return build
    return None


ONLINE, CACHED, SHIPPED_COPY = "online", "cached", "shipped"  # where a FeedView came from


@dataclass(frozen=True)
class FeedView:
    """A feed and where it came from; `problem` says why the online feed was not used."""

    feed: Feed
    origin: str
    problem: Problem | None = None
