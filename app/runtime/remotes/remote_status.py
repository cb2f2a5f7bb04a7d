"""What is known of each remote server: its last check, when the next is due, its views."""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass, field
from pathlib import Path

from app.core.contracts import ModelView
from app.core.problems.problems import Problem
from app.core.remotes.remotes import ModelList, RemoteModel, RemoteServer, RemoteView
from app.core.states import ProcessState
from app.runtime.api.snapshot import ModelRow
from app.runtime.secrets import FILE_BACKEND

CHECK_UP_INTERVAL_S = 10.0
CHECK_DOWN_FIRST_S = 1.0  # then 2, 4, 8 … up to CHECK_DOWN_MAX_S
CHECK_DOWN_MAX_S = 30.0


@dataclass
class RemoteStatus:
    """One remote's; changed on the runtime loop only."""

    remote: RemoteServer
    reachable: bool | None = None
    listing: ModelList | None = None
    problem: Problem | None = None
    checked_at: float | None = None  # wall clock, for people
    checked_mono: float = -math.inf  # loop clock, for the schedule
    failures: int = 0  # checks in a row that failed
    key: str | None = None  # from the keyring, once read (never on the loop)
    key_loaded: bool = False
    key_place: str | None = None  # where the saved key really is: "keyring" or "file"
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    probe: asyncio.Task[None] | None = None
    watcher: asyncio.Task[None] | None = None

    def due_in(self, now: float) -> float:
        if self.reachable:
            interval = CHECK_UP_INTERVAL_S
        elif self.failures:
            interval = min(CHECK_DOWN_FIRST_S * 2 ** (self.failures - 1), CHECK_DOWN_MAX_S)
        else:
            interval = 0.0
        return max(0.0, self.checked_mono + interval - now)

    def signature(self) -> tuple[object, ...]:
        """What views show, without the times: a change is announced, a same answer not."""
        code = (self.problem.code, dict(self.problem.params)) if self.problem else None
        return (self.reachable, self.listing, repr(code))

    def view(self, key_file: Path) -> RemoteView:
        """`key_file`: the secret store's file, named when the key is kept there."""
        remote, listing = self.remote, self.listing
        next_at = None
        if self.watcher is not None and self.checked_at is not None:
            next_at = time.time() + self.due_in(asyncio.get_running_loop().time())
        return RemoteView(
            name=remote.name,
            url=remote.url,
            reachable=self.reachable,
            server=listing.server if listing is not None else None,
            model_ids=tuple(m.id for m in listing.models) if listing is not None else (),
            # The store says where a saved key is: the keyring, or the 0600 file when this
            # machine has no keyring (`remote list` used to say "keyring" for both).
            key_source=self.key_place if remote.key_saved and self.key_place else remote.key_source,
            key_file=str(key_file) if self.key_place == FILE_BACKEND else None,
            problem=self.problem,
            checked_at=self.checked_at,
            next_check_at=next_at,
        )

    def model_view(self, model: RemoteModel) -> ModelView:
        reachable = bool(self.reachable)
        return ModelView(
            id=f"{self.remote.name}/{model.id}",
            state=model.state,
            downloaded=True,  # only models a remote can serve are listed
            ctx_size=model.ctx_size,
            checkpoint=model.checkpoint or model.id,
            size_gb=model.size_gb,
            created=model.created,
            problem=self.problem.to_json() if self.problem and not reachable else None,
            remote=self.remote.name,
            reachable=reachable,
        )

    def model_row(self, model: RemoteModel) -> ModelRow:
        """The model as a row of the GUI's model list."""
        return ModelRow(
            id=f"{self.remote.name}/{model.id}",
            name=f"{self.remote.name}/{model.id}",
            source="remote",
            checkpoint=model.checkpoint or model.id,
            size_gb=model.size_gb,
            labels=(),
            experimental=False,
            file_state="remote",
            bytes_on_disk=0,
            process=ProcessState.STOPPED,
            ctx_size=model.ctx_size,
            problem=None if self.reachable else self.problem,
            remote=self.remote.name,
            remote_state=model.state,
            reachable=bool(self.reachable),
        )
