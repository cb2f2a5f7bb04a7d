"""End to end on a StatusNotifierItem desktop (KDE Plasma; GNOME with the AppIndicator
extension): the real app on Xvfb with a session D-Bus that has a StatusNotifierWatcher and a
notification server (stubs: tests/fakes/fake_desktop_bus.py), read and driven over D-Bus as
such a panel does — the item's properties, its icon pixmaps, its menu through
com.canonical.dbusmenu, a click on a menu entry — and the watcher going away and coming back
while the window is hidden.

Qt 6 on X11 uses the StatusNotifierItem only if the watcher is on the session bus when it
first looks for a tray (FACTS.md), so the stubs start before the app.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from dbus_fast import Message, MessageType, Variant
from dbus_fast.aio import MessageBus

from tests.gui.e2e_desktop import (
    WAIT_S,
    App,
    Desktop,
    close_to_tray,
    configure,
    desktop_session,
    dominant_colour,
    keys,
    until,
    window_named,
)

ITEM_PATH = "/StatusNotifierItem"
ITEM = "org.kde.StatusNotifierItem"
DBUSMENU = "com.canonical.dbusmenu"


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desktop]:
    with desktop_session(tmp_path) as screen:
        yield screen


def dbus_call(
    address: str,
    destination: str,
    path: str,
    interface: str,
    member: str,
    *,
    signature: str = "",
    body: list[Any] | None = None,
) -> list[Any]:
    """One method call on the session bus, as a panel makes it; the reply's body."""

    async def call() -> list[Any]:
        bus = await MessageBus(bus_address=address).connect()
        try:
            reply = await bus.call(
                Message(
                    destination=destination,
                    path=path,
                    interface=interface,
                    member=member,
                    signature=signature,
                    body=body or [],
                )
            )
        finally:
            bus.disconnect()
        assert reply is not None
        assert reply.message_type == MessageType.METHOD_RETURN, (reply.error_name, reply.body)
        return list(reply.body)

    # On a thread of its own: the GUI tests' qasync loop is the running loop on this one.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, call()).result(30)


def item_properties(desktop: Desktop, item: str) -> dict[str, Any]:
    (props,) = dbus_call(
        desktop.bus_address,
        item,
        ITEM_PATH,
        "org.freedesktop.DBus.Properties",
        "GetAll",
        signature="s",
        body=[ITEM],
    )
    return {key: variant.value for key, variant in props.items()}


def pixmap_colour(pixmaps: list[list[Any]], size: int) -> str:
    """The status colour of the `size` px pixmap; ARGB32 in network byte order, as the
    StatusNotifierItem specification says, with transparent pixels left out."""
    width, height, data = next(p for p in pixmaps if p[0] == size)
    assert len(data) == width * height * 4
    rgb = b"".join(bytes(data[i + 1 : i + 4]) for i in range(0, len(data), 4) if data[i] > 200)
    return dominant_colour(rgb, minimum=size)


def menu_layout(desktop: Desktop, item: str) -> tuple[int, Any]:
    """What a panel does when the user opens the menu: AboutToShow, then GetLayout."""
    dbus_call(
        desktop.bus_address, item, "/MenuBar", DBUSMENU, "AboutToShow", signature="i", body=[0]
    )
    revision, layout = dbus_call(
        desktop.bus_address,
        item,
        "/MenuBar",
        DBUSMENU,
        "GetLayout",
        signature="iias",
        body=[0, -1, []],
    )
    return revision, layout


def menu_items(layout: Any) -> list[tuple[int, dict[str, Any], list[Any]]]:
    node_id, props, children = layout
    del node_id
    del props
    return [
        (child.value[0], {k: v.value for k, v in child.value[1].items()}, child.value[2])
        for child in children
    ]


def qt_text(label: str) -> str:
    """A dbusmenu label back in Qt's spelling: "_" marks the mnemonic, "__" is a "_"."""
    return label.replace("__", "\0").replace("_", "&").replace("\0", "_")


def entries(layout: Any) -> list[str]:
    """The menu's entries as the app logs its Qt menu: "title > entry" for a submenu's."""
    out = []
    for _id, props, children in menu_items(layout):
        if props.get("type") == "separator":
            continue
        label = qt_text(props.get("label", ""))
        if children:
            out.extend(f"{label} > {sub}" for sub in entries((0, {}, children)))
        else:
            out.append(label)
    return out


def find(layout: Any, label: str) -> int:
    """The id of the entry (or submenu entry) labelled `label`, in Qt's spelling."""
    for item_id, props, children in menu_items(layout):
        if qt_text(props.get("label", "")) == label:
            return int(item_id)
        if children:
            try:
                return find((0, {}, children), label)
            except KeyError:
                continue
    raise KeyError(label)


def click(desktop: Desktop, item: str, entry_id: int) -> None:
    dbus_call(
        desktop.bus_address,
        item,
        "/MenuBar",
        DBUSMENU,
        "Event",
        signature="isvu",
        body=[entry_id, "clicked", Variant("i", 0), int(time.time())],
    )


def test_the_tray_on_a_status_notifier_desktop(desktop: Desktop, tmp_path: Path) -> None:
    home = configure(tmp_path)
    watcher = desktop.stub("watcher").start()
    notifications = desktop.stub("notifications").start()
    app = App(desktop, home, tmp_path / "app.log")
    try:
        until("the window and the tray icon", app.logged("window is up"))
        registered = until("the item to register", lambda: watcher.records("registered"))
        assert isinstance(registered, list)
        item = registered[-1]["item"]

        props = item_properties(desktop, item)
        assert props["Title"] == "vLLM Tray"
        assert props["Status"] == "Active"
        assert props["Category"] == "ApplicationStatus"
        assert props["Menu"] == "/MenuBar"
        assert props["ToolTip"][2] == "vLLM Tray: no model loaded\nEndpoint stopped"
        sizes = {p[0] for p in props["IconPixmap"]}
        assert 22 in sizes, sizes
        assert pixmap_colour(props["IconPixmap"], 22) == "idle"

        # The menu a panel shows is the Qt menu, entry for entry.
        mark = len(app.lines)
        _revision, layout = menu_layout(desktop, item)
        logged = until("the menu rebuilt for the panel", app.logged(r"tray menu: ", after=mark))
        assert isinstance(logged, str)
        assert " | ".join(entries(layout)) == logged.split("tray menu: ", 1)[1]
        heading = next(p for _i, p, _c in menu_items(layout) if p.get("label") == "Models")
        assert heading.get("type", "standard") == "standard"  # a label, not a bare separator
        assert heading["enabled"] is False

        mark = len(app.lines)
        click(desktop, item, find(layout, "S&tart endpoint"))
        until("the endpoint to start", app.logged(r"endpoint started from the tray", after=mark))
        _revision, layout = menu_layout(desktop, item)
        assert "S&top endpoint" in entries(layout)
        click(desktop, item, find(layout, "&Load"))
        until("the model to run", app.logged(r"tray icon: running", after=mark))
        until(
            "the running pixmap",
            lambda: pixmap_colour(item_properties(desktop, item)["IconPixmap"], 22) == "running",
            within=10,
        )
        ready = until(
            "the ready notification",
            lambda: [r for r in notifications.records("notify") if r["summary"] == "tiny is ready"],
        )
        assert isinstance(ready, list)
        note = ready[0]
        assert note["app_name"] == "vLLM Tray"
        assert note["app_icon"].startswith("file://") and note["app_icon"].endswith("/app.svg")
        assert Path(note["app_icon"].removeprefix("file://")).is_file()
        assert note["hints"]["desktop-entry"] == "vllm-tray"
        assert note["body"].startswith("Clients can use it at http://127.0.0.1:")
        desktop.screenshot("sni-1-window-with-a-model-running")

        # Closed to the tray; then the panel (its watcher) goes away.
        main = until("the main window", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        close_to_tray(desktop, main)
        desktop.screenshot("sni-2-hidden-to-the-tray")
        # A left click on the item (the panel calls Activate) brings the window back.
        dbus_call(
            desktop.bus_address, item, ITEM_PATH, ITEM, "Activate", signature="ii", body=[0, 0]
        )
        main = until("the window to come back", lambda: window_named(desktop, "vLLM Tray"))
        assert isinstance(main, str)
        close_to_tray(desktop, main)
        mark = len(app.lines)
        watcher.stop()
        until("the window to come back", lambda: window_named(desktop, "vLLM Tray"))
        until("the icon to be hidden", app.logged(r"tray icon hidden", after=mark))
        time.sleep(0.5)  # let it draw before the picture
        desktop.screenshot("sni-3-watcher-gone-window-back")

        # A panel again: the item registers with the new watcher.
        watcher.start()
        again = until(
            "the item to register again",
            lambda: [r for r in watcher.records("registered") if r not in registered],
        )
        assert isinstance(again, list)
        item = again[-1]["item"]
        assert item_properties(desktop, item)["Title"] == "vLLM Tray"

        mark = len(app.lines)
        _revision, layout = menu_layout(desktop, item)
        click(desktop, item, find(layout, "&Quit"))
        # The model runs: the window asks first (issue 32 item 5); Quit and stop.
        question = until(
            "the quit question", lambda: window_named(desktop, "Quit vLLM Tray?"), within=15
        )
        assert app.proc.poll() is None
        desktop.run("xdotool", "windowactivate", "--sync", str(question))
        keys(desktop, "alt+q")  # &Quit and stop
        until("the quit", app.logged(r"quitting: stopping every model", after=mark))
        assert app.proc.wait(WAIT_S) == 0
        assert app.logged(r"Traceback")() is None
    finally:
        app.stop()
