"""packaging/: the desktop entry and AppStream metainfo agree with the app and pass the
freedesktop validators, and packaging/install.sh installs the app like a desktop app — with uv
and with pipx, into a temporary home — and uninstalls exactly what it added."""

from __future__ import annotations

import configparser
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from app.gui import autostart

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
DESKTOP_SOURCE = PACKAGING / "linux" / "vllm-tray.desktop"
METAINFO = PACKAGING / "linux" / "io.github.vllm_tray.VllmTray.metainfo.xml"
INSTALL_SCRIPT = PACKAGING / "install.sh"
RESOURCES = ROOT / "app" / "gui" / "resources"
MARKER = "X-VLLM-Tray-Installed-By"
# Desktop Entry spec, "The Exec key".
RESERVED = frozenset("\t\n\"'\\><~|&;$*?#()`")
QUOTED_ESCAPES = frozenset("`$")


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def console_script() -> str:
    scripts = pyproject()["project"]["scripts"]
    assert scripts == {"vllm-tray": "app.launcher:main"}
    return "vllm-tray"


class DesktopEntryParser(configparser.ConfigParser):
    """Desktop entry keys are case-sensitive; configparser lower-cases them by default."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def read_desktop_entry(path: Path) -> dict[str, str]:
    parser = DesktopEntryParser(interpolation=None, strict=True, delimiters=("=",))
    parser.read(path, encoding="utf-8")
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


def exec_argv(value: str) -> list[str]:
    """Undo an Exec value as the Desktop Entry spec says: string escapes, quoting, then %%."""
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    value = re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), value)
    argv: list[str] = []
    current: str | None = None
    quoted = escaped = False
    for char in value:
        if escaped:
            assert char in QUOTED_ESCAPES | {'"', "\\"}, f"{char!r} may not be escaped in Exec"
            current = (current or "") + char
            escaped = False
        elif quoted and char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
            current = current or ""
        elif char == " " and not quoted:
            if current is not None:
                argv.append(current)
            current = None
        else:
            # Reserved characters must be quoted, and inside quotes ` and $ must be escaped.
            assert char not in (QUOTED_ESCAPES if quoted else RESERVED), f"bare {char!r}"
            current = (current or "") + char
    assert not quoted and not escaped, f"unbalanced quoting in {value!r}"
    if current is not None:
        argv.append(current)
    return [re.sub(r"%(.?)", field_code, arg, flags=re.S) for arg in argv]


def field_code(match: re.Match[str]) -> str:
    # The entries here take no files or URLs, so %% (a literal %) is the only code allowed.
    assert match.group(1) == "%", f"unexpected field code %{match.group(1)}"
    return "%"


# -- the desktop entry ----------------------------------------------------------------------
def test_desktop_entry_has_the_required_keys_and_runs_the_console_script() -> None:
    entry = read_desktop_entry(DESKTOP_SOURCE)
    assert entry["Type"] == "Application"
    for key in ("Name", "GenericName", "Comment"):
        assert entry[key].strip(), key
    assert entry["Name"] == "vLLM Tray"
    assert exec_argv(entry["Exec"]) == [console_script()]
    assert entry["Icon"] == "vllm-tray"
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Development;"
    keywords = entry["Keywords"].split(";")
    assert keywords[-1] == "", "a list value ends with ';'"
    assert {"vLLM", "LLM", "ROCm"} <= set(keywords)


def test_desktop_entry_matches_what_the_app_sets_at_run_time() -> None:
    entry = read_desktop_entry(DESKTOP_SOURCE)
    # Qt names the Wayland app id (and _GTK_APPLICATION_ID on X11) after the desktop file
    # name, and WM_CLASS's instance after `-name` (app/gui/app.py).
    source = (ROOT / "app" / "gui" / "app.py").read_text(encoding="utf-8")
    desktop_name = re.search(r'setDesktopFileName\("([^"]+)"\)', source)
    app_name = re.search(r'setApplicationName\("([^"]+)"\)', source)
    instance = re.search(r'"-name", "([^"]+)"', source)
    assert desktop_name is not None and app_name is not None and instance is not None
    assert DESKTOP_SOURCE.name == f"{desktop_name.group(1)}.desktop"
    assert entry["StartupWMClass"] == instance.group(1) == desktop_name.group(1)
    # The application's name is what trays and notifications show: the entry's Name.
    assert app_name.group(1) == entry["Name"]
    # The autostart entry the app writes uses the same name and icon.
    started = dict(line.split("=", 1) for line in autostart.desktop_entry("x").splitlines()[1:])
    assert DESKTOP_SOURCE.name == autostart.DESKTOP_FILE
    assert started["Icon"] == entry["Icon"]
    assert started["Name"] == entry["Name"]


def test_the_icon_named_by_the_entry_is_the_apps_svg() -> None:
    icon = RESOURCES / "app.svg"
    root = ET.parse(icon).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 64 64", "square, so it scales into hicolor/scalable"
    # `vllm-tray desktop install` installs it under this name; the install test checks.
    assert read_desktop_entry(DESKTOP_SOURCE)["Icon"] == "vllm-tray"


# -- AppStream ------------------------------------------------------------------------------
def test_metainfo_describes_the_same_app() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    component_id = root.findtext("id")
    assert component_id == "io.github.vllm_tray.VllmTray"
    assert METAINFO.name == f"{component_id}.metainfo.xml"
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == pyproject()["project"]["license"]
    assert root.findtext("name") == read_desktop_entry(DESKTOP_SOURCE)["Name"]
    summary = root.findtext("summary") or ""
    assert summary and not summary.endswith("."), "AppStream summaries carry no full stop"
    assert root.findall("description/p"), "the description needs at least one paragraph"
    assert [b.text for b in root.findall("provides/binary")] == [console_script()]
    launchable = root.find("launchable")
    assert launchable is not None and launchable.get("type") == "desktop-id"
    assert launchable.text == DESKTOP_SOURCE.name
    rating = root.find("content_rating")
    assert rating is not None and rating.get("type") == "oars-1.1"


def test_the_freedesktop_validators_pass() -> None:
    """`make test-deps` installs desktop-file-utils and appstream (Debian) when missing."""
    for program in ("desktop-file-validate", "appstreamcli"):
        assert shutil.which(program), f"{program} is missing: run `make test-deps`"
    checked = subprocess.run(
        ["desktop-file-validate", str(DESKTOP_SOURCE)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    checked = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--explain", str(METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert not re.search(r"^[EW]:", checked.stdout, re.M), checked.stdout


@pytest.mark.parametrize(
    "path",
    [
        "/home/ann/.local/share/uv/tools/vllm-tray/bin/vllm-tray",
        '/home/my "data" $HOME `x` \\ 100% share/bin/vllm-tray',
        "/opt/with space/python3",
    ],
)
def test_exec_values_survive_odd_paths(path: str) -> None:
    assert exec_argv(autostart.exec_value([path, "-m", "app"])) == [path, "-m", "app"]


# -- packaging/install.sh: a real install into a temporary home ----------------------------
# uv's cache outside the clone, shared between runs like the CPU engine: a warm install takes
# seconds; the first one downloads the dependencies (PySide6 among them) from PyPI.
UV_CACHE = Path.home() / ".cache" / "vllm-tray-tests" / "uv"
VENV_BIN = Path(sys.executable).parent


def home_env(home: Path, **extra: str) -> dict[str, str]:
    """The machine's environment with HOME moved and nothing of the machine's XDG, pip, uv
    or pipx settings, so the install depends only on what the test sets."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PIP_", "XDG_", "VLLM_TRAY_", "UV_", "PIPX_"))
        and k not in {"VIRTUAL_ENV", "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"}
        and k != "QT_QPA_PLATFORM"  # `make test` sets offscreen; the app here runs on Xvfb
    }
    # uv and pipx from the test venv (`make setup` installs them), the system's Python.
    env["PATH"] = f"{VENV_BIN}:{env.get('PATH', '/usr/bin:/bin')}"
    env |= {"HOME": str(home), "UV_CACHE_DIR": str(UV_CACHE), "VLLM_TRAY_PYTHON": sys.executable}
    return env | extra


def snapshot(home: Path) -> dict[str, bytes | None]:
    """Every file (content) and folder (None) under `home`."""
    return {
        str(p.relative_to(home)): (None if p.is_dir() else p.read_bytes())
        for p in sorted(home.rglob("*"))
        if not p.is_symlink() or p.exists()
    }


def other_apps(home: Path) -> None:
    """What a lived-in home has where the install writes: none of it may be touched."""
    files = {
        ".local/share/applications/other.desktop": "[Desktop Entry]\nName=Other\n",
        ".local/share/icons/hicolor/48x48/apps/other.png": "not really a png",
        ".local/share/icons/hicolor/scalable/apps/other.svg": "<svg/>",
        ".config/autostart/other.desktop": "[Desktop Entry]\nName=Other\n",
        ".local/bin/other-tool": "#!/bin/sh\n",
    }
    for name, text in files.items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_text(text, encoding="utf-8")


def run_install(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        ["bash", str(INSTALL_SCRIPT), *args],
        env=env,
        cwd=env["HOME"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    print(done.stdout, done.stderr)
    return done


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def check_installed(home: Path, env: dict[str, str], tool_dir: Path) -> Path:
    """The menu entry, icons, metadata and the command on PATH; returns the command."""
    share = home / ".local" / "share"
    command = shutil.which("vllm-tray", path=f"{home / '.local' / 'bin'}:{env['PATH']}")
    assert command == str(home / ".local" / "bin" / "vllm-tray"), command
    version = subprocess.run(
        [command, "--version"], env=env, capture_output=True, text=True, check=True
    )
    assert version.stdout.strip() == f"vllm-tray {pyproject()['project']['version']}"

    entry_file = share / "applications" / "vllm-tray.desktop"
    checked = subprocess.run(
        ["desktop-file-validate", str(entry_file)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    entry = read_desktop_entry(entry_file)
    (program,) = exec_argv(entry["Exec"])
    assert Path(program).is_relative_to(tool_dir), program  # the tool's own environment
    assert Path(program).resolve() == Path(command).resolve()
    assert {k: v for k, v in entry.items() if k not in ("Exec", MARKER)} == {
        k: v for k, v in read_desktop_entry(DESKTOP_SOURCE).items() if k != "Exec"
    }
    icons = share / "icons" / "hicolor"
    for size in (16, 22, 24, 32, 48, 64, 128, 256):
        assert png_size(icons / f"{size}x{size}" / "apps" / "vllm-tray.png") == (size, size)
    assert (icons / "scalable" / "apps" / "vllm-tray.svg").read_bytes() == (
        RESOURCES / "app.svg"
    ).read_bytes()
    symbolic = ET.parse(icons / "symbolic" / "apps" / "vllm-tray-symbolic.svg").getroot()
    assert symbolic.get("viewBox") == "0 0 16 16"
    metainfo = share / "metainfo" / METAINFO.name
    assert metainfo.read_bytes() == METAINFO.read_bytes()
    return Path(command)


@pytest.mark.timeout(600)
def test_install_with_uv_toggle_autostart_in_the_app_and_uninstall(tmp_path: Path) -> None:
    home = tmp_path / "home"
    other_apps(home)
    before = snapshot(home)
    config = tmp_path / "config"  # the app's settings, outside the home the test compares
    env = home_env(home, VLLM_TRAY_INSTALLER="uv", VLLM_TRAY_HOME=str(config))

    wheel_dir = tmp_path / "dist"
    subprocess.run(
        ["uv", "build", "--wheel", "--out-dir", str(wheel_dir), str(ROOT)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    (wheel,) = wheel_dir.glob("vllm_tray-*.whl")
    done = run_install(env, str(wheel))
    assert done.returncode == 0, done.stderr
    assert "the system libraries Qt needs are there (9 checked)" in done.stdout
    command = check_installed(home, env, home / ".local" / "share" / "uv" / "tools")
    assert not (home / ".config" / "autostart" / "vllm-tray.desktop").exists()

    toggle_autostart_in_the_app(tmp_path, command, config, env)

    done = run_install(env, "--uninstall")
    assert done.returncode == 0, done.stderr
    after = snapshot(home)
    added = sorted(set(after) - set(before))
    # uv keeps its tools folder (a lock file and a .gitignore), as for any tool it removes.
    assert all(a.startswith(".local/share/uv") for a in added), added
    assert not [a for a in added if "vllm" in a], added
    assert {k: v for k, v in after.items() if k in before} == before  # nothing else touched
    assert not set(before) - set(after)


def toggle_autostart_in_the_app(
    tmp_path: Path, command: Path, config: Path, env: dict[str, str]
) -> None:
    """The installed app on a desktop: Settings ▸ Desktop ▸ Start at login, on and off."""
    from tests.gui.e2e_desktop import App, Desktop, app_window, keys, until, window_named

    autostart_file = Path(env["HOME"]) / ".config" / "autostart" / "vllm-tray.desktop"
    desktop = Desktop(tmp_path)
    app_env = {k: v for k, v in env.items() if k not in ("PATH",)}
    app = App(desktop, config, tmp_path / "app.log", command=[str(command)], env=app_env)
    try:
        until("the window", app.logged("window is up"))
        main = until("the main window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        for wanted in (True, False):
            done = f"the autostart entry {'written' if wanted else 'removed'}"
            # A key typed while the dialog is still taking the focus can be lost, as a
            # person's would be; then the dialog closes with nothing changed (OK writes in
            # well under a second), and the person opens it again and looks.
            for attempt in range(3):
                desktop.run("xdotool", "windowactivate", "--sync", main)
                keys(desktop, "ctrl+comma")
                dialog = until("settings", lambda: app_window(desktop, "Settings"))
                assert isinstance(dialog, str)
                desktop.run("xdotool", "windowactivate", "--sync", dialog)
                # The page list has the focus: End is its last page, Desktop; then Start at
                # &login.
                keys(desktop, "End", "alt+l")
                shot = f"install-settings-autostart-{'on' if wanted else 'off'}-{attempt}"
                desktop.screenshot(shot)
                keys(desktop, "Return")
                until("the dialog to close", lambda: app_window(desktop, "Settings") is None)
                try:
                    until(done, lambda: autostart_file.exists() == wanted, within=10)  # noqa: B023
                    break
                except AssertionError:
                    print(f"{done}: not after attempt {attempt} (see {shot}.png)")
            else:
                raise AssertionError(f"timed out waiting for {done}")
            if wanted:
                entry = read_desktop_entry(autostart_file)
                assert exec_argv(entry["Exec"]) == [str(command.resolve())]
        keys(desktop, "ctrl+q")
        assert app.proc.wait(60) == 0
    finally:
        app.stop()
        desktop.close()


@pytest.mark.timeout(600)
def test_install_with_pipx_from_the_checkout_and_uninstall(tmp_path: Path) -> None:
    home = tmp_path / "home"
    other_apps(home)
    before = snapshot(home)
    env = home_env(home, VLLM_TRAY_INSTALLER="pipx")
    done = run_install(env, "--autostart")  # from this checkout
    assert done.returncode == 0, done.stderr
    check_installed(home, env, home / ".local" / "share" / "pipx" / "venvs")
    started = home / ".config" / "autostart" / "vllm-tray.desktop"
    assert started.exists()
    settings = json.loads((home / ".config" / "vllm-tray" / "settings.json").read_text())
    assert settings["gui.start_at_login"] is True  # the Desktop page shows it ticked

    # A file in the way that the install did not make is left alone, and said so.
    entry = home / ".local" / "share" / "applications" / "vllm-tray.desktop"
    entry.write_text("[Desktop Entry]\nName=mine\n", encoding="utf-8")
    done = run_install(env, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert f"left {entry} alone" in done.stdout
    assert entry.read_text(encoding="utf-8") == "[Desktop Entry]\nName=mine\n"
    entry.unlink()
    after = snapshot(home)
    added = sorted(set(after) - set(before))
    # Kept on purpose: the settings (documented); pipx's own folders (its state, its cache,
    # the folder it links man pages into).
    kept = (
        ".config/vllm-tray",
        ".local/share/pipx",
        ".local/state/pipx",
        ".cache/pipx",
        ".local/share/man",
    )
    parents = {str(Path(k).parent) for k in kept}
    assert [a for a in added if not (a.startswith(kept) or a in parents)] == []
    assert {k: v for k, v in after.items() if k in before} == before
