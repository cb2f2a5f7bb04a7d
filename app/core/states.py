"""The states a model goes through: its vLLM server's (supervisord's words, and the allowed
moves), its load's phases, its files' and its downloads'. Values are stable: they are what
the HTTP API, the CLI's JSON and the event stream carry."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal


class ProcessState(StrEnum):
    """One sentence each, as supervisord documents its states (docs/process-states.md)."""

    STOPPED = "stopped"  # not running; nobody asked for it, or a user stopped it
    STARTING = "starting"  # the child was spawned and is loading; /health has not answered 200
    RUNNING = "running"  # /health answered 200: requests are served
    STOPPING = "stopping"  # a stop was asked; SIGTERM sent to the group, waiting for exit
    # vLLM's sleep mode: the child lives but gave its weights and KV cache back; it serves
    # nothing until it is woken (which a request does), and wakes far faster than it loads.
    SLEEPING = "sleeping"
    BACKOFF = "backoff"  # the last start failed; the next request retries (after a back-off)
    EXITED = "exited"  # it died (or hung) while running; the next request starts it again
    FATAL = "fatal"  # given up: cannot start as it is, or failed too often; the user acts


TRANSITIONS: dict[ProcessState, frozenset[ProcessState]] = {
    ProcessState.STOPPED: frozenset({ProcessState.STARTING}),
    ProcessState.STARTING: frozenset(
        {ProcessState.RUNNING, ProcessState.STOPPING, ProcessState.BACKOFF, ProcessState.FATAL}
    ),
    ProcessState.RUNNING: frozenset(
        {ProcessState.STOPPING, ProcessState.EXITED, ProcessState.SLEEPING}
    ),
    # SLEEPING -> RUNNING is a wake; -> STOPPING a stop, or a sleep that freed nothing;
    # -> EXITED the child died while asleep.
    ProcessState.SLEEPING: frozenset(
        {ProcessState.RUNNING, ProcessState.STOPPING, ProcessState.EXITED}
    ),
    ProcessState.STOPPING: frozenset({ProcessState.STOPPED}),
    ProcessState.BACKOFF: frozenset(
        {ProcessState.STARTING, ProcessState.STOPPED, ProcessState.FATAL}
    ),
    # EXITED -> FATAL: a model that keeps crashing is given up on without a fake start.
    ProcessState.EXITED: frozenset(
        {ProcessState.STARTING, ProcessState.STOPPED, ProcessState.FATAL}
    ),
    ProcessState.FATAL: frozenset({ProcessState.STOPPED, ProcessState.STARTING}),
}

# States in which nothing is in flux: readiness waiters are woken on every one of them.
# SLEEPING is stable too, but it answers no one: a start asked of a sleeping model waits for
# the wake (RUNNING), and one asked while it falls asleep is served by the wake after it.
SETTLED = frozenset(
    {
        ProcessState.STOPPED,
        ProcessState.RUNNING,
        ProcessState.BACKOFF,
        ProcessState.EXITED,
        ProcessState.FATAL,
    }
)
# States in which a child process may exist (and hold memory).
ALIVE = frozenset(
    {ProcessState.STARTING, ProcessState.RUNNING, ProcessState.SLEEPING, ProcessState.STOPPING}
)
FAILED = frozenset({ProcessState.BACKOFF, ProcessState.EXITED, ProcessState.FATAL})


def can_transition(old: ProcessState, new: ProcessState) -> bool:
    return new in TRANSITIONS[old]


class LoadPhase(StrEnum):
    """Phases of a load, in order, as read from vLLM's log."""

    SPAWNED = "spawned"  # process started, Python importing vLLM
    RESOLVING = "resolving"  # reading the model config, choosing the backend
    LOADING_WEIGHTS = "loading_weights"  # safetensors shards k/n
    COMPILING = "compiling"  # torch.compile / kernel warm-up / graph capture
    KV_CACHE = "kv_cache"  # KV cache sized (tokens, max concurrency known)
    SERVER_STARTING = "server_starting"  # HTTP server coming up
    READY = "ready"  # /health answered 200


# Share of the overall bar each phase ends at. Measured on the CPU engine (60-70 s start):
# imports dominate the start, weights are quick for small models, compile is long.
PHASE_END: dict[LoadPhase, float] = {
    LoadPhase.SPAWNED: 0.10,
    LoadPhase.RESOLVING: 0.20,
    LoadPhase.LOADING_WEIGHTS: 0.50,
    LoadPhase.COMPILING: 0.85,
    LoadPhase.KV_CACHE: 0.90,
    LoadPhase.SERVER_STARTING: 0.97,
    LoadPhase.READY: 1.0,
}


# -- a model's files ----------------------------------------------------------------------
# A Hugging Face snapshot's files, as app.downloads.status finds them on disk.
SnapshotState = Literal["not_downloaded", "partial", "complete"]
# What the model list shows: a snapshot's state, or a local folder used in place ("local",
# "local_invalid" when vLLM could not load it), or a remote server's model ("remote").
FileState = Literal["not_downloaded", "partial", "complete", "local", "local_invalid", "remote"]
# Files vLLM can load as they are.
USABLE_FILES: frozenset[FileState] = frozenset({"complete", "local"})


class EngineKind(StrEnum):
    """Which kind of vLLM build an engine is; the values are stable (settings, CLI, JSON)."""

    ROCM = "rocm"
    CPU = "cpu"
    CUSTOM = "custom"


class DownloadStatus(StrEnum):
    """Where a download of a model's files is."""

    RUNNING = "running"
    COMPLETED = "completed"
    CANCELLED = "cancelled"  # by a user; finished files are kept for the next try
    FAILED = "failed"  # the problem says why


DOWNLOAD_ENDED = frozenset(
    {DownloadStatus.COMPLETED, DownloadStatus.CANCELLED, DownloadStatus.FAILED}
)
