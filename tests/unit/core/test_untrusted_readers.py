"""`parse_json` is the one JSON reader in app/: no module calls `json.load(s)` (issue 31 item 7).

Python's own decoder raises `RecursionError` on deep nesting, which every caller would have to
know about; a module that reads JSON without `parse_json` gets that traceback back.
"""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[3] / "app"

# Modules still calling json.loads, each with why. The lead shrinks this as branches merge.
ALLOWED = {
    "core/untrusted.py": "the one reader itself",
    "supervisor/guard/vllm_tray_spare.py": (
        "runs in the engine's Python, which cannot import the app: bounded there (size, "
        "items, words; deep nesting refused)"
    ),
}


def _json_loads_calls(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("load", "loads")
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "json"
    ]


def _allowed(relative: str) -> bool:
    return any(
        relative == key or (key.endswith("/") and relative.startswith(key)) for key in ALLOWED
    )


def test_no_module_reads_json_without_parse_json() -> None:
    found = [
        f"app/{relative}:{line}"
        for path in sorted(APP.rglob("*.py"))
        if not _allowed(relative := path.relative_to(APP).as_posix())
        for line in _json_loads_calls(path)
    ]
    assert found == [], "use app.core.untrusted.parse_json instead of json.loads: " + ", ".join(
        found
    )


def test_every_allowed_module_still_exists() -> None:
    """An entry for a file that is gone (or a folder) would hide the next file of that name."""
    for key in ALLOWED:
        assert (APP / key).exists(), key
