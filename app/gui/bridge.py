"""Engine → GUI: re-emits each bus event as a typed Qt signal on the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from app.core.events import (
    DownloadFinished,
    DownloadProgressed,
    EngineInstallProgressed,
    Event,
    EventBus,
    GpuSampled,
    LoadProgressed,
    LogLineEmitted,
    MetricsSampled,
    ProcessStateChanged,
    RegistryChanged,
    ServerStateChanged,
    SettingChanged,
)


class EventBridge(QObject):
    """Subscribes to the runtime's bus; every event comes out as a signal on the GUI thread.

    The bus calls subscribers on the runtime thread, so `_on_bus_event` does nothing but emit
    a queued signal: it must stay quick and must not touch any widget.
    """

    process_state_changed = Signal(object)  # ProcessStateChanged
    load_progressed = Signal(object)  # LoadProgressed
    log_line_emitted = Signal(object)  # LogLineEmitted
    metrics_sampled = Signal(object)  # MetricsSampled
    gpu_sampled = Signal(object)  # GpuSampled
    download_progressed = Signal(object)  # DownloadProgressed
    download_finished = Signal(object)  # DownloadFinished
    engine_install_progressed = Signal(object)  # EngineInstallProgressed
    server_state_changed = Signal(object)  # ServerStateChanged
    registry_changed = Signal(object)  # RegistryChanged
    setting_changed = Signal(object)  # SettingChanged
    event_received = Signal(object)  # every event, after its typed signal

    _queued = Signal(object)

    def __init__(self, bus: EventBus, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queued.connect(self._dispatch, Qt.ConnectionType.QueuedConnection)
        self._routes: dict[type[Event], Any] = {
            ProcessStateChanged: self.process_state_changed,
            LoadProgressed: self.load_progressed,
            LogLineEmitted: self.log_line_emitted,
            MetricsSampled: self.metrics_sampled,
            GpuSampled: self.gpu_sampled,
            DownloadProgressed: self.download_progressed,
            DownloadFinished: self.download_finished,
            EngineInstallProgressed: self.engine_install_progressed,
            ServerStateChanged: self.server_state_changed,
            RegistryChanged: self.registry_changed,
            SettingChanged: self.setting_changed,
        }
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self._on_bus_event)

    def _on_bus_event(self, event: Event) -> None:
        # Runtime thread: hand over and return at once.
        self._queued.emit(event)

    def _dispatch(self, event: Event) -> None:
        signal = self._routes.get(type(event))
        if signal is not None:
            signal.emit(event)
        self.event_received.emit(event)

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
