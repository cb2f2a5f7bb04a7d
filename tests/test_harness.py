"""The harness's recorder (tests/harness.py): an event published before the await, or from
another thread, is not missed; each is returned once; a wait that sees nothing fails."""

from __future__ import annotations

import asyncio
import threading

import pytest

from app.core.events import EventBus, SettingChanged
from tests.harness import Events


async def test_next_sees_what_came_before_it_and_from_other_threads_once_each() -> None:
    bus = EventBus()
    events = Events(bus)
    bus.publish(SettingChanged("a", 1))  # before anybody waits
    await asyncio.to_thread(bus.publish, SettingChanged("b", 2))  # from a worker thread

    assert (await events.next(SettingChanged)).key == "a"
    assert (await events.next(SettingChanged)).key == "b"  # "a" was taken already

    later = asyncio.ensure_future(events.next(SettingChanged, lambda e: e.key == "c"))
    await asyncio.sleep(0)  # let it wait: the publish from a thread must wake it
    publisher = threading.Thread(target=bus.publish, args=(SettingChanged("c", 3),))
    publisher.start()
    assert (await later).value == 3
    publisher.join()

    with pytest.raises(AssertionError, match="no SettingChanged within"):
        await events.next(SettingChanged, within=0.1)
    events.stop()
    bus.publish(SettingChanged("d", 4))
    assert [e.key for e in events.of(SettingChanged)] == ["a", "b", "c"]
