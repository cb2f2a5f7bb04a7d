"""packaging/install.sh --uninstall resets what `--autostart` set: the autostart entry, the
setting that makes each start write it again, and the autostart folder if the install made
it; so a reinstall without --autostart stays without it at the next start (issue 32, item 7)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.settings.settings import Settings
from app.gui import desktop_install
from tests.integration.test_packaging import home_env, run_install, snapshot
from tests.pipes import close_when_read

UP = "window is up"


def start_and_quit(command: Path, env: dict[str, str]) -> list[str]:
    """The installed app's start (offscreen), until its window is up; then Ctrl+C."""
    proc = subprocess.Popen(
        [str(command)],
        env={**env, "QT_QPA_PLATFORM": "offscreen"},
        cwd=env["HOME"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    up = threading.Event()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line.rstrip("\n"))
            if UP in line:
                up.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert up.wait(120), "\n".join(lines[-30:])
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            assert proc.wait(60) == 0, "\n".join(lines[-30:])
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
            close_when_read(proc.stderr, reader)
    return lines


def stored_settings(home: Path) -> dict[str, object]:
    raw = json.loads((home / ".config" / "vllm-tray" / "settings.json").read_text())
    assert isinstance(raw, dict)
    return raw


@pytest.mark.timeout(600)
def test_a_reinstall_without_autostart_stays_without_it_after_an_uninstall(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    config = home / ".config"
    app_home = config / "vllm-tray"
    app_home.mkdir(parents=True)
    # No endpoint and no Lemonade offer: the start is only the window (and its autostart sync);
    # the start moves the offer's key to the windows' own state.
    quiet = {"proxy.autostart": False, "gui.lemonade_offered": True}
    (app_home / "settings.json").write_text(json.dumps(quiet), encoding="utf-8")
    env = home_env(home, VLLM_TRAY_INSTALLER="uv")
    entry = config / "autostart" / "vllm-tray.desktop"
    command = home / ".local" / "bin" / "vllm-tray"

    done = run_install(env, "--autostart")  # from this checkout
    assert done.returncode == 0, done.stderr
    assert entry.exists() and stored_settings(home)["gui.start_at_login"] is True
    entry.unlink()  # so what the start writes is seen: it writes the entry afresh
    start_and_quit(command, env)
    assert entry.exists()

    done = run_install(env, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert f"start at login: off in {app_home / 'settings.json'}" in done.stdout
    assert "gui.start_at_login" not in stored_settings(home)
    assert not (config / "autostart").exists(), "the folder the install made is gone"

    done = run_install(env)  # again, without --autostart
    assert done.returncode == 0, done.stderr
    start_and_quit(command, env)
    assert not (config / "autostart").exists(), snapshot(config)
    done = run_install(env, "--uninstall")
    assert done.returncode == 0, done.stderr


@contextmanager
def xdg_home(home: Path) -> Iterator[None]:
    """The desktop files' XDG folders under `home`, for one example."""
    saved = {k: os.environ.get(k) for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME")}
    os.environ["XDG_CONFIG_HOME"] = str(home / ".config")
    os.environ["XDG_DATA_HOME"] = str(home / ".local" / "share")
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@settings(max_examples=12, deadline=None)
@given(
    config_there=st.booleans(),
    autostart_there=st.booleans(),
    other_entry=st.booleans(),
    setting_before=st.sampled_from([None, False, True]),
    autostart=st.booleans(),
)
def test_uninstall_leaves_the_home_as_the_install_found_it(
    tmp_path_factory: pytest.TempPathFactory,
    *,
    config_there: bool,
    autostart_there: bool,
    other_entry: bool,
    setting_before: bool | None,
    autostart: bool,
) -> None:
    """Whatever was there before the install (the config folder, the autostart folder with
    another app's entry or empty, the setting on, off or unset), the uninstall leaves it as
    it was, with start at login off; it removes only folders it made that are empty."""
    home = tmp_path_factory.mktemp("home")
    settings_file = home / "app" / "settings.json"
    if config_there or autostart_there:
        (home / ".config").mkdir()
    if autostart_there:
        (home / ".config" / "autostart").mkdir()
        if other_entry:
            (home / ".config" / "autostart" / "other.desktop").write_text("[Desktop Entry]\n")
    if setting_before is not None:
        Settings(settings_file).set("gui.start_at_login", setting_before)
    before = snapshot(home)
    with xdg_home(home):
        desktop_install.install(autostart=autostart, settings_file=settings_file)
        assert (home / ".config" / "autostart" / "vllm-tray.desktop").exists() == autostart
        desktop_install.uninstall(settings_file)
    after = snapshot(home)
    if setting_before is not None or autostart:
        assert "gui.start_at_login" not in json.loads(settings_file.read_text())

    def outside_settings(files: dict[str, bytes | None]) -> dict[str, bytes | None]:
        return {k: v for k, v in files.items() if not k.startswith("app")}

    assert outside_settings(after) == outside_settings(before)
