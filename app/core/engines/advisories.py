"""Known security advisories of vLLM, and which of them apply to a given vLLM version.

The engines the app runs are vLLM builds of fixed versions (the ROCm bundles pin 0.20.1 for
RDNA and 0.19.1 for gfx942/gfx950, newer bundles such as 0.25.2.dev0+rocm7.15.0…, the CPU build
0.32.0) or the user's own vLLM, whose version is read from the engine. `engine status`, the
engine page and `/v1/health` show how many advisories apply, the worst severity and the first
release that fixes them all; each advisory is one sentence of the app's own per kind of weakness
(a Problem, code `engine.advisory`).

Source: the PyPA advisory database's OSV records of vLLM. A snapshot ships in the package
(app/core/data/osv_vllm.json, made by scripts/osv_snapshot.py, with the date it was taken); when
online the app refreshes it from osv.dev into its cache dir (app.runtime.services.osv_refresh).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from packaging.version import Version

from app.core.engines.osv import MAX_RECORDS, SEVERITIES, parse_record, parse_version, safe_id
from app.core.problems.problems import Problem, tr_noop, worded_problem
from app.core.untrusted import one_line

ADVISORY_CODE: Final = "engine.advisory"
SNAPSHOT_FILE: Final = "osv_vllm.json"

# The app's own sentence per kind of weakness ({id}, {version}, {fixed_in}), and one for an
# advisory no release is known to fix.
_SENTENCES: Final = {
    "code_execution": tr_noop(
        "vLLM {version} can be made to run someone else's code on this machine "
        "({id}, fixed in {fixed_in})."
    ),
    "access": tr_noop(
        "vLLM {version} can let a request past its own access checks ({id}, fixed in {fixed_in})."
    ),
    "ssrf": tr_noop(
        "vLLM {version} can be made to fetch addresses on the server's own network "
        "({id}, fixed in {fixed_in})."
    ),
    "integrity": tr_noop(
        "vLLM {version} can load or build something other than what was asked for "
        "({id}, fixed in {fixed_in})."
    ),
    "information_leak": tr_noop(
        "vLLM {version} can give away data it should keep to itself ({id}, fixed in {fixed_in})."
    ),
    "denial_of_service": tr_noop(
        "A request can crash vLLM {version} or use up its memory or time "
        "({id}, fixed in {fixed_in})."
    ),
    "other": tr_noop("vLLM {version} has a known security problem ({id}, fixed in {fixed_in})."),
    "unfixed": tr_noop(
        "vLLM {version} has a known security problem that no release is known to fix "
        "({id}, affected: {affected})."
    ),
}
KINDS: Final = frozenset(_SENTENCES) - {"unfixed"}


@dataclass(frozen=True)
class Range:
    """Releases from `introduced` (None: every earlier one) before `fixed`, or up to and
    including `last_affected`; neither: every later release too."""

    introduced: str | None = None
    fixed: str | None = None
    last_affected: str | None = None

    def holds(self, version: Version) -> bool:
        low = parse_version(self.introduced) if self.introduced else None
        if low is not None and version < low:
            return False
        if self.fixed is not None:
            high = parse_version(self.fixed)
            return high is not None and version < high
        if self.last_affected is not None:
            last = parse_version(self.last_affected)
            return last is not None and version <= last
        return True

    @property
    def text(self) -> str:
        """As people write it: "<0.22.0", ">=0.10.0,<0.14.1", "<=0.19.0"."""
        low = f">={self.introduced}," if self.introduced else ""
        if self.fixed:
            return f"{low}<{self.fixed}"
        return f"{low}<={self.last_affected}" if self.last_affected else (low[:-1] or "*")


@dataclass(frozen=True)
class Advisory:
    """One OSV record of vLLM, as facts: where it applies, how bad, since when, where to read."""

    id: str
    ranges: tuple[Range, ...]
    kind: str = "other"
    severity: str = "unknown"
    score: float | None = None
    published: str | None = None
    aliases: tuple[str, ...] = ()
    url: str = ""

    @classmethod
    def from_fields(cls, fields: dict[str, Any]) -> Advisory:
        """From `app.core.engines.osv.parse_record`'s answer (or the snapshot, which holds the
        same)."""
        return cls(
            id=fields["id"],
            ranges=tuple(
                Range(r["introduced"], r["fixed"], r["last_affected"]) for r in fields["ranges"]
            ),
            kind=fields["kind"] if fields["kind"] in KINDS else "other",
            severity=fields["severity"],
            score=fields["score"],
            published=fields["published"],
            aliases=tuple(fields["aliases"]),
            url=fields["url"],
        )

    @property
    def name(self) -> str:
        """What people call it: its CVE when it has one, else its own id."""
        return next((a for a in self.aliases if a.startswith("CVE-")), self.id)

    def _range(self, version: str) -> Range | None:
        found = parse_version(version)
        return next((r for r in self.ranges if r.holds(found)), None) if found else None

    def applies_to(self, version: str) -> bool:
        return self._range(version) is not None

    def fixed_for(self, version: str) -> str | None:
        """The release that fixes this advisory for `version` (None: none yet)."""
        found = self._range(version)
        return found.fixed if found else None

    def problem(self, version: str) -> Problem:
        fixed = self.fixed_for(version)
        found = self._range(version)
        return worded_problem(
            ADVISORY_CODE,
            _SENTENCES[self.kind if fixed else "unfixed"],
            id=self.name,
            version=version,
            fixed_in=fixed or "",
            affected=found.text if found else "",
        )

    def to_json(self, version: str) -> dict[str, Any]:
        found = self._range(version)
        return {
            "id": self.id,
            "aliases": list(self.aliases),
            "affected": found.text if found else ",".join(r.text for r in self.ranges),
            "fixed_in": self.fixed_for(version),
            "severity": self.severity,
            "score": self.score,
            "published": self.published,
            "kind": self.kind,
            "url": self.url,
            "summary": self.problem(version).english(),
        }


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class AdvisoryDB:
    """The advisories known, where they came from ("snapshot" or "osv.dev") and as of when
    (`taken`, a date); `note` says why a refresh was not used, when one was refused."""

    advisories: tuple[Advisory, ...]
    taken: str
    source: str = "snapshot"
    note: str | None = None

    @classmethod
    def from_json(cls, doc: object, *, source: str) -> AdvisoryDB:
        """A snapshot or cached answer (`{"taken", "records"}`); ValueError when ill-shaped.
        Its records pass the same checks as osv.dev's: a cache file is outside data too."""
        if not isinstance(doc, dict) or not isinstance(doc.get("records"), list):
            raise ValueError("not an advisory snapshot")
        taken = str(doc.get("taken", ""))
        if not _DATE.match(taken) or len(doc["records"]) > 2 * MAX_RECORDS:  # fresh + shipped
            raise ValueError("not an advisory snapshot")
        advisories = []
        for item in doc["records"]:
            fields = _checked(item)
            if fields is None:
                raise ValueError("an ill-shaped record")
            advisories.append(Advisory.from_fields(fields))
        return cls(tuple(advisories), taken, source)

    @classmethod
    def from_osv(cls, doc: object, *, taken: str) -> AdvisoryDB:
        """osv.dev's answer to /v1/query (`{"vulns": [...]}`): records that pass are kept, one
        per vulnerability (PYSEC and GHSA records of the same one share aliases); ValueError
        when the answer itself is ill-shaped or holds no usable record."""
        vulns = doc.get("vulns") if isinstance(doc, dict) else None
        if not isinstance(vulns, list) or not vulns or len(vulns) > MAX_RECORDS:
            raise ValueError("not an OSV answer")
        kept = dedupe(filter(None, map(parse_record, vulns)))
        if not kept:
            raise ValueError("no usable record")
        return cls(tuple(Advisory.from_fields(f) for f in kept), taken, "osv.dev")

    def merged(self, older: AdvisoryDB) -> AdvisoryDB:
        """These advisories and those of `older` that none of these names: an answer that
        lacks some record (a short page, a mirror behind) never makes a known one vanish."""
        seen = {name for a in self.advisories for name in (a.id, *a.aliases)}
        kept = [a for a in older.advisories if not seen & {a.id, *a.aliases}]
        return AdvisoryDB((*self.advisories, *kept), self.taken, self.source, self.note)

    def to_json(self) -> dict[str, Any]:
        return {
            "taken": self.taken,
            "records": [
                {
                    "id": a.id,
                    "aliases": list(a.aliases),
                    "published": a.published,
                    "ranges": [
                        {
                            "introduced": r.introduced,
                            "fixed": r.fixed,
                            "last_affected": r.last_affected,
                        }
                        for r in a.ranges
                    ],
                    "severity": a.severity,
                    "score": a.score,
                    "kind": a.kind,
                    "url": a.url,
                }
                for a in self.advisories
            ],
        }

    def affecting(self, version: str | None) -> tuple[Advisory, ...]:
        """The advisories that apply to vLLM `version` (none when the version is unknown)."""
        if version is None:
            return ()
        return tuple(a for a in self.advisories if a.applies_to(version))

    def fixing_all(self, version: str) -> str | None:
        """The first release at or after every fix of `version`'s advisories that no known
        advisory affects; None when none apply, or one of them has no known fix."""
        if not self.affecting(version):
            return None
        candidate = version
        for _ in range(len(self.advisories) + 1):  # each step moves past at least one fix
            pending = self.affecting(candidate)
            if not pending:
                return candidate
            # A range closed by `last_affected` names no fix: a later fix of another
            # advisory may still be past it, which the next round checks.
            fixes = [a.fixed_for(candidate) for a in pending]
            known = [parse_version(f) for f in fixes if f]
            if not known:
                return None
            newest = max(v for v in known if v is not None)
            if newest <= (parse_version(candidate) or newest):
                return None
            candidate = str(newest)
        return None


def dedupe(fields: Any) -> list[dict[str, Any]]:
    """One record per vulnerability: a record that shares an id or alias with one kept earlier
    is dropped; PYSEC records (whose ranges are PyPI's own) are kept before others."""
    records = sorted(fields, key=lambda f: (not f["id"].startswith("PYSEC-"), f["id"]))
    seen: set[str] = set()
    kept = []
    for record in records:
        names = {record["id"], *record["aliases"]}
        if names & seen:
            continue
        seen |= names
        kept.append(record)
    return kept


def _checked(item: object) -> dict[str, Any] | None:
    """A snapshot's record checked as strictly as a record from osv.dev."""
    if not isinstance(item, dict) or safe_id(item.get("id")) is None:
        return None
    record = {
        "id": item["id"],
        "aliases": item.get("aliases") or [],
        "published": item.get("published") or "",
        "affected": [
            {
                "package": {"ecosystem": "PyPI", "name": "vllm"},
                "ranges": [{"type": "ECOSYSTEM", "events": _events_of(item.get("ranges"))}],
            }
        ],
    }
    fields = parse_record(record)
    if fields is None:
        return None
    severity, score, kind = item.get("severity"), item.get("score"), item.get("kind")
    if severity not in SEVERITIES or kind not in KINDS:
        return None
    if score is not None and not (isinstance(score, int | float) and 0 <= score <= 10):
        return None
    fields.update(severity=severity, score=score, kind=kind)
    return fields


def _events_of(ranges: object) -> list[dict[str, str]]:
    events: list[dict[str, str]] = []
    for r in ranges if isinstance(ranges, list) else []:
        if not isinstance(r, dict):
            return []
        events.append({"introduced": r.get("introduced") or "0"})
        for end in ("fixed", "last_affected"):
            if r.get(end):
                events.append({end: r[end]})
    return events


def shipped() -> AdvisoryDB:
    """The snapshot shipped in the package."""
    from app.core.untrusted import parse_json

    text = resources.files("app.core").joinpath("data", SNAPSHOT_FILE).read_text("utf-8")
    return AdvisoryDB.from_json(parse_json(text), source="snapshot")


_SHIPPED: list[AdvisoryDB] = []


def shipped_db() -> AdvisoryDB:
    """`shipped()`, read once per process."""
    if not _SHIPPED:
        _SHIPPED.append(shipped())
    return _SHIPPED[0]


# A release number as vLLM's builds spell it: "0.20.1", "0.11.1rc2", "0.19.1+rocm712",
# "0.25.2.dev0+rocm7.15.0a20260724.g752a3a504.d20260724", or inside a ROCm bundle's tag
# "vllm0.20.1-rocm7.12.0-gfx1151" / "vllm0.25.2.dev0+rocm7.15.0a2026…-gfx1151".
_BUNDLE_TAG = re.compile(r"^vllm(\d+\.\d+\S*?)-(?:rocm|gfx)")


def version_key(version: str | None) -> Version | None:
    """An ordering key for a vLLM release (packaging's, without the local part: 0.25.2.dev0+rocm…
    is a 0.25.2 pre-release, 0.32.0+cpu is 0.32.0); None when `version` is not one."""
    return parse_version(version.strip()) if version else None


def vllm_version(engine_version: str | None) -> str | None:
    """The vLLM release of an engine's version: a ROCm bundle's tag names it
    (`vllm0.20.1-rocm7.12.0-gfx1151` → 0.20.1); the CPU build's version is vLLM's own."""
    if not engine_version:
        return None
    tag = _BUNDLE_TAG.match(engine_version.strip())
    text = one_line(tag.group(1) if tag else engine_version.strip())
    return text if version_key(text) is not None else None


def affecting(version: str | None, db: AdvisoryDB | None = None) -> tuple[Advisory, ...]:
    """The advisories that apply to vLLM `version` (none when the version is unknown)."""
    return (db or shipped_db()).affecting(version)


_ORDER = {level: rank for rank, level in enumerate(SEVERITIES)}


def _rank(advisory: Advisory) -> tuple[int, str]:
    return _ORDER[advisory.severity], advisory.published or ""


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
    db: AdvisoryDB | None = None

    @classmethod
    def of(
        cls, kind: str, version: str | None, source: str, db: AdvisoryDB | None = None
    ) -> EngineAdvice:
        db = db or shipped_db()
        # The worst first, then the newest.
        found = sorted(db.affecting(version), key=_rank, reverse=True)
        return cls(kind, version, source if version else "unknown", tuple(found), db)

    @property
    def worst_severity(self) -> str | None:
        if not self.advisories:
            return None
        return max((a.severity for a in self.advisories), key=_ORDER.__getitem__)

    @property
    def fixed_by(self) -> str | None:
        """The first release that fixes every advisory here (None: none yet, or none apply)."""
        return (self.db or shipped_db()).fixing_all(self.version) if self.version else None

    def problems(self) -> tuple[Problem, ...]:
        version = self.version or ""
        return tuple(a.problem(version) for a in self.advisories)

    def to_json(self) -> dict[str, Any]:
        version = self.version or ""
        db = self.db or shipped_db()
        return {
            "kind": self.kind,
            "vllm_version": self.version,
            "version_source": self.source,
            "advisories": [a.to_json(version) for a in self.advisories],
            "advisory_count": len(self.advisories),
            "worst_severity": self.worst_severity,
            "fixed_by": self.fixed_by,
            "advisories_source": {"from": db.source, "taken": db.taken, "note": db.note},
        }
