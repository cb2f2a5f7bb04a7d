"""Known security advisories of vLLM, and which of them apply to a given vLLM version.

The engines the app runs are vLLM builds of fixed versions (the ROCm bundles pin 0.20.1 for
RDNA and 0.19.1 for gfx942/gfx950, the CPU build 0.32.0) or the user's own vLLM, whose version
is read from the engine. `engine status`, the engine page and `/v1/health` show the advisories
that apply to the engine in use, each as one sentence (a Problem, code `engine.advisory`).

Sources: the advisories' own texts, collected in the shared FACTS.md ("Security advisories").
Add new ones at the top of ADVISORIES; a test checks every row's ranges and sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from app.core.problems import Problem, tr_noop, worded_problem

ADVISORY_CODE: Final = "engine.advisory"


@dataclass(frozen=True)
class Advisory:
    """One advisory: every release before `fixed_in` (from `introduced`, when known) is
    affected. `summary` is a translatable sentence with {id}, {version} and {fixed_in}."""

    id: str
    fixed_in: str
    summary: str
    introduced: str | None = None  # None: every release before fixed_in
    aliases: tuple[str, ...] = ()

    @property
    def affected(self) -> str:
        """The affected range as people write it: "<0.22.0" or ">=0.10.0,<0.14.1"."""
        low = f">={self.introduced}," if self.introduced else ""
        return f"{low}<{self.fixed_in}"

    def applies_to(self, version: str) -> bool:
        found = version_key(version)
        if found is None:
            return False
        low = version_key(self.introduced) if self.introduced else None
        high = version_key(self.fixed_in)
        assert high is not None, self.fixed_in
        return (low is None or found >= low) and found < high

    def problem(self, version: str) -> Problem:
        return worded_problem(
            ADVISORY_CODE,
            self.summary,
            id=self.id,
            version=version,
            fixed_in=self.fixed_in,
            affected=self.affected,
        )

    def to_json(self, version: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "aliases": list(self.aliases),
            "affected": self.affected,
            "fixed_in": self.fixed_in,
            "summary": self.problem(version).english(),
        }


ADVISORIES: tuple[Advisory, ...] = (
    Advisory(
        id="CVE-2026-48746",
        aliases=("GHSA-94f4-hr76-p5j6",),
        fixed_in="0.22.0",
        summary=tr_noop(
            "vLLM {version} lets a request past its own --api-key check through the Host "
            "header ({id}, fixed in {fixed_in}); vLLM Tray's key guard in front of each model "
            "does not read that header, so it still holds."
        ),
    ),
    Advisory(
        id="CVE-2026-34756",
        fixed_in="0.19.0",
        summary=tr_noop(
            "vLLM {version} accepts any number of choices (n) in one request, which can use "
            "up the server's memory ({id}, fixed in {fixed_in})."
        ),
    ),
    Advisory(
        id="CVE-2026-34753",
        fixed_in="0.19.0",
        summary=tr_noop(
            "vLLM {version} can be made to fetch addresses on the server's own network "
            "(server-side request forgery, {id}, fixed in {fixed_in})."
        ),
    ),
    Advisory(
        id="CVE-2026-22778",
        fixed_in="0.14.1",
        summary=tr_noop(
            "vLLM {version} can be made to run an attacker's code through a video input, "
            "without any key ({id}, fixed in {fixed_in})."
        ),
    ),
    Advisory(
        id="CVE-2026-22807",
        fixed_in="0.14.0",
        summary=tr_noop(
            "vLLM {version} runs code shipped with a model (auto_map) even without "
            "--trust-remote-code, so a downloaded model can run code on this machine "
            "({id}, fixed in {fixed_in})."
        ),
    ),
)

# A release number as vLLM's builds spell it: "0.20.1", "0.11.1rc2", "0.19.1+rocm712",
# "0.10.2.dev3+g1234", or inside a ROCm bundle's tag "vllm0.20.1-rocm7.12.0-gfx1151".
_VERSION = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?((?:\.?(?:a|b|rc|dev|alpha|beta|pre|c))?)")
_BUNDLE_TAG = re.compile(r"^vllm(\d+\.\d+(?:\.\d+)?\S*?)-")


def version_key(version: str | None) -> tuple[int, int, int, int] | None:
    """An ordering key for a vLLM release: (major, minor, patch, final). A pre-release
    (rc, dev…) sorts before its final release. Written by hand: the core imports only the
    standard library, and vLLM's numbers need nothing of PEP 440 beyond this."""
    if not version:
        return None
    found = _VERSION.search(version)
    if found is None:
        return None
    major, minor, patch, pre = found.groups()
    return int(major), int(minor), int(patch or 0), 0 if pre else 1


def vllm_version(engine_version: str | None) -> str | None:
    """The vLLM release of an engine's version: a ROCm bundle's tag names it
    (`vllm0.20.1-rocm7.12.0-gfx1151` → 0.20.1); the CPU build's version is vLLM's own."""
    if not engine_version:
        return None
    tag = _BUNDLE_TAG.match(engine_version.strip())
    text = tag.group(1) if tag else engine_version.strip()
    return text if version_key(text) is not None else None


def affecting(version: str | None) -> tuple[Advisory, ...]:
    """The advisories that apply to vLLM `version` (none when the version is unknown)."""
    if version is None:
        return ()
    return tuple(a for a in ADVISORIES if a.applies_to(version))


@dataclass(frozen=True)
class EngineAdvice:
    """What is known of the vLLM an engine runs, and the advisories that apply to it.

    `source` says where the version came from: "bundle" (the ROCm bundle's pinned tag),
    "package" (the CPU build), "engine" (read from the user's own vLLM: its Python or a
    running child's /version), or "unknown" (`version` None: nothing could be read)."""

    kind: str
    version: str | None
    source: str
    advisories: tuple[Advisory, ...] = ()

    @classmethod
    def of(cls, kind: str, version: str | None, source: str) -> EngineAdvice:
        return cls(kind, version, source if version else "unknown", affecting(version))

    def problems(self) -> tuple[Problem, ...]:
        version = self.version or ""
        return tuple(a.problem(version) for a in self.advisories)

    def to_json(self) -> dict[str, Any]:
        version = self.version or ""
        return {
            "kind": self.kind,
            "vllm_version": self.version,
            "version_source": self.source,
            "advisories": [a.to_json(version) for a in self.advisories],
        }
