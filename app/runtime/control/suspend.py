"""Hears the machine going to sleep and waking up (logind on the system D-Bus), with a delay lock.

logind announces a suspend with the `PrepareForSleep(true)` signal and waits (up to its
InhibitDelayMaxSec, 5 s by default) for every "delay" inhibitor lock to be released before
it sleeps; after resume it sends `PrepareForSleep(false)`. The lock is a file descriptor
from `Manager.Inhibit`: closing it releases it. See
https://systemd.io/INHIBITOR_LOCKS/ and org.freedesktop.login1(5).

dbus-fast is used (not jeepney, which keyring already pulls in): jeepney's asyncio
integration cannot receive file descriptors, and the lock is one. dbus-fast connects, reads
and writes on the asyncio loop without blocking it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import Protocol

from dbus_fast import BusType, Message, MessageType
from dbus_fast.aio import MessageBus

log = logging.getLogger(__name__)

LOGIND = "org.freedesktop.login1"
LOGIND_PATH = "/org/freedesktop/login1"
MANAGER = "org.freedesktop.login1.Manager"
DBUS = "org.freedesktop.DBus"
DBUS_PATH = "/org/freedesktop/DBus"
WHO = "vLLM Tray"
WHY = "Stopping models before suspend (GPU drivers may hang on resume with a model loaded)"
# Connecting and asking logind are local calls; a bus that takes longer is not answering.
CALL_TIMEOUT_S = 5.0
SIGNAL_RULE = (
    f"type='signal',sender='{LOGIND}',path='{LOGIND_PATH}',"
    f"interface='{MANAGER}',member='PrepareForSleep'"
)
OWNER_RULE = (
    f"type='signal',sender='{DBUS}',path='{DBUS_PATH}',"
    f"interface='{DBUS}',member='NameOwnerChanged',arg0='{LOGIND}'"
)


class SleepHandler(Protocol):
    """What the watcher calls; app.runtime.services.power.PowerService is the real one."""

    async def before_sleep(self) -> object: ...

    async def after_resume(self) -> object: ...


class SleepWatcherUnavailable(Exception):
    """No system bus or no logind: suspend is not watched (said once in the log)."""


class LogindSleepWatcher:
    """Calls `handler.before_sleep()` before a suspend, holding logind's delay lock until it
    returns, and `handler.after_resume()` after it; one at a time, in the order logind sent them.

    `start()` returns at once; the connection is made in a task, and where there is no
    system bus or no logind it logs that once (info) and does nothing more. The bus address
    is the system bus's (DBUS_SYSTEM_BUS_ADDRESS is honoured, which is how tests point it
    at a private bus), or `bus_address`.
    """

    def __init__(self, handler: SleepHandler, *, bus_address: str | None = None) -> None:
        self._handler = handler
        self._bus_address = bus_address
        self._bus: MessageBus | None = None
        self._lock_fd: int | None = None
        self._logind_owner: str | None = None
        self._signals: asyncio.Queue[bool] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()
        self._settled = asyncio.Event()  # set once connected, or once known it cannot be
        self._asleep = False  # before_sleep ran and after_resume has not yet
        self._resuming: set[asyncio.Task[None]] = set()

    @property
    def listening(self) -> bool:
        """Whether logind's sleep signals reach this watcher."""
        return self._listening.is_set()

    @property
    def holds_lock(self) -> bool:
        return self._lock_fd is not None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="sleep-watch")

    async def wait_started(self) -> bool:
        """Wait until the watcher listens or knows it cannot; whether it listens."""
        await self._settled.wait()
        return self.listening

    async def stop(self) -> None:
        tasks = [t for t in (self._task, *self._resuming) if t is not None]
        self._task = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._release_lock()
        bus, self._bus = self._bus, None
        if bus is not None:
            bus.disconnect()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(_disconnected(bus), CALL_TIMEOUT_S)
        self._listening.clear()

    # -- the connection ------------------------------------------------------------------
    async def _run(self) -> None:
        try:
            bus = await self._connect()
        except SleepWatcherUnavailable as exc:
            log.info("suspend is not watched (%s): models stay loaded across a suspend", exc)
            return
        finally:
            self._settled.set()
        self._listening.set()
        log.info("watching for suspend: models are stopped before it and loaded after it")
        consumer = asyncio.get_running_loop().create_task(self._consume())
        try:
            await _disconnected(bus)
        except Exception as exc:
            log.info("the system bus connection ended (%s); suspend is no longer watched", exc)
        else:
            log.info("the system bus connection ended; suspend is no longer watched")
        finally:
            consumer.cancel()
            await asyncio.gather(consumer, return_exceptions=True)
            self._listening.clear()
            self._release_lock()
        if self._asleep:
            # Never left holding loads for a resume that can no longer be heard.
            self._asleep = False
            await self._resume_models()

    async def _connect(self) -> MessageBus:
        bus = MessageBus(
            bus_address=self._bus_address,
            bus_type=BusType.SYSTEM,
            negotiate_unix_fd=True,  # the lock is a file descriptor
            auth_timeout=CALL_TIMEOUT_S,
        )
        try:
            await asyncio.wait_for(bus.connect(), CALL_TIMEOUT_S)
        except Exception as exc:  # which one depends on the address: OSError, AuthError, …
            raise SleepWatcherUnavailable(f"no system D-Bus: {exc}") from exc
        self._bus = bus
        try:
            owner = await self._call(_bus_call("GetNameOwner", [LOGIND]))
            self._logind_owner = str(owner.body[0])
            bus.add_message_handler(self._on_message)
            for rule in (SIGNAL_RULE, OWNER_RULE):
                await self._call(_bus_call("AddMatch", [rule]))
            await self._take_lock()
        except SleepWatcherUnavailable:
            self._bus = None
            bus.disconnect()
            raise
        return bus

    async def _call(self, message: Message) -> Message:
        """A method call's reply; an error reply or no reply is SleepWatcherUnavailable."""
        assert self._bus is not None
        member = message.member
        try:
            reply = await asyncio.wait_for(self._bus.call(message), CALL_TIMEOUT_S)
        except Exception as exc:
            raise SleepWatcherUnavailable(f"{member} failed: {exc}") from exc
        if reply.message_type is MessageType.ERROR:
            _close_fds(reply.unix_fds)
            text = reply.body[0] if reply.body else ""
            if reply.error_name == "org.freedesktop.DBus.Error.NameHasNoOwner":
                raise SleepWatcherUnavailable("logind is not running")
            raise SleepWatcherUnavailable(f"{member}: {reply.error_name} {text}".strip())
        return reply

    # -- the delay lock ------------------------------------------------------------------
    async def _take_lock(self) -> None:
        if self._lock_fd is not None:
            return
        reply = await self._call(
            Message(
                destination=LOGIND,
                path=LOGIND_PATH,
                interface=MANAGER,
                member="Inhibit",
                signature="ssss",
                body=["sleep", WHO, WHY, "delay"],
            )
        )
        index = reply.body[0]
        fds = list(reply.unix_fds)
        if not isinstance(index, int) or not 0 <= index < len(fds):
            _close_fds(fds)
            raise SleepWatcherUnavailable("logind's Inhibit returned no lock")
        self._lock_fd = fds.pop(index)
        _close_fds(fds)

    def _release_lock(self) -> None:
        fd, self._lock_fd = self._lock_fd, None
        if fd is not None:
            os.close(fd)  # logind sleeps once every delay lock is closed

    # -- the signals ---------------------------------------------------------------------
    def _on_message(self, message: Message) -> None:
        if message.message_type is not MessageType.SIGNAL:
            return
        if message.interface == DBUS and message.member == "NameOwnerChanged":
            if message.sender == DBUS and message.body[0] == LOGIND:
                # logind restarted: only its new instance speaks for it.
                self._logind_owner = str(message.body[2]) or None
            return
        if (
            message.interface == MANAGER
            and message.member == "PrepareForSleep"
            and message.path == LOGIND_PATH
            and message.sender == self._logind_owner  # not anyone who sends us a signal
            and message.signature == "b"
        ):
            self._signals.put_nowait(bool(message.body[0]))

    async def _consume(self) -> None:
        while True:
            going_to_sleep = await self._signals.get()
            if going_to_sleep:
                await self._before_sleep()
            else:
                await self._after_resume()

    async def _before_sleep(self) -> None:
        self._asleep = True
        try:
            await self._handler.before_sleep()
        except Exception:
            log.exception("putting models aside before suspend failed")
        finally:
            # Only now may the machine sleep: the models are off the GPU.
            self._release_lock()

    async def _after_resume(self) -> None:
        self._asleep = False
        try:
            # First, so that a suspend soon after this resume waits for the models again.
            await self._take_lock()
        except SleepWatcherUnavailable as exc:
            log.warning("could not take logind's delay lock again after resume: %s", exc)
        # Loading takes a minute or more: the next PrepareForSleep must not wait for it.
        task = asyncio.get_running_loop().create_task(self._resume_models(), name="resume")
        self._resuming.add(task)
        task.add_done_callback(self._resuming.discard)

    async def _resume_models(self) -> None:
        try:
            await self._handler.after_resume()
        except Exception:
            log.exception("loading models again after resume failed")


async def _disconnected(bus: MessageBus) -> None:
    """Returns when the connection ends; raises what ended it, if anything did.

    Shielded: cancelling a waiter must not cancel the bus's own future, which `stop()`
    waits on after cancelling the watcher's task."""
    await asyncio.shield(bus.wait_for_disconnect())  # type: ignore[no-untyped-call]  # unannotated


def _bus_call(member: str, body: list[object]) -> Message:
    """A call to the bus itself (each takes one string)."""
    return Message(
        destination=DBUS, path=DBUS_PATH, interface=DBUS, member=member, signature="s", body=body
    )


def _close_fds(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)
