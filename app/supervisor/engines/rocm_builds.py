"""Which ROCm builds a GPU can choose from: the feed's builds for its family, plus today's pin.

The default is the newest build the qualification feed marks qualified for the GPU's family
(on the stable channel only with the setting `engine.rocm_stable_only`); a family the feed has
not qualified keeps the build the publisher's own app (Lemonade) pins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from app.core.engines.rocm_feed import Feed, FeedBuild, builds_for, default_build, release_key
from app.core.memory.gfx import gfx_family

PINNED_BASE = "vllm0.20.1-rocm7.12.0"
# The bundle's publisher (Lemonade) pins the Instinct targets to another build; the same
# pins here, so that the release tags exist.
TARGET_PINNED_BASES = MappingProxyType(
    {"gfx942": "vllm0.19.1-rocm7.13.0", "gfx950": "vllm0.19.1-rocm7.13.0"}
)
_PIN = re.compile(r"vllm([0-9][^-]*)-rocm([0-9][^-]*)")
_TAG_VLLM = re.compile(r"vllm([0-9][^-]*)")
PINNED_WHY = "not in the qualification feed; the build Lemonade pins"


def pinned_base_for(gfx_target: str) -> str:
    """The vLLM + ROCm build a GPU target's bundle comes from when the feed qualifies none."""
    return TARGET_PINNED_BASES.get(gfx_target.strip().lower(), PINNED_BASE)


def release_tag(pinned_base: str, gfx_target: str) -> str:
    """`vllm0.20.1-rocm7.12.0` + gfx1101 → `vllm0.20.1-rocm7.12.0-gfx110X`."""
    return f"{pinned_base}-{gfx_family(gfx_target)}"


def pinned_build(pinned_base: str, gfx_target: str) -> FeedBuild:
    """The pin as a build row: a stable vLLM release the feed has no run of."""
    found = _PIN.fullmatch(pinned_base)
    vllm, rocm = (found.group(1), found.group(2)) if found else (pinned_base, "")
    return FeedBuild(
        build_id="pinned",
        tag=release_tag(pinned_base, gfx_target),
        gfx_target=gfx_family(gfx_target),
        channel="stable",
        vllm_version=vllm,
        rocm_version=rocm,
        qualified=False,
        generated_at="",
        why=PINNED_WHY,
    )


def tag_vllm(tag: str) -> str:
    """The vLLM version a release tag names (`vllm0.20.1-rocm…` → 0.20.1), else ""."""
    found = _TAG_VLLM.match(tag)
    return found.group(1) if found else ""


@dataclass(frozen=True)
class BuildChoices:
    """The builds one GPU can install, newest first, and the one installed by default."""

    builds: tuple[FeedBuild, ...]
    default: FeedBuild

    def find(self, wanted: str) -> FeedBuild | None:
        """A build by its tag, build id, or vLLM version (`0.25.2`: the newest that has it)."""
        for build in self.builds:
            if wanted in (build.tag, build.build_id):
                return build
        for build in self.builds:
            if build.vllm_version == wanted or build.vllm_version.startswith(wanted + "."):
                return build
            if tag_vllm(build.tag) == wanted:
                return build
        return None

    def supersedes(self, installed_tag: str) -> FeedBuild | None:
        """The default, when it is qualified and a newer vLLM than the installed build."""
        if not self.default.qualified or self.default.tag == installed_tag:
            return None
        known = next((b for b in self.builds if b.tag == installed_tag), None)
        installed = known.vllm_version if known else tag_vllm(installed_tag)
        newer = release_key(self.default.vllm_version) > release_key(installed)
        return self.default if newer else None


def choices(
    feed: Feed | None, gfx_target: str, stable_only: bool, pinned_base: str | None = None
) -> BuildChoices:
    """The builds for `gfx_target` (its family's feed rows, then the pin when the feed has no
    row of that tag) and the default."""
    pin = pinned_build(pinned_base or pinned_base_for(gfx_target), gfx_target)
    found = builds_for(feed, gfx_family(gfx_target)) if feed is not None else []
    default = default_build(found, stable_only) or pin
    if all(b.tag != pin.tag for b in found):
        found.append(pin)
    return BuildChoices(tuple(found), default)
