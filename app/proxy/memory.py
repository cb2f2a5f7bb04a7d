"""Request bodies held in memory: a byte budget shared by all requests, and giving memory back.

glibc's malloc serves a large allocation with mmap (returned to the system on free) only
above a threshold that it raises to the size of every mmapped block it frees, up to 32 MiB.
After one burst of 31 MiB bodies, later ones therefore came from the heap and its per-thread
arenas, which keep freed memory: 8 concurrent 31 MiB bodies left 514 MiB resident a minute
later. `malloc_trim` did not give it back (measured: 425 MiB stayed before and after), fixing
the threshold did (RSS back at its base after every burst), so the endpoint fixes it.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import functools
import logging
from collections import deque
from collections.abc import AsyncIterator

log = logging.getLogger(__name__)

# Allocations from this size on get their own mapping. 1 MiB keeps every request body,
# decoded body text and re-serialised body out of the heap while leaving the many small
# allocations of ordinary work to malloc's fast paths.
MMAP_THRESHOLD_BYTES = 2**20
_M_MMAP_THRESHOLD = -3  # from glibc's malloc.h
# A body is handed to the child's connection in pieces of this size, so a 32 MiB body does
# not become one 32 MiB write (aiohttp warns that such a write blocks the loop).
SEND_PIECE_BYTES = 256 * 1024
# After the last byte went to the child, the body is kept this long for the one retry on a
# fresh connection (a pooled connection the child closed as it was reused fails within
# milliseconds). A failure later means the child may already be working on the request, and
# sending it again could run it twice.
RETRY_WINDOW_S = 1.0
# Bodies up to this size are kept until the relay ends instead: if the child dies before it
# answers (a hung engine killed by the supervisor), the request can go to its replacement.
# Chat and completion requests are almost always far smaller; the budget still counts them.
KEEP_UNTIL_ANSWERED_BYTES = 2**20


@functools.cache
def keep_big_buffers_out_of_the_heap() -> bool:
    """Fix glibc's mmap threshold for this process (once); False where libc is not glibc."""
    name = ctypes.util.find_library("c")
    tuned = False
    try:
        libc = ctypes.CDLL(name)
        if name is not None and hasattr(libc, "gnu_get_libc_version"):
            tuned = bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
    except OSError:
        pass
    if not tuned:
        log.debug("not glibc: large request bodies use the C library's default allocation")
    return tuned


class BodyBudget:
    """The bytes of request bodies the endpoint holds at once, all requests together.

    Grants are first come, first served: a large body waiting at the head is not overtaken
    by a stream of small ones. A caller that waits too long gets TimeoutError.
    """

    def __init__(self, total: int) -> None:
        self.total = total
        self.used = 0
        self._waiters: deque[tuple[int, asyncio.Future[None]]] = deque()

    @property
    def waiting(self) -> int:
        return len(self._waiters)

    async def hold(self, n: int, wait_s: float) -> HeldBody:
        """Room for a body of `n` bytes, reserved before a byte of it is read."""
        if n:
            await self.acquire(n, wait_s)
        return HeldBody(bytearray(n), self, n)

    async def acquire(self, n: int, wait_s: float) -> None:
        if n > self.total:
            raise ValueError(f"{n} bytes can never fit a budget of {self.total}")
        if not self._waiters and self.used + n <= self.total:
            self.used += n
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (n, waiter)
        self._waiters.append(entry)
        try:
            async with asyncio.timeout(wait_s):
                await waiter
        except BaseException:
            if waiter.done() and not waiter.cancelled():
                self.release(n)  # granted in the same instant as the timeout or cancel
            else:
                waiter.cancel()
                if entry in self._waiters:  # a grant pass may have dropped it already
                    self._waiters.remove(entry)
                self._grant()  # the head may have left: those behind it may fit now
            raise

    def release(self, n: int) -> None:
        self.used -= n
        self._grant()

    def _grant(self) -> None:
        while self._waiters:
            n, waiter = self._waiters[0]
            if waiter.done():
                self._waiters.popleft()
                continue
            if self.used + n > self.total:
                return
            self._waiters.popleft()
            self.used += n
            waiter.set_result(None)


class HeldBody:
    """A request body in memory and its share of the body budget, given back exactly once:
    by `release()`, or on its own shortly after the body was sent to a child.

    `data`, `size` and `held` are plain values, read by the relay on every request; once the
    body is given back, `held` is False and `data` empty (a retry asks `held` first)."""

    def __init__(
        self, data: bytes | bytearray, budget: BodyBudget | None = None, reserved: int = 0
    ) -> None:
        self.data = data
        self.size = len(data)
        self.held = True
        self._budget = budget
        self._reserved = reserved
        self._timer: asyncio.TimerHandle | None = None

    def replace(self, data: bytes | bytearray) -> None:
        """Swap in a re-serialised body (the budget keeps counting what it reserved)."""
        self.data, self.size = data, len(data)

    async def pieces(self) -> AsyncIterator[bytes]:
        """The body for an HTTP client, in pieces; schedules the release once all went out."""
        # memoryview slices: no copies. Both clients take any bytes-like object; the type
        # says bytes because that is what their annotations accept.
        view = memoryview(self.data)
        for start in range(0, len(view), SEND_PIECE_BYTES):
            yield view[start : start + SEND_PIECE_BYTES]  # type: ignore[misc]
        self.sent()

    def sent(self) -> None:
        """All of it went to a child: a big body is given back after the retry window."""
        if self._timer is None and self.held and self.size > KEEP_UNTIL_ANSWERED_BYTES:
            self._timer = asyncio.get_running_loop().call_later(RETRY_WINDOW_S, self.release)

    def release(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._budget is not None and self._reserved:
            self._budget.release(self._reserved)
        self._budget, self._reserved, self.data, self.held = None, 0, b"", False
