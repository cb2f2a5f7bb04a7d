"""OSV records of vLLM (the PyPA advisory database, as osv.dev serves it) read into facts.

Everything here comes from outside: a record is kept only in the shape the app expects (ids of
a safe shape, dates, version ranges that `packaging` parses, a CVSS vector the `cvss` library
scores) and refused otherwise (`parse_record` answers None, it never raises). The advisories'
prose is not kept: it only decides the kind of weakness, for which the app has its own sentence
(app.core.engines.advisories).
"""

from __future__ import annotations

import re
from typing import Any, Final

from packaging.version import InvalidVersion, Version

from app.core.untrusted import one_line

# Bounds on what one answer may hold: vLLM has some 70 advisories; ten times that is refused.
MAX_RECORDS: Final = 500
MAX_ALIASES: Final = 10
MAX_RANGES: Final = 10
MAX_EVENTS: Final = 20
MAX_TEXT: Final = 4000  # of summary + details, read only to choose the kind

# PYSEC-2026-2300, GHSA-q8gq-377p-jq3r, CVE-2026-41523: a prefix, a dash, then letters,
# digits, dots and dashes. Anything else (spaces, slashes, escapes) is not an id.
_ID: Final = re.compile(r"^[A-Z][A-Z0-9]{1,15}-[A-Za-z0-9][A-Za-z0-9.-]{1,60}$")
_DATE: Final = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[T ][0-9:.]+Z?)?$")
_VERSION_TEXT: Final = re.compile(r"^[0-9A-Za-z.+!_-]{1,64}$")

SEVERITIES: Final = ("unknown", "low", "medium", "high", "critical")
_GHSA_SEVERITY: Final = {"LOW": "low", "MODERATE": "medium", "HIGH": "high", "CRITICAL": "critical"}

# CWE numbers → the app's kinds of weakness; the first that matches wins.
_CWE_KINDS: Final = {
    "code_execution": {77, 78, 94, 95, 470, 502, 829, 913, 915},
    "access": {284, 285, 287, 288, 290, 306, 639, 862, 863},
    "ssrf": {918},
    "integrity": {345, 353, 427, 494, 1357},
    "information_leak": {200, 203, 208, 209, 532, 1300},
    "denial_of_service": {20, 248, 400, 404, 407, 617, 674, 755, 770, 789, 834, 835, 1333},
}
# Without CWE ids (PYSEC records have none): words of the record's own text, in this order.
# The shipped snapshot's kinds were read over by hand (tests/unit/core/engines/test_osv.py).
_KIND_WORDS: Final = (
    (
        "code_execution",
        (
            "code execution",
            "execute arbitrary",
            "arbitrary code",
            "remote code",
            "pickle",
            "deserializ",
            "trust_remote_code",
            "auto_map",
            "backdoor",
        ),
    ),
    ("ssrf", ("server-side request forgery", "ssrf")),
    ("access", ("authentication bypass", "api key", "api-key", "api_key", "bearer")),
    ("integrity", ("revision", "pinning", "dependency confusion", "hash collision", "integrity")),
    (
        "information_leak",
        (
            "information disclosure",
            "leaks",
            "timing attack",
            "side channel",
            "side-channel",
            "exposes",
            "exposure",
            "timing differences",
        ),
    ),
    (
        "denial_of_service",
        (
            "denial of service",
            "crash",
            "exhaust",
            "out-of-memory",
            "hang",
            "redos",
            "unbounded",
            "terminate",
            "kills",
            "into memory",
            "dos ",
        ),
    ),
)


def parse_version(text: object) -> Version | None:
    """A release number as `packaging` reads it, without its local part (`+rocm7.15.0…`,
    `+cpu`): advisories name upstream releases. None for anything that is not one."""
    if not isinstance(text, str) or not _VERSION_TEXT.match(text):
        return None
    try:
        found = Version(text)
    except InvalidVersion:
        return None
    return Version(found.public)


def safe_id(value: object) -> str | None:
    """`value` when it is an advisory id of a safe shape."""
    return value if isinstance(value, str) and _ID.match(value) else None


def parse_record(record: object) -> dict[str, Any] | None:
    """One OSV record as the snapshot keeps it, or None when it is not a usable vLLM record.

    Kept: id, aliases, published (a date), ranges ({introduced, fixed, last_affected} as
    version texts, None for open ends), severity (a level of SEVERITIES), score, kind, url."""
    try:
        return _parse(record)
    except (TypeError, ValueError, KeyError, AttributeError, ArithmeticError, RecursionError):
        return None  # an ill-shaped record is refused, whatever part of it is wrong


def _parse(record: object) -> dict[str, Any] | None:
    if not isinstance(record, dict):
        return None
    ident = safe_id(record.get("id"))
    if ident is None or record.get("withdrawn"):
        return None
    ranges = _ranges(record.get("affected"))
    if not ranges:
        return None
    raw_aliases = record.get("aliases")
    aliases = (
        [a for a in map(safe_id, raw_aliases[:MAX_ALIASES]) if a and a != ident]
        if (isinstance(raw_aliases, list))
        else []
    )
    when = record.get("published")
    published = _DATE.match(when) if isinstance(when, str) else None
    level, score = _severity(record)
    return {
        "id": ident,
        "aliases": aliases,
        "published": published.group(1) if published else None,
        "ranges": ranges,
        "severity": level,
        "score": score,
        "kind": _kind(record),
        # Built from the id, never taken from the record: a link the app shows is its own.
        "url": f"https://osv.dev/vulnerability/{ident}",
    }


def _ranges(affected: object) -> list[dict[str, str | None]]:
    if not isinstance(affected, list):
        return []
    found: list[dict[str, str | None]] = []
    for entry in affected[:MAX_RANGES]:
        package = entry.get("package") if isinstance(entry, dict) else None
        if not isinstance(package, dict):
            continue
        name = package.get("name")
        if (
            package.get("ecosystem") != "PyPI"
            or not isinstance(name, str)
            or name.lower() != "vllm"
        ):
            continue
        for rng in entry.get("ranges") or ():
            if isinstance(rng, dict) and rng.get("type") == "ECOSYSTEM":
                found.extend(_events(rng.get("events")))
    return found[:MAX_RANGES]


def _events(events: object) -> list[dict[str, str | None]]:
    """OSV's event list → ranges: each `introduced` opens one, `fixed`/`last_affected` closes it."""
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        return []
    found: list[dict[str, str | None]] = []
    current: dict[str, str | None] | None = None
    for event in events:
        if not isinstance(event, dict) or len(event) != 1:
            return []
        ((what, text),) = event.items()
        version = "0" if text == "0" else _version_text(text)
        if version is None or what not in ("introduced", "fixed", "last_affected"):
            return []
        if what == "introduced":
            current = {"introduced": None if version == "0" else version}
            current.update(fixed=None, last_affected=None)
            found.append(current)
        elif current is not None and current[what] is None and version != "0":
            current[what] = version
            current = None
    return found


def _version_text(text: object) -> str | None:
    found = parse_version(text)
    return str(text) if found is not None else None


def _severity(record: dict[str, Any]) -> tuple[str, float | None]:
    from cvss import CVSS3, CVSS4  # imported when used: most commands never score anything
    from cvss.exceptions import CVSSError

    best: tuple[str, float | None] = ("unknown", None)
    for item in (record.get("severity") or ())[:4]:
        vector = item.get("score") if isinstance(item, dict) else None
        if not isinstance(vector, str) or len(vector) > 300:
            continue
        try:
            if vector.startswith("CVSS:3."):
                score = float(CVSS3(vector).base_score)
            elif vector.startswith("CVSS:4.0/"):
                score = float(CVSS4(vector).base_score)
            else:
                continue
        except (CVSSError, ValueError, KeyError, IndexError):
            continue
        if best[1] is None or score > best[1]:
            best = (level_of(score), score)
    if best[1] is None:  # GitHub's own records say a level without a vector
        specific = record.get("database_specific")
        text = specific.get("severity") if isinstance(specific, dict) else None
        best = (
            _GHSA_SEVERITY.get(text.upper(), "unknown") if isinstance(text, str) else "unknown",
            None,
        )
    return best


def level_of(score: float) -> str:
    """CVSS's qualitative rating of a base score (the same bands in 3.x and 4.0)."""
    if score >= 9.0:
        return "critical"
    if score >= 7.0:
        return "high"
    if score >= 4.0:
        return "medium"
    return "low" if score > 0 else "unknown"


def _kind(record: dict[str, Any]) -> str:
    specific = record.get("database_specific")
    cwes = specific.get("cwe_ids") if isinstance(specific, dict) else None
    numbers = set()
    for cwe in (cwes if isinstance(cwes, list) else [])[:10]:
        digits = cwe.removeprefix("CWE-") if isinstance(cwe, str) else ""
        if digits.isdigit() and len(digits) < 6:
            numbers.add(int(digits))
    for kind, known in _CWE_KINDS.items():
        if numbers & known:
            return kind
    # The summary (a title) first: a record's details often mention other weaknesses.
    for value in (record.get("summary"), record.get("details")):
        text = one_line(value[:MAX_TEXT]).lower() if isinstance(value, str) else ""
        for kind, words in _KIND_WORDS:
            if any(word in text for word in words):
                return kind
    return "other"
