"""The stall watch: a blocking call counts in full; waiting for a CPU others hold does not."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.stall import Stall, StallWatch, run_queue_wait

BUSY = "while True: pass"


@contextmanager
def watched(threshold_s: float = 0.1) -> Iterator[tuple[asyncio.AbstractEventLoop, list[Stall]]]:
    """A fresh loop on this thread, watched; the stalls it had."""
    stalls: list[Stall] = []
    watch = StallWatch(threshold_s, stalls.append, late_s=0.05)
    loop = asyncio.new_event_loop()
    watch.watch(loop)
    try:
        yield loop, stalls
    finally:
        watch.stop()
        loop.close()


def test_a_blocking_call_counts_in_full() -> None:
    with watched() as (loop, stalls):

        async def block() -> None:
            await asyncio.sleep(0.1)  # the watcher has pinged the running loop
            time.sleep(0.6)  # noqa: ASYNC251 — the blocking call under test
            await asyncio.sleep(0.05)  # the ping is answered

        loop.run_until_complete(block())
    (stall,) = [s for s in stalls if s.seconds >= 0.5]
    assert stall.own >= 0.5 and "time.sleep(0.6)" in stall.where


def test_waiting_for_a_cpu_that_others_hold_is_not_the_loops_own() -> None:
    """On one CPU shared with three busy processes the loop's thread, computing, gets about a
    quarter of it: most of the stall is waiting for the CPU, and the stall says so."""
    assert run_queue_wait(threading.get_native_id()) is not None  # Linux keeps the count
    cpu = min(os.sched_getaffinity(0))
    pinned = f"import os; os.sched_setaffinity(0, {{{cpu}}})\n{BUSY}"
    busy = [subprocess.Popen([sys.executable, "-c", pinned]) for _ in range(3)]
    before = os.sched_getaffinity(0)
    try:
        with watched() as (loop, stalls):
            os.sched_setaffinity(0, {cpu})  # this thread, the loop's, only

            async def compute() -> None:
                await asyncio.sleep(0.1)
                spent = time.thread_time()
                while time.thread_time() - spent < 0.3:  # 0.3 s of this thread's CPU
                    pass
                await asyncio.sleep(0.05)

            loop.run_until_complete(compute())
    finally:
        os.sched_setaffinity(0, before)
        for proc in busy:
            proc.kill()
            proc.wait()
    stall = max(stalls, key=lambda s: s.seconds)
    assert stall.seconds > 0.6  # the three others had most of the CPU meanwhile
    assert stall.cpu_wait > stall.seconds / 2
    assert 0.25 < stall.own < stall.seconds / 2  # what the loop's own code took


def test_waiting_for_a_thread_born_in_the_stall_to_get_a_cpu_is_not_the_loops_own() -> None:
    """As a loop waits for a thread it starts (asyncio's executor) to run once: here the new
    thread, on one CPU shared with three busy processes, computes 0.3 s of its own CPU time
    while the loop waits for it: most of that wait was the new thread's on the run queue."""
    cpu = min(os.sched_getaffinity(0))
    pinned = f"import os; os.sched_setaffinity(0, {{{cpu}}})\n{BUSY}"
    busy = [subprocess.Popen([sys.executable, "-c", pinned]) for _ in range(3)]

    computed, release = threading.Event(), threading.Event()

    def compute() -> None:
        os.sched_setaffinity(0, {cpu})  # this new thread only
        spent, block = time.thread_time(), bytes(1 << 20)
        while time.thread_time() - spent < 0.3:
            hashlib.sha256(block).digest()  # computes without the interpreter's lock
        computed.set()
        release.wait()  # it lives on, as an executor's thread does

    born = threading.Thread(target=compute)
    try:
        with watched() as (loop, stalls):

            async def start_and_wait() -> None:
                await asyncio.sleep(0.1)
                born.start()
                computed.wait()  # the loop waits, asleep: not on a run queue itself
                await asyncio.sleep(0.05)

            loop.run_until_complete(start_and_wait())
    finally:
        release.set()
        for proc in busy:
            proc.kill()
            proc.wait()
        born.join()
    stall = max(stalls, key=lambda s: s.seconds)
    assert stall.seconds > 0.6
    assert stall.cpu_wait > stall.seconds / 2
    assert stall.own < stall.seconds / 2


def test_a_garbage_collection_is_not_the_loops_own() -> None:
    """A collection over a large heap stops the loop too; the stall says how long it ran."""
    timed: list[float] = []
    with watched() as (loop, stalls):

        async def collect() -> None:
            await asyncio.sleep(0.1)
            took, count = 0.0, 200_000
            while took < 0.2 and count <= 6_400_000:  # garbage until a collection takes 0.2 s
                cycles: list[object] = []
                for _ in range(count):
                    node: list[object] = []
                    node.append(node)
                    cycles.append(node)
                del cycles, node
                started = time.perf_counter()
                gc.collect()
                took, count = time.perf_counter() - started, count * 2
                await asyncio.sleep(0.05)  # the ping of this round is answered
            timed.append(took)

        loop.run_until_complete(collect())
    assert timed and timed[0] >= 0.2, timed
    stall = max(stalls, key=lambda s: s.gc_s)
    assert stall.gc_s >= 0.15
    assert stall.own <= stall.seconds - stall.gc_s


def test_a_collection_while_the_watcher_reads_the_run_queue_is_not_the_loops_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading /proc lets go of the interpreter; a collection that runs just then (on the GUI
    thread, say) must not count as the loop's own. It did, when the ping's time was taken
    before the read and the collector's clock after it: CI failed a test on such a stall."""
    from tests import stall as module

    inside, collected = threading.Event(), threading.Event()
    real = module.run_queue_wait

    def slow_read(native_id: int | None) -> float | None:
        if threading.current_thread().name == "stall-watch" and not collected.is_set():
            inside.set()
            collected.wait(10)  # the loop's thread collects meanwhile
        return real(native_id)

    monkeypatch.setattr(module, "run_queue_wait", slow_read)
    garbage: list[object] = []
    for _ in range(1_500_000):
        node: list[object] = []
        node.append(node)
        garbage.append(node)
    took: list[float] = []
    with watched() as (loop, stalls):

        async def collect_while_read() -> None:
            await asyncio.to_thread(inside.wait, 10)
            started = time.perf_counter()
            garbage.clear()
            gc.collect()
            took.append(time.perf_counter() - started)
            collected.set()
            await asyncio.sleep(0.2)  # the ping is sent and answered

        loop.run_until_complete(collect_while_read())
    assert inside.is_set() and took[0] >= 0.15, took
    assert all(s.own < 0.1 for s in stalls), stalls
