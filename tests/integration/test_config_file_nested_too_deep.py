"""A config file of 100,000 nested brackets is a file that cannot be read, said with its name.

Issue 31 item 7: Python's JSON decoder raised `RecursionError` on it and `config get`,
`config set`, `serve` and `import-lemonade` printed a traceback. Now each does what it does
for any malformed file (README, "Configuration"; app.core.jsonstore): a command that only reads
says which file and why and goes on with the defaults, never touching the file; a command that
saves keeps the user's version beside the new one and says where; `serve` does not start on
defaults nobody chose.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakes.remote_servers import run_cli

DEEP = "[" * 100_000 + "]" * 100_000
FILES = ("settings.json", "user_models.json", "recipe_options.json")


def _home(tmp_path: Path, name: str) -> tuple[Path, Path]:
    home = tmp_path / "vllm-tray"
    home.mkdir()
    path = home / name
    path.write_text(DEEP, encoding="utf-8")
    return home, path


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text and "RecursionError" not in text


@pytest.mark.parametrize(
    ("name", "command", "shown"),
    [
        ("settings.json", ("config", "get"), "models.gpu_memory_utilization = 0.85  (default)"),
        ("user_models.json", ("models",), "Qwen/Qwen3.5-0.8B"),
        ("recipe_options.json", ("options", "Qwen3.5-0.8B-FP16-vLLM"), "ctx_size"),
    ],
)
def test_a_reading_command_names_the_file_and_leaves_it(
    tmp_path: Path, name: str, command: tuple[str, ...], shown: str
) -> None:
    home, path = _home(tmp_path, name)
    done = run_cli(home, *command)
    _no_traceback(done.stderr)
    assert done.returncode == 0, done.stderr
    (line,) = [x for x in done.stderr.splitlines() if "cannot be read" in x]
    assert line == (
        f"vllm-tray: warning: {path} cannot be read (nested too deeply: line 1 column 1 "
        "(char 0)). The defaults are used for it until it is fixed; the file was left as it is."
    )
    assert shown in done.stdout
    assert path.read_text(encoding="utf-8") == DEEP
    assert {p.name for p in home.iterdir() if not p.name.startswith(".")} <= {name, "cache"}


def test_config_set_keeps_the_users_version_and_says_where(tmp_path: Path) -> None:
    home, path = _home(tmp_path, "settings.json")
    done = run_cli(home, "config", "set", "proxy.port=9123")
    _no_traceback(done.stderr)
    assert done.returncode == 0, done.stderr
    (kept,) = home.glob("settings.json.unreadable-*")
    assert kept.read_text(encoding="utf-8") == DEEP
    assert done.stderr.splitlines() == [
        f"vllm-tray: warning: {path} could not be read (nested too deeply: line 1 column 1 "
        "(char 0)) when vLLM Tray saved a change, so it was replaced; your version was kept "
        f"as {kept}."
    ]


def test_config_set_with_bad_input_writes_nothing(tmp_path: Path) -> None:
    home, path = _home(tmp_path, "settings.json")
    done = run_cli(home, "config", "set", "proxy.port=not-a-port")
    _no_traceback(done.stderr)
    assert done.returncode == 2
    assert path.read_text(encoding="utf-8") == DEEP
    assert not list(home.glob("settings.json.unreadable-*"))


@pytest.mark.parametrize("name", FILES)
def test_serve_does_not_start_and_says_which_file(tmp_path: Path, name: str) -> None:
    home, path = _home(tmp_path, name)
    done = run_cli(home, "serve", "--port", "1")  # never reached: refused before binding
    _no_traceback(done.stderr)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"vllm-tray: vllm-tray serve does not start while {path} cannot be read (nested too "
        "deeply: line 1 column 1 (char 0)): it would run on defaults you did not choose. Fix "
        "the file, or move it away to start with the defaults."
    ]
    assert path.read_text(encoding="utf-8") == DEEP


def test_import_lemonade_names_the_deep_files_and_imports_nothing(tmp_path: Path) -> None:
    """Ours and Lemonade's: each file said once, the import has nothing it could read."""
    home, ours = _home(tmp_path, "settings.json")
    lemonade = tmp_path / "lemonade"
    lemonade.mkdir()
    theirs = lemonade / "user_models.json"
    theirs.write_text(DEEP, encoding="utf-8")
    done = run_cli(home, "import-lemonade", str(lemonade), "--yes")
    _no_traceback(done.stderr)
    assert done.returncode == 0, done.stderr
    assert f"vllm-tray: warning: {ours} cannot be read (nested too deeply" in done.stderr
    assert (
        f"! Lemonade's {theirs} cannot be read (nested too deeply: line 1 column 1 (char 0)); "
        "it is left out of the import."
    ) in done.stdout
    assert "Nothing to import" in done.stdout
    assert ours.read_text(encoding="utf-8") == DEEP
    assert theirs.read_text(encoding="utf-8") == DEEP
    assert not (home / "user_models.json").exists()
