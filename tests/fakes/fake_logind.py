"""A private D-Bus daemon and a fake logind on it: Manager.Inhibit hands out a lock fd, and
PrepareForSleep is sent when a test says so.

The lock is the write end of a pipe, as logind's is a FIFO: the fake keeps the read end and
notices the moment the last copy of the write end is closed (end of file), which is when
real logind would let the machine sleep.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dbus_fast import Message, MessageType
from dbus_fast.aio import MessageBus

LOGIND = "org.freedesktop.login1"
LOGIND_PATH = "/org/freedesktop/login1"
MANAGER = "org.freedesktop.login1.Manager"
# What `make test` installs when dbus-daemon is missing (Debian's package; see Makefile).
INSTALL_HINT = "dbus-daemon is missing: run `make test-deps` (apt-get install dbus)"


@contextlib.contextmanager
def private_bus() -> Iterator[str]:
    """A dbus-daemon of our own (session configuration) on a socket in a temporary folder;
    yields its address. Fails (never skips) when dbus-daemon is not installed."""
    daemon = shutil.which("dbus-daemon")
    if daemon is None:
        raise RuntimeError(INSTALL_HINT)
    # A short folder of its own: unix socket paths are limited to 108 bytes.
    folder = Path(tempfile.mkdtemp(prefix="vt-dbus-"))
    address = f"unix:path={folder / 'bus'}"
    process = subprocess.Popen(
        [daemon, "--session", "--nofork", "--nopidfile", f"--address={address}", "--print-address"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        printed = process.stdout.readline().strip()  # printed once it listens
        if not printed:
            raise RuntimeError(f"dbus-daemon exited with {process.wait(5)}")
        yield printed
    finally:
        process.terminate()
        process.wait(5)
        if process.stdout is not None:
            process.stdout.close()
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Inhibitor:
    """One lock handed out by the fake: who asked, and when it was released."""

    what: str
    who: str
    why: str
    mode: str
    read_fd: int
    released: asyncio.Event = field(default_factory=asyncio.Event)


class FakeLogind:
    """Owns org.freedesktop.login1 on the bus and answers Manager.Inhibit; on the test's loop."""

    def __init__(self) -> None:
        self.inhibitors: list[Inhibitor] = []
        self.on_release: Callable[[Inhibitor], None] | None = None  # runs at the moment of EOF
        self._bus: MessageBus | None = None
        self._changed = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self, address: str) -> None:
        bus = await MessageBus(bus_address=address, negotiate_unix_fd=True).connect()
        self._bus = bus
        bus.add_message_handler(self._on_message)
        await bus.request_name(LOGIND)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        loop = asyncio.get_running_loop()
        for inhibitor in self.inhibitors:
            if not inhibitor.released.is_set():
                loop.remove_reader(inhibitor.read_fd)
                os.close(inhibitor.read_fd)
        if self._bus is not None:
            self._bus.disconnect()

    @property
    def held(self) -> list[Inhibitor]:
        return [i for i in self.inhibitors if not i.released.is_set()]

    async def prepare_for_sleep(self, start: bool) -> None:
        assert self._bus is not None
        await self._bus.send(
            Message.new_signal(LOGIND_PATH, MANAGER, "PrepareForSleep", "b", [start])
        )

    async def until(self, condition: Callable[[], bool]) -> None:
        """Until `condition()` holds after a lock was taken or released (10 s at most)."""
        async with asyncio.timeout(10):
            while not condition():
                self._changed.clear()
                await self._changed.wait()

    # -- the service side ------------------------------------------------------------------
    def _on_message(self, message: Message) -> bool | None:
        if (
            message.message_type is MessageType.METHOD_CALL
            and message.interface == MANAGER
            and message.member == "Inhibit"
        ):
            task = asyncio.get_running_loop().create_task(self._inhibit(message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return True
        return None

    async def _inhibit(self, call: Message) -> None:
        assert self._bus is not None
        what, who, why, mode = call.body
        read_fd, write_fd = os.pipe()
        inhibitor = Inhibitor(what, who, why, mode, read_fd)
        self.inhibitors.append(inhibitor)
        try:
            # The body holds the index of the fd in the message's fd list.
            await self._bus.send(Message.new_method_return(call, "h", [0], [write_fd]))
        finally:
            os.close(write_fd)  # sent: from now on only the caller's copy keeps the pipe open
        asyncio.get_running_loop().add_reader(read_fd, self._on_readable, inhibitor)
        self._changed.set()

    def _on_readable(self, inhibitor: Inhibitor) -> None:
        if os.read(inhibitor.read_fd, 1):
            return  # nobody writes to a lock; ignore it
        asyncio.get_running_loop().remove_reader(inhibitor.read_fd)
        os.close(inhibitor.read_fd)
        if self.on_release is not None:
            self.on_release(inhibitor)
        inhibitor.released.set()
        self._changed.set()
