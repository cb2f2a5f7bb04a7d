"""Fail when a module under app/ is longer than MAX_LINES (the house rule: split it).

Usage: python scripts/check_module_size.py   (run by `make lint`)

A file past the limit usually holds more than one job; splitting it by job keeps each one
readable on its own. ALLOWED lists the exceptions, each with its reason and the size it
may grow to, so that a file on the list cannot keep growing unnoticed either.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 500

# path -> (lines it may have, why it is not split)
ALLOWED: dict[str, tuple[int, str]] = {}


def problems(
    root: Path = ROOT, allowed: dict[str, tuple[int, str]] = ALLOWED, max_lines: int = MAX_LINES
) -> list[str]:
    """One line per module over its limit, and per ALLOWED entry no longer needed."""
    found = []
    sizes = {}
    for path in sorted((root / "app").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        with path.open("rb") as fh:
            sizes[rel] = sum(1 for _ in fh)
        limit = allowed.get(rel, (max_lines, ""))[0]
        if sizes[rel] > limit:
            found.append(f"{rel}: {sizes[rel]} lines (limit {limit}); split it by job")
    for rel in allowed:
        if rel not in sizes:
            found.append(f"{rel}: no such module; remove its ALLOWED entry")
        elif sizes[rel] <= max_lines:
            found.append(f"{rel}: within {max_lines} lines now; remove its ALLOWED entry")
    return found


def main() -> int:
    found = problems()
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
