"""Interfaces between packages: what the supervisor is asked to launch, what the proxy may call.

The proxy never imports the supervisor (import-linter enforces it): it talks to a
`ModelController` and a `DownloadController`, which app.runtime.composition.endpoint implements on
top
of the supervisor, the registry and the downloads package. Tests of the proxy use small fakes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from app.core.remotes.remotes import RemoteView
from app.core.states import DownloadStatus, ProcessState

CHILD_HOST = "127.0.0.1"  # children are only ever reached on loopback


class SleepGauge(StrEnum):
    """What is measured to tell whether a sleep freed a model's memory."""

    GPU = "gpu"  # the GPU's used memory (sysfs): the engine holds its model there
    PROCESS = "process"  # the resident memory of the child's process tree (the CPU engine)


@dataclass(frozen=True)
class SleepSpec:
    """A child started with vLLM's sleep mode, and how to put it to sleep (docs/sleep-mode.md).

    `level` 1 parks the weights in host RAM (a discrete GPU; quick to wake), 2 drops weights
    and KV cache (an APU, whose "host RAM" is the same memory); `host_bytes` is what level 1
    parks in RAM (a level 1 sleep becomes level 2 when RAM cannot take it). `verdict_key`
    names the engine build and the GPU, under which the app remembers whether a sleep there
    really freed memory.
    """

    level: int
    gauge: SleepGauge
    verdict_key: str
    host_bytes: int = 0


@dataclass(frozen=True)
class LaunchSpec:
    """Everything needed to start one vLLM server child.

    The argv is `prefix + managed flags + args`; `args` are the already resolved vLLM flags
    (engine defaults, settings, family, model, user layers), checked not to contain managed
    flags. `model_path` is a local folder (a user folder or a Hugging Face snapshot folder).
    `gpus` are the GPUs the child runs on, as positions in `SystemInfo.gpus` (empty: none,
    it runs in RAM); its env shows it only those, and its memory is planned on each.
    """

    model_id: str
    served_name: str
    model_path: str
    ctx_size: int
    prefix: tuple[str, ...]
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    load_timeout_s: float = 600.0  # the absolute ceiling of a load, progress or not
    # A load is given up when, for this long, the engine printed nothing, reached no new
    # phase or step, and its processes used no CPU (a long silent compile still uses CPU).
    stall_timeout_s: float = 120.0
    gpus: tuple[int, ...] = ()
    # Set when the child runs with vLLM's sleep mode (its env then holds VLLM_SERVER_DEV_MODE).
    sleep: SleepSpec | None = None

    def argv(self, port: int, host: str = CHILD_HOST) -> list[str]:
        return [
            *self.prefix,
            "--model",
            self.model_path,
            "--host",
            host,
            "--port",
            str(port),
            "--served-model-name",
            self.served_name,
            "--max-model-len",
            str(self.ctx_size),
            *self.args,
        ]


@dataclass(frozen=True)
class ModelView:
    """A registered model as /v1/models and the tray show it."""

    id: str
    state: ProcessState
    downloaded: bool
    ctx_size: int
    checkpoint: str
    size_gb: float | None = None
    labels: tuple[str, ...] = ()
    created: int = 0
    # Crash loops made visible (issue 11): failed starts or crashes in a row, restarts after
    # a crash, when the next start may happen (wall clock), and why the last one failed.
    failures: int = 0
    restarts: int = 0
    next_retry_at: float | None = None
    problem: Mapping[str, Any] | None = None
    # A remote server's model (docs/multi-machine.md, "Remote vLLM servers"): the remote's
    # name, and whether it answered its last check (its models stay listed while it is down).
    remote: str | None = None
    reachable: bool = True
    # While it loads: how far (phase, fraction 0..1, seconds so far and expected), so a
    # client waiting on a stream can see why its first token is late (/v1/health).
    load: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Backend:
    """A child serving one model: reached at `base_url` (its own /metrics and /version too).

    `api_key` is the child's own random key (vLLM's --api-key / VLLM_API_KEY), which the
    proxy sends as `Authorization: Bearer` on every relayed request; None when the child has
    none. Kept out of repr() so that a logged Backend does not leak it.
    """

    model_id: str
    served_name: str
    base_url: str
    pid: int | None
    command: tuple[str, ...]
    ctx_size: int
    state: ProcessState
    in_flight: int = 0
    last_used: float = 0.0
    api_key: str | None = field(default=None, repr=False)
    # Set when this is a remote server (no child of ours): the remote's name. A request it
    # dropped is never sent again elsewhere, as it may already be working on it.
    remote: str | None = None


class ModelController(Protocol):
    def list_models(self) -> Sequence[ModelView]: ...

    def find_model(self, model_id: str) -> ModelView | None:
        """One model's view, or None: the per-request lookup (must stay cheap)."""
        ...

    def use(self, model_id: str) -> AbstractAsyncContextManager[Backend]:
        """Ensure the model runs (loading or swapping as needed) and count one request in
        flight until the context exits. Raises ProblemError (its HTTP status is declared in
        app.core.problems.problem_catalogue)."""
        ...

    async def load(self, model_id: str) -> Backend: ...

    async def unload(self, model_id: str) -> None: ...

    def backends(self) -> Sequence[Backend]: ...

    async def system_info(self) -> Mapping[str, Any]: ...

    def stats(self) -> Mapping[str, Any]: ...

    def remotes(self) -> Sequence[RemoteView]:
        """The remote servers whose models are listed as NAME/MODEL, for /v1/health."""
        ...

    async def engine(self) -> Mapping[str, Any] | None:
        """The engine in use for /v1/health: its kind, the vLLM release it runs and the known
        advisories for that release (app.core.engines.advisories.EngineAdvice.to_json); None when
        no engine is usable."""
        ...


@dataclass(frozen=True)
class DownloadView:
    download_id: str
    model_id: str
    status: DownloadStatus
    done: int
    total: int
    problem: Mapping[str, Any] | None = None


class DownloadController(Protocol):
    async def pull(
        self, model_id: str, checkpoint: str | None = None, *, change_source: bool = False
    ) -> str:
        """Register (when `checkpoint` is given for a user.NAME) and start a download;
        returns its id. Progress arrives as DownloadProgressed/DownloadFinished events.
        Registering never changes an existing model's source (`models.exists`);
        `change_source` does, and the endpoint passes it only for a request that carried
        its key."""
        ...

    def downloads(self) -> Sequence[DownloadView]: ...

    async def cancel(self, download_id: str) -> bool: ...


# -- batch jobs (/v1/files, /v1/batches) ------------------------------------------------------
class FileUpload(Protocol):
    """One upload in progress: chunks are written to disk as they arrive, never held whole."""

    async def write(self, chunk: bytes) -> None:
        """Raises ProblemError `batch.file_too_large` past the size limit, `batch.quota_full`
        past the disk quota of all batch files."""
        ...

    async def commit(
        self, filename: str, purpose: str, expires_after_s: int | None
    ) -> Mapping[str, Any]:
        """Keep the file (deleted `expires_after_s` later; None: the default expiry); returns
        OpenAI's File object. Raises `batch.bad_purpose`."""
        ...

    async def abort(self) -> None: ...


class BatchController(Protocol):
    """What the endpoint's /v1/files and /v1/batches routes may ask of the runtime.

    Answers are OpenAI's JSON objects (app.core.batch.batch_jobs builds them); failures are
    ProblemError with a `batch.*` code (its HTTP status is in app.core.problems.problem_catalogue).
    """

    @property
    def max_upload_bytes(self) -> int: ...

    async def begin_upload(self, expected_bytes: int | None, purpose: str | None) -> FileUpload:
        """An upload of about `expected_bytes` (None: not said); refused before a byte is
        written when it would not fit (`batch.file_too_large`, `batch.quota_full`) or
        `purpose` (when already known) is not one the endpoint keeps."""
        ...

    async def list_files(
        self, purpose: str | None, after: str | None, limit: int | None
    ) -> Mapping[str, Any]: ...

    async def get_file(self, file_id: str) -> Mapping[str, Any]: ...

    async def file_content(self, file_id: str) -> str:
        """The path of the file's content, for the endpoint to send as it is."""
        ...

    async def delete_file(self, file_id: str) -> Mapping[str, Any]: ...

    async def create_batch(self, body: Mapping[str, Any]) -> Mapping[str, Any]: ...

    async def get_batch(self, batch_id: str) -> Mapping[str, Any]: ...

    async def list_batches(self, after: str | None, limit: int | None) -> Mapping[str, Any]: ...

    async def cancel_batch(self, batch_id: str) -> Mapping[str, Any]: ...
