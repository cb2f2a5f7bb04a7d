"""The GUI's connection to the desktop session's D-Bus, and whether a tray watcher is on it."""

from __future__ import annotations

import logging
from typing import Any

from dbus_fast import BusType, Message, MessageType
from dbus_fast.aio import MessageBus
from dbus_fast.errors import DBusFastError
from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

DBUS = "org.freedesktop.DBus"
DBUS_PATH = "/org/freedesktop/DBus"
# KDE Plasma, GNOME's AppIndicator extension and other StatusNotifierItem hosts own this name
# while their tray is up; it comes and goes with them.
SNI_WATCHER = "org.kde.StatusNotifierWatcher"


class SessionBus(QObject):
    """One dbus-fast connection on the GUI loop: sends calls, and tells when the
    StatusNotifierWatcher's name gains or loses its owner.

    Without a session bus (no DBUS_SESSION_BUS_ADDRESS, a bus that does not answer) `bus`
    stays None and the watcher counts as absent; callers fall back on what Qt does alone.
    """

    watcher_changed = Signal(bool)
    settled = Signal(bool)  # open() finished: connected or not

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.bus: MessageBus | None = None
        self.has_watcher = False
        self.is_settled = False
        self._closed = False

    @property
    def connected(self) -> bool:
        return self.bus is not None and self.bus.connected

    async def open(self, address: str | None = None) -> bool:
        """Connect and start watching the tray watcher's name; False when there is no bus."""
        try:
            # No timeout: a local socket answers at once or refuses, and a timer left on the
            # GUI's qasync loop outlives the loop in tests. The caller does not wait on it.
            bus = MessageBus(bus_address=address, bus_type=BusType.SESSION)
            await bus.connect()
            bus.add_message_handler(self._on_message)
            rule = (
                f"type='signal',sender='{DBUS}',interface='{DBUS}',"
                f"member='NameOwnerChanged',arg0='{SNI_WATCHER}'"
            )
            await self._call(bus, "AddMatch", "s", [rule])
            owned = await self._call(bus, "NameHasOwner", "s", [SNI_WATCHER])
        except (OSError, RuntimeError, DBusFastError) as exc:
            # No address, a refused socket, a failed handshake: no session bus to talk to.
            log.info("no desktop session bus (%s); notifications go through the tray", exc)
            if not self._closed:
                self._settle(False)
            return False
        if self._closed:  # the GUI closed while the bus answered: nobody listens any more
            bus.disconnect()
            return False
        self.bus = bus
        self.has_watcher = bool(owned and owned[0])
        log.info(
            "session bus connected; tray watcher %s", "present" if self.has_watcher else "absent"
        )
        self._settle(True)
        return True

    def _settle(self, connected: bool) -> None:
        self.is_settled = True
        self.settled.emit(connected)

    async def call(
        self,
        destination: str,
        path: str,
        interface: str,
        member: str,
        *,
        signature: str = "",
        body: list[Any] | None = None,
    ) -> list[Any]:
        """A method call; raises RuntimeError with the D-Bus error's name and text."""
        if self.bus is None:
            raise RuntimeError("no session bus")
        message = Message(
            destination=destination,
            path=path,
            interface=interface,
            member=member,
            signature=signature,
            body=body or [],
        )
        try:
            reply = await self.bus.call(message)
        except (DBusFastError, OSError, EOFError) as exc:  # the bus went away meanwhile
            raise RuntimeError(str(exc) or type(exc).__name__) from exc
        if reply is None or reply.message_type == MessageType.ERROR:
            name = reply.error_name if reply is not None else "no reply"
            text = reply.body[0] if reply is not None and reply.body else ""
            raise RuntimeError(f"{name}: {text}")
        return list(reply.body)

    @staticmethod
    async def _call(bus: MessageBus, member: str, signature: str, body: list[Any]) -> list[Any]:
        reply = await bus.call(
            Message(
                destination=DBUS,
                path=DBUS_PATH,
                interface=DBUS,
                member=member,
                signature=signature,
                body=body,
            )
        )
        if reply is None or reply.message_type == MessageType.ERROR:
            raise RuntimeError(f"{member} failed")
        return list(reply.body)

    def _on_message(self, message: Message) -> None:
        if (
            not self._closed
            and message.message_type == MessageType.SIGNAL
            and message.member == "NameOwnerChanged"
            and message.body
            and message.body[0] == SNI_WATCHER
        ):
            present = bool(message.body[2])
            if present != self.has_watcher:
                self.has_watcher = present
                log.info("tray watcher %s the session bus", "joined" if present else "left")
                self.watcher_changed.emit(present)

    def close(self) -> None:
        self._closed = True  # an open() still waiting for the bus gives up when it answers
        if self.bus is not None:
            self.bus.disconnect()
            self.bus = None
