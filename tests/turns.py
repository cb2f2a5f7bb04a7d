"""What a supervisor's actors did, message by message: tests wait on it, never on the clock.

`Turns(supervisor)` records every message an actor handled (Supervisor.observe_turns) with
the state after it. A test that needs "the actor has taken the restart" or "the late reply
was handled and changed nothing" waits for that turn instead of sleeping long enough that
it has probably happened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from app.supervisor import Supervisor
from app.supervisor.protocol import Msg, TurnDone

Match = Callable[[TurnDone], bool]


def handled(kind: type[Msg], model_id: str | None = None) -> Match:
    """Matches a turn that handled a message of `kind` (for `model_id`, when given)."""
    return lambda t: isinstance(t.msg, kind) and model_id in (None, t.model_id)


class Turns:
    def __init__(self) -> None:
        self.done: list[TurnDone] = []
        self._answered: set[int] = set()  # ids of the turns whose caller had its answer
        self._waiters: list[tuple[Match, asyncio.Future[TurnDone]]] = []

    def _seen(self, turn: TurnDone) -> None:
        self.done.append(turn)
        fut = getattr(turn.msg, "fut", None)
        if isinstance(fut, asyncio.Future) and fut.done():
            self._answered.add(id(turn))
        for match, fut in list(self._waiters):
            if not fut.done() and match(turn):
                fut.set_result(turn)

    def answered_in_its_turn(self, turn: TurnDone) -> bool:
        """Whether the caller who sent the turn's message had its answer when the turn ended:
        answered "at once", with nothing awaited (no back-off, no child) — a check the
        clock cannot make on a busy machine."""
        return id(turn) in self._answered

    def mark(self) -> int:
        """Where the record is now: pass it to `wait_for(since=…)` for turns after it."""
        return len(self.done)

    async def wait_for(self, match: Match, *, since: int = 0, within: float = 30.0) -> TurnDone:
        """The first turn from `since` on that `match`es, waiting for it if none has yet."""
        for turn in self.done[since:]:
            if match(turn):
                return turn
        fut: asyncio.Future[TurnDone] = asyncio.get_running_loop().create_future()
        entry = (match, fut)
        self._waiters.append(entry)
        try:
            return await asyncio.wait_for(fut, within)
        finally:
            self._waiters.remove(entry)


@contextmanager
def watching(supervisor: Supervisor) -> Iterator[Turns]:
    """Record the supervisor's turns for the duration of the block."""
    turns = Turns()
    stop = supervisor.observe_turns(turns._seen)
    try:
        yield turns
    finally:
        stop()
