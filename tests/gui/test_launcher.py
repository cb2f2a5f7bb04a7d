"""The entry point checks for the X11 libraries Qt needs before it opens a window."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app import launcher
from app.launcher import (
    XCB_LIBRARIES,
    gui_arguments,
    missing_libraries_message,
    missing_xcb_libraries,
    uses_xcb,
)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DISPLAY": ":0"}, True),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, True),
        ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, False),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":0"}, False),
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, False),
        ({}, False),
    ],
)
def test_which_platform_qt_will_use(env: dict[str, str], expected: bool) -> None:
    assert uses_xcb(env) is expected


def test_the_message_names_the_packages_to_install() -> None:
    missing = missing_xcb_libraries({"DISPLAY": ":0"}, lambda soname: "cursor" not in soname)
    assert [lib.debian for lib in missing] == ["libxcb-cursor0"]
    message = missing_libraries_message(missing)
    assert "sudo apt install libxcb-cursor0" in message
    assert "sudo dnf install xcb-util-cursor" in message
    assert message.count(".") >= 1 and "\n" not in message  # one sentence, one line


def test_nothing_is_checked_off_x11() -> None:
    assert missing_xcb_libraries({"QT_QPA_PLATFORM": "offscreen"}, lambda _soname: False) == []


def test_a_missing_library_stops_before_the_window(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setattr(launcher, "loads", lambda soname: "keysyms" not in soname)

    def no_window(args: object) -> int:
        raise AssertionError("the window must not open")

    monkeypatch.setattr(launcher, "run_desktop", no_window)
    assert launcher.main([]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("vllm-tray: the window cannot open")
    assert "libxcb-keysyms.so.1" in err and "sudo apt install libxcb-keysyms1" in err


def test_every_library_the_qt_plugin_needs_is_listed() -> None:
    # The sonames Qt links against; a package for every common system.
    assert all(lib.soname.endswith((".so.0", ".so.1", ".so.4")) for lib in XCB_LIBRARIES)
    assert all(lib.debian and lib.fedora and lib.arch for lib in XCB_LIBRARIES)


@pytest.mark.parametrize(
    ("argv", "window"),
    [
        ([], True),
        (["--hidden"], True),
        (["--config-dir", "/tmp/x", "-v"], True),
        (["--config-dir=/tmp/x", "--hidden"], True),
        (["serve"], False),
        (["--help"], False),
        (["--version"], False),
        (["--config-dir"], False),  # no value: the full parser says so
        (["--hiden"], False),  # a typo: the full parser says so
        (["desktop", "install"], False),
    ],
)
def test_only_a_plain_start_skips_the_command_line_parser(argv: list[str], window: bool) -> None:
    """Issue 20.5: the window's start does not build every subcommand's parser (and import
    the engine through them); anything else does, and says what is wrong as before."""
    found = gui_arguments(argv)
    assert (found is not None) is window
    if found is not None and "--hidden" in argv:
        assert found.hidden is True


def test_a_plain_start_imports_no_subcommand_and_no_engine_before_the_window() -> None:
    code = (
        "import sys\n"
        "from app.launcher import gui_arguments\n"
        "assert gui_arguments([]) is not None\n"
        "import app.gui.app\n"
        "heavy = [m for m in ('app.cli.main', 'app.runtime.composition.runtime', 'app.supervisor', "
        "'aiohttp', 'huggingface_hub', 'httpx') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert result.stdout.strip() == "[]", result.stdout
