"""The GUI's copy of the engine's state: a snapshot, kept current by applying events."""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, Signal

from app.core.contracts import DownloadView
from app.core.events import (
    DownloadFinished,
    DownloadProgressed,
    EngineInstallProgressed,
    GpuSampled,
    LoadProgressed,
    MetricsSampled,
    ProcessStateChanged,
    RegistryChanged,
    ServerStateChanged,
    SettingChanged,
)
from app.core.gpu import SystemInfo
from app.core.problems import Problem
from app.core.states import FAILED, ProcessState
from app.gui.bridge import EventBridge
from app.runtime.api import EngineView, Facade, ModelRow, ServerView, Snapshot

HISTORY_SECONDS = 600.0  # the VRAM plot shows the last ten minutes


class AppStore(QObject):
    """Rows, GPU, engine, endpoint and settings as the widgets show them.

    Starts from `facade.snapshot()`; the bridge must be subscribed before that call, so that
    events published meanwhile are applied on top (they are idempotent).
    """

    models_reset = Signal()  # rows were added, removed or reordered
    model_changed = Signal(str)  # one row's data changed (model id)
    gpu_sampled = Signal(object)  # GpuSampled
    engine_changed = Signal()
    install_progressed = Signal(object)  # EngineInstallProgressed
    server_changed = Signal()
    settings_changed = Signal(str, object)  # key, value
    process_changed = Signal(object)  # ProcessStateChanged, after the row was updated

    def __init__(self, facade: Facade, bridge: EventBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._facade = facade
        self.rows: list[ModelRow] = []
        self._index: dict[str, int] = {}
        self.download_speed: dict[str, float | None] = {}
        self.gpu_history: deque[GpuSampled] = deque()
        self.system: SystemInfo | None = None
        self.engine: EngineView | None = None
        self.server = ServerView(running=False, url=None)
        self.settings: dict[str, Any] = {}
        self.recommended_utilization: float | None = None
        self.problems: tuple[Problem, ...] = ()
        self.install: EngineInstallProgressed | None = None
        bridge.process_state_changed.connect(self._on_process_state_changed)
        bridge.load_progressed.connect(self._on_load_progressed)
        bridge.metrics_sampled.connect(self._on_metrics_sampled)
        bridge.download_progressed.connect(self._on_download_progressed)
        bridge.download_finished.connect(self._on_download_finished)
        bridge.gpu_sampled.connect(self._on_gpu_sampled)
        bridge.engine_install_progressed.connect(self._on_engine_install_progressed)
        bridge.server_state_changed.connect(self._on_server_state_changed)
        bridge.registry_changed.connect(self._on_registry_changed)
        bridge.setting_changed.connect(self._on_setting_changed)

    # -- reads ----------------------------------------------------------------------------
    def row(self, model_id: str) -> ModelRow | None:
        i = self._index.get(model_id)
        return self.rows[i] if i is not None else None

    def setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    # -- snapshot -------------------------------------------------------------------------
    def refresh(self) -> None:
        self.apply_snapshot(self._facade.snapshot())

    def apply_snapshot(self, snap: Snapshot) -> None:
        old_ids = [r.id for r in self.rows]
        new_rows = list(snap.models)
        if [r.id for r in new_rows] != old_ids:
            self.rows = new_rows
            self._index = {r.id: i for i, r in enumerate(new_rows)}
            self.models_reset.emit()
        else:
            for i, row in enumerate(new_rows):
                if row != self.rows[i]:
                    self.rows[i] = row
                    self.model_changed.emit(row.id)
        self.system = snap.system
        self.problems = snap.problems
        self.recommended_utilization = snap.recommended_gpu_memory_utilization
        if snap.gpu_history:
            self.gpu_history = deque(snap.gpu_history)
            self._trim_history()
        self.settings = dict(snap.settings)
        if snap.engine != self.engine:
            self.engine = snap.engine
            self.engine_changed.emit()
        if snap.server != self.server:
            self.server = snap.server
            self.server_changed.emit()

    def _replace(self, model_id: str, **changes: Any) -> ModelRow | None:
        i = self._index.get(model_id)
        if i is None:
            return None  # an event for a model the snapshot does not have yet
        row = dataclasses.replace(self.rows[i], **changes)
        if row != self.rows[i]:
            self.rows[i] = row
            self.model_changed.emit(model_id)
        return row

    # -- events ---------------------------------------------------------------------------
    def _on_process_state_changed(self, ev: ProcessStateChanged) -> None:
        changes: dict[str, Any] = {"process": ev.new}
        if ev.new == ProcessState.STARTING:
            # A new attempt: the old diagnosis and bar no longer describe it.
            changes.update(progress=None, problem=None, metrics=None)
        elif ev.new in FAILED:
            changes.update(problem=ev.problem, metrics=None)
        elif ev.new == ProcessState.STOPPED:
            changes.update(progress=None, metrics=None, problem=None)
        self._replace(ev.model_id, **changes)
        self.process_changed.emit(ev)

    def _on_load_progressed(self, ev: LoadProgressed) -> None:
        self._replace(ev.model_id, progress=ev)

    def _on_metrics_sampled(self, ev: MetricsSampled) -> None:
        self._replace(ev.model_id, metrics=ev)

    def _on_download_progressed(self, ev: DownloadProgressed) -> None:
        self.download_speed[ev.model_id] = ev.speed_bps
        view = DownloadView(ev.download_id, ev.model_id, "running", ev.done, ev.total)
        self._replace(ev.model_id, download=view, file_state="partial")

    def _on_download_finished(self, ev: DownloadFinished) -> None:
        self.download_speed.pop(ev.model_id, None)
        problem = ev.problem if ev.status == "failed" else None
        self._replace(ev.model_id, download=None, problem=problem)
        # File state and bytes on disk come from the engine, which has just re-read them.
        self.refresh()

    def _on_gpu_sampled(self, ev: GpuSampled) -> None:
        self.gpu_history.append(ev)
        self._trim_history()
        self.gpu_sampled.emit(ev)

    def _trim_history(self) -> None:
        if not self.gpu_history:
            return
        horizon = self.gpu_history[-1].ts - HISTORY_SECONDS
        while self.gpu_history and self.gpu_history[0].ts < horizon:
            self.gpu_history.popleft()

    def _on_engine_install_progressed(self, ev: EngineInstallProgressed) -> None:
        self.install = None if ev.finished else ev
        self.install_progressed.emit(ev)
        if ev.finished:
            self.refresh()

    def _on_server_state_changed(self, ev: ServerStateChanged) -> None:
        self.server = ServerView(running=ev.running, url=ev.url, problem=ev.problem)
        self.server_changed.emit()

    def _on_registry_changed(self, ev: RegistryChanged) -> None:
        del ev
        self.refresh()

    def _on_setting_changed(self, ev: SettingChanged) -> None:
        self.settings[ev.key] = ev.value
        self.settings_changed.emit(ev.key, ev.value)
        if ev.key.startswith("engine."):
            self.refresh()  # another engine: its install state comes with a snapshot

    def apply_settings(self, changes: Mapping[str, Any]) -> None:
        """Settings the facade confirmed it stored (its SettingChanged events may follow)."""
        for key, value in changes.items():
            if self.settings.get(key) != value:
                self.settings[key] = value
                self.settings_changed.emit(key, value)
