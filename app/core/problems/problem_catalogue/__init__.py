"""Every problem the app reports, declared once (docs/architecture.md, "Problems").

Generated index: scripts/problems_codemod.py rewrites it; declare problems in the area
modules beside it."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from app.core.problems.problem_catalogue import (
    args,
    batch,
    bench,
    chat,
    cli,
    cluster,
    config,
    downloads,
    endpoint,
    engine,
    gpu,
    lemonade,
    load,
    memory,
    models,
    options,
    prewarm,
    proxy,
    remotes,
    run,
    runtime,
    search,
    settings,
    shield,
    sleep,
    supervisor,
    tune,
)
from app.core.problems.problem_catalogue.codes import ProblemCode
from app.core.problems.problem_spec import ProblemClass, ProblemSpec

__all__ = [
    "CATALOGUE",
    "INPUT_CODES",
    "MEMORY_CODES",
    "PERMANENT_CODES",
    "PROBE_CODES",
    "SPECS",
    "ProblemCode",
]

SPECS: tuple[ProblemSpec, ...] = (
    *args.SPECS,
    *batch.SPECS,
    *bench.SPECS,
    *chat.SPECS,
    *cli.SPECS,
    *cluster.SPECS,
    *config.SPECS,
    *downloads.SPECS,
    *endpoint.SPECS,
    *engine.SPECS,
    *gpu.SPECS,
    *lemonade.SPECS,
    *load.SPECS,
    *memory.SPECS,
    *models.SPECS,
    *options.SPECS,
    *prewarm.SPECS,
    *proxy.SPECS,
    *remotes.SPECS,
    *run.SPECS,
    *runtime.SPECS,
    *search.SPECS,
    *settings.SPECS,
    *shield.SPECS,
    *sleep.SPECS,
    *supervisor.SPECS,
    *tune.SPECS,
)

CATALOGUE: Mapping[str, ProblemSpec] = MappingProxyType({s.code: s for s in SPECS})
assert len(CATALOGUE) == len(SPECS), "a code is declared twice"


def _of_kind(kind: ProblemClass) -> frozenset[str]:
    return frozenset(s.code for s in SPECS if s.kind == kind)


# The classes the catalogue declares with each code (ProblemSpec.kind, .permanent,
# .memory), as the sets the front-ends and the supervisor test a problem against.
INPUT_CODES = _of_kind("input")
PROBE_CODES = _of_kind("probe")
PERMANENT_CODES = frozenset(s.code for s in SPECS if s.permanent)
MEMORY_CODES = frozenset(s.code for s in SPECS if s.memory)
