"""End to end: the real app on Xvfb + openbox + trayer (tests/gui/e2e_desktop.py), driven with
xdotool as a person would: the tray's "Chat with…" ▸ a model opens the window's Chat page with
it, a typed message and Ctrl+Enter load the model through the endpoint and bring a reply."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gui.e2e_desktop import (
    WAIT_S,
    App,
    Desktop,
    close_menus,
    configure,
    desktop_session,
    icon_window,
    keys,
    open_menu,
    popups,
    press,
    right_click,
    until,
    window_named,
)


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    with desktop_session(tmp_path) as screen:
        yield screen


def in_tray_menu(desktop: Desktop, app: App, *keys_: str, effect: str) -> None:
    """Open the tray menu, press `keys_` (a mnemonic that opens a submenu waits for it),
    and wait for the app to log `effect`; a key lost before the popup grabbed the keyboard
    is tried again, as a person would."""
    for attempt in range(3):
        mark = len(app.lines)
        right_click(desktop)
        try:
            until("the tray menu", lambda: open_menu(desktop), within=5)
            until("the menu's entries", app.logged(r"tray menu: ", after=mark), within=5)
            for key in keys_:
                shown = len(popups(desktop))
                press(desktop, key)
                if key == "h":  # C&hat with…: its submenu opens
                    until("the submenu", lambda: len(popups(desktop)) > shown, within=5)  # noqa: B023
            until(effect, app.logged(effect, after=mark), within=15)
            return
        except AssertionError:
            print(f"keys {keys_} lost, attempt {attempt}; log: {app.lines[mark:]}")
            desktop.screenshot(f"chat-tray-keys-lost-{attempt}")
            close_menus(desktop)
    raise AssertionError(f"{keys_} in the tray menu did not lead to {effect!r}")


def test_chat_with_a_model_from_the_tray_on_a_desktop(desktop: Desktop, tmp_path: Path) -> None:
    home = configure(tmp_path)
    desktop.start_trayer()
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window is up"))
        until("the icon in trayer", lambda: icon_window(desktop))
        in_tray_menu(desktop, app, "t", effect=r"endpoint started from the tray")
        entries = [line for line in app.lines if "tray menu: " in line][-1]
        assert "C&hat with… > tiny" in entries

        in_tray_menu(desktop, app, "h", "Return", effect=r"chat page: user\.tiny")
        window = until("the window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(window, str)
        desktop.ask("xdotool", "windowactivate", "--sync", window)
        desktop.run("xdotool", "type", "--delay", "20", "hello there")
        keys(desktop, "ctrl+Return")
        until("the reply", app.logged(r"chat reply from user\.tiny: \d+ tokens"), within=WAIT_S)
        desktop.screenshot("chat-page-on-a-desktop")
    finally:
        app.stop()
