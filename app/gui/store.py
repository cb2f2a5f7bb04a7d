"""The GUI's copy of the engine's state: a snapshot, kept current by applying events."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from app.core.contracts import DownloadView
from app.core.events import (
    AdvisoriesUpdated,
    DownloadFinished,
    DownloadProgressed,
    EngineInstallProgressed,
    EngineVersionRead,
    Event,
    GpuSampled,
    LoadProgressed,
    MemoryRoomSampled,
    MetricsSampled,
    PrewarmChanged,
    ProcessStateChanged,
    RegistryChanged,
    RemotesChanged,
    ServerStateChanged,
    SettingChanged,
)
from app.core.memory.gpu import SystemInfo
from app.core.memory.memory_room import RamShare
from app.core.problems.problems import Problem
from app.core.states import FAILED, DownloadStatus, ProcessState
from app.gui.bridge import EventBridge
from app.gui.commands import CommandFailed, call, tasks_of
from app.runtime.api.services import Facade
from app.runtime.api.snapshot import EngineView, ModelRow, ServerView, Snapshot

HISTORY_SECONDS = 600.0  # the VRAM plot shows the last ten minutes
COUNTDOWN_MS = 1000  # how often a back-off's countdown ("after waiting 12 s") is said anew


class AppStore(QObject):
    """Rows, GPU, engine, endpoint and settings as the widgets show them.

    Subscribed to the bridge before its first `refresh()`: events that arrive while a
    snapshot is on its way are applied at once and again on top of the snapshot (they are
    idempotent), so none is lost to a snapshot that was taken before it.
    """

    models_reset = Signal()  # rows were added, removed or reordered
    # One row's data changed (model id), or the time its text counts down to came closer.
    model_changed = Signal(str)
    gpu_sampled = Signal(object)  # GpuSampled
    memory_room_sampled = Signal(object)  # MemoryRoomSampled
    engine_changed = Signal()
    install_progressed = Signal(object)  # EngineInstallProgressed
    server_changed = Signal()
    settings_changed = Signal(str, object)  # key, value
    process_changed = Signal(object)  # ProcessStateChanged, after the row was updated
    download_finished = Signal(object)  # DownloadFinished, after the row was updated
    prewarm_changed = Signal(object)  # PrewarmChanged, after the row was updated
    refresh_failed = Signal(str)  # a sentence: the engine did not answer a snapshot

    def __init__(self, facade: Facade, bridge: EventBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self.rows: list[ModelRow] = []
        self._index: dict[str, int] = {}
        self.download_speed: dict[str, float | None] = {}
        self.gpu_history: deque[GpuSampled] = deque()  # every GPU's, oldest first
        self.memory_room: MemoryRoomSampled | None = None  # RAM and each device's room now
        self.system: SystemInfo | None = None
        self.engine: EngineView | None = None
        self.server = ServerView(running=False, url=None)
        self.settings: dict[str, Any] = {}
        self.recommended_utilization: float | None = None
        self.utilization_in_ram: RamShare | None = None  # set: models run in RAM
        self.problems: tuple[Problem, ...] = ()
        self.install: EngineInstallProgressed | None = None
        self.ready = False  # a first snapshot is in (run_gui shows the window before it)
        self._tasks = tasks_of(self)
        self._fetch: asyncio.Task[None] | None = None
        self._asked = 0  # refreshes asked for
        self._applied = 0  # refreshes whose snapshot was applied
        self._replay: list[Event] | None = None  # events seen while a snapshot is on its way
        # Downloads that failed before they began: the engine keeps no trace of those
        # (nothing was registered), so the row keeps the reason until the next attempt.
        self._start_failures: dict[str, Problem] = {}
        # A failed model's next try may not begin before `next_retry_at`: nothing happens in
        # the engine when that time comes, so no event says it; the rows are said anew here.
        self._countdown = QTimer(self)
        self._countdown.setInterval(COUNTDOWN_MS)
        self._countdown.timeout.connect(self._on_countdown_timeout)
        bridge.event_received.connect(self._on_bridge_event_received)

    # -- reads ----------------------------------------------------------------------------
    def row(self, model_id: str) -> ModelRow | None:
        i = self._index.get(model_id)
        return self.rows[i] if i is not None else None

    def setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    # -- snapshot -------------------------------------------------------------------------
    async def refresh(self) -> None:
        """Apply a snapshot taken after this call. Calls while one is on its way share the
        next one instead of each asking the engine. Raises CommandFailed."""
        self._asked += 1
        wanted = self._asked
        while self._applied < wanted:
            if self._fetch is None:
                self._fetch = asyncio.ensure_future(self._fetch_and_apply())
                # Its waiters may all be gone (cancelled): a failure is then nobody's to see.
                self._fetch.add_done_callback(_retrieve)
            # shield: one caller going away must not cancel the others' snapshot.
            await asyncio.shield(self._fetch)

    def request_refresh(self) -> None:
        """Refresh in the background; a failure is announced by `refresh_failed`."""
        self._tasks.start(self._refresh_quietly())

    async def _refresh_quietly(self) -> None:
        try:
            await self.refresh()
        except CommandFailed as failure:
            self.refresh_failed.emit(failure.text)

    async def _fetch_and_apply(self) -> None:
        covers = self._asked
        self._replay = []
        try:
            snap = await call(self._facade.call(lambda s: s.views.snapshot()))
            self.apply_snapshot(snap)
            replay, self._replay = self._replay, None
            for event in replay:
                self._apply(event, replaying=True)
            self._applied = covers
        finally:
            self._replay = None
            self._fetch = None

    def apply_snapshot(self, snap: Snapshot) -> None:
        old_ids = [r.id for r in self.rows]
        new_rows = [self._with_start_failure(row) for row in snap.models]
        if [r.id for r in new_rows] != old_ids:
            self.rows = new_rows
            self._index = {r.id: i for i, r in enumerate(new_rows)}
            self.models_reset.emit()
        else:
            for i, row in enumerate(new_rows):
                if row != self.rows[i]:
                    self.rows[i] = row
                    self.model_changed.emit(row.id)
        self._update_countdown()
        self.system = snap.system
        self.problems = snap.problems
        self.recommended_utilization = snap.recommended_gpu_memory_utilization
        self.utilization_in_ram = snap.utilization_in_ram
        if snap.gpu_history:
            self.gpu_history = deque(snap.gpu_history)
            self._trim_history()
        if snap.memory_room is not None:
            self.memory_room = snap.memory_room
        self.settings = dict(snap.settings)
        if snap.engine != self.engine:
            self.engine = snap.engine
            self.engine_changed.emit()
        if snap.server != self.server:
            self.server = snap.server
            self.server_changed.emit()
        self.ready = True

    def _with_start_failure(self, row: ModelRow) -> ModelRow:
        failure = self._start_failures.get(row.id)
        if failure is None or row.problem is not None or row.download is not None:
            return row
        return dataclasses.replace(row, problem=failure)

    def _replace(self, model_id: str, **changes: Any) -> ModelRow | None:
        i = self._index.get(model_id)
        if i is None:
            return None  # a model the snapshot does not have yet: the replay brings it
        row = dataclasses.replace(self.rows[i], **changes)
        if row != self.rows[i]:
            self.rows[i] = row
            self.model_changed.emit(model_id)
            self._update_countdown()
        return row

    def _counting_down(self) -> list[str]:
        """Rows whose next try is still ahead, or passed within the last tick (said once
        more, so that their text stops counting)."""
        horizon = time.time() - COUNTDOWN_MS / 1000
        return [
            row.id
            for row in self.rows
            if row.next_retry_at is not None and row.next_retry_at > horizon
        ]

    def _update_countdown(self) -> None:
        if self._counting_down():
            if not self._countdown.isActive():
                self._countdown.start()
        else:
            self._countdown.stop()

    def _on_countdown_timeout(self) -> None:
        for model_id in self._counting_down():
            self.model_changed.emit(model_id)
        self._update_countdown()

    # -- events ---------------------------------------------------------------------------
    def _on_bridge_event_received(self, event: Event) -> None:
        if self._replay is not None:
            self._replay.append(event)
        self._apply(event, replaying=False)

    def _apply(self, ev: Event, *, replaying: bool) -> None:  # noqa: C901 — one branch per event type the store folds in
        """Apply one event. A replay only restores data: it neither announces the event
        again (no second tray notification) nor asks for another snapshot."""
        if isinstance(ev, ProcessStateChanged):
            self._apply_process_state(ev)
            if not replaying:
                self.process_changed.emit(ev)
                if ev.new in FAILED or ev.old in FAILED or ev.new == ProcessState.SLEEPING:
                    # The event does not carry the supervisor's counts (failures, restarts,
                    # the back-off's end) or a sleep's level and why; both are rare enough
                    # to ask for them.
                    self.request_refresh()
        elif isinstance(ev, LoadProgressed):
            self._replace(ev.model_id, progress=ev)
        elif isinstance(ev, MetricsSampled):
            self._replace(ev.model_id, metrics=ev)
        elif isinstance(ev, PrewarmChanged):
            self._replace(ev.model_id, prewarming=ev.active)
            if not replaying:
                self.prewarm_changed.emit(ev)
        elif isinstance(ev, DownloadProgressed):
            self._apply_download_progressed(ev)
        elif isinstance(ev, DownloadFinished):
            self.download_speed.pop(ev.model_id, None)
            problem = ev.problem if ev.status == DownloadStatus.FAILED else None
            self._replace(ev.model_id, download=None, problem=problem)
            if not replaying:
                self.download_finished.emit(ev)
                # File state and bytes on disk come from the engine, which re-reads them.
                self.request_refresh()
        elif isinstance(ev, GpuSampled):
            self._apply_gpu_sample(ev)
        elif isinstance(ev, MemoryRoomSampled):
            if self.memory_room is None or ev.ts > self.memory_room.ts:
                self.memory_room = ev
                self.memory_room_sampled.emit(ev)
        elif isinstance(ev, EngineInstallProgressed):
            self.install = None if ev.finished else ev
            if not replaying:
                self.install_progressed.emit(ev)
                if ev.finished:
                    self.request_refresh()
        elif isinstance(ev, ServerStateChanged):
            server = ServerView(running=ev.running, url=ev.url, problem=ev.problem)
            if server != self.server:
                self.server = server
                self.server_changed.emit()
        elif isinstance(
            ev, RegistryChanged | RemotesChanged | EngineVersionRead | AdvisoriesUpdated
        ):
            if not replaying:
                self.request_refresh()
        elif isinstance(ev, SettingChanged):
            self._apply_setting(ev.key, ev.value)
            if ev.key.startswith("engine.") and not replaying:
                self.request_refresh()  # another engine: its install state comes with a snapshot

    def _apply_process_state(self, ev: ProcessStateChanged) -> None:
        changes: dict[str, Any] = {"process": ev.new}
        if ev.new != ProcessState.SLEEPING:
            changes.update(sleep_level=None, sleep_why=None)
        if ev.new == ProcessState.STARTING:
            # A new attempt: the old diagnosis and bar no longer describe it.
            changes.update(progress=None, problem=None, metrics=None, next_retry_at=None)
        elif ev.new in FAILED:
            changes.update(problem=ev.problem, metrics=None)
        elif ev.new == ProcessState.STOPPED:
            # A stop or reset clears the supervisor's counts too.
            changes.update(
                progress=None,
                metrics=None,
                problem=None,
                failures=0,
                restarts=0,
                next_retry_at=None,
            )
        self._replace(ev.model_id, **changes)

    def _apply_download_progressed(self, ev: DownloadProgressed) -> None:
        self._start_failures.pop(ev.model_id, None)
        # 0: stalled (no byte for a few seconds); None: not measured yet.
        speed = 0.0 if ev.stalled else ev.speed_bps
        new_speed = self.download_speed.get(ev.model_id, -1.0) != speed  # -1: none shown yet
        self.download_speed[ev.model_id] = speed
        view = DownloadView(ev.download_id, ev.model_id, DownloadStatus.RUNNING, ev.done, ev.total)
        changes: dict[str, Any] = {"download": view, "file_state": "partial"}
        row = self.row(ev.model_id)
        if row is not None and row.process not in FAILED:
            changes["problem"] = None  # a new attempt: the last download's failure is gone
        if self._replace(ev.model_id, **changes) == row and row is not None and new_speed:
            # A stall changes no count, only the words: the row is said again all the same,
            # else the table kept showing the last rate until the download failed.
            self.model_changed.emit(ev.model_id)

    def gpu_samples(self, index: int) -> list[GpuSampled]:
        """GPU `index`'s samples of the last ten minutes, oldest first."""
        return [s for s in self.gpu_history if s.index == index]

    def _apply_gpu_sample(self, ev: GpuSampled) -> None:
        last = next((s for s in reversed(self.gpu_history) if s.index == ev.index), None)
        if last is not None and ev.ts <= last.ts:
            return  # already in the snapshot's history (a replay)
        self.gpu_history.append(ev)
        self._trim_history()
        self.gpu_sampled.emit(ev)

    def _trim_history(self) -> None:
        if not self.gpu_history:
            return
        horizon = self.gpu_history[-1].ts - HISTORY_SECONDS
        while self.gpu_history and self.gpu_history[0].ts < horizon:
            self.gpu_history.popleft()

    def _apply_setting(self, key: str, value: object) -> None:
        if key not in self.settings or self.settings[key] != value:
            self.settings[key] = value
            self.settings_changed.emit(key, value)

    def apply_settings(self, changes: Mapping[str, Any]) -> None:
        """Settings the facade confirmed it stored (its SettingChanged events may follow)."""
        for key, value in changes.items():
            self._apply_setting(key, value)

    def set_download_problem(self, model_id: str, problem: Problem | None) -> None:
        """A download that failed before it began (no DownloadFinished will come), or None
        when a new attempt starts."""
        if problem is None:
            if self._start_failures.pop(model_id, None) is not None:
                self._replace(model_id, problem=None)
            return
        self._start_failures[model_id] = problem
        self._replace(model_id, problem=problem)

    def close(self) -> None:
        self._countdown.stop()
        self._tasks.cancel_all()


def _retrieve(task: asyncio.Task[None]) -> None:
    if not task.cancelled():
        task.exception()
