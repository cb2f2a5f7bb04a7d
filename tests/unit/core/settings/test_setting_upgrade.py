"""The settings migration's edge cases (a start: tests/integration/test_settings_upgrade.py)."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.paths import resolve_paths
from app.core.settings.setting_upgrade import upgrade
from app.core.settings.settings import Settings


def test_a_value_under_the_new_name_wins_and_the_windows_keep_their_places(
    tmp_path: Path,
) -> None:
    paths = resolve_paths(tmp_path)
    paths.settings_file.write_text(
        json.dumps({"ctx_size": 1024, "models.ctx_size": 2048, "gui.tray_hint_shown": True})
    )
    paths.ui_state_file.parent.mkdir(parents=True)
    windows = {"main": {"geometry": "abc"}}
    paths.ui_state_file.write_text(json.dumps({"version": 1, "windows": windows}))
    assert Settings(paths.settings_file).get("models.ctx_size") == 2048  # before the upgrade

    assert upgrade(paths) == ["ctx_size", "gui.tray_hint_shown"]

    assert json.loads(paths.settings_file.read_text()) == {"models.ctx_size": 2048}
    state = json.loads(paths.ui_state_file.read_text())
    assert state == {"version": 1, "windows": windows, "flags": {"tray_hint_shown": True}}


def test_a_file_that_cannot_be_read_or_needs_nothing_is_left_alone(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    assert upgrade(paths) == []  # no file: none is made
    assert not paths.settings_file.exists()
    for text in ('{"ctx_size": 40', '{"models.ctx_size": 4096}'):
        paths.settings_file.write_text(text)
        before = paths.settings_file.stat()
        assert upgrade(paths) == []
        after = paths.settings_file.stat()
        assert paths.settings_file.read_text() == text
        assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert not paths.ui_state_file.exists()


def test_a_bad_old_value_is_named_as_the_file_has_it(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path)
    paths.settings_file.write_text(json.dumps({"ctx_size": "big"}))
    settings = Settings(paths.settings_file)
    assert settings.problem is not None
    assert settings.problem.params["reason"].startswith("ctx_size: ")
    assert settings.get("models.ctx_size") == 8192  # the defaults, the file left as it is
