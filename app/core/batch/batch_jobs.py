"""Batch jobs and their files as records: statuses, OpenAI's JSON shapes, the request rules.

The runtime keeps these records as JSON files in the config dir and the endpoint answers with
`file_object()` / `batch_object()`, the shapes the official `openai` client reads.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from app.core.batch.batch import BATCH_URLS
from app.core.events import Event
from app.core.problems.problems import Problem, ProblemError, problem, tr_noop, worded_problem

COMPLETION_WINDOWS = ("24h",)
INPUT_PURPOSE = "batch"
OUTPUT_PURPOSE = "batch_output"
# OpenAI's `expires_after`: the anchor it counts from, and at most 30 days. OpenAI asks for at
# least an hour; this local endpoint takes any whole number of seconds from 1.
EXPIRY_ANCHOR = "created_at"
EXPIRY_MAX_S = 30 * 24 * 3600
LIST_LIMIT_DEFAULT = 20
LIST_LIMIT_MAX = 100
METADATA_MAX_PAIRS = 16


class JobStatus(StrEnum):
    """OpenAI's batch statuses (the values clients compare against)."""

    VALIDATING = "validating"
    FAILED = "failed"
    IN_PROGRESS = "in_progress"
    FINALIZING = "finalizing"
    COMPLETED = "completed"
    EXPIRED = "expired"
    CANCELLING = "cancelling"
    CANCELLED = "cancelled"


# Statuses of a job that still has work (or a cancel) to carry out.
ACTIVE = frozenset(
    {JobStatus.VALIDATING, JobStatus.IN_PROGRESS, JobStatus.FINALIZING, JobStatus.CANCELLING}
)
ENDED = frozenset({JobStatus.FAILED, JobStatus.COMPLETED, JobStatus.EXPIRED, JobStatus.CANCELLED})


def new_id(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(12)}"


@dataclass(frozen=True)
class FileRecord:
    """An uploaded input file or a job's output/error file."""

    id: str
    filename: str
    purpose: str
    created_at: int
    bytes: int = 0
    expires_at: int | None = None  # deleted then (unless a running batch still reads it)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FileRecord:
        return cls(
            id=str(data["id"]),
            filename=str(data["filename"]),
            purpose=str(data["purpose"]),
            created_at=int(data["created_at"]),
            bytes=int(data.get("bytes", 0)),
            expires_at=_opt_int(data.get("expires_at")),
        )

    def expired(self, now: float) -> bool:
        return self.expires_at is not None and now >= self.expires_at


def file_object(record: FileRecord, size: int | None = None) -> dict[str, Any]:
    """OpenAI's File object; `size` is the file's current size when it is still growing."""
    return {
        "id": record.id,
        "object": "file",
        "bytes": record.bytes if size is None else size,
        "created_at": record.created_at,
        "filename": record.filename,
        "purpose": record.purpose,
        "status": "processed",
        "expires_at": record.expires_at,
        "status_details": None,
    }


@dataclass(frozen=True)
class JobError:
    """Why a job failed validation (OpenAI's `errors.data[]`). The template and its
    parameters are kept too, so the GUI can show the sentence in the user's language."""

    code: str
    message: str
    line: int | None = None
    param: str | None = None
    template: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_openai(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "line": self.line, "param": self.param}

    def problem(self) -> Problem:
        if self.template:
            return Problem(self.code, self.template, dict(self.params))
        # A record written before templates were kept: its code is restored as it was.
        return Problem(self.code, tr_noop("The batch failed: {message}"), {"message": self.message})


@dataclass(frozen=True)
class JobRecord:
    """A batch job as kept on disk. `paused` is this app's own addition (the GUI's Pause);
    a paused job keeps OpenAI's status `in_progress`."""

    id: str
    endpoint: str
    input_file_id: str
    completion_window: str
    status: JobStatus
    created_at: int
    output_file_id: str
    error_file_id: str
    metadata: Mapping[str, str] | None = None
    paused: bool = False
    total: int = 0
    completed: int = 0
    failed: int = 0
    models: tuple[str, ...] = ()
    errors: tuple[JobError, ...] = ()
    in_progress_at: int | None = None
    finalizing_at: int | None = None
    completed_at: int | None = None
    failed_at: int | None = None
    cancelling_at: int | None = None
    cancelled_at: int | None = None

    def moved_to(self, status: JobStatus, now: int, **changes: Any) -> JobRecord:
        """The record in `status`, with that status's timestamp set (first time only)."""
        stamp = f"{status.value}_at"
        if stamp in _STAMPS and getattr(self, stamp) is None:
            changes[stamp] = now
        return dataclasses.replace(self, status=status, **changes)

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["status"] = self.status.value
        data["models"] = list(self.models)
        data["errors"] = [dataclasses.asdict(e) for e in self.errors]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JobRecord:
        stamps = {name: _opt_int(data.get(name)) for name in _STAMPS}
        metadata = data.get("metadata")
        return cls(
            id=str(data["id"]),
            endpoint=str(data["endpoint"]),
            input_file_id=str(data["input_file_id"]),
            completion_window=str(data["completion_window"]),
            status=JobStatus(str(data["status"])),
            created_at=int(data["created_at"]),
            output_file_id=str(data["output_file_id"]),
            error_file_id=str(data["error_file_id"]),
            metadata={str(k): str(v) for k, v in metadata.items()}
            if isinstance(metadata, dict)
            else None,
            paused=bool(data.get("paused", False)),
            total=int(data.get("total", 0)),
            completed=int(data.get("completed", 0)),
            failed=int(data.get("failed", 0)),
            models=tuple(str(m) for m in data.get("models", ())),
            errors=tuple(
                JobError(
                    code=str(e["code"]),
                    message=str(e["message"]),
                    line=_opt_int(e.get("line")),
                    param=e.get("param"),
                    template=str(e.get("template", "")),
                    params=dict(e.get("params") or {}),
                )
                for e in data.get("errors", ())
            ),
            **stamps,
        )


_STAMPS = (
    "in_progress_at",
    "finalizing_at",
    "completed_at",
    "failed_at",
    "cancelling_at",
    "cancelled_at",
)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def batch_object(job: JobRecord, *, has_errors: bool) -> dict[str, Any]:
    """OpenAI's Batch object. The output file is named once the job has ended (as OpenAI
    does); the error file only when it holds something."""
    ended = job.status in ENDED and job.status is not JobStatus.FAILED
    errors = None
    if job.errors:
        errors = {
            "object": "list",
            "data": [e.to_openai() for e in job.errors],
        }
    return {
        "id": job.id,
        "object": "batch",
        "endpoint": job.endpoint,
        "errors": errors,
        "input_file_id": job.input_file_id,
        "completion_window": job.completion_window,
        "status": job.status.value,
        "output_file_id": job.output_file_id if ended else None,
        "error_file_id": job.error_file_id if ended and has_errors else None,
        "created_at": job.created_at,
        "in_progress_at": job.in_progress_at,
        "expires_at": job.created_at + 24 * 3600,
        "finalizing_at": job.finalizing_at,
        "completed_at": job.completed_at,
        "failed_at": job.failed_at,
        "expired_at": None,
        "cancelling_at": job.cancelling_at,
        "cancelled_at": job.cancelled_at,
        "request_counts": {"total": job.total, "completed": job.completed, "failed": job.failed},
        "metadata": dict(job.metadata) if job.metadata is not None else None,
        "model": job.models[0] if len(job.models) == 1 else None,
        # This app's own addition: clients that know it can show a paused job as such.
        "paused": job.paused,
    }


def list_page(objects: Sequence[Mapping[str, Any]], has_more: bool) -> dict[str, Any]:
    """OpenAI's cursor page, as `files.list` and `batches.list` read it."""
    return {
        "object": "list",
        "data": list(objects),
        "first_id": objects[0]["id"] if objects else None,
        "last_id": objects[-1]["id"] if objects else None,
        "has_more": has_more,
    }


def page_after(
    ids: Sequence[str], after: str | None, limit: int | None
) -> tuple[Sequence[str], bool]:
    """The ids after `after` (newest first), at most `limit`; and whether more follow."""
    size = LIST_LIMIT_DEFAULT if limit is None else limit
    if not 1 <= size <= LIST_LIMIT_MAX:
        raise ProblemError(
            worded_problem(
                "batch.bad_request",
                tr_noop("limit must be a whole number from 1 to {max}; got {value}."),
                max=LIST_LIMIT_MAX,
                value=size,
                param="limit",
            )
        )
    start = 0
    if after is not None:
        start = ids.index(after) + 1 if after in ids else len(ids)
    chosen = ids[start : start + size]
    return chosen, start + size < len(ids)


@dataclass(frozen=True)
class BatchCreate:
    """A checked `POST /v1/batches` body."""

    endpoint: str
    input_file_id: str
    completion_window: str
    metadata: Mapping[str, str] | None


def check_create(body: Mapping[str, Any]) -> BatchCreate:
    """Check a create-batch body; a ProblemError names the field (`param`)."""
    for name in ("input_file_id", "endpoint", "completion_window"):
        if not isinstance(body.get(name), str) or not body[name]:
            raise ProblemError(problem("batch.bad_request", param=name))
    endpoint = str(body["endpoint"])
    if endpoint not in BATCH_URLS:
        raise ProblemError(
            problem(
                "batch.bad_endpoint",
                endpoint=endpoint,
                urls=", ".join(BATCH_URLS),
                param="endpoint",
            )
        )
    window = str(body["completion_window"])
    if window not in COMPLETION_WINDOWS:
        raise ProblemError(problem("batch.bad_window", value=window, param="completion_window"))
    metadata = body.get("metadata")
    if metadata is not None and (
        not isinstance(metadata, dict)
        or len(metadata) > METADATA_MAX_PAIRS
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in metadata.items())
    ):
        raise ProblemError(problem("batch.bad_metadata", max=METADATA_MAX_PAIRS, param="metadata"))
    return BatchCreate(endpoint, str(body["input_file_id"]), window, metadata)


def unknown_file(file_id: str, param: str | None = None) -> ProblemError:
    p = problem("batch.unknown_file", file_id=file_id)
    if param is not None:
        p = dataclasses.replace(p, params={**p.params, "param": param})
    return ProblemError(p)


def unknown_batch(batch_id: str) -> ProblemError:
    return ProblemError(problem("batch.unknown_batch", batch_id=batch_id))


def file_too_large(limit: int) -> ProblemError:
    return ProblemError(
        problem("batch.file_too_large", limit=limit, limit_mib=round(limit / 2**20, 2))
    )


def check_purpose(purpose: str) -> None:
    """Uploads are batch inputs; anything else is refused before a byte is written."""
    if purpose != INPUT_PURPOSE:
        raise ProblemError(problem("batch.bad_purpose", purpose=purpose, param="purpose"))


def expiry_seconds(anchor: str | None, seconds: str | None) -> int | None:
    """OpenAI's `expires_after[anchor]` and `expires_after[seconds]` form fields as seconds
    after the upload; None when neither was given (the setting's default applies)."""
    if anchor is None and seconds is None:
        return None
    try:
        value = int(seconds or "")
    except ValueError:
        value = 0
    if anchor != EXPIRY_ANCHOR or not 1 <= value <= EXPIRY_MAX_S:
        raise ProblemError(
            problem(
                "batch.bad_expiry",
                max=EXPIRY_MAX_S,
                anchor=anchor or "none",
                seconds=seconds or "none",
                param="expires_after",
            )
        )
    return value


def quota_full(used: int, incoming: int, quota: int) -> ProblemError:
    return ProblemError(
        problem(
            "batch.quota_full",
            used=used,
            incoming=incoming,
            quota=quota,
            used_gb=round(used / 1e9, 3),
            incoming_gb=round(incoming / 1e9, 3),
            quota_gb=round(quota / 1e9, 3),
            setting="batch.disk_quota_gb",
        )
    )


# -- what the GUI shows ----------------------------------------------------------------------
@dataclass(frozen=True)
class BatchJobView:
    """One job as the Batch page lists it."""

    id: str
    status: JobStatus
    paused: bool
    running: bool  # requests are being sent right now (not queued behind another job)
    endpoint: str
    models: tuple[str, ...]
    total: int
    completed: int
    failed: int
    created_at: int
    input_name: str
    output_path: str
    error_path: str
    in_flight: int = 0
    rate: float | None = None
    eta_s: float | None = None
    problem: Problem | None = None

    @property
    def done(self) -> int:
        return self.completed + self.failed


@dataclass(frozen=True)
class BatchJobChanged(Event):
    """A job moved on (status, pause, or progress — at most a few times a second)."""

    job: BatchJobView
