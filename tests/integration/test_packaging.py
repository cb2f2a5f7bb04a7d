"""packaging/: the desktop entry, the AppStream metainfo and install-user.sh agree with the app."""

from __future__ import annotations

import configparser
import os
import re
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
INSTALL_SCRIPT = PACKAGING / "install-user.sh"
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
    assert entry["Categories"] == "Development;Utility;"
    keywords = entry["Keywords"].split(";")
    assert keywords[-1] == "", "a list value ends with ';'"
    assert {"vLLM", "LLM", "ROCm"} <= set(keywords)


def test_desktop_entry_matches_what_the_app_sets_at_run_time() -> None:
    entry = read_desktop_entry(DESKTOP_SOURCE)
    # Qt names the window class and the Wayland app id after these two calls in app/gui/app.py.
    source = (ROOT / "app" / "gui" / "app.py").read_text(encoding="utf-8")
    desktop_name = re.search(r'setDesktopFileName\("([^"]+)"\)', source)
    app_name = re.search(r'setApplicationName\("([^"]+)"\)', source)
    assert desktop_name is not None and app_name is not None
    assert DESKTOP_SOURCE.name == f"{desktop_name.group(1)}.desktop"
    assert entry["StartupWMClass"] == app_name.group(1) == desktop_name.group(1)
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
    # install-user.sh installs it under this name; the install test compares the bytes.
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


# -- install-user.sh ------------------------------------------------------------------------
def script_env(home: Path, data_home: Path, **extra: str) -> dict[str, str]:
    # No PIP_* or XDG_* from the machine: the run must depend only on what the test sets.
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PIP_", "XDG_", "VLLM_TRAY_")) and k != "VIRTUAL_ENV"
    }
    home.mkdir(parents=True, exist_ok=True)
    env |= {"HOME": str(home), "XDG_DATA_HOME": str(data_home), **extra}
    return env


def run_script(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(INSTALL_SCRIPT), *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_install_and_uninstall_the_desktop_integration(tmp_path: Path) -> None:
    home = tmp_path / "home"
    # Every character the Exec quoting has to escape, so the menu entry survives odd homes.
    data_home = tmp_path / 'my "data" $HOME `x` \\ 100% share'
    env = script_env(home, data_home, VLLM_TRAY_SKIP_VENV="1")
    venv_command = data_home / "vllm-tray" / "venv" / "bin" / "vllm-tray"
    link = home / ".local" / "bin" / "vllm-tray"
    desktop_file = data_home / "applications" / "vllm-tray.desktop"
    icon_file = data_home / "icons" / "hicolor" / "scalable" / "apps" / "vllm-tray.svg"

    for _ in range(2):  # the second run finds its own files and replaces them
        done = run_script(env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert "skipped the venv and pip" in done.stdout
        assert link.is_symlink() and link.readlink() == venv_command
        assert f"installed the menu entry {desktop_file}" in done.stdout
        installed = read_desktop_entry(desktop_file)
        assert exec_argv(installed["Exec"]) == [str(venv_command)]
        assert installed.pop(MARKER) == "install-user.sh"
        assert {k: v for k, v in installed.items() if k != "Exec"} == {
            k: v for k, v in read_desktop_entry(DESKTOP_SOURCE).items() if k != "Exec"
        }
        assert icon_file.read_bytes() == (RESOURCES / "app.svg").read_bytes()
        assert sorted(p.name for p in desktop_file.parent.iterdir()) == ["vllm-tray.desktop"]

    (data_home / "vllm-tray" / "venv").mkdir(parents=True)  # a non-venv folder must survive
    done = run_script(env, "--uninstall", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not link.exists() and not link.is_symlink()
    assert not desktop_file.exists()
    assert not icon_file.exists()
    assert (data_home / "vllm-tray" / "venv").is_dir()
    assert "kept" in done.stdout


def test_install_refuses_to_replace_files_it_did_not_make(tmp_path: Path) -> None:
    home = tmp_path / "home"
    data_home = tmp_path / "share"
    env = script_env(home, data_home, VLLM_TRAY_SKIP_VENV="1")
    link = home / ".local" / "bin" / "vllm-tray"
    link.parent.mkdir(parents=True)
    link.write_text("#!/bin/sh\n# installed by pipx\n", encoding="utf-8")

    done = run_script(env, cwd=tmp_path)
    assert done.returncode == 1
    assert f"{link} already exists and is not this installation's" in done.stderr
    assert link.read_text(encoding="utf-8") == "#!/bin/sh\n# installed by pipx\n"
    assert not (data_home / "applications").exists(), "refused before installing anything"

    done = run_script(env, "--uninstall", cwd=tmp_path)
    assert done.returncode == 0
    assert f"left {link} alone" in done.stdout
    assert link.is_file()

    link.unlink()
    desktop_file = data_home / "applications" / "vllm-tray.desktop"
    desktop_file.parent.mkdir(parents=True)
    desktop_file.write_text("[Desktop Entry]\nName=mine\n", encoding="utf-8")
    done = run_script(env, cwd=tmp_path)
    assert done.returncode == 1
    assert "this script did not write it" in done.stderr
    assert desktop_file.read_text(encoding="utf-8") == "[Desktop Entry]\nName=mine\n"

    done = run_script(env, "--bogus", cwd=tmp_path)
    assert done.returncode == 2
    assert "unknown option --bogus" in done.stderr


@pytest.mark.timeout(120)
def test_venv_and_pip_step_builds_the_checkout_offline(tmp_path: Path) -> None:
    """The real venv and pip step, offline: pip is handed this checkout and finds no network.

    A successful build needs a recent setuptools and no network may be used, so the build stops at
    the checkout's own build requirement; that is what proves pip got this checkout, and the
    script must then stop before installing anything else and say why.
    """
    home = tmp_path / "home"
    data_home = tmp_path / "share"
    empty_index = tmp_path / "no-wheels"
    empty_index.mkdir()
    env = script_env(
        home,
        data_home,
        VLLM_TRAY_PYTHON=sys.executable,
        VLLM_TRAY_PIP_ARGS=f"--no-index --find-links {empty_index}",
        PIP_CONFIG_FILE=os.devnull,
    )
    venv = data_home / "vllm-tray" / "venv"
    build_requires = pyproject()["build-system"]["requires"]
    setuptools_req = build_requires[0]
    assert setuptools_req.startswith("setuptools>=")

    done = run_script(env, cwd=tmp_path)
    assert done.returncode == 1
    assert f"created the venv {venv}" in done.stdout
    assert f"satisfies the requirement {setuptools_req}" in done.stderr
    assert f"pip could not install vLLM Tray from {ROOT} into {venv}" in done.stderr
    prefix = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import sys; print(sys.prefix)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert prefix.stdout.strip() == str(venv)
    assert not (home / ".local" / "bin" / "vllm-tray").is_symlink()
    assert not (data_home / "applications").exists()
    assert not (data_home / "icons").exists()

    config = (venv / "pyvenv.cfg").stat()
    done = run_script(env, cwd=tmp_path)
    assert done.returncode == 1
    assert f"reusing the venv {venv}" in done.stdout
    assert (venv / "pyvenv.cfg").stat().st_mtime_ns == config.st_mtime_ns

    done = run_script(env, "--uninstall", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"removed {venv}" in done.stdout
    assert not (data_home / "vllm-tray").exists()
