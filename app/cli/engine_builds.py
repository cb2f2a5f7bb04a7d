"""`vllm-tray engine list rocm`: the ROCm builds for this GPU, from the qualification feed."""

from __future__ import annotations

import sys
from typing import Any

from app.cli.context import print_json
from app.core.engines.advisories import EngineAdvice, vllm_version
from app.core.engines.rocm_feed import CACHED, ONLINE
from app.core.untrusted import one_line
from app.runtime.api.values import RocmBuildRow, RocmBuilds


def _advice(row: RocmBuildRow) -> EngineAdvice:
    """The advisories that apply to the vLLM a build runs (a bundle's local version is a
    pre-release of its release: app.core.engines.advisories)."""
    build = row.build
    return EngineAdvice.of("rocm", vllm_version(build.vllm_version), "bundle")


def _advisory_words(advice: EngineAdvice) -> str:
    count = len(advice.advisories)
    if count == 0:
        return "no known advisory"
    noun = "advisory" if count == 1 else "advisories"
    return f"{count} known {noun} (worst: {advice.worst_severity})"


def _row_json(row: RocmBuildRow) -> dict[str, Any]:
    build = row.build
    advice = _advice(row)
    return {
        "tag": build.tag,
        "build_id": build.build_id,
        "vllm_version": build.vllm_version,
        "rocm_version": build.rocm_version,
        "channel": build.channel,
        "qualified": build.qualified,
        "why_not": build.why or None,
        "published": build.generated_at or None,
        "default": row.default,
        "installed": row.installed,
        "in_use": row.in_use,
        "advisories": len(advice.advisories),
        "worst_severity": advice.worst_severity,
        "fixed_by": advice.fixed_by,
    }


def _origin(builds: RocmBuilds) -> str:
    view = builds.feed
    where = {
        ONLINE: "fetched now",
        CACHED: "the copy seen last",
    }.get(view.origin, "the copy shipped with vLLM Tray")
    return f"qualification feed of {view.feed.updated_at} ({where})"


def print_rocm_builds(builds: RocmBuilds, as_json: bool) -> int:
    """Print the builds (a table, or JSON); the feed's problem goes to stderr. Exit status 1
    when this machine cannot run any ROCm build."""
    if builds.feed.problem is not None:
        print(builds.feed.problem.english(), file=sys.stderr)
    if as_json:
        print_json(
            {
                "gfx_target": builds.target,
                "feed": {
                    "updated_at": builds.feed.feed.updated_at,
                    "origin": builds.feed.origin,
                    "problem": builds.feed.problem.english() if builds.feed.problem else None,
                },
                "problem": builds.problem.english() if builds.problem else None,
                "builds": [_row_json(row) for row in builds.rows],
            }
        )
        return 1 if builds.problem is not None else 0
    if builds.problem is not None:
        print(builds.problem.english(), file=sys.stderr)
        return 1
    print(f"ROCm builds for {builds.target}, {_origin(builds)}:")
    for row in builds.rows:
        build = row.build
        marks = [word for word, on in (("default", row.default), ("in use", row.in_use)) if on]
        if row.installed and not row.in_use:
            marks.append("installed")
        verdict = "qualified" if build.qualified else f"not qualified: {one_line(build.why)}"
        mark = "*" if row.in_use else " "
        print(f"{mark} {build.tag}")
        print(
            f"    vLLM {build.vllm_version} · ROCm {build.rocm_version} · {build.channel} · "
            f"{verdict} · {_advisory_words(_advice(row))}"
            + (f" [{', '.join(marks)}]" if marks else "")
        )
    print("Install or switch: vllm-tray engine install rocm BUILD (its tag or vLLM version)")
    return 0
