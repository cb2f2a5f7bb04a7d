"""Stand-ins for what a desktop session puts on its D-Bus: a StatusNotifierWatcher (the tray
of KDE Plasma and of GNOME's AppIndicator extension) and a notification server.

Each runs as its own process so a test can kill and restart it the way a panel comes and
goes: `python -m tests.fakes.fake_desktop_bus watcher|notifications --address ADDR --log F`.
It writes one JSON line to the log per call it gets, and `ready` once its name is owned.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated, Any

from dbus_fast import Message, MessageType, Variant
from dbus_fast.aio import MessageBus
from dbus_fast.annotations import DBusBool, DBusInt32, DBusSignature, DBusStr, DBusUInt32
from dbus_fast.constants import PropertyAccess
from dbus_fast.service import ServiceInterface, dbus_property, method
from dbus_fast.service import signal as dbus_signal

WATCHER = "org.kde.StatusNotifierWatcher"
WATCHER_PATH = "/StatusNotifierWatcher"
NOTIFICATIONS = "org.freedesktop.Notifications"
NOTIFICATIONS_PATH = "/org/freedesktop/Notifications"
ROOT = Path(__file__).resolve().parents[2]

StrList = Annotated[list[str], DBusSignature("as")]
Hints = Annotated[dict[str, Variant], DBusSignature("a{sv}")]
ServerInfo = Annotated[list[str], DBusSignature("ssss")]


class Log:
    def __init__(self, path: Path) -> None:
        self._file = path.open("a", encoding="utf-8")

    def write(self, **record: Any) -> None:
        self._file.write(json.dumps(record) + "\n")
        self._file.flush()


# The D-Bus methods without a reply have no "-> None": dbus-fast would read it as a type.
class Watcher(ServiceInterface):
    """org.kde.StatusNotifierWatcher as KDE's kded and the AppIndicator extension serve it:
    items register by bus name (Qt) or object path, and are dropped when their name goes."""

    def __init__(self, log: Log) -> None:
        super().__init__(WATCHER)
        self._log = log
        self.items: list[str] = []
        self.sender = ""  # the unique name of the last caller (set by serve())

    @method()
    def RegisterStatusNotifierItem(self, service: DBusStr):
        item = service
        if service.startswith("/"):  # a path: the caller's own unique name owns it
            item = f"{self.sender}{service}"
        if item not in self.items:
            self.items.append(item)
        self._log.write(event="registered", item=item)
        self.StatusNotifierItemRegistered(item)

    @method()
    def RegisterStatusNotifierHost(self, service: DBusStr):
        self._log.write(event="host", service=service)

    @dbus_property(access=PropertyAccess.READ)
    def RegisteredStatusNotifierItems(self) -> StrList:
        return list(self.items)

    @dbus_property(access=PropertyAccess.READ)
    def IsStatusNotifierHostRegistered(self) -> DBusBool:
        return True

    @dbus_property(access=PropertyAccess.READ)
    def ProtocolVersion(self) -> DBusInt32:
        return 0

    @dbus_signal()
    def StatusNotifierItemRegistered(self, item: str) -> DBusStr:
        return item

    @dbus_signal()
    def StatusNotifierItemUnregistered(self, item: str) -> DBusStr:
        return item

    def name_lost(self, name: str) -> None:
        for item in [i for i in self.items if i == name or i.startswith(name + "/")]:
            self.items.remove(item)
            self._log.write(event="unregistered", item=item)
            self.StatusNotifierItemUnregistered(item)


class Notifications(ServiceInterface):
    """org.freedesktop.Notifications: records every notification it is sent."""

    def __init__(self, log: Log) -> None:
        super().__init__(NOTIFICATIONS)
        self._log = log
        self._next = 0

    @method()
    def Notify(  # noqa: PLR0917 — the specification's signature
        self,
        app_name: DBusStr,
        replaces_id: DBusUInt32,
        app_icon: DBusStr,
        summary: DBusStr,
        body: DBusStr,
        actions: StrList,
        hints: Hints,
        expire_timeout: DBusInt32,
    ) -> DBusUInt32:
        self._next += 1
        self._log.write(
            event="notify",
            app_name=app_name,
            replaces_id=replaces_id,
            app_icon=app_icon,
            summary=summary,
            body=body,
            actions=actions,
            hints={key: variant.value for key, variant in hints.items()},
            expire_timeout=expire_timeout,
        )
        return self._next

    @method()
    def GetCapabilities(self) -> StrList:
        return ["body", "body-markup"]

    @method()
    def GetServerInformation(self) -> ServerInfo:
        return ["fake-notifications", "vllm-tray tests", "1", "1.2"]

    @method()
    def CloseNotification(self, notification_id: DBusUInt32):
        del notification_id


async def serve(kind: str, address: str, log: Log) -> None:
    bus = await MessageBus(bus_address=address).connect()
    if kind == "watcher":
        watcher = Watcher(log)

        def remember_sender(message: Message) -> None:
            # ServiceInterface methods do not see the caller; items registered by path need it.
            if message.message_type is MessageType.METHOD_CALL and message.sender:
                watcher.sender = message.sender
            if (
                message.message_type is MessageType.SIGNAL
                and message.member == "NameOwnerChanged"
                and message.body
                and not message.body[2]
            ):
                watcher.name_lost(message.body[0])

        bus.add_message_handler(remember_sender)
        await bus.call(
            Message(
                destination="org.freedesktop.DBus",
                path="/org/freedesktop/DBus",
                interface="org.freedesktop.DBus",
                member="AddMatch",
                signature="s",
                body=["type='signal',member='NameOwnerChanged'"],
            )
        )
        bus.export(WATCHER_PATH, watcher)
        await bus.request_name(WATCHER)
    else:
        bus.export(NOTIFICATIONS_PATH, Notifications(log))
        await bus.request_name(NOTIFICATIONS)
    log.write(event="ready", kind=kind)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    bus.disconnect()


class Stub:
    """One stub as a subprocess of a test; `records()` reads what it logged."""

    def __init__(self, kind: str, address: str, log: Path) -> None:
        self.kind = kind
        self.address = address
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, within: float = 20.0) -> Stub:
        before = len(self.records())
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.fakes.fake_desktop_bus",
                self.kind,
                "--address",
                self.address,
                "--log",
                str(self.log),
            ],
            cwd=ROOT,
        )
        deadline = time.monotonic() + within
        while not any(r["event"] == "ready" for r in self.records()[before:]):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the fake {self.kind} did not start")
            time.sleep(0.05)
        return self

    def records(self, event: str | None = None) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        lines = self.log.read_text(encoding="utf-8").splitlines()
        found = [json.loads(line) for line in lines if line.strip()]
        return [r for r in found if event is None or r["event"] == event]

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=("watcher", "notifications"))
    parser.add_argument("--address", required=True)
    parser.add_argument("--log", type=Path, required=True)
    args = parser.parse_args()
    asyncio.run(serve(args.kind, args.address, Log(args.log)))


if __name__ == "__main__":
    main()
