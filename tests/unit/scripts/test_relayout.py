"""scripts/relayout.py on a small made-up tree: modules land by rule, every name follows them,
a module no rule places stops the run, and a second run changes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "relayout.py"
TREE = {
    "app/__init__.py": '"""App."""\n',
    "app/core/__init__.py": "",
    "app/core/batch_jobs.py": '"""Jobs."""\n\nLIMIT = 3\n',
    "app/core/settings.py": '"""Settings."""\n\nKEY = "k"\n',
    "app/core/events.py": (
        '"""Events."""\n\nfrom app.core import batch_jobs, settings\n\n'
        "BOTH = (settings.KEY, batch_jobs.LIMIT)\n"
    ),
    "app/runtime/__init__.py": "",
    "app/runtime/stall.py": '"""Test machinery."""\n',
    "app/runtime/services/__init__.py": '"""API."""\n',
    "app/runtime/services/chat.py": '"""Chat (see app/core/batch_jobs.py)."""\n',
    "tests/__init__.py": "",
    "tests/unit/__init__.py": "",
    "tests/unit/core/__init__.py": "",
    "tests/unit/core/test_batch_jobs.py": (
        '"""Jobs."""\n\nfrom unittest import mock\n\n\ndef test_limit() -> None:\n'
        '    with mock.patch("app.core.batch_jobs.LIMIT", 4):\n        pass\n'
    ),
    "pyproject.toml": '[tool.mypy]\nfiles = [\n    "app/launcher.py",\n]\n',
}


def tree(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    for name, text in {**TREE, **(extra or {})}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(tmp_path)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "tree"], check=True)
    return tmp_path


def relayout(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_modules_move_by_rule_and_every_name_follows(tmp_path: Path) -> None:
    root = tree(tmp_path)
    assert relayout(root).returncode == 0
    assert (root / "app/core/batch/batch_jobs.py").is_file()
    assert (root / "app/runtime/chat/chat.py").is_file()
    assert (root / "tests/stall.py").is_file()
    assert not (root / "app/runtime/stall.py").exists()
    events = (root / "app/core/events.py").read_text()
    assert "from app.core.settings import settings\n" in events
    assert "from app.core.batch import batch_jobs\n" in events
    test = root / "tests/unit/core/batch/test_batch_jobs.py"
    assert 'mock.patch("app.core.batch.batch_jobs.LIMIT", 4)' in test.read_text()
    assert "app/core/batch/batch_jobs.py" in (root / "app/runtime/chat/chat.py").read_text()
    assert (root / "app/core/batch/__init__.py").read_text().startswith('"""')
    assert (root / "tests/unit/core/batch/__init__.py").is_file()
    assert '"tests/stall.py"' in (root / "pyproject.toml").read_text()
    # A second run finds everything in its place.
    again = relayout(root)
    assert (again.returncode, again.stdout) == (0, "")
    assert relayout(root, "--check").returncode == 0


def test_a_module_no_rule_places_stops_the_run(tmp_path: Path) -> None:
    root = tree(tmp_path, {"app/core/mystery.py": '"""?"""\n'})
    result = relayout(root)
    assert result.returncode == 1
    assert "no rule places app/core/mystery.py" in result.stderr
    assert (root / "app/core/batch_jobs.py").is_file()  # nothing moved
    assert relayout(tree(tmp_path / "other"), "--check").returncode == 1
