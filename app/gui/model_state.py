"""A model row's state in words, as a kind for sorting and icons, and as a bar fraction."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QCoreApplication

from app.core.states import LoadPhase, ProcessState
from app.gui.i18n import format_int, format_percent, format_speed, problem_text
from app.runtime.api import ModelRow

ACTIVE_DOWNLOAD = frozenset({"queued", "running"})


class StateKind(IntEnum):
    """Coarse states; the value orders them for sorting (most alive last)."""

    NOT_DOWNLOADED = 0
    LOCAL_INVALID = 1
    PARTIAL = 2
    DOWNLOADING = 3
    DOWNLOADED = 4
    FAILED = 5
    STOPPING = 6
    LOADING = 7
    RUNNING = 8


# Direct translate("ModelState", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate


def is_downloading(row: ModelRow) -> bool:
    return row.download is not None and row.download.status in ACTIVE_DOWNLOAD


def state_kind(row: ModelRow) -> StateKind:
    process = row.process
    if process == ProcessState.RUNNING:
        return StateKind.RUNNING
    if process == ProcessState.STARTING:
        return StateKind.LOADING
    if process == ProcessState.STOPPING:
        return StateKind.STOPPING
    if process in (ProcessState.BACKOFF, ProcessState.EXITED, ProcessState.FATAL):
        return StateKind.FAILED
    if is_downloading(row):
        return StateKind.DOWNLOADING
    if row.downloaded:
        return StateKind.DOWNLOADED
    if row.file_state == "local_invalid":
        return StateKind.LOCAL_INVALID
    if row.file_state == "partial" or row.problem is not None:
        return StateKind.PARTIAL
    return StateKind.NOT_DOWNLOADED


def phase_text(phase: LoadPhase) -> str:
    return {
        LoadPhase.SPAWNED: translate("ModelState", "starting Python and vLLM"),
        LoadPhase.RESOLVING: translate("ModelState", "reading the model config"),
        LoadPhase.LOADING_WEIGHTS: translate("ModelState", "loading weights"),
        LoadPhase.COMPILING: translate("ModelState", "compiling kernels"),
        LoadPhase.KV_CACHE: translate("ModelState", "sizing the KV cache"),
        LoadPhase.SERVER_STARTING: translate("ModelState", "starting the server"),
        LoadPhase.READY: translate("ModelState", "ready"),
    }[phase]


def diagnosis(row: ModelRow) -> str:
    if row.problem is not None:
        return problem_text(row.problem)
    return translate("ModelState", "see the log for details")


def state_text(row: ModelRow, speed_bps: float | None = None) -> str:
    """What the State column says, e.g. "downloading 42 % · 120 MB/s"."""
    if row.process == ProcessState.SLEEPING:
        return translate("ModelState", "asleep: wakes on the next request")
    kind = state_kind(row)
    if kind == StateKind.RUNNING:
        metrics = row.metrics
        if metrics is not None and metrics.kv_cache_usage is not None:
            text = translate("ModelState", "running, KV cache {percent}").format(
                percent=format_percent(metrics.kv_cache_usage)
            )
            if metrics.requests_running:
                text += " · " + translate("ModelState", "{n} requests").format(
                    n=metrics.requests_running
                )
            return text
        return translate("ModelState", "running")
    if kind == StateKind.LOADING:
        progress = row.progress
        if progress is None:
            return translate("ModelState", "loading: starting")
        text = translate("ModelState", "loading: {phase}").format(phase=phase_text(progress.phase))
        if progress.shard is not None:
            text += " {}/{}".format(*progress.shard)
        elif progress.detail:
            text += " — " + progress.detail
        return text
    if kind == StateKind.STOPPING:
        return translate("ModelState", "unloading")
    if kind == StateKind.FAILED:
        if row.process == ProcessState.BACKOFF:
            return translate("ModelState", "failed, retrying: {diagnosis}").format(
                diagnosis=diagnosis(row)
            )
        if row.process == ProcessState.EXITED:
            return translate("ModelState", "stopped unexpectedly: {diagnosis}").format(
                diagnosis=diagnosis(row)
            )
        return translate("ModelState", "failed: {diagnosis}").format(diagnosis=diagnosis(row))
    if kind == StateKind.DOWNLOADING:
        assert row.download is not None
        if row.download.status == "queued" or row.download.total <= 0:
            return translate("ModelState", "waiting to download")
        text = translate("ModelState", "downloading {percent}").format(
            percent=format_percent(row.download.done / row.download.total)
        )
        speed = format_speed(speed_bps)
        return f"{text} · {speed}" if speed else text
    if kind == StateKind.DOWNLOADED:
        return (
            translate("ModelState", "local folder")
            if row.file_state == "local"
            else translate("ModelState", "downloaded")
        )
    if kind == StateKind.LOCAL_INVALID:
        return translate("ModelState", "folder missing or not a model")
    if kind == StateKind.PARTIAL:
        if row.problem is not None:
            return translate("ModelState", "download failed: {diagnosis}").format(
                diagnosis=problem_text(row.problem)
            )
        return translate("ModelState", "partly downloaded")
    return translate("ModelState", "not downloaded")


def state_progress(row: ModelRow) -> float | None:
    """0..1 for the bar in the State column, None where there is nothing in progress."""
    kind = state_kind(row)
    if kind == StateKind.DOWNLOADING:
        assert row.download is not None
        total = row.download.total
        return row.download.done / total if total > 0 else 0.0
    if kind == StateKind.LOADING:
        return row.progress.fraction if row.progress is not None else 0.0
    return None


def kv_cache_text(row: ModelRow) -> str:
    """ "KV cache 180 224 tokens, up to 5.5 requests at 32 768" when the load reported it."""
    progress = row.progress
    if progress is None or progress.kv_cache_tokens is None:
        return ""
    text = translate("ModelState", "KV cache {tokens} tokens").format(
        tokens=format_int(progress.kv_cache_tokens)
    )
    if progress.max_concurrency is not None:
        text += ", " + translate("ModelState", "{n}× concurrency at {ctx}").format(
            n=f"{progress.max_concurrency:.1f}", ctx=format_int(row.ctx_size)
        )
    return text
