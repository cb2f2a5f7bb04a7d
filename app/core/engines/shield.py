"""The endpoint's shield: request shapes refused while the engine in use is affected by the
advisory the shape triggers (issue 34 item 3), declared once as data.

A rule names the advisories it covers (ids of the OSV snapshot, app/core/data/osv_vllm.json)
and is in force while any of them applies to the vLLM release in use, as app.core.engines.advisories
matches it (bundles' local versions included); the versions it covers are read from those
records, never written here. An engine whose version cannot be read is treated as affected:
what cannot be known is not assumed safe. The endpoint relays only what it shields to its own
engine; a remote server's version is unknown to it and that server's own business.
The predicates read a parsed request body and never raise: anything not of the shape they
look for is left for the engine to judge.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, Final

from app.core.engines.advisories import AdvisoryDB, shipped_db
from app.core.problems.problem_catalogue.codes import ProblemCode
from app.core.problems.problems import Problem, problem

ALLOW_CHAT_TEMPLATES: Final = "proxy.allow_request_chat_templates"


def _chat_template(body: dict[str, Any]) -> str | None:
    if body.get("chat_template") is not None:
        return "chat_template"
    kwargs = body.get("chat_template_kwargs")
    if isinstance(kwargs, dict) and kwargs.get("chat_template") is not None:
        return "chat_template_kwargs.chat_template"
    return None


def _prompt_embeds(body: dict[str, Any]) -> str | None:
    return "prompt_embeds" if body.get("prompt_embeds") is not None else None


def _regex(body: dict[str, Any]) -> str | None:
    outputs = body.get("structured_outputs")
    if isinstance(outputs, dict) and outputs.get("regex") is not None:
        return "structured_outputs.regex"
    return "guided_regex" if body.get("guided_regex") is not None else None


# Shape name → the field of a body that has it (None: the body has not).
SHAPES: Final[dict[str, Callable[[dict[str, Any]], str | None]]] = {
    "chat_template": _chat_template,
    "prompt_embeds": _prompt_embeds,
    "regex": _regex,
}


@dataclass(frozen=True)
class ShieldRule:
    """One request shape refused while the engine is affected by one of `advisories`.

    `shape` names its predicate in SHAPES (None: a shape the router refuses for every engine,
    listed here so that `engine status` says it is covered); `code` is the problem the
    endpoint answers with; `allowed_by` the setting with which the user lets the shape pass."""

    id: str
    advisories: tuple[str, ...]
    shape: str | None
    code: ProblemCode
    allowed_by: str | None = None

    def affected(self, db: AdvisoryDB | None = None) -> str:
        """The releases it covers as the advisory records say ("<0.24.0", ">=0.16.0,<0.32.0")."""
        found = [a for a in (db or shipped_db()).advisories if self.covers((a.id, *a.aliases))]
        texts = sorted({r.text for a in found for r in a.ranges})
        return " | ".join(texts) if texts else "*"

    def covers(self, names: Iterable[str]) -> bool:
        """Whether one of `names` (advisory ids and aliases) is one of this rule's."""
        return not set(self.advisories).isdisjoint(names)

    def refusal(self, version: str | None, field: str) -> Problem:
        """The 400 for a request with this shape, naming the advisories and the field."""
        said = version or "?"
        ids = ", ".join(self.advisories)
        if self.code == "shield.chat_template":
            setting = self.allowed_by
            return problem(
                "shield.chat_template", field=field, version=said, advisories=ids, setting=setting
            )
        if self.code == "shield.prompt_embeds":
            return problem("shield.prompt_embeds", field=field, version=said, advisories=ids)
        if self.code == "shield.regex":
            return problem("shield.regex", field=field, version=said, advisories=ids)
        raise ValueError(f"the rule {self.id} refuses no request shape")

    def to_json(self, db: AdvisoryDB | None = None) -> dict[str, Any]:
        return {
            "id": self.id,
            "advisories": list(self.advisories),
            "affected": self.affected(db),
            "code": self.code,
            "allowed_by": self.allowed_by,
        }


RULES: Final = (
    # Templates rendered without bounds: CPU and memory of the whole server (fixed in 0.32.0).
    ShieldRule(
        "request_chat_template",
        ("PYSEC-2026-4344", "PYSEC-2026-4349"),
        "chat_template",
        "shield.chat_template",
        allowed_by=ALLOW_CHAT_TEMPLATES,
    ),
    # Pure prompt embeds on an M-RoPE model crash EngineCore (CVE-2026-55514). The endpoint
    # does not tell M-RoPE models apart: prompt embeds go to no affected engine.
    ShieldRule("prompt_embeds", ("PYSEC-2026-2303",), "prompt_embeds", "shield.prompt_embeds"),
    # A regex compiled with no timeout hangs a worker (CVE-2026-55574). Refused outright, not
    # measured: no bound on a pattern's length tells a nested quantifier from a safe one.
    ShieldRule("structured_outputs_regex", ("PYSEC-2026-2304",), "regex", "shield.regex"),
    # Arbitrary methods became unbounded Prometheus labels (fixed in 0.30.0). The endpoint
    # relays POST on its routes only: every other method is its own 405 or 404.
    ShieldRule("other_methods", ("PYSEC-2026-4325",), None, "proxy.method_not_allowed"),
)


def affecting_names(advisories: Iterable[Any]) -> frozenset[str]:
    """Ids and aliases of advisories (Advisory objects, or their to_json dicts)."""
    names: set[str] = set()
    for advisory in advisories:
        if isinstance(advisory, dict):
            names.add(str(advisory.get("id")))
            names.update(str(a) for a in advisory.get("aliases") or ())
        else:
            names.add(advisory.id)
            names.update(advisory.aliases)
    return frozenset(names)


def in_force(version: str | None, affecting: Collection[str]) -> tuple[ShieldRule, ...]:
    """The rules in force for an engine of vLLM `version` (None: unknown, every rule) to which
    the advisories named in `affecting` (ids and aliases) apply."""
    if version is None:
        return RULES
    return tuple(rule for rule in RULES if rule.covers(affecting))


def shapes_of(body: object) -> dict[str, str]:
    """The shapes a parsed request body has: shape name → the field that has it; never
    raises (a body that is not an object has none)."""
    if not isinstance(body, dict):
        return {}
    found = {name: has(body) for name, has in SHAPES.items()}
    return {name: field for name, field in found.items() if field is not None}


def refusal(
    shapes: dict[str, str],
    version: str | None,
    affecting: Collection[str],
    allowed: Collection[str] = (),
) -> tuple[Problem, str] | None:
    """The problem (and the field it is about) for a body with `shapes` sent to an engine of
    `version`, to which the advisories named in `affecting` apply; None when it passes.
    Rules whose setting is in `allowed` let their shape pass."""
    for rule in in_force(version, affecting):
        if rule.shape not in shapes or (rule.allowed_by is not None and rule.allowed_by in allowed):
            continue
        field = shapes[rule.shape]
        return rule.refusal(version, field), field
    return None
