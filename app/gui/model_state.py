"""A model row's state in words, as a kind for sorting and icons, and as a bar fraction."""

from __future__ import annotations

import time
from enum import IntEnum

from PySide6.QtCore import QCoreApplication

from app.core.events import LoadProgressed
from app.core.states import DownloadStatus, LoadPhase, ProcessState
from app.gui.i18n import (
    format_bytes,
    format_duration,
    format_int,
    format_number,
    format_percent,
    format_speed,
    problem_text,
)
from app.gui.model_failures import given_up
from app.runtime.api.snapshot import ModelRow


class StateKind(IntEnum):
    """Coarse states; the value orders them for sorting (most alive last)."""

    UNREACHABLE = -1  # a remote server's model while the remote does not answer
    NOT_DOWNLOADED = 0
    LOCAL_INVALID = 1
    DOWNLOAD_FAILED = 2
    PARTIAL = 3
    DOWNLOADING = 4
    DOWNLOADED = 5
    FAILED = 6
    STOPPING = 7
    LOADING = 8
    RUNNING = 9


# Direct translate("ModelState", "…") calls: lupdate reads only literal arguments.
translate = QCoreApplication.translate


def is_downloading(row: ModelRow) -> bool:
    return row.download is not None and row.download.status == DownloadStatus.RUNNING


# A remote server's model: its state on the remote, as a kind (it never runs here).
_REMOTE_KIND = {
    ProcessState.RUNNING: StateKind.RUNNING,
    ProcessState.STARTING: StateKind.LOADING,
    ProcessState.STOPPING: StateKind.STOPPING,
    ProcessState.BACKOFF: StateKind.FAILED,
    ProcessState.EXITED: StateKind.FAILED,
    ProcessState.FATAL: StateKind.FAILED,
}


def state_kind(row: ModelRow) -> StateKind:  # noqa: C901 — the precedence of states, one line each, read top to bottom
    if row.remote is not None:
        if not row.reachable:
            return StateKind.UNREACHABLE
        return _REMOTE_KIND.get(row.remote_state or ProcessState.RUNNING, StateKind.DOWNLOADED)
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
    if row.problem is not None:
        return StateKind.DOWNLOAD_FAILED
    if row.file_state == "partial":
        return StateKind.PARTIAL
    return StateKind.NOT_DOWNLOADED


def download_failed(row: ModelRow) -> bool:
    """The last download of this model failed: the row offers Retry."""
    return state_kind(row) == StateKind.DOWNLOAD_FAILED


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


def load_text(progress: LoadProgressed | None, now: float | None = None) -> str:
    """ "loading: compiling kernels 40 % · 2 min of about 11 min (last cold load 11 min 40 s)"."""
    if progress is None:
        return translate("ModelState", "loading: starting")
    phase = phase_text(progress.phase)
    if progress.phase_fraction is None or progress.phase is LoadPhase.READY:
        items = [translate("ModelState", "loading: {phase}").format(phase=phase)]
    else:
        items = [
            translate("ModelState", "loading: {phase} {percent}").format(
                phase=phase, percent=format_percent(progress.phase_fraction)
            )
        ]
    estimate = estimate_text(progress, now)
    return " · ".join([*items, estimate] if estimate else items)


def estimate_text(progress: LoadProgressed, now: float | None = None) -> str:
    """Cold or warm, how long this load has taken and is expected to take (this model's
    earlier loads of that kind), from the supervisor's numbers.

    The elapsed time keeps counting between events (a compile step can be silent for
    minutes), from the event's own time stamp.
    """
    elapsed = progress.elapsed_s
    if elapsed is not None:
        elapsed += max(0.0, (time.time() if now is None else now) - progress.ts)
    kind = kind_text(progress)
    parts: list[str] = [kind] if kind else []
    expected = progress.expected_s
    if elapsed is not None and expected and elapsed > expected:
        # Past the estimate: say so, and let the time grow, instead of "12 s of about 1 s".
        parts.append(
            translate("ModelState", "longer than usual: {elapsed}, usually {expected}").format(
                elapsed=format_duration(elapsed, coarse=True),
                expected=format_duration(expected, coarse=True),
            )
        )
        return " ".join(parts)
    if elapsed is not None and expected:
        parts.append(
            translate("ModelState", "{elapsed} of about {expected}").format(
                elapsed=format_duration(elapsed, coarse=True),
                expected=format_duration(expected, coarse=True),
            )
        )
    elif elapsed is not None:
        parts.append(format_duration(elapsed, coarse=True))
    earlier = earlier_text(progress)
    if earlier:
        parts.append(earlier)
    return " ".join(parts)


def kind_text(progress: LoadProgressed) -> str:
    """ "cold load:", "warm load:" or "swap back:" (empty: not known yet)."""
    if progress.cold:
        return translate("ModelState", "cold load:")
    if progress.swap_back:
        # Put aside to make room for another model, now coming back (on vLLM's CPU build,
        # which cannot sleep, a warm restart).
        return translate("ModelState", "swap back:")
    if progress.cold is not None:
        return translate("ModelState", "warm load:")
    return ""


def earlier_text(progress: LoadProgressed) -> str:
    """ "(last cold load 11 min 40 s, last warm load 3 min 10 s)" (empty: none yet)."""
    earlier = []
    if progress.last_cold_s:
        earlier.append(
            translate("ModelState", "last cold load {duration}").format(
                duration=format_duration(progress.last_cold_s)
            )
        )
    if progress.last_warm_s:
        earlier.append(
            translate("ModelState", "last warm load {duration}").format(
                duration=format_duration(progress.last_warm_s)
            )
        )
    if progress.last_swap_s:
        earlier.append(
            translate("ModelState", "last swap back {duration}").format(
                duration=format_duration(progress.last_swap_s)
            )
        )
    return "(" + ", ".join(earlier) + ")" if earlier else ""


def remote_state_text(row: ModelRow) -> str:
    """ "running on office", "unreachable: The remote server office … does not answer…"."""
    kind, name = state_kind(row), row.remote or ""
    if kind == StateKind.UNREACHABLE:
        return translate("ModelState", "unreachable: {diagnosis}").format(diagnosis=diagnosis(row))
    if kind == StateKind.RUNNING:
        return translate("ModelState", "running on {remote}").format(remote=name)
    if kind == StateKind.LOADING:
        return translate("ModelState", "loading on {remote}").format(remote=name)
    if kind == StateKind.STOPPING:
        return translate("ModelState", "unloading on {remote}").format(remote=name)
    if kind == StateKind.FAILED:
        return translate("ModelState", "failed on {remote}").format(remote=name)
    if row.remote_state == ProcessState.SLEEPING:
        return translate("ModelState", "asleep on {remote}, wakes on the next request").format(
            remote=name
        )
    return translate("ModelState", "on {remote}, loads on first request").format(remote=name)


def sleep_text(row: ModelRow) -> str:
    """A sleeping model's row: which sleep level, and why (app.supervisor.sleep.SleepWhy)."""
    if row.sleep_why == "parked":
        return translate(
            "ModelState",
            "asleep at level 1: its weights wait in RAM, so it wakes in seconds on the next "
            "request",
        )
    if row.sleep_why == "shared":
        return translate(
            "ModelState",
            "asleep at level 2: this GPU's memory is the computer's RAM, so its weights were "
            "dropped; the next request reads them from disk again, quicker than a restart",
        )
    if row.sleep_why == "ram_short":
        return translate(
            "ModelState",
            "asleep at level 2: RAM could not take its weights, so they were dropped; the next "
            "request reads them from disk again, quicker than a restart",
        )
    return translate("ModelState", "asleep: wakes on the next request")


def running_text(row: ModelRow) -> str:
    """ "running, KV cache 12 % · 3 requests · restarted once": a list of whole phrases."""
    items = [translate("ModelState", "running")]
    metrics = row.metrics
    if metrics is not None and metrics.kv_cache_usage is not None:
        items = [
            translate("ModelState", "running, KV cache {percent}").format(
                percent=format_percent(metrics.kv_cache_usage)
            )
        ]
        if metrics.requests_running:
            # Prometheus gauges arrive as floats: a count is shown as a whole number.
            items.append(
                translate("ModelState", "{n} requests").format(
                    n=format_int(round(metrics.requests_running))
                )
            )
    if row.restarts == 1:
        items.append(translate("ModelState", "restarted once"))
    elif row.restarts:
        items.append(
            translate("ModelState", "restarted {n} times").format(n=format_int(row.restarts))
        )
    return " · ".join(items)


def state_text(row: ModelRow, speed_bps: float | None = None, now: float | None = None) -> str:  # noqa: C901 — one branch per StateKind, as state_kind orders them
    """What the State column says, e.g. "downloading 42 % · 120 MiB/s"."""
    if row.remote is not None:
        return remote_state_text(row)
    if row.process == ProcessState.SLEEPING:
        return sleep_text(row)
    kind = state_kind(row)
    if kind == StateKind.RUNNING:
        return running_text(row)
    if kind == StateKind.LOADING:
        if row.prewarming:
            # Started by the app after the download, to be stopped again once compiled.
            return translate("ModelState", "pre-warming, {load}").format(
                load=load_text(row.progress, now)
            )
        return load_text(row.progress, now)
    if kind == StateKind.STOPPING:
        return translate("ModelState", "unloading")
    if kind == StateKind.FAILED:
        return failed_text(row)
    if kind == StateKind.DOWNLOADING:
        assert row.download is not None
        if row.download.total <= 0:
            return translate("ModelState", "waiting to download")
        items = [
            translate("ModelState", "downloading {percent}").format(
                percent=format_percent(row.download.done / row.download.total)
            )
        ]
        if speed_bps == 0.0:  # the store's word for a stall: no byte for a few seconds
            items.append(translate("ModelState", "stalled"))
        elif speed := format_speed(speed_bps):
            items.append(speed)
        return " · ".join(items)
    if kind == StateKind.DOWNLOADED:
        return (
            translate("ModelState", "local folder")
            if row.file_state == "local"
            else translate("ModelState", "downloaded")
        )
    if kind == StateKind.LOCAL_INVALID:
        return translate("ModelState", "folder missing or not a model")
    if kind == StateKind.DOWNLOAD_FAILED:
        return translate("ModelState", "download failed: {diagnosis}").format(
            diagnosis=diagnosis(row)
        )
    if kind == StateKind.PARTIAL:
        return partial_text(row)
    return translate("ModelState", "not downloaded")


def failed_text(row: ModelRow) -> str:
    """A failed row's State: what happened, then the problem's sentence."""
    # BACKOFF and FATAL alike: nothing retries by itself, a Load (or a request for a
    # model in BACKOFF) tries again. So the words do not promise a retry.
    if row.process == ProcessState.EXITED and row.failures > 1:
        return translate("ModelState", "crashed {n} times in a row: {diagnosis}").format(
            n=format_int(row.failures), diagnosis=diagnosis(row)
        )
    if row.process == ProcessState.EXITED:
        return translate("ModelState", "stopped unexpectedly: {diagnosis}").format(
            diagnosis=diagnosis(row)
        )
    if row.process == ProcessState.BACKOFF and row.failures > 1:
        return translate("ModelState", "failed to start {n} times in a row: {diagnosis}").format(
            n=format_int(row.failures), diagnosis=diagnosis(row)
        )
    if given_up(row):
        # The sentence says how often and that only the user's Load tries again.
        return translate("ModelState", "given up: {diagnosis}").format(diagnosis=diagnosis(row))
    return translate("ModelState", "failed: {diagnosis}").format(diagnosis=diagnosis(row))


def failed_headline(row: ModelRow) -> str:
    """A failed row's State in a few words, without the sentence (the tray's menu line,
    which shows the sentence on its own line below: no line repeats the model's name or
    cuts the cause off)."""
    if row.process == ProcessState.EXITED and row.failures > 1:
        return translate("ModelState", "crashed {n} times in a row").format(
            n=format_int(row.failures)
        )
    if row.process == ProcessState.EXITED:
        return translate("ModelState", "stopped unexpectedly")
    if row.process == ProcessState.BACKOFF and row.failures > 1:
        return translate("ModelState", "failed to start {n} times in a row").format(
            n=format_int(row.failures)
        )
    if given_up(row):
        return translate("ModelState", "given up")
    return translate("ModelState", "failed to start")


def partial_text(row: ModelRow) -> str:
    """ "partly downloaded: 1.2 GiB of 4.6 GiB (26 %)": how much is on disk, of the last
    download's total (else the catalog's size, else just what is there)."""
    done = row.bytes_on_disk
    if row.download is not None:
        done = max(done, row.download.done)  # newer than the row's files when it just ended
    total: float | None = None
    if row.download is not None and row.download.total > 0:
        total = row.download.total
    elif row.size_gb:
        total = row.size_gb * 1e9
    if total is None or done <= 0:
        return translate("ModelState", "partly downloaded: {done} so far").format(
            done=format_bytes(done)
        )
    return translate("ModelState", "partly downloaded: {done} of {total} ({percent})").format(
        done=format_bytes(done),
        total=format_bytes(total),
        percent=format_percent(min(1.0, done / total)),
    )


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
    """ "KV cache 180,224 tokens, 5.5× concurrency at 32,768" when the load reported it."""
    progress = row.progress
    if progress is None or progress.kv_cache_tokens is None:
        return ""
    tokens = format_int(progress.kv_cache_tokens)
    if progress.max_concurrency is None:
        return translate("ModelState", "KV cache {tokens} tokens").format(tokens=tokens)
    return translate("ModelState", "KV cache {tokens} tokens, {n}× concurrency at {ctx}").format(
        tokens=tokens, n=format_number(progress.max_concurrency, 1), ctx=format_int(row.ctx_size)
    )
