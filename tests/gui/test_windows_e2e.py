"""End to end (issue 20.5): on a 1600×1000 X screen with a window manager, the windows the
menus open — Benchmark, Batch jobs, Remote servers, Cluster — are whole on the screen (they
opened at the bottom right with their bottom edge off it), and a window moved and resized
comes back where it was left after the app is quit and started again (ui_state.json in the
state dir). Driven with xdotool as a person would; helpers in tests/gui/e2e_desktop.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gui.e2e_desktop import (
    WAIT_S,
    App,
    Desktop,
    app_window,
    configure,
    desktop_session,
    geometry,
    keys,
    until,
    window_named,
)

WIDTH, HEIGHT = 1600, 1000
TITLES = {
    "cluster": "Cluster: one model across machines",
    "remotes": "Remote vLLM servers",
    "batch": "Batch jobs — vLLM Tray",
}


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    with desktop_session(tmp_path, size=f"{WIDTH}x{HEIGHT}") as screen:
        yield screen


def window_starting(desktop: Desktop, prefix: str) -> str | None:
    found = desktop.ask("xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(prefix)}")
    return found.split()[0] if found.split() else None


def frame(desktop: Desktop, window: str) -> tuple[int, int, int, int]:
    """(x, y, width, height) of the window as seen: with the frame openbox draws around it
    (_NET_FRAME_EXTENTS: left, right, top, bottom)."""
    box = geometry(desktop, window)
    extents = desktop.ask("xprop", "-id", window, "_NET_FRAME_EXTENTS")
    numbers = [int(n) for n in re.findall(r"\d+", extents.split("=", 1)[-1])] or [0, 0, 0, 0]
    left, right, top, bottom = numbers[:4]
    return (
        box["Absolute upper-left X"] - left,
        box["Absolute upper-left Y"] - top,
        box["Width"] + left + right,
        box["Height"] + top + bottom,
    )


def on_screen(box: tuple[int, int, int, int]) -> bool:
    x, y, w, h = box
    return x >= 0 and y >= 0 and x + w <= WIDTH and y + h <= HEIGHT


def from_menu(desktop: Desktop, main: str, *names: str) -> None:
    desktop.ask("xdotool", "windowactivate", "--sync", main)
    keys(desktop, *names)


def open_window(desktop: Desktop, main: str, which: str) -> str:
    """Open one window as a person does from the main window's menus; its X window."""
    title = {"bench": "Benchmark — "}.get(which, TITLES.get(which, ""))
    shortcut = {
        "cluster": ("alt+f", "l"),
        "remotes": ("alt+f", "r"),
        "batch": ("ctrl+b",),
        "bench": ("alt+m", "b"),
    }[which]
    for _attempt in range(3):  # a key that comes before the focus is lost; a person retries
        from_menu(desktop, main, *shortcut)
        try:
            found = until(title, lambda: window_starting(desktop, title), within=15)
        except AssertionError:
            keys(desktop, "Escape")
            continue
        assert isinstance(found, str)
        return found
    raise AssertionError(f"{which} did not open from the menu")


def settled_frame(desktop: Desktop, window: str) -> tuple[int, int, int, int]:
    """The frame once the window manager has placed it (two equal readings in a row)."""
    last: list[tuple[int, int, int, int]] = []

    def steady() -> bool:
        last.append(frame(desktop, window))
        return len(last) > 2 and last[-1] == last[-2] == last[-3]

    until("the window to settle", steady, within=15)
    return last[-1]


def test_windows_open_on_the_screen_and_where_they_were_left(
    desktop: Desktop, tmp_path: Path
) -> None:
    home = configure(tmp_path)
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window", app.logged("window is up"))
        main = until("the main window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        assert on_screen(settled_frame(desktop, main))
        opened = {}
        for which in ("bench", "batch", "remotes", "cluster"):
            window = open_window(desktop, main, which)
            box = settled_frame(desktop, window)
            assert on_screen(box), (which, box)
            opened[which] = window
        desktop.screenshot("windows-on-a-1600x1000-screen")

        # Moved and resized as a person does (the window manager's own request), closed.
        cluster = opened["cluster"]
        desktop.run("xdotool", "windowsize", "--sync", cluster, "820", "900")
        desktop.run("xdotool", "windowmove", "--sync", cluster, "700", "40")
        left_at = settled_frame(desktop, cluster)
        desktop.ask("xdotool", "windowactivate", "--sync", cluster)
        keys(desktop, "alt+F4")
        until(
            "the cluster window to close",
            lambda: window_starting(desktop, TITLES["cluster"]) is None,
        )
        from_menu(desktop, main, "ctrl+q")
        assert app.proc.wait(WAIT_S) == 0
    finally:
        app.stop()

    state = home / "cache" / "run" / "ui_state.json"
    saved = json.loads(state.read_text())
    assert {"main", "cluster", "batch", "remotes", "bench"} <= set(saved["windows"])
    assert "cluster" not in json.loads((home / "settings.json").read_text())

    again = App(desktop, home, tmp_path / "again.log")
    try:
        until("the window", again.logged("window is up"))
        main = until("the main window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        cluster = open_window(desktop, main, "cluster")
        back_at = settled_frame(desktop, cluster)
        desktop.screenshot("cluster-window-where-it-was-left")
        assert all(abs(a - b) <= 2 for a, b in zip(back_at, left_at, strict=True)), (
            back_at,
            left_at,
            saved["windows"]["cluster"].get("geometry"),
        )
    finally:
        again.stop()


def test_the_settings_dialog_opens_at_the_same_size_each_time(
    desktop: Desktop, tmp_path: Path
) -> None:
    """QA (issue 20): the settings dialog grew each time it was opened."""
    home = configure(tmp_path)
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window", app.logged("window is up"))
        main = until("the main window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        sizes = []
        for _ in range(3):
            from_menu(desktop, main, "ctrl+comma")
            dialog = until("the settings dialog", lambda: app_window(desktop, "Settings"))
            assert isinstance(dialog, str)
            sizes.append(settled_frame(desktop, dialog)[2:])
            desktop.ask("xdotool", "windowactivate", "--sync", dialog)
            keys(desktop, "Escape")
            until("the dialog to close", lambda: app_window(desktop, "Settings") is None)
        assert sizes[0] == sizes[1] == sizes[2], sizes
        from_menu(desktop, main, "ctrl+q")
        assert app.proc.wait(WAIT_S) == 0
    finally:
        app.stop()
