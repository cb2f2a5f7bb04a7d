"""Desktop notifications through org.freedesktop.Notifications, with or without a tray."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable

from dbus_fast import Variant
from PySide6.QtCore import QObject

from app.gui.commands import tasks_of
from app.gui.icons import icon_path
from app.gui.session_bus import SessionBus

log = logging.getLogger(__name__)

SERVICE = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
APP_NAME = "vLLM Tray"  # the menu entry's Name=: servers group and label notifications by it
DESKTOP_ENTRY = "vllm-tray"  # the menu entry's file name, without .desktop
EXPIRE_MS = 8000
URGENCY_NORMAL = 1


class Notifier(QObject):
    """Sends each notification to the desktop's notification server.

    GNOME, KDE and most desktops run one whether or not they show a tray. Where none
    answers (no session bus, no server), `fallback` gets the notification instead (the
    tray icon's own balloon, when there is an icon).
    """

    def __init__(
        self,
        bus: SessionBus,
        fallback: Callable[[str, str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._bus = bus
        self._fallback = fallback
        self._tasks = tasks_of(self)
        self._markup: bool | None = None  # whether the server reads markup in the body
        self._warned = False
        self._early: list[tuple[str, str]] = []  # sent before the bus answered
        bus.settled.connect(self._on_bus_settled)
        # An icon by file URI: it shows whether or not the app's icon is installed in the
        # icon theme (the desktop-entry hint lets the server use the installed one).
        self.icon = icon_path("app").as_uri()

    def send(self, title: str, text: str) -> None:
        if not self._bus.is_settled:
            self._early.append((title, text))
        elif not self._bus.connected:
            self._fallback(title, text)
        else:
            self._tasks.start(self._send(title, text))

    def _on_bus_settled(self, connected: bool) -> None:
        del connected
        early, self._early = self._early, []
        for title, text in early:
            self.send(title, text)

    async def _send(self, title: str, text: str) -> None:
        try:
            if self._markup is None:
                (capabilities,) = await self._bus.call(SERVICE, PATH, SERVICE, "GetCapabilities")
                self._markup = "body-markup" in capabilities
            body = html.escape(text, quote=False) if self._markup else text
            hints = {
                "desktop-entry": Variant("s", DESKTOP_ENTRY),
                "urgency": Variant("y", URGENCY_NORMAL),
            }
            await self._bus.call(
                SERVICE,
                PATH,
                SERVICE,
                "Notify",
                signature="susssasa{sv}i",
                body=[APP_NAME, 0, self.icon, title, body, [], hints, EXPIRE_MS],
            )
        except RuntimeError as exc:
            if not self._warned:
                self._warned = True
                log.info("no notification server answered (%s); using the tray instead", exc)
            self._fallback(title, text)
            return
        log.info("notified: %s", title)
