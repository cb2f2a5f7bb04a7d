"""Where /v1/files and /v1/batches keep their files and jobs: `<config dir>/batches/`.

    batches/files/<file-id>.jsonl   the content (uploads, and each job's output and errors)
    batches/files/<file-id>.json    its record (name, purpose, time)
    batches/jobs/<batch-id>.json    a job's record, rewritten atomically on every change

Every method blocks (disk, fsync): the service calls them in worker threads.
"""

from __future__ import annotations

import logging
import re
import secrets
from pathlib import Path
from typing import Any

from app.core.batch.batch_jobs import FileRecord, JobRecord
from app.core.jsonstore import aside_path, atomic_write_json
from app.core.untrusted import parse_json
from app.runtime.batch.batch_lock import OutputLock
from app.runtime.batch.batch_results import fsync_path

log = logging.getLogger(__name__)

# Ids come from URLs: only names this store made are ever turned into paths.
FILE_ID = re.compile(r"^file-[0-9a-f]{24}$")
BATCH_ID = re.compile(r"^batch_[0-9a-f]{24}$")
UPLOAD_PREFIX = ".upload-"


class BatchStore:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.files_dir = root / "files"
        self.jobs_dir = root / "jobs"

    def load(self) -> tuple[dict[str, FileRecord], dict[str, JobRecord]]:
        """Every record on disk. One that cannot be read is moved aside (and logged) rather
        than stopping the others; uploads a crash left half-done are deleted."""
        self.files_dir.mkdir(parents=True, exist_ok=True)
        self.jobs_dir.mkdir(parents=True, exist_ok=True)
        for leftover in self.files_dir.glob(UPLOAD_PREFIX + "*"):
            leftover.unlink(missing_ok=True)
        files = {
            rec.id: rec
            for rec in self._load_all(self.files_dir, FILE_ID, FileRecord.from_json)
            if self.content_path(rec.id).exists()
        }
        jobs = {rec.id: rec for rec in self._load_all(self.jobs_dir, BATCH_ID, _job_from_json)}
        return files, jobs

    def _load_all(self, folder: Path, pattern: re.Pattern[str], parse: Any) -> list[Any]:
        found = []
        for path in sorted(folder.glob("*.json")):
            if not pattern.match(path.stem):
                continue
            try:
                record = parse(parse_json(path.read_text(encoding="utf-8")))
            except (OSError, ValueError, TypeError, KeyError) as exc:
                aside = aside_path(path, "corrupted")
                log.warning("batch record %s cannot be read (%s); moved to %s", path, exc, aside)
                path.replace(aside)
                continue
            if record.id != path.stem:
                log.warning("batch record %s names %s; ignored", path, record.id)
                continue
            found.append(record)
        return found

    # -- files ------------------------------------------------------------------------------
    def content_path(self, file_id: str) -> Path:
        if not FILE_ID.match(file_id):
            raise ValueError(f"not a file id: {file_id!r}")
        return self.files_dir / f"{file_id}.jsonl"

    def size(self, file_id: str) -> int:
        try:
            return self.content_path(file_id).stat().st_size
        except FileNotFoundError:
            return 0

    def total_bytes(self) -> int:
        """What every batch file takes on disk (contents, uploads in progress excluded)."""
        total = 0
        for path in self.files_dir.glob("file-*.jsonl"):
            try:
                total += path.stat().st_size
            except FileNotFoundError:
                continue
        return total

    def new_upload(self) -> Path:
        self.files_dir.mkdir(parents=True, exist_ok=True)
        return self.files_dir / f"{UPLOAD_PREFIX}{secrets.token_hex(8)}"

    def commit_upload(self, upload: Path, record: FileRecord) -> None:
        """Make a finished upload a file: content first, then its record (a crash between
        leaves content without a record, which nothing lists and load() ignores)."""
        upload.replace(self.content_path(record.id))
        fsync_path(self.files_dir)
        self.save_file(record)

    def save_file(self, record: FileRecord) -> None:
        atomic_write_json(self.files_dir / f"{record.id}.json", record.to_json())

    def delete_file(self, file_id: str) -> None:
        # Record first: a crash in between leaves an unlisted file, never a listed one
        # without content.
        (self.files_dir / f"{file_id}.json").unlink(missing_ok=True)
        self.content_path(file_id).unlink(missing_ok=True)
        # The lock of a job's output (nobody holds it: its job has ended).
        OutputLock(self.content_path(file_id)).path.unlink(missing_ok=True)

    # -- jobs -------------------------------------------------------------------------------
    def save_job(self, job: JobRecord) -> None:
        atomic_write_json(self.jobs_dir / f"{job.id}.json", job.to_json())

    def read_job(self, batch_id: str) -> JobRecord | None:
        """The job's record as on disk now (another process sharing the config dir may have
        changed it); None when it cannot be read, which load() alone deals with."""
        if not BATCH_ID.match(batch_id):
            raise ValueError(f"not a batch id: {batch_id!r}")
        try:
            data = parse_json((self.jobs_dir / f"{batch_id}.json").read_text(encoding="utf-8"))
            return _job_from_json(data)
        except (OSError, ValueError, TypeError, KeyError):
            return None


def _job_from_json(data: Any) -> JobRecord:
    job = JobRecord.from_json(data)
    for file_id in (job.input_file_id, job.output_file_id, job.error_file_id):
        if not FILE_ID.match(file_id):
            raise ValueError(f"not a file id: {file_id!r}")
    return job
