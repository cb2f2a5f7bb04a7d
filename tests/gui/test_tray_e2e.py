"""End to end: the real app (`python -m app`) on a real X server with a window manager and an
XEmbed tray host — Xvfb, openbox, trayer — driven with xdotool as a person would: open the
tray menu, start the endpoint, load and unload a model, quit; the icon's colour is checked on
the screen at every step. The tray host comes late and goes away while the window is hidden,
as panels do.

The session bus has no StatusNotifierWatcher on it (tests/gui/test_tray_sni_e2e.py has one),
so Qt shows an XEmbed icon, which trayer hosts (FACTS.md). Helpers: tests/gui/e2e_desktop.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gui.e2e_desktop import (
    WAIT_S,
    App,
    Desktop,
    app_window,
    close_menus,
    close_to_tray,
    configure,
    desktop_session,
    geometry,
    icon_colour,
    icon_window,
    keys,
    open_tray_menu,
    press,
    until,
    window_named,
)


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    with desktop_session(tmp_path) as screen:
        yield screen


def test_tray_menu_of_the_real_app_on_a_desktop(desktop: Desktop, tmp_path: Path) -> None:
    home = configure(tmp_path)
    desktop.start_trayer()
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window is up"))
        until("the icon in trayer", lambda: icon_window(desktop))
        until("the idle icon", lambda: icon_colour(desktop, str(icon_window(desktop))) == "idle")

        def menu_entries() -> str:
            """Open the tray menu (e2e_desktop.open_tray_menu) and read its entries."""
            shown = len(app.lines)
            open_tray_menu(desktop)
            entries = until("the menu's entries", app.logged(r"tray menu: ", after=shown))
            assert isinstance(entries, str)
            return entries

        def choose(keys: tuple[str, ...], effect: str, shot: str = "") -> None:
            """Open the menu, press `keys`, and wait for the app to log `effect`. A key
            pressed before the popup grabbed the keyboard is lost: then close and retry."""
            for attempt in range(3):
                mark = len(app.lines)
                menu_entries()
                if shot:
                    desktop.screenshot(shot)
                press(desktop, *keys)
                try:
                    until(effect, app.logged(effect, after=mark), within=15)
                    return
                except AssertionError:
                    print(f"keys {keys} lost, attempt {attempt}; log: {app.lines[mark:]}")
                    desktop.screenshot(f"tray-keys-lost-{attempt}")
                    close_menus(desktop)
            raise AssertionError(f"{keys} in the tray menu did not lead to {effect!r}")

        entries = menu_entries()
        assert "Endpoint stopped | S&tart endpoint" in entries
        assert "tiny — local folder > &Load" in entries
        desktop.screenshot("tray-menu-open")
        close_menus(desktop)

        choose(("t",), r"endpoint started from the tray")  # S&tart endpoint
        # Down to the model's submenu, open it, its &Load.
        choose(("Down", "Down", "Right", "l"), r"tray icon: loading", shot="tray-menu-load")
        until("running", app.logged(r"tray icon: running"))
        until(
            "the running icon", lambda: icon_colour(desktop, str(icon_window(desktop))) == "running"
        )
        desktop.screenshot("tray-running")

        entries = menu_entries()
        assert "tiny — running" in entries and "> &Unload" in entries
        assert "S&top endpoint" in entries
        close_menus(desktop)
        choose(("Down", "Down", "Right", "u"), r"tray icon: idle")  # &Unload
        until("the idle icon", lambda: icon_colour(desktop, str(icon_window(desktop))) == "idle")

        choose(("t",), r"endpoint stopped from the tray")  # S&top endpoint
        entries = menu_entries()
        assert "Endpoint stopped | S&tart endpoint" in entries
        close_menus(desktop)
        choose(("q",), r"quitting: stopping every model")  # &Quit
        assert app.proc.wait(WAIT_S) == 0
    finally:
        app.stop()


def test_the_limits_page_refuses_a_bad_value_on_a_desktop(desktop: Desktop, tmp_path: Path) -> None:
    """Issue 11's limits in the real app, by keyboard: a largest request over the memory for
    all bodies is refused next to the field, Enter does not store it (OK is disabled) and
    settings.json is untouched; a right pair is stored."""
    home = configure(tmp_path)
    settings_file = home / "settings.json"
    desktop.start_trayer()
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window is up"))
        main = until("the main window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        desktop.run("xdotool", "windowactivate", "--sync", main)
        desktop.run("xdotool", "key", "--clearmodifiers", "ctrl+comma")
        dialog = until("the settings dialog", lambda: app_window(desktop, "Settings"))
        assert isinstance(dialog, str)
        desktop.screenshot("settings-open")
        before = settings_file.read_bytes()
        # Click the first page in the list (its top left corner, past the dialog's margin),
        # then down to the third, Limits.
        box = geometry(desktop, dialog)
        x, y = box["Absolute upper-left X"] + 30, box["Absolute upper-left Y"] + 20
        desktop.run("xdotool", "mousemove", "--sync", str(x), str(y))
        desktop.run("xdotool", "click", "1")
        keys(desktop, "Down", "Down")
        # &Largest request: 200 MiB, over the 128 MiB of memory for all bodies.
        keys(desktop, "alt+l", "ctrl+a")
        desktop.run("xdotool", "type", "--delay", "20", "200")
        desktop.screenshot("settings-limits-refused")
        keys(desktop, "Return")  # OK is disabled: Enter stores nothing and closes nothing
        time.sleep(1)  # what an enabled OK would have done by now (it writes in < 0.1 s)
        assert settings_file.read_bytes() == before
        assert app_window(desktop, "Settings") == dialog

        keys(desktop, "alt+m", "ctrl+a")  # &Memory for all bodies at once
        desktop.run("xdotool", "type", "--delay", "20", "400")
        desktop.screenshot("settings-limits-right")
        keys(desktop, "Return")
        until("the dialog to close", lambda: app_window(desktop, "Settings") is None)
        stored = json.loads(settings_file.read_text())
        assert (stored["proxy.max_body_mb"], stored["proxy.body_budget_mb"]) == (200, 400)
        assert app.logged(r"Traceback")() is None
    finally:
        app.stop()


def test_a_tray_that_comes_late_and_goes_away_while_hidden(
    desktop: Desktop, tmp_path: Path
) -> None:
    """Issue 20: started hidden before any tray exists, the app waits for one and puts its
    icon there when trayer starts; when trayer is killed while the window is hidden, the
    window comes back and says why, and a close then asks before stopping a running model;
    a new trayer gets the icon again, and a close hides to it. Notifications reach the
    session's notification server all along."""
    home = configure(tmp_path)
    notifications = desktop.stub("notifications").start()
    app = App(desktop, home, tmp_path / "app.log", args=["--hidden"])
    try:
        until("the app to look for a tray", app.logged(r"no system tray yet"))
        assert window_named(desktop, "vLLM Tray") is None  # hidden, waiting for a tray
        desktop.screenshot("late-tray-1-none-yet")

        desktop.start_trayer()
        until("the icon in the late tray", lambda: icon_window(desktop), within=15)
        until("the idle icon", lambda: icon_colour(desktop, str(icon_window(desktop))) == "idle")
        assert app.logged(r"tray icon shown")() is not None
        assert window_named(desktop, "vLLM Tray") is None  # the tray came in time: still hidden
        desktop.screenshot("late-tray-2-icon-in-late-tray")

        # A model running, loaded from the tray menu as before (once the engine answered:
        # the window, and the tray, come before it).
        until("the engine", app.logged("window is up"))
        mark = len(app.lines)
        open_tray_menu(desktop)
        press(desktop, "Down", "Down", "Right", "l")  # the model's submenu, &Load
        until("running", app.logged(r"tray icon: running", after=mark))
        ready = until(
            "the ready notification",
            lambda: [r for r in notifications.records("notify") if r["summary"] == "tiny is ready"],
        )
        assert isinstance(ready, list)
        assert ready[0]["app_name"] == "vLLM Tray"
        assert ready[0]["hints"]["desktop-entry"] == "vllm-tray"

        mark = len(app.lines)
        desktop.kill_trayer()
        main = until("the window to come back", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        assert app.logged(r"the tray went away: showing the window", after=mark)() is not None
        time.sleep(0.5)  # let it draw before the picture
        desktop.screenshot("late-tray-3-tray-gone-window-back")

        # No tray now: closing the window would stop the model, so it asks.
        question = None
        for _attempt in range(3):  # a key lost on a busy machine is pressed again
            desktop.ask("xdotool", "windowactivate", "--sync", main)
            keys(desktop, "alt+F4")
            try:
                question = until(
                    "the question", lambda: window_named(desktop, "Quit vLLM Tray?"), within=10
                )
                break
            except AssertionError:
                continue
        assert isinstance(question, str), "Alt+F4 did not bring the question"
        desktop.screenshot("late-tray-4-close-asks")
        desktop.run("xdotool", "windowactivate", "--sync", question)
        keys(desktop, "Escape")  # Keep running
        until("the question to close", lambda: window_named(desktop, "Quit vLLM Tray?") is None)
        assert window_named(desktop, "vLLM Tray") == main
        assert app.proc.poll() is None

        mark = len(app.lines)
        desktop.start_trayer()
        until("the icon back in the new tray", lambda: icon_window(desktop), within=15)
        until(
            "the running icon",
            lambda: icon_colour(desktop, str(icon_window(desktop))) == "running",
        )
        desktop.screenshot("late-tray-5-icon-back")

        close_to_tray(desktop, main)  # a tray again: the close hides the window to it
        until(
            "the still-running notification",
            lambda: [
                r
                for r in notifications.records("notify")
                if r["summary"] == "vLLM Tray is still running"
            ],
        )
        desktop.screenshot("late-tray-6-hidden-to-tray")

        mark = len(app.lines)
        open_tray_menu(desktop)
        press(desktop, "q")  # &Quit: the model runs, so it asks first (issue 32 item 5)
        question = until(
            "the quit question", lambda: window_named(desktop, "Quit vLLM Tray?"), within=15
        )
        assert app.proc.poll() is None
        desktop.screenshot("late-tray-7-quit-asks")
        desktop.run("xdotool", "windowactivate", "--sync", str(question))
        keys(desktop, "alt+q")  # &Quit and stop
        until("the quit", app.logged(r"quitting: stopping every model", after=mark))
        assert app.proc.wait(WAIT_S) == 0
        assert app.logged(r"Traceback")() is None
    finally:
        app.stop()


def test_a_hidden_start_with_the_endpoint_on_a_desktop(desktop: Desktop, tmp_path: Path) -> None:
    """gui.start_hidden and proxy.autostart, as `config set` stores them, in the real app:
    only the tray icon appears, and the endpoint answers from the start (the other tests
    here start with proxy.autostart=false and find it stopped)."""
    home = configure(tmp_path, "gui.start_hidden=true", "proxy.autostart=true")
    port = json.loads((home / "settings.json").read_text())["proxy.port"]
    desktop.start_trayer()
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window is up"))
        until("the icon in trayer", lambda: icon_window(desktop))
        until("the endpoint", lambda: endpoint_answers(port))
        desktop.screenshot("hidden-start")
        assert window_named(desktop, "vLLM Tray") is None  # in the tray only
    finally:
        app.stop()


def endpoint_answers(port: int) -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/live", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False
